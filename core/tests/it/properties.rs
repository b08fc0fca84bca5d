//! Property tests of the rules that must hold for every input, not just the examples.

use chrono::NaiveDate;
use proptest::prelude::*;
use proptest::sample::subsequence;
use spielstand_core::finishing::{FinishingOrder, MenschResult};
use spielstand_core::rangeln::{Board, Cell, RoundInput, score_round};
use spielstand_core::{
    GameKind, GameRecord, LeagueResult, LeagueRules, LeagueState, LeagueTable, Outcome, Placing, PointsScheme,
    ResultEntry, SeatedPlayer, StandingsQuery, TieBreaker, competition_places, standings,
};

const NAMES: [&str; 8] = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hanna"];

/// A Rangeln end-of-round position for 3 to 5 players: every player's pieces on distinct cells.
fn position() -> impl Strategy<Value = (Vec<String>, Board)> {
    (3usize..=5).prop_flat_map(|n| {
        let pieces = if n == 3 { 8 } else { 6 };
        let cells: Vec<Cell> = Cell::all().collect();
        (Just(n), Just(cells).prop_shuffle()).prop_map(move |(n, cells)| {
            let mut board = Board::default();
            for (i, cell) in cells.into_iter().take(n * pieces).enumerate() {
                board.set(cell, Some((i / pieces) as u8 + 1));
            }
            (NAMES[..n].iter().map(|s| s.to_string()).collect(), board)
        })
    })
}

/// Places of a game of 2 to 6 players, ties anywhere.
fn places() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(0u8..4, 2..=6).prop_map(|keys| competition_places(&keys))
}

fn league_results() -> impl Strategy<Value = Vec<LeagueResult>> {
    let one = (places(), 1u32..=28, prop::sample::select(GameKind::ALL.to_vec()), Just(NAMES.to_vec()).prop_shuffle())
        .prop_map(|(places, day, game, names)| LeagueResult {
            id: 0,
            game,
            played_on: NaiveDate::from_ymd_opt(2026, 2, day).unwrap(),
            placings: places.iter().zip(names).map(|(&place, p)| Placing::alone(p, place)).collect(),
        });
    prop::collection::vec(one, 0..40).prop_map(|mut results| {
        for (id, r) in results.iter_mut().enumerate() {
            r.id = id as i64 + 1;
        }
        results
    })
}

proptest! {
    #[test]
    fn board_ring_counts_and_bare_scores_agree((players, board) in position()) {
        let from_board = score_round(&RoundInput::Board(board.to_string()), &players).unwrap();
        let rings = RoundInput::Rings(players.iter().enumerate().map(|(i, p)| (p.clone(), board.ring_counts(i as u8 + 1))).collect());
        prop_assert_eq!(&score_round(&rings, &players).unwrap(), &from_board);
        let bare = RoundInput::Scores(players.iter().cloned().zip(from_board.iter().copied()).collect());
        prop_assert_eq!(&score_round(&bare, &players).unwrap(), &from_board);
    }

    #[test]
    fn shuffling_the_input_never_changes_places(
        (places, seat_perm, list_perm) in places().prop_flat_map(|p| {
            let n = p.len();
            (Just(p), Just((0..n).collect::<Vec<_>>()).prop_shuffle(), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
        })
    ) {
        // Build a valid Mensch order from arbitrary places: only the last place may be shared,
        // so collapse every place but the last to single players.
        let n = places.len();
        let mut order: Vec<Vec<String>> = (0..n - 1).map(|i| vec![NAMES[i].to_string()]).collect();
        order.push(vec![NAMES[n - 1].to_string()]);
        if places.iter().filter(|&&p| p == *places.iter().max().unwrap()).count() > 1 && n > 2 {
            let last = order.pop().unwrap();
            order.last_mut().unwrap().extend(last);
        }
        let seated: Vec<SeatedPlayer> = (0..n).map(|i| SeatedPlayer { player: NAMES[i].to_string(), seat: seat_perm[i] as u32 + 1 }).collect();
        let record = |players: Vec<SeatedPlayer>, order: Vec<Vec<String>>| GameRecord {
            played_on: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            players,
            outcome: Outcome::MenschAergereDichNicht(MenschResult { order: FinishingOrder(order), teams: None, house_rules: None, colours: None }),
            event_id: None,
        };
        let sorted = |mut v: Vec<Placing>| { v.sort_by(|a, b| a.player.cmp(&b.player)); v };
        let base = sorted(record(seated.clone(), order.clone()).evaluate().unwrap().placings);
        let shuffled_players: Vec<SeatedPlayer> = list_perm.iter().map(|&i| seated[i].clone()).collect();
        let mut shuffled_order = order.clone();
        for group in &mut shuffled_order { group.reverse(); }
        let again = sorted(record(shuffled_players, shuffled_order).evaluate().unwrap().placings);
        prop_assert_eq!(base, again);
    }

    #[test]
    fn players_beaten_hands_out_n_times_n_minus_1_over_2(places in places()) {
        let n = places.len() as i64;
        let total: i64 = PointsScheme::PlayersBeaten.award(&places).iter().sum();
        prop_assert_eq!(total, n * (n - 1) / 2 * spielstand_core::league::POINT_UNITS);
    }

    #[test]
    fn standings_are_the_same_in_batch_one_at_a_time_and_in_any_order(
        results in league_results(),
        seed in any::<u64>(),
        table in prop::option::of(subsequence(vec![10u32, 6, 4, 2, 1, 0], 1..=6)),
    ) {
        let mut rules = LeagueRules::new(GameKind::ALL.to_vec());
        if let Some(mut table) = table {
            table.sort_unstable_by(|a, b| b.cmp(a));
            rules.points = PointsScheme::Table { table };
        }
        rules.ghostbuster_with_mensch = seed % 2 == 0;
        rules.min_games = (seed % 3) as u32;
        for query in [StandingsQuery::default(), StandingsQuery { game: Some(GameKind::MenschAergereDichNicht), as_of: NaiveDate::from_ymd_opt(2026, 2, 14) }] {
            let batch = standings(&rules, &results, query);
            let mut one_by_one = LeagueTable::new(&rules, query);
            for r in &results {
                one_by_one.add(r);
                let _ = one_by_one.rows();
            }
            prop_assert_eq!(&one_by_one.rows(), &batch);
            let rated = one_by_one.rated_rows();
            prop_assert_eq!(rated.iter().map(|r| r.row.clone()).collect::<Vec<_>>(), batch.clone());
            let mut shuffled = results.clone();
            // Deterministic shuffle from the seed: rotate and reverse.
            if !shuffled.is_empty() {
                let k = (seed as usize) % shuffled.len();
                shuffled.rotate_left(k);
                shuffled.reverse();
            }
            prop_assert_eq!(&standings(&rules, &shuffled, query), &batch);
            // Ratings replay in date order, then by id, whatever order the results came in.
            prop_assert_eq!(spielstand_core::rated_standings(&rules, &shuffled, query), rated);
        }
    }
}

proptest! {
    #[test]
    fn correcting_or_deleting_a_past_result_rates_as_if_it_had_been_right(
        results in league_results(),
        pick in any::<prop::sample::Index>(),
        wrong_places in places(),
        wrong_day in 1u32..=28,
    ) {
        prop_assume!(!results.is_empty());
        let k = pick.index(results.len());
        let players = |r: &LeagueResult| -> Vec<String> { r.placings.iter().map(|p| p.player.clone()).collect() };
        let skills = |rs: &[LeagueResult]| {
            let ratings = spielstand_core::Ratings::replay(rs);
            NAMES.iter().map(|n| ratings.get(n)).collect::<Vec<_>>()
        };

        // Entered right in the first place.
        let right = skills(&results);

        // Entered wrong (other places, another day), later corrected in place.
        let mut stored = results.clone();
        let mut wrong = results[k].clone();
        wrong.played_on = NaiveDate::from_ymd_opt(2026, 2, wrong_day).unwrap();
        wrong.placings = players(&results[k])
            .into_iter()
            .zip(wrong_places.iter().chain(std::iter::repeat(&1)))
            .map(|(player, &place)| Placing::alone(player, place))
            .collect();
        stored[k] = wrong.clone();
        let _ratings_while_wrong = skills(&stored);
        stored[k] = results[k].clone();
        prop_assert_eq!(skills(&stored), right.clone());

        // A result entered by mistake and then deleted leaves no trace.
        let mut with_mistake = results.clone();
        wrong.id = results.len() as i64 + 100;
        with_mistake.insert(k, wrong);
        with_mistake.remove(k);
        prop_assert_eq!(skills(&with_mistake), right);
    }
}

/// One change to a league, as the API makes them.
#[derive(Debug, Clone)]
enum Change {
    /// A new result: (game, day, places); players are taken in seat order from `seats`.
    Record {
        game: GameKind,
        day: u32,
        places: Vec<u32>,
        seats: Vec<usize>,
        /// Teams of a partner game (2 or 3), where the seats allow them; 0: alone.
        teams: u32,
    },
    /// A stored result (the `pick`-th live one) corrected to another game, day or places.
    Correct {
        pick: prop::sample::Index,
        game: GameKind,
        day: u32,
        places: Vec<u32>,
    },
    Delete {
        pick: prop::sample::Index,
    },
    /// A player (by id) renamed.
    Rename {
        player: usize,
    },
    /// The league's rules changed: another season start.
    Season {
        from: Option<u32>,
    },
}

fn change() -> impl Strategy<Value = Change> {
    let game = prop::sample::select(GameKind::ALL.to_vec());
    prop_oneof![
        6 => (game.clone(), 1u32..=28, places(), Just((0..NAMES.len()).collect::<Vec<_>>()).prop_shuffle(), 0u32..=3)
            .prop_map(|(game, day, places, seats, teams)| Change::Record { game, day, places, seats, teams }),
        2 => (any::<prop::sample::Index>(), game, 1u32..=28, places())
            .prop_map(|(pick, game, day, places)| Change::Correct { pick, game, day, places }),
        2 => any::<prop::sample::Index>().prop_map(|pick| Change::Delete { pick }),
        1 => (0..NAMES.len()).prop_map(|player| Change::Rename { player }),
        1 => prop::option::of(1u32..=10).prop_map(|from| Change::Season { from }),
    ]
}

fn feb(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 2, day).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// The incremental league state serves, after every change, exactly the tables and
    /// ratings (the same floats) that a computation from scratch gives: the whole league
    /// and each game, today and as of random days.
    #[test]
    fn incremental_tables_equal_tables_from_scratch(
        changes in prop::collection::vec(change(), 1..60),
        every in 1usize..=6,
        ghostbuster_with_mensch in any::<bool>(),
        table in prop::option::of(subsequence(vec![10u32, 6, 4, 2, 1, 0], 1..=6)),
        breakers in Just(TieBreaker::DEFAULT.to_vec()).prop_shuffle(),
        days in prop::collection::vec(1u32..=28, 3),
        min_games in 0u32..=3,
        through_snapshots in 0usize..=3,
    ) {
        let mut rules = LeagueRules::new(vec![GameKind::MenschAergereDichNicht, GameKind::Ghostbuster, GameKind::LaufRauf, GameKind::HaseUndIgel]);
        rules.ghostbuster_with_mensch = ghostbuster_with_mensch;
        rules.min_games = min_games;
        rules.tie_breakers = breakers;
        if let Some(mut table) = table {
            table.sort_unstable_by(|a, b| b.cmp(a));
            rules.points = PointsScheme::Table { table };
        }
        let mut names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
        let mut state = LeagueState::with_checkpoints_every(rules.clone(), every);
        for (id, name) in names.iter().enumerate() {
            state.set_player_name(id as i64, name);
        }
        // The live results, by id: (game, day, [(player id, place)] in seat order).
        let mut live: Vec<ResultEntry> = Vec::new();
        let mut next_id = 1;
        let mut queries = vec![StandingsQuery::default()];
        for game in [None, Some(GameKind::MenschAergereDichNicht), Some(GameKind::Ghostbuster), Some(GameKind::LaufRauf), Some(GameKind::Rangeln)] {
            for &day in &days {
                queries.push(StandingsQuery { game, as_of: Some(feb(day)) });
            }
            queries.push(StandingsQuery { game, as_of: None });
        }
        for (step, change) in changes.into_iter().enumerate() {
            // Now and then the state is written as a snapshot and read back, as a process
            // that does not hold the league does: every table after it stays exact.
            if through_snapshots > 0 && step % through_snapshots == 0 {
                let accuracy = state.rating_accuracy(None);
                let stats = state.player_stats(0);
                let mut restored = LeagueState::from_snapshot(&state.snapshot()).expect("its own snapshot");
                prop_assert_eq!(restored.rating_accuracy(None), accuracy);
                prop_assert_eq!(restored.player_stats(0), stats);
                prop_assert_eq!(restored.len(), state.len());
                state = restored;
            }
            match change {
                Change::Record { game, day, mut places, seats, teams } => {
                    // A partner game: seat i in team i mod k, the teams ranked by the
                    // places drawn for their first seats, every member at the team's place.
                    let k = teams as usize;
                    let teams: Vec<u32> = if (places.len() == 4 && k == 2) || (places.len() == 6 && (k == 2 || k == 3)) {
                        let team_places = competition_places(&places[..k]);
                        let teams: Vec<u32> = (0..places.len()).map(|i| (i % k) as u32 + 1).collect();
                        places = teams.iter().map(|&t| team_places[t as usize - 1]).collect();
                        teams
                    } else {
                        Vec::new()
                    };
                    let entry = ResultEntry {
                        id: next_id,
                        game,
                        played_on: feb(day),
                        placings: places.iter().zip(&seats).map(|(&place, &p)| (p as i64, place)).collect(),
                        teams,
                    };
                    next_id += 1;
                    state.upsert(&entry);
                    live.push(entry);
                }
                Change::Correct { pick, game, day, places } => {
                    if live.is_empty() { continue; }
                    let k = pick.index(live.len());
                    let mut entry = live[k].clone();
                    entry.game = game;
                    entry.played_on = feb(day);
                    // The same players, possibly fewer of them, with new places.
                    entry.placings = entry.placings.iter().zip(&places).map(|(&(p, _), &place)| (p, place)).collect();
                    entry.placings.truncate(places.len());
                    // A correction may change who played: it is a game without teams now.
                    let entry = ResultEntry { teams: Vec::new(), placings: {
                        let mut v = entry.placings.clone();
                        // Re-rank what is left so that places stay competition places.
                        let keys: Vec<u32> = v.iter().map(|&(_, place)| place).collect();
                        for ((_, place), new) in v.iter_mut().zip(competition_places(&keys)) { *place = new; }
                        v
                    }, ..entry };
                    state.upsert(&entry);
                    live[k] = entry;
                }
                Change::Delete { pick } => {
                    if live.is_empty() { continue; }
                    let k = pick.index(live.len());
                    prop_assert!(state.remove(live[k].id));
                    live.remove(k);
                }
                Change::Rename { player } => {
                    let renamed = format!("{} {}", NAMES[player], next_id);
                    next_id += 1;
                    state.set_player_name(player as i64, &renamed);
                    names[player] = renamed;
                }
                Change::Season { from } => {
                    rules.season.from = from.map(feb);
                    state.set_rules(rules.clone());
                }
            }
            let results: Vec<LeagueResult> = live
                .iter()
                .map(|e| LeagueResult {
                    id: e.id,
                    game: e.game,
                    played_on: e.played_on,
                    placings: e
                        .placings
                        .iter()
                        .enumerate()
                        .map(|(i, &(p, place))| Placing { team: e.teams.get(i).copied(), ..Placing::alone(names[p as usize].clone(), place) })
                        .collect(),
                })
                .collect();
            prop_assert_eq!(state.len(), results.len());
            for &query in &queries {
                let expected = spielstand_core::rated_standings(&rules, &results, query);
                prop_assert_eq!(state.table(query), expected, "query {:?}", query);
            }
        }
    }
}

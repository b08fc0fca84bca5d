use super::*;
use crate::catalogue::GameKind::*;
use crate::places::{LeagueResult, Placing};

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
}

fn result(game: GameKind, d: u32, places: &[(&str, u32)]) -> LeagueResult {
    LeagueResult {
        id: i64::from(d),
        game,
        played_on: day(d),
        placings: places.iter().map(|(p, n)| Placing::alone(*p, *n)).collect(),
    }
}

fn table(rows: &[StandingRow]) -> Vec<(u32, &str, f64)> {
    rows.iter().map(|r| (r.place.expect("ranked"), r.player.as_str(), r.points)).collect()
}

#[test]
fn points_then_wins_decide() {
    let rules = LeagueRules::new(vec![MenschAergereDichNicht, Rangeln]);
    let results = [
        result(MenschAergereDichNicht, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3)]),
        result(MenschAergereDichNicht, 2, &[("Ben", 1), ("Cleo", 2), ("Anna", 3)]),
        result(Rangeln, 3, &[("Cleo", 1), ("Anna", 2), ("Ben", 3)]),
    ];
    // Everyone has 3 points and 1 win, average place 2, head-to-head 3 each: all share 1st.
    let rows = standings(&rules, &results, StandingsQuery::default());
    assert_eq!(table(&rows), [(1, "Anna", 3.0), (1, "Ben", 3.0), (1, "Cleo", 3.0)]);
    assert_eq!(rows[0].head_to_head, Some(3.0));

    let results = [results[0].clone(), results[1].clone(), result(Rangeln, 3, &[("Cleo", 1), ("Anna", 1), ("Ben", 3)])];
    let rows = standings(&rules, &results, StandingsQuery::default());
    // Anna 2+0+1.5, Ben 1+2+0, Cleo 0+1+1.5
    assert_eq!(table(&rows), [(1, "Anna", 3.5), (2, "Ben", 3.0), (3, "Cleo", 2.5)]);
    assert_eq!(rows[0].wins, 2);
    assert_eq!(rows[1].head_to_head, None);
}

#[test]
fn wins_break_a_points_tie() {
    let rules = LeagueRules::new(vec![LaufRauf]);
    let results = [
        result(LaufRauf, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3), ("Dora", 4)]), // A3 B2 C1 D0
        result(LaufRauf, 2, &[("Ben", 1), ("Cleo", 2), ("Anna", 3), ("Dora", 3)]), // B3 C2 A.5 D.5
    ];
    // Anna 3.5, Ben 5, Cleo 3, Dora 0.5
    let rows = standings(&rules, &results, StandingsQuery::default());
    assert_eq!(table(&rows), [(1, "Ben", 5.0), (2, "Anna", 3.5), (3, "Cleo", 3.0), (4, "Dora", 0.5)]);

    // Equal points 3, Anna with a win beats Cleo without.
    let results = [
        result(LaufRauf, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3), ("Dora", 4)]), // A3 B2 C1 D0
        result(LaufRauf, 2, &[("Dora", 1), ("Cleo", 2), ("Ben", 3), ("Anna", 4)]), // D3 C2 B1 A0
    ];
    let rows = standings(&rules, &results, StandingsQuery::default());
    // Anna and Dora won once each and beat each other once; Ben and Cleo likewise without a win.
    assert_eq!(table(&rows), [(1, "Anna", 3.0), (1, "Dora", 3.0), (3, "Ben", 3.0), (3, "Cleo", 3.0)]);
    assert_eq!(rows[3].wins, 0);
}

#[test]
fn average_place_then_head_to_head() {
    let mut rules = LeagueRules::new(vec![LaufRauf]);
    rules.points = "table:1".parse().unwrap();
    // Only wins score: Anna and Ben 1 point, 1 win each; Anna's places average 1.5, Ben's 2.
    let results = [
        result(LaufRauf, 1, &[("Anna", 1), ("Ben", 2)]),
        result(LaufRauf, 2, &[("Ben", 1), ("Cleo", 2), ("Anna", 2)]),
        result(LaufRauf, 3, &[("Cleo", 1), ("Ben", 3), ("Dora", 2)]),
    ];
    let rows = standings(&rules, &results, StandingsQuery::default());
    // Anna and Cleo average 1.5 and tied with each other in their one meeting; Ben averages 2.
    let places: Vec<(u32, &str)> = rows.iter().map(|r| (r.place.expect("ranked"), r.player.as_str())).collect();
    assert_eq!(places[..3], [(1, "Anna"), (1, "Cleo"), (3, "Ben")]);
    assert_eq!(rows[1].average_place, 1.5);
    assert_eq!(rows[1].head_to_head, Some(0.5));

    // Same points, wins and average place: Ben beat Anna head-to-head.
    rules.tie_breakers = vec![TieBreaker::Wins, TieBreaker::AveragePlace, TieBreaker::HeadToHead];
    let results = [
        result(LaufRauf, 1, &[("Ben", 1), ("Anna", 2)]),
        result(LaufRauf, 2, &[("Cleo", 1), ("Anna", 2), ("Ben", 2)]),
        result(LaufRauf, 3, &[("Anna", 1), ("Dora", 2)]),
        result(LaufRauf, 4, &[("Cleo", 1), ("Ben", 2)]),
    ];
    let rows = standings(&rules, &results, StandingsQuery::default());
    // Anna: 1 win, places 2,2,1; Ben: 1 win, places 1,2,2. Ben beat Anna once and tied once.
    let ab: Vec<(&str, u32, Option<f64>)> = rows
        .iter()
        .filter(|r| r.player == "Anna" || r.player == "Ben")
        .map(|r| (r.player.as_str(), r.place.expect("ranked"), r.head_to_head))
        .collect();
    assert_eq!(ab, [("Ben", 2, Some(1.5)), ("Anna", 3, Some(0.5))]);

    // Without head-to-head they share the place.
    rules.tie_breakers = vec![TieBreaker::Wins, TieBreaker::AveragePlace];
    let rows = standings(&rules, &results, StandingsQuery::default());
    let ab: Vec<(&str, u32)> = rows
        .iter()
        .filter(|r| r.player == "Anna" || r.player == "Ben")
        .map(|r| (r.player.as_str(), r.place.expect("ranked")))
        .collect();
    assert_eq!(ab, [("Anna", 2), ("Ben", 2)]);
}

#[test]
fn players_short_of_the_minimum_come_last_without_a_place() {
    let mut rules = LeagueRules::new(vec![LaufRauf]);
    rules.min_games = 2;
    let results = [
        result(LaufRauf, 1, &[("Dora", 1), ("Anna", 2), ("Ben", 3)]),
        result(LaufRauf, 2, &[("Anna", 1), ("Ben", 2), ("Cleo", 3)]),
        result(LaufRauf, 3, &[("Cleo", 1), ("Ben", 2)]),
    ];
    let rows = standings(&rules, &results, StandingsQuery::default());
    let shown: Vec<(Option<u32>, bool, &str)> = rows.iter().map(|r| (r.place, r.ranked, r.player.as_str())).collect();
    // Players beaten: Anna 1 + 2 = 3, Ben 0 + 1 + 0 = 1, Cleo 0 + 1 = 1 with a win, so
    // Cleo is ahead of Ben. Dora beat two players, but in one game only: listed last,
    // without a place.
    assert_eq!(
        shown,
        [(Some(1), true, "Anna"), (Some(2), true, "Cleo"), (Some(3), true, "Ben"), (None, false, "Dora")]
    );
    rules.min_games = 0;
    let rows = standings(&rules, &results, StandingsQuery::default());
    assert!(rows.iter().all(|r| r.ranked && r.place.is_some()));
}

#[test]
fn as_of_season_and_game_filters() {
    let mut rules = LeagueRules::new(vec![Rangeln, MenschAergereDichNicht, Ghostbuster]);
    rules.season = Season { from: Some(day(2)), to: Some(day(20)) };
    let results = [
        result(Rangeln, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3)]), // before the season
        result(Rangeln, 5, &[("Ben", 1), ("Anna", 2), ("Cleo", 3)]),
        result(MenschAergereDichNicht, 6, &[("Cleo", 1), ("Anna", 2)]),
        result(Ghostbuster, 7, &[("Cleo", 1), ("Ben", 2)]),
        result(HaseUndIgel, 8, &[("Anna", 1), ("Ben", 2)]), // not a league game
    ];
    let q = |game, as_of| StandingsQuery { game, as_of };
    let rows = standings(&rules, &results, q(None, None));
    assert_eq!(table(&rows), [(1, "Cleo", 2.0), (2, "Ben", 2.0), (3, "Anna", 1.0)]);
    assert_eq!(rows.iter().map(|r| r.played).sum::<u32>(), 7);

    let rows = standings(&rules, &results, q(None, Some(day(5))));
    assert_eq!(table(&rows), [(1, "Ben", 2.0), (2, "Anna", 1.0), (3, "Cleo", 0.0)]);

    let rows = standings(&rules, &results, q(Some(Rangeln), None));
    assert_eq!(rows.iter().map(|r| r.played).sum::<u32>(), 3);

    // Mensch and Ghostbuster apart, then together.
    let rows = standings(&rules, &results, q(Some(MenschAergereDichNicht), None));
    assert_eq!(table(&rows), [(1, "Cleo", 1.0), (2, "Anna", 0.0)]);
    rules.ghostbuster_with_mensch = true;
    let rows = standings(&rules, &results, q(Some(MenschAergereDichNicht), None));
    assert_eq!(table(&rows), [(1, "Cleo", 2.0), (2, "Anna", 0.0), (2, "Ben", 0.0)]);
    let rows = standings(&rules, &results, q(Some(Ghostbuster), None));
    assert_eq!(rows.len(), 3);
}

#[test]
fn rules_are_validated() {
    let mut rules = LeagueRules::new(vec![]);
    assert_eq!(rules.validate().unwrap_err().code(), "no-games");
    rules.games = vec![Rangeln, Rangeln];
    assert_eq!(rules.validate().unwrap_err().code(), "duplicate-game");
    rules.games = vec![Rangeln];
    rules.season = Season { from: Some(day(10)), to: Some(day(9)) };
    assert_eq!(rules.validate().unwrap_err().code(), "season-reversed");
    rules.season = Season { from: Some(day(1)), to: Some(day(9)) };
    rules.tie_breakers = vec![TieBreaker::Wins, TieBreaker::Wins];
    assert_eq!(rules.validate().unwrap_err().code(), "duplicate-tie-breaker");
    rules.tie_breakers = vec![];
    assert!(rules.validate().is_ok());
    assert_eq!(rules.admits(Ghostbuster, day(2)).unwrap_err().code(), "game-not-in-league");
    assert_eq!(rules.admits(Rangeln, day(10)).unwrap_err().code(), "outside-season");
    assert!(rules.admits(Rangeln, day(9)).is_ok());
}

#[test]
fn json_defaults() {
    let rules: LeagueRules = serde_json::from_str(r#"{"games": ["rangeln"]}"#).unwrap();
    assert_eq!(rules, LeagueRules::new(vec![Rangeln]));
    assert_eq!(rules.tie_breakers, TieBreaker::DEFAULT);
}

/// Player statistics and head-to-head against a league worked out by hand.
#[test]
fn player_stats_and_head_to_head_by_hand() {
    let rules = LeagueRules::new(vec![LaufRauf, MenschAergereDichNicht]);
    let names = ["Anna", "Ben", "Cleo"];
    // (id, game, day, [(player id, place)]): replay order is by day, then id.
    type Game<'a> = (i64, GameKind, u32, &'a [(i64, u32)]);
    let games: [Game; 4] = [
        (1, LaufRauf, 1, &[(0, 1), (1, 2), (2, 3)]),
        (2, LaufRauf, 2, &[(1, 1), (0, 2), (2, 2)]),
        (3, MenschAergereDichNicht, 3, &[(0, 1), (2, 2)]),
        (4, LaufRauf, 3, &[(0, 1), (1, 2)]),
    ];
    let mut state = LeagueState::new(rules.clone());
    for (id, name) in names.iter().enumerate() {
        state.set_player_name(id as i64, name);
    }
    for &(id, game, d, placings) in &games {
        state.upsert(&ResultEntry { id, game, played_on: day(d), placings: placings.to_vec(), teams: Vec::new() });
    }
    let anna = state.player_stats(0).expect("Anna played");
    let all = anna.overall.as_ref().unwrap();
    // Places 1, 2, 1, 1: three wins, the last two in a row.
    assert_eq!((all.played, all.wins, all.best_place, all.worst_place), (4, 3, 1, 2));
    assert_eq!((all.win_rate, all.average_place), (0.75, 1.25));
    assert_eq!((all.current_streak, all.longest_streak, all.last_night), (2, 2, day(3)));
    let table = state.table(StandingsQuery::default());
    let row = table.iter().find(|r| r.row.player == "Anna").unwrap();
    assert_eq!((all.points, all.skill), (row.row.points, row.skill));
    // The change over the last night: the rating now less the rating after day 2.
    let before = state.table(StandingsQuery { game: None, as_of: Some(day(2)) });
    let before = before.iter().find(|r| r.row.player == "Anna").unwrap().skill.rating_display;
    assert_eq!(all.rating_change, row.skill.rating_display - before);
    // Per game, in the league's order: Lauf Rauf! (places 1, 2, 1), then Mensch (1).
    let per_game: Vec<(Option<GameKind>, u32, u32, u32, u32)> =
        anna.games.iter().map(|g| (g.game, g.played, g.wins, g.current_streak, g.longest_streak)).collect();
    assert_eq!(per_game, [(Some(LaufRauf), 3, 2, 1, 1), (Some(MenschAergereDichNicht), 1, 1, 1, 1)]);
    assert!(state.player_stats(99).is_none(), "no results of an unknown player");

    let every = PairQuery { game: None, player: None, skip: 0, take: usize::MAX };
    let all = state.head_to_head(every);
    let shown = |pairs: &[PairRecord]| -> Vec<(String, String, u32, u32, u32, u32)> {
        pairs.iter().map(|p| (p.player.clone(), p.opponent.clone(), p.games, p.ahead, p.behind, p.ties)).collect()
    };
    let row = |a: &str, b: &str, games, ahead, behind, ties| (a.to_owned(), b.to_owned(), games, ahead, behind, ties);
    // Anna leads the table; Ben is ahead of Cleo (players beaten: 1 + 1 + 0 against 0 + 0.5 + 0).
    let expected = [row("Anna", "Ben", 3, 2, 1, 0), row("Anna", "Cleo", 3, 2, 0, 1), row("Ben", "Cleo", 2, 2, 0, 0)];
    assert_eq!((all.total, shown(&all.pairs)), (3, expected.to_vec()));
    // A window of the same list.
    let window = state.head_to_head(PairQuery { skip: 1, take: 1, ..every });
    assert_eq!((window.total, shown(&window.pairs)), (3, expected[1..2].to_vec()));
    let past = state.head_to_head(PairQuery { skip: 3, ..every });
    assert_eq!((past.total, past.pairs.len()), (3, 0));
    // One player's pairs put that player first, opponents in table order.
    let cleo = state.head_to_head(PairQuery { player: Some(2), ..every });
    assert_eq!(
        (cleo.total, shown(&cleo.pairs)),
        (2, vec![row("Cleo", "Anna", 3, 0, 2, 1), row("Cleo", "Ben", 2, 0, 2, 0)])
    );
    let nobody = state.head_to_head(PairQuery { player: Some(99), ..every });
    assert_eq!((nobody.total, nobody.pairs.len()), (0, 0));
    // One game's pairs: Mensch had Anna and Cleo only.
    let mensch = state.head_to_head(PairQuery { game: Some(MenschAergereDichNicht), ..every });
    assert_eq!((mensch.total, shown(&mensch.pairs)), (1, vec![row("Anna", "Cleo", 1, 1, 0, 0)]));
    // A deletion takes the game away from both.
    state.remove(4);
    let pairs = state.head_to_head(every).pairs;
    assert_eq!((pairs[0].games, pairs[0].ahead), (2, 1));
}

/// Every point of the chart lines is the player's line of the table as of that day: the
/// same replay, kept up to date through backdated results, corrections and deletions.
#[test]
fn chart_lines_follow_the_tables_through_every_change() {
    let rules = LeagueRules::new(vec![LaufRauf]);
    let mut state = LeagueState::with_checkpoints_every(rules, 2);
    for (id, name) in ["Anna", "Ben", "Cleo", "Dora"].iter().enumerate() {
        state.set_player_name(id as i64, name);
    }
    let entry = |id: i64, d: u32, placings: &[(i64, u32)]| ResultEntry {
        id,
        game: LaufRauf,
        played_on: day(d),
        placings: placings.to_vec(),
        teams: Vec::new(),
    };
    for (id, d) in [(1, 1), (2, 1), (3, 2), (4, 4), (5, 5), (6, 5), (7, 7)] {
        let seats = [(id % 4, 1), ((id + 1) % 4, 2), ((id + 2) % 4, 3)];
        state.upsert(&entry(id, d, &seats));
    }
    let check = |state: &mut LeagueState| {
        let rating = state.rating_lines(None, Lines::Top(10));
        let race = state.points_race(None, 10);
        let order: Vec<String> = state.table(StandingsQuery::default()).into_iter().map(|r| r.row.player).collect();
        assert_eq!(rating.iter().map(|l| l.player.clone()).collect::<Vec<_>>(), order, "lines in table order");
        assert_eq!(race.iter().map(|l| l.player.clone()).collect::<Vec<_>>(), order);
        for (line, race) in rating.iter().zip(&race) {
            assert!(line.points.windows(2).all(|w| w[0].date < w[1].date), "one point per day, in order");
            assert_eq!(
                line.points.iter().map(|p| p.date).collect::<Vec<_>>(),
                race.points.iter().map(|p| p.date).collect::<Vec<_>>()
            );
            for (point, race_point) in line.points.iter().zip(&race.points) {
                let then = state.table(StandingsQuery { game: None, as_of: Some(point.date) });
                let row = then.iter().find(|r| r.row.player == line.player).unwrap();
                assert_eq!(point.skill, row.skill, "{} on {}", line.player, point.date);
                assert_eq!(race_point.points, row.row.points, "{} on {}", line.player, point.date);
            }
        }
        let one = state.rating_lines(None, Lines::Player(rating[1].player_id));
        assert_eq!(one, [rating[1].clone()]);
    };
    check(&mut state);
    // A backdated game, a correction that moves a game, a deletion, an appended game.
    state.upsert(&entry(8, 2, &[(3, 1), (0, 2)]));
    check(&mut state);
    state.upsert(&entry(4, 6, &[(1, 1), (2, 1), (3, 3)]));
    check(&mut state);
    state.remove(2);
    check(&mut state);
    state.upsert(&entry(9, 9, &[(0, 1), (1, 2)]));
    check(&mut state);
    assert!(state.rating_lines(None, Lines::Player(42)).is_empty(), "no line for a player without games");
    assert_eq!(state.points_race(None, 2).len(), 2, "only the top players");
}

/// A night's table counts only its games; the move of the league table is read from the
/// tables before and after it.
#[test]
fn a_night_has_its_own_table_and_moves_the_league_table() {
    let mut rules = LeagueRules::new(vec![LaufRauf]);
    rules.min_games = 3;
    let earlier = [result(LaufRauf, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3)])];
    let night = [
        result(LaufRauf, 2, &[("Cleo", 1), ("Ben", 2), ("Anna", 3)]),
        result(LaufRauf, 2, &[("Cleo", 1), ("Dora", 2)]),
    ];
    let table = night_table(&rules, &night);
    // Cleo 2 + 1 = 3 (two wins), Ben 1, Dora and Anna 0 (Dora's average place 2 is the
    // better): everyone ranked despite min_games.
    assert_eq!(
        table.iter().map(|r| (r.place, r.player.as_str(), r.points)).collect::<Vec<_>>(),
        [(Some(1), "Cleo", 3.0), (Some(2), "Ben", 1.0), (Some(3), "Dora", 0.0), (Some(4), "Anna", 0.0)]
    );
    assert_eq!(night_winners(&table), ["Cleo"]);
    rules.min_games = 0;
    let before = rated_standings(&rules, &earlier, StandingsQuery::default());
    let all: Vec<LeagueResult> = earlier.iter().chain(&night).cloned().collect();
    let after = rated_standings(&rules, &all, StandingsQuery::default());
    let moves = table_change(&before, &after);
    let cleo = moves.iter().find(|m| m.player == "Cleo").unwrap();
    assert_eq!(
        (cleo.place_before, cleo.place_after, cleo.points_before, cleo.points_after),
        (Some(3), Some(1), 0.0, 3.0)
    );
    let dora = moves.iter().find(|m| m.player == "Dora").unwrap();
    assert_eq!((dora.place_before, dora.rating_before), (None, None), "new in the table");
    assert_eq!(
        moves.iter().map(|m| m.player.as_str()).collect::<Vec<_>>(),
        after.iter().map(|r| r.row.player.as_str()).collect::<Vec<_>>()
    );
}

/// A player's statistics kept through backdated games, corrections and deletions are
/// those of a league built afresh from the results that remain.
#[test]
fn player_statistics_follow_every_change() {
    let rules = LeagueRules::new(vec![LaufRauf, Rangeln]);
    let names = ["Anna", "Ben", "Cleo", "Dora"];
    let entry = |id: i64, game, d: u32, placings: &[(i64, u32)]| ResultEntry {
        id,
        game,
        played_on: day(d),
        placings: placings.to_vec(),
        teams: Vec::new(),
    };
    let fresh = |results: &std::collections::BTreeMap<i64, ResultEntry>| {
        let mut state = LeagueState::with_checkpoints_every(rules.clone(), 2);
        for (id, name) in names.iter().enumerate() {
            state.set_player_name(id as i64, name);
        }
        for r in results.values().rev() {
            state.upsert(r);
        }
        state
    };
    let mut state = fresh(&Default::default());
    let mut results = std::collections::BTreeMap::new();
    let mut apply = |state: &mut LeagueState, change: Result<ResultEntry, i64>| {
        match change {
            Ok(r) => {
                state.upsert(&r);
                results.insert(r.id, r);
            }
            Err(id) => {
                state.remove(id);
                results.remove(&id);
            }
        }
        let mut again = fresh(&results);
        for p in 0..names.len() as i64 {
            assert_eq!(state.player_stats(p), again.player_stats(p), "player {p} after {} results", results.len());
        }
    };
    for (id, d) in [(1, 3), (2, 1), (3, 5), (4, 2), (5, 5), (6, 8)] {
        let game = if id % 2 == 0 { Rangeln } else { LaufRauf };
        apply(&mut state, Ok(entry(id, game, d, &[(id % 4, 1), ((id + 1) % 4, 2), ((id + 2) % 4, 3)])));
    }
    apply(&mut state, Ok(entry(3, LaufRauf, 1, &[(2, 1), (0, 2)])));
    apply(&mut state, Err(2));
    apply(&mut state, Ok(entry(7, Rangeln, 4, &[(3, 1), (1, 1), (0, 3)])));
    apply(&mut state, Err(6));
}

/// The ratings' accuracy by hand: two games of Anna and Ben, the first even (new players),
/// the second predicted from the ratings after the first.
#[test]
fn rating_accuracy_of_a_league_computed_by_hand() {
    let rules = LeagueRules::new(vec![LaufRauf]);
    let mut state = LeagueState::new(rules);
    state.set_player_name(1, "Anna");
    state.set_player_name(2, "Ben");
    let entry = |id: i64, d: u32, placings: &[(i64, u32)]| ResultEntry {
        id,
        game: LaufRauf,
        played_on: day(d),
        placings: placings.to_vec(),
        teams: Vec::new(),
    };
    state.upsert(&entry(1, 1, &[(1, 1), (2, 2)]));
    let after_first = state.table(StandingsQuery::default());
    let skill = |name: &str| after_first.iter().find(|r| r.row.player == name).unwrap().skill;
    let (anna, ben) = (skill("Anna"), skill("Ben"));
    state.upsert(&entry(2, 2, &[(1, 2), (2, 1)]));
    let got = state.rating_accuracy(None);
    // Game 1: p = 1/2 each, both favourites, one won. Game 2: Anna the favourite, Ben won.
    let beta: f64 = 25.0 / 6.0;
    let x = (anna.rating - ben.rating)
        / (2.0 * beta * beta + anna.rating_uncertainty.powi(2) + ben.rating_uncertainty.powi(2)).sqrt();
    let p_anna = 0.5 * libm::erfc(-x / std::f64::consts::SQRT_2);
    assert!(p_anna > 0.5);
    let close = |a: Option<f64>, b: f64| assert!((a.unwrap() - b).abs() < 1e-12, "{a:?} vs {b}");
    assert_eq!(got.games, 2);
    close(got.model.favourite_won, (0.5 + 0.0) / 2.0);
    close(got.model.log_loss, (2f64.ln() - (1.0 - p_anna).ln()) / 2.0);
    close(got.model.brier, (0.5 + 2.0 * p_anna * p_anna) / 2.0);
    close(got.baseline.favourite_won, 0.5);
    close(got.baseline.log_loss, 2f64.ln());
    close(got.baseline.brier, 0.5);
}

/// The accuracy kept up to date through a backdated game, a correction, a deletion and an
/// appended game equals the accuracy of a state built from scratch, to the last bit.
#[test]
fn rating_accuracy_follows_every_change() {
    let rules = LeagueRules::new(vec![LaufRauf]);
    let entry = |id: i64, d: u32, placings: &[(i64, u32)]| ResultEntry {
        id,
        game: LaufRauf,
        played_on: day(d),
        placings: placings.to_vec(),
        teams: Vec::new(),
    };
    let mut kept = LeagueState::with_checkpoints_every(rules.clone(), 2);
    let mut held: Vec<ResultEntry> = Vec::new();
    for (id, d) in [(1, 1), (2, 1), (3, 2), (4, 4), (5, 5), (6, 5), (7, 7)] {
        let seats = [(id % 4, 1), ((id + 1) % 4, 2), ((id + 2) % 4, 3)];
        held.push(entry(id, d, &seats));
        kept.upsert(held.last().unwrap());
    }
    let fresh = |held: &[ResultEntry]| {
        let mut state = LeagueState::with_checkpoints_every(rules.clone(), 1000);
        held.iter().for_each(|e| state.upsert(e));
        state.rating_accuracy(None)
    };
    assert_eq!(kept.rating_accuracy(None), fresh(&held));
    let change = |kept: &mut LeagueState, held: &mut Vec<ResultEntry>, e: Option<ResultEntry>, gone: i64| {
        held.retain(|h| h.id != gone);
        match e {
            Some(e) => {
                kept.upsert(&e);
                held.push(e);
            }
            None => {
                kept.remove(gone);
            }
        }
        assert_eq!(kept.rating_accuracy(None), fresh(held));
    };
    change(&mut kept, &mut held, Some(entry(8, 2, &[(3, 1), (0, 2)])), 8);
    change(&mut kept, &mut held, Some(entry(4, 6, &[(1, 1), (2, 1), (3, 3)])), 4);
    change(&mut kept, &mut held, None, 2);
    change(&mut kept, &mut held, Some(entry(9, 9, &[(0, 1), (1, 2)])), 9);
    assert_eq!(kept.rating_accuracy(None).games, 8);
}

/// A partner game counts as a game of its teams: each member takes the team's place and
/// the points of that place, and partners are neither above nor below each other.
#[test]
fn partners_take_their_teams_place_and_points() {
    let names = ["Anna", "Ben", "Cleo", "Dora"];
    let teamed = |id: i64, d: u32, placings: &[(i64, u32)], teams: &[u32]| ResultEntry {
        id,
        game: MenschAergereDichNicht,
        played_on: day(d),
        placings: placings.to_vec(),
        teams: teams.to_vec(),
    };
    // Anna and Cleo (team 1) beat Ben and Dora (team 2); then Anna alone beats the rest.
    let games =
        [teamed(1, 1, &[(0, 1), (1, 2), (2, 1), (3, 2)], &[1, 2, 1, 2]), teamed(2, 2, &[(0, 1), (1, 2), (2, 3)], &[])];
    for (points, want) in [
        // Players beaten: 1 for beating the one other team, then 2, 1, 0.
        (PointsScheme::PlayersBeaten, [("Anna", 3.0), ("Ben", 1.0), ("Cleo", 1.0), ("Dora", 0.0)]),
        // A points table: the places of the teams, 10 and 6, then 10, 6, 4.
        (PointsScheme::Table { table: vec![10, 6, 4] }, [("Anna", 20.0), ("Ben", 12.0), ("Cleo", 14.0), ("Dora", 6.0)]),
    ] {
        let mut rules = LeagueRules::new(vec![MenschAergereDichNicht]);
        rules.points = points;
        let mut state = LeagueState::new(rules.clone());
        for (id, name) in names.iter().enumerate() {
            state.set_player_name(id as i64, name);
        }
        for game in &games {
            state.upsert(game);
        }
        let rows = state.table(StandingsQuery::default());
        let mut got: Vec<(&str, f64)> = rows.iter().map(|r| (r.row.player.as_str(), r.row.points)).collect();
        got.sort_by(|a, b| a.0.cmp(b.0));
        assert_eq!(got, want);
    }
    let mut state = LeagueState::new(LeagueRules::new(vec![MenschAergereDichNicht]));
    for (id, name) in names.iter().enumerate() {
        state.set_player_name(id as i64, name);
    }
    for game in &games {
        state.upsert(game);
    }
    let every = PairQuery { game: None, player: None, skip: 0, take: usize::MAX };
    let pairs: Vec<(String, String, u32, u32, u32)> = state
        .head_to_head(every)
        .pairs
        .into_iter()
        .map(|p| (p.player, p.opponent, p.games, p.ahead, p.behind))
        .collect();
    let has = |a: &str, b: &str| pairs.iter().find(|p| (p.0 == a && p.1 == b) || (p.0 == b && p.1 == a)).cloned();
    // Anna and Cleo met as opponents once (game 2); as partners they did not meet.
    let ac = has("Anna", "Cleo").unwrap();
    assert_eq!(ac.2, 1);
    assert!(has("Ben", "Dora").is_none(), "partners only: no pair");
    assert_eq!(has("Cleo", "Dora").unwrap().2, 1);
    let anna = state.player_stats(0).unwrap();
    assert_eq!(anna.overall.as_ref().map(|o| (o.played, o.wins)), Some((2, 2)));
}

/// A team table computed by hand: the members' points summed, ties broken by the
/// league's tie-breakers applied to the teams, a team without games at 0.
#[test]
fn a_team_table_by_hand() {
    let mut rules = LeagueRules::new(vec![MenschAergereDichNicht]);
    let roster = |name: &str, players: &[&str]| TeamRoster {
        name: name.into(),
        players: players.iter().map(|p| p.to_string()).collect(),
    };
    rules.teams = vec![
        roster("TSV 1", &["Anna", "Ben"]),
        roster("TSV 2", &["Cleo", "Dora"]),
        roster("Gäste", &["Emil", "Fritz"]),
    ];
    rules.validate().unwrap();
    let mut results = vec![
        // Players beaten: Anna 2, Cleo 1, Emil 0; Dora 1, Ben 0; Emil 2, Ben 1, Cleo 0.
        result(MenschAergereDichNicht, 1, &[("Anna", 1), ("Cleo", 2), ("Emil", 3)]),
        result(MenschAergereDichNicht, 2, &[("Dora", 1), ("Ben", 2)]),
        result(MenschAergereDichNicht, 3, &[("Emil", 1), ("Ben", 2), ("Cleo", 3)]),
    ];
    let shown = |rows: &[TeamStandingRow]| -> Vec<(u32, String, f64, Option<f64>)> {
        rows.iter().map(|r| (r.place, r.team.clone(), r.points, r.head_to_head)).collect()
    };
    // TSV 2 and Gäste: 2 points, 1 win, average place 2.0 each; head-to-head Cleo and
    // Emil 1 each (Dora never met Emil): they share second place.
    let rows = team_standings(&rules, &results, StandingsQuery::default());
    assert_eq!(
        shown(&rows),
        [
            (1, "TSV 1".to_owned(), 3.0, None),
            (2, "Gäste".to_owned(), 2.0, Some(1.0)),
            (2, "TSV 2".to_owned(), 2.0, Some(1.0))
        ]
    );
    assert_eq!((rows[1].played, rows[1].wins, rows[1].average_place), (2, 1, Some(2.0)));
    // Cleo beats Emil on day 4: TSV 2 level with TSV 1 on 3 points, ahead on wins (2 to 1).
    results.push(result(MenschAergereDichNicht, 4, &[("Cleo", 1), ("Emil", 2)]));
    let rows = team_standings(&rules, &results, StandingsQuery::default());
    assert_eq!(
        shown(&rows),
        [(1, "TSV 2".to_owned(), 3.0, None), (2, "TSV 1".to_owned(), 3.0, None), (3, "Gäste".to_owned(), 2.0, None)]
    );
    // The incremental state gives the same rows, today and as of day 3.
    let mut state = LeagueState::new(rules.clone());
    let names = ["Anna", "Ben", "Cleo", "Dora", "Emil"];
    for (id, name) in names.iter().enumerate() {
        state.set_player_name(id as i64, name);
    }
    for r in &results {
        let placings =
            r.placings.iter().map(|p| (names.iter().position(|n| *n == p.player).unwrap() as i64, p.place)).collect();
        state.upsert(&ResultEntry { id: r.id, game: r.game, played_on: r.played_on, placings, teams: Vec::new() });
    }
    assert_eq!(state.team_table(StandingsQuery::default()), rows);
    let day3 = StandingsQuery { game: None, as_of: Some(day(3)) };
    assert_eq!(state.team_table(day3), team_standings(&rules, &results, day3));
    assert_eq!(state.team_table(day3)[1].team, "Gäste");

    // Rosters are checked.
    let mut bad = rules.clone();
    bad.teams.push(roster("tsv 1", &["Gerd"]));
    assert_eq!(bad.validate().unwrap_err().code(), "duplicate-team");
    bad.teams.pop();
    bad.teams.push(roster("TSV 3", &["ben"]));
    assert_eq!(
        bad.validate().unwrap_err().to_string(),
        "ben is in both team \"TSV 1\" and team \"TSV 3\": a player belongs to one team"
    );
    bad.teams.pop();
    bad.teams.push(roster("Leer", &[]));
    assert_eq!(bad.validate().unwrap_err().code(), "empty-team");
}

//! A league kept up to date one change at a time, so that the work after a change is
//! proportional to the change and not to the league.
//!
//! [`LeagueState`] holds every result of one league in a compact form (players by index,
//! no names, no game detail) and, for each table asked for (the whole league, or one
//! game), a [`Timeline`]: the results that table counts in replay order, the players'
//! sums (points, wins, places) and pairwise head-to-head counts, and the Weng-Lin
//! replay with a checkpoint of everyone's rating every [`CHECKPOINT_EVERY`] results
//! (by default).
//!
//! - A recorded, corrected or deleted result changes the sums by its own amount (the old
//!   version taken away, the new one added).
//! - Ratings are a replay in (played_on, id) order. A result that sorts after the last
//!   rated one extends the replay; one inserted earlier, corrected or deleted replays
//!   from the last checkpoint before it, never from the first game.
//! - A table `as_of` a day counts the timeline's prefix up to that day and takes its
//!   ratings from the checkpoint before the day's end, plus fewer than
//!   [`CHECKPOINT_EVERY`] games.
//!
//! The tables equal those of [`super::rated_standings`] from scratch, to the last bit of
//! every float: the same games are replayed in the same order with the same seats.

use super::charts::{Lines, PointsLine, PointsPoint, RatingLine, RatingPoint, end_of_day};
use super::ranking::{Tally, head_to_head_units, rank};
use super::stats::{GameStats, PairPage, PairQuery, PairRecord, PlayerStats, streaks};
use super::teams::{TeamStandingRow, rank_teams};
use super::{LeagueRules, POINT_UNITS, PointsScheme, RatedStandingRow, StandingRow, StandingsQuery};
use crate::accuracy::{AccuracySums, RatingAccuracy};
use crate::catalogue::GameKind;
use crate::names::same_name;
use crate::places::partners;
use crate::rating::{Skill, rate_game, sides};
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use skillratings::weng_lin::{WengLinConfig, WengLinRating};
use std::mem::size_of;

mod snapshot;
pub use snapshot::{SNAPSHOT_FORMAT, SnapshotError};

/// Results between two rating checkpoints, by default. A change replays at most this
/// many games more than it must; a checkpoint costs 16 bytes per player of the league.
pub const CHECKPOINT_EVERY: usize = 1024;

/// A result as the incremental state takes it: players by a stable id (a rename changes
/// no result), places as the game's rules gave them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultEntry {
    pub id: i64,
    pub game: GameKind,
    pub played_on: NaiveDate,
    /// (player id, place) in seat order: Weng-Lin sums over the seats in this order, so
    /// the order decides the last bits of the ratings and must be the one the
    /// from-scratch computation uses.
    pub placings: Vec<(i64, u32)>,
    /// A partner game's team of each seat (from 1), in seat order; empty when everyone
    /// played alone.
    pub teams: Vec<u32>,
}

/// A held result: players by their index in the state.
#[derive(Debug, Clone)]
struct Held {
    id: i64,
    game: GameKind,
    played_on: NaiveDate,
    entries: Box<[(u32, u32)]>,
    /// Team of each seat, or empty (see [`ResultEntry::teams`]).
    teams: Box<[u32]>,
}

impl Held {
    fn key(&self, slot: u32) -> Key {
        Key { played_on: self.played_on, id: self.id, slot }
    }
}

/// A result's position in a timeline: replay order is (played_on, id).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    played_on: NaiveDate,
    id: i64,
    /// Where the result is held.
    slot: u32,
}

impl Key {
    fn order(&self) -> (NaiveDate, i64) {
        (self.played_on, self.id)
    }
}

/// How two players (lower index first) fared in the games they played together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Pair {
    games: u32,
    /// Games in which the lower-indexed player placed ahead of the other.
    first_ahead: u32,
    /// Games in which the higher-indexed player placed ahead.
    second_ahead: u32,
}

/// Head-to-head units of player `m` against player `o` from pair counts.
fn pair_units(pairs: &FxHashMap<u64, Pair>, m: u32, o: u32) -> i64 {
    let (key, swapped) = pair_key(m, o);
    let Some(pair) = pairs.get(&key) else { return 0 };
    let (ahead, behind) =
        if swapped { (pair.second_ahead, pair.first_ahead) } else { (pair.first_ahead, pair.second_ahead) };
    let tied = pair.games - ahead - behind;
    i64::from(ahead) * POINT_UNITS + i64::from(tied) * POINT_UNITS / 2
}

fn pair_key(a: u32, b: u32) -> (u64, bool) {
    let (lo, hi, swapped) = if a < b { (a, b, false) } else { (b, a, true) };
    ((u64::from(lo) << 32) | u64::from(hi), swapped)
}

/// A league's results, players and the tables built from them so far.
#[derive(Debug, Clone)]
pub struct LeagueState {
    rules: LeagueRules,
    player_index: FxHashMap<i64, u32>,
    /// Player ids by index.
    ids: Vec<i64>,
    names: Vec<String>,
    held: Vec<Option<Held>>,
    free: Vec<u32>,
    slot_of: FxHashMap<i64, u32>,
    /// One per game filter asked for (`None`: the whole league), built on first use.
    timelines: Vec<Timeline>,
    /// Results between two rating checkpoints.
    every: usize,
    /// Bytes of the held results' seat lists.
    entry_bytes: usize,
    config: WengLinConfig,
    awards: Awards,
}

impl LeagueState {
    pub fn new(rules: LeagueRules) -> LeagueState {
        LeagueState::with_checkpoints_every(rules, CHECKPOINT_EVERY)
    }

    /// A state that checkpoints ratings every `every` results (at least 1): small values
    /// let tests reach many checkpoints with few results.
    pub fn with_checkpoints_every(rules: LeagueRules, every: usize) -> LeagueState {
        LeagueState {
            every: every.max(1),
            entry_bytes: 0,
            rules,
            player_index: FxHashMap::default(),
            ids: Vec::new(),
            names: Vec::new(),
            held: Vec::new(),
            free: Vec::new(),
            slot_of: FxHashMap::default(),
            timelines: Vec::new(),
            config: WengLinConfig::new(),
            awards: Awards::default(),
        }
    }

    pub fn rules(&self) -> &LeagueRules {
        &self.rules
    }

    /// Results held.
    pub fn len(&self) -> usize {
        self.slot_of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slot_of.is_empty()
    }

    /// New rules change what every table counts: the tables are rebuilt from the held
    /// results when next asked for (no result needs to be read again).
    pub fn set_rules(&mut self, rules: LeagueRules) {
        if rules != self.rules {
            self.rules = rules;
            self.timelines.clear();
        }
    }

    /// Sets (or changes: a rename) a player's name.
    pub fn set_player_name(&mut self, id: i64, name: &str) {
        let i = self.intern(id);
        if self.names[i as usize] != name {
            self.names[i as usize] = name.to_owned();
        }
    }

    fn intern(&mut self, id: i64) -> u32 {
        if let Some(&i) = self.player_index.get(&id) {
            return i;
        }
        let i = self.names.len() as u32;
        self.player_index.insert(id, i);
        self.ids.push(id);
        self.names.push(String::new());
        i
    }

    /// Records a result, or replaces the one held under its id (a correction).
    pub fn upsert(&mut self, result: &ResultEntry) {
        self.remove(result.id);
        let entries: Box<[(u32, u32)]> = result.placings.iter().map(|&(p, place)| (self.intern(p), place)).collect();
        let teams: Box<[u32]> = result.teams.as_slice().into();
        self.entry_bytes += entries.len() * size_of::<(u32, u32)>() + teams.len() * size_of::<u32>();
        let held = Held { id: result.id, game: result.game, played_on: result.played_on, entries, teams };
        let slot = match self.free.pop() {
            Some(slot) => {
                self.held[slot as usize] = Some(held);
                slot
            }
            None => {
                self.held.push(Some(held));
                self.held.len() as u32 - 1
            }
        };
        self.slot_of.insert(result.id, slot);
        self.each_timeline_of(slot, 1);
    }

    /// Takes a result away (a deletion); says whether it was held.
    pub fn remove(&mut self, id: i64) -> bool {
        let Some(slot) = self.slot_of.remove(&id) else { return false };
        self.each_timeline_of(slot, -1);
        if let Some(held) = self.held[slot as usize].take() {
            self.entry_bytes -= held.entries.len() * size_of::<(u32, u32)>() + held.teams.len() * size_of::<u32>();
        }
        self.free.push(slot);
        true
    }

    /// Adds (`sign` 1) or takes away (-1) the result in `slot` in every timeline counting it.
    fn each_timeline_of(&mut self, slot: u32, sign: i8) {
        let held = self.held[slot as usize].as_ref().expect("a held slot");
        let players = self.names.len();
        let awards = self.awards.of(&self.rules.points, held);
        for timeline in &mut self.timelines {
            if counted(&self.rules, timeline.filter, held) {
                timeline.change(held.key(slot), held, awards, sign, players, &self.held);
            }
        }
    }

    /// The index of the timeline of `game`, built on first use.
    fn timeline_index(&mut self, game: Option<GameKind>) -> usize {
        let filter = self.timeline_filter(game);
        match self.timelines.iter().position(|t| t.filter == filter) {
            Some(t) => t,
            None => {
                let timeline = Timeline::build(filter, &self.rules, &self.held, self.names.len(), self.every);
                self.timelines.push(timeline);
                self.timelines.len() - 1
            }
        }
    }

    /// The index of the timeline of `game` (built on first use), rated up to date.
    fn timeline(&mut self, game: Option<GameKind>) -> usize {
        let t = self.timeline_index(game);
        let players = self.names.len();
        self.timelines[t].ensure_rated(&self.held, players, &self.config);
        t
    }

    /// As [`Self::timeline`], keeping every player's rating after each of their games
    /// from now on (one replay the first time, then kept up to date with the ratings).
    fn timeline_with_marks(&mut self, game: Option<GameKind>) -> usize {
        let t = self.timeline_index(game);
        self.timelines[t].track_marks();
        let players = self.names.len();
        self.timelines[t].ensure_rated(&self.held, players, &self.config);
        t
    }

    /// The players whose lines to draw, by index, in table order.
    fn chosen(&self, t: usize, lines: Lines) -> Vec<u32> {
        match lines {
            Lines::Top(n) => self.rows_now(t).into_iter().take(n).map(|(p, _)| p).collect(),
            Lines::Player(id) => self
                .player_index
                .get(&id)
                .copied()
                .filter(|&p| self.timelines[t].tallies.get(p as usize).is_some_and(|tally| tally.played > 0))
                .into_iter()
                .collect(),
        }
    }

    /// Each chosen player's rating at the end of every day they played in the table of
    /// `game`, in table order. Kept per game as the replay goes, so a new result costs
    /// no more than it does for the table.
    pub fn rating_lines(&mut self, game: Option<GameKind>, lines: Lines) -> Vec<RatingLine> {
        let t = self.timeline_with_marks(game);
        let timeline = &self.timelines[t];
        let marks = timeline.marks.as_ref().expect("tracked above");
        self.chosen(t, lines)
            .into_iter()
            .map(|p| {
                let mut points = Vec::new();
                for mark in marks.get(p as usize).into_iter().flatten() {
                    let point = RatingPoint { date: mark.played_on, skill: Skill::from(mark.rating) };
                    end_of_day(&mut points, mark.played_on, point, |q| q.date);
                }
                RatingLine { player_id: self.ids[p as usize], player: self.names[p as usize].clone(), points }
            })
            .collect()
    }

    /// How well the ratings of the table of `game` predicted its games, each from the
    /// ratings just before it. Scored along the same replay as the ratings (one replay the
    /// first time, then kept up to date), so an appended result costs one game's scoring.
    pub fn rating_accuracy(&mut self, game: Option<GameKind>) -> RatingAccuracy {
        let t = self.timeline_index(game);
        self.timelines[t].track_accuracy();
        let players = self.names.len();
        self.timelines[t].ensure_rated(&self.held, players, &self.config);
        self.timelines[t].scoring.as_ref().expect("tracked above").sums.summary()
    }

    /// The points race: each of the first `top` players' league points so far at the end
    /// of every day they played, in table order. One pass over the table's results.
    pub fn points_race(&mut self, game: Option<GameKind>, top: usize) -> Vec<PointsLine> {
        let t = self.timeline(game);
        let chosen = self.chosen(t, Lines::Top(top));
        let line_of: FxHashMap<u32, usize> = chosen.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut lines: Vec<(i64, Vec<PointsPoint>)> = vec![(0, Vec::new()); chosen.len()];
        let mut awards = Awards::default();
        for key in &self.timelines[t].order {
            let held = self.held[key.slot as usize].as_ref().expect("a held slot");
            for (&(p, _), &award) in held.entries.iter().zip(awards.of(&self.rules.points, held)) {
                let Some(&i) = line_of.get(&p) else { continue };
                let (sum, points) = &mut lines[i];
                *sum += award;
                let point = PointsPoint { date: key.played_on, points: *sum as f64 / POINT_UNITS as f64 };
                end_of_day(points, key.played_on, point, |q| q.date);
            }
        }
        chosen
            .into_iter()
            .zip(lines)
            .map(|(p, (_, points))| PointsLine {
                player_id: self.ids[p as usize],
                player: self.names[p as usize].clone(),
                points,
            })
            .collect()
    }

    /// The rows of timeline `t`'s table today, with each player's index.
    fn rows_now(&self, t: usize) -> Vec<(u32, StandingRow)> {
        let timeline = &self.timelines[t];
        let tallies = &timeline.tallies;
        let everyone = (0..tallies.len() as u32).filter(|&p| tallies[p as usize].played > 0).collect();
        rank(&self.rules, everyone, &self.names, tallies, |members| timeline.head_to_head(members))
    }

    /// The table `query` asks for, with every player's skill.
    pub fn table(&mut self, query: StandingsQuery) -> Vec<RatedStandingRow> {
        let t = self.timeline(query.game);
        let players = self.names.len();
        let timeline = &self.timelines[t];
        let upto = timeline.upto(query.as_of);
        if upto == timeline.order.len() {
            return with_skills(self.rows_now(t), &timeline.ratings);
        }
        // A table as it stood earlier: the sums of the prefix, counted afresh (linear in
        // the prefix, with no allocation per result), and ratings from a checkpoint.
        let prefix = &timeline.order[..upto];
        let mut tallies = vec![Tally::default(); players];
        for key in prefix {
            let held = self.held[key.slot as usize].as_ref().expect("a held slot");
            for (&(p, place), &award) in held.entries.iter().zip(self.awards.of(&self.rules.points, held)) {
                tallies[p as usize].apply(place, award, 1);
            }
        }
        let ratings = timeline.ratings_at(upto, &self.held, players, &self.config);
        let everyone = (0..players as u32).filter(|&p| tallies[p as usize].played > 0).collect();
        let mut in_group = vec![false; players];
        let held = &self.held;
        let rows = rank(&self.rules, everyone, &self.names, &tallies, |members| {
            prefix_head_to_head(prefix, held, members, &mut in_group)
        });
        with_skills(rows, &ratings)
    }

    /// The team table of the league's fixed teams (its rules' `teams`) for `query`: from
    /// the same sums as [`Self::table`]; as of a day, from the sums of that prefix.
    pub fn team_table(&mut self, query: StandingsQuery) -> Vec<TeamStandingRow> {
        let t = self.timeline(query.game);
        let players = self.names.len();
        let timeline = &self.timelines[t];
        let upto = timeline.upto(query.as_of);
        let names = &self.names;
        let index_of = |name: &str| names.iter().position(|n| same_name(n, name)).map(|i| i as u32);
        if upto == timeline.order.len() {
            return rank_teams(&self.rules, &timeline.tallies, index_of, |a, b| pair_units(&timeline.pairs, a, b));
        }
        // The prefix's sums and pair counts, counted afresh as the table as of a day is.
        let mut prefix = Timeline::build(query.game, &self.rules, &[], players, self.every);
        for key in &timeline.order[..upto] {
            let held = self.held[key.slot as usize].as_ref().expect("a held slot");
            prefix.count(held, self.awards.of(&self.rules.points, held), 1, players, true);
        }
        rank_teams(&self.rules, &prefix.tallies, index_of, |a, b| pair_units(&prefix.pairs, a, b))
    }

    /// How two players of the table of `query.game` fared in their games together: each
    /// pair once, in table order, the one higher in the table first (or the asked-for
    /// player first, against everyone in table order). Read from the pair counts the state
    /// keeps up to date anyway (for the head-to-head tie-breaker); only the pairs of the
    /// window become records, so a page costs about what the table does.
    pub fn head_to_head(&mut self, query: PairQuery) -> PairPage {
        let t = self.timeline(query.game);
        let order: Vec<u32> = self.rows_now(t).into_iter().map(|(p, _)| p).collect();
        let pairs = &self.timelines[t].pairs;
        let met = |&(a, b): &(u32, u32)| pairs.contains_key(&pair_key(a, b).0);
        let (total, window): (usize, Vec<(u32, u32)>) = match query.player {
            Some(id) => {
                let Some(&p) = self.player_index.get(&id) else { return PairPage { total: 0, pairs: Vec::new() } };
                let theirs: Vec<(u32, u32)> = order.iter().filter(|&&o| o != p).map(|&o| (p, o)).filter(met).collect();
                let window = theirs.iter().copied().skip(query.skip).take(query.take).collect();
                (theirs.len(), window)
            }
            // Every pair that met is in the map, and both of its players are in the table.
            None => (
                pairs.len(),
                order
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| order[i + 1..].iter().map(move |&b| (a, b)))
                    .filter(met)
                    .skip(query.skip)
                    .take(query.take)
                    .collect(),
            ),
        };
        let records = window
            .into_iter()
            .map(|(a, b)| {
                let (key, swapped) = pair_key(a, b);
                let pair = &pairs[&key];
                let (ahead, behind) =
                    if swapped { (pair.second_ahead, pair.first_ahead) } else { (pair.first_ahead, pair.second_ahead) };
                PairRecord {
                    player: self.names[a as usize].clone(),
                    opponent: self.names[b as usize].clone(),
                    games: pair.games,
                    ahead,
                    behind,
                    ties: pair.games - ahead - behind,
                }
            })
            .collect();
        PairPage { total, pairs: records }
    }

    /// A player's record overall and per game (a game counted with another, as Ghostbuster
    /// with Mensch may be, is shown once). `None` when the league holds no result of theirs.
    pub fn player_stats(&mut self, player_id: i64) -> Option<PlayerStats> {
        let &p = self.player_index.get(&player_id)?;
        let overall = self.timeline(None);
        let overall = self.stats_in(overall, p);
        let mut seen = Vec::new();
        let mut games = Vec::new();
        for game in self.rules.games.clone() {
            let filter = self.timeline_filter(Some(game));
            if seen.contains(&filter) {
                continue;
            }
            seen.push(filter);
            let t = self.timeline(filter);
            games.extend(self.stats_in(t, p));
        }
        Some(PlayerStats { player_id, player: self.names[p as usize].clone(), overall, games })
    }

    /// Player `p`'s record in timeline `t` (rated up to date): one pass over its games.
    fn stats_in(&self, t: usize, p: u32) -> Option<GameStats> {
        let timeline = &self.timelines[t];
        let tally = *timeline.tallies.get(p as usize).filter(|tally| tally.played > 0)?;
        let games = timeline.games.get(p as usize)?;
        let best = games.iter().map(|&(_, place)| place).min()?;
        let worst = games.iter().map(|&(_, place)| place).max()?;
        let won: Vec<bool> = games.iter().map(|&(_, place)| place == 1).collect();
        let &(last_slot, _) = games.last()?;
        let last_night = self.held[last_slot as usize].as_ref().expect("a held slot").played_on;
        let (current_streak, longest_streak) = streaks(won);
        let night_starts = timeline.order.partition_point(|k| k.played_on < last_night);
        let before = timeline.ratings_at(night_starts, &self.held, self.names.len(), &self.config);
        let now = Skill::from(timeline.ratings[p as usize]);
        Some(GameStats {
            game: timeline.filter,
            played: tally.played,
            wins: tally.wins,
            win_rate: f64::from(tally.wins) / f64::from(tally.played),
            average_place: tally.place_sum as f64 / f64::from(tally.played),
            best_place: best,
            worst_place: worst,
            points: tally.points as f64 / POINT_UNITS as f64,
            current_streak,
            longest_streak,
            skill: now,
            last_night,
            rating_change: now.rating_display - Skill::from(before[p as usize]).rating_display,
        })
    }

    /// Mensch and Ghostbuster counted together share one timeline.
    fn timeline_filter(&self, game: Option<GameKind>) -> Option<GameKind> {
        match game {
            Some(GameKind::Ghostbuster) if self.rules.ghostbuster_with_mensch => Some(GameKind::MenschAergereDichNicht),
            other => other,
        }
    }

    /// About how many bytes of memory the state holds, for the cache's budget.
    pub fn heap_bytes(&self) -> usize {
        // Kept as a running count: summing it here would make every table cost a pass
        // over the whole league.
        let held = self.held.capacity() * size_of::<Option<Held>>() + self.entry_bytes;
        let names: usize = self.names.iter().map(|n| size_of::<String>() + n.capacity()).sum();
        // Hash maps: key, value and a control byte per slot, at up to 8/7 of their length.
        let maps = (self.player_index.capacity() + self.slot_of.capacity()) * (8 + 4 + 1);
        held + names + maps + self.timelines.iter().map(Timeline::heap_bytes).sum::<usize>()
    }
}

/// The league points of one result's seats, in buffers reused from result to result.
#[derive(Debug, Clone, Default)]
struct Awards {
    places: Vec<u32>,
    awards: Vec<i64>,
}

impl Awards {
    /// Each seat's award (in point units) for the places (and teams) of `held`.
    fn of(&mut self, points: &PointsScheme, held: &Held) -> &[i64] {
        self.places.clear();
        self.places.extend(held.entries.iter().map(|&(_, place)| place));
        points.award_into(&self.places, &held.teams, &mut self.awards);
        &self.awards
    }
}

/// Does the table of `filter` count `held` under `rules`?
fn counted(rules: &LeagueRules, filter: Option<GameKind>, held: &Held) -> bool {
    rules.counts(held.game, filter) && rules.season.contains(held.played_on)
}

fn with_skills(rows: Vec<(u32, StandingRow)>, ratings: &[WengLinRating]) -> Vec<RatedStandingRow> {
    rows.into_iter().map(|(m, row)| RatedStandingRow { row, skill: Skill::from(ratings[m as usize]) }).collect()
}

/// Head-to-head units of `members` against each other over the games in `prefix`.
fn prefix_head_to_head(prefix: &[Key], held: &[Option<Held>], members: &[u32], in_group: &mut [bool]) -> Vec<i64> {
    for &m in members {
        in_group[m as usize] = true;
    }
    let mut units: FxHashMap<u32, i64> = members.iter().map(|&m| (m, 0)).collect();
    for key in prefix {
        let game = held[key.slot as usize].as_ref().expect("a held slot");
        let entries = &game.entries;
        for (i, &(a, mine)) in entries.iter().enumerate().filter(|(_, (p, _))| in_group[*p as usize]) {
            for (j, &(b, theirs)) in entries.iter().enumerate() {
                if b != a && in_group[b as usize] && !partners(&game.teams, i, j) {
                    *units.get_mut(&a).expect("a member") += head_to_head_units(mine, theirs);
                }
            }
        }
    }
    for &m in members {
        in_group[m as usize] = false;
    }
    members.iter().map(|m| units[m]).collect()
}

/// How many results a replay asks for at once, before rating them.
const BATCH: usize = 32;

/// Loads the results a replay rates next, `order[at..at + BATCH]`, before rating them.
/// They are held in arrival order and replayed in the order they were played: on a large
/// league each is a cache miss, most of a replay's time when taken one by one (measured).
/// Asked for together, the misses overlap: the held results first, then their seats
/// (which need the held result's pointer).
fn load_batch(order: &[Key], at: usize, held: &[Option<Held>]) {
    let batch = &order[at..order.len().min(at + BATCH)];
    let mut seats = 0usize;
    for key in batch {
        seats ^= held[key.slot as usize].as_ref().map_or(0, |h| h.entries.len());
    }
    let mut first = 0u32;
    for key in batch {
        first ^= held[key.slot as usize].as_ref().and_then(|h| h.entries.first()).map_or(0, |e| e.0);
    }
    std::hint::black_box((seats, first));
}

/// The results one table counts, in replay order, with their sums and ratings.
#[derive(Debug, Clone)]
struct Timeline {
    filter: Option<GameKind>,
    order: Vec<Key>,
    /// By player index; players who never played in this table have `played == 0`.
    tallies: Vec<Tally>,
    pairs: FxHashMap<u64, Pair>,
    /// Everyone's rating after the first `rated` results of `order`.
    ratings: Vec<WengLinRating>,
    rated: usize,
    /// The first position changed since the last replay (`usize::MAX`: none).
    dirty_from: usize,
    /// `checkpoints[j]`: everyone's rating before `order[j * every]`.
    checkpoints: Vec<Vec<WengLinRating>>,
    every: usize,
    /// By player index: their rating after each of their rated games, in replay order.
    /// Kept only once a chart asked for them (`None` until then).
    marks: Option<Vec<Vec<Mark>>>,
    /// By player index: their games in replay order, as (slot, place), so that one
    /// player's statistics read their own games, not the whole timeline.
    games: Vec<Vec<(u32, u32)>>,
    /// The ratings' accuracy so far, kept only once asked for (`None` until then).
    scoring: Option<Scoring>,
}

/// The accuracy sums after the first `rated` results, with the sums at each rating
/// checkpoint, so that a replay from a checkpoint restores them as it restores ratings.
#[derive(Debug, Clone)]
struct Scoring {
    sums: AccuracySums,
    /// `checkpoints[j]`: the sums before `order[j * every]`.
    checkpoints: Vec<AccuracySums>,
    /// Scratch space for one game's skills and places.
    skills: Vec<Skill>,
    places: Vec<u32>,
}

/// A player's rating right after one game of theirs.
#[derive(Debug, Clone, Copy)]
struct Mark {
    /// The game's position in the timeline's order when it was rated.
    pos: u32,
    played_on: NaiveDate,
    rating: WengLinRating,
}

impl Timeline {
    /// How many of the timeline's results were played by the end of `as_of` (all of
    /// them without a day).
    fn upto(&self, as_of: Option<NaiveDate>) -> usize {
        match as_of {
            Some(day) => self.order.partition_point(|k| k.played_on <= day),
            None => self.order.len(),
        }
    }

    fn build(
        filter: Option<GameKind>,
        rules: &LeagueRules,
        held: &[Option<Held>],
        players: usize,
        every: usize,
    ) -> Timeline {
        Timeline::build_with(filter, rules, held, players, every, None)
    }

    /// As [`Timeline::build`], with the head-to-head pair counts given (read back from a
    /// snapshot: counting them is most of the work of a build) or counted when `None`.
    fn build_with(
        filter: Option<GameKind>,
        rules: &LeagueRules,
        held: &[Option<Held>],
        players: usize,
        every: usize,
        pairs: Option<FxHashMap<u64, Pair>>,
    ) -> Timeline {
        let count_pairs = pairs.is_none();
        let mut timeline = Timeline {
            filter,
            order: Vec::new(),
            tallies: vec![Tally::default(); players],
            pairs: pairs.unwrap_or_default(),
            ratings: Vec::new(),
            rated: 0,
            dirty_from: usize::MAX,
            checkpoints: Vec::new(),
            every,
            marks: None,
            games: vec![Vec::new(); players],
            scoring: None,
        };
        timeline.order = held
            .iter()
            .enumerate()
            .filter_map(|(slot, h)| h.as_ref().filter(|h| counted(rules, filter, h)).map(|h| h.key(slot as u32)))
            .collect();
        timeline.order.sort_unstable_by_key(Key::order);
        let mut awards = Awards::default();
        for i in 0..timeline.order.len() {
            let slot = timeline.order[i].slot;
            let game = held[slot as usize].as_ref().expect("a held slot");
            timeline.count(game, awards.of(&rules.points, game), 1, players, count_pairs);
            for &(p, place) in game.entries.iter() {
                timeline.games[p as usize].push((slot, place));
            }
        }
        timeline
    }

    /// Adds (`sign` 1) or takes away (-1) one result; `held` are the results held, to
    /// order each player's games.
    fn change(&mut self, key: Key, game: &Held, awards: &[i64], sign: i8, players: usize, held: &[Option<Held>]) {
        let at = self.order.partition_point(|k| k.order() < key.order());
        if sign > 0 {
            self.order.insert(at, key);
        } else {
            debug_assert_eq!(self.order.get(at).map(Key::order), Some(key.order()));
            self.order.remove(at);
        }
        self.dirty_from = self.dirty_from.min(at);
        self.count(game, awards, sign, players, true);
        if self.games.len() < players {
            self.games.resize(players, Vec::new());
        }
        let order_of = |slot: u32| held[slot as usize].as_ref().expect("a held slot").key(slot).order();
        for &(p, place) in game.entries.iter() {
            let games = &mut self.games[p as usize];
            let at = games.partition_point(|&(slot, _)| order_of(slot) < key.order());
            if sign > 0 {
                games.insert(at, (key.slot, place));
            } else {
                debug_assert_eq!(games.get(at).map(|g| g.0), Some(key.slot));
                games.remove(at);
            }
        }
    }

    fn count(&mut self, game: &Held, awards: &[i64], sign: i8, players: usize, pairs: bool) {
        if self.tallies.len() < players {
            self.tallies.resize(players, Tally::default());
        }
        let entries = &game.entries;
        for (&(p, place), &award) in entries.iter().zip(awards) {
            self.tallies[p as usize].apply(place, award, sign);
        }
        if !pairs {
            return;
        }
        for (i, &(a, a_place)) in entries.iter().enumerate() {
            for (j, &(b, b_place)) in entries.iter().enumerate().skip(i + 1) {
                if partners(&game.teams, i, j) {
                    continue;
                }
                let (key, swapped) = pair_key(a, b);
                let (first, second) = if swapped { (b_place, a_place) } else { (a_place, b_place) };
                let pair = self.pairs.entry(key).or_default();
                let step = |n: &mut u32, by: bool| {
                    if by {
                        *n = if sign > 0 { *n + 1 } else { *n - 1 };
                    }
                };
                step(&mut pair.games, true);
                step(&mut pair.first_ahead, first < second);
                step(&mut pair.second_ahead, second < first);
                if pair.games == 0 {
                    self.pairs.remove(&key);
                }
            }
        }
    }

    /// Head-to-head units of each of `members` against the others, from the pair counts.
    fn head_to_head(&self, members: &[u32]) -> Vec<i64> {
        members
            .iter()
            .map(|&m| members.iter().filter(|&&o| o != m).map(|&o| pair_units(&self.pairs, m, o)).sum())
            .collect()
    }

    /// Brings `ratings` up to the whole timeline: from where the replay stopped, or from
    /// the last checkpoint before the first change.
    fn ensure_rated(&mut self, held: &[Option<Held>], players: usize, config: &WengLinConfig) {
        if self.dirty_from < self.rated {
            let j = self.dirty_from / self.every;
            self.ratings.clone_from(&self.checkpoints[j]);
            self.checkpoints.truncate(j + 1);
            self.rated = j * self.every;
            // Marks at and after the replay's start are made again by the replay.
            let from = self.rated as u32;
            for line in self.marks.iter_mut().flatten() {
                line.truncate(line.partition_point(|m| m.pos < from));
            }
            if let Some(scoring) = &mut self.scoring {
                scoring.sums = scoring.checkpoints[j];
                scoring.checkpoints.truncate(j + 1);
            }
        }
        self.dirty_from = usize::MAX;
        self.ratings.resize(players, WengLinRating::new());
        if let Some(marks) = &mut self.marks {
            marks.resize(players, Vec::new());
        }
        while self.rated < self.order.len() {
            if self.rated.is_multiple_of(self.every) && self.checkpoints.len() == self.rated / self.every {
                self.checkpoints.push(self.ratings.clone());
            }
            if self.rated.is_multiple_of(BATCH) {
                load_batch(&self.order, self.rated, held);
            }
            let game = held[self.order[self.rated].slot as usize].as_ref().expect("a held slot");
            let entries = &game.entries;
            if let Some(scoring) = &mut self.scoring {
                if scoring.checkpoints.len() == self.rated / self.every {
                    scoring.checkpoints.push(scoring.sums);
                }
                let skills = entries.iter().map(|&(p, _)| Skill::from(self.ratings[p as usize]));
                let places = entries.iter().map(|&(_, place)| place);
                sides(skills, places, &game.teams, &mut scoring.skills, &mut scoring.places);
                scoring.sums.add(&scoring.skills, &scoring.places, config.beta);
            }
            rate_game(&mut self.ratings, entries.iter().copied(), &game.teams, config);
            if let Some(marks) = &mut self.marks {
                let played_on = self.order[self.rated].played_on;
                for &(p, _) in entries.iter() {
                    let rating = self.ratings[p as usize];
                    marks[p as usize].push(Mark { pos: self.rated as u32, played_on, rating });
                }
            }
            self.rated += 1;
        }
    }

    /// Starts keeping marks: the next [`Self::ensure_rated`] replays from the first game.
    fn track_marks(&mut self) {
        if self.marks.is_none() {
            self.marks = Some(Vec::new());
            self.dirty_from = 0;
        }
    }

    /// Starts scoring the ratings' accuracy: the next [`Self::ensure_rated`] replays from
    /// the first game.
    fn track_accuracy(&mut self) {
        if self.scoring.is_none() {
            let start = Scoring {
                sums: AccuracySums::default(),
                checkpoints: vec![AccuracySums::default()],
                skills: Vec::new(),
                places: Vec::new(),
            };
            self.scoring = Some(start);
            self.dirty_from = 0;
        }
    }

    /// Everyone's rating after the first `upto` results; call after [`Self::ensure_rated`].
    fn ratings_at(
        &self,
        upto: usize,
        held: &[Option<Held>],
        players: usize,
        config: &WengLinConfig,
    ) -> Vec<WengLinRating> {
        let j = upto / self.every;
        let mut ratings = self.checkpoints[j].clone();
        ratings.resize(players, WengLinRating::new());
        for key in &self.order[j * self.every..upto] {
            let game = held[key.slot as usize].as_ref().expect("a held slot");
            rate_game(&mut ratings, game.entries.iter().copied(), &game.teams, config);
        }
        ratings
    }

    fn heap_bytes(&self) -> usize {
        self.order.capacity() * size_of::<Key>()
            + self.tallies.capacity() * size_of::<Tally>()
            + self.pairs.capacity() * (size_of::<u64>() + size_of::<Pair>() + 1)
            + (self.ratings.capacity() + self.checkpoints.iter().map(Vec::capacity).sum::<usize>())
                * size_of::<WengLinRating>()
            + self
                .marks
                .iter()
                .flatten()
                .map(|line| size_of::<Vec<Mark>>() + line.capacity() * size_of::<Mark>())
                .sum::<usize>()
            + self.games.iter().map(|g| size_of::<Vec<(u32, u32)>>() + g.capacity() * 8).sum::<usize>()
            + self.scoring.as_ref().map_or(0, |s| s.checkpoints.capacity() * size_of::<AccuracySums>())
    }
}

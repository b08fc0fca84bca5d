//! The league table: points, then the league's tie-breakers, shared places.

use super::{LeagueResult, LeagueRules, POINT_UNITS, TieBreaker};
use crate::catalogue::GameKind;
use crate::rating::{Skill, rate_game};
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::ops::Range;

/// Which table to compute: one game only, and/or as it stood at the end of a day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingsQuery {
    /// Only results of this game (Mensch and Ghostbuster together if the league says so).
    #[serde(default)]
    pub game: Option<GameKind>,
    /// Only results played on or before this day.
    #[serde(default)]
    pub as_of: Option<NaiveDate>,
}

/// One line of a league table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingRow {
    /// Players level on points and on every tie-breaker share a place (1, 1, 3).
    pub place: u32,
    pub player: String,
    /// Games counted.
    pub played: u32,
    /// Games won (place 1, shared or not).
    pub wins: u32,
    pub points: f64,
    pub average_place: f64,
    /// Head-to-head points among the players this one was level with when the
    /// head-to-head tie-breaker was applied; `null` when it was not needed.
    pub head_to_head: Option<f64>,
}

/// A table line with the player's Weng-Lin skill, replayed from the same results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatedStandingRow {
    #[serde(flatten)]
    pub row: StandingRow,
    #[serde(flatten)]
    pub skill: Skill,
}

#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    played: u32,
    wins: u32,
    points: i64,
    place_sum: u64,
}

/// A league table being filled with results, one at a time or in a batch; the rows are
/// the same either way and in any order.
#[derive(Debug, Clone)]
pub struct LeagueTable<'r> {
    rules: &'r LeagueRules,
    query: StandingsQuery,
    index: FxHashMap<String, u32>,
    names: Vec<String>,
    tallies: Vec<Tally>,
    /// Head-to-head and ratings need the games themselves: their (player, place)
    /// entries, where each game starts, when it was played (and its id, which orders a
    /// day's games), and the games of each player (kept only for head-to-head).
    keep_games_of: bool,
    entries: Vec<(u32, u32)>,
    game_starts: Vec<u32>,
    game_order: Vec<(NaiveDate, i64)>,
    games_of: Vec<Vec<u32>>,
    awards: Vec<i64>,
    places: Vec<u32>,
}

impl<'r> LeagueTable<'r> {
    pub fn new(rules: &'r LeagueRules, query: StandingsQuery) -> Self {
        LeagueTable {
            rules,
            query,
            index: FxHashMap::default(),
            names: Vec::new(),
            tallies: Vec::new(),
            keep_games_of: rules.tie_breakers.contains(&TieBreaker::HeadToHead),
            entries: Vec::new(),
            game_starts: Vec::new(),
            game_order: Vec::new(),
            games_of: Vec::new(),
            awards: Vec::new(),
            places: Vec::new(),
        }
    }

    /// Counts `result` if it belongs in this table; says whether it did.
    pub fn add(&mut self, result: &LeagueResult) -> bool {
        let date = result.played_on;
        if !self.rules.counts(result.game, self.query.game)
            || !self.rules.season.contains(date)
            || self.query.as_of.is_some_and(|as_of| date > as_of)
        {
            return false;
        }
        self.places.clear();
        self.places.extend(result.placings.iter().map(|p| p.place));
        self.rules.points.award_into(&self.places, &mut self.awards);
        let game = self.game_starts.len() as u32;
        self.game_starts.push(self.entries.len() as u32);
        self.game_order.push((date, result.id));
        let awards = std::mem::take(&mut self.awards);
        for (placing, &award) in result.placings.iter().zip(&awards) {
            let player = self.intern(&placing.player);
            let tally = &mut self.tallies[player as usize];
            tally.played += 1;
            tally.wins += u32::from(placing.place == 1);
            tally.points += award;
            tally.place_sum += u64::from(placing.place);
            self.entries.push((player, placing.place));
            if self.keep_games_of {
                self.games_of[player as usize].push(game);
            }
        }
        self.awards = awards;
        true
    }

    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.index.insert(name.to_owned(), i);
        self.names.push(name.to_owned());
        self.tallies.push(Tally::default());
        if self.keep_games_of {
            self.games_of.push(Vec::new());
        }
        i
    }

    fn game_entries(&self, game: u32) -> &[(u32, u32)] {
        let start = self.game_starts[game as usize] as usize;
        let end = self.game_starts.get(game as usize + 1).map_or(self.entries.len(), |&e| e as usize);
        &self.entries[start..end]
    }

    /// Head-to-head points (in units) of each of `members` against the others.
    fn head_to_head(&self, members: &[u32], in_group: &mut [bool]) -> Vec<i64> {
        for &m in members {
            in_group[m as usize] = true;
        }
        let values = members
            .iter()
            .map(|&m| {
                let mut units = 0i64;
                for &game in &self.games_of[m as usize] {
                    let entries = self.game_entries(game);
                    let Some(&(_, mine)) = entries.iter().find(|(p, _)| *p == m) else { continue };
                    for &(other, theirs) in entries {
                        if other != m && in_group[other as usize] {
                            units += match mine.cmp(&theirs) {
                                Ordering::Less => POINT_UNITS,
                                Ordering::Equal => POINT_UNITS / 2,
                                Ordering::Greater => 0,
                            };
                        }
                    }
                }
                units
            })
            .collect();
        for &m in members {
            in_group[m as usize] = false;
        }
        values
    }

    /// Everyone's skill after replaying this table's games in date order, then by id.
    fn skills(&self) -> Vec<Skill> {
        let mut order: Vec<u32> = (0..self.game_order.len() as u32).collect();
        order.sort_by_key(|&g| self.game_order[g as usize]);
        let mut ratings = vec![skillratings::weng_lin::WengLinRating::new(); self.names.len()];
        let config = skillratings::weng_lin::WengLinConfig::new();
        for game in order {
            rate_game(&mut ratings, self.game_entries(game).iter().copied(), &config);
        }
        ratings.into_iter().map(Skill::from).collect()
    }

    /// The table with every player's skill. Replaying ratings costs several times more
    /// than the points (see the `standings` benchmark), so it is a separate call.
    pub fn rated_rows(&self) -> Vec<RatedStandingRow> {
        let skills = self.skills();
        self.ranked().into_iter().map(|(m, row)| RatedStandingRow { row, skill: skills[m as usize] }).collect()
    }

    /// The table, best first.
    pub fn rows(&self) -> Vec<StandingRow> {
        self.ranked().into_iter().map(|(_, row)| row).collect()
    }

    /// The rows with each player's index.
    fn ranked(&self) -> Vec<(u32, StandingRow)> {
        let t = &self.tallies;
        let mut order: Vec<u32> = (0..self.names.len() as u32).collect();
        let by_points = |a: &u32, b: &u32| t[*b as usize].points.cmp(&t[*a as usize].points);
        order.sort_by(by_points);
        let mut groups = split(&order, 0..order.len(), by_points);
        let mut h2h: Vec<Option<i64>> = vec![None; self.names.len()];
        let mut in_group = vec![false; self.names.len()];
        for breaker in &self.rules.tie_breakers {
            let mut refined = Vec::with_capacity(groups.len());
            for group in groups {
                if group.len() < 2 {
                    refined.push(group);
                    continue;
                }
                let cmp: Box<PlayerOrder> = match breaker {
                    TieBreaker::Wins => Box::new(|a: &u32, b: &u32| t[*b as usize].wins.cmp(&t[*a as usize].wins)),
                    TieBreaker::AveragePlace => Box::new(|a: &u32, b: &u32| {
                        let (a, b) = (&t[*a as usize], &t[*b as usize]);
                        // Exact comparison of place_sum / played without floats.
                        (u128::from(a.place_sum) * u128::from(b.played))
                            .cmp(&(u128::from(b.place_sum) * u128::from(a.played)))
                    }),
                    TieBreaker::HeadToHead => {
                        let members = &order[group.clone()];
                        for (m, v) in members.iter().zip(self.head_to_head(members, &mut in_group)) {
                            h2h[*m as usize] = Some(v);
                        }
                        let h2h = &h2h;
                        Box::new(move |a: &u32, b: &u32| h2h[*b as usize].cmp(&h2h[*a as usize]))
                    }
                };
                order[group.clone()].sort_by(&cmp);
                refined.extend(split(&order, group, &cmp));
            }
            groups = refined;
        }
        let mut rows = Vec::with_capacity(order.len());
        for group in groups {
            let members = &mut order[group.clone()];
            members.sort_by(|a, b| self.names[*a as usize].cmp(&self.names[*b as usize]));
            for &m in members.iter() {
                let tally = t[m as usize];
                rows.push((
                    m,
                    StandingRow {
                        place: group.start as u32 + 1,
                        player: self.names[m as usize].clone(),
                        played: tally.played,
                        wins: tally.wins,
                        points: tally.points as f64 / POINT_UNITS as f64,
                        average_place: tally.place_sum as f64 / f64::from(tally.played),
                        head_to_head: h2h[m as usize].map(|u| u as f64 / POINT_UNITS as f64),
                    },
                ));
            }
        }
        rows
    }
}

/// Orders two players (by index) for one tie-breaker.
type PlayerOrder<'a> = dyn Fn(&u32, &u32) -> Ordering + 'a;

/// Splits the sorted `range` of `order` into runs that compare equal.
fn split(order: &[u32], range: Range<usize>, cmp: impl Fn(&u32, &u32) -> Ordering) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = range.start;
    for i in range.start + 1..range.end {
        if cmp(&order[i - 1], &order[i]) != Ordering::Equal {
            runs.push(start..i);
            start = i;
        }
    }
    if start < range.end {
        runs.push(start..range.end);
    }
    runs
}

/// The table of a league from its results, with every player's Weng-Lin skill.
pub fn rated_standings<'a>(
    rules: &LeagueRules,
    results: impl IntoIterator<Item = &'a LeagueResult>,
    query: StandingsQuery,
) -> Vec<RatedStandingRow> {
    let mut table = LeagueTable::new(rules, query);
    for result in results {
        table.add(result);
    }
    table.rated_rows()
}

/// The table of a league from its results.
pub fn standings<'a>(
    rules: &LeagueRules,
    results: impl IntoIterator<Item = &'a LeagueResult>,
    query: StandingsQuery,
) -> Vec<StandingRow> {
    let mut table = LeagueTable::new(rules, query);
    for result in results {
        table.add(result);
    }
    table.rows()
}

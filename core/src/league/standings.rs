//! The league table: points, then the league's tie-breakers, shared places.

use super::ranking::{StandingRow, Tally, head_to_head_units, rank};
use super::teams::{TeamStandingRow, rank_teams};
use super::{LeagueRules, TieBreaker};
use crate::catalogue::GameKind;
use crate::names::same_name;
use crate::places::{LeagueResult, partners, teams_of};
use crate::rating::{Skill, rate_game};
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

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

/// A table line with the player's Weng-Lin skill, replayed from the same results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatedStandingRow {
    #[serde(flatten)]
    pub row: StandingRow,
    #[serde(flatten)]
    pub skill: Skill,
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
    /// The team of each entry (0: alone), parallel to `entries`.
    teams: Vec<u32>,
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
            teams: Vec::new(),
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
        let teams = teams_of(&result.placings);
        self.rules.points.award_into(&self.places, &teams, &mut self.awards);
        let game = self.game_starts.len() as u32;
        self.game_starts.push(self.entries.len() as u32);
        self.game_order.push((date, result.id));
        let awards = std::mem::take(&mut self.awards);
        for (placing, &award) in result.placings.iter().zip(&awards) {
            let player = self.intern(&placing.player);
            self.tallies[player as usize].apply(placing.place, award, 1);
            self.entries.push((player, placing.place));
            self.teams.push(placing.team.unwrap_or(0));
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

    /// One game's entries and their teams.
    fn game_entries(&self, game: u32) -> (&[(u32, u32)], &[u32]) {
        let start = self.game_starts[game as usize] as usize;
        let end = self.game_starts.get(game as usize + 1).map_or(self.entries.len(), |&e| e as usize);
        (&self.entries[start..end], &self.teams[start..end])
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
                    let (entries, teams) = self.game_entries(game);
                    let Some(seat) = entries.iter().position(|(p, _)| *p == m) else { continue };
                    let mine = entries[seat].1;
                    for (j, &(other, theirs)) in entries.iter().enumerate() {
                        if other != m && in_group[other as usize] && !partners(teams, seat, j) {
                            units += head_to_head_units(mine, theirs);
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

    /// Head-to-head units of player `a` against player `b` over their games together
    /// (kept only with the head-to-head tie-breaker, the only one that asks).
    fn pair_units(&self, a: u32, b: u32) -> i64 {
        let mut units = 0;
        for &game in self.games_of.get(a as usize).into_iter().flatten() {
            let (entries, teams) = self.game_entries(game);
            let Some(i) = entries.iter().position(|(p, _)| *p == a) else { continue };
            let Some(j) = entries.iter().position(|(p, _)| *p == b) else { continue };
            if !partners(teams, i, j) {
                units += head_to_head_units(entries[i].1, entries[j].1);
            }
        }
        units
    }

    /// Everyone's skill after replaying this table's games in date order, then by id.
    fn skills(&self) -> Vec<Skill> {
        let mut order: Vec<u32> = (0..self.game_order.len() as u32).collect();
        order.sort_by_key(|&g| self.game_order[g as usize]);
        let mut ratings = vec![skillratings::weng_lin::WengLinRating::new(); self.names.len()];
        let config = skillratings::weng_lin::WengLinConfig::new();
        for game in order {
            let (entries, teams) = self.game_entries(game);
            rate_game(&mut ratings, entries.iter().copied(), teams, &config);
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
        let mut in_group = vec![false; self.names.len()];
        let everyone = (0..self.names.len() as u32).collect();
        rank(self.rules, everyone, &self.names, &self.tallies, |members| self.head_to_head(members, &mut in_group))
    }
}

/// The team table of a league's fixed teams from its results (see
/// [`LeagueState::team_table`](super::LeagueState::team_table), which gives the same rows).
pub fn team_standings<'a>(
    rules: &LeagueRules,
    results: impl IntoIterator<Item = &'a LeagueResult>,
    query: StandingsQuery,
) -> Vec<TeamStandingRow> {
    let mut table = LeagueTable::new(rules, query);
    for result in results {
        table.add(result);
    }
    let index_of = |name: &str| table.names.iter().position(|n| same_name(n, name)).map(|i| i as u32);
    rank_teams(rules, &table.tallies, index_of, |a, b| table.pair_units(a, b))
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

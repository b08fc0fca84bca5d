//! A team table: a league's fixed teams (a club's pairs, two clubs' members) ranked by the
//! sum of their members' league points, ties broken by the league's tie-breakers applied to
//! the teams. Computed from the same player sums as the league table, so the two never
//! disagree.

use super::ranking::{Tally, rank};
use super::{LeagueRules, POINT_UNITS};
use crate::error::Error;
use crate::names::same_name;
use serde::{Deserialize, Serialize};

/// One team of a league's team table: its name and its roster (player names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TeamRoster {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub name: String,
    /// Its members by name; each player is on one roster at most.
    #[cfg_attr(feature = "openapi", schema(min_items = 1))]
    pub players: Vec<String>,
}

/// One line of a team table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TeamStandingRow {
    /// Teams level on points and on every tie-breaker share a place (1, 1, 3).
    pub place: u32,
    pub team: String,
    /// The roster, as the league's rules name it.
    pub players: Vec<String>,
    /// The members' league points, summed.
    pub points: f64,
    /// The members' games, summed.
    pub played: u32,
    /// The members' wins, summed.
    pub wins: u32,
    /// The members' average place over all their games; `null` before any game.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub average_place: Option<f64>,
    /// Head-to-head points against the teams this one was level with (members placed
    /// ahead of the other teams' members in the same game); `null` when not needed.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub head_to_head: Option<f64>,
}

/// Checks a league's rosters: names follow the name rules (a team's name is shown in
/// tables as a player's is) and are unique, each roster with players, no player on two
/// rosters (names compared as the server compares them).
pub(crate) fn validate(teams: &[TeamRoster]) -> Result<(), Error> {
    for (i, team) in teams.iter().enumerate() {
        crate::names::check_name(&team.name)?;
        if teams[..i].iter().any(|t| same_name(&t.name, &team.name)) {
            return Err(Error::DuplicateTeam { name: team.name.clone() });
        }
        if team.players.is_empty() {
            return Err(Error::EmptyTeam { name: team.name.clone() });
        }
        for (j, player) in team.players.iter().enumerate() {
            crate::names::check_name(player)?;
            if team.players[..j].iter().any(|p| same_name(p, player)) {
                return Err(Error::TeamMemberTwice {
                    player: player.clone(),
                    first: team.name.clone(),
                    second: team.name.clone(),
                });
            }
            if let Some(first) = teams[..i].iter().find(|t| t.players.iter().any(|p| same_name(p, player))) {
                return Err(Error::TeamMemberTwice {
                    player: player.clone(),
                    first: first.name.clone(),
                    second: team.name.clone(),
                });
            }
        }
    }
    Ok(())
}

/// The team table of `rules.teams`: `index_of(name)` finds a roster player's index into
/// `tallies` (none: not played yet), and `units(a, b)` is the head-to-head units of player
/// `a` against player `b` (asked for only when the head-to-head tie-breaker is reached).
pub(crate) fn rank_teams(
    rules: &LeagueRules,
    tallies: &[Tally],
    index_of: impl Fn(&str) -> Option<u32>,
    units: impl Fn(u32, u32) -> i64,
) -> Vec<TeamStandingRow> {
    let members: Vec<Vec<u32>> =
        rules.teams.iter().map(|team| team.players.iter().filter_map(|p| index_of(p)).collect()).collect();
    let team_tallies: Vec<Tally> = members
        .iter()
        .map(|ms| {
            ms.iter().fold(Tally::default(), |mut sum, &m| {
                let t = tallies.get(m as usize).copied().unwrap_or_default();
                sum.played += t.played;
                sum.wins += t.wins;
                sum.points += t.points;
                sum.place_sum += t.place_sum;
                sum
            })
        })
        .collect();
    let names: Vec<&str> = rules.teams.iter().map(|t| t.name.as_str()).collect();
    // Every team is ranked: a minimum of games is a player's rule.
    let team_rules = LeagueRules { min_games: 0, ..rules.clone() };
    let everyone = (0..rules.teams.len() as u32).collect();
    let rows = rank(&team_rules, everyone, &names, &team_tallies, |tied| {
        tied.iter()
            .map(|&t| {
                let others = tied.iter().filter(|&&u| u != t).flat_map(|&u| members[u as usize].iter().copied());
                let others: Vec<u32> = others.collect();
                members[t as usize].iter().map(|&m| others.iter().map(|&o| units(m, o)).sum::<i64>()).sum()
            })
            .collect()
    });
    rows.into_iter()
        .map(|(t, row)| {
            let tally = team_tallies[t as usize];
            TeamStandingRow {
                place: row.place.unwrap_or(1),
                team: row.player,
                players: rules.teams[t as usize].players.clone(),
                points: tally.points as f64 / POINT_UNITS as f64,
                played: tally.played,
                wins: tally.wins,
                average_place: (tally.played > 0).then(|| tally.place_sum as f64 / f64::from(tally.played)),
                head_to_head: row.head_to_head,
            }
        })
        .collect()
}

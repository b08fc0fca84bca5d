//! Ordering a table: points, then the league's tie-breakers, shared places. Shared by
//! the from-scratch table and the incremental league state, which differ only in how
//! they count (and so in how head-to-head points are found).

use super::{LeagueRules, POINT_UNITS, TieBreaker};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::ops::Range;

/// One line of a league table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingRow {
    /// Players level on points and on every tie-breaker share a place (1, 1, 3);
    /// `null` for a player short of the league's `min_games`.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub place: Option<u32>,
    /// False for a player with fewer games than the league's `min_games`: listed after
    /// everyone ranked, without a place.
    pub ranked: bool,
    pub player: String,
    /// Games counted.
    pub played: u32,
    /// Games won (place 1, shared or not).
    pub wins: u32,
    pub points: f64,
    pub average_place: f64,
    /// Head-to-head points among the players this one was level with when the
    /// head-to-head tie-breaker was applied; `null` when it was not needed.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub head_to_head: Option<f64>,
}

/// One player's sums in one table. Every field is a sum over the player's games, so a
/// result can be added and taken away again exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub played: u32,
    pub wins: u32,
    /// League points, in units of 1/[`POINT_UNITS`].
    pub points: i64,
    pub place_sum: u64,
}

impl Tally {
    /// Counts (`sign` = 1) or uncounts (`sign` = -1) one game finished in `place` for `award` units.
    pub fn apply(&mut self, place: u32, award: i64, sign: i8) {
        let won = u32::from(place == 1);
        if sign > 0 {
            self.played += 1;
            self.wins += won;
            self.points += award;
            self.place_sum += u64::from(place);
        } else {
            self.played -= 1;
            self.wins -= won;
            self.points -= award;
            self.place_sum -= u64::from(place);
        }
    }
}

/// Orders two players (by index) for one tie-breaker.
type PlayerOrder<'a> = dyn Fn(&u32, &u32) -> Ordering + 'a;

/// The rows of a table, best first, each with its player's index: `players` are the
/// indices of everyone in the table, `tallies` and `names` are indexed by player, and
/// `head_to_head(members)` gives each member's head-to-head units against the others.
/// Players short of the league's `min_games` come after everyone ranked, ordered among
/// themselves by the same rules, without a place.
pub(crate) fn rank(
    rules: &LeagueRules,
    players: Vec<u32>,
    names: &[impl AsRef<str>],
    tallies: &[Tally],
    mut head_to_head: impl FnMut(&[u32]) -> Vec<i64>,
) -> Vec<(u32, StandingRow)> {
    let (ranked, short): (Vec<u32>, Vec<u32>) =
        players.into_iter().partition(|&p| tallies[p as usize].played >= rules.min_games);
    let mut rows = rank_among(rules, ranked, names, tallies, &mut head_to_head);
    let mut unranked = rank_among(rules, short, names, tallies, &mut head_to_head);
    for (_, row) in &mut unranked {
        row.place = None;
        row.ranked = false;
    }
    rows.append(&mut unranked);
    rows
}

/// Ranks `order` among themselves: points, then the league's tie-breakers.
fn rank_among(
    rules: &LeagueRules,
    mut order: Vec<u32>,
    names: &[impl AsRef<str>],
    tallies: &[Tally],
    head_to_head: &mut impl FnMut(&[u32]) -> Vec<i64>,
) -> Vec<(u32, StandingRow)> {
    let t = tallies;
    let by_points = |a: &u32, b: &u32| t[*b as usize].points.cmp(&t[*a as usize].points);
    order.sort_by(by_points);
    let mut groups = split(&order, 0..order.len(), by_points);
    let mut h2h: Vec<Option<i64>> = vec![None; names.len()];
    for breaker in &rules.tie_breakers {
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
                    for (m, v) in members.iter().zip(head_to_head(members)) {
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
        members.sort_by(|a, b| names[*a as usize].as_ref().cmp(names[*b as usize].as_ref()));
        for &m in members.iter() {
            let tally = t[m as usize];
            rows.push((
                m,
                StandingRow {
                    place: Some(group.start as u32 + 1),
                    ranked: true,
                    player: names[m as usize].as_ref().to_owned(),
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

/// Head-to-head units for a tie: one point for each time a player placed ahead of
/// another in the same game, half a point for each tie.
pub(crate) fn head_to_head_units(mine: u32, theirs: u32) -> i64 {
    match mine.cmp(&theirs) {
        Ordering::Less => POINT_UNITS,
        Ordering::Equal => POINT_UNITS / 2,
        Ordering::Greater => 0,
    }
}

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

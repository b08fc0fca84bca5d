//! A club night (an event) as the league sees it: the night's own table, and how the
//! night moved the league table.

use super::{LeagueRules, RatedStandingRow, StandingRow, StandingsQuery, standings};
use crate::places::LeagueResult;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The table of one night's games alone, under the league's points and tie-breakers.
/// Everyone of the night is ranked: a minimum of games is a season's rule, not a night's.
pub fn night_table<'a>(rules: &LeagueRules, results: impl IntoIterator<Item = &'a LeagueResult>) -> Vec<StandingRow> {
    let rules = LeagueRules { min_games: 0, ..rules.clone() };
    standings(&rules, results, StandingsQuery::default())
}

/// The night's winners: everyone in the night table's first place (several on a tie).
pub fn night_winners(table: &[StandingRow]) -> Vec<String> {
    table.iter().filter(|row| row.place == Some(1)).map(|row| row.player.clone()).collect()
}

/// One player's line in the league table before and after a night.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableMove {
    pub player: String,
    /// `null` when the player was not in the table before the night, or not ranked.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub place_before: Option<u32>,
    /// `null` when the player is not ranked (short of the league's `min_games`).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub place_after: Option<u32>,
    pub points_before: f64,
    pub points_after: f64,
    /// The shown rating (`rating_display`) before; `null` for a first night.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub rating_before: Option<f64>,
    pub rating_after: f64,
}

/// How the league table changed between `before` and `after`, in the order of `after`:
/// every player of the table after, with where they stood before.
pub fn table_change(before: &[RatedStandingRow], after: &[RatedStandingRow]) -> Vec<TableMove> {
    let earlier: HashMap<&str, &RatedStandingRow> = before.iter().map(|r| (r.row.player.as_str(), r)).collect();
    after
        .iter()
        .map(|now| {
            let then = earlier.get(now.row.player.as_str());
            TableMove {
                player: now.row.player.clone(),
                place_before: then.and_then(|t| t.row.place),
                place_after: now.row.place,
                points_before: then.map_or(0.0, |t| t.row.points),
                points_after: now.row.points,
                rating_before: then.map(|t| t.skill.rating_display),
                rating_after: now.skill.rating_display,
            }
        })
        .collect()
}

//! The query of a league table.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spielstand_core::GameKind;
use spielstand_core::RatedStandingRow;

/// Which table of a league (of players, or of teams): one game's, and/or as it stood at
/// the end of a day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct StandingsParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// The table as it stood at the end of this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<NaiveDate>,
    /// The table as it stood after this club night of the league (a matchday table): at
    /// the end of the night's date. With `as_of` too, the earlier of the two days.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_event: Option<i64>,
    /// How the CSV writes numbers (`standings.csv`, or `Accept: text/csv`): `de` for a
    /// German spreadsheet (semicolons, decimal commas); `en` (the default) with commas and
    /// decimal points. The JSON is the same for both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(inline))]
    pub locale: Option<CsvLocale>,
}

impl crate::query::Query for StandingsParams {
    const OPERATIONS: &'static [&'static str] =
        &["get_standings", "get_standings_csv", "get_team_standings", "get_team_standings_csv"];

    fn every() -> Self {
        StandingsParams {
            game: Some(GameKind::Rangeln),
            as_of: NaiveDate::from_ymd_opt(2026, 1, 1),
            after_event: Some(1),
            locale: Some(CsvLocale::De),
        }
    }
}

/// How a CSV table writes its numbers; every figure with at most two decimals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum CsvLocale {
    /// `,` between fields, `.` before decimals.
    #[default]
    En,
    /// `;` between fields, `,` before decimals, as German spreadsheets read it.
    De,
}

/// Which of a league's views: one game's, or all (a player's ratings).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct GameParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
}

impl crate::query::Query for GameParams {
    const OPERATIONS: &'static [&'static str] = &["get_player_league_ratings", "get_rating_accuracy"];

    fn every() -> Self {
        GameParams { game: Some(GameKind::Rangeln) }
    }
}

/// Which head-to-head records of a league: one game's or all, every pair or one
/// player's, a page of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct HeadToHeadParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// Only the pairs of this player (by id), the player first in each, opponents in
    /// table order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<i64>,
    /// Page number, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(value_type = Option<i64>, minimum = 1, maximum = 4294967295_u64))]
    pub page: Option<u32>,
    /// Pairs per page, 1 to 5000 (default 1000: every pair of a league of up to 45
    /// players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(minimum = 1, maximum = 5000))]
    pub per_page: Option<u32>,
}

impl crate::query::Query for HeadToHeadParams {
    const OPERATIONS: &'static [&'static str] = &["get_head_to_head"];

    fn every() -> Self {
        HeadToHeadParams { game: Some(GameKind::Rangeln), player: Some(1), page: Some(1), per_page: Some(10) }
    }
}

/// A league's team table (`GET /leagues/{id}/standings/teams`): its fixed teams ranked by
/// the sum of their members' league points, from the same state as the table of players.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TeamStandings {
    pub league_id: i64,
    pub league_revision: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub as_of: Option<NaiveDate>,
    /// Always `team`: what tells this body from a table of players.
    pub by: ByTeam,
    pub rows: Vec<spielstand_core::TeamStandingRow>,
}

/// A league table of players.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Standings {
    pub league_id: i64,
    pub league_revision: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub as_of: Option<NaiveDate>,
    /// Always `player`: what tells this body from a team table. (Read as `player` from
    /// a server older than team tables, which did not send it.)
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub by: ByPlayer,
    pub rows: Vec<RatedStandingRow>,
}

/// `player`, the only value: a table of players.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ByPlayer {
    #[default]
    Player,
}

/// `team`, the only value: a team table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ByTeam {
    #[default]
    Team,
}

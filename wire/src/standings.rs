//! The query of a league table.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spielstand_core::GameKind;

/// Which table of a league: one game's, and/or as it stood at the end of a day.
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
}

/// Which head-to-head records of a league: one game's, or all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct HeadToHeadParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
}

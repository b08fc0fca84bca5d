//! Players: a name, and the ratings made of their results in every league.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::{GameKind, Skill, SkillAfterGame};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// Set when this player was merged into another (`POST /players/{id}/merge`): the id
    /// of the player kept, whom this name now stands for. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged_into: Option<i64>,
}

/// Which player a merged one becomes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct MergeRequest {
    /// The player kept: every result of the merged player counts for this one.
    pub into: i64,
}

/// A merge done or undone.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerMerge {
    /// The merged player (its `merged_into` set by a merge, cleared by its undo).
    pub player: Player,
    /// The player kept.
    pub into: Player,
    /// Seats moved: from the merged player to the kept one, or back.
    pub seats_moved: u64,
    /// The leagues whose tables changed (each has a new revision), by id.
    pub leagues: Vec<i64>,
}

/// A player's name: any script, unique ignoring case and Unicode normal forms, without `,` or `=` or invisible characters.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerName {
    #[cfg_attr(feature = "openapi", schema(schema_with = spielstand_core::names::schema))]
    pub name: String,
}

/// A player's Weng-Lin ratings, one per game, from every league's results.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerRatings {
    pub player: Player,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub as_of: Option<NaiveDate>,
    /// Games the player has played, in catalogue order.
    pub games: Vec<GameRating>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameRating {
    pub game: GameKind,
    /// The skill after the last game (as of the requested day).
    pub current: Skill,
    /// The skill after each of the player's games, oldest first.
    pub history: Vec<SkillAfterGame>,
}

/// Which of a player's ratings (`GET /players/{id}/ratings`): as they stood at the end of a day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct PlayerRatingsParams {
    /// Ratings as they stood at the end of this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<NaiveDate>,
}

impl crate::query::Query for PlayerRatingsParams {
    const OPERATIONS: &'static [&'static str] = &["player_ratings"];

    fn every() -> Self {
        PlayerRatingsParams { as_of: NaiveDate::from_ymd_opt(2026, 1, 1) }
    }
}

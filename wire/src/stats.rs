//! A league's statistics beyond its table: head-to-head pairs, a player's record and ratings.

use serde::{Deserialize, Serialize};
use spielstand_core::{GameKind, PairRecord, PlayerStats, RatingPoint};

/// How every two players of a league (or of one game) fared in their games together: a
/// page of the pairs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HeadToHead {
    pub league_id: i64,
    pub league_revision: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    /// The player whose pairs these are; `null` for every pair.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub player_id: Option<i64>,
    /// Each pair that played together once, the one higher in the table first, in table
    /// order (with `player_id`: that player first, opponents in table order).
    pub pairs: Vec<PairRecord>,
    // The defaults read an older server's answer, which held every pair on one page.
    #[serde(default = "first_page")]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub page: u32,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub per_page: u32,
    /// Pairs on all pages.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub total: i64,
}

fn first_page() -> u32 {
    1
}

/// A player's record in one league.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaguePlayerStats {
    pub league_id: i64,
    pub league_revision: i64,
    #[serde(flatten)]
    pub stats: PlayerStats,
}

/// A player's rating in one league (or one game of it) at the end of every day they
/// played, oldest first.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaguePlayerRatings {
    pub league_id: i64,
    pub league_revision: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    pub player_id: i64,
    pub player: String,
    /// Empty when the player has no counted game.
    pub points: Vec<RatingPoint>,
}

/// How well a league's ratings predicted its games (`GET /leagues/{id}/ratings/accuracy`):
/// each game predicted from the ratings just before it, against the uniform guess.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueRatingAccuracy {
    pub league_id: i64,
    pub league_revision: i64,
    /// The table's game; `null` for the league-wide table.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<spielstand_core::GameKind>,
    #[serde(flatten)]
    pub accuracy: spielstand_core::accuracy::RatingAccuracy,
}

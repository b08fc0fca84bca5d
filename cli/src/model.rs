//! The API's response bodies as the CLI reads them. Game data is core's own types, in
//! exactly the API's JSON shape; only the envelopes are declared here.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::RangelnScore;
use spielstand_core::{GameKind, GameRecord, LeagueRules, Placing, RatedStandingRow, Skill, SkillAfterGame};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct League {
    pub id: i64,
    pub name: String,
    pub revision: i64,
    pub rules: LeagueRules,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of `POST /leagues`.
#[derive(Debug, Clone, Serialize)]
pub struct LeagueInput {
    pub name: String,
    pub rules: LeagueRules,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredResult {
    pub id: i64,
    pub league_id: i64,
    pub revision: i64,
    pub record: GameRecord,
    pub placings: Vec<Placing>,
    #[serde(default)]
    pub rangeln: Option<RangelnScore>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub revision: i64,
    pub action: String,
    pub at: DateTime<Utc>,
    pub token_name: String,
    pub before: Option<GameRecord>,
    pub after: Option<GameRecord>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Standings {
    pub league_id: i64,
    pub league_revision: i64,
    pub game: Option<GameKind>,
    pub as_of: Option<NaiveDate>,
    pub rows: Vec<RatedStandingRow>,
}

/// `GET /players/{id}/ratings`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlayerRatings {
    pub games: Vec<GameRating>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRating {
    pub game: GameKind,
    pub current: Skill,
    pub history: Vec<SkillAfterGame>,
}

//! The server's own answers: its health, and a Rangeln round scored without storing it.

use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::{PlayerScore, RoundInput};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Health {
    /// `ok` when the database answers.
    pub status: String,
    pub version: String,
}

/// A Rangeln round to score without storing anything.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoreRequest {
    /// The players in seat order: seat 1 is piece `A` on a board. Names compare
    /// ignoring case: two that differ only in case are refused (422).
    #[cfg_attr(feature = "openapi", schema(schema_with = spielstand_core::openapi::rangeln_players))]
    pub players: Vec<String>,
    pub round: RoundInput,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoreResponse {
    /// Scores in seat order.
    pub scores: Vec<PlayerScore>,
    /// The final position in the board text format, for a round given as a board or
    /// move by move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// What the referee noted beyond accepting, e.g. a turn that ended stuck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

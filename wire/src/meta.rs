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

/// Whether this process should be sent traffic (`GET /api/v1/ready`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Ready {
    /// `ready`: the database answers and holds exactly the migrations this binary knows.
    pub status: String,
    pub version: String,
    /// Migrations applied to the database.
    pub migrations: usize,
    /// The read replica, when the server was started with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replica: Option<ReplicaStatus>,
}

/// How the read replica is doing. Its state never makes the process unready: tables are
/// read from the primary meanwhile.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReplicaStatus {
    /// Whether tables are read from the replica now.
    pub in_use: bool,
    /// How far its replay is behind, in milliseconds; absent while it does not answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lag_ms: Option<u64>,
    /// Why the primary is read instead, when it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
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

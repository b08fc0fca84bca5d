//! Results as stored: the record as entered, its places, and the history of its changes.

use crate::paging::{Listed, Page};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::RangelnScore;
use spielstand_core::{GameRecord, Placing};

/// A stored result: the record as entered (with the players' current names) and its places.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoredResult {
    pub id: i64,
    pub league_id: i64,
    /// Send it back in `If-Match` to correct or delete the result.
    pub revision: i64,
    pub record: GameRecord,
    pub placings: Vec<Placing>,
    /// Round scores and totals, for Rangeln only.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub rangeln: Option<RangelnScore>,
    /// Where it was imported from; `null` for a result recorded here.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub source: Option<crate::ResultSource>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub type ResultPage = Page<StoredResult>;

impl Listed for StoredResult {
    const PAGE: &'static str = "ResultPage";
    const TOTAL: &'static str = "Results matching the filter, on all pages.";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Action {
    Recorded,
    Corrected,
    Deleted,
}

/// One change of a result, as kept in its audit trail.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HistoryEntry {
    /// The result's revision after this change.
    pub revision: i64,
    pub action: Action,
    pub at: DateTime<Utc>,
    /// Name of the write token that made the change; `null` unless the request carries
    /// a valid write token (the names of a club's tokens are not public).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub token_name: Option<String>,
    /// The record before the change; `null` when it was recorded.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub before: Option<GameRecord>,
    /// The record after the change; `null` when it was deleted.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub after: Option<GameRecord>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_of_every_slugged_enum_is_its_serde_name() {
        spielstand_core::check_slugs::<Action>().unwrap();
    }
}

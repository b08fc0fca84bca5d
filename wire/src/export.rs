//! A whole league as one JSON document (`GET /api/v1/leagues/{id}/export`): enough to
//! recreate it on another server with identical standings and ratings.

use crate::{Event, League, Player, StoredResult};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The document's `format`; a reader refuses another.
pub const EXPORT_FORMAT: &str = "spielstand-export/1";

/// A league with everything in it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueExport {
    /// `spielstand-export/1`.
    pub format: String,
    pub exported_at: DateTime<Utc>,
    /// Its name, rules and revision at the time of the export.
    pub league: League,
    /// Every player seated in one of its results, by name.
    pub players: Vec<Player>,
    /// Its club nights, oldest first.
    pub events: Vec<Event>,
    /// Every live result with its id, revision, source and dates, in the order recorded
    /// (by id): the order ratings are replayed in among games of one day.
    pub results: Vec<StoredResult>,
}

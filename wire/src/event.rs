//! Club nights (events): the games of one evening of a league, and what the night did.

use crate::results::StoredResult;
use crate::seating::{Attendee, Round};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::{StandingRow, TableMove};

/// Longest title and location, in characters.
pub const MAX_EVENT_TEXT: usize = 200;

/// A club night to create, or the new state of one.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventInput {
    /// What the night is called, e.g. `Clubabend November`.
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 200,
            pattern = r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]([^\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]*[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8])?$"
        )
    )]
    pub title: String,
    /// The night's date: every game of the night is played on it.
    pub date: NaiveDate,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 200,
            pattern = r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]([^\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]*[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8])?$"
        )
    )]
    pub location: Option<String>,
}

/// A club night of a league.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Event {
    pub id: i64,
    pub league_id: i64,
    pub title: String,
    pub date: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub location: Option<String>,
    /// Games recorded for the night.
    pub games: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When an admin closed the night (`POST /events/{id}/close`); from then on results
    /// naming it are refused. `null` while it is open.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub closed_at: Option<DateTime<Utc>>,
}

/// A club night and what happened at it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventReport {
    #[serde(flatten)]
    pub event: Event,
    /// The league's revision the table change was read at.
    pub league_revision: i64,
    /// Everyone who played that night, by name.
    pub players: Vec<String>,
    /// Every game of the night with its places, in the order they were recorded.
    pub results: Vec<StoredResult>,
    /// The night's own table: its games alone, under the league's points.
    pub table: Vec<StandingRow>,
    /// First in the night's table (several on a tie; none without games).
    pub winners: Vec<String>,
    /// The league table after the night's date, each player with where they stood the
    /// day before.
    pub table_change: Vec<TableMove>,
    /// Who checked in, in the order they arrived.
    pub attendees: Vec<Attendee>,
    /// The rounds drawn, each table with its result once recorded.
    pub rounds: Vec<Round>,
}

/// One frame of a club night's live stream (`GET /events/{id}/stream`, Server-Sent
/// Events): the `data` of each `event: night`, as JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NightFrame {
    /// The night, as `GET /events/{id}` answers it.
    pub report: EventReport,
    /// The night's live part of the pages, rendered by the server, in each language.
    pub html: LiveHtml,
}

/// A part of a page in each language the pages speak.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LiveHtml {
    pub de: String,
    pub en: String,
}

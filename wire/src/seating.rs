//! A club night's seating: who checked in, and the rounds drawn for them (numbered
//! tables, players in seat order with their predictions).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::GameKind;
use spielstand_core::draw::DrawMethod;
use std::collections::BTreeMap;

/// The largest seed a draw takes: 2^53 - 1, the largest integer every JSON client reads
/// exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A player named by id or by name (names compare ignoring case).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PlayerRef {
    Id(i64),
    Name(String),
}

impl std::fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerRef::Id(id) => write!(f, "player {id}"),
            PlayerRef::Name(name) => f.write_str(name),
        }
    }
}

/// Players arriving at a night.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckIn {
    /// Names or ids; someone already checked in stays so.
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 200))]
    pub players: Vec<PlayerRef>,
}

/// A player present at a night.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Attendee {
    pub player_id: i64,
    pub player: String,
    pub checked_in_at: DateTime<Utc>,
}

/// What a round's draw is asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DrawInput {
    /// The game the round plays: one of the league's games.
    pub game: GameKind,
    pub method: DrawMethod,
    /// A preferred table size (docs/rules.md "Club nights: tables and seats"); without it, as
    /// few tables as possible, sizes differing by at most one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 2, maximum = 6))]
    pub size: Option<u32>,
    /// The seed of the draw: the same seed, players, pins and history give the same
    /// tables. Drawn by the server when absent; always shown in the round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 9007199254740991_u64))]
    pub seed: Option<u64>,
    /// Players who must sit at a given table: name (or id, written as a number) to table
    /// number, from 1.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pin: BTreeMap<String, u32>,
    /// Pairs of players who must not share a table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(schema_with = pairs_schema))]
    pub apart: Vec<[PlayerRef; 2]>,
}

/// A list of pairs of players: arrays of exactly two names or ids.
#[cfg(feature = "openapi")]
fn pairs_schema() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::ArrayBuilder;
    let pair = ArrayBuilder::new()
        .items(utoipa::openapi::Ref::from_schema_name("PlayerRef"))
        .min_items(Some(2))
        .max_items(Some(2));
    ArrayBuilder::new().items(pair).build()
}

/// A player's chances at their table, from the league-wide ratings at the draw.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Prediction {
    /// The probability of winning the table (Weng-Lin `predict_win`); a table's sum to 1.
    pub win: f64,
    /// The predicted place: 1 for the likeliest winner, equal chances sharing a place.
    pub place: u32,
}

/// One seat of a drawn table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Seat {
    /// From 1; seat 1 is the start player.
    pub seat: u32,
    pub player: String,
    pub player_id: i64,
    /// Seat 1: this player starts.
    pub start: bool,
    pub prediction: Prediction,
}

/// A numbered table of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DrawnTable {
    pub number: u32,
    pub seats: Vec<Seat>,
    /// The result recorded for this table (its game, by exactly its players, recorded
    /// after the draw); `null` while the table plays.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub result_id: Option<i64>,
    /// That result's status (a member's entry is `pending` until confirmed); absent while
    /// the table plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_status: Option<crate::ResultStatus>,
}

/// One round of a night: its tables as drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Round {
    pub event_id: i64,
    /// From 1, in the order the rounds were drawn.
    pub number: u32,
    pub game: GameKind,
    pub method: DrawMethod,
    pub seed: u64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub size: Option<u32>,
    pub pin: BTreeMap<String, u32>,
    #[cfg_attr(feature = "openapi", schema(schema_with = pairs_schema))]
    pub apart: Vec<[PlayerRef; 2]>,
    /// When the tables were (last) drawn.
    pub drawn_at: DateTime<Utc>,
    pub tables: Vec<DrawnTable>,
}

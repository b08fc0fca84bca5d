//! The resources of the HTTP API: what it sends and receives, beyond core's own types
//! (which it uses as they are).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::{PlayerScore, RangelnScore, RoundInput};
use spielstand_core::{
    GameKind, GameRecord, LeagueRules, PairRecord, Placing, PlayerStats, RatedStandingRow, RatingPoint, Skill,
    SkillAfterGame,
};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
}

/// A player's name: any script, unique ignoring case and Unicode normal forms, without `,` or `=` or invisible characters.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerName {
    #[cfg_attr(feature = "openapi", schema(schema_with = spielstand_core::names::schema))]
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct League {
    pub id: i64,
    pub name: String,
    /// Changes with every write that can change the league's standings.
    pub revision: i64,
    pub rules: LeagueRules,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A league to create, or the new state of one to update.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = spielstand_core::names::schema))]
    pub name: String,
    pub rules: LeagueRules,
}

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

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResultPage {
    pub items: Vec<StoredResult>,
    pub page: u32,
    pub per_page: u32,
    /// Results matching the filter, on all pages.
    pub total: i64,
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

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Standings {
    pub league_id: i64,
    pub league_revision: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub as_of: Option<NaiveDate>,
    pub rows: Vec<RatedStandingRow>,
}

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

/// What a write token may do, chosen when it is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TokenScope {
    /// Everything: leagues, renames, webhooks, club nights, any result, `If-Match: *`.
    Admin,
    /// The table laptop's: add players, record results, start club nights, and correct
    /// or delete the results it recorded itself (`If-Match` naming a revision, never `*`).
    Record,
}

impl TokenScope {
    pub fn slug(self) -> &'static str {
        match self {
            TokenScope::Admin => "admin",
            TokenScope::Record => "record",
        }
    }
}

impl std::fmt::Display for TokenScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

impl std::str::FromStr for TokenScope {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "admin" => Ok(TokenScope::Admin),
            "record" => Ok(TokenScope::Record),
            _ => Err(format!("{s:?} is not a scope: admin or record")),
        }
    }
}

/// The write token a request carries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TokenName {
    /// The name it was created under; it signs the audit trail.
    pub name: String,
    pub scope: TokenScope,
    /// The one league the token may change; `null`: every league.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub league_id: Option<i64>,
}

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

/// A URL to tell about every result recorded, corrected or deleted in a league.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookInput {
    /// An `http://` or `https://` URL; each change is POSTed to it as a [`WebhookEvent`].
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::webhook::url_schema))]
    pub url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Webhook {
    pub id: i64,
    pub league_id: i64,
    pub url: String,
    /// Name of the write token that registered it.
    pub token_name: String,
    pub created_at: DateTime<Utc>,
    /// When it was paused because the token that registered it was revoked: nothing is
    /// delivered until an admin enables it (`POST /webhooks/{id}/enable`). `null` while
    /// it delivers.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub paused_at: Option<DateTime<Utc>>,
}

/// A webhook just registered: the only answer that shows its secret.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewWebhook {
    #[serde(flatten)]
    pub webhook: Webhook,
    /// The HMAC-SHA256 key: every delivery carries
    /// `X-Spielstand-Signature: sha256=<hex of HMAC-SHA256(secret, body)>`. Store it now:
    /// it cannot be shown again.
    pub secret: String,
}

/// What a webhook receives, as the JSON body of a POST: one change of one result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WebhookEvent {
    /// Unique per change, also sent as `X-Spielstand-Event-Id`. A delivery may arrive
    /// more than once (at-least-once): ignore an id already seen.
    pub id: String,
    pub action: Action,
    pub occurred_at: DateTime<Utc>,
    pub league_id: i64,
    pub result_id: i64,
    /// The result's revision after the change. Deliveries are not ordered: a receiver
    /// keeps the highest revision it has seen.
    pub revision: i64,
    /// The result as now stored; `null` when it was deleted.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub result: Option<StoredResult>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum DeliveryStatus {
    /// Waiting for its first attempt or for a retry.
    Pending,
    /// A 2xx came back.
    Delivered,
    /// Every attempt failed; it is not tried again.
    Failed,
}

/// One event on its way to one webhook.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Delivery {
    pub id: i64,
    pub webhook_id: i64,
    pub event_id: String,
    pub action: Action,
    pub result_id: i64,
    pub status: DeliveryStatus,
    /// Attempts made so far.
    pub attempts: i32,
    /// When it is tried next; `null` unless pending.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub next_attempt_at: Option<DateTime<Utc>>,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub last_attempt_at: Option<DateTime<Utc>>,
    /// The HTTP status the receiver answered the last attempt with, if it answered.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub last_status: Option<i32>,
    /// Why the last attempt failed; `null` once delivered.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub delivered_at: Option<DateTime<Utc>>,
    /// The body sent, exactly as signed.
    pub payload: WebhookEvent,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeliveryPage {
    pub items: Vec<Delivery>,
    pub page: u32,
    pub per_page: u32,
    /// Deliveries matching the filter, on all pages.
    pub total: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_of_every_slugged_enum_is_its_serde_name() {
        spielstand_core::check_slugs::<Action>().unwrap();
        spielstand_core::check_slugs::<DeliveryStatus>().unwrap();
        spielstand_core::check_slugs::<crate::BatchStatus>().unwrap();
    }
}

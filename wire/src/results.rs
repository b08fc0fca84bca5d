//! Results as stored: the record as entered, its places, and the history of its changes.

use crate::paging::{Listed, Page};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::RangelnScore;
use spielstand_core::{GameKind, GameRecord, Placing};

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
    /// `confirmed` counts; a result entered with a night pass is `pending` until its
    /// tablemates (the league's `confirmations`) or the organiser confirm it, or
    /// `rejected` by a tablemate until the organiser settles it. Neither counts in any
    /// table, rating, statistic, export, feed or webhook.
    #[serde(default)]
    pub status: ResultStatus,
    /// For a result entered with a night pass: who entered it, who confirmed it, why it
    /// was rejected. Absent for a result a token recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
}

/// Whether a result counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum ResultStatus {
    /// Entered with a night pass; waits for its tablemates or the organiser.
    Pending,
    /// Counts.
    #[default]
    Confirmed,
    /// A tablemate said it is wrong; waits for the organiser.
    Rejected,
}

impl ResultStatus {
    pub fn slug(self) -> &'static str {
        self.into()
    }
}

/// Which of a league's results to list (`GET /leagues/{id}/results`), and which page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct ResultsParams {
    /// Only results of this game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// Only results played on or after this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<NaiveDate>,
    /// Only results played on or before this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<NaiveDate>,
    /// Only the games of this club night.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<i64>,
    /// Only results of this status: `confirmed` (the default: what counts), `pending`,
    /// `rejected` or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(inline))]
    pub status: Option<StatusFilter>,
    /// Page number, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(value_type = Option<i64>, minimum = 1, maximum = 4294967295_u64))]
    pub page: Option<u32>,
    /// Items per page, 1 to 500 (default 50).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(minimum = 1, maximum = 500))]
    pub per_page: Option<u32>,
}

impl crate::query::Query for ResultsParams {
    const OPERATIONS: &'static [&'static str] = &["list_results"];

    fn every() -> Self {
        ResultsParams {
            game: Some(GameKind::Rangeln),
            from: NaiveDate::from_ymd_opt(2026, 1, 1),
            to: NaiveDate::from_ymd_opt(2026, 12, 31),
            event: Some(1),
            status: Some(StatusFilter::All),
            page: Some(1),
            per_page: Some(10),
        }
    }
}

/// Which results a listing shows, by status (`confirmed` by default: what counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum StatusFilter {
    #[default]
    Confirmed,
    Pending,
    Rejected,
    /// Every status.
    All,
}

/// How a result entered with a night pass stands with its table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Review {
    /// Who entered it: "pass of Anna, night 3".
    pub entered_by: String,
    /// The player whose pass entered it.
    pub entered_by_player: String,
    /// The pass it was entered with (its `id` in the night's passes).
    pub entered_with_pass: i64,
    /// Confirmations it waits for in all (0 once the organiser accepted it).
    pub needed: u32,
    /// The tablemates who confirmed this revision of it.
    pub confirmed_by: Vec<String>,
    /// Each confirmation of this revision: by which player, with which pass, when. A
    /// confirmation is a player's, never the entering player's, whatever pass carries it.
    pub confirmations: Vec<Confirmation>,
    /// Why it was rejected, while it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejection: Option<Rejection>,
}

/// A tablemate's confirmation of a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Confirmation {
    /// The tablemate who confirmed.
    pub player: String,
    /// The pass they confirmed with (its `id` in the night's passes); `null` for a
    /// confirmation given before passes were recorded with it.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub pass: Option<i64>,
    pub at: DateTime<Utc>,
}

/// A tablemate's rejection of a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Rejection {
    /// Who rejected it: "pass of Ben, night 3".
    pub by: String,
    /// The tablemate who rejected it.
    pub by_player: String,
    pub reason: String,
    pub at: DateTime<Utc>,
}

/// `POST /results/{id}/reject`: why the result is wrong, for the organiser.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RejectInput {
    /// What is wrong, in a few words ("Ben came second, not third"): visible text, no
    /// line breaks.
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 200,
            pattern = r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]([^\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]*[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8])?$"
        )
    )]
    pub reason: String,
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
    /// Confirmed by a tablemate or accepted by the organiser (history only: webhooks hear
    /// of a confirmed result as `recorded`).
    Confirmed,
    /// Rejected by a tablemate (history only).
    Rejected,
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

//! Many results in one request (`POST /api/v1/leagues/{id}/results/batch`): what importers
//! send, each item with its own idempotency key, and each answered on its own.

use crate::Problem;
use serde::{Deserialize, Serialize};
use spielstand_core::GameRecord;

/// Most results in one batch.
pub const MAX_BATCH_ITEMS: usize = 1000;

/// Where a result came from when it was imported: the app and the play's id there. A
/// league holds at most one result per source id, so importing a file again adds nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResultSource {
    /// The app, e.g. `bgstats`, `bgg` or `spielstand`.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 40, pattern = "^[a-z0-9][a-z0-9-]{0,39}$"))]
    pub system: String,
    /// The play's id in that app (BG Stats: the play's uuid; BoardGameGeek: the play id,
    /// with `#k` for the k-th game of a play logged with a quantity).
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 200))]
    pub id: String,
}

/// One result of a batch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct BatchItem {
    /// As the `Idempotency-Key` header of a single post: the same key with the same item
    /// is stored once, and sent again it is answered `replayed`.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"))]
    pub idempotency_key: String,
    /// Where the result was imported from; an item whose source id the league already
    /// holds is answered `replayed` with that result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ResultSource>,
    /// A game record exactly as `record_result` takes it (`GameRecord`). It is judged per
    /// item: one that breaks a rule is answered `refused` with its problem, and the others
    /// are stored; so for the request as a whole any object is acceptable here.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub record: GameRecord,
}

/// Up to 1,000 results for one league.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct BatchInput {
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 1000))]
    pub items: Vec<BatchItem>,
}

/// What became of one item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum BatchStatus {
    /// Stored now.
    Created,
    /// Stored before: by an earlier request with this key, or from this source id.
    Replayed,
    /// Not stored: `problem` says why, as a single post would have answered.
    Refused,
}

/// The answer for one item, in the order sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchItemOutcome {
    /// The item's position in the batch, from 0.
    pub index: usize,
    pub idempotency_key: String,
    pub status: BatchStatus,
    /// The stored result's id; `null` when refused.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub result_id: Option<i64>,
    /// Why the item was refused; `null` otherwise.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub problem: Option<Problem>,
}

/// Every item's outcome, and how many of each.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchOutcome {
    pub created: usize,
    pub replayed: usize,
    pub refused: usize,
    pub items: Vec<BatchItemOutcome>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_is_its_serde_name() {
        spielstand_core::check_slugs::<BatchStatus>().unwrap();
    }
}

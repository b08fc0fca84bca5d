//! Webhooks: what a webhook's URL may be (the server's check and the OpenAPI document's
//! pattern), the webhook itself, what it receives, and its deliveries.

use crate::paging::{Listed, Page};
use crate::results::{Action, StoredResult};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Longest accepted webhook URL, in characters; longer ones are not webhooks but
/// smuggled data.
pub const MAX_URL_CHARS: usize = 2000;

/// The URLs a webhook may have: absolute `http`/`https` URLs with a host name or IPv4
/// address, an optional port, path and query, percent-encoded where needed, with no
/// credentials and no fragment. The server refuses every other URL (so the OpenAPI
/// document's pattern is exactly its check), and its test generates URLs from this
/// pattern and registers them. Written so that ECMA-262, Python and Rust read it alike.
pub const URL_PATTERN: &str = concat!(
    r"^https?://[A-Za-z0-9](?:[A-Za-z0-9.-]{0,60}[A-Za-z0-9])?(?::[0-9]{1,5})?",
    r"(?:/(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)?",
    r"(?:\?(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$",
);

/// The schema of a webhook's URL in the OpenAPI document.
#[cfg(feature = "openapi")]
pub fn url_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some("http://a".len()))
        .max_length(Some(MAX_URL_CHARS))
        .pattern(Some(URL_PATTERN))
        .examples(["https://tsv-beispiel.de/spielstand-hook"])
        .build()
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

pub type DeliveryPage = Page<Delivery>;

impl Listed for Delivery {
    const PAGE: &'static str = "DeliveryPage";
    const TOTAL: &'static str = "Deliveries matching the filter, on all pages.";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_of_every_slugged_enum_is_its_serde_name() {
        spielstand_core::check_slugs::<DeliveryStatus>().unwrap();
    }
}

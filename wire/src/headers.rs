//! Header names of the HTTP API beyond the standard ones.

/// On a write: a client-chosen key that makes retrying the request safe.
pub const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// On an answer: `true` when it replays the stored answer to an earlier request with the
/// same `Idempotency-Key`.
pub const IDEMPOTENT_REPLAYED: &str = "Idempotent-Replayed";
/// On a webhook delivery: `sha256=<hex of HMAC-SHA256(secret, body)>`, over the exact
/// body bytes.
pub const SIGNATURE: &str = "X-Spielstand-Signature";
/// On a webhook delivery: the event's id, also in the body: the same in every retry of it.
pub const EVENT_ID: &str = "X-Spielstand-Event-Id";
/// On a webhook delivery: the delivery's id, as the webhook's deliveries listing shows it.
pub const DELIVERY: &str = "X-Spielstand-Delivery";

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
/// On the answer to a write (PostgreSQL): where the primary database stood once the write
/// was committed. A client sends it back as [`READ_AFTER`] to read its own writes from any
/// process, including one that reads tables from a replica.
pub const WRITE_POSITION: &str = "Spielstand-Write-Position";
/// On a read: the [`WRITE_POSITION`] of the client's last write; tables are read from a
/// database that has it (the primary while the replica has not replayed that far).
pub const READ_AFTER: &str = "Spielstand-Read-After";
/// On a table read from a read replica: how far the replica's replay was behind, in ms.
pub const REPLICA_LAG_MS: &str = "Spielstand-Replica-Lag-Ms";
/// [`WRITE_POSITION`] as HTTP/2 and `http::HeaderName::from_static` spell it.
pub const WRITE_POSITION_LOWER: &str = "spielstand-write-position";
/// [`REPLICA_LAG_MS`] as HTTP/2 and `http::HeaderName::from_static` spell it.
pub const REPLICA_LAG_MS_LOWER: &str = "spielstand-replica-lag-ms";

#[cfg(test)]
mod tests {
    #[test]
    fn lower_case_spellings_match() {
        assert_eq!(super::WRITE_POSITION.to_ascii_lowercase(), super::WRITE_POSITION_LOWER);
        assert_eq!(super::REPLICA_LAG_MS.to_ascii_lowercase(), super::REPLICA_LAG_MS_LOWER);
    }
}

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
/// On the answer to a write: where the database stood once the write was committed (on
/// PostgreSQL the primary's WAL position; on SQLite the commit's time). A client sends it
/// back as [`READ_AFTER`] to read its own writes from any process, including one that
/// reads tables from a replica.
pub const WRITE_POSITION: &str = "Spielstand-Write-Position";
/// On a read: the [`WRITE_POSITION`] of the client's last write; tables are read from a
/// database that has it (the primary while the replica has not replayed that far) and
/// include every write acknowledged before the read, never the newest finished only.
pub const READ_AFTER: &str = "Spielstand-Read-After";
/// The cookie a browser keeps [`WRITE_POSITION`] in for a few seconds after a write (the
/// phones' and organisers' pages): the same as [`READ_AFTER`] for its next reads.
pub const READ_AFTER_COOKIE: &str = "spielstand_read_after";
/// On a view of a league (a table, its CSV, a page of it): the league revision it shows.
pub const REVISION: &str = "X-Spielstand-Revision";
/// On a view of a league: how far (ms) the revision shown is behind the newest one the
/// server knows of, while that one is computed (0: it is the newest). Never more than a
/// second: a reader is then made to wait for the newer one.
pub const BEHIND_MS: &str = "X-Spielstand-Behind-Ms";
/// [`REVISION`] as HTTP/2 and `http::HeaderName::from_static` spell it.
pub const REVISION_LOWER: &str = "x-spielstand-revision";
/// [`BEHIND_MS`] as HTTP/2 and `http::HeaderName::from_static` spell it.
pub const BEHIND_MS_LOWER: &str = "x-spielstand-behind-ms";
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
        assert_eq!(super::REVISION.to_ascii_lowercase(), super::REVISION_LOWER);
        assert_eq!(super::BEHIND_MS.to_ascii_lowercase(), super::BEHIND_MS_LOWER);
    }
}

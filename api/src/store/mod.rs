//! Everything that reads or writes the database. Functions take a `DbConn` and run
//! their own transaction, so one call is one atomic change.

pub mod audit;
pub mod changes;
pub mod events;
pub mod export;
pub mod feed;
pub mod idempotency;
pub mod leagues;
pub mod merges;
pub mod owners;
pub mod passes;
pub mod players;
pub mod postal;
pub mod postal_mails;
pub mod results;
pub mod seating;
pub mod snapshots;
pub mod tokens;
pub mod webhooks;

use crate::error::Error;

/// Timestamps as the database keeps them: the db module's.
pub(crate) use crate::db::{now, utc};

/// The key under which names are unique (the database's unique index holds it): core's.
pub(crate) use spielstand_core::name_key;

/// JSON this server stored, read back. What does not read, or holds a field this server
/// does not know (a newer version's shape, a hand edit), is refused as unknown, naming
/// whose it is: never read in part or as a default. serde's words go to the log.
pub(crate) fn stored_json<T: serde::de::DeserializeOwned>(
    text: &str,
    whose: impl FnOnce() -> crate::said::Said,
) -> Result<T, Error> {
    let mut unknown: Option<String> = None;
    let read = serde_ignored::deserialize(&mut serde_json::Deserializer::from_str(text), |path| {
        unknown.get_or_insert_with(|| path.to_string());
    });
    match (read, unknown) {
        (Ok(value), None) => Ok(value),
        (Ok(_), Some(field)) => {
            tracing::warn!(field, "stored JSON with a field this server does not know");
            Err(Error::UnknownStored(whose()))
        }
        (Err(e), _) => {
            tracing::warn!(error = %e, "stored JSON this server does not read");
            Err(Error::UnknownStored(whose()))
        }
    }
}

/// Turns a unique-constraint violation into a 409 with `message`.
pub(crate) fn unique_as_conflict(e: diesel::result::Error, message: impl FnOnce() -> crate::said::Said) -> Error {
    use diesel::result::{DatabaseErrorKind, Error as D};
    match e {
        D::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => Error::Conflict(message()),
        other => other.into(),
    }
}

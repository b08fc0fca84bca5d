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

/// Turns a unique-constraint violation into a 409 with `message`.
pub(crate) fn unique_as_conflict(e: diesel::result::Error, message: impl FnOnce() -> crate::said::Said) -> Error {
    use diesel::result::{DatabaseErrorKind, Error as D};
    match e {
        D::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => Error::Conflict(message()),
        other => other.into(),
    }
}

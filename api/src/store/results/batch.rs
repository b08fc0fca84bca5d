//! Many results in one transaction: each item in a savepoint of its own, so that a
//! refused item leaves nothing behind and the valid ones are stored together.

use super::write::{WriteContext, create};
use crate::db::DbConn;
use crate::db::schema::results;
use crate::error::{Error, Result};
use crate::store::idempotency::{self, Once};
use crate::store::leagues;
use diesel::prelude::*;
use spielstand_wire::{BatchItem, BatchItemOutcome, BatchOutcome, BatchStatus, ResultSource, StoredResult};

/// Who sends the batch, and the request's id for the items' problems.
pub struct BatchContext<'a> {
    pub token_name: &'a str,
    pub scope: spielstand_wire::TokenScope,
    pub request_id: Option<String>,
}

/// Stores every valid item of `items` in league `league_id`, in one transaction, and says
/// what became of each. A client's mistake in one item refuses that item only; a failure
/// of the server fails the whole batch, which then stores nothing.
pub fn create_batch(
    conn: &mut DbConn,
    league_id: i64,
    items: Vec<BatchItem>,
    who: &BatchContext,
) -> Result<BatchOutcome> {
    conn.write(|conn| {
        leagues::row(conn, league_id)?;
        let mut outcome = BatchOutcome { created: 0, replayed: 0, refused: 0, items: Vec::with_capacity(items.len()) };
        for (index, item) in items.into_iter().enumerate() {
            let key = item.idempotency_key.clone();
            let stored = conn.write(|conn| one(conn, league_id, item, who));
            let (status, result_id, problem) = match stored {
                Ok((status, id)) => (status, Some(id), None),
                Err(e) if e.status().is_client_error() => {
                    (BatchStatus::Refused, None, Some(e.problem(who.request_id.clone())))
                }
                Err(e) => return Err(e),
            };
            match status {
                BatchStatus::Created => outcome.created += 1,
                BatchStatus::Replayed => outcome.replayed += 1,
                BatchStatus::Refused => outcome.refused += 1,
            }
            outcome.items.push(BatchItemOutcome { index, idempotency_key: key, status, result_id, problem });
        }
        Ok(outcome)
    })
}

fn one(conn: &mut DbConn, league_id: i64, item: BatchItem, who: &BatchContext) -> Result<(BatchStatus, i64)> {
    let BatchItem { idempotency_key: key, source, record } = item;
    if let Some(source) = &source
        && let Some(id) = by_source(conn, league_id, source)?
    {
        return Ok((BatchStatus::Replayed, id));
    }
    let fingerprint = idempotency::fingerprint(league_id, &record)?;
    let ctx = WriteContext { token_name: who.token_name, scope: who.scope, source: source.as_ref(), pass: None };
    match idempotency::once(conn, &key, &fingerprint, |conn| create(conn, league_id, record, &ctx))? {
        Once::Done(stored) => Ok((BatchStatus::Created, stored.id)),
        Once::Replayed { body, .. } => {
            let first: StoredResult =
                crate::store::stored_json(&body, || said!("api-stored-idempotent-answer", key = key.clone()))?;
            Ok((BatchStatus::Replayed, first.id))
        }
    }
}

/// The live or deleted result of `league_id` imported from `source`, if any: a play
/// deleted after its import stays deleted when the file is imported again.
fn by_source(conn: &mut DbConn, league_id: i64, source: &ResultSource) -> Result<Option<i64>> {
    Ok(results::table
        .filter(results::league_id.eq(league_id))
        .filter(results::source.eq(&source.system))
        .filter(results::source_id.eq(&source.id))
        .select(results::id)
        .first(conn)
        .optional()?)
}

/// Checks what identifies each item (its key and source): a malformed one is the
/// sender's mistake, and refuses the whole batch before anything is stored.
pub fn check_items(items: &[BatchItem]) -> Result<()> {
    for (i, item) in items.iter().enumerate() {
        let at = |e: Error| match e {
            Error::InvalidBody(detail) => Error::InvalidBody(said!("api-items", i = i, detail = detail)),
            other => other,
        };
        check_key(&item.idempotency_key).map_err(at)?;
        if let Some(source) = &item.source {
            check_source(source).map_err(at)?;
        }
    }
    Ok(())
}

fn check_key(key: &str) -> Result<()> {
    if (1..=255).contains(&key.len()) && key.chars().all(|c| c.is_ascii_graphic()) {
        Ok(())
    } else {
        Err(Error::InvalidBody(said!("api-idempotency-key-use-visible-ascii-2")))
    }
}

fn check_source(source: &ResultSource) -> Result<()> {
    let system_ok = (1..=40).contains(&source.system.len())
        && source.system.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && source.system.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !system_ok {
        return Err(Error::InvalidBody(said!("api-source-system-not-app-s", system = format!("{:?}", source.system))));
    }
    // Shown to people (`result show`): visible text, as every free text is.
    spielstand_core::names::check_text("source.id", &source.id, 200).map_err(Error::from)
}

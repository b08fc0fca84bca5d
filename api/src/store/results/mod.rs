//! Results: the write path ([`mod@write`]: checked by core, audited, queued for webhooks,
//! settled with its idempotency key, all in one transaction), what the API shows of them
//! ([`read`]), their audit trail ([`mod@history`]) and what a league's tables and a player's
//! ratings are computed from ([`projection`]).

pub mod batch;
pub mod history;
pub mod projection;
pub mod read;
pub mod review;
pub mod write;

pub use batch::{BatchContext, check_items, create_batch};
pub use history::history;
pub use projection::for_player_ratings;
pub use read::{by_ids, entered_at, get, list, of_event};
pub use write::{WriteContext, create, delete, update};

use super::utc;
use crate::db::DbConn;
use crate::db::schema::results;
use crate::error::{Error, Result};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use spielstand_core::GameRecord;
use spielstand_wire::{ResultSource, ResultStatus, StoredResult};

#[derive(Debug, Clone, Queryable)]
pub struct ResultRow {
    pub id: i64,
    pub league_id: i64,
    pub game: String,
    pub played_on: NaiveDate,
    pub record: String,
    pub revision: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub deleted_at: Option<NaiveDateTime>,
    pub event_id: Option<i64>,
    pub source: Option<String>,
    pub source_id: Option<String>,
    /// `confirmed`, `pending` or `rejected` ([`ResultStatus`]).
    pub status: String,
    pub confirmations_needed: i32,
    pub entered_by_pass: Option<i64>,
}

impl ResultRow {
    /// Its status: one this server does not know is refused, never read as `confirmed`
    /// (which would count a result nobody confirmed).
    pub fn status(&self) -> Result<ResultStatus> {
        status_of(self.id, &self.status)
    }
}

/// A result's status as stored (see [`ResultRow::status`]).
pub fn status_of(id: i64, stored: &str) -> Result<ResultStatus> {
    stored
        .parse()
        .map_err(|_| Error::UnknownStored(said!("api-stored-result-status", value = format!("{stored:?}"), id = id)))
}

/// A result's game as stored: one this server does not know is refused.
pub fn game_of(id: i64, stored: &str) -> Result<spielstand_core::GameKind> {
    stored
        .parse()
        .map_err(|_| Error::UnknownStored(said!("api-stored-result-game", value = format!("{stored:?}"), id = id)))
}

/// The results that count in tables, ratings, statistics, exports and feeds: live and
/// confirmed. A pending or rejected result is in none of them.
pub fn counted()
-> diesel::dsl::And<diesel::dsl::IsNull<results::deleted_at>, diesel::dsl::Eq<results::status, &'static str>> {
    results::deleted_at.is_null().and(results::status.eq("confirmed"))
}

/// A result's row, deleted or not: 404 if there never was one.
fn any_row(conn: &mut DbConn, id: i64) -> Result<ResultRow> {
    results::table
        .find(id)
        .first(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-result-does-not-exist", id = id)))
}

/// A result that exists and is not deleted.
pub(super) fn live_row(conn: &mut DbConn, id: i64) -> Result<ResultRow> {
    let row = any_row(conn, id)?;
    if row.deleted_at.is_some() {
        return Err(Error::NotFound(said!("api-result-was-deleted-history-still", id = id)));
    }
    Ok(row)
}

/// A stored result as the API shows it, with its evaluation (places, Rangeln totals).
pub(super) fn view(row: ResultRow, record: GameRecord) -> Result<StoredResult> {
    let evaluation = record
        .evaluate()
        .map_err(|e| Error::internal(format!("stored result {} no longer passes the rules: {e}", row.id)))?;
    let status = row.status()?;
    Ok(StoredResult {
        id: row.id,
        league_id: row.league_id,
        revision: row.revision,
        record,
        placings: evaluation.placings,
        rangeln: evaluation.rangeln,
        source: row.source.zip(row.source_id).map(|(system, id)| ResultSource { system, id }),
        created_at: utc(row.created_at),
        updated_at: utc(row.updated_at),
        status,
        // Read with the result's reviews, where it has any (`review::of`).
        review: None,
    })
}

/// The `If-Match` condition of a correction or deletion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Precondition {
    /// `*`: any current revision.
    Any,
    /// One of these strong entity tags, without their quotes: a result's tag is its
    /// revision, `"2"`, and only exactly that matches (RFC 9110's strong comparison:
    /// `"02"` is another tag).
    Tags(Vec<String>),
}

impl Precondition {
    fn admits(&self, revision: i64) -> bool {
        match self {
            Precondition::Any => true,
            Precondition::Tags(tags) => tags.iter().any(|tag| *tag == revision.to_string()),
        }
    }
}

/// The row a conditional write changes. A deleted result has no current revision, so
/// no `If-Match` holds (RFC 9110): 412, saying so; the writer that deleted it won.
pub(crate) fn current_row(conn: &mut DbConn, id: i64) -> Result<ResultRow> {
    let row = any_row(conn, id)?;
    if row.deleted_at.is_some() {
        return Err(Error::PreconditionFailed(said!(
            "api-if-match-result-was-deleted",
            id = id,
            revision = row.revision
        )));
    }
    Ok(row)
}

pub(crate) fn check_revision(row: &ResultRow, expected: &Precondition) -> Result<()> {
    if !expected.admits(row.revision) {
        return Err(Error::PreconditionFailed(said!(
            "api-if-match-result-revision-etag",
            id = row.id,
            revision = row.revision
        )));
    }
    Ok(())
}

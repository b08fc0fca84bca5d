//! A result's audit trail: one entry per change, with the token that made it and the
//! record before and after. Deleting a result keeps its history.

use crate::db::DbConn;
use crate::db::schema::{result_history, results};
use crate::error::{Error, Result};
use crate::store::{now, utc};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use spielstand_core::{GameRecord, Slug};
use spielstand_wire::{Action, HistoryEntry};

/// The token that recorded result `id` (its first entry), if the history has it.
pub fn recorded_by(conn: &mut DbConn, id: i64) -> Result<Option<String>> {
    Ok(result_history::table
        .filter(result_history::result_id.eq(id))
        .filter(result_history::action.eq(Action::Recorded.slug()))
        .order(result_history::revision)
        .select(result_history::token_name)
        .first(conn)
        .optional()?)
}

/// Appends an entry; runs inside the change's transaction.
pub(super) fn append(
    conn: &mut DbConn,
    result_id: i64,
    revision: i64,
    action: Action,
    token_name: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> Result<()> {
    diesel::insert_into(result_history::table)
        .values((
            result_history::result_id.eq(result_id),
            result_history::revision.eq(revision),
            result_history::action.eq(action.slug()),
            result_history::token_name.eq(token_name),
            result_history::at.eq(now()),
            result_history::record_before.eq(before),
            result_history::record_after.eq(after),
        ))
        .execute(conn)?;
    Ok(())
}

type HistoryRow = (i64, i64, i64, String, String, NaiveDateTime, Option<String>, Option<String>);

pub fn history(conn: &mut DbConn, id: i64) -> Result<Vec<HistoryEntry>> {
    conn.read(|conn| {
        let exists: Option<i64> = results::table.find(id).select(results::id).first(conn).optional()?;
        if exists.is_none() {
            return Err(Error::NotFound(said!("api-result-does-not-exist", id = id)));
        }
        let rows: Vec<HistoryRow> =
            result_history::table.filter(result_history::result_id.eq(id)).order(result_history::id).load(conn)?;
        let parse = |json: Option<String>| {
            json.map(|j| crate::store::stored_json::<GameRecord>(&j, || said!("api-stored-history-record", id = id)))
                .transpose()
        };
        rows.into_iter()
            .map(|(_, _, revision, action, token_name, at, before, after)| {
                Ok(HistoryEntry {
                    revision,
                    action: Action::from_slug(&action).ok_or_else(|| {
                        Error::UnknownStored(said!("api-stored-history-action", value = format!("{action:?}"), id = id))
                    })?,
                    at: utc(at),
                    token_name: Some(token_name),
                    before: parse(before)?,
                    after: parse(after)?,
                })
            })
            .collect()
    })
}

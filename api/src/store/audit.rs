//! The audit trail (`audit_log`): one row for every change, written by the caller in the
//! transaction that makes the change, so a change and its entry stand or fall together.

use super::{now, utc};
use crate::db::DbConn;
use crate::db::schema::audit_log;
use crate::error::{Error, Result};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use spielstand_wire::{AuditAction, AuditEntry, AuditPage};

/// Who made a change: a write token, or the server's command line.
#[derive(Debug, Clone, Copy)]
pub enum Actor<'a> {
    Token(&'a str),
    CommandLine,
}

/// Writes down that `by` did `action` to `subject_id` (in `league_id`), with `detail`;
/// call it in the transaction of the change.
pub fn log(
    conn: &mut DbConn,
    by: Actor,
    action: AuditAction,
    league_id: Option<i64>,
    subject_id: Option<i64>,
    detail: serde_json::Value,
) -> Result<()> {
    let token_name = match by {
        Actor::Token(name) => Some(name),
        Actor::CommandLine => None,
    };
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::at.eq(now()),
            audit_log::token_name.eq(token_name),
            audit_log::action.eq(action.slug()),
            audit_log::league_id.eq(league_id),
            audit_log::subject_id.eq(subject_id),
            audit_log::detail.eq(detail.to_string()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Which entries to list, and which page of them.
#[derive(Debug, Clone)]
pub struct AuditFilter {
    pub league_id: Option<i64>,
    pub token_name: Option<String>,
    pub action: Option<AuditAction>,
    /// The postal game masters' actions too (always, when `action` names one).
    pub postal: bool,
    pub page: u32,
    pub per_page: u32,
}

type AuditRow = (i64, NaiveDateTime, Option<String>, String, Option<i64>, Option<i64>, String);

/// A page of the entries matching `filter`, latest first.
pub fn list(conn: &mut DbConn, filter: AuditFilter) -> Result<AuditPage> {
    conn.read(|conn| {
        let query = || {
            let mut q = audit_log::table.into_boxed();
            if let Some(league) = filter.league_id {
                q = q.filter(audit_log::league_id.eq(league));
            }
            if let Some(name) = &filter.token_name {
                q = q.filter(audit_log::token_name.eq(name.clone()));
            }
            if let Some(action) = filter.action {
                q = q.filter(audit_log::action.eq(action.slug()));
            } else if !filter.postal {
                let postal = AuditAction::all().iter().filter(|a| a.is_postal()).map(|a| a.slug());
                q = q.filter(audit_log::action.ne_all(postal.collect::<Vec<_>>()));
            }
            q
        };
        let total: i64 = query().count().get_result(conn)?;
        let rows: Vec<AuditRow> = query()
            .order(audit_log::id.desc())
            .limit(i64::from(filter.per_page))
            .offset(i64::from(filter.page - 1) * i64::from(filter.per_page))
            .select((
                audit_log::id,
                audit_log::at,
                audit_log::token_name,
                audit_log::action,
                audit_log::league_id,
                audit_log::subject_id,
                audit_log::detail,
            ))
            .load(conn)?;
        let items = rows
            .into_iter()
            .map(|(id, at, token_name, action, league_id, subject_id, detail)| {
                Ok(AuditEntry {
                    id,
                    at: utc(at),
                    token_name,
                    action: action.parse().map_err(|_| {
                        Error::UnknownStored(said!("api-stored-audit-action", value = format!("{action:?}"), id = id))
                    })?,
                    league_id,
                    subject_id,
                    detail: crate::store::stored_json(&detail, || said!("api-stored-audit-detail", id = id))?,
                })
            })
            .collect::<Result<_>>()?;
        Ok(AuditPage { items, page: filter.page, per_page: filter.per_page, total })
    })
}

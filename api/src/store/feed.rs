//! What the Atom feed needs beyond the results themselves.

use super::utc;
use crate::db::DbConn;
use crate::db::schema::{instance, results};
use crate::error::Result;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

/// This database's identity (32 hex digits), made once by the migration: Atom ids derive
/// from it, so they are the same in every process and differ from any other server's.
pub fn instance_id(conn: &mut DbConn) -> Result<String> {
    Ok(instance::table.select(instance::uuid).first(conn)?)
}

/// When a result of the league last changed, deletions included (they change the feed
/// without leaving an entry in it).
pub fn last_change(conn: &mut DbConn, league_id: i64) -> Result<Option<DateTime<Utc>>> {
    // A result that does not count yet is in no feed: its entry must not change it.
    let at: Option<NaiveDateTime> = results::table
        .filter(results::league_id.eq(league_id))
        .filter(results::status.eq("confirmed").or(results::deleted_at.is_not_null()))
        .select(diesel::dsl::max(results::updated_at))
        .first(conn)?;
    Ok(at.map(utc))
}

//! What a league's Atom feed shows: its latest results, and what the feed needs beyond them.

use super::{leagues, utc};
use crate::db::DbConn;
use crate::db::schema::{instance, results};
use crate::error::Result;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use spielstand_core::GameKind;
use spielstand_wire::{League, ResultsParams, StatusFilter, StoredResult};

/// Entries in the feed: more than a season's club nights ever add between two polls.
pub const ENTRIES: u32 = 50;

/// What the feed of a league (or of one game in it) shows.
pub struct Latest {
    pub league: League,
    /// Its latest confirmed results, latest played first, at most [`ENTRIES`].
    pub results: Vec<StoredResult>,
    /// The last change of the league or of any of its results, deletions included.
    pub updated: DateTime<Utc>,
    /// This database's identity.
    pub instance: String,
}

/// The feed's content, read in one transaction.
pub fn latest(conn: &mut DbConn, league_id: i64, game: Option<GameKind>) -> Result<Latest> {
    let filter = ResultsParams {
        game,
        status: Some(StatusFilter::Confirmed),
        per_page: Some(ENTRIES),
        ..ResultsParams::default()
    };
    conn.read(|conn| {
        let league = leagues::get(conn, league_id)?;
        let results = super::results::list(conn, league_id, &filter)?.items;
        let updated = last_change(conn, league_id)?.map_or(league.updated_at, |t| t.max(league.updated_at));
        Ok(Latest { league, results, updated, instance: instance_id(conn)? })
    })
}

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

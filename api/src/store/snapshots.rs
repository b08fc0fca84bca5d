//! Leagues' state kept in the database (`league_snapshots`), one row per league and
//! format: written off the request path after enough changes, read by a process that
//! does not hold the league instead of replaying every result (see
//! [`crate::store::results::projection::load`]).

use crate::db::DbConn;
use crate::db::schema::league_snapshots;
use crate::error::Result;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Text, Timestamp};

/// What a snapshot row is keyed by besides its league: the layout of its bytes and the
/// build that wrote them. A build reads only its own; another version's (older or newer,
/// in a rolling upgrade) is ignored and this build's own written beside it.
pub fn format() -> String {
    format!("{}/{}", spielstand_core::SNAPSHOT_FORMAT, env!("CARGO_PKG_VERSION"))
}

/// The newest snapshot of `league_id` in this build's format: its revision and bytes.
pub fn latest(conn: &mut DbConn, league_id: i64) -> Result<Option<(i64, Vec<u8>)>> {
    Ok(league_snapshots::table
        .filter(league_snapshots::league_id.eq(league_id))
        .filter(league_snapshots::format.eq(format()))
        .select((league_snapshots::revision, league_snapshots::state))
        .first(conn)
        .optional()?)
}

/// Keeps `state` as the league's snapshot at `revision`, unless one at a later revision
/// is there already (two processes may write at once: the database keeps the newer, in
/// one statement, whichever commits last). One at the same revision is replaced: it may
/// be one this build could not read back.
pub fn save(conn: &mut DbConn, league_id: i64, revision: i64, state: &[u8]) -> Result<()> {
    const UPSERT: &str = "INSERT INTO league_snapshots (league_id, format, revision, state, made_at) \
        VALUES ({1}, {2}, {3}, {4}, {5}) ON CONFLICT (league_id, format) DO UPDATE SET \
        revision = excluded.revision, state = excluded.state, made_at = excluded.made_at \
        WHERE excluded.revision >= league_snapshots.revision";
    let now = chrono::Utc::now().naive_utc();
    let query = |placeholder: fn(usize) -> String| {
        let sql = (1..=5).fold(UPSERT.to_owned(), |sql, i| sql.replace(&format!("{{{i}}}"), &placeholder(i)));
        diesel::sql_query(sql)
            .bind::<BigInt, _>(league_id)
            .bind::<Text, _>(format())
            .bind::<BigInt, _>(revision)
            .bind::<Binary, _>(state)
            .bind::<Timestamp, _>(now)
    };
    match conn {
        DbConn::Sqlite(c) => query(|_| "?".to_owned()).execute(c)?,
        DbConn::Pg(c) => query(|i| format!("${i}")).execute(c)?,
    };
    Ok(())
}

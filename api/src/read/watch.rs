//! How a process learns that a league changed, whichever process changed it, without a
//! database read per request: one thread with a connection of its own.
//!
//! - PostgreSQL: it `LISTEN`s on the channel every new revision is announced on at commit
//!   (`store::changes::CHANNEL`), and reads every league's revision once more every few
//!   seconds (a writer that does not announce, say an older version, is still seen).
//! - SQLite: it asks `PRAGMA data_version` every few milliseconds (a read of the shared
//!   WAL index: no I/O), which changes when any other connection (another process, or
//!   this one's own writer) committed; then it reads every league's revision.
//!
//! After connecting it listens first and then reads every league's revision, so nothing
//! committed in between is missed; only then does it vouch for what it knows. When its
//! connection is lost it stops vouching (every read asks the database again), reconnects
//! and checks in full, counting anything it finds as changed since the connection was
//! lost.

use crate::db::{DatabaseUrl, DbConn, Pooled};
use crate::read::known::Known;
use crate::store::{changes, leagues};
use diesel::prelude::*;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// How often the watcher looks: the most a new revision waits to be known.
pub const POLL: Duration = Duration::from_millis(5);

/// How often every league's revision is read again on PostgreSQL, besides the
/// announcements.
const CHECK_ALL_EVERY: Duration = Duration::from_secs(5);

/// How often the PostgreSQL connection is asked whether it still lives: a connection
/// the database closed is noticed by then, even with nothing announced.
const ALIVE_EVERY: Duration = Duration::from_millis(100);

/// How long the watcher waits before connecting again.
const RETRY: Duration = Duration::from_millis(250);

/// What the watcher's connection says about itself in `pg_stat_activity`.
pub const APPLICATION_NAME: &str = "spielstand-revisions";

/// Starts the watcher of `url` for `known`; it ends with the last holder of `known`.
pub fn start(url: DatabaseUrl, known: &Arc<Known>) {
    let watched = Arc::downgrade(known);
    std::thread::Builder::new()
        .name("revision-watch".into())
        .spawn(move || run(&url, &watched))
        .expect("a thread can be started at startup");
}

fn run(url: &DatabaseUrl, watched: &Weak<Known>) {
    // The last moment the watcher knew everything up to: its last look that succeeded.
    let mut vouched_until = Instant::now();
    while watched.strong_count() > 0 {
        match watch(url, watched, &mut vouched_until) {
            Ok(()) => return,
            Err(error) => {
                tracing::warn!(%error, "lost track of the leagues' revisions: reading them per request until back");
                metrics::counter!("spielstand_revision_watch_lost_total").increment(1);
            }
        }
        if let Some(known) = watched.upgrade() {
            known.vouch(false);
        }
        std::thread::sleep(RETRY);
    }
}

/// Watches over one connection until it fails (`Err`) or nobody holds `known` (`Ok`).
/// Whatever the first full check finds is counted as changed since `vouched_until`, which
/// each look that succeeds moves on.
fn watch(url: &DatabaseUrl, watched: &Weak<Known>, vouched_until: &mut Instant) -> Result<(), String> {
    // Counted with the pool's connections: when they are retired (a SQLite file that was
    // read-only), this one goes too, or no new connection could open.
    let mut conn = Pooled::open(url).map_err(|e| e.to_string())?;
    if let DbConn::Pg(pg) = &mut *conn {
        diesel::sql_query(format!("SET application_name = '{APPLICATION_NAME}'"))
            .execute(pg)
            .map_err(|e| e.to_string())?;
        diesel::sql_query(format!("LISTEN {}", changes::CHANNEL)).execute(pg).map_err(|e| e.to_string())?;
    }
    let mut version = data_version(&mut conn)?;
    let mut checked = Instant::now();
    {
        let Some(known) = watched.upgrade() else { return Ok(()) };
        known.saw_all(&leagues::revisions(&mut conn).map_err(|e| e.to_string())?, *vouched_until);
        known.vouch(true);
        tracing::debug!("watching the leagues' revisions");
    }
    // Anything seen at a look was committed after the look before it began.
    let mut looked = Instant::now();
    let mut alive = Instant::now();
    loop {
        std::thread::sleep(POLL);
        let Some(known) = watched.upgrade() else { return Ok(()) };
        if conn.stale() {
            return Err("its connection was retired with the pool's".into());
        }
        let before = std::mem::replace(&mut looked, Instant::now());
        match &mut *conn {
            DbConn::Pg(pg) => {
                for notification in pg.notifications_iter() {
                    let notification = notification.map_err(|e| e.to_string())?;
                    match announced(&notification.payload) {
                        Some((league, revision)) => known.saw(league, revision, before),
                        None => tracing::warn!(payload = notification.payload, "an announcement not understood"),
                    }
                }
                if checked.elapsed() >= CHECK_ALL_EVERY {
                    checked = Instant::now();
                    known.saw_all(&leagues::revisions(&mut conn).map_err(|e| e.to_string())?, before);
                } else if alive.elapsed() >= ALIVE_EVERY {
                    alive = Instant::now();
                    diesel::sql_query("SELECT 1").execute(pg).map_err(|e| e.to_string())?;
                }
            }
            DbConn::Sqlite(_) => {
                let now = data_version(&mut conn)?;
                if now != version {
                    version = now;
                    known.saw_all(&leagues::revisions(&mut conn).map_err(|e| e.to_string())?, before);
                }
            }
        }
        *vouched_until = before;
    }
}

/// `"{league} {revision}"`, as `changes::log` announces it.
fn announced(payload: &str) -> Option<(i64, i64)> {
    let (league, revision) = payload.split_once(' ')?;
    Some((league.parse().ok()?, revision.parse().ok()?))
}

/// SQLite's count of commits by other connections (0 on PostgreSQL, which announces).
fn data_version(conn: &mut DbConn) -> Result<i64, String> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        data_version: i64,
    }
    match conn {
        DbConn::Pg(_) => Ok(0),
        DbConn::Sqlite(c) => diesel::sql_query("PRAGMA data_version")
            .get_result::<Row>(c)
            .map(|row| row.data_version)
            .map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn announcements_read_as_they_are_written() {
        assert_eq!(super::announced("12 345"), Some((12, 345)));
        assert_eq!(super::announced("12"), None);
        assert_eq!(super::announced("x 1"), None);
    }
}

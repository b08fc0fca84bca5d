//! Where a process reads its leagues' tables from: a streaming read replica of the
//! PostgreSQL primary while it keeps up, else the primary. Every write goes to the primary.
//!
//! Coherence, as docs/operations.md promises it:
//! - A client that wrote sends back the primary's position after its write
//!   (`Spielstand-Write-Position`, returned by every write; the CLI keeps it): a table is
//!   read from the replica only once the replica has replayed that far, else from the
//!   primary. So a write acknowledged by any process is in the next table that client
//!   reads, from any process.
//! - A client that wrote nothing sees a table at most as old as the replica's lag, which
//!   each such answer reports (`Spielstand-Replica-Lag-Ms`) and the metrics show. When the
//!   lag passes `--max-replica-lag-ms`, or the replica does not answer, tables are read
//!   from the primary until it is back.
//!
//! A monitor thread asks the replica every [`CHECK_EVERY`] how far it has replayed and
//! how far behind that is; requests only read what it last saw (no round trip). A
//! replayed position it saw can only be behind the replica's real one, so the check of a
//! client's position errs toward the primary.

use crate::db::{DbConn, Pool};
use crate::error::{Error, Result};
use diesel::prelude::*;
use spielstand_wire::{Position, ReplicaStatus};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// How often the monitor asks the replica how it is doing.
pub const CHECK_EVERY: Duration = Duration::from_millis(100);

tokio::task_local! {
    /// What the request being served asked for and learned about where it read and wrote.
    pub static REQUEST: Rc<Consistency>;
}

/// One request's view of coherence across processes.
#[derive(Debug, Default)]
pub struct Consistency {
    /// The client's last write (`Spielstand-Read-After`): tables must include it.
    pub after: Option<Position>,
    /// The primary's position once this request's write committed.
    pub wrote: Cell<Option<Position>>,
    /// The replica's lag, when this request read a table from it.
    pub replica_lag_ms: Cell<Option<u64>>,
    /// The league revision a view was answered from, and how far behind the newest
    /// revision known that was (zero: it is the newest).
    pub served: Cell<Option<(i64, std::time::Duration)>>,
}

/// The primary's position now (PostgreSQL; `None` on SQLite, which has no replicas).
/// Asked after a write committed, so the write is at or before it.
pub fn position(conn: &mut DbConn) -> Result<Option<Position>> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        lsn: String,
    }
    match conn {
        DbConn::Sqlite(_) => Ok(None),
        DbConn::Pg(_) => {
            let row: Row = diesel::sql_query("SELECT pg_current_wal_insert_lsn()::text AS lsn").get_result(conn)?;
            row.lsn.parse().map(Some).map_err(Error::internal)
        }
    }
}

/// A SQLite write's position: the time of its commit, in microseconds since 1970 (SQLite
/// has no replica to compare it with; it only has to say "after this write").
pub fn committed_now() -> Position {
    let micros = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_micros();
    Position(micros as u64)
}

/// What the monitor last saw of the replica.
#[derive(Debug, Clone)]
struct Seen {
    at: Instant,
    /// (lag in ms, replayed position), or why the replica could not say.
    state: std::result::Result<(u64, Position), String>,
}

struct Replica {
    pool: Pool,
    seen: Mutex<Seen>,
}

/// Where this process reads tables from.
pub struct Reads {
    replica: Option<Arc<Replica>>,
    max_lag_ms: u64,
}

/// The database a table is read from.
pub enum Source<'a> {
    Primary,
    /// The replica, which was this far behind when last checked.
    Replica {
        pool: &'a Pool,
        lag_ms: u64,
    },
}

impl Reads {
    /// Tables from the primary (no replica configured).
    pub fn primary() -> Reads {
        Reads { replica: None, max_lag_ms: 0 }
    }

    /// Tables from the replica behind `pool` while its lag is at most `max_lag`. Starts the
    /// monitor, which ends with the last `Reads` of this replica.
    pub fn with_replica(pool: Pool, max_lag: Duration) -> Reads {
        let seen = Seen { at: Instant::now(), state: Err("not checked yet".into()) };
        let replica = Arc::new(Replica { pool, seen: Mutex::new(seen) });
        replica.check();
        let watched: Weak<Replica> = Arc::downgrade(&replica);
        std::thread::Builder::new()
            .name("replica-monitor".into())
            .spawn(move || {
                while let Some(replica) = watched.upgrade() {
                    replica.check();
                    drop(replica);
                    std::thread::sleep(CHECK_EVERY);
                }
            })
            .expect("a thread can be started at startup");
        Reads { replica: Some(replica), max_lag_ms: max_lag.as_millis() as u64 }
    }

    /// Whether tables may be read from a replica.
    pub fn has_replica(&self) -> bool {
        self.replica.is_some()
    }

    /// Where the request being served reads its tables from (why not the replica is
    /// for `replica_status`).
    pub fn source(&self) -> Source<'_> {
        match &self.replica {
            Some(replica) => match self.usable(replica) {
                Ok(lag_ms) => Source::Replica { pool: &replica.pool, lag_ms },
                Err(_) => Source::Primary,
            },
            None => Source::Primary,
        }
    }

    fn usable(&self, replica: &Replica) -> std::result::Result<u64, &'static str> {
        let seen = replica.seen();
        // A monitor that has not heard back for longer than the allowed lag knows nothing.
        if seen.at.elapsed().as_millis() as u64 > self.max_lag_ms.max(CHECK_EVERY.as_millis() as u64 * 5) {
            return Err("the replica has not answered lately");
        }
        let (lag_ms, replayed) = seen.state.map_err(|_| "the replica does not answer")?;
        if lag_ms > self.max_lag_ms {
            return Err("the replica lags more than --max-replica-lag-ms");
        }
        let after = REQUEST.try_with(|r| r.after).ok().flatten();
        if after.is_some_and(|after| replayed < after) {
            return Err("the replica has not replayed the client's last write yet");
        }
        Ok(lag_ms)
    }

    /// The replica's state, for `/api/v1/ready`; `None` without a replica.
    pub fn replica_status(&self) -> Option<ReplicaStatus> {
        let replica = self.replica.as_ref()?;
        let usable = self.usable(replica);
        Some(ReplicaStatus {
            in_use: usable.is_ok(),
            lag_ms: replica.seen().state.ok().map(|(lag, _)| lag),
            reason: usable.err().map(str::to_owned),
        })
    }

    /// Sets the gauges of the pools and the replica (a scrape asks).
    pub fn gauges(&self, primary: &Pool) {
        crate::telemetry::pool_gauges("primary", primary);
        let Some(replica) = &self.replica else { return };
        crate::telemetry::pool_gauges("replica", &replica.pool);
        if let Ok((lag_ms, _)) = replica.seen().state {
            metrics::gauge!("spielstand_replica_lag_seconds").set(lag_ms as f64 / 1000.0);
        }
        metrics::gauge!("spielstand_replica_in_use").set(if self.usable(replica).is_ok() { 1.0 } else { 0.0 });
    }
}

impl Replica {
    fn seen(&self) -> Seen {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Asks the replica how far it has replayed, and how far behind that is: nothing when
    /// it has replayed all it received, else the time since the last transaction it
    /// replayed was committed on the primary. (A replica that is not in recovery, say
    /// promoted, is not behind.)
    fn check(&self) {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Text)]
            replayed: String,
            #[diesel(sql_type = diesel::sql_types::Double)]
            lag_ms: f64,
        }
        const SQL: &str = "SELECT CASE WHEN pg_is_in_recovery() THEN COALESCE(pg_last_wal_replay_lsn(), '0/0') \
             ELSE pg_current_wal_insert_lsn() END::text AS replayed, \
             CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 \
             ELSE COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0) \
             END::float8 AS lag_ms";
        let state = self
            .pool
            .get_timeout(Duration::from_secs(1))
            .map_err(|e| e.to_string())
            .and_then(|mut conn| diesel::sql_query(SQL).get_result::<Row>(&mut **conn).map_err(|e| e.to_string()))
            .and_then(|row| Ok((row.lag_ms.max(0.0) as u64, row.replayed.parse::<Position>()?)));
        if let Err(e) = &state {
            tracing::debug!(error = %e, "the read replica did not answer");
        }
        *self.seen.lock().unwrap_or_else(|e| e.into_inner()) = Seen { at: Instant::now(), state };
    }
}

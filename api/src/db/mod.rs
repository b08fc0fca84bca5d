//! The database: one connection type for SQLite and PostgreSQL, chosen from the URL.
//!
//! This is the one place with backend-specific code: connection setup, migrations and
//! how transactions begin. Everything else is written against [`DbConn`].

pub mod backup;
pub mod schema;
mod writer;

pub use writer::GroupWriter;

use chrono::{DateTime, NaiveDateTime, Utc};

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// Durable and concurrent: WAL so readers never block the writer, FULL sync so an
/// acknowledged write survives power loss, and a busy timeout so concurrent writers
/// queue instead of failing.
/// The busy timeout comes first: switching a new file to WAL needs its lock, which another
/// connection opening at the same moment may hold.
const SQLITE_PRAGMAS: &str =
    "PRAGMA busy_timeout = 15000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";

/// The longest a request waits for a pooled connection while the database answers: past
/// it, 503 with `Retry-After` (every connection busy for this long means the server is
/// overloaded; queueing longer only makes clients time out).
pub const POOL_WAIT: Duration = Duration::from_secs(5);

/// The wait while the database is known not to answer (the last connection attempt
/// failed): a fast 503, while the pool goes on trying in the background.
const POOL_WAIT_WHILE_DOWN: Duration = Duration::from_millis(200);

/// The current time, to the microsecond: PostgreSQL keeps no more, and a timestamp read
/// back must equal the one written (idempotency claims compare them).
pub fn now() -> NaiveDateTime {
    use chrono::SubsecRound;
    Utc::now().naive_utc().trunc_subsecs(6)
}

/// A stored timestamp (always UTC) as the API shows it.
pub fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Sqlite(diesel::SqliteConnection),
    Pg(diesel::PgConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database location: `postgres://...` / `postgresql://...`, `sqlite://PATH`,
/// `sqlite:PATH`, or a bare file path (SQLite).
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    backend: Backend,
    /// The path for SQLite, the whole URL for PostgreSQL.
    target: String,
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<DatabaseUrl, DbSetupError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(DbSetupError::Url("the database URL is empty".into()));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseUrl { backend: Backend::Postgres, target: url.to_owned() });
        }
        let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
        if let Some((scheme, _)) = path.split_once("://") {
            return Err(DbSetupError::Url(format!(
                "unsupported database scheme {scheme:?}: use postgres://, sqlite:// or a file path"
            )));
        }
        if path.is_empty() {
            return Err(DbSetupError::Url("the SQLite path is empty".into()));
        }
        Ok(DatabaseUrl { backend: Backend::Sqlite, target: path.to_owned() })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The database file, for SQLite; `None` for PostgreSQL.
    pub fn sqlite_path(&self) -> Option<&std::path::Path> {
        (self.backend == Backend::Sqlite).then(|| std::path::Path::new(&self.target))
    }

    /// The database as people are told which one was used: the SQLite file's absolute
    /// path, or the PostgreSQL URL without its password.
    pub fn shown(&self) -> String {
        match self.backend {
            Backend::Sqlite => {
                std::path::absolute(&self.target).map_or(self.target.clone(), |p| p.display().to_string())
            }
            Backend::Postgres => {
                match self.target.split_once("://").and_then(|(s, rest)| Some((s, rest.split_once('@')?))) {
                    Some((scheme, (user, host))) => {
                        format!("{scheme}://{}@{host}", user.split_once(':').map_or(user, |(name, _)| name))
                    }
                    None => self.target.clone(),
                }
            }
        }
    }

    /// The URL in full, password included: for handing to another process, never for logs.
    pub fn expose(&self) -> String {
        match self.backend {
            Backend::Sqlite => format!("sqlite://{}", self.target),
            Backend::Postgres => self.target.clone(),
        }
    }

    /// Opens one connection to the backend the URL names, reporting that backend's own error.
    pub fn connect(&self) -> Result<DbConn, r2d2::Error> {
        match self.backend {
            Backend::Sqlite => {
                let mut conn =
                    diesel::SqliteConnection::establish(&self.target).map_err(r2d2::Error::ConnectionError)?;
                conn.batch_execute(SQLITE_PRAGMAS).map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Sqlite(conn))
            }
            Backend::Postgres => {
                diesel::PgConnection::establish(&self.target).map(DbConn::Pg).map_err(r2d2::Error::ConnectionError)
            }
        }
    }
}

impl fmt::Display for DatabaseUrl {
    /// Never prints a PostgreSQL password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.backend {
            Backend::Sqlite => write!(f, "sqlite://{}", self.target),
            Backend::Postgres => {
                // Hide the password of `scheme://user:password@host`, keep the rest.
                let userinfo = self.target.find("://").map(|s| s + 3).zip(self.target.rfind('@'));
                match userinfo.and_then(|(start, at)| self.target[start..at].find(':').map(|c| (start + c, at))) {
                    Some((colon, at)) if colon < at => {
                        write!(f, "{}:***{}", &self.target[..colon], &self.target[at..])
                    }
                    _ => f.write_str(&self.target),
                }
            }
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error("{0}")]
    Url(String),
    #[error("cannot open the database {url}: {source}")]
    Connect { url: DatabaseUrl, source: r2d2::Error },
    #[error("cannot open the database {url}: {source}")]
    Pool { url: DatabaseUrl, source: r2d2::PoolError },
    /// Nothing of the migration was applied: the database is as it was.
    #[error("migrating the database failed, it is unchanged: {0}")]
    Migrate(String),
}

/// Connections opened before the last [`recycle_connections`] are retired.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// How many connections of each generation are open: no new one is opened while one of an
/// older generation lives (see [`recycle_connections`]).
static OPEN: Mutex<BTreeMap<u64, usize>> = Mutex::new(BTreeMap::new());

/// Why the last attempt to connect failed, while no later one succeeded: the database is
/// down (or cannot be opened), and requests are answered at once instead of waiting.
static DOWN: Mutex<Option<String>> = Mutex::new(None);

/// Why the database does not answer, if the last attempt to connect to it failed.
pub fn down() -> Option<String> {
    DOWN.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Retires every pooled connection: each is closed when next returned or checked out, and
/// no new one opens until every retired one is closed. Needed after the database was
/// unavailable: SQLite shares one WAL index (the `-shm` file's mapping) among all
/// connections of a process to a file, and it stays read-only for as long as any
/// connection opened while the file was read-only lives, even if new ones keep opening.
pub fn recycle_connections(pool: &Pool) {
    GENERATION.fetch_add(1, Ordering::SeqCst);
    // Check out every idle connection at once: each fails its check and is closed.
    let idle: Vec<_> = std::iter::from_fn(|| pool.try_get()).take(pool.max_size() as usize).collect();
    drop(idle);
}

/// One open connection of a generation, counted in [`OPEN`] for as long as it lives.
struct Counted {
    generation: u64,
}

impl Counted {
    /// Counts a connection about to be opened, unless connections opened before the last
    /// [`recycle_connections`] are still open. Counted before it opens, so that no
    /// retirement can miss it.
    fn new() -> Result<Counted, r2d2::Error> {
        let generation = GENERATION.load(Ordering::SeqCst);
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        if open.range(..generation).any(|(_, n)| *n > 0) {
            return Err(r2d2::Error::ConnectionError(diesel::ConnectionError::BadConnection(
                "connections opened before the database became unavailable are still closing".into(),
            )));
        }
        *open.entry(generation).or_default() += 1;
        Ok(Counted { generation })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.generation) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.generation);
            }
        }
    }
}

/// A connection and the generation it was opened in: pooled, or the group writer's own.
pub struct Pooled {
    conn: DbConn,
    counted: Counted,
    /// It failed in a way that may have left it unusable (the server closed it): the pool
    /// closes it instead of handing it out again.
    broken: bool,
}

impl Pooled {
    /// Opens a connection to `url`, unless connections opened before the last
    /// [`recycle_connections`] are still open (then it fails: they must close first).
    pub fn open(url: &DatabaseUrl) -> Result<Pooled, r2d2::Error> {
        let counted = Counted::new()?;
        match url.connect() {
            Ok(conn) => {
                *DOWN.lock().unwrap_or_else(|e| e.into_inner()) = None;
                Ok(Pooled { conn, counted, broken: false })
            }
            Err(e) => {
                *DOWN.lock().unwrap_or_else(|e| e.into_inner()) = Some(e.to_string());
                Err(e)
            }
        }
    }

    /// Opened before the last [`recycle_connections`]: to be closed (a connection held for
    /// long, such as the revision watcher's, checks this itself).
    pub fn stale(&self) -> bool {
        self.counted.generation != GENERATION.load(Ordering::SeqCst)
    }

    /// Not to be used again: the pool closes it when it comes back.
    pub fn mark_broken(&mut self) {
        self.broken = true;
    }
}

impl std::ops::Deref for Pooled {
    type Target = DbConn;
    fn deref(&self) -> &DbConn {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.conn
    }
}

/// Builds r2d2 connections with [`DatabaseUrl::connect`]: diesel's own manager would try
/// every backend and hide the real error.
#[derive(Debug)]
pub struct Manager(DatabaseUrl);

impl r2d2::ManageConnection for Manager {
    type Connection = Pooled;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Pooled, r2d2::Error> {
        Pooled::open(&self.0)
    }

    /// Runs on every checkout, so it costs no round trip: a connection that died shows
    /// in the first query that uses it, which fails that request alone (503) and closes it.
    fn is_valid(&self, conn: &mut Pooled) -> Result<(), r2d2::Error> {
        if conn.stale() || conn.broken {
            return Err(r2d2::Error::QueryError(diesel::result::Error::BrokenTransactionManager));
        }
        Ok(())
    }

    fn has_broken(&self, conn: &mut Pooled) -> bool {
        // A connection left inside a transaction (a panic mid-request) is not reused.
        conn.stale()
            || conn.broken
            || !matches!(
                <DbConn as Connection>::TransactionManager::transaction_manager_status_mut(conn).transaction_depth(),
                Ok(None)
            )
    }
}

/// What the pool says when it cannot connect: once per outage at WARN (the requests it
/// fails are logged with their ids), never r2d2's ERROR line per attempt.
#[derive(Debug)]
struct ConnectErrors;

impl r2d2::HandleError<r2d2::Error> for ConnectErrors {
    fn handle_error(&self, error: r2d2::Error) {
        tracing::debug!(%error, "a database connection could not be opened");
    }
}

/// A connection from `pool` for one request: waits at most [`POOL_WAIT`], and not at all
/// while the database is known to be down.
pub fn checkout(pool: &Pool) -> Result<r2d2::PooledConnection<Manager>, crate::error::Error> {
    let wait = if down().is_some() { POOL_WAIT_WHILE_DOWN } else { POOL_WAIT };
    pool.get_timeout(wait).map_err(|e| match down() {
        Some(why) => crate::error::Error::unavailable(format!("the database does not answer: {why}")),
        None => crate::error::Error::Unavailable(crate::error::Fault::caused_by("connection pool", e)),
    })
}

pub type Pool = r2d2::Pool<Manager>;

/// Runs blocking database work on the blocking thread pool, never on an async worker.
pub async fn run<T, F>(pool: &Pool, f: F) -> Result<T, crate::error::Error>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConn) -> Result<T, crate::error::Error> + Send + 'static,
{
    let pool = pool.clone();
    actix_web::web::block(move || connected(&pool, f)).await?
}

/// `f` with a connection of `pool`.
fn connected<T>(
    pool: &Pool,
    f: impl FnOnce(&mut DbConn) -> Result<T, crate::error::Error>,
) -> Result<T, crate::error::Error> {
    let mut conn = checkout(pool)?;
    let done = f(&mut conn);
    // The database went away under this connection (or it is busy or read-only): a
    // fresh one for the next request.
    if matches!(done, Err(crate::error::Error::Unavailable(_))) {
        conn.mark_broken();
    }
    done
}

/// A few threads of their own for database work that allocates much and frees it again
/// (a league read back and rendered, a snapshot written). On every worker's blocking
/// pool, whichever of its many threads ran such work kept an allocator arena of its own
/// with the memory freed there (run X: 180-190 MB per federation process with a 64 MB
/// cache, 136 MB with two arenas); a few threads reuse what they freed, and bound how
/// many leagues are read back at once.
pub struct Heavy(Option<tokio::runtime::Runtime>);

impl Heavy {
    /// `threads` threads (at least one), started when first needed.
    pub fn new(threads: usize) -> Heavy {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .max_blocking_threads(threads.max(1))
            .thread_name("spielstand-heavy")
            .build()
            .expect("a runtime without I/O or timers always builds");
        Heavy(Some(runtime))
    }

    /// One thread per core (at least two: one may wait for the database while the other
    /// works).
    pub fn per_core() -> Heavy {
        Heavy::new(std::thread::available_parallelism().map_or(2, |n| n.get()).max(2))
    }

    /// As [`run`], on these threads.
    pub async fn run<T, F>(&self, pool: &Pool, f: F) -> Result<T, crate::error::Error>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T, crate::error::Error> + Send + 'static,
    {
        let pool = pool.clone();
        let runtime = self.0.as_ref().expect("only taken when dropped");
        runtime
            .spawn_blocking(move || connected(&pool, f))
            .await
            .map_err(|e| crate::error::Error::internal(format!("heavy database work did not finish: {e}")))?
    }
}

impl Drop for Heavy {
    fn drop(&mut self) {
        // Dropped where blocking is not allowed (an async test's end): let the threads go
        // without waiting for them.
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Opens the pool and brings the schema up to date.
pub fn open(url: &DatabaseUrl, max_connections: u32) -> Result<Pool, DbSetupError> {
    let mut conn = url.connect().map_err(|source| DbSetupError::Connect { url: url.clone(), source })?;
    migrate(&mut conn)?;
    drop(conn);
    builder(max_connections)
        .build(Manager(url.clone()))
        .map_err(|source| DbSetupError::Pool { url: url.clone(), source })
}

/// A pool for a database that does not answer yet: connections are made when asked for,
/// and a thread migrates the database once it answers (until then `/api/v1/ready` is 503).
pub fn open_when_reachable(url: &DatabaseUrl, max_connections: u32) -> Pool {
    let waiting = url.clone();
    std::thread::Builder::new()
        .name("migrate-when-reachable".into())
        .spawn(move || {
            loop {
                match waiting
                    .connect()
                    .map_err(|e| e.to_string())
                    .and_then(|mut c| migrate(&mut c).map_err(|e| e.to_string()))
                {
                    Ok(()) => break tracing::info!(database = %waiting, "the database answers and is up to date"),
                    Err(e) => tracing::debug!(error = %e, "the database does not answer yet"),
                }
                std::thread::sleep(Duration::from_secs(1));
            }
        })
        .expect("a thread can be started at startup");
    pool(url, max_connections)
}

/// A pool of a read replica: never migrated (it replays the primary's schema), and
/// connected when asked for, so that a replica that is down delays nothing.
pub fn open_replica(url: &DatabaseUrl, max_connections: u32) -> Pool {
    pool(url, max_connections)
}

fn pool(url: &DatabaseUrl, max_connections: u32) -> Pool {
    builder(max_connections).min_idle(Some(0)).build_unchecked(Manager(url.clone()))
}

fn builder(max_connections: u32) -> r2d2::Builder<Manager> {
    r2d2::Pool::builder()
        .max_size(max_connections)
        // Also bounds how long r2d2 backs off between attempts while the database is down
        // (half of it): back within seconds of the database.
        .connection_timeout(POOL_WAIT)
        .error_handler(Box::new(ConnectErrors))
}

/// The versions of every migration this binary knows for `backend`, e.g. `20261121000001`.
pub fn known_migrations(backend: Backend) -> Vec<String> {
    use diesel::migration::MigrationSource;
    let names = match backend {
        Backend::Sqlite => MigrationSource::<diesel::sqlite::Sqlite>::migrations(&SQLITE_MIGRATIONS)
            .map(|all| all.iter().map(|m| m.name().version().to_string()).collect::<Vec<_>>()),
        Backend::Postgres => MigrationSource::<diesel::pg::Pg>::migrations(&POSTGRES_MIGRATIONS)
            .map(|all| all.iter().map(|m| m.name().version().to_string()).collect::<Vec<_>>()),
    };
    names.unwrap_or_default()
}

/// Whether the database holds exactly the migrations this binary knows: `Err` says what
/// differs (some not applied yet, or some this binary does not know: a newer spielstand
/// migrated it, and this process should give way).
pub fn migrations_current(conn: &mut DbConn) -> Result<usize, String> {
    let (known, applied) = match conn {
        DbConn::Sqlite(c) => (known_migrations(Backend::Sqlite), c.applied_migrations()),
        DbConn::Pg(c) => (known_migrations(Backend::Postgres), c.applied_migrations()),
    };
    let applied: Vec<String> = applied.map_err(|e| e.to_string())?.iter().map(ToString::to_string).collect();
    let pending = known.iter().filter(|v| !applied.contains(v)).count();
    let unknown = applied.iter().filter(|v| !known.contains(v)).count();
    match (pending, unknown) {
        (0, 0) => Ok(applied.len()),
        (0, n) => Err(format!("the database has {n} migration(s) this version does not know (a newer spielstand)")),
        (n, _) => Err(format!("{n} migration(s) not applied yet")),
    }
}

/// The advisory lock PostgreSQL's migrations hold (any number no other lock of the
/// database uses).
const MIGRATION_LOCK: i64 = 0x5350_4945_4c00;

/// Brings the schema up to date in one transaction: a migration that fails leaves the
/// database as it was before the first pending one (diesel runs each migration in a
/// transaction of its own, which would keep the ones before it), and the error names the
/// migration and why. Processes starting together on one database migrate one at a time:
/// SQLite's write lock is taken first (`BEGIN IMMEDIATE`), PostgreSQL's an advisory lock
/// held until the transaction ends; the one after finds nothing pending.
pub fn migrate(conn: &mut DbConn) -> Result<(), DbSetupError> {
    let done = match conn {
        DbConn::Sqlite(c) => c.immediate_transaction(|c| c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len())),
        DbConn::Pg(c) => c.transaction(|c| {
            diesel::sql_query(format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")).execute(c)?;
            c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|v| v.len())
        }),
    };
    match done {
        Ok(n) if n > 0 => {
            tracing::info!(migrations = n, "database migrated");
            Ok(())
        }
        Ok(_) => Ok(()),
        Err(e) => Err(DbSetupError::Migrate(e.to_string())),
    }
}

/// What a write holds against other writers until it commits, on PostgreSQL, so that what
/// it read before writing is still true when it writes (several processes may share the
/// database). SQLite needs none: `BEGIN IMMEDIATE` takes the database's one write lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    /// A result's row: the revision `If-Match` is compared with stays the revision written
    /// over; a second writer waits, then reads the new revision and gets 412.
    Result(i64),
    /// A league's row: what is counted per league (webhooks) stays counted.
    League(i64),
    /// A club night's row: who holds a pass for it stays decided (one live pass per
    /// player). `FOR NO KEY UPDATE`, so results referring to the night are not held up.
    Night(i64),
    /// Who is who: adding and renaming players (two names that look alike are no unique
    /// key the database could hold) and merging them (two opposite merges at once).
    Players,
}

/// The advisory lock of [`Lock::Players`]: a constant of this application's own.
const PLAYERS_LOCK: i64 = 0x5350_4945_4c5f_5031; // "SPIEL_P1"

impl DbConn {
    /// Takes `lock` until the transaction ends (a no-op on SQLite); call it inside
    /// [`DbConn::write`], before the reads the write depends on. Locks are taken in one
    /// order everywhere (a result before its league), so writers queue instead of
    /// deadlocking.
    pub fn lock(&mut self, lock: Lock) -> QueryResult<()> {
        use diesel::sql_types::BigInt;
        let DbConn::Pg(c) = self else { return Ok(()) };
        let query = match lock {
            Lock::Result(id) => {
                diesel::sql_query("SELECT 1 FROM results WHERE id = $1 FOR UPDATE").bind::<BigInt, _>(id)
            }
            Lock::League(id) => {
                diesel::sql_query("SELECT 1 FROM leagues WHERE id = $1 FOR UPDATE").bind::<BigInt, _>(id)
            }
            Lock::Night(id) => {
                diesel::sql_query("SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE").bind::<BigInt, _>(id)
            }
            Lock::Players => diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<BigInt, _>(PLAYERS_LOCK),
        };
        query.execute(c).map(drop)
    }

    /// Runs `f` in a write transaction. On SQLite it takes the write lock up front
    /// (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes can fail
    /// with SQLITE_BUSY without waiting when another writer got in between. Inside a
    /// transaction already (a group commit), `f` runs in a savepoint of its own, so its
    /// failure undoes only its own changes.
    pub fn write<T, E>(&mut self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        let depth =
            <DbConn as Connection>::TransactionManager::transaction_manager_status_mut(self).transaction_depth()?;
        match (depth, &mut *self) {
            (Some(_), conn) => <DbConn as Connection>::TransactionManager::begin_transaction(conn)?,
            (None, DbConn::Sqlite(c)) => AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?,
            (None, DbConn::Pg(c)) => AnsiTransactionManager::begin_transaction(c)?,
        }
        self.finish(f)
    }

    /// Runs `f` in a read-only transaction that sees one snapshot of the database.
    pub fn read<T, E>(&mut self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        // Inside a transaction already (a read that is part of a write): that transaction
        // is the snapshot, and a second BEGIN would fail.
        let depth =
            <DbConn as Connection>::TransactionManager::transaction_manager_status_mut(self).transaction_depth()?;
        if depth.is_some() {
            return f(self);
        }
        match self {
            DbConn::Sqlite(c) => AnsiTransactionManager::begin_transaction_sql(c, "BEGIN DEFERRED")?,
            DbConn::Pg(c) => {
                AnsiTransactionManager::begin_transaction_sql(c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")?
            }
        }
        self.finish(f)
    }

    fn finish<T, E>(&mut self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        match f(self) {
            Ok(value) => {
                <DbConn as Connection>::TransactionManager::commit_transaction(self)?;
                Ok(value)
            }
            Err(e) => {
                // The original error matters more than a failed rollback; the pool drops
                // a connection whose transaction could not be closed.
                let _ = <DbConn as Connection>::TransactionManager::rollback_transaction(self);
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_comes_from_the_scheme() {
        assert_eq!(DatabaseUrl::parse("postgres://u:pw@127.0.0.1/db").unwrap().backend(), Backend::Postgres);
        assert_eq!(DatabaseUrl::parse("postgresql://127.0.0.1/db").unwrap().backend(), Backend::Postgres);
        assert_eq!(DatabaseUrl::parse("sqlite://./x.db").unwrap().target, "./x.db");
        assert_eq!(DatabaseUrl::parse("sqlite:x.db").unwrap().target, "x.db");
        assert_eq!(DatabaseUrl::parse("/tmp/x.db").unwrap().backend(), Backend::Sqlite);
        assert!(DatabaseUrl::parse("mysql://x").is_err());
        assert!(DatabaseUrl::parse("").is_err());
        assert_eq!(DatabaseUrl::parse("postgres://u:secret@h/db").unwrap().to_string(), "postgres://u:***@h/db");
        assert_eq!(
            DatabaseUrl::parse("postgres://postgres@h:5432/db").unwrap().to_string(),
            "postgres://postgres@h:5432/db"
        );
        assert_eq!(DatabaseUrl::parse("postgres://u:secret@h/db").unwrap().expose(), "postgres://u:secret@h/db");
    }
}

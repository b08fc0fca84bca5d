//! What every handler shares: the database pool, the league tables, and the group-commit
//! writer, with the options the server was started with.

use super::PublicUrl;
use crate::db::{Backend, DatabaseUrl, DbConn, GroupWriter, Pool};
use crate::error::Result;
use crate::http::connections::Shares;
use crate::http::forwarded::Proxies;
use crate::http::throttle::{Throttle, ThrottleOptions};
use crate::read::replica::{self, Reads};
use crate::read::tables::Tables;
use crate::webhooks::egress::Egress;
use actix_web::web;
use std::time::Duration;

/// Live streams one address may follow by default: a projector and a few phones behind
/// one address, many times over.
pub const DEFAULT_STREAMS_PER_ADDRESS: usize = 64;

/// How the server runs, beyond its database.
#[derive(Debug, Clone)]
pub struct Options {
    /// Group commit for SQLite writes; off, every write commits on its own (the
    /// baseline the write benchmark compares with).
    pub group_commit: bool,
    /// Memory for leagues' tables and their incremental state, in bytes.
    pub cache_bytes: usize,
    /// Where webhooks may point: public addresses, and the hosts the operator allows.
    pub egress: Egress,
    /// How long a request body may take to arrive whole (408 after it).
    pub body_deadline: Duration,
    /// Per-address quotas.
    pub throttle: ThrottleOptions,
    /// Reverse proxies whose forwarded headers name the client, its host and scheme.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Live streams one client address may follow at once (0: no limit).
    pub streams_per_address: usize,
    /// The server speaks HTTPS itself (`--tls-cert`): its cookies are `Secure`.
    pub tls: bool,
    /// Where the server is reached from outside: absolute links start with it; without
    /// it links are relative (the server binary passes its bind address instead).
    pub public_url: Option<PublicUrl>,
    /// A streaming read replica of the (PostgreSQL) database to read tables from, and the
    /// lag past which the primary is read instead.
    pub replica: Option<(Pool, Duration)>,
    /// Changes to a league after which its snapshot is written again.
    pub snapshot_after: i64,
    /// Learn the leagues' revisions as they change (`read::watch`) and serve readers the
    /// newest finished table; off, every read asks the database and waits for the
    /// newest (the in-process test harness, whose clients do not send their writes).
    pub watch_revisions: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            group_commit: true,
            cache_bytes: 64 << 20,
            egress: Egress::default(),
            body_deadline: Duration::from_secs(10),
            throttle: ThrottleOptions::default(),
            trusted_proxies: Vec::new(),
            streams_per_address: DEFAULT_STREAMS_PER_ADDRESS,
            tls: false,
            public_url: None,
            replica: None,
            snapshot_after: crate::read::tables::SNAPSHOT_AFTER,
            watch_revisions: false,
        }
    }
}

/// What every handler shares.
pub struct AppState {
    pub pool: Pool,
    /// The club nights phones follow live (`GET /api/v1/events/{id}/stream`).
    pub live: crate::live::Live,
    pub tables: Tables,
    /// Where tables are read from (a replica, if the server has one).
    pub reads: Reads,
    /// Group commit, on SQLite only: PostgreSQL already shares fsyncs among concurrent
    /// commits, and one transaction holding several leagues' rows could deadlock with
    /// another process's.
    writer: Option<GroupWriter>,
    /// Where webhooks may point, checked when one is registered.
    pub egress: Egress,
    /// How long a request body may take to arrive whole.
    pub body_deadline: Duration,
    pub throttle: Throttle,
    /// Who the client is, behind the proxies the operator trusts.
    pub proxies: Proxies,
    /// Each client address's share of the live streams.
    pub streams: Shares,
    pub public_url: Option<PublicUrl>,
    /// Cookies only over HTTPS: the server speaks it itself, or its public URL is https
    /// (a proxy in front speaks it).
    pub secure_cookies: bool,
    /// Postal games' pages and feeds, made once per round.
    pub postal_pages: crate::read::postal::PostalPages,
}

impl AppState {
    /// State with the default options: group commit on SQLite, a 64 MB cache.
    pub fn new(pool: Pool, url: &DatabaseUrl) -> web::Data<AppState> {
        AppState::with_options(pool, url, Options::default())
    }

    pub fn with_options(pool: Pool, url: &DatabaseUrl, options: Options) -> web::Data<AppState> {
        let writer = (options.group_commit && url.backend() == Backend::Sqlite)
            .then(|| GroupWriter::start(url.clone(), pool.clone()));
        // Names stored under an older comparison get today's keys before the first request.
        match pool
            .get_timeout(Duration::from_secs(2))
            .map_err(crate::error::Error::from)
            .and_then(|mut c| crate::store::players::rekey(&mut c))
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(players = n, "player name keys brought to NFKC and case folding"),
            Err(e) => tracing::warn!(error = %e, "player name keys could not be brought up to date"),
        }
        // Metrics are recorded from the first request on.
        crate::telemetry::handle();
        web::Data::new(AppState {
            pool,
            live: crate::live::Live::default(),
            tables: {
                let tables = Tables::new(options.cache_bytes, options.snapshot_after)
                    .linking(PublicUrl::base(options.public_url.as_ref()));
                if options.watch_revisions { tables.watching(url) } else { tables }
            },
            reads: match options.replica {
                Some((replica, max_lag)) => Reads::with_replica(replica, max_lag),
                None => Reads::primary(),
            },
            writer,
            egress: options.egress,
            body_deadline: options.body_deadline,
            throttle: Throttle::new(&options.throttle),
            proxies: Proxies::new(&options.trusted_proxies),
            streams: Shares::new(options.streams_per_address),
            secure_cookies: options.tls
                || options.public_url.as_ref().is_some_and(|u| u.origin().starts_with("https://")),
            public_url: options.public_url,
            postal_pages: Default::default(),
        })
    }

    /// The leagues' views, for the read handlers.
    pub fn views(&self) -> crate::read::views::Views<'_> {
        crate::read::views::Views { pool: &self.pool, tables: &self.tables, reads: &self.reads }
    }

    /// Runs a write: in the next group commit, or on its own on the blocking pool.
    pub async fn write<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T> + Send + 'static,
    {
        match &self.writer {
            Some(writer) => {
                let done = writer.write(f).await?;
                // SQLite has no replica: the position only says "after this commit".
                let _ = replica::REQUEST.try_with(|r| r.wrote.set(r.wrote.get().max(Some(replica::committed_now()))));
                Ok(done)
            }
            None => {
                // PostgreSQL: where the primary stood once the write committed, for the
                // client to read its own write from any process (`replica`).
                let (done, position) = self.db(move |conn| Ok((f(conn)?, replica::position(conn)?))).await?;
                let _ = replica::REQUEST.try_with(|r| r.wrote.set(r.wrote.get().max(position)));
                Ok(done)
            }
        }
    }

    /// Why writes fail, if the last group commit could not write (SQLite: a read-only or
    /// full database); `None` once one wrote again, and on PostgreSQL.
    pub fn writes_failing(&self) -> Option<String> {
        self.writer.as_ref().and_then(GroupWriter::failing)
    }

    /// What links a phone follows start with (a join code's page, the sign-in link): the
    /// public URL, unless that names an address no phone can reach (a server listening
    /// on every address, `0.0.0.0`): then the address this request reached the server at.
    pub fn page_base(&self, req: &actix_web::HttpRequest) -> String {
        match &self.public_url {
            Some(url) if !["://0.0.0.0", "://[::]"].iter().any(|w| url.origin().contains(w)) => {
                PublicUrl::base(Some(url)).to_owned()
            }
            _ => format!(
                "{}://{}",
                self.proxies.scheme(req),
                self.proxies.host(req).unwrap_or_else(|| "localhost".to_owned())
            ),
        }
    }

    /// Runs blocking database work on the blocking thread pool, never on an async worker.
    pub async fn db<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T> + Send + 'static,
    {
        crate::db::run(&self.pool, f).await
    }
}

/// Night `event_id` changed (a result entered, confirmed or settled, a round drawn, a
/// player checked in, the night closed): every phone following it gets a new frame.
pub fn night_changed(state: &web::Data<AppState>, event_id: i64) {
    let state = state.clone();
    let frames = state.clone();
    state.live.changed(event_id, move || night_frame(frames.clone(), event_id));
}

/// Follows night `event_id`: its frames as they are built.
pub fn follow_night(state: &web::Data<AppState>, event_id: i64) -> crate::live::Follower {
    let frames = state.clone();
    state.live.follow(event_id, move || night_frame(frames.clone(), event_id))
}

/// A frame of night `event_id`'s stream: the night as `GET /api/v1/events/{id}` reports
/// it, and the night's page as the phones and the projector show it, in both languages;
/// and whether the night is closed. `None` when it cannot be read (it was deleted).
async fn night_frame(state: web::Data<AppState>, event_id: i64) -> Option<(web::Bytes, bool)> {
    let (report, league) = match state.views().night(event_id).await {
        Ok(night) => night,
        Err(e) => {
            tracing::debug!(event_id, error = %e, "a night's live frame could not be built");
            return None;
        }
    };
    let closed = report.event.closed_at.is_some();
    let frame = crate::render::live::frame(&report, &league);
    Some((frame.into(), closed))
}

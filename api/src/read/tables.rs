//! League tables (and the other views of a league's state: head-to-head, player
//! statistics) at the league's current revision, whichever process made the last
//! change: the one place every table view (JSON, CSV, the embedded page) comes from.
//!
//! Per request: the league's revision from an indexed read that began after the request
//! arrived (that is what keeps several processes on one database coherent; concurrent
//! requests share one, see [`crate::read::revisions`]), then the table from memory if it is held at
//! that revision. Otherwise one computation per (league, view, revision), however many
//! requests wait for it: it brings the league's projection up to date by reading only
//! the changes logged since the revision it holds (a full load only when it holds
//! nothing or the log has a gap), and renders the table from it.

use crate::db::{self, DatabaseUrl, Pool};
use crate::error::{Error, Result};
use crate::read::cache::{self, CachedView, LeagueCache, Served, Slot, View, ViewData};
use crate::read::flight::SingleFlight;
use crate::read::known::{Known, MAX_BEHIND};
use crate::read::replica::{self, Reads, Source};
use crate::read::revisions::Revisions;
use crate::read::watch;
use crate::render::{Lang, atom};
use crate::store::results::projection::{self, Loaded, Projection};
use crate::store::{feed, leagues, players, snapshots};
use rustc_hash::FxHashSet;
use spielstand_core::{GameKind, Lines, PairPage, PairQuery, PlayerStats, RatingLine, Slug, StandingsQuery};
use spielstand_wire::{ByPlayer, ByTeam};
use spielstand_wire::{
    HeadToHead, LeaguePlayerRatings, LeaguePlayerStats, LeagueRatingAccuracy, Standings, TeamStandings,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How a computation got its projection up to date; counted for tests and logs.
#[derive(Debug, Default)]
pub struct Counters {
    /// Whole leagues read from the database.
    pub full_loads: AtomicU64,
    /// Projections brought forward from the change log.
    pub catch_ups: AtomicU64,
    /// Tables rendered.
    pub renders: AtomicU64,
    /// Leagues read back from their snapshot (and the changes after it).
    pub snapshot_loads: AtomicU64,
    /// Snapshots written.
    pub snapshots_written: AtomicU64,
    /// Snapshots being written now.
    pub snapshots_pending: AtomicU64,
}

pub struct Tables {
    shared: Arc<Shared>,
    revisions: Revisions<(i64, bool)>,
}

/// What a computation needs, also one that runs after the request that started it was
/// answered (a refresh).
struct Shared {
    cache: Arc<LeagueCache>,
    flights: SingleFlight<(i64, View, i64), Arc<CachedView>>,
    counters: Arc<Counters>,
    snapshot_after: i64,
    /// What absolute links in a view (a feed's) start with: the public URL, or nothing.
    links: Arc<str>,
    /// Where computations and snapshots run.
    heavy: Arc<db::Heavy>,
    /// The leagues' revisions as pushed to this process (`watch`), when it watches.
    known: Arc<Known>,
    /// The views being brought to a newer revision while readers are served the one
    /// before: one refresh per view at a time (writes arriving meanwhile are taken
    /// together by the next).
    refreshing: Mutex<FxHashSet<(i64, View)>>,
}

/// How new a view a caller needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Newest {
    /// Every write acknowledged before the call, whichever process made it: a night's
    /// report, a draw, a live frame, and any reader that sent its last write
    /// (`Spielstand-Read-After`, or the cookie the pages keep it in).
    Acknowledged,
    /// The newest finished: while a newer revision is computed, the one before, at most
    /// [`MAX_BEHIND`] behind it. A reader is never made to wait for another's write.
    Finished,
}

/// Changes to a league after which its snapshot is written again (or one per 100 results,
/// if more): the most a process loading the league catches up after reading it back.
pub const SNAPSHOT_AFTER: i64 = 128;

impl Tables {
    /// Tables held within about `budget_bytes` of memory, a league's snapshot written
    /// again after `snapshot_after` changes (at least 1).
    pub fn new(budget_bytes: usize, snapshot_after: i64) -> Tables {
        Tables {
            shared: Arc::new(Shared {
                cache: Arc::new(LeagueCache::new(budget_bytes)),
                flights: SingleFlight::default(),
                counters: Arc::default(),
                snapshot_after: snapshot_after.max(1),
                links: Arc::from(""),
                heavy: Arc::new(db::Heavy::per_core()),
                known: Arc::default(),
                refreshing: Mutex::default(),
            }),
            revisions: Revisions::default(),
        }
    }

    fn shared_mut(&mut self) -> &mut Shared {
        Arc::get_mut(&mut self.shared).expect("set up before the first request")
    }

    /// The same, its views' absolute links starting with `base` (the public URL).
    pub fn linking(mut self, base: &str) -> Tables {
        self.shared_mut().links = Arc::from(base.trim_end_matches('/'));
        self
    }

    /// The same, learning the leagues' revisions as they change (`watch`) instead of
    /// reading them per request, and serving the newest finished view.
    pub fn watching(self, url: &DatabaseUrl) -> Tables {
        watch::start(url.clone(), &self.shared.known);
        self
    }

    /// Whether this process knows the leagues' revisions without asking (its watcher
    /// vouches for them).
    pub fn watched(&self) -> bool {
        self.shared.known.vouched()
    }

    /// Waits until no snapshot is being written (for tests and a clean shutdown).
    pub async fn snapshots_written(&self) {
        while self.shared.counters.snapshots_pending.load(Ordering::Acquire) > 0 {
            actix_web::rt::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    }

    pub fn counters(&self) -> &Counters {
        &self.shared.counters
    }

    /// The whole view of `view` at the league's current revision, or the newest finished
    /// (`newest`): with everything its other representations (CSV, pages, pictures) are
    /// made from.
    pub async fn get(
        &self,
        reads: &Reads,
        primary: &Pool,
        league_id: i64,
        view: View,
        newest: Newest,
    ) -> Result<Arc<CachedView>> {
        match self.answer(reads, primary, league_id, view, newest, false).await? {
            Served::Full(table) => Ok(table),
            Served::Packed(_) => Err(Error::internal("a packed view where a whole one was asked for")),
        }
    }

    /// The body of `view` at the league's current revision, or the newest finished
    /// (`newest`): whole, or packed if that is what the cache holds of a league it demoted
    /// (the same bytes and ETags).
    pub async fn served(
        &self,
        reads: &Reads,
        primary: &Pool,
        league_id: i64,
        view: View,
        newest: Newest,
    ) -> Result<Served> {
        self.answer(reads, primary, league_id, view, newest, true).await
    }

    /// `view` as [`Self::served`] answers it: packed only if that will do.
    async fn answer(
        &self,
        reads: &Reads,
        primary: &Pool,
        league_id: i64,
        view: View,
        newest: Newest,
        packed_will_do: bool,
    ) -> Result<Served> {
        if let Some(served) = self.finished(reads, primary, league_id, view, newest, packed_will_do) {
            return Ok(served);
        }
        let (pool, revision) = self.revision(reads, primary, league_id).await?;
        let held = match packed_will_do {
            true => self.shared.cache.served(league_id, view, revision),
            false => self.shared.cache.table(league_id, view, revision).map(Served::Full),
        };
        if let Some(served) = held {
            metrics::counter!("spielstand_cache_hits_total").increment(1);
            if let Served::Packed(_) = served {
                metrics::counter!("spielstand_cache_packed_hits_total").increment(1);
            }
            served_revision(served.revision(), Duration::ZERO);
            return Ok(served);
        }
        Ok(Served::Full(Shared::computed(&self.shared, pool, primary, league_id, view, revision).await?))
    }

    /// The newest finished `view` held, without a database read, when the caller may have
    /// it: it asked for no more, the process knows the league's revision (its watcher
    /// vouches), and what is held is that revision or at most [`MAX_BEHIND`] behind it
    /// (then the newer one is computed in the background). `None`: the caller reads the
    /// revision and waits for its view.
    fn finished(
        &self,
        reads: &Reads,
        primary: &Pool,
        league_id: i64,
        view: View,
        newest: Newest,
        packed_will_do: bool,
    ) -> Option<Served> {
        // A replica may not have replayed what this process knows of: it is read as before.
        let after = replica::REQUEST.try_with(|r| r.after.is_some()).unwrap_or(false);
        if newest == Newest::Acknowledged || after || reads.has_replica() {
            return None;
        }
        let held = self.shared.cache.newest(league_id, view, packed_will_do)?;
        let revision = held.revision();
        let (latest, behind) = self.shared.known.against(league_id, revision)?;
        let behind = match behind {
            None => Duration::ZERO,
            Some(behind) => {
                Shared::refresh(&self.shared, primary, league_id, view, latest);
                if behind > MAX_BEHIND {
                    metrics::counter!("spielstand_reads_waited_total").increment(1);
                    return None;
                }
                metrics::counter!("spielstand_reads_behind_total").increment(1);
                metrics::histogram!("spielstand_read_behind_seconds").record(behind.as_secs_f64());
                behind
            }
        };
        metrics::counter!("spielstand_cache_hits_total").increment(1);
        served_revision(revision, behind);
        Some(held)
    }

    /// Where the league is read from, and its current revision there.
    async fn revision<'a>(&self, reads: &'a Reads, primary: &'a Pool, league_id: i64) -> Result<(&'a Pool, i64)> {
        let (pool, from_replica) = match reads.source() {
            Source::Replica { pool, lag_ms } => {
                let _ = replica::REQUEST.try_with(|r| r.replica_lag_ms.set(Some(lag_ms)));
                (pool, true)
            }
            Source::Primary => (primary, false),
        };
        metrics::counter!("spielstand_reads_total", "source" => if from_replica { "replica" } else { "primary" })
            .increment(1);
        let arrived = Instant::now();
        let revision = self
            .revisions
            .current((league_id, from_replica), || db::run(pool, move |conn| leagues::revision(conn, league_id)))
            .await?;
        if !from_replica {
            self.shared.known.saw(league_id, revision, arrived);
        }
        Ok((pool, revision))
    }
}

/// Tells the request being served which revision of a league it was answered from, and
/// how far behind the newest that was (for its headers).
fn served_revision(revision: i64, behind: Duration) {
    let _ = replica::REQUEST.try_with(|r| r.served.set(Some((revision, behind))));
}

impl Shared {
    /// `view` computed at `revision` (or later), once however many requests ask for it.
    async fn computed(
        shared: &Arc<Shared>,
        pool: &Pool,
        primary: &Pool,
        league_id: i64,
        view: View,
        revision: i64,
    ) -> Result<Arc<CachedView>> {
        metrics::counter!("spielstand_cache_misses_total").increment(1);
        let (pool, primary, this) = (pool.clone(), primary.clone(), shared.clone());
        let table = shared
            .flights
            .run((league_id, view, revision), move || async move {
                let Shared { cache, counters, heavy, known, snapshot_after, links, .. } = &*this;
                let (cache, counters, heavy, links, snapshot_after) =
                    (cache.clone(), counters.clone(), heavy.clone(), links.clone(), *snapshot_after);
                let started = Instant::now();
                let slot = cache.slot(league_id);
                let work = slot.clone();
                let counting = counters.clone();
                let (table, bytes, snapshot_due) = heavy
                    .run(&pool, move |conn| {
                        let at = Revision { league_id, revision, snapshot_after };
                        compute(conn, &work, at, view, &counting, &links)
                    })
                    .await?;
                known.saw(league_id, table.revision, started);
                cache.store(league_id, &slot, bytes, view, table.clone());
                if snapshot_due {
                    snapshot_later(heavy, primary, slot, league_id, counters);
                }
                Ok(table)
            })
            .await?;
        served_revision(table.revision, Duration::ZERO);
        Ok(table)
    }

    /// Brings `view` to `revision` in the background, unless that is under way already.
    fn refresh(shared: &Arc<Shared>, primary: &Pool, league_id: i64, view: View, revision: i64) {
        if !lock(&shared.refreshing).insert((league_id, view)) {
            return;
        }
        let (this, primary) = (shared.clone(), primary.clone());
        actix_web::rt::spawn(async move {
            // Outside any request: nothing to tell about what it served.
            if let Err(error) = Shared::computed(&this, &primary, &primary, league_id, view, revision).await {
                tracing::debug!(league_id, %error, "a newer table could not be computed");
            }
            lock(&this.refreshing).remove(&(league_id, view));
        });
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Which revision of which league a computation brings its projection to, and after how
/// many changes past its snapshot a new one is due.
#[derive(Clone, Copy)]
struct Revision {
    league_id: i64,
    revision: i64,
    snapshot_after: i64,
}

/// Writes the league's snapshot in the background: the readers waiting for this
/// computation have their table already. Written to the primary (a replica takes no
/// writes); a failure costs only a longer catch-up for the next process to load the league.
fn snapshot_later(heavy: Arc<db::Heavy>, primary: Pool, slot: Slot, league_id: i64, counters: Arc<Counters>) {
    counters.snapshots_pending.fetch_add(1, Ordering::AcqRel);
    actix_web::rt::spawn(async move {
        match heavy.run(&primary, move |conn| write_snapshot(conn, &slot, league_id)).await {
            Ok(true) => {
                counters.snapshots_written.fetch_add(1, Ordering::Relaxed);
            }
            Ok(false) => {}
            Err(error) => tracing::warn!(league_id, %error, "league snapshot not written"),
        }
        counters.snapshots_pending.fetch_sub(1, Ordering::AcqRel);
    });
}

/// Brings the league's projection to (at least) `revision` and renders `view` from it.
/// Runs on the blocking pool; the slot's lock makes the computations of one league's
/// views take turns, so each change is applied once. A projection already at `revision`
/// or past it (brought there from the primary, while this read is from a replica that is
/// behind it) is rendered as it is: never taken back.
fn compute(
    conn: &mut db::DbConn,
    slot: &Slot,
    at: Revision,
    view: View,
    counters: &Counters,
    links: &str,
) -> Result<(Arc<CachedView>, usize, bool)> {
    let Revision { league_id, revision, snapshot_after } = at;
    let mut held = slot.lock().unwrap_or_else(|poisoned| {
        // A computation panicked half-way through applying changes: start over.
        let mut held = poisoned.into_inner();
        *held = None;
        held
    });
    slot.clear_poison();
    let started = Instant::now();
    let caught_up = match held.as_mut() {
        Some(projection) if projection.revision >= revision => true,
        Some(projection) => {
            let before = projection.revision;
            let done = projection::catch_up(conn, league_id, projection)?;
            if done && projection.revision > before {
                counters.catch_ups.fetch_add(1, Ordering::Relaxed);
                metrics::histogram!("spielstand_table_catch_up_seconds").record(started.elapsed().as_secs_f64());
            }
            done
        }
        None => false,
    };
    if !caught_up {
        let started = Instant::now();
        let (projection, loaded) = projection::load(conn, league_id)?;
        *held = Some(projection);
        let seconds = started.elapsed().as_secs_f64();
        match loaded {
            Loaded::Snapshot(_) => {
                counters.snapshot_loads.fetch_add(1, Ordering::Relaxed);
                metrics::histogram!("spielstand_table_snapshot_load_seconds").record(seconds);
            }
            Loaded::Full => {
                counters.full_loads.fetch_add(1, Ordering::Relaxed);
                metrics::histogram!("spielstand_table_full_load_seconds").record(seconds);
            }
        }
    }
    let projection = held.as_mut().expect("loaded above");
    // Far enough from the stored snapshot (or without one): a new one is written after
    // this computation, off its path. Marked now, so that one computation asks for it.
    // A large league's snapshot costs more to write (tens of milliseconds at 100,000
    // results, under the slot's lock): written after at least one change per 100 results.
    let after = snapshot_after.max(projection.state.len() as i64 / 100);
    let snapshot_due = projection.snapshot_revision.is_none_or(|at| projection.revision - at >= after);
    if snapshot_due {
        projection.snapshot_revision = Some(projection.revision);
    }
    let started = Instant::now();
    let (body, data) = render(conn, projection, league_id, view, links)?;
    counters.renders.fetch_add(1, Ordering::Relaxed);
    metrics::histogram!("spielstand_table_replay_seconds").record(started.elapsed().as_secs_f64());
    // Compressed once per revision and encoding, by the first reader accepting it.
    let table = Arc::new(CachedView {
        revision: projection.revision,
        json: cache::rendered(body),
        data,
        others: Default::default(),
        limited: Default::default(),
        league_name: projection.name.clone(),
    });
    Ok((table, projection.state.heap_bytes(), snapshot_due))
}

/// Writes the league's state as its snapshot: taken under the slot's lock (the state as
/// of the revision it holds then), written after the lock is let go.
fn write_snapshot(conn: &mut db::DbConn, slot: &Slot, league_id: i64) -> Result<bool> {
    let taken = {
        let Ok(mut held) = slot.lock() else { return Ok(false) };
        held.as_mut().map(|projection| (projection.revision, projection.state.snapshot()))
    };
    let Some((revision, bytes)) = taken else { return Ok(false) };
    conn.write(|conn| snapshots::save(conn, league_id, revision, &bytes))?;
    Ok(true)
}

/// The JSON of `view` from the league's state (and its data for its other
/// representations).
fn render(
    conn: &mut db::DbConn,
    projection: &mut Projection,
    league_id: i64,
    view: View,
    links: &str,
) -> Result<(Vec<u8>, ViewData)> {
    let league_revision = projection.revision;
    Ok(match view {
        View::Table { game, as_of } => {
            let rows = projection.state.table(StandingsQuery { game, as_of });
            let standings = Standings { league_id, league_revision, game, as_of, by: ByPlayer::Player, rows };
            (serde_json::to_vec(&standings)?, ViewData::Table(standings))
        }
        View::TeamTable { game, as_of } => {
            let rows = projection.state.team_table(StandingsQuery { game, as_of });
            let teams = TeamStandings { league_id, league_revision, game, as_of, by: ByTeam::Team, rows };
            (serde_json::to_vec(&teams)?, ViewData::Teams(teams))
        }
        View::HeadToHead { game, player, page, per_page } => {
            if let Some(player_id) = player {
                // Unknown players are 404; a player without games here has no pairs.
                players::get(conn, player_id)?;
            }
            let skip = (page as usize - 1).saturating_mul(per_page as usize);
            let take = per_page as usize;
            let PairPage { total, pairs } = projection.state.head_to_head(PairQuery { game, player, skip, take });
            let h2h = HeadToHead {
                league_id,
                league_revision,
                game,
                player_id: player,
                pairs,
                page,
                per_page,
                total: total as i64,
            };
            (serde_json::to_vec(&h2h)?, ViewData::None)
        }
        View::PlayerStats { player_id } => {
            let stats = match projection.state.player_stats(player_id) {
                Some(stats) => stats,
                // No result of theirs in this league (yet): a record of nothing, if the
                // player exists at all.
                None => {
                    let player = players::get(conn, player_id)?;
                    PlayerStats { player_id, player: player.name, overall: None, games: Vec::new() }
                }
            };
            (
                serde_json::to_vec(&LeaguePlayerStats { league_id, league_revision, stats: stats.clone() })?,
                ViewData::Stats(stats),
            )
        }
        View::Ratings { game, lines } => {
            let mut drawn = projection.state.rating_lines(game, lines);
            let body = match lines {
                // One player's line, always there (empty for a player without games, if
                // the player exists), also served as JSON (the CLI's sparkline).
                Lines::Player(player_id) => {
                    if drawn.is_empty() {
                        let player = players::get(conn, player_id)?.name;
                        drawn.push(RatingLine { player_id, player, points: Vec::new() });
                    }
                    let RatingLine { player, points, .. } = drawn[0].clone();
                    serde_json::to_vec(&LeaguePlayerRatings {
                        league_id,
                        league_revision,
                        game,
                        player_id,
                        player,
                        points,
                    })?
                }
                Lines::Top(_) => serde_json::to_vec(&drawn)?,
            };
            (body, ViewData::Ratings(drawn))
        }
        View::Accuracy { game } => {
            let accuracy = projection.state.rating_accuracy(game);
            (serde_json::to_vec(&LeagueRatingAccuracy { league_id, league_revision, game, accuracy })?, ViewData::None)
        }
        View::Race { game, top } => {
            let race = projection.state.points_race(game, top);
            (serde_json::to_vec(&race)?, ViewData::Race(race))
        }
        // Anyone may ask for it, and it is large: once per revision, like a table.
        View::Export => (crate::store::export::export_json(conn, league_id)?, ViewData::None),
        View::Feed { game, lang } => (feed_xml(conn, league_id, game, lang, links)?, ViewData::None),
    })
}

/// The league's Atom feed. Its `self` link names the query as the view does (the same
/// document for every spelling of it), from the public URL, never from a request's Host.
fn feed_xml(
    conn: &mut db::DbConn,
    league_id: i64,
    game: Option<GameKind>,
    lang: Option<Lang>,
    base: &str,
) -> Result<Vec<u8>> {
    let latest = feed::latest(conn, league_id, game)?;
    let query: Vec<String> = game
        .map(|g| format!("game={}", g.slug()))
        .into_iter()
        .chain(lang.map(|l| format!("lang={}", l.labels().lang)))
        .collect();
    let query = if query.is_empty() { String::new() } else { format!("?{}", query.join("&")) };
    let self_url = format!("{base}/api/v1/leagues/{league_id}/results.atom{query}");
    Ok(atom::feed(&atom::Feed {
        instance: &latest.instance,
        self_url: &self_url,
        base,
        league: &latest.league,
        game,
        results: &latest.results,
        updated: latest.updated,
        lang: lang.unwrap_or_default(),
    })
    .into_bytes())
}

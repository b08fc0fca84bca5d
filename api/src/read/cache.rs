//! Leagues held in memory: each league's incremental state (its projection) and the
//! tables rendered from it at the newest revision seen, within a byte budget. When the
//! budget is exceeded, the leagues used least recently are demoted first: their state
//! and whole views are dropped, each view's JSON kept packed (gzip, a fifth of it), so
//! that readers of a league nobody changed since are still answered from memory; packed
//! views beyond half of the budget are dropped, least recently used first. A league
//! whose state was dropped is read back (from its snapshot) when next computed.

use crate::error::{Error, Result};
use crate::render::compressed::{Compressed, Effort, Packed};
use crate::render::{Lang, Theme};
use crate::store::results::projection::Projection;
use chrono::NaiveDate;
use sha2::{Digest, Sha256};
use spielstand_core::{GameKind, Lines, PlayerStats, PointsLine, RatingLine};
use spielstand_wire::{CsvLocale, Standings, TeamStandings};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What is rendered from a league's state: a table (one game only, and/or as it stood
/// at the end of a day), the head-to-head records, one player's statistics, or the
/// lines of a picture (ratings or the points race over the season).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum View {
    Table {
        game: Option<GameKind>,
        as_of: Option<NaiveDate>,
    },
    /// The league's fixed teams ranked (`standings?by=team`).
    TeamTable {
        game: Option<GameKind>,
        as_of: Option<NaiveDate>,
    },
    HeadToHead {
        game: Option<GameKind>,
        player: Option<i64>,
        page: u32,
        per_page: u32,
    },
    PlayerStats {
        player_id: i64,
    },
    Ratings {
        game: Option<GameKind>,
        lines: Lines,
    },
    Race {
        game: Option<GameKind>,
        top: usize,
    },
    /// How well the ratings of a table predicted its games.
    Accuracy {
        game: Option<GameKind>,
    },
    /// The whole league as one document (`export`), read from the database.
    Export,
    /// The latest results as an Atom feed (`results.atom`), read from the database; its
    /// body is the feed's XML. `lang` as asked for: the feed's `self` link names it.
    Feed {
        game: Option<GameKind>,
        lang: Option<Lang>,
    },
}

/// What a view keeps besides its JSON, for its other representations.
#[derive(Debug)]
pub enum ViewData {
    /// JSON only.
    None,
    /// A table's rows, for CSV and the embedded page.
    Table(Standings),
    /// A team table's rows, for CSV and the embedded page.
    Teams(TeamStandings),
    /// A player's statistics, for the player's page.
    Stats(PlayerStats),
    /// Rating lines, for the pictures; one player's view always holds their line.
    Ratings(Vec<RatingLine>),
    /// The points race, for its picture.
    Race(Vec<PointsLine>),
}

/// One view, rendered once for every request that asks for it at its revision.
#[derive(Debug)]
pub struct CachedView {
    pub revision: i64,
    /// The JSON (a feed's XML), as it is and compressed (each encoding made when first
    /// accepted), each with its ETag: the hot path serves these bytes as they are.
    pub json: Compressed,
    /// The view's data again for its other representations (CSV, pages, pictures).
    pub data: ViewData,
    /// Its CSV, embeddable pages and pictures, each made (and compressed) once at this
    /// revision, the first time anyone asks for it.
    pub others: Others,
    /// Pages of its first rows only (a page's `limit`), the few asked for last, each
    /// made once while it is kept.
    pub limited: Limited,
    /// The league's name at this revision (a rename bumps the revision).
    pub league_name: String,
}

/// A representation of a view besides its JSON, made from its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Other {
    Csv(CsvLocale),
    /// The view shown in a language and colours: a table's embeddable page (every row; the
    /// pages with `limit` are [`Limited`]), a player's page, a picture of the season.
    Shown(Lang, Theme),
}

impl Other {
    const COUNT: usize = 6;

    fn slot(self) -> usize {
        match self {
            Other::Csv(CsvLocale::En) => 0,
            Other::Csv(CsvLocale::De) => 1,
            Other::Shown(Lang::De, Theme::Light) => 2,
            Other::Shown(Lang::De, Theme::Dark) => 3,
            Other::Shown(Lang::En, Theme::Light) => 4,
            Other::Shown(Lang::En, Theme::Dark) => 5,
        }
    }
}

/// The other representations of a view, each made at most once.
#[derive(Debug, Default)]
pub struct Others([OnceLock<Compressed>; Other::COUNT]);

/// Pages of a view's first rows (`limit`) kept with it: as many as a club's website asks
/// for (a top ten on the front page, a top three in the sidebar), not one per number
/// anyone tries, so that what a view holds stays bounded.
#[derive(Debug, Default)]
pub struct Limited {
    kept: Mutex<VecDeque<(Other, usize, Arc<Compressed>)>>,
    /// What the pages kept hold, for the cache's count: read without the lock, which a
    /// page being made holds (the cache counts under its own lock, and must not wait).
    bytes: AtomicUsize,
}

impl Limited {
    /// Pages kept per view, the least recently asked for dropped first.
    const KEPT: usize = 4;

    fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }
}

impl CachedView {
    /// About how much memory the view holds: its JSON in every encoding (counted ahead:
    /// each is made when first asked for), its data (about the JSON's size) and the other
    /// representations made so far.
    fn bytes(&self) -> usize {
        let others: usize = self.others.0.iter().filter_map(OnceLock::get).map(Compressed::bytes_when_made).sum();
        self.json.bytes_when_made()
            + self.json.plain.bytes.len()
            + others
            + self.limited.bytes()
            + self.league_name.len()
            + std::mem::size_of::<Self>()
    }

    /// `other` of this view: made by `make` the first time anyone asks at this revision
    /// (requests asking meanwhile wait for it) and compressed then; every later request
    /// gets the same bytes in the encoding it accepts.
    pub fn other(&self, other: Other, make: impl FnOnce() -> Vec<u8>) -> &Compressed {
        self.others.0[other.slot()].get_or_init(|| rendered(make()))
    }

    /// `other` of this view showing only its first `limit` rows: made by `make` the first
    /// time it is asked for while kept (requests asking meanwhile wait for it).
    pub fn limited(&self, other: Other, limit: usize, make: impl FnOnce() -> Vec<u8>) -> Arc<Compressed> {
        let mut kept = self.limited.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = kept.iter().position(|(o, l, _)| (*o, *l) == (other, limit)) {
            let found = kept.remove(at).expect("just found");
            let page = found.2.clone();
            kept.push_front(found);
            return page;
        }
        let page = Arc::new(rendered(make()));
        kept.push_front((other, limit, page.clone()));
        kept.truncate(Limited::KEPT);
        let bytes = kept.iter().map(|(_, _, page)| page.bytes_when_made()).sum();
        self.limited.bytes.store(bytes, Ordering::Relaxed);
        page
    }

    /// A table view's rows.
    pub fn table(&self) -> Result<&Standings> {
        match &self.data {
            ViewData::Table(rows) => Ok(rows),
            _ => Err(mismatch("a table")),
        }
    }

    /// A team table view's rows.
    pub fn teams(&self) -> Result<&TeamStandings> {
        match &self.data {
            ViewData::Teams(rows) => Ok(rows),
            _ => Err(mismatch("a team table")),
        }
    }

    /// A player statistics view's statistics.
    pub fn stats(&self) -> Result<&PlayerStats> {
        match &self.data {
            ViewData::Stats(stats) => Ok(stats),
            _ => Err(mismatch("player statistics")),
        }
    }

    /// A rating view's lines.
    pub fn rating_lines(&self) -> Result<&[RatingLine]> {
        match &self.data {
            ViewData::Ratings(lines) => Ok(lines),
            _ => Err(mismatch("rating lines")),
        }
    }

    /// The one line of a player's rating view (empty for a player without games).
    pub fn player_line(&self) -> Result<&RatingLine> {
        self.rating_lines()?.first().ok_or_else(|| mismatch("a player's rating line"))
    }

    /// A points race view's lines.
    pub fn race(&self) -> Result<&[PointsLine]> {
        match &self.data {
            ViewData::Race(lines) => Ok(lines),
            _ => Err(mismatch("a points race")),
        }
    }
}

/// A body rendered from a league's state, with its strong ETag; compressed when first
/// accepted so.
pub fn rendered(body: Vec<u8>) -> Compressed {
    let etag = etag(&body);
    Compressed::new(body.into(), etag, Effort::Render)
}

/// A view asked for as another kind than it was rendered: a bug, never the client's.
fn mismatch(wanted: &str) -> Error {
    Error::internal(format!("a cached view without {wanted}"))
}

/// A league's projection, shared by the computations of its tables; `None` until loaded.
pub type Slot = Arc<Mutex<Option<Projection>>>;

/// A view's JSON kept after its league was demoted (its state and whole views dropped to
/// make room): its gzip bytes, a fifth of the JSON, enough to answer the JSON readers of
/// a league that has not changed since without reading the league back.
#[derive(Debug)]
pub struct PackedView {
    pub revision: i64,
    pub json: Packed,
}

/// A view's body (its JSON; a feed's XML) as the cache holds it: whole (with everything
/// its other representations need) or packed.
#[derive(Debug, Clone)]
pub enum Served {
    Full(Arc<CachedView>),
    Packed(Arc<PackedView>),
}

impl Served {
    /// The league revision it was rendered at.
    pub fn revision(&self) -> i64 {
        match self {
            Served::Full(view) => view.revision,
            Served::Packed(view) => view.revision,
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Served::Full(view) => view.bytes(),
            Served::Packed(view) => view.json.heap_bytes() + std::mem::size_of::<PackedView>(),
        }
    }
}

struct Entry {
    slot: Slot,
    /// The projection's size when last measured.
    slot_bytes: usize,
    views: HashMap<View, Served>,
    /// The views' size when last counted (a view grows as its other representations are
    /// made: counted again whenever the league is used).
    views_bytes: usize,
    /// When last used, in ticks of this cache: the smallest is demoted, then dropped, first.
    used: u64,
}

impl Entry {
    fn new(slot: Slot, used: u64) -> Entry {
        Entry { slot, slot_bytes: 0, views: HashMap::new(), views_bytes: 0, used }
    }

    fn bytes(&self) -> usize {
        self.slot_bytes + self.views_bytes
    }

    /// Does it hold the league's state or a whole view (or is it packed views only)?
    fn whole(&self) -> bool {
        self.slot_bytes > 0 || self.views.values().any(|held| matches!(held, Served::Full(_)))
    }

    /// Counts its views again; true if their size changed.
    fn recount(&mut self) -> bool {
        let before = self.views_bytes;
        self.views_bytes = self.views.values().map(Served::bytes).sum();
        self.views_bytes != before
    }

    /// Drops the league's state and keeps each view's JSON packed (a view whose gzip form
    /// was never asked for is dropped: nothing is compressed under the cache's lock).
    /// A computation holding the state still finishes with it, and `store` takes it back.
    fn demote(&mut self) {
        self.slot = Slot::default();
        self.slot_bytes = 0;
        self.views = std::mem::take(&mut self.views)
            .into_iter()
            .filter_map(|(view, held)| match held {
                Served::Full(full) => {
                    let json = full.json.packed()?;
                    Some((view, Served::Packed(Arc::new(PackedView { revision: full.revision, json }))))
                }
                packed => Some((view, packed)),
            })
            .collect();
        self.recount();
    }

    /// Reports what the league holds, as the budget counts it: its state and its views.
    fn report(&self, league_id: i64) {
        let league = league_id.to_string();
        metrics::gauge!("spielstand_cache_league_bytes", "league" => league.clone(), "kind" => "state")
            .set(self.slot_bytes as f64);
        metrics::gauge!("spielstand_cache_league_bytes", "league" => league, "kind" => "views")
            .set(self.views_bytes as f64);
    }
}

/// Reports a league dropped from memory as holding nothing.
fn report_dropped(league_id: i64) {
    let league = league_id.to_string();
    metrics::gauge!("spielstand_cache_league_bytes", "league" => league.clone(), "kind" => "state").set(0.0);
    metrics::gauge!("spielstand_cache_league_bytes", "league" => league, "kind" => "views").set(0.0);
}

#[derive(Default)]
struct Inner {
    leagues: HashMap<i64, Entry>,
    tick: u64,
    bytes: usize,
}

impl Inner {
    fn tick(&mut self) -> u64 {
        self.tick += 1;
        self.tick
    }
}

/// What making room does to a league: demote it (drop its state, pack its views) or drop
/// it whole.
enum Room {
    Demote(i64),
    Drop(i64),
}

pub struct LeagueCache {
    inner: Mutex<Inner>,
    budget: usize,
}

impl LeagueCache {
    /// A cache that holds about `budget` bytes.
    pub fn new(budget: usize) -> LeagueCache {
        LeagueCache { inner: Mutex::new(Inner::default()), budget }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The whole view of `view`, if one at `revision` or later is held.
    pub fn table(&self, league_id: i64, view: View, revision: i64) -> Option<Arc<CachedView>> {
        match self.held(league_id, view, revision, false)? {
            Served::Full(table) => Some(table),
            Served::Packed(_) => None,
        }
    }

    /// The newest `view` held, of whatever revision: whole, or packed too if that will do.
    pub fn newest(&self, league_id: i64, view: View, packed_will_do: bool) -> Option<Served> {
        self.held(league_id, view, i64::MIN, packed_will_do)
    }

    /// The body of `view`, whole or packed, if one at `revision` or later is held.
    pub fn served(&self, league_id: i64, view: View, revision: i64) -> Option<Served> {
        self.held(league_id, view, revision, true)
    }

    fn held(&self, league_id: i64, view: View, revision: i64, packed_will_do: bool) -> Option<Served> {
        let mut inner = self.lock();
        let tick = inner.tick();
        let entry = inner.leagues.get_mut(&league_id)?;
        let held = entry.views.get(&view).filter(|held| held.revision() >= revision)?;
        if !packed_will_do && matches!(held, Served::Packed(_)) {
            return None;
        }
        let served = held.clone();
        entry.used = tick;
        // The view may have grown since it was counted: its other representations are
        // made after a hit, and counted at the next one.
        let before = entry.bytes();
        if entry.recount() {
            let after = entry.bytes();
            entry.report(league_id);
            inner.bytes = inner.bytes + after - before;
            self.evict(&mut inner, league_id, view);
        }
        Some(served)
    }

    /// The league's projection slot, created empty if the league is not held.
    pub fn slot(&self, league_id: i64) -> Slot {
        let mut inner = self.lock();
        let used = inner.tick();
        let entry = inner.leagues.entry(league_id).or_insert_with(|| Entry::new(Slot::default(), used));
        entry.used = used;
        entry.slot.clone()
    }

    /// Keeps a freshly rendered table (in place of the view's older revision; the league's
    /// other views stay until they are replaced in turn: readers may still be served
    /// them while their newer revision is computed) and the projection's new size, then
    /// makes room down to the budget.
    pub fn store(&self, league_id: i64, slot: &Slot, slot_bytes: usize, view: View, table: Arc<CachedView>) {
        let mut inner = self.lock();
        let used = inner.tick();
        // Dropped or demoted while the table was computed: hold the projection again.
        let entry = inner.leagues.entry(league_id).or_insert_with(|| Entry::new(slot.clone(), used));
        let before = entry.bytes();
        if !Arc::ptr_eq(&entry.slot, slot) {
            entry.slot = slot.clone();
        }
        entry.used = used;
        entry.slot_bytes = slot_bytes;
        if entry.views.get(&view).is_none_or(|old| old.revision() < table.revision || matches!(old, Served::Packed(_)))
        {
            entry.views.insert(view, Served::Full(table));
        }
        entry.recount();
        let after = entry.bytes();
        entry.report(league_id);
        inner.bytes = inner.bytes + after - before;
        self.evict(&mut inner, league_id, view);
        metrics::gauge!("spielstand_cache_bytes").set(inner.bytes as f64);
        metrics::gauge!("spielstand_cache_leagues").set(inner.leagues.len() as f64);
    }

    /// Makes room until the budget holds: the least recently used league that is held
    /// whole is demoted (its state dropped, its views kept packed), so that the JSON of
    /// leagues nobody changed is still answered from memory; packed views take at most
    /// half of the budget, beyond it (or when nothing else is left) the least recently
    /// used go whole. The league just used stays even alone over the budget (dropping it
    /// would mean a load on every request), but then keeps only the view just used.
    fn evict(&self, inner: &mut Inner, keep: i64, keep_view: View) {
        while inner.bytes > self.budget {
            let packed: usize = inner.leagues.values().filter(|e| !e.whole()).map(Entry::bytes).sum();
            let least_used = |whole: bool| {
                inner
                    .leagues
                    .iter()
                    .filter(|(id, e)| **id != keep && e.whole() == whole)
                    .min_by_key(|(_, e)| e.used)
                    .map(|(id, _)| *id)
            };
            let room = if packed > self.budget / 2 {
                least_used(false).map(Room::Drop).or_else(|| least_used(true).map(Room::Demote))
            } else {
                least_used(true).map(Room::Demote).or_else(|| least_used(false).map(Room::Drop))
            };
            match room {
                Some(Room::Demote(id)) => {
                    let entry = inner.leagues.get_mut(&id).expect("just found");
                    let before = entry.bytes();
                    entry.demote();
                    let after = entry.bytes();
                    metrics::counter!("spielstand_cache_demotions_total").increment(1);
                    if entry.views.is_empty() {
                        inner.leagues.remove(&id);
                        report_dropped(id);
                    } else {
                        entry.report(id);
                    }
                    inner.bytes = inner.bytes + after - before;
                }
                Some(Room::Drop(id)) => {
                    let entry = inner.leagues.remove(&id).expect("just found");
                    inner.bytes -= entry.bytes();
                    report_dropped(id);
                    metrics::counter!("spielstand_cache_evictions_total").increment(1);
                    tracing::debug!(league = id, bytes = entry.bytes(), "league dropped from the cache");
                }
                None => {
                    let Some(entry) = inner.leagues.get_mut(&keep) else { break };
                    if entry.views.len() > 1 {
                        let before = entry.bytes();
                        entry.views.retain(|view, _| *view == keep_view);
                        entry.recount();
                        inner.bytes -= before - entry.bytes();
                        entry.report(keep);
                        continue;
                    }
                    tracing::warn!(
                        league = keep,
                        mb = entry.bytes() / (1 << 20),
                        budget_mb = self.budget / (1 << 20),
                        "one league needs more memory than the cache's budget: raise --cache-mb"
                    );
                    break;
                }
            }
        }
    }

    /// Bytes held, as the budget counts them.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Leagues held.
    #[cfg(test)]
    fn leagues(&self) -> usize {
        self.lock().leagues.len()
    }
}

/// A strong ETag for `body`: the same bytes give the same tag in every process, and two
/// representations of one table (JSON, CSV, HTML) never share one.
pub fn etag(body: &[u8]) -> String {
    format!("\"{}\"", &hex::encode(Sha256::digest(body))[..32])
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::web::Bytes;

    fn table(revision: i64, size: usize) -> Arc<CachedView> {
        Arc::new(CachedView {
            revision,
            json: Compressed::new(Bytes::from(vec![b' '; size]), String::new(), Effort::Render),
            others: Others::default(),
            limited: Limited::default(),
            data: ViewData::Table(Standings {
                league_id: 1,
                league_revision: revision,
                game: None,
                as_of: None,
                by: Default::default(),
                rows: Vec::new(),
            }),
            league_name: String::new(),
        })
    }

    const ALL: View = View::Table { game: None, as_of: None };

    #[test]
    fn newer_revisions_replace_older_tables() {
        let cache = LeagueCache::new(1 << 20);
        let slot = cache.slot(1);
        cache.store(1, &slot, 100, ALL, table(3, 10));
        assert_eq!(cache.table(1, ALL, 3).unwrap().revision, 3);
        assert!(cache.table(1, ALL, 4).is_none(), "a newer revision is a miss");
        let as_of = View::Table { game: None, as_of: NaiveDate::from_ymd_opt(2026, 1, 1) };
        cache.store(1, &slot, 100, as_of, table(4, 10));
        assert_eq!(cache.newest(1, ALL, false).unwrap().revision(), 3, "the older table stays until replaced");
        assert!(cache.table(1, ALL, 4).is_none(), "but is no answer at the newer revision");
        // A computation that finished late never replaces a newer table.
        cache.store(1, &slot, 100, as_of, table(2, 10));
        assert_eq!(cache.table(1, as_of, 4).unwrap().revision, 4);
    }

    #[test]
    fn the_least_recently_used_league_is_demoted_first_and_the_budget_holds() {
        // Room for three leagues of 2,500 bytes of state and one table each, not four.
        let each = 2_500 + table(1, 100).bytes();
        let cache = LeagueCache::new(3 * each + each / 2);
        for league in 1..=3 {
            let slot = cache.slot(league);
            cache.store(league, &slot, 2_500, ALL, table(1, 100));
        }
        assert_eq!(cache.leagues(), 3);
        // League 1 is used again, so league 2 is now the least recently used.
        assert!(cache.table(1, ALL, 1).is_some());
        let slot = cache.slot(4);
        cache.store(4, &slot, 2_500, ALL, table(1, 100));
        assert!(cache.bytes() <= 3 * each + each / 2, "{} bytes held", cache.bytes());
        assert!(cache.table(2, ALL, 1).is_none(), "league 2 was demoted: no whole view, no state");
        assert!(matches!(cache.served(2, ALL, 1), Some(Served::Packed(_))), "its JSON is kept packed");
        assert!(cache.served(2, ALL, 2).is_none(), "a packed view of an older revision is a miss");
        assert!(cache.slot(2).lock().unwrap().is_none(), "its state is gone");
        assert!(cache.table(1, ALL, 1).is_some() && cache.table(4, ALL, 1).is_some());
        assert_eq!(cache.leagues(), 4);
    }

    #[test]
    fn a_view_never_compressed_is_dropped_on_demotion_and_a_computation_finishing_late_brings_its_state_back() {
        let big = table(1, 10_000);
        let each = 2_500 + big.bytes();
        let cache = LeagueCache::new(each + each / 2);
        let slot = cache.slot(1);
        cache.store(1, &slot, 2_500, ALL, big);
        let slot2 = cache.slot(2);
        cache.store(2, &slot2, 2_500, ALL, table(1, 10_000));
        assert!(cache.served(1, ALL, 1).is_none(), "no gzip form was made, so nothing was packed");
        // A computation of league 1 that held the old slot stores into the league again.
        *slot.lock().unwrap() = None;
        cache.store(1, &slot, 2_500, ALL, table(2, 100));
        assert!(Arc::ptr_eq(&cache.slot(1), &slot), "the computation's state is the league's again");
    }

    #[test]
    fn packed_views_beyond_half_the_budget_go_least_recently_used_first() {
        // Each league's table gzipped, so that demotion packs it (to about half: hex digits).
        let noise: Bytes = (0u64..2_500)
            .map(|i| format!("{:08x}", i.wrapping_mul(2_654_435_761) % 4_294_967_291))
            .collect::<String>()
            .into();
        let gzipped = |revision| {
            let view = Arc::new(CachedView {
                revision,
                json: Compressed::new(noise.clone(), "\"t\"".into(), Effort::Render),
                others: Others::default(),
                limited: Limited::default(),
                data: ViewData::None,
                league_name: String::new(),
            });
            view.json.gzip();
            view
        };
        let each = 2_500 + gzipped(1).bytes();
        let cache = LeagueCache::new(2 * each);
        for league in 1..=40 {
            let slot = cache.slot(league);
            cache.store(league, &slot, 2_500, ALL, gzipped(1));
            assert!(cache.bytes() <= 2 * each, "{} bytes held after league {league}", cache.bytes());
        }
        let packed = (1..=40).filter(|l| matches!(cache.served(*l, ALL, 1), Some(Served::Packed(_)))).count();
        assert!(packed > 2, "more packed leagues than whole ones fit: {packed}");
        assert!(cache.served(1, ALL, 1).is_none(), "the least recently used packed league went first");
        assert!(matches!(cache.served(40, ALL, 1), Some(Served::Full(_))));
    }

    #[test]
    fn pages_of_the_first_rows_are_made_once_while_kept_and_only_a_few_are_kept() {
        let view = table(1, 10);
        let shown = Other::Shown(Lang::De, Theme::Light);
        let made = std::cell::Cell::new(0);
        let page = |limit: usize| {
            view.limited(shown, limit, || {
                made.set(made.get() + 1);
                format!("<p>{limit}</p>").into_bytes()
            })
        };
        let ten = page(10);
        assert!(Arc::ptr_eq(&ten, &page(10)), "the same bytes for the second reader");
        assert_eq!(made.get(), 1);
        let before = view.bytes();
        for limit in 1..=5 {
            page(limit);
        }
        assert_eq!(made.get(), 6);
        assert_eq!(view.limited.kept.lock().unwrap().len(), Limited::KEPT, "no more than a few pages kept");
        assert!(view.bytes() > before, "the pages kept are counted");
        page(10);
        assert_eq!(made.get(), 7, "the least recently asked for was dropped and is made again");
        page(5);
        assert_eq!(made.get(), 7, "a page kept is not made again");
        view.limited(Other::Shown(Lang::En, Theme::Light), 5, || b"<p>five</p>".to_vec());
        assert_eq!(made.get(), 7);
        assert_ne!(page(5).plain.bytes, Bytes::from_static(b"<p>five</p>"), "each language its own page");
    }

    #[test]
    fn a_league_larger_than_the_budget_keeps_only_its_newest_table() {
        let cache = LeagueCache::new(1_000);
        let slot = cache.slot(1);
        cache.store(1, &slot, 900, ALL, table(1, 100));
        let game = View::Table { game: Some(GameKind::Rangeln), as_of: None };
        cache.store(1, &slot, 900, game, table(1, 100));
        assert!(cache.table(1, game, 1).is_some());
        assert!(cache.table(1, ALL, 1).is_none());
        assert_eq!(cache.leagues(), 1);
    }
}

//! Standings served from memory, keyed by the league revision kept in the database:
//! any write bumps the revision, so every process sharing the database sees a miss
//! after a write, whichever process made it.

use crate::model::Standings;
use actix_web::web::Bytes;
use chrono::NaiveDate;
use spielstand_core::GameKind;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StandingsKey {
    pub league_id: i64,
    pub game: Option<GameKind>,
    pub as_of: Option<NaiveDate>,
}

#[derive(Debug)]
pub struct CachedStandings {
    pub revision: i64,
    /// The JSON representation and its ETag: the hot path serves these bytes as they are.
    pub etag: String,
    pub body: Bytes,
    /// The same table for the other representations (CSV, the embedded page).
    pub standings: Standings,
    /// The league's name at this revision (a rename bumps the revision).
    pub league_name: String,
}

/// At most this many tables are kept; past it the cache starts over (tables are cheap
/// to recompute, and a club has few leagues).
const MAX_ENTRIES: usize = 4096;

#[derive(Debug, Default)]
pub struct StandingsCache {
    entries: Mutex<HashMap<StandingsKey, Arc<CachedStandings>>>,
}

impl StandingsCache {
    /// The cached table, if it was computed at `revision`.
    pub fn get(&self, key: &StandingsKey, revision: i64) -> Option<Arc<CachedStandings>> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get(key).filter(|c| c.revision == revision).cloned()
    }

    pub fn put(&self, key: StandingsKey, value: Arc<CachedStandings>) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            entries.clear();
        }
        // Never replace a newer table with an older one computed concurrently.
        if entries.get(&key).is_none_or(|old| old.revision <= value.revision) {
            entries.insert(key, value);
        }
    }
}

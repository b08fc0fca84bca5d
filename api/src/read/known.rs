//! The leagues' revisions as this process knows them, pushed to it (`watch`) instead of
//! read from the database per request, and since when it has known that each table it
//! holds is behind.
//!
//! A revision is recorded with the time the watcher last looked *before* it saw it: the
//! write was committed after that moment, so the time since is never less than how far
//! behind a table without that write is. The read side serves such a table only while
//! that time is short ([`MAX_BEHIND`]); past it, a reader waits for the new one.
//!
//! While the watcher cannot vouch for what it saw (not started yet, its connection lost
//! and not yet checked again in full), the process knows nothing: every read asks the
//! database, as without a watcher.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The oldest a table served without the reader's own write may be: measured from a
/// moment before the newer revision was committed, so readers never see a table more
/// than this behind an acknowledged write.
pub const MAX_BEHIND: Duration = Duration::from_millis(900);

/// Revisions remembered per league with when they were learned: enough for a league
/// written to every few milliseconds across [`MAX_BEHIND`]; an older one forgotten only
/// makes a reader wait (a table behind a forgotten revision is never served).
const LEARNED_KEPT: usize = 64;

#[derive(Default)]
pub struct Known {
    leagues: Mutex<FxHashMap<i64, Learned>>,
    /// Whether the watcher vouches for what is recorded here.
    vouched: AtomicBool,
}

#[derive(Default)]
struct Learned {
    latest: i64,
    /// Revisions as they were learned, oldest first, with the moment before each.
    since: VecDeque<(i64, Instant)>,
    /// The newest revision whose moment was forgotten: a table older than it has been
    /// behind for longer than anything remembered says.
    forgotten: i64,
}

impl Learned {
    /// How long a table at `revision` has been known to be behind: `None` if it is not,
    /// else at least as long as it has been.
    fn behind(&self, revision: i64) -> Option<Duration> {
        if self.latest <= revision {
            return None;
        }
        if revision < self.forgotten {
            return Some(Duration::MAX);
        }
        let (_, before) = self.since.iter().find(|(r, _)| *r > revision)?;
        Some(before.elapsed())
    }

    fn saw(&mut self, revision: i64, before: Instant) {
        if revision <= self.latest {
            return;
        }
        self.latest = revision;
        self.since.push_back((revision, before));
        if self.since.len() > LEARNED_KEPT
            && let Some((oldest, _)) = self.since.pop_front()
        {
            self.forgotten = oldest;
        }
    }
}

impl Known {
    fn lock(&self) -> std::sync::MutexGuard<'_, FxHashMap<i64, Learned>> {
        self.leagues.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What this process knows of `league` against a table of it at `revision`, if the
    /// watcher vouches for it: the newest revision, and how long the table has been known
    /// to be behind it (`None`: it is the newest; `Duration::MAX` when the first newer
    /// revision was forgotten).
    pub fn against(&self, league: i64, revision: i64) -> Option<(i64, Option<Duration>)> {
        if !self.vouched.load(Ordering::Acquire) {
            return None;
        }
        let leagues = self.lock();
        let learned = leagues.get(&league)?;
        Some((learned.latest, learned.behind(revision)))
    }

    /// The newest revision of `league` this process knows of, if the watcher vouches for it.
    #[cfg(test)]
    fn latest(&self, league: i64) -> Option<i64> {
        self.against(league, i64::MAX).map(|(latest, _)| latest)
    }

    /// Records that `league` is at `revision` or later, as of a moment after `before`.
    pub fn saw(&self, league: i64, revision: i64, before: Instant) {
        self.lock().entry(league).or_default().saw(revision, before);
    }

    /// Records every league's revision as a full check read them (leagues it did not
    /// find are forgotten), all as of a moment after `before`.
    pub fn saw_all(&self, all: &[(i64, i64)], before: Instant) {
        let mut leagues = self.lock();
        let present: rustc_hash::FxHashSet<i64> = all.iter().map(|(id, _)| *id).collect();
        leagues.retain(|id, _| present.contains(id));
        for (id, revision) in all {
            leagues.entry(*id).or_default().saw(*revision, before);
        }
    }

    /// How long a table of `league` at `revision` has been known to be behind, as
    /// [`Self::against`] says it (whether vouched for or not).
    #[cfg(test)]
    fn behind(&self, league: i64, revision: i64) -> Option<Duration> {
        self.lock().get(&league)?.behind(revision)
    }

    /// The watcher vouches for what it recorded (after a full check), or no longer does
    /// (its connection was lost: it may miss revisions until it has checked in full again).
    pub fn vouch(&self, vouched: bool) {
        self.vouched.store(vouched, Ordering::Release);
    }

    /// Whether the watcher vouches for what is recorded.
    pub fn vouched(&self) -> bool {
        self.vouched.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_known_until_the_watcher_vouches_for_it() {
        let known = Known::default();
        known.saw(1, 5, Instant::now());
        assert_eq!(known.latest(1), None, "not vouched for: every read asks the database");
        known.vouch(true);
        assert_eq!(known.latest(1), Some(5));
        known.saw(1, 4, Instant::now());
        assert_eq!(known.latest(1), Some(5), "a revision never goes back");
        known.vouch(false);
        assert_eq!(known.latest(1), None);
    }

    #[test]
    fn a_table_is_behind_since_the_moment_before_the_first_newer_revision_was_seen() {
        let known = Known::default();
        known.vouch(true);
        let early = Instant::now() - Duration::from_millis(300);
        known.saw(1, 3, early - Duration::from_millis(500));
        known.saw(1, 4, early);
        known.saw(1, 6, Instant::now());
        assert_eq!(known.behind(1, 6), None);
        assert_eq!(known.behind(2, 1), None, "a league not known is not known to be behind");
        let behind = known.behind(1, 3).unwrap();
        assert!(behind >= Duration::from_millis(300) && behind < Duration::from_millis(800), "{behind:?}");
        assert!(known.behind(1, 4).unwrap() < Duration::from_millis(300));
    }

    #[test]
    fn a_table_older_than_every_revision_remembered_is_behind_for_ever() {
        let known = Known::default();
        known.vouch(true);
        for revision in 1..=(LEARNED_KEPT as i64 + 10) {
            known.saw(1, revision, Instant::now());
        }
        assert_eq!(known.behind(1, 2), Some(Duration::MAX), "its first newer revision was forgotten");
        assert!(known.behind(1, LEARNED_KEPT as i64).unwrap() < MAX_BEHIND);
    }

    #[test]
    fn a_full_check_forgets_leagues_that_are_gone() {
        let known = Known::default();
        known.vouch(true);
        known.saw(1, 5, Instant::now());
        known.saw(2, 5, Instant::now());
        known.saw_all(&[(2, 7), (3, 1)], Instant::now());
        assert_eq!((known.latest(1), known.latest(2), known.latest(3)), (None, Some(7), Some(1)));
    }
}

//! A league's current revision, read once for every request that arrived before the read
//! began.
//!
//! Every table request must see every write acknowledged before it arrived, whichever
//! process made it, so it cannot reuse a revision read that was already under way when it
//! arrived: that read may have missed the write. It can share any read that *began* after
//! it arrived. So each league has one lane: requests take a ticket as they arrive, at most
//! one read runs at a time, and a read covers every ticket handed out before it began.
//! Requests that arrive while a read runs wait for it to end, then one of them reads for
//! all of them. Under load a league costs one database round trip per round trip, not one
//! per request; alone, a request reads at once, as before.

use crate::error::{Error, Result};
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The lanes of the leagues being read; a lane is dropped when no request holds it.
pub struct Revisions<K> {
    lanes: Mutex<HashMap<K, Arc<Lane>>>,
    /// Reads made.
    reads: AtomicU64,
    /// Requests answered by a read another request made.
    shared: AtomicU64,
}

impl<K> Default for Revisions<K> {
    fn default() -> Self {
        Revisions { lanes: Mutex::default(), reads: AtomicU64::new(0), shared: AtomicU64::new(0) }
    }
}

#[derive(Default)]
struct Lane {
    turn: Mutex<Turn>,
    /// The last read: the tickets it covers and what it read (an error reaches all of them).
    done: watch::Sender<Option<(u64, Result<i64>)>>,
}

#[derive(Default)]
struct Turn {
    /// Tickets handed out: the requests that have arrived.
    arrived: u64,
    /// Whether a read is under way.
    reading: bool,
}

impl<K: Eq + Hash + Copy> Revisions<K> {
    /// The revision of `league` (a league, and where it is read) as `read` finds it, from
    /// a read that began after this call.
    pub async fn current<F, Fut>(&self, league: K, read: F) -> Result<i64>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<i64>>,
    {
        let held = Held::take(self, league);
        let lane = &held.lane;
        let (ticket, mut done) = {
            let mut turn = lock(&lane.turn);
            turn.arrived += 1;
            (turn.arrived, lane.done.subscribe())
        };
        let mut read = Some(read);
        loop {
            if let Some((_, revision)) = done.borrow_and_update().as_ref().filter(|(covers, _)| *covers >= ticket) {
                self.shared.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("spielstand_revision_reads_shared_total").increment(1);
                return revision.clone();
            }
            let covers = {
                let mut turn = lock(&lane.turn);
                (!turn.reading).then(|| {
                    turn.reading = true;
                    turn.arrived
                })
            };
            if let Some(covers) = covers {
                let reading = Reading(lane);
                self.reads.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("spielstand_revision_reads_total").increment(1);
                let read = read.take().expect("a request reads at most once: it returns after");
                let revision = read().await;
                lane.done.send_replace(Some((covers, revision.clone())));
                drop(reading);
                return revision;
            }
            // The read under way began before this request arrived (or it is another
            // read's turn): wait for it to end, then look again.
            if done.changed().await.is_err() {
                return Err(Error::internal("revision lane closed"));
            }
        }
    }

    /// Reads made, and requests that shared another's read.
    pub fn counts(&self) -> (u64, u64) {
        (self.reads.load(Ordering::Relaxed), self.shared.load(Ordering::Relaxed))
    }

    /// Leagues with a lane (requests in flight).
    #[cfg(test)]
    fn lanes(&self) -> usize {
        lock(&self.lanes).len()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A request's hold on its league's lane; the last one to let go removes it, so leagues
/// nobody is reading (or that do not exist) hold no memory.
struct Held<'a, K: Eq + Hash + Copy> {
    revisions: &'a Revisions<K>,
    league: K,
    lane: Arc<Lane>,
}

impl<'a, K: Eq + Hash + Copy> Held<'a, K> {
    fn take(revisions: &'a Revisions<K>, league: K) -> Held<'a, K> {
        let lane = lock(&revisions.lanes).entry(league).or_default().clone();
        Held { revisions, league, lane }
    }
}

impl<K: Eq + Hash + Copy> Drop for Held<'_, K> {
    fn drop(&mut self) {
        let mut lanes = lock(&self.revisions.lanes);
        // The map's and this request's: nobody else holds it (clones are made under this lock).
        if Arc::strong_count(&self.lane) == 2 {
            lanes.remove(&self.league);
        }
    }
}

/// The turn of a read under way; given back when the read ends or its request is dropped
/// (a client that went away), and the waiters look again.
struct Reading<'a>(&'a Lane);

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        lock(&self.0.turn).reading = false;
        self.0.done.send_modify(|_| {});
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicI64;
    use std::time::Duration;

    /// A slow "database": a read sees the revision as it was when the read began.
    async fn slow_read(db: Arc<AtomicI64>) -> Result<i64> {
        let seen = db.load(Ordering::SeqCst);
        actix_web::rt::time::sleep(Duration::from_millis(40)).await;
        Ok(seen)
    }

    #[actix_web::test]
    async fn requests_share_a_read_that_began_after_they_arrived_and_never_an_earlier_one() {
        let revisions = Arc::new(Revisions::<i64>::default());
        let db = Arc::new(AtomicI64::new(1));
        let ask = |revisions: Arc<Revisions<i64>>, db: Arc<AtomicI64>| {
            actix_web::rt::spawn(async move { revisions.current(7, || slow_read(db)).await })
        };
        let first = ask(revisions.clone(), db.clone());
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
        // A write is acknowledged while the first read is under way: every request that
        // arrives after it must see it, although a read is already running.
        db.store(2, Ordering::SeqCst);
        let later: Vec<_> = (0..50).map(|_| ask(revisions.clone(), db.clone())).collect();
        assert_eq!(first.await.unwrap().unwrap(), 1);
        for request in later {
            assert_eq!(request.await.unwrap().unwrap(), 2, "a request never gets a revision read before it arrived");
        }
        let (reads, shared) = revisions.counts();
        assert_eq!(reads, 2, "the 50 later requests share one read");
        assert_eq!(shared, 49);
        assert_eq!(revisions.lanes(), 0, "an idle league keeps no lane");
    }

    #[actix_web::test]
    async fn an_error_reaches_the_requests_it_covers_and_the_next_request_reads_again() {
        let revisions = Arc::new(Revisions::<i64>::default());
        let failing = |revisions: Arc<Revisions<i64>>| {
            actix_web::rt::spawn(async move {
                revisions
                    .current(1, || async {
                        actix_web::rt::time::sleep(Duration::from_millis(40)).await;
                        Err(Error::unavailable("down"))
                    })
                    .await
            })
        };
        let first = failing(revisions.clone());
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
        // These arrive during the first read: one read more serves all of them.
        let waiting: Vec<_> = (0..10).map(|_| failing(revisions.clone())).collect();
        assert!(matches!(first.await.unwrap(), Err(Error::Unavailable(_))));
        for request in waiting {
            assert!(matches!(request.await.unwrap(), Err(Error::Unavailable(_))));
        }
        assert_eq!(revisions.counts().0, 2);
        assert_eq!(revisions.current(1, || async { Ok(5) }).await.unwrap(), 5);
    }

    #[actix_web::test]
    async fn a_read_whose_request_went_away_hands_the_turn_to_a_waiter() {
        let revisions = Arc::new(Revisions::<i64>::default());
        let abandoned = revisions.current(3, futures_util::future::pending);
        let r = revisions.clone();
        let waiter = actix_web::rt::spawn(async move {
            actix_web::rt::time::sleep(Duration::from_millis(5)).await;
            r.current(3, || async { Ok(9) }).await
        });
        // The first request reads forever, then its client goes away.
        assert!(actix_web::rt::time::timeout(Duration::from_millis(30), abandoned).await.is_err());
        assert_eq!(waiter.await.unwrap().unwrap(), 9);
        assert_eq!(revisions.lanes(), 0);
    }
}

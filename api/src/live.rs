//! Live club nights: one Server-Sent Events stream per night (`GET
//! /api/v1/events/{id}/stream`), which every phone and the projector page follow instead
//! of asking again and again.
//!
//! How it stays cheap with many phones: a night's feed keeps only its latest frame (a
//! `watch` channel), built once per change, however many follow it; each follower is
//! sent that one frame (an `Arc` of its bytes), and one that was slow skips straight to
//! the newest. A change marks the night dirty; one task per night builds frames while it
//! is dirty (changes arriving meanwhile are taken together), and none runs for a night
//! nobody follows. Memory: one frame per followed night, and a small buffer per follower.
//!
//! This process hears of the changes made through it: several processes on one database
//! each serve the changes made through themselves (docs/organisers.md "A club night with phones").

use rustc_hash::FxHashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// One frame of a night's stream: an SSE event, ready to send (its clones share the
/// bytes).
pub type Frame = actix_web::web::Bytes;

/// A night's feed: its latest frame, and whether it must be built again.
struct Feed {
    tx: watch::Sender<Option<Frame>>,
    dirty: AtomicBool,
    building: AtomicBool,
    /// The night was closed: followers are sent the last frame and let go.
    closed: AtomicBool,
}

/// Every followed night's feed.
#[derive(Default)]
pub struct Live {
    nights: Mutex<FxHashMap<i64, Arc<Feed>>>,
}

/// What a follower receives: frames as they come, until the night closes.
pub struct Follower {
    pub rx: watch::Receiver<Option<Frame>>,
    feed: Arc<Feed>,
}

impl Follower {
    /// Has the night closed (no frame will follow the one it has)?
    pub fn closed(&self) -> bool {
        self.feed.closed.load(Ordering::Acquire)
    }
}

impl Live {
    /// Follows night `event_id`. `build` makes a frame of it; the first follower of a
    /// night starts the first build.
    pub fn follow<F, Fut>(&self, event_id: i64, build: F) -> Follower
    where
        F: Fn() -> Fut + 'static,
        Fut: Future<Output = Option<(actix_web::web::Bytes, bool)>> + 'static,
    {
        let (feed, new) = {
            let mut nights = self.nights.lock().unwrap_or_else(|e| e.into_inner());
            // Feeds nobody follows any more go: the map holds followed nights only.
            nights.retain(|_, feed| feed.tx.receiver_count() > 0);
            match nights.get(&event_id) {
                Some(feed) => (feed.clone(), false),
                None => {
                    let (tx, _) = watch::channel(None);
                    let feed = Arc::new(Feed {
                        tx,
                        dirty: AtomicBool::new(false),
                        building: AtomicBool::new(false),
                        closed: AtomicBool::new(false),
                    });
                    nights.insert(event_id, feed.clone());
                    (feed, true)
                }
            }
        };
        let follower = Follower { rx: feed.tx.subscribe(), feed: feed.clone() };
        if new {
            rebuild(feed, build);
        }
        follower
    }

    /// Night `event_id` changed: its followers get a new frame (built once for all).
    pub fn changed<F, Fut>(&self, event_id: i64, build: F)
    where
        F: Fn() -> Fut + 'static,
        Fut: Future<Output = Option<(actix_web::web::Bytes, bool)>> + 'static,
    {
        let feed = self.nights.lock().unwrap_or_else(|e| e.into_inner()).get(&event_id).cloned();
        if let Some(feed) = feed.filter(|f| f.tx.receiver_count() > 0) {
            rebuild(feed, build);
        }
    }

    /// Nights followed now, and their followers: for `/metrics`.
    pub fn followers(&self) -> (usize, usize) {
        let nights = self.nights.lock().unwrap_or_else(|e| e.into_inner());
        let followed: Vec<usize> = nights.values().map(|f| f.tx.receiver_count()).filter(|n| *n > 0).collect();
        (followed.len(), followed.iter().sum())
    }
}

/// Marks `feed` dirty and, unless a build runs already (it will see the mark), builds
/// frames until it is clean. `build` answers the frame and whether the night is closed.
fn rebuild<F, Fut>(feed: Arc<Feed>, build: F)
where
    F: Fn() -> Fut + 'static,
    Fut: Future<Output = Option<(actix_web::web::Bytes, bool)>> + 'static,
{
    feed.dirty.store(true, Ordering::Release);
    if feed.building.swap(true, Ordering::AcqRel) {
        return;
    }
    actix_web::rt::spawn(async move {
        loop {
            while feed.dirty.swap(false, Ordering::AcqRel) {
                if let Some((frame, closed)) = build().await {
                    if closed {
                        feed.closed.store(true, Ordering::Release);
                    }
                    feed.tx.send_replace(Some(frame));
                }
            }
            feed.building.store(false, Ordering::Release);
            // A change that came after the last look and before the flag went down.
            if !feed.dirty.load(Ordering::Acquire) || feed.building.swap(true, Ordering::AcqRel) {
                break;
            }
        }
    });
}

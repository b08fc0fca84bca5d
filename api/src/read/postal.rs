//! A postal game's pages and feed, made once per round. What they show changes only when
//! a round is resolved (orders stay secret until then, and a game's title and hares never
//! change), so each is kept under the round the game stands at and how it is shown, with
//! its strong ETag, compressed when first asked for so. Every process reads the game's
//! round before it answers: a round resolved by another process is never missed.

use crate::error::Result;
use crate::read::cache::rendered;
use crate::render::compressed::Compressed;
use crate::render::{Lang, Theme};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// What of a game is shown, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The game as it stands, with every resolved round.
    Game(Lang, Theme),
    /// One resolved round's report.
    Round(u32, Lang, Theme),
    /// The Atom feed.
    Feed(Lang),
}

/// Most bodies kept: a few games' pages in both languages and colours. The one used
/// least recently goes first.
const KEPT: usize = 256;

/// A game, the round it stands at, and what of it is shown.
type Key = (i64, u32, Shown);

/// The bodies made, the one used last at the back.
#[derive(Default)]
pub struct PostalPages {
    kept: Mutex<VecDeque<(Key, Arc<Compressed>)>>,
}

impl PostalPages {
    /// `shown` of game `game` standing at `round` (its next round, or one past the last):
    /// as kept, else made by `make` and kept. Two requests that miss at once both make it
    /// (a page of a few kilobytes); the second one made is kept.
    pub async fn get<F, Fut>(&self, game: i64, round: u32, shown: Shown, make: F) -> Result<Arc<Compressed>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<u8>>>,
    {
        let key = (game, round, shown);
        if let Some(found) = self.take(key) {
            return Ok(found);
        }
        let made = Arc::new(rendered(make().await?));
        let mut kept = self.lock();
        kept.retain(|(k, _)| *k != key);
        // An older round of the game is shown no more: gone with the new one.
        kept.retain(|((g, r, _), _)| *g != game || *r >= round);
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((key, made.clone()));
        Ok(made)
    }

    /// The body kept under `key`, now the one used last.
    fn take(&self, key: Key) -> Option<Arc<Compressed>> {
        let mut kept = self.lock();
        let at = kept.iter().position(|(k, _)| *k == key)?;
        let found = kept.remove(at)?;
        let body = found.1.clone();
        kept.push_back(found);
        Some(body)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(Key, Arc<Compressed>)>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn made_once_per_round_and_bounded() {
        let pages = PostalPages::default();
        let made = std::cell::Cell::new(0);
        let page = |round: u32| {
            let made = &made;
            let pages = &pages;
            async move {
                pages
                    .get(1, round, Shown::Game(Lang::De, Theme::Light), || async move {
                        made.set(made.get() + 1);
                        Ok(format!("round {round}").into_bytes())
                    })
                    .await
                    .unwrap()
            }
        };
        let first = page(1).await;
        assert_eq!(page(1).await.plain.etag, first.plain.etag);
        assert_eq!(made.get(), 1, "made once for round 1");
        let next = page(2).await;
        assert_ne!(next.plain.etag, first.plain.etag);
        assert_eq!((made.get(), pages.len()), (2, 1), "round 1's page went with round 2's");
        for game in 0..(KEPT as i64 + 10) {
            pages.get(game + 10, 1, Shown::Feed(Lang::En), || async { Ok(b"feed".to_vec()) }).await.unwrap();
        }
        assert_eq!(pages.len(), KEPT);
    }
}

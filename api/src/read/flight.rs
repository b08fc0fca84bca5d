//! Single flight: however many requests want the same answer at once, it is computed
//! once and every one of them gets it. A computation that fails gives every waiter its
//! error; the next request after that starts a new one.

use crate::error::Error;
use futures_util::future::{BoxFuture, FutureExt, Shared};
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::Mutex;

type Flight<V> = Shared<BoxFuture<'static, Result<V, Error>>>;

pub struct SingleFlight<K, V> {
    running: Mutex<HashMap<K, Flight<V>>>,
}

impl<K, V> Default for SingleFlight<K, V> {
    fn default() -> Self {
        SingleFlight { running: Mutex::new(HashMap::new()) }
    }
}

impl<K, V> SingleFlight<K, V>
where
    K: Eq + Hash + Clone,
    V: Clone + Send + Sync + 'static,
{
    /// The answer for `key`: joins the computation under way, or starts one with `start`.
    pub async fn run<F>(&self, key: K, start: impl FnOnce() -> F) -> Result<V, Error>
    where
        F: Future<Output = Result<V, Error>> + Send + 'static,
    {
        let flight = {
            let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
            match running.get(&key) {
                Some(flight) => {
                    metrics::counter!("spielstand_flight_waits_total").increment(1);
                    flight.clone()
                }
                None => running.entry(key.clone()).or_insert(start().boxed().shared()).clone(),
            }
        };
        let _leave = Leave { flights: self, key, flight: flight.clone() };
        flight.await
    }

    /// Computations under way.
    #[cfg(test)]
    fn running(&self) -> usize {
        self.running.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// Forgets a flight once it has finished, or when its last waiter gave up (a client that
/// disconnected): the next request then starts afresh instead of joining a flight that
/// nobody drives.
struct Leave<'a, K: Eq + Hash, V> {
    flights: &'a SingleFlight<K, V>,
    key: K,
    flight: Flight<V>,
}

impl<K: Eq + Hash, V> Drop for Leave<'_, K, V> {
    fn drop(&mut self) {
        let mut running = self.flights.running.lock().unwrap_or_else(|e| e.into_inner());
        let ours = running.get(&self.key).is_some_and(|f| f.ptr_eq(&self.flight));
        // Held by the map, by this waiter and by `_leave`'s copy: three means no one else waits.
        let finished = self.flight.peek().is_some();
        if ours && (finished || self.flight.strong_count().is_none_or(|n| n <= 3)) {
            running.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[actix_web::test]
    async fn concurrent_requests_share_one_computation() {
        let flights = Arc::new(SingleFlight::<u32, u64>::default());
        let computed = Arc::new(AtomicUsize::new(0));
        let waiters: Vec<_> = (0..50)
            .map(|_| {
                let (flights, computed) = (flights.clone(), computed.clone());
                actix_web::rt::spawn(async move {
                    flights
                        .run(7, || async move {
                            computed.fetch_add(1, Ordering::SeqCst);
                            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
                            Ok(42)
                        })
                        .await
                })
            })
            .collect();
        for waiter in waiters {
            assert_eq!(waiter.await.unwrap().unwrap(), 42);
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        assert_eq!(flights.running(), 0, "a finished flight is forgotten");
    }

    #[actix_web::test]
    async fn a_failure_reaches_every_waiter_and_the_next_request_tries_again() {
        let flights = Arc::new(SingleFlight::<u32, u64>::default());
        let computed = Arc::new(AtomicUsize::new(0));
        let run = |fail: bool| {
            let (flights, computed) = (flights.clone(), computed.clone());
            actix_web::rt::spawn(async move {
                flights
                    .run(1, || async move {
                        computed.fetch_add(1, Ordering::SeqCst);
                        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
                        if fail { Err(Error::unavailable("down")) } else { Ok(1) }
                    })
                    .await
            })
        };
        let failing: Vec<_> = (0..10).map(|_| run(true)).collect();
        for waiter in failing {
            assert!(matches!(waiter.await.unwrap(), Err(Error::Unavailable(_))));
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        assert_eq!(run(false).await.unwrap().unwrap(), 1);
        assert_eq!(computed.load(Ordering::SeqCst), 2);
    }

    #[actix_web::test]
    async fn a_flight_whose_waiters_all_left_is_started_anew() {
        let flights = SingleFlight::<u32, u64>::default();
        // A waiter that gives up (its client went away) before the computation ends.
        let abandoned = flights.run(1, futures_util::future::pending);
        assert!(actix_web::rt::time::timeout(Duration::from_millis(20), abandoned).await.is_err());
        assert_eq!(flights.running(), 0);
        assert_eq!(flights.run(1, || async { Ok(5) }).await.unwrap(), 5);
    }
}

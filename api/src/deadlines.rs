//! The deadline sweep: every so often, each postal game whose round is due is resolved
//! with the orders that arrived (the rest hop: NMR). Every process of a database sweeps;
//! the store resolves a round once, checking its deadline again under the league's lock,
//! so two processes finding the same game due resolve it once.

use crate::db::Pool;
use crate::error::Error;
use crate::store::postal::{self, Trigger};
use actix_web::web;
use std::time::Duration;

/// Sweeps every `every` until the process ends.
pub async fn run(pool: Pool, every: Duration) {
    let mut ticks = actix_web::rt::time::interval(every);
    loop {
        ticks.tick().await;
        let p = pool.clone();
        let swept = web::block(move || sweep(&p)).await;
        match swept.map_err(Error::from).and_then(|r| r) {
            Ok(0) => {}
            Ok(resolved) => tracing::info!(resolved, "postal games: rounds resolved at their deadline"),
            Err(e) => tracing::warn!(error = %e, "postal games: the deadline sweep failed; trying again"),
        }
    }
}

/// Resolves every round due now; answers how many.
pub fn sweep(pool: &Pool) -> Result<usize, Error> {
    let mut conn = pool.get()?;
    let mut resolved = 0;
    for game in postal::due(&mut conn)? {
        match postal::resolve(&mut conn, game, Trigger::Deadline) {
            Ok(Some(_)) => resolved += 1,
            Ok(None) => {}
            // One game that cannot be resolved must not keep the others waiting.
            Err(e) => tracing::warn!(game, error = %e, "postal games: a round due could not be resolved"),
        }
    }
    Ok(resolved)
}

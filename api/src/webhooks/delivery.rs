//! Delivers queued webhook events. Every server process runs one worker: it leases due
//! deliveries from the queue in the database, POSTs each, and records the outcome. A
//! failed attempt is retried with exponential backoff until the attempts run out.
//! Delivery is at least once: a receiver dedupes on the event id.
//!
//! Sends run side by side, a few per receiving host at most: a slow or hanging receiver
//! ties up only its own share, and deliveries to every other host go on meanwhile.

use super::egress::{CheckedResolver, Egress};
use super::queue::{self, Claimed, Outcome};
use crate::db::Pool;
use crate::error::{Error, Result};
use actix_web::web;
use chrono::TimeDelta;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use spielstand_wire::headers;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// Long enough to keep a receiver's failure message, short enough for a listing.
const MAX_ERROR_CHARS: usize = 500;

#[derive(Debug, Clone)]
pub struct DeliveryConfig {
    /// How often an idle worker looks for due deliveries.
    pub poll_interval: Duration,
    /// The wait after the first failed attempt; it doubles with each further failure.
    pub retry_base: Duration,
    /// The longest wait between two attempts.
    pub retry_cap: Duration,
    /// Attempts before a delivery is given up as failed.
    pub max_attempts: u32,
    /// For one POST, connecting included.
    pub timeout: Duration,
    /// Most deliveries in flight at once, all hosts together.
    pub in_flight: usize,
    /// Most deliveries in flight to one host (`host:port`) at once.
    pub per_host: usize,
    /// Where deliveries may go: checked on the resolved addresses of every attempt.
    pub egress: Egress,
}

impl Default for DeliveryConfig {
    /// Ten attempts over about three hours (30 s, 1, 2, 4 ... 32 min, 1 h, 1 h apart): a
    /// receiver that is down for an evening's maintenance still gets everything.
    fn default() -> DeliveryConfig {
        DeliveryConfig {
            poll_interval: Duration::from_secs(1),
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(3600),
            max_attempts: 10,
            timeout: Duration::from_secs(10),
            in_flight: 16,
            per_host: 2,
            egress: Egress::default(),
        }
    }
}

impl DeliveryConfig {
    /// The wait after failed attempt number `attempt` (1-based): base, 2 x base, 4 x base...
    pub fn backoff(&self, attempt: u32) -> Duration {
        let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
        self.retry_base.saturating_mul(factor).min(self.retry_cap)
    }

    /// Longer than any attempt can take, so a live worker never loses its lease; once a
    /// worker has died it bounds how long its deliveries wait.
    fn lease(&self) -> TimeDelta {
        TimeDelta::from_std(self.timeout * 2 + Duration::from_secs(5)).unwrap_or(TimeDelta::minutes(1))
    }
}

/// The signature header's value for `body`.
pub fn sign(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// The leases a worker holds, so that a process shutting down stops taking deliveries and
/// gives back the ones it has not finished.
#[derive(Clone, Default)]
pub struct Leases {
    held: Arc<Mutex<HashSet<String>>>,
    stopping: Arc<AtomicBool>,
}

impl Leases {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Leases held now.
    pub fn held(&self) -> usize {
        self.lock().len()
    }

    /// Stops the worker taking deliveries and frees the rows it still holds; returns how many.
    pub fn release(&self, pool: &Pool) -> Result<usize> {
        self.stopping.store(true, Ordering::SeqCst);
        let leases: Vec<String> = self.lock().drain().collect();
        queue::release(&mut *pool.get()?, &leases)
    }
}

/// Works the queue until the process ends or `leases` are released. Spawned on the
/// server's runtime.
pub async fn run(pool: Pool, config: DeliveryConfig, leases: Leases) {
    let agent_config = ureq::Agent::config_builder()
        .timeout_global(Some(config.timeout))
        .http_status_as_error(false)
        // A redirect is the receiver's misconfiguration; following it would POST the
        // signed body to wherever it points.
        .max_redirects(0)
        // The egress policy checks the addresses the resolver returns: a proxy would
        // connect elsewhere.
        .proxy(None)
        .user_agent(concat!("spielstand/", env!("CARGO_PKG_VERSION"), " (webhooks)"))
        .build();
    let agent = ureq::Agent::with_parts(
        agent_config,
        ureq::unversioned::transport::DefaultConnector::default(),
        CheckedResolver { egress: config.egress.clone() },
    );
    // Deliveries under way, by host; a finished one frees its place and wakes the loop.
    let in_flight: Rc<RefCell<HashMap<String, usize>>> = Rc::default();
    let freed = Rc::new(Notify::new());
    while !leases.stopping.load(Ordering::SeqCst) {
        let busy = in_flight.borrow().clone();
        let room = config.in_flight.saturating_sub(busy.values().sum());
        if room > 0 {
            let (p, lease, per_host) = (pool.clone(), config.lease(), config.per_host);
            let leased = web::block(move || queue::claim_due(&mut *p.get()?, room, lease, per_host, &busy)).await;
            match leased.map_err(Error::from).and_then(|r| r) {
                Ok(claimed) => {
                    leases.lock().extend(claimed.iter().map(|c| c.lease.clone()));
                    for c in claimed {
                        *in_flight.borrow_mut().entry(c.host.clone()).or_default() += 1;
                        let (pool, agent, config) = (pool.clone(), agent.clone(), config.clone());
                        let (in_flight, freed, leases) = (in_flight.clone(), freed.clone(), leases.clone());
                        actix_web::rt::spawn(async move {
                            let (host, lease) = (c.host.clone(), c.lease.clone());
                            let sent = web::block(move || deliver(&pool, &agent, &config, c)).await;
                            if let Err(e) = sent.map_err(Error::from).and_then(|r| r) {
                                tracing::warn!(error = %e, "webhook delivery: could not record the outcome");
                            }
                            leases.lock().remove(&lease);
                            let mut busy = in_flight.borrow_mut();
                            if let Some(n) = busy.get_mut(&host) {
                                *n -= 1;
                                if *n == 0 {
                                    busy.remove(&host);
                                }
                            }
                            freed.notify_one();
                        });
                    }
                }
                Err(e) => tracing::warn!(error = %e, "webhook queue: could not lease deliveries"),
            }
        }
        // Look again when a place is freed (a host at its share may have more due) or
        // after the poll interval (new deliveries, retries coming due).
        let _ = actix_web::rt::time::timeout(config.poll_interval, freed.notified()).await;
    }
}

/// One attempt: POST, then record how it went.
fn deliver(pool: &Pool, agent: &ureq::Agent, config: &DeliveryConfig, claimed: Claimed) -> Result<()> {
    let attempt = claimed.attempts as u32 + 1;
    let answer = agent
        .post(&claimed.url)
        .header("Content-Type", "application/json")
        .header(headers::SIGNATURE, &sign(&claimed.secret, claimed.payload.as_bytes()))
        .header(headers::EVENT_ID, &claimed.event_id)
        .header(headers::DELIVERY, &claimed.id.to_string())
        .send(claimed.payload.as_bytes());
    let failed = |status: Option<u16>, error: String| {
        let error: String = error.chars().take(MAX_ERROR_CHARS).collect();
        if attempt >= config.max_attempts {
            Outcome::GiveUp { status, error }
        } else {
            let wait = TimeDelta::from_std(config.backoff(attempt)).unwrap_or(TimeDelta::hours(1));
            Outcome::Retry { status, error, at: crate::db::now() + wait }
        }
    };
    let outcome = match answer {
        Ok(response) if response.status().is_success() => Outcome::Delivered { status: response.status().as_u16() },
        Ok(response) => failed(Some(response.status().as_u16()), format!("status {}", response.status().as_u16())),
        Err(e) => {
            // The exact error stays in the server's log; the API says only what kind of
            // failure it was, so the delivery log cannot map the receiver's network.
            tracing::debug!(delivery = claimed.id, error = %e, "webhook delivery error");
            failed(None, generic(&e).to_owned())
        }
    };
    let kind = match &outcome {
        Outcome::Delivered { .. } => "delivered",
        Outcome::Retry { .. } => "retry",
        Outcome::GiveUp { .. } => "given_up",
    };
    metrics::counter!("spielstand_webhook_deliveries_total", "outcome" => kind).increment(1);
    match &outcome {
        Outcome::Delivered { .. } => tracing::info!(delivery = claimed.id, attempt, "webhook delivered"),
        Outcome::Retry { error, at, .. } => {
            tracing::warn!(delivery = claimed.id, attempt, %error, retry_at = %at, "webhook delivery failed")
        }
        Outcome::GiveUp { error, .. } => {
            tracing::warn!(delivery = claimed.id, attempt, %error, "webhook delivery failed; giving up")
        }
    }
    if !queue::finish(&mut *pool.get()?, &claimed, &outcome)? {
        tracing::warn!(delivery = claimed.id, "webhook delivery: the lease ran out before the outcome was recorded");
    }
    Ok(())
}

/// What a client of the API learns about a failed connection: its kind, never the OS's words.
fn generic(e: &ureq::Error) -> &'static str {
    match e {
        ureq::Error::Timeout(_) => "timeout",
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied => {
            "refused: the receiver's address is not public"
        }
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => "timeout",
        ureq::Error::HostNotFound => "host not found",
        _ => "connection failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let config = DeliveryConfig::default();
        let waits: Vec<u64> = (1..=10).map(|a| config.backoff(a).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
        assert_eq!(config.backoff(u32::MAX), config.retry_cap);
    }

    #[test]
    fn signature_is_hmac_sha256_hex() {
        // RFC 4231 test case 2.
        let mac = sign("Jefe", b"what do ya want for nothing?");
        assert_eq!(mac, "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }
}

//! Throttling per client address: failed authentication (a burst, then 429 until the
//! quota refills), and optionally every write and every read.
//!
//! 2,000 wrong tokens in a quarter second were possible; now, after
//! `--auth-failures-per-minute` failures (20 by default) an address gets 429 with
//! `Retry-After` for every write until its quota refills, a right token included, so a
//! token cannot be guessed faster than the quota allows. Each failure is logged at WARN
//! with the address. Behind a reverse proxy the client's address comes from `Forwarded`
//! or `X-Forwarded-For`, but only when the connection comes from an address named by
//! `--trusted-proxy` (`forwarded`): anyone else could write those headers.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How much each client address may do.
#[derive(Debug, Clone)]
pub struct ThrottleOptions {
    /// Failed authentications per minute and address before 429 (0: no limit).
    pub auth_failures_per_minute: u32,
    /// Writes per minute and address (0: no limit).
    pub writes_per_minute: u32,
    /// Reads per minute and address (0: no limit).
    pub reads_per_minute: u32,
    /// Wrong join codes per minute and address before 429 (0: no limit): a code is
    /// shown in the club room, not guessed.
    pub join_failures_per_minute: u32,
}

impl Default for ThrottleOptions {
    fn default() -> ThrottleOptions {
        ThrottleOptions {
            auth_failures_per_minute: 20,
            writes_per_minute: 0,
            reads_per_minute: 0,
            join_failures_per_minute: 5,
        }
    }
}

pub struct Throttle {
    auth: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// Addresses over their failure quota, until when: checked before a token is.
    blocked: Mutex<HashMap<IpAddr, Instant>>,
    writes: Option<DefaultKeyedRateLimiter<IpAddr>>,
    reads: Option<DefaultKeyedRateLimiter<IpAddr>>,
    join: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// Addresses over their wrong-join-code quota, until when.
    join_blocked: Mutex<HashMap<IpAddr, Instant>>,
    clock: DefaultClock,
}

fn limiter(per_minute: u32) -> Option<DefaultKeyedRateLimiter<IpAddr>> {
    NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n)))
}

impl Throttle {
    pub fn new(options: &ThrottleOptions) -> Throttle {
        Throttle {
            auth: limiter(options.auth_failures_per_minute),
            blocked: Mutex::new(HashMap::new()),
            writes: limiter(options.writes_per_minute),
            reads: limiter(options.reads_per_minute),
            join: limiter(options.join_failures_per_minute),
            join_blocked: Mutex::new(HashMap::new()),
            clock: DefaultClock::default(),
        }
    }

    /// How long `client` must wait before its next write, if it is over its failed
    /// authentication quota.
    pub fn blocked(&self, client: IpAddr) -> Option<Duration> {
        still_blocked(&self.blocked, client)
    }

    /// A failed authentication from `client`: the wait it now has, if over the quota.
    pub fn auth_failed(&self, client: IpAddr) -> Option<Duration> {
        self.failed(self.auth.as_ref()?, &self.blocked, client)
    }

    /// How long `client` must wait before it may try a join code again, if it tried too
    /// many wrong ones.
    pub fn join_blocked(&self, client: IpAddr) -> Option<Duration> {
        still_blocked(&self.join_blocked, client)
    }

    /// A wrong join code from `client`: the wait it now has, if over the quota.
    pub fn join_failed(&self, client: IpAddr) -> Option<Duration> {
        self.failed(self.join.as_ref()?, &self.join_blocked, client)
    }

    fn failed(
        &self,
        limiter: &DefaultKeyedRateLimiter<IpAddr>,
        blocked: &Mutex<HashMap<IpAddr, Instant>>,
        client: IpAddr,
    ) -> Option<Duration> {
        let wait = limiter.check_key(&client).err()?.wait_time_from(self.clock.now());
        let mut blocked = blocked.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded: an entry per address over its quota right now, the stale ones dropped.
        let now = Instant::now();
        blocked.retain(|_, until| *until > now);
        blocked.insert(client, now + wait);
        if limiter.len() > 10_000 {
            limiter.retain_recent();
        }
        Some(wait)
    }

    /// Is there a quota on writes (`true`) or reads at all? Most servers set none, and
    /// every request asks this first.
    pub fn limits(&self, write: bool) -> bool {
        if write { self.writes.is_some() } else { self.reads.is_some() }
    }

    /// A write (`true`) or read from `client`: the wait, if it is over its quota.
    pub fn request(&self, client: IpAddr, write: bool) -> Option<Duration> {
        let limiter = if write { self.writes.as_ref() } else { self.reads.as_ref() }?;
        if limiter.len() > 10_000 {
            limiter.retain_recent();
        }
        Some(limiter.check_key(&client).err()?.wait_time_from(self.clock.now()))
    }
}

fn still_blocked(blocked: &Mutex<HashMap<IpAddr, Instant>>, client: IpAddr) -> Option<Duration> {
    let mut blocked = blocked.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    match blocked.get(&client) {
        Some(&until) if until > now => Some(until - now),
        Some(_) => {
            blocked.remove(&client);
            None
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_burst_of_failures_then_a_wait() {
        let throttle = Throttle::new(&ThrottleOptions { auth_failures_per_minute: 3, ..Default::default() });
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        assert_eq!((0..3).filter_map(|_| throttle.auth_failed(a)).count(), 0, "the burst");
        let wait = throttle.auth_failed(a).expect("over the quota");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(20), "{wait:?}");
        assert!(throttle.blocked(a).is_some());
        assert!(throttle.blocked(b).is_none(), "another address is not held up");
    }
}

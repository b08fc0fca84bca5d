//! Request ids: unique per process run, cheap (no system call per request).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The id for a request without a usable `X-Request-Id` of its own: this process run's
/// random prefix and a counter, e.g. `3f9c2a71b4d0-000000000042`.
pub fn next() -> String {
    static PREFIX: OnceLock<String> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let prefix = PREFIX.get_or_init(|| uuid::Uuid::new_v4().simple().to_string()[..12].to_owned());
    format!("{prefix}-{:012}", COUNTER.fetch_add(1, Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_distinct_and_share_the_run_prefix() {
        let (a, b) = (super::next(), super::next());
        assert_ne!(a, b);
        assert_eq!(a[..12], b[..12]);
        assert_eq!(a.len(), 25);
    }
}

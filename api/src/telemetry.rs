//! What the server tells its operator: the metrics served at `GET /metrics` in the
//! Prometheus text format, recorded with the `metrics` crate's macros where things
//! happen (requests, the cache, table computations, webhook deliveries), and the gauges
//! read when a scrape asks (the database pool, the webhook queue, the replica's lag).

use metrics::{describe_counter, describe_gauge, describe_histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

/// Seconds: from a cached table served (well under a millisecond) to a federation's
/// full load (seconds).
const SECONDS: &[f64] =
    &[0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// The process's recorder, installed on first use. A process has one: every server in it
/// (the tests start several) records into the same one.
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
            .expect("the buckets are not empty");
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed: GET /metrics stays empty");
        }
        describe();
        zero();
        // Histograms buffer their samples until upkeep folds them in: without it, memory
        // would grow with every request between scrapes (or forever, never scraped).
        let upkeep = handle.clone();
        std::thread::Builder::new()
            .name("metrics-upkeep".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_secs(5));
                    upkeep.run_upkeep();
                }
            })
            .expect("a thread can be started at startup");
        handle
    })
}

fn describe() {
    describe_counter!("spielstand_http_requests_total", "Requests answered, by route, method and status.");
    describe_histogram!(
        "spielstand_http_request_duration_seconds",
        metrics::Unit::Seconds,
        "Time to answer a request, by route and method."
    );
    describe_counter!("spielstand_cache_hits_total", "Views served from memory at the league's revision.");
    describe_counter!("spielstand_cache_misses_total", "Views computed because memory held none at the revision.");
    describe_counter!("spielstand_cache_evictions_total", "Leagues dropped from memory to stay within the budget.");
    describe_counter!(
        "spielstand_cache_demotions_total",
        "Leagues demoted to stay within the budget: state and whole views dropped, JSON kept packed."
    );
    describe_counter!(
        "spielstand_cache_packed_hits_total",
        "Views served from a demoted league's packed JSON (counted in the hits too)."
    );
    describe_gauge!("spielstand_cache_bytes", metrics::Unit::Bytes, "Memory held by leagues' state and views.");
    describe_gauge!("spielstand_cache_leagues", "Leagues held in memory.");
    describe_gauge!(
        "spielstand_cache_league_bytes",
        metrics::Unit::Bytes,
        "Memory held for one league as the budget counts it, by league and kind: its state, and its views in every encoding and representation (0 once dropped)."
    );
    describe_counter!(
        "spielstand_flight_waits_total",
        "Requests that waited for a view another request was already computing."
    );
    describe_counter!("spielstand_revision_reads_total", "Reads of a league's revision, by source.");
    describe_counter!(
        "spielstand_revision_reads_shared_total",
        "Requests answered by a revision read another request made."
    );
    describe_counter!(
        "spielstand_reads_behind_total",
        "Views served from the revision before while the newest was computed (readers without a write of their own)."
    );
    describe_counter!(
        "spielstand_reads_waited_total",
        "Readers made to wait for the newest view: the one held was more than 900 ms behind."
    );
    describe_histogram!(
        "spielstand_read_behind_seconds",
        metrics::Unit::Seconds,
        "How far behind the newest revision a view served from the revision before was."
    );
    describe_counter!(
        "spielstand_revision_watch_lost_total",
        "Times the watcher of the leagues' revisions lost its connection (reads asked the database until it was back)."
    );
    describe_histogram!(
        "spielstand_table_full_load_seconds",
        metrics::Unit::Seconds,
        "Full loads of a league (a fresh or evicted league without a usable snapshot)."
    );
    describe_histogram!(
        "spielstand_table_snapshot_load_seconds",
        metrics::Unit::Seconds,
        "Loads of a league from its snapshot and the changes logged after it."
    );
    describe_histogram!(
        "spielstand_table_catch_up_seconds",
        metrics::Unit::Seconds,
        "Catch-ups of a league's state from the change log."
    );
    describe_histogram!(
        "spielstand_table_replay_seconds",
        metrics::Unit::Seconds,
        "Rendering a view from a league's state (replaying points and ratings from the earliest change)."
    );
    describe_gauge!("spielstand_db_connections", "Open database connections, by pool and state (idle or in use).");
    describe_gauge!("spielstand_webhook_queue_depth", "Webhook deliveries waiting to be sent.");
    describe_counter!("spielstand_webhook_deliveries_total", "Webhook delivery attempts, by outcome.");
    describe_gauge!(
        "spielstand_replica_lag_seconds",
        metrics::Unit::Seconds,
        "How far the read replica's replay is behind (0 when it has replayed all it received)."
    );
    describe_gauge!("spielstand_replica_in_use", "1 while reads go to the replica, 0 while they go to the primary.");
    describe_counter!("spielstand_reads_total", "Table reads, by the database they were read from.");
    describe_counter!(
        "spielstand_compressions_total",
        "Bodies compressed, by encoding: once per body and encoding, by the first request accepting it."
    );
    describe_counter!(
        "spielstand_unchecked_requests_total",
        "Requests to a route the access table has no rule for (should stay 0)."
    );
}

/// Every series whose labels are known in advance, at zero from the start (Prometheus'
/// practice: a rate or an alert sees the series before its first event, and a scrape of a
/// fresh server lists what it will ever tell). The request families appear with the first
/// request of each route, as their routes and statuses are their labels.
fn zero() {
    for counter in [
        "spielstand_cache_hits_total",
        "spielstand_cache_misses_total",
        "spielstand_cache_evictions_total",
        "spielstand_cache_demotions_total",
        "spielstand_cache_packed_hits_total",
        "spielstand_flight_waits_total",
        "spielstand_revision_reads_total",
        "spielstand_revision_reads_shared_total",
        "spielstand_reads_behind_total",
        "spielstand_reads_waited_total",
        "spielstand_revision_watch_lost_total",
        "spielstand_unchecked_requests_total",
    ] {
        metrics::counter!(counter).increment(0);
    }
    for source in ["primary", "replica"] {
        metrics::counter!("spielstand_reads_total", "source" => source).increment(0);
    }
    for encoding in ["gz", "br"] {
        metrics::counter!("spielstand_compressions_total", "encoding" => encoding).increment(0);
    }
    for outcome in ["delivered", "retry", "given_up"] {
        metrics::counter!("spielstand_webhook_deliveries_total", "outcome" => outcome).increment(0);
    }
    for gauge in ["spielstand_cache_bytes", "spielstand_cache_leagues", "spielstand_webhook_queue_depth"] {
        metrics::gauge!(gauge).set(0.0);
    }
    for histogram in [
        "spielstand_table_full_load_seconds",
        "spielstand_table_snapshot_load_seconds",
        "spielstand_table_catch_up_seconds",
        "spielstand_table_replay_seconds",
    ] {
        // Registered without a sample: the family shows with a count of 0.
        let _ = metrics::histogram!(histogram);
    }
}

/// Sets a pool's gauges (read when a scrape asks).
pub fn pool_gauges(name: &'static str, pool: &crate::db::Pool) {
    let state = pool.state();
    metrics::gauge!("spielstand_db_connections", "pool" => name, "state" => "idle").set(state.idle_connections);
    metrics::gauge!("spielstand_db_connections", "pool" => name, "state" => "in_use")
        .set(state.connections.saturating_sub(state.idle_connections));
}

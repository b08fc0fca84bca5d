//! Read replicas on a real one: a streaming replica of the local PostgreSQL
//! (`.ci/replica.sh`, 127.0.0.1:5433), a process writing to the primary and a process
//! reading its tables from the replica. A client that wrote reads its write from the
//! replica-backed process at once (it sends back `Spielstand-Write-Position`); a client
//! that wrote nothing sees a table at most as old as the replica's reported lag; past
//! `--max-replica-lag-ms` (replay paused with `pg_wal_replay_pause()`) tables come from
//! the primary.

use crate::common::TestDb;
use crate::common::process::{Server, agent, seed, token};
use diesel::{Connection, RunQueryDsl};
use serde_json::{Value, json};
use spielstand_wire::Standings;
use spielstand_wire::headers::{READ_AFTER, REPLICA_LAG_MS, WRITE_POSITION};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const REPLICA_ENV: &str = "SPIELSTAND_TEST_REPLICA_URL";
const REPLICA_DEFAULT: &str = "postgres://postgres@127.0.0.1:5433/postgres";

/// Pausing replay pauses the whole replica: one test at a time here.
static REPLICA: Mutex<()> = Mutex::new(());

fn replica_admin() -> String {
    std::env::var(REPLICA_ENV).unwrap_or_else(|_| REPLICA_DEFAULT.to_owned())
}

/// The test database `db` (made on the primary) as the replica serves it.
fn replica_of(db: &TestDb) -> String {
    let primary = db.url.expose();
    let name = &primary[primary.rfind('/').unwrap() + 1..];
    let admin = replica_admin();
    format!("{}/{name}", &admin[..admin.rfind('/').unwrap()])
}

/// Replay paused on the replica until dropped (also when the test fails).
struct Paused(diesel::PgConnection);

impl Paused {
    fn start() -> Paused {
        let admin = replica_admin();
        let mut conn = diesel::PgConnection::establish(&admin)
            .unwrap_or_else(|e| panic!("the replica ({REPLICA_ENV}={admin}, started by .ci/replica.sh): {e}"));
        diesel::sql_query("SELECT pg_wal_replay_pause()").execute(&mut conn).unwrap();
        Paused(conn)
    }
}

impl Drop for Paused {
    fn drop(&mut self) {
        let _ = diesel::sql_query("SELECT pg_wal_replay_resume()").execute(&mut self.0);
    }
}

/// A table as one client reads it: the standings, the lag header when it came from the
/// replica.
struct Read {
    table: Standings,
    lag_ms: Option<u64>,
}

fn standings(server: &Server, league: i64, after: Option<&str>) -> Read {
    let mut request = agent().get(&format!("{}/leagues/{league}/standings", server.api));
    if let Some(position) = after {
        request = request.header(READ_AFTER, position);
    }
    let mut res = request.call().unwrap();
    assert_eq!(res.status(), 200);
    let lag_ms = res.headers().get(REPLICA_LAG_MS).map(|v| v.to_str().unwrap().parse().unwrap());
    Read { table: res.body_mut().read_json().unwrap(), lag_ms }
}

/// Posts the `n`-th result through `server`; the write position it answered with.
fn write(server: &Server, token: &str, league: i64, n: usize) -> String {
    let players = [["Anna", "Ben"], ["Cleo", "Dora"], ["Ben", "Cleo"]][n % 3];
    let body = json!({
        "played_on": format!("2026-03-{:02}", 1 + n % 28),
        "game": "mensch-aergere-dich-nicht",
        "players": [{"player": players[0], "seat": 1}, {"player": players[1], "seat": 2}],
        "detail": {"order": [[players[0]], [players[1]]]},
    });
    let res = agent()
        .post(&format!("{}/leagues/{league}/results", server.api))
        .header("Authorization", &format!("Bearer {token}"))
        .send_json(&body)
        .unwrap();
    assert_eq!(res.status(), 201);
    let position = res.headers().get(WRITE_POSITION).expect("a write on PostgreSQL says where it committed");
    position.to_str().unwrap().to_owned()
}

fn played(table: &Standings) -> u64 {
    table.rows.iter().map(|r| u64::from(r.row.played)).sum()
}

fn ready(server: &Server) -> Value {
    agent().get(&format!("{}/ready", server.api)).call().unwrap().body_mut().read_json().unwrap()
}

/// Polls `/api/v1/ready` until the replica is (not) in use, within 10 s.
fn wait_for_replica(server: &Server, in_use: bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = ready(server);
        if answer["replica"]["in_use"] == in_use {
            return answer;
        }
        assert!(Instant::now() < deadline, "the replica's use never became {in_use}: {answer}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn metric(server: &Server, name: &str) -> Option<f64> {
    let text = agent().get(&format!("{}/metrics", server.base)).call().unwrap().body_mut().read_to_string().unwrap();
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

fn replica_reader(db: &TestDb, max_lag_ms: u64) -> Server {
    Server::start(
        db,
        &[("SPIELSTAND_READ_DATABASE_URL", replica_of(db)), ("SPIELSTAND_MAX_REPLICA_LAG_MS", max_lag_ms.to_string())],
    )
}

/// The cross-process test with a replica-backed reader: every write through the primary's
/// process is in the very next table its client reads through the other, which reads from
/// the replica whenever the replica has the write, and from the primary when not yet.
#[test]
#[ignore = "needs PostgreSQL and its streaming replica (.ci/replica.sh; SPIELSTAND_TEST_REPLICA_URL)"]
fn a_client_reads_its_writes_through_a_replica_backed_process() {
    let _one = REPLICA.lock().unwrap_or_else(|e| e.into_inner());
    let db = TestDb::postgres();
    let writer = Server::start(&db, &[]);
    let reader = replica_reader(&db, 60_000);
    let token = token(&db);
    let (league, _) = seed(&writer, &token, &["Anna", "Ben", "Cleo", "Dora"], &["mensch-aergere-dich-nicht"]);
    let mut from_replica = 0;
    for n in 0..20 {
        let position = write(&writer, &token, league, n);
        let via_reader = standings(&reader, league, Some(&position));
        let via_writer = standings(&writer, league, Some(&position));
        assert_eq!(via_writer.lag_ms, None, "a process without a replica reads the primary");
        assert_eq!(played(&via_reader.table), 2 * (n as u64 + 1), "the reader misses the client's write {n}");
        assert_eq!(via_reader.table.rows, via_writer.table.rows);
        from_replica += usize::from(via_reader.lag_ms.is_some());
        // Every other time, give the replica a moment to replay (and the monitor to see it).
        if n % 2 == 1 {
            std::thread::sleep(Duration::from_millis(300));
            let settled = standings(&reader, league, Some(&position));
            assert!(settled.lag_ms.is_some(), "a replica that has the write serves it (lag reported)");
            assert_eq!(settled.table.rows, via_writer.table.rows);
            from_replica += 1;
        }
    }
    assert!(from_replica >= 10, "the replica served {from_replica} reads");
    assert!(metric(&reader, "spielstand_reads_total{source=\"replica\"}").unwrap_or(0.0) >= 10.0);
}

/// A reader that wrote nothing gets a table at most as old as the lag it is told; past
/// `--max-replica-lag-ms` it is served from the primary, and from the replica again once
/// the replica has caught up. A client that wrote gets its write even from a lagging one.
#[test]
#[ignore = "needs PostgreSQL and its streaming replica (.ci/replica.sh; SPIELSTAND_TEST_REPLICA_URL)"]
fn a_lagging_replica_is_reported_and_past_the_limit_the_primary_is_read() {
    let _one = REPLICA.lock().unwrap_or_else(|e| e.into_inner());
    let db = TestDb::postgres();
    let writer = Server::start(&db, &[]);
    let patient = replica_reader(&db, 60_000);
    let strict = replica_reader(&db, 500);
    let token = token(&db);
    let (league, _) = seed(&writer, &token, &["Anna", "Ben", "Cleo", "Dora"], &["mensch-aergere-dich-nicht"]);
    let before = write(&writer, &token, league, 0);
    // Both readers settle on the replica, with the first result.
    wait_for_replica(&patient, true);
    wait_for_replica(&strict, true);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(played(&standings(&patient, league, Some(&before)).table), 2);

    let paused = Paused::start();
    let position = write(&writer, &token, league, 1);
    // The replica receives the write but does not replay it: its lag grows.
    let lagging = wait_for_replica(&strict, false);
    assert!(lagging["replica"]["reason"].as_str().unwrap().contains("--max-replica-lag-ms"), "{lagging}");
    assert_eq!(metric(&strict, "spielstand_replica_in_use"), Some(0.0));

    // Within its limit, a reader that wrote nothing is served the replica's older table,
    // and told how old.
    let stale = standings(&patient, league, None);
    assert_eq!(played(&stale.table), 2, "the paused replica has not replayed the second result");
    assert!(stale.lag_ms.is_some_and(|lag| lag > 0), "the lag is reported: {:?}", stale.lag_ms);
    // The client that wrote reads its write, from the primary.
    let own = standings(&patient, league, Some(&position));
    assert_eq!((played(&own.table), own.lag_ms), (4, None));
    // Past the limit, everyone reads the primary.
    let fresh = standings(&strict, league, None);
    assert_eq!((played(&fresh.table), fresh.lag_ms), (4, None));

    drop(paused);
    wait_for_replica(&strict, true);
    let caught_up = standings(&strict, league, None);
    assert_eq!(played(&caught_up.table), 4);
    assert!(caught_up.lag_ms.is_some(), "back on the replica once it caught up");
    assert_eq!(metric(&strict, "spielstand_replica_in_use"), Some(1.0));
}

/// A replica that does not answer makes nobody wait: tables come from the primary, and
/// `ready` says why (the process stays ready).
#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL)"]
fn a_replica_that_does_not_answer_leaves_reads_to_the_primary() {
    let db = TestDb::postgres();
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let reader = Server::start(
        &db,
        &[("SPIELSTAND_READ_DATABASE_URL", format!("postgres://postgres@127.0.0.1:{closed}/nowhere"))],
    );
    let token = token(&db);
    let (league, _) = seed(&reader, &token, &["Anna", "Ben", "Cleo", "Dora"], &["mensch-aergere-dich-nicht"]);
    let position = write(&reader, &token, league, 0);
    let read = standings(&reader, league, Some(&position));
    assert_eq!((played(&read.table), read.lag_ms), (2, None));
    let answer = ready(&reader);
    assert_eq!(answer["status"], "ready");
    assert_eq!(answer["replica"]["in_use"], false, "{answer}");
}

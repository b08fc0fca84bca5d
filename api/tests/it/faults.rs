//! Faults: the server killed mid-write, a full disk, a read-only database. Whatever was
//! acknowledged survives, nothing is stored twice or in part, and the service recovers
//! by itself.

use crate::common::TestDb;
use crate::common::process::{Server, agent, get_as, post_with, seed, token, typed};
use chrono::{Days, NaiveDate};
use diesel::prelude::*;
use serde_json::{Value, json};
use spielstand_core::{GameKind, LeagueResult, LeagueRules, StandingsQuery};
use spielstand_wire::{Player, Problem, ResultPage, Standings, StoredResult};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const PLAYERS: [&str; 6] = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"];
const GAMES: &[&str] = &["mensch-aergere-dich-nicht"];

/// Game `n`: two or three players in a rotating order on a rotating day.
fn game(n: u64) -> Value {
    let count = 2 + (n % 2) as usize;
    let first = (n as usize * 5) % PLAYERS.len();
    let order: Vec<Vec<&str>> = (0..count).map(|i| vec![PLAYERS[(first + i) % PLAYERS.len()]]).collect();
    let seats: Vec<Value> = order.iter().enumerate().map(|(i, p)| json!({"player": p[0], "seat": i + 1})).collect();
    let day = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + Days::new(n % 200);
    json!({"played_on": day, "players": seats, "game": "mensch-aergere-dich-nicht", "detail": {"order": order}})
}

/// Posts with an idempotency key; `None` when the server could not answer (killed).
fn post_keyed(agent: &ureq::Agent, url: &str, token: &str, key: &str, body: &Value) -> Option<(u16, Value)> {
    let mut res = agent
        .post(url)
        .header("Authorization", &format!("Bearer {token}"))
        .header("Idempotency-Key", key)
        .send_json(body)
        .ok()?;
    let status = res.status().as_u16();
    Some((status, res.body_mut().read_json().unwrap_or(Value::Null)))
}

fn all_results(server: &Server, league: i64) -> Vec<StoredResult> {
    let agent = agent();
    let mut all = Vec::new();
    for page in 1.. {
        let body: ResultPage =
            get_as(&agent, &format!("{}/leagues/{league}/results?per_page=500&page={page}", server.api));
        if body.items.is_empty() {
            return all;
        }
        all.extend(body.items);
    }
    unreachable!()
}

/// SQLite's own check of the file (PostgreSQL keeps its files to itself).
fn integrity_ok(db: &TestDb) {
    let spielstand_api::db::DbConn::Sqlite(mut conn) = db.url.connect().unwrap() else { return };
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let rows: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn).unwrap();
    assert_eq!(rows.iter().map(|r| r.integrity_check.as_str()).collect::<Vec<_>>(), ["ok"]);
}

/// After a restart: every acknowledged result is there exactly as acknowledged, none is
/// there twice, the file is sound, and the table equals a recomputation from scratch.
fn check(
    server: &Server,
    db: &TestDb,
    league: i64,
    rules: &LeagueRules,
    acknowledged: &BTreeMap<String, StoredResult>,
    attempted: usize,
) {
    let stored = all_results(server, league);
    let by_id: BTreeMap<i64, &StoredResult> = stored.iter().map(|r| (r.id, r)).collect();
    assert_eq!(by_id.len(), stored.len(), "a result listed twice");
    for (key, ack) in acknowledged {
        let id = ack.id;
        let found = by_id.get(&id).unwrap_or_else(|| panic!("acknowledged result {id} (key {key}) is lost"));
        assert_eq!(found.record, ack.record, "result {id} changed");
    }
    let ids: std::collections::BTreeSet<i64> = acknowledged.values().map(|a| a.id).collect();
    assert_eq!(ids.len(), acknowledged.len(), "two keys acknowledged with one result");
    assert!(stored.len() <= attempted, "{} stored from {attempted} attempted keys", stored.len());
    integrity_ok(db);
    let results: Vec<LeagueResult> = stored
        .iter()
        .map(|r| LeagueResult {
            id: r.id,
            game: GameKind::MenschAergereDichNicht,
            played_on: r.record.played_on,
            placings: r.placings.clone(),
        })
        .collect();
    let table: Standings = get_as(&agent(), &format!("{}/leagues/{league}/standings", server.api));
    let expected = spielstand_core::rated_standings(rules, &results, StandingsQuery::default());
    assert_eq!(table.rows, expected, "standings differ from a recomputation");
}

#[test]
fn killing_the_server_twenty_times_loses_nothing_acknowledged() {
    let db = TestDb::sqlite();
    let token = token(&db);
    let (league, rules) = seed(&Server::start(&db, &[]), &token, &PLAYERS, GAMES);
    let acknowledged: Mutex<BTreeMap<String, StoredResult>> = Mutex::default();
    // Sent but unanswered: retried, with the same key, after a restart.
    let unanswered: Mutex<Vec<(String, Value)>> = Mutex::default();
    let mut next = 0u64;
    let mut attempted = 0usize;
    let mut pause = 7u64;
    for round in 0..20 {
        let server = Server::start(&db, &[]);
        check(&server, &db, league, &rules, &acknowledged.lock().unwrap(), attempted);
        let url = format!("{}/leagues/{league}/results", server.api);
        let batch: Vec<(String, Value)> = (0..40).map(|i| (format!("kill-{round}-{i}"), game(next + i))).collect();
        next += 40;
        attempted += batch.len();
        let queue = Mutex::new(batch);
        // Kill after a pseudo-random 40..240 ms of writing.
        pause = (pause * 7919 + 13) % 200;
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    let agent = agent();
                    while let Some((key, body)) = queue.lock().unwrap().pop() {
                        match post_keyed(&agent, &url, &token, &key, &body) {
                            Some((201, answer)) => {
                                acknowledged.lock().unwrap().insert(key, typed(&answer));
                            }
                            Some((status, answer)) => panic!("post {key}: {status} {answer}"),
                            None => unanswered.lock().unwrap().push((key, body)),
                        }
                    }
                });
            }
            std::thread::sleep(Duration::from_millis(40 + pause));
            server.kill();
        });
        unanswered.lock().unwrap().extend(queue.into_inner().unwrap());
    }
    // The last restart: every unanswered post is sent again with its key until answered.
    let server = Server::start(&db, &[]);
    check(&server, &db, league, &rules, &acknowledged.lock().unwrap(), attempted);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    let deadline = Instant::now() + Duration::from_secs(30);
    for (key, body) in unanswered.into_inner().unwrap() {
        loop {
            match post_keyed(&agent, &url, &token, &key, &body) {
                Some((201, answer)) => {
                    acknowledged.lock().unwrap().insert(key, typed(&answer));
                    break;
                }
                // Claimed by a request that died with the server: free again within seconds.
                Some((409, _)) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(250)),
                other => panic!("retrying {key}: {other:?}"),
            }
        }
    }
    let acknowledged = acknowledged.into_inner().unwrap();
    assert_eq!(acknowledged.len(), attempted, "every post is answered in the end");
    check(&server, &db, league, &rules, &acknowledged, attempted);
    assert_eq!(all_results(&server, league).len(), attempted, "each of the {attempted} posts is stored exactly once");
}

/// A small tmpfs of our own: the faults below need a file system we can fill up and mount
/// read-only, which needs root.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Tmpfs {
        let dir = tempfile::tempdir().unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "cannot mount a tmpfs here: the test needs root");
        Tmpfs { dir }
    }

    fn remount(&self, mode: &str) {
        let status = std::process::Command::new("mount")
            .args(["-o", &format!("remount,{mode}")])
            .arg(self.dir.path())
            .status()
            .unwrap();
        assert!(status.success(), "remount {mode}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(self.dir.path()).status();
    }
}

/// Posts `body`: the answer (`Some`) on 201; `None` on a 503 that is a proper problem
/// with `Retry-After`. Anything else fails the test.
fn post_201_or_503(agent: &ureq::Agent, url: &str, token: &str, body: &Value) -> Option<StoredResult> {
    let mut res = agent.post(url).header("Authorization", &format!("Bearer {token}")).send_json(body).unwrap();
    if res.status() == 201 {
        return Some(res.body_mut().read_json().unwrap());
    }
    assert_eq!(res.status(), 503, "{}", res.body_mut().read_to_string().unwrap_or_default());
    assert_eq!(res.headers().get("content-type").unwrap(), "application/problem+json");
    assert!(res.headers().get("retry-after").is_some(), "Retry-After");
    let problem: Problem = res.body_mut().read_json().unwrap();
    assert_eq!(problem.kind, "/problems/unavailable");
    None
}

fn expect_503(agent: &ureq::Agent, url: &str, token: &str, body: &Value) {
    assert!(post_201_or_503(agent, url, token, body).is_none(), "a write on a read-only database succeeded");
}

/// Posts until the server takes it again: it must recover by itself, quickly.
fn recovers(agent: &ureq::Agent, url: &str, token: &str, body: &Value) -> StoredResult {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, answer) = post_with(agent, url, token, body);
        if status == 201 {
            return typed(&answer);
        }
        assert!(status == 503 && Instant::now() < deadline, "no recovery: {status} {answer}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs root, to mount a tmpfs"]
fn a_full_disk_gives_503_stores_nothing_partial_and_recovers() {
    let fs = Tmpfs::mount("16m");
    let db = TestDb::at(fs.dir.path().join("spielstand.db"));
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let (league, rules) = seed(&server, &token, &PLAYERS, GAMES);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    let mut acknowledged = BTreeMap::new();
    for n in 0..5 {
        let (status, answer) = post_with(&agent, &url, &token, &game(n));
        assert_eq!(status, 201);
        acknowledged.insert(format!("before-{n}"), typed(&answer));
    }
    // Fill the file system to the last byte.
    let filler = fs.dir.path().join("filler");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        let chunk = vec![0u8; 64 * 1024];
        while f.write_all(&chunk).is_ok() {}
        while f.write_all(&chunk[..512]).is_ok() {}
        let _ = f.sync_all();
    }
    // A write that still fits into space SQLite already holds (a rewound WAL, the pages a
    // refused write gave back) may succeed and is kept; the others get 503 and leave nothing.
    let mut refused = 0;
    for n in 5..45 {
        match post_201_or_503(&agent, &url, &token, &game(n)) {
            Some(answer) => {
                acknowledged.insert(format!("full-{n}"), answer);
            }
            None => refused += 1,
        }
    }
    eprintln!("a full disk refused {refused} of 40 writes");
    assert!(refused >= 20, "a full disk refused only {refused} of 40 writes");
    assert_eq!(all_results(&server, league).len(), acknowledged.len(), "nothing of the refused posts is stored");
    std::fs::remove_file(&filler).unwrap();
    acknowledged.insert("after".into(), recovers(&agent, &url, &token, &game(45)));
    let attempted = acknowledged.len();
    check(&server, &db, league, &rules, &acknowledged, attempted);
}

#[test]
#[ignore = "needs root, to mount a tmpfs"]
fn a_read_only_database_gives_503_and_recovers_when_writable_again() {
    let fs = Tmpfs::mount("16m");
    let db = TestDb::at(fs.dir.path().join("spielstand.db"));
    let token = token(&db);
    let (league, rules, first) = {
        let server = Server::start(&db, &[]);
        let (league, rules) = seed(&server, &token, &PLAYERS, GAMES);
        let (status, first) =
            post_with(&agent(), &format!("{}/leagues/{league}/results", server.api), &token, &game(0));
        assert_eq!(status, 201);
        server.kill();
        (league, rules, typed::<StoredResult>(&first))
    };
    // The file system goes read-only (as after a disk error) while no server runs: the
    // kernel refuses a read-only remount while files are open for writing.
    fs.remount("ro");
    let server = Server::start(&db, &[]);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    let standings: Standings = get_as(&agent, &format!("{}/leagues/{league}/standings", server.api));
    assert_eq!(standings.rows.len(), 2, "reads still work");
    for n in 1..4 {
        expect_503(&agent, &url, &token, &game(n));
    }
    fs.remount("rw");
    let after = recovers(&agent, &url, &token, &game(4));
    let acknowledged = BTreeMap::from([("first".to_owned(), first), ("after".to_owned(), after)]);
    check(&server, &db, league, &rules, &acknowledged, 2);
}

/// Writes `head` and then `body` in `pieces`, `pause` apart, to a real server, and reads
/// the status line of its answer.
fn raw_post(server: &Server, head: &str, pieces: &[&[u8]], pause: Duration) -> String {
    use std::io::{Read, Write};
    let addr = server.base.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    for piece in pieces {
        // The server may answer (and close) before the client is done sending.
        if stream.write_all(piece).is_err() {
            break;
        }
        std::thread::sleep(pause);
    }
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned()
}

/// A body sent a byte at a time is cut off at the deadline with 408; a chunked body over
/// the limit is refused with 413 like a declared one; neither stores anything.
#[test]
fn slow_and_oversized_bodies_are_cut_off() {
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[("SPIELSTAND_BODY_TIMEOUT_MS", "500".to_owned())]);
    let head = |extra: &str| {
        format!(
            "POST /api/v1/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\n{extra}\r\n"
        )
    };
    let started = std::time::Instant::now();
    let byte_by_byte: Vec<&[u8]> = b"{\"name\": \"Anna\"}".chunks(1).collect();
    let status = raw_post(&server, &head("Content-Length: 16\r\n"), &byte_by_byte, Duration::from_millis(200));
    assert!(status.starts_with("HTTP/1.1 408"), "{status}");
    assert!(started.elapsed() < Duration::from_secs(5), "cut off at the deadline, not at the end of the body");

    // 200 KB in chunks of 8 KB, no Content-Length.
    let chunk = format!("2000\r\n{}\r\n", " ".repeat(0x2000));
    let mut pieces: Vec<&[u8]> = vec![chunk.as_bytes(); 25];
    pieces.push(b"0\r\n\r\n");
    let status = raw_post(&server, &head("Transfer-Encoding: chunked\r\n"), &pieces, Duration::ZERO);
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");

    assert_eq!(get_as::<Vec<Player>>(&agent(), &format!("{}/players", server.api)).len(), 0);
}

/// A PostgreSQL cluster of the test's own on a free port of 127.0.0.1, to be stopped and
/// started under a running server. Made with `initdb` as the `postgres` user (the test
/// runs as root in CI, and PostgreSQL refuses to run as root).
struct Cluster {
    dir: tempfile::TempDir,
    bin: std::path::PathBuf,
    port: u16,
}

impl Cluster {
    fn new() -> Cluster {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server binaries in /usr/lib/postgresql")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|p| p.join("initdb").exists())
            .max()
            .expect("an initdb");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let cluster = Cluster { dir, bin, port };
        std::process::Command::new("chown").args(["-R", "postgres"]).arg(cluster.dir.path()).status().unwrap();
        cluster.as_postgres(&format!(
            "{}/initdb -D {}/data -A trust -U postgres",
            cluster.bin.display(),
            cluster.path()
        ));
        cluster.start();
        cluster
    }

    fn path(&self) -> String {
        self.dir.path().display().to_string()
    }

    fn as_postgres(&self, command: &str) {
        let out = std::process::Command::new("su").args(["postgres", "-s", "/bin/sh", "-c", command]).output().unwrap();
        assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn start(&self) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.path());
        self.as_postgres(&format!(
            "{}/pg_ctl -D {}/data -l {}/log -w -o '{options}' start",
            self.bin.display(),
            self.path(),
            self.path()
        ));
    }

    fn stop(&self) {
        self.as_postgres(&format!("{}/pg_ctl -D {}/data -m fast -w stop", self.bin.display(), self.path()));
    }

    fn db(&self) -> TestDb {
        TestDb::at_url(&format!("postgres://postgres@127.0.0.1:{}/postgres", self.port))
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = std::process::Command::new("su")
            .args(["postgres", "-s", "/bin/sh", "-c"])
            .arg(format!("{}/pg_ctl -D {}/data -m immediate stop", self.bin.display(), self.path()))
            .output();
    }
}

/// A request answered by a database that is gone: 503 with `Retry-After`, at once.
fn answered_unavailable(agent: &ureq::Agent, method: &str, url: &str, token: &str, body: &Value) {
    let started = Instant::now();
    let mut res = match method {
        "GET" => agent.get(url).call().unwrap(),
        _ => agent.post(url).header("Authorization", &format!("Bearer {token}")).send_json(body).unwrap(),
    };
    let took = started.elapsed();
    if took > Duration::from_millis(500) {
        eprintln!("{method} {url}: 503 after {took:?}");
    }
    let text = res.body_mut().read_to_string().unwrap_or_default();
    assert_eq!(res.status(), 503, "{method} {url}: {text}");
    assert!(res.headers().get("retry-after").is_some(), "{method} {url}: Retry-After");
    assert!(took < Duration::from_secs(6), "{method} {url} took {took:?}");
}

#[test]
#[ignore = "needs root and PostgreSQL's server binaries, to run a cluster of its own"]
fn postgres_stopped_under_a_running_server_gives_fast_503s_and_recovers() {
    let cluster = Cluster::new();
    let db = cluster.db();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let (league, rules) = seed(&server, &token, &PLAYERS, GAMES);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    let mut acknowledged = BTreeMap::new();
    // Every pooled connection is used once, so that each meets the stop below.
    for n in 0..12 {
        let (status, answer) = post_with(&agent, &url, &token, &game(n));
        assert_eq!(status, 201, "{answer}");
        acknowledged.insert(format!("before-{n}"), typed::<StoredResult>(&answer));
    }
    cluster.stop();
    let started = Instant::now();
    for n in 12..36 {
        answered_unavailable(&agent, "POST", &url, &token, &game(n));
        answered_unavailable(&agent, "GET", &format!("{}/leagues/{league}/results", server.api), &token, &Value::Null);
    }
    answered_unavailable(&agent, "GET", &format!("{}/health", server.api), &token, &Value::Null);
    let ready = agent.get(&format!("{}/ready", server.api)).call().unwrap().body_mut().read_to_string().unwrap();
    assert!(ready.contains("does not answer"), "{ready}");
    eprintln!("48 requests answered 503 in {:?} while PostgreSQL was stopped", started.elapsed());
    cluster.start();
    acknowledged.insert("after".into(), recovers(&agent, &url, &token, &game(36)));
    let attempted = acknowledged.len();
    check(&server, &db, league, &rules, &acknowledged, attempted);
}

/// The SQLite file and its log made read-only under a server that does not run as root
/// (root writes whatever the mode says), then writable again: 503 meanwhile, `/ready`
/// says why, and the server writes again by itself.
#[test]
#[ignore = "needs root, to run the server as an unprivileged user"]
fn a_database_file_made_read_only_and_writable_again_recovers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let db = TestDb::at(dir.path().join("spielstand.db"));
    let token = token(&db);
    let chown = |path: &std::path::Path| {
        std::process::Command::new("chown").args(["-R", "nobody"]).arg(path).status().unwrap();
    };
    chown(dir.path());
    let files = || {
        std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("spielstand.db"))
            .collect::<Vec<_>>()
    };
    let mode = |mode: u32| {
        for file in files() {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
        }
    };
    // nobody
    let as_nobody = 65534;
    let (league, rules, first) = {
        let server = Server::start_as(&db, as_nobody);
        let (league, rules) = seed(&server, &token, &PLAYERS, GAMES);
        let (status, first) =
            post_with(&agent(), &format!("{}/leagues/{league}/results", server.api), &token, &game(0));
        assert_eq!(status, 201);
        server.kill();
        (league, rules, typed::<StoredResult>(&first))
    };
    chown(dir.path());
    mode(0o444);
    let server = Server::start_as(&db, as_nobody);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    for n in 1..4 {
        expect_503(&agent, &url, &token, &game(n));
    }
    let ready = agent.get(&format!("{}/ready", server.api)).call().unwrap().body_mut().read_to_string().unwrap();
    assert!(ready.contains("takes no writes") && ready.contains("readonly"), "{ready}");
    mode(0o644);
    let after = recovers(&agent, &url, &token, &game(4));
    let ready = agent.get(&format!("{}/ready", server.api)).call().unwrap();
    assert_eq!(ready.status(), 200);
    let acknowledged = BTreeMap::from([("first".to_owned(), first), ("after".to_owned(), after)]);
    check(&server, &db, league, &rules, &acknowledged, 2);
}

/// Connections that send nothing, or half a request head, are closed within seconds; and
/// more of them than the server's open-files limit (1,024 on many machines) do not stall
/// an ordinary client: the server raises its limit, and past it stops accepting instead
/// of failing every accept.
#[test]
fn idle_connections_are_freed_within_seconds_and_do_not_stall_others() {
    use std::io::{Read, Write};
    let db = TestDb::sqlite();
    token(&db);
    let server = Server::start_with_open_files(&db, 256);
    let address = server.base.strip_prefix("http://").unwrap().to_owned();
    let (_, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    rlimit::setrlimit(rlimit::Resource::NOFILE, hard.min(4096), hard).unwrap();
    let idle = 600.min(hard.saturating_sub(200) as usize);
    let opened = Instant::now();
    // From a second loopback address: this one is the ordinary client's, and each
    // address holds at most its share of the server's connections.
    let mut sockets: Vec<std::net::TcpStream> =
        (0..idle).map(|_| crate::common::process::connect(&address, Some("127.0.0.2"))).collect();
    // Half a request head on a few of them (those past the share are shut already).
    for socket in sockets.iter_mut().take(20) {
        let _ = socket.write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n");
    }
    let started = Instant::now();
    let health = agent().get(&format!("{}/health", server.api)).call().unwrap();
    assert_eq!(health.status(), 200);
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(2), "an ordinary request waited {waited:?} behind {idle} idle connections");
    let handles: Vec<_> = sockets
        .into_iter()
        .map(|mut socket| {
            std::thread::spawn(move || {
                socket.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
                let mut buf = [0u8; 256];
                while matches!(socket.read(&mut buf), Ok(n) if n > 0) {}
                opened.elapsed()
            })
        })
        .collect();
    let held: Vec<Duration> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let longest = held.iter().max().unwrap();
    eprintln!("{idle} idle connections, closed after at most {longest:?}; an ordinary request waited {waited:?}");
    assert!(*longest < Duration::from_secs(12), "an idle connection was held {longest:?}");
}

/// 128 clients reading a league's export at once, 20 times each over kept-alive
/// connections: every answer whole, no connection reset.
#[test]
fn parallel_exports_are_answered_whole() {
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = seed(&server, &token, &PLAYERS, GAMES);
    let agent = agent();
    let url = format!("{}/leagues/{league}/results", server.api);
    for n in 0..60 {
        assert_eq!(post_with(&agent, &url, &token, &game(n)).0, 201);
    }
    let export = format!("{}/leagues/{league}/export", server.api);
    let whole = agent.get(&export).call().unwrap().body_mut().read_to_vec().unwrap().len();
    let handles: Vec<_> = (0..128)
        .map(|_| {
            let export = export.clone();
            std::thread::spawn(move || {
                let agent = crate::common::process::agent();
                let mut failures = Vec::new();
                for _ in 0..20 {
                    match agent.get(&export).call() {
                        Ok(mut res) if res.status() == 200 => match res.body_mut().read_to_vec() {
                            Ok(body) if body.len() == whole => {}
                            Ok(body) => failures.push(format!("{} of {whole} bytes", body.len())),
                            Err(e) => failures.push(e.to_string()),
                        },
                        Ok(res) => failures.push(format!("status {}", res.status())),
                        Err(e) => failures.push(e.to_string()),
                    }
                }
                failures
            })
        })
        .collect();
    let failures: Vec<String> = handles.into_iter().flat_map(|h| h.join().unwrap()).collect();
    assert!(
        failures.is_empty(),
        "{} of 2,560 exports failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}

/// A server started on a new SQLite file, asked once, and stopped, logs nothing at WARN or
/// ERROR: a clean start is quiet (connections opening at once used to log "database is
/// locked" while the first switched the file to WAL).
#[test]
fn a_clean_start_logs_no_warning() {
    for _ in 0..3 {
        let db = TestDb::sqlite();
        let server = Server::start(&db, &[]);
        assert_eq!(agent().get(&format!("{}/ready", server.api)).call().unwrap().status(), 200);
        std::thread::sleep(Duration::from_millis(300));
        let log = server.log.lock().unwrap().clone();
        let loud: Vec<&String> = log.iter().filter(|l| l.contains(" WARN ") || l.contains(" ERROR ")).collect();
        assert!(loud.is_empty(), "{loud:#?}");
    }
}

//! Running the server for real, in the real binary: its metrics in the Prometheus text
//! format, the readiness check (503 until the database answers and its migrations
//! match), structured logs, and the drain on SIGTERM (requests in flight finish, webhook
//! leases are given back).

use crate::common::process::{Server, agent, seed, token};
use crate::common::tiny::{Answer, Tiny};
use crate::common::{TestDb, mensch};
use diesel::RunQueryDsl;
use serde_json::{Value, json};
use spielstand_api::db;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Runs `$name(db)` as `$name::sqlite` and `$name::postgres`.
macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[test]
            fn sqlite() {
                super::$name(crate::common::TestDb::sqlite());
            }

            #[test]
            #[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
            fn postgres() {
                super::$name(crate::common::TestDb::postgres());
            }
        }
    };
}

/// The samples of a Prometheus text exposition, by series (`name{labels}`); every line
/// that is not a comment must be a sample.
fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (series, value) = l.rsplit_once(' ').unwrap_or_else(|| panic!("not a sample: {l:?}"));
            (series.to_owned(), value.parse().unwrap_or_else(|_| panic!("not a number: {l:?}")))
        })
        .collect()
}

fn scrape(server: &Server) -> BTreeMap<String, f64> {
    let mut res = agent().get(&format!("{}/metrics", server.base)).call().unwrap();
    assert_eq!(res.status(), 200);
    let kind = res.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    samples(&res.body_mut().read_to_string().unwrap())
}

fn metrics_tell_requests_cache_and_tables(db: TestDb) {
    let server = Server::start(&db, &[]);
    let token = token(&db);
    let (league, _) = seed(&server, &token, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    assert_eq!(server.post(&format!("/leagues/{league}/results"), &token, &mensch("2026-11-20", "Ben,Anna")).0, 201);
    for _ in 0..3 {
        server.get(&format!("/leagues/{league}/standings"), &token);
    }
    let missing = agent().get(&format!("{}/leagues/999/standings", server.api)).call().unwrap();
    assert_eq!(missing.status(), 404);
    let m = scrape(&server);
    let get = |series: &str| m.get(series).copied().unwrap_or_else(|| panic!("no {series} in {m:#?}"));
    let standings = "route=\"/api/v1/leagues/{id}/standings\",method=\"GET\"";
    assert_eq!(get(&format!("spielstand_http_requests_total{{{standings},status=\"200\"}}")), 3.0);
    assert_eq!(get(&format!("spielstand_http_requests_total{{{standings},status=\"404\"}}")), 1.0);
    assert_eq!(get(&format!("spielstand_http_request_duration_seconds_count{{{standings}}}")), 4.0);
    assert_eq!(
        get("spielstand_http_requests_total{route=\"/api/v1/leagues/{id}/results\",method=\"POST\",status=\"201\"}"),
        1.0
    );
    // One table computed (a full load), then served from memory twice.
    assert_eq!(get("spielstand_cache_misses_total"), 1.0);
    assert_eq!(get("spielstand_cache_hits_total"), 2.0);
    assert_eq!(get("spielstand_table_full_load_seconds_count"), 1.0);
    assert!(get("spielstand_cache_bytes") > 0.0);
    // Per league: its state and its views, which are all the cache holds.
    let state = get(&format!("spielstand_cache_league_bytes{{league=\"{league}\",kind=\"state\"}}"));
    let views = get(&format!("spielstand_cache_league_bytes{{league=\"{league}\",kind=\"views\"}}"));
    assert!(state > 0.0 && views > 0.0, "{state} {views}");
    assert_eq!(state + views, get("spielstand_cache_bytes"));
    assert_eq!(get("spielstand_reads_total{source=\"primary\"}"), 4.0);
    assert!(get("spielstand_db_connections{pool=\"primary\",state=\"idle\"}") >= 1.0);
    assert_eq!(get("spielstand_webhook_queue_depth"), 0.0);
    // Paths never become series of their own: unknown ones share one.
    for path in ["/nowhere/1", "/nowhere/2"] {
        agent().get(&format!("{}{path}", server.base)).call().unwrap();
    }
    // Nor do methods a client makes up.
    let address = server.base.trim_start_matches("http://").to_owned();
    for verb in ["BREW", "WHEN"] {
        let mut stream = TcpStream::connect(&address).unwrap();
        write!(stream, "{verb} /api/v1/health HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    }
    let m = scrape(&server);
    assert_eq!(m["spielstand_http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"}"], 2.0);
    assert!(!m.keys().any(|k| k.contains("nowhere") || k.contains("BREW") || k.contains("WHEN")), "{m:#?}");
    assert!(m.keys().any(|k| k.contains("method=\"other\"")), "{m:#?}");
}

both!(metrics_tell_requests_cache_and_tables);

fn ready_until_the_migrations_match(db: TestDb) {
    let server = Server::start(&db, &[]);
    let ready = |server: &Server| {
        let mut res = agent().get(&format!("{}/ready", server.api)).call().unwrap();
        (res.status().as_u16(), res.body_mut().read_json::<Value>().unwrap())
    };
    let (status, body) = ready(&server);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["migrations"], db::known_migrations(db.url.backend()).len());
    // A newer spielstand migrated the database: this process gives way.
    let mut conn = db.url.connect().unwrap();
    diesel::sql_query("INSERT INTO __diesel_schema_migrations (version) VALUES ('99991231000000')")
        .execute(&mut conn)
        .unwrap();
    let (status, body) = ready(&server);
    assert_eq!(status, 503, "{body}");
    assert!(body["detail"].as_str().unwrap().contains("does not know (a newer spielstand)"), "{body}");
    // Liveness is another question: the process answers.
    assert_eq!(agent().get(&format!("{}/health", server.api)).call().unwrap().status(), 200);
    diesel::sql_query("DELETE FROM __diesel_schema_migrations WHERE version = '99991231000000'")
        .execute(&mut conn)
        .unwrap();
    assert_eq!(ready(&server).0, 200);
}

both!(ready_until_the_migrations_match);

/// A fresh server's first scrape lists every family it will ever tell, each series whose
/// labels are known in advance at zero (Prometheus' practice), with its HELP and TYPE.
#[test]
fn every_family_is_there_from_the_start() {
    let db = TestDb::sqlite();
    let server = Server::start(&db, &[]);
    let text = agent().get(&format!("{}/metrics", server.base)).call().unwrap().body_mut().read_to_string().unwrap();
    let m = samples(&text);
    for series in [
        "spielstand_cache_hits_total",
        "spielstand_cache_misses_total",
        "spielstand_cache_evictions_total",
        "spielstand_cache_bytes",
        "spielstand_cache_leagues",
        "spielstand_flight_waits_total",
        "spielstand_revision_reads_total",
        "spielstand_revision_reads_shared_total",
        "spielstand_unchecked_requests_total",
        "spielstand_reads_total{source=\"primary\"}",
        "spielstand_reads_total{source=\"replica\"}",
        "spielstand_compressions_total{encoding=\"gz\"}",
        "spielstand_compressions_total{encoding=\"br\"}",
        "spielstand_webhook_deliveries_total{outcome=\"delivered\"}",
        "spielstand_webhook_deliveries_total{outcome=\"retry\"}",
        "spielstand_webhook_deliveries_total{outcome=\"given_up\"}",
        "spielstand_webhook_queue_depth",
        "spielstand_table_full_load_seconds_count",
        "spielstand_table_snapshot_load_seconds_count",
        "spielstand_table_catch_up_seconds_count",
        "spielstand_table_replay_seconds_count",
    ] {
        assert!(m.contains_key(series), "{series} missing from a fresh scrape:\n{text}");
    }
    for family in ["spielstand_cache_hits_total", "spielstand_table_replay_seconds", "spielstand_reads_total"] {
        assert!(text.contains(&format!("# HELP {family} ")), "{family}: no HELP\n{text}");
        assert!(text.contains(&format!("# TYPE {family} ")), "{family}: no TYPE\n{text}");
    }
}

/// A database that is not there when the server starts: it listens all the same, says
/// 503 at `/ready`, and migrates and says 200 once the database can be opened.
#[test]
fn ready_is_503_until_the_database_answers() {
    let dir = tempfile::tempdir().unwrap();
    // SQLite cannot open a file in a folder that does not exist (yet).
    let db = TestDb::at(dir.path().join("later").join("spielstand.db"));
    let server = Server::listening(&db, &[]);
    let mut res = agent().get(&format!("{}/ready", server.api)).call().unwrap();
    assert_eq!(res.status(), 503);
    let problem: Value = res.body_mut().read_json().unwrap();
    assert!(problem["detail"].as_str().unwrap().starts_with("not ready"), "{problem}");
    std::fs::create_dir(dir.path().join("later")).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while agent().get(&format!("{}/ready", server.api)).call().unwrap().status() != 200 {
        assert!(Instant::now() < deadline, "never ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    let token = token(&db);
    assert_eq!(server.post("/players", &token, &json!({"name": "Anna"})).0, 201);
}

#[test]
fn json_logs_are_one_object_per_line_without_colour() {
    let db = TestDb::sqlite();
    let mut child = std::process::Command::new(crate::common::process::BIN)
        .args(["--database-url", &db.url.expose(), "--bind", "127.0.0.1:0", "--log-format", "json"])
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut log = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut log, &mut line).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let entry: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line:?}"));
    assert_eq!(entry["level"], "INFO", "{entry}");
    assert!(entry["fields"]["message"].is_string(), "{entry}");
    assert!(!line.contains('\u{1b}'));
}

/// SIGTERM: the listener closes, a request under way (its body still arriving) is
/// answered, the process exits within `--drain-timeout-s`, and the webhook delivery it
/// held (its receiver is slow) is due again at once for another process.
fn sigterm_drains_and_gives_back_leases(db: TestDb) {
    let receiver = Tiny::start(|_, _| {
        std::thread::sleep(Duration::from_secs(15));
        Answer::status(200)
    });
    let env = [
        ("SPIELSTAND_DRAIN_TIMEOUT_S", "2".to_owned()),
        ("SPIELSTAND_WEBHOOK_POLL_MS", "50".to_owned()),
        ("SPIELSTAND_WEBHOOK_TIMEOUT_MS", "20000".to_owned()),
    ];
    let mut server = Server::start(&db, &env);
    let token = token(&db);
    let (league, _) = seed(&server, &token, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    let hook = json!({"url": receiver.url("/hook")});
    assert_eq!(server.post(&format!("/leagues/{league}/webhooks"), &token, &hook).0, 201);
    assert_eq!(server.post(&format!("/leagues/{league}/results"), &token, &mensch("2026-11-20", "Ben,Anna")).0, 201);
    receiver.wait_for(1, Duration::from_secs(20));

    // A request whose body is still on its way when the signal comes.
    let address = server.base.trim_start_matches("http://").to_owned();
    let mut slow = TcpStream::connect(&address).unwrap();
    let body = br#"{"name": "Cleo"}"#;
    write!(
        slow,
        "POST /api/v1/players HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    slow.write_all(&body[..5]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let signalled = Instant::now();
    let kill = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    std::thread::sleep(Duration::from_millis(300));
    assert!(TcpStream::connect(&address).is_err(), "no new connection is accepted while draining");
    slow.write_all(&body[5..]).unwrap();
    let mut answer = String::new();
    slow.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "the request in flight is answered: {answer}");

    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(signalled.elapsed() < Duration::from_secs(10), "the process did not exit after its drain");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    assert!(signalled.elapsed() < Duration::from_secs(8), "exited within the drain, not after the slow delivery");
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
        lease: Option<String>,
        #[diesel(sql_type = diesel::sql_types::Text)]
        status: String,
    }
    let mut conn = db.url.connect().unwrap();
    let rows: Vec<Row> = diesel::sql_query("SELECT lease, status FROM webhook_deliveries").load(&mut conn).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].lease.as_deref(), rows[0].status.as_str()), (None, "pending"), "the lease is given back");
}

both!(sigterm_drains_and_gives_back_leases);

/// The operations guide's "Running it for real" (docs/operations.md) names only what exists: the binary's options and
/// their variables, the unit's variables, the headers and the metrics.
#[test]
fn the_readme_on_running_it_names_what_the_binary_has() {
    let readme = include_str!("../../../docs/operations.md");
    let section =
        &readme[readme.find("<!-- operations:start -->").unwrap()..readme.find("<!-- operations:end -->").unwrap()];
    let help = std::process::Command::new(crate::common::process::BIN).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let unit = include_str!("../../../deploy/spielstand-api.service");
    let words = |text: &str, prefix: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .filter(|w| w.starts_with(prefix) && w.len() > prefix.len())
            .map(str::to_owned)
            .collect()
    };
    // cargo's and systemctl's own options aside.
    for flag in words(section, "--").into_iter().filter(|f| !["--release", "--now"].contains(&f.as_str())) {
        assert!(help.contains(&flag), "docs/operations.md names {flag}, which spielstand-api --help does not list");
    }
    for var in words(section, "SPIELSTAND_").into_iter().chain(words(unit, "SPIELSTAND_")) {
        assert!(help.contains(&var), "{var} is not an option's variable");
    }
    let telemetry = include_str!("../../src/telemetry.rs");
    for metric in words(section, "spielstand_") {
        assert!(
            telemetry.contains(&format!("\"{metric}\"")),
            "docs/operations.md names {metric}, which is not recorded"
        );
    }
    for header in [
        spielstand_wire::headers::WRITE_POSITION,
        spielstand_wire::headers::READ_AFTER,
        spielstand_wire::headers::REPLICA_LAG_MS,
    ] {
        assert!(section.contains(header), "docs/operations.md does not explain {header}");
    }
    assert!(unit.contains("ExecStart=/usr/local/bin/spielstand-api serve"));
}

//! Real `spielstand-api` processes on one database: concurrent writers lose nothing and
//! count nothing twice, and every process serves the same, current standings.

use crate::common;
use crate::common::TestDb;
use crate::common::process::{Server, agent, get_as, post_with as post, seed, token, typed, written};
use chrono::{Days, NaiveDate};
use serde_json::{Value, json};
use spielstand_core::{LeagueResult, StandingsQuery};
use spielstand_wire::headers::READ_AFTER;
use spielstand_wire::{BatchOutcome, League, LeagueExport, ResultPage, Standings};
use std::time::Instant;

const NAMES: [&str; 12] =
    ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hanna", "Ida", "Jürgen", "Karl", "Lena"];

/// Sets up players and a league; returns (league id, rules).
/// The `n`-th game of client `client`: a deterministic mix of games, tables and dates.
fn game(client: usize, n: usize) -> Value {
    let mut x = (client * 7919 + n * 104_729 + 13) as u64;
    let mut next = |m: u64| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) % m
    };
    let players = 2 + next(3) as usize;
    let mut chosen: Vec<&str> = Vec::new();
    while chosen.len() < players {
        let p = NAMES[next(NAMES.len() as u64) as usize];
        if !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    let seats: Vec<Value> = chosen.iter().enumerate().map(|(i, p)| json!({"player": p, "seat": i + 1})).collect();
    let mut order: Vec<Vec<&str>> = chosen.iter().map(|p| vec![*p]).collect();
    if players > 2 && next(3) == 0 {
        let last = order.pop().unwrap();
        order.last_mut().unwrap().extend(last);
    }
    let date = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + Days::new(next(300));
    if next(2) == 0 {
        json!({"played_on": date, "players": seats, "game": "mensch-aergere-dich-nicht", "detail": {"order": order}})
    } else {
        json!({"played_on": date, "players": seats, "game": "lauf-rauf", "detail": {"order": order, "edition": "revised", "cards": true}})
    }
}

/// `clients` threads each post `per_client` results, spread over `servers`; returns
/// every status that was not 201.
fn load(servers: &[Server], token: &str, league: i64, clients: usize, per_client: usize) -> Vec<u16> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|client| {
                scope.spawn(move || {
                    let agent = agent();
                    let mut failures = Vec::new();
                    for n in 0..per_client {
                        let server = &servers[(client + n) % servers.len()];
                        let (status, body) =
                            post(&agent, &format!("{}/leagues/{league}/results", server.api), token, &game(client, n));
                        if status != 201 {
                            eprintln!("client {client} post {n}: {status} {body}");
                            failures.push(status);
                        }
                    }
                    failures
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    })
}

/// Every stored result, read back page by page, as the league sees it.
fn stored(server: &Server, league: i64) -> Vec<LeagueResult> {
    let agent = agent();
    let mut all = Vec::new();
    for page in 1.. {
        let body: ResultPage =
            get_as(&agent, &format!("{}/leagues/{league}/results?per_page=500&page={page}", server.api));
        if body.items.is_empty() {
            break;
        }
        for item in body.items {
            all.push(LeagueResult {
                id: item.id,
                game: item.record.game(),
                played_on: item.record.played_on,
                placings: item.placings,
            });
        }
    }
    all
}

fn check_load(db: TestDb, processes: usize) {
    let servers: Vec<Server> = (0..processes).map(|_| Server::start(&db, &[])).collect();
    let token = token(&db);
    let (league, rules) = seed(&servers[0], &token, &NAMES, &["mensch-aergere-dich-nicht", "lauf-rauf"]);
    let started = Instant::now();
    let failures = load(&servers, &token, league, 50, 100);
    eprintln!("{processes} process(es) on {}: 5,000 posts in {:.1} s", db.url, started.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{} posts were not 201: {failures:?}", failures.len());

    let results = stored(&servers[0], league);
    assert_eq!(results.len(), 5000, "exactly the acknowledged results are stored");
    let expected = spielstand_core::rated_standings(&rules, &results, StandingsQuery::default());
    let agent = agent();
    for server in &servers {
        let table: Standings = get_as(&agent, &format!("{}/leagues/{league}/standings", server.api));
        let served = &table.rows;
        let first_difference = served.iter().zip(&expected).find(|(s, e)| s != e);
        assert!(
            first_difference.is_none() && served.len() == expected.len(),
            "standings served by {} differ from a recomputation: {first_difference:?}",
            server.api
        );
        let played: u64 = table.rows.iter().map(|r| u64::from(r.row.played)).sum();
        assert!(played > 5000 * 2);
    }
}

#[test]
fn fifty_clients_post_five_thousand_results_to_one_sqlite_process() {
    check_load(TestDb::sqlite(), 1);
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn fifty_clients_post_five_thousand_results_to_two_postgres_processes() {
    check_load(TestDb::postgres(), 2);
}

fn check_coherence(db: TestDb) {
    let a = Server::start(&db, &[]);
    let b = Server::start(&db, &[]);
    let token = token(&db);
    let (league, _) = seed(&a, &token, &NAMES, &["mensch-aergere-dich-nicht", "lauf-rauf"]);
    let agent = agent();
    // As the CLI does: this client's last write (through A) sent along to either process.
    let standings = |s: &Server| {
        let mut request = agent.get(&format!("{}/leagues/{league}/standings", s.api));
        if let Some(position) = written(&a.api) {
            request = request.header(READ_AFTER, &position);
        }
        typed::<Standings>(&request.call().unwrap().body_mut().read_json::<Value>().unwrap())
    };
    // B computes and caches the empty table.
    assert_eq!(standings(&b).rows.len(), 0);
    assert_eq!(standings(&b).rows.len(), 0);
    for n in 0..3 {
        let (status, _) = post(&agent, &format!("{}/leagues/{league}/results", a.api), &token, &game(99, n));
        assert_eq!(status, 201);
        let via_b = standings(&b);
        let via_a = standings(&a);
        // The whole document: which table, of which revision, and its rows.
        let whole = |s: &Standings| (s.league_id, s.league_revision, s.game, s.as_of, s.rows.clone());
        assert_eq!(whole(&via_b), whole(&via_a), "process B serves what process A wrote, at once, to its writer");
        let played: u64 = via_b.rows.iter().map(|r| u64::from(r.row.played)).sum();
        assert!(played >= 2 * (n as u64 + 1), "B still serves an old table: {via_b:?}");
    }
}

#[test]
fn a_write_through_one_process_shows_at_once_in_another_sqlite() {
    check_coherence(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn a_write_through_one_process_shows_at_once_in_another_postgres() {
    check_coherence(TestDb::postgres());
}

/// With no cache budget every other league is dropped after each request, so tables
/// come from full loads and catch-ups in turn: every one must still equal a
/// recomputation, in a real server process.
#[test]
fn a_cache_without_budget_still_serves_exact_tables() {
    let db = TestDb::sqlite();
    let server = Server::start(&db, &[("SPIELSTAND_CACHE_MB", "0".to_owned())]);
    let token = token(&db);
    let (first, rules) = seed(&server, &token, &NAMES, &["mensch-aergere-dich-nicht", "lauf-rauf"]);
    let agent = agent();
    let (status, body) = post(
        &agent,
        &format!("{}/leagues", server.api),
        &token,
        &json!({"name": "Second", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"]}}),
    );
    assert_eq!(status, 201, "{body}");
    let second = typed::<League>(&body).id;
    for n in 0..6 {
        for league in [first, second] {
            let (status, body) =
                post(&agent, &format!("{}/leagues/{league}/results", server.api), &token, &game(league as usize, n));
            assert_eq!(status, 201, "{body}");
            let served: Standings = get_as(&agent, &format!("{}/leagues/{league}/standings", server.api));
            let expected =
                spielstand_core::rated_standings(&rules, &stored(&server, league), StandingsQuery::default());
            assert_eq!(served.rows, expected, "league {league} after {n} results");
        }
    }
}

#[test]
fn a_bad_cache_size_is_refused_before_anything_starts() {
    let out = std::process::Command::new(common::process::BIN).args(["--cache-mb", "lots"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--cache-mb"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The peak resident memory of a process, in MiB, as the kernel counts it.
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

/// Anyone may ask for a league's export, sixteen at once: it is computed once per league
/// revision and shared, so the server's memory stays bounded (it once grew by 700 MB),
/// and every asker gets the same document.
#[test]
fn sixteen_parallel_exports_of_twenty_thousand_results_share_one_document() {
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = seed(&server, &token, &NAMES, &["mensch-aergere-dich-nicht"]);
    let agent = agent();
    let start = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    for batch in 0..20 {
        let items: Vec<Value> = (0..1000)
            .map(|i| {
                let n = batch * 1000 + i;
                let four: Vec<&str> = (0..4).map(|k| NAMES[(n + k * 5) % NAMES.len()]).collect();
                let day = start + Days::new((n % 9000) as u64);
                json!({"idempotency_key": format!("k{n}"), "record": common::mensch(&day.to_string(), &four.join(","))})
            })
            .collect();
        let (status, body) =
            post(&agent, &format!("{}/leagues/{league}/results/batch", server.api), &token, &json!({ "items": items }));
        let created = (status == 200).then(|| typed::<BatchOutcome>(&body).created);
        assert_eq!((status, created), (200, Some(1000)), "batch {batch}");
    }
    let before = peak_mib(server.child.id());
    let url = format!("{}/leagues/{league}/export", server.api);
    let answers: Vec<_> = (0..16)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut res = crate::common::process::agent().get(&url).call().unwrap();
                assert_eq!(res.status(), 200);
                let etag = res.headers().get("etag").unwrap().to_str().unwrap().to_owned();
                let body = res.body_mut().with_config().limit(256 << 20).read_to_vec().unwrap();
                (etag, body.len(), body.iter().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(*b))))
            })
        })
        .collect();
    let answers: Vec<_> = answers.into_iter().map(|a| a.join().unwrap()).collect();
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "one document for all: {answers:?}");
    let (_, bytes, _) = answers[0];
    assert!(bytes > 5 << 20, "a large document: {bytes} bytes");
    let document: LeagueExport =
        agent.get(&url).call().unwrap().body_mut().with_config().limit(256 << 20).read_json().unwrap();
    assert_eq!(document.results.len(), 20_000);
    let peak = peak_mib(server.child.id());
    eprintln!("export: {bytes} bytes; server peak {before} MiB before the exports, {peak} MiB after");
    assert!(peak < 150, "the server peaked at {peak} MiB (before the exports: {before} MiB)");
}

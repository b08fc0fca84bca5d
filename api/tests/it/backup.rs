//! Backup and restore with the real binary: a backup taken while twenty writers post
//! results holds every result acknowledged before it began, exactly once, and passes
//! SQLite's integrity check; restore refuses a running server and a damaged file, and
//! puts a good backup back.

use crate::common::TestDb;
use crate::common::mensch;
use crate::common::process::{self, BIN, Server, agent, post_with};
use chrono::NaiveDate;
use diesel::prelude::*;
use std::collections::HashMap;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn run(db: &TestDb, args: &[&str]) -> std::process::Output {
    Command::new(BIN).args(["--database-url", &db.url.expose()]).args(args).output().unwrap()
}

/// Every result's date in the database at `path`, with how often it is there.
fn dates(path: &std::path::Path) -> HashMap<NaiveDate, i64> {
    let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Date)]
        played_on: NaiveDate,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let rows: Vec<Row> =
        diesel::sql_query("SELECT played_on, count(*) AS n FROM results GROUP BY played_on").load(&mut conn).unwrap();
    rows.into_iter().map(|r| (r.played_on, r.n)).collect()
}

#[test]
fn a_backup_under_twenty_writers_holds_every_acknowledged_result_once_and_restores() {
    let db = TestDb::sqlite();
    let token = process::token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = process::seed(&server, &token, &["Anna", "Ben", "Cleo"], &["mensch-aergere-dich-nicht"]);
    let url = format!("{}/leagues/{league}/results", server.api);
    // Each result has a day of its own: a result present twice would show.
    let next = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged: Arc<Mutex<Vec<(Instant, NaiveDate)>>> = Arc::default();
    let writers: Vec<_> = (0..20)
        .map(|_| {
            let (next, stop, acknowledged, url, token) =
                (next.clone(), stop.clone(), acknowledged.clone(), url.clone(), token.clone());
            std::thread::spawn(move || {
                let agent = agent();
                while !stop.load(Ordering::Relaxed) {
                    let day = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap()
                        + chrono::Days::new(next.fetch_add(1, Ordering::Relaxed).into());
                    let (status, _) = post_with(&agent, &url, &token, &mensch(&day.to_string(), "Anna,Ben,Cleo"));
                    assert_eq!(status, 201);
                    acknowledged.lock().unwrap().push((Instant::now(), day));
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("spielstand-backup.db");
    let began = Instant::now();
    let out = run(&db, &["backup", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::thread::sleep(Duration::from_millis(300));
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.join().unwrap();
    }
    let before: Vec<NaiveDate> =
        acknowledged.lock().unwrap().iter().filter(|(at, _)| *at < began).map(|(_, day)| *day).collect();
    let after = acknowledged.lock().unwrap().len() - before.len();
    assert!(
        before.len() >= 20 && after > 0,
        "writes before ({}) and during or after ({after}) the backup",
        before.len()
    );
    let saved = dates(&copy);
    for day in &before {
        assert_eq!(saved.get(day), Some(&1), "result of {day}, acknowledged before the backup began");
    }
    assert!(saved.values().all(|&n| n == 1), "no result twice");
    spielstand_api::db::backup::check(&copy).expect("integrity check");
    // A backup never overwrites.
    let out = run(&db, &["backup", copy.to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("exists already"));

    // Restore: not under a running server, not a damaged file.
    let port = server.base.rsplit(':').next().unwrap().to_owned();
    let bind = format!("127.0.0.1:{port}");
    let out = run(&db, &["--bind", &bind, "restore", copy.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("stop it before restoring"), "{err}");
    server.kill();
    let live = db.url.sqlite_path().unwrap().to_owned();
    let total_live: i64 = dates(&live).values().sum();
    let damaged = dir.path().join("damaged.db");
    let mut bytes = std::fs::read(&copy).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0xA5);
    std::fs::write(&damaged, bytes).unwrap();
    let out = run(&db, &["--bind", &bind, "restore", damaged.to_str().unwrap()]);
    assert!(!out.status.success(), "a damaged file is refused");
    assert_eq!(dates(&live).values().sum::<i64>(), total_live, "and the database is untouched");

    let out = run(&db, &["--bind", &bind, "restore", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("kept as"));
    let server = Server::start(&db, &[]);
    let page = process::get(&agent(), &format!("{}/leagues/{league}/results?per_page=1", server.api));
    assert_eq!(page["total"].as_i64(), Some(saved.len() as i64), "the server serves the restored database");
    server.kill();
}

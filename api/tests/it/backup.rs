//! Backup and restore with the real binary: a backup taken while twenty writers post
//! results holds every result acknowledged before it began, exactly once, and passes
//! SQLite's integrity check; restore refuses while any process has the database
//! open, refuses a damaged file and a newer schema, and puts a good backup back.

use crate::common::TestDb;
use crate::common::mensch;
use crate::common::process::{self, BIN, Server, agent, post_with};
use chrono::NaiveDate;
use diesel::prelude::*;
use spielstand_wire::ResultPage;
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
    // Wait on the writers themselves, not on the clock: twenty writes acknowledged first.
    let acknowledged_count = || acknowledged.lock().unwrap().len();
    wait_until(|| acknowledged_count() >= 20, "twenty writes before the backup");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("spielstand-backup.db");
    let began = Instant::now();
    let out = run(&db, &["backup", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // And writes go on after it: one acknowledged after the backup returned.
    let finished = Instant::now();
    wait_until(|| acknowledged.lock().unwrap().iter().any(|(at, _)| *at > finished), "a write after the backup");
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

    // Restore: not while any process has the database open, whatever port it listens on
    // (SQLite's own locks say so), not a damaged file, not a newer schema.
    let live = db.url.sqlite_path().unwrap().to_owned();
    let out = run(&db, &["--bind", "127.0.0.1:1", "restore", copy.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("is in use by another process"), "{err}");
    let (status, _) =
        server.post(&format!("/leagues/{league}/results"), &token, &mensch("2026-01-02", "Anna,Ben,Cleo"));
    assert_eq!(status, 201, "the running server goes on writing to its database");
    server.kill();
    let total_live: i64 = dates(&live).values().sum();
    let damaged = dir.path().join("damaged.db");
    let mut bytes = std::fs::read(&copy).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0xA5);
    std::fs::write(&damaged, bytes).unwrap();
    let out = run(&db, &["restore", damaged.to_str().unwrap()]);
    assert!(!out.status.success(), "a damaged file is refused");
    assert_eq!(dates(&live).values().sum::<i64>(), total_live, "and the database is untouched");

    let newer = dir.path().join("newer.db");
    std::fs::copy(&copy, &newer).unwrap();
    let mut conn = SqliteConnection::establish(newer.to_str().unwrap()).unwrap();
    diesel::sql_query("INSERT INTO __diesel_schema_migrations (version) VALUES ('99991231000001')")
        .execute(&mut conn)
        .unwrap();
    drop(conn);
    let out = run(&db, &["restore", newer.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("99991231000001") && err.contains("newer spielstand"), "{err}");
    assert_eq!(dates(&live).values().sum::<i64>(), total_live, "and the database is untouched");

    let out = run(&db, &["restore", copy.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let shown = std::path::absolute(&live).unwrap().display().to_string();
    assert!(err.contains(&format!("Database: {shown}")), "names the database: {err}");
    let kept = err.split("kept as ").nth(1).map(|k| k.trim().trim_end_matches('.')).expect("names the file kept");
    assert_eq!(dates(std::path::Path::new(kept)).values().sum::<i64>(), total_live, "the replaced database is kept");
    let server = Server::start(&db, &[]);
    let page: ResultPage = process::get_as(&agent(), &format!("{}/leagues/{league}/results?per_page=1", server.api));
    assert_eq!(page.total, saved.len() as i64, "the server serves the restored database");
    server.kill();
}

/// The path a backup names is resolved once: it writes and checks exactly that file, or
/// refuses before writing anything.
#[test]
fn a_backup_writes_and_checks_the_file_it_names() {
    let db = TestDb::sqlite();
    process::token(&db);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("bk")).unwrap();
    let backup = |path: &str| {
        Command::new(BIN)
            .current_dir(dir.path())
            .args(["--database-url", &db.url.expose(), "backup", path])
            .output()
            .unwrap()
    };

    // `sub` does not exist, so `bk/sub/..` is no folder: nothing is written anywhere.
    let out = backup("bk/../bk/sub/../ok3.db");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("cannot be used"), "{err}");
    assert!(!dir.path().join("bk/ok3.db").exists(), "no file written beside the refusal");

    std::fs::create_dir(dir.path().join("bk/sub")).unwrap();
    let out = backup("bk/../bk/sub/../ok3.db");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let written = dir.path().canonicalize().unwrap().join("bk/ok3.db");
    assert!(err.contains(&format!("Backed up the database to {}", written.display())), "{err}");
    spielstand_api::db::backup::check(&written).expect("the file named is the file checked");
}

/// Commands that manage a database say which one they used, and never create one by
/// accident: a token made in the wrong folder would be a token no server knows.
#[test]
fn token_commands_name_their_database_and_create_none_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("elsewhere.db");
    let db = TestDb::at(path.clone());
    let out = run(&db, &["token", "create", "--name", "adm1", "--scope", "admin"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("there is no database at") && err.contains("--create"), "{err}");
    assert!(!path.exists(), "no database was created");
    for command in [&["token", "list"][..], &["backup", "x.db"]] {
        let out = run(&db, command);
        assert!(!out.status.success(), "{command:?} without a database");
        assert!(!path.exists(), "{command:?} created no database");
    }

    let out = run(&db, &["token", "create", "--create", "--name", "adm1", "--scope", "admin"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown = format!("Database: {}", path.display());
    for command in [&["token", "list"][..], &["token", "create", "--name", "rec", "--scope", "record"]] {
        let out = run(&db, command);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.contains(&shown), "{command:?}: {err}");
    }
    // Token names compare as player names do: `TABLE` is `table`.
    let out = run(&db, &["token", "create", "--name", "table"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run(&db, &["token", "create", "--name", "TABLE"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("table"), "{err}");
}

/// Waits until `done` holds; the generous deadline only bounds a failure.
fn wait_until(done: impl Fn() -> bool, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "waited 60 s for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A backup that passes SQLite's integrity check but lacks part of the schema its
/// migrations make (a table, an index, a column, a unique key) or has something else (a
/// trigger) is refused, naming it, and the database stays as it was; so is a path that is
/// a symbolic link, for restore and for backup alike.
#[test]
fn restore_checks_the_schema_and_refuses_links() {
    let db = TestDb::sqlite();
    let token = process::token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = process::seed(&server, &token, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    let (status, _) = post_with(
        &agent(),
        &format!("{}/leagues/{league}/results", server.api),
        &token,
        &mensch("2026-01-02", "Anna,Ben"),
    );
    assert_eq!(status, 201);
    server.kill();
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.db");
    let out = run(&db, &["backup", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let live = db.url.sqlite_path().unwrap().to_owned();
    let before = dates(&live);

    let damages = [
        ("DROP TABLE result_players", "table result_players is missing"),
        ("DROP INDEX result_players_cover", "index result_players_cover is missing"),
        ("DROP INDEX webhooks_league", "index webhooks_league is missing"),
        ("ALTER TABLE events DROP COLUMN closed_at", "table events differs"),
        (
            "CREATE TRIGGER wipe AFTER INSERT ON results BEGIN DELETE FROM results; END",
            "trigger wipe is not spielstand's",
        ),
    ];
    for (i, (damage, named)) in damages.iter().enumerate() {
        let copy = dir.path().join(format!("damaged-{i}.db"));
        std::fs::copy(&good, &copy).unwrap();
        let mut conn = SqliteConnection::establish(copy.to_str().unwrap()).unwrap();
        diesel::sql_query(*damage).execute(&mut conn).unwrap_or_else(|e| panic!("{damage}: {e}"));
        drop(conn);
        assert!(spielstand_api::db::backup::check(&copy).is_err(), "{damage}");
        let out = run(&db, &["restore", copy.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(named), "{damage}: {err}");
        assert_eq!(dates(&live), before, "{damage}: the database is untouched");
    }

    // A link to a good backup is still a link.
    let link = dir.path().join("link.db");
    std::os::unix::fs::symlink(&good, &link).unwrap();
    let out = run(&db, &["restore", link.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("symbolic link"), "{err}");
    // A backup never writes through a link, dangling or not.
    let elsewhere = dir.path().join("elsewhere.db");
    let dangling = dir.path().join("dangling.db");
    std::os::unix::fs::symlink(&elsewhere, &dangling).unwrap();
    let out = run(&db, &["backup", dangling.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("symbolic link"), "{err}");
    assert!(!elsewhere.exists(), "nothing written where the link points");
    // The good backup itself restores.
    let out = run(&db, &["restore", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The package's timer, as it runs every night (`backup --into`): forty nights of backups
/// leave the last seven days and four weeks before them, each one checked; a file of
/// another name is never touched; and a rotated backup restores with the results it held.
#[test]
fn backups_into_a_folder_rotate_and_a_rotated_one_restores() {
    let db = TestDb::sqlite();
    let token = process::token(&db);
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("notes.txt"), "mine").unwrap();
    let server = Server::start(&db, &[]);
    let (league, _) = process::seed(&server, &token, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    let url = format!("{}/leagues/{league}/results", server.api);
    let first = NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
    let mut held = HashMap::new();
    for night in 0..40u64 {
        let day = first + chrono::Days::new(night);
        let (status, body) = post_with(&agent(), &url, &token, &mensch(&day.to_string(), "Anna,Ben"));
        assert_eq!(status, 201, "{body}");
        let at = day.and_hms_opt(3, 15, 0).unwrap();
        let rotated = spielstand_api::db::backup::backup_into(&db.url, folder.path(), at, Default::default()).unwrap();
        spielstand_api::db::backup::check(&rotated.written.path).unwrap();
        held.insert(rotated.written.path.clone(), night + 1);
    }
    let mut names: Vec<String> =
        std::fs::read_dir(folder.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), 12, "7 days, 4 weeks and the file that is no backup: {names:?}");
    assert_eq!(names[0], "notes.txt");
    assert_eq!(names[11], "spielstand-2026-10-10-031500.db", "{names:?}");
    // The binary's own --into writes today's and keeps the rest by the same rule.
    drop(server);
    let out = run(&db, &["backup", "--into", folder.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The oldest backup the rotation keeps restores with the results it held then.
    let old = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| held.contains_key(p))
        .min()
        .expect("a rotated backup");
    let count = held[&old];
    let out = run(&db, &["restore", old.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let restored: i64 = dates(db.url.sqlite_path().unwrap()).values().sum();
    assert_eq!(restored as u64, count, "the results the rotated backup held");
}

//! Upgrades keep every result: databases made by earlier versions of the server
//! (`tests/fixtures/upgrade/`, each made by `make.sh` with the version before a migration
//! that changes stored data, filled by `fill.sh`) are migrated by today's server and answer
//! the standings, head-to-head, ratings, results and export that version answered, on both
//! backends; their tokens keep what they could do, their passes how they ended. A migration
//! that fails leaves the database as it was and says why.

use crate::common::process::{BIN, Server, agent};
use crate::common::{TestDb, sql};
use diesel::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One fixture per migration that changes stored data, named by the schema it was made
/// with: `schema-04` before token scopes (000005: old tokens become admin), `schema-12`
/// before phones (000013: every result confirmed), `schema-15` before passes were
/// recoverable (000016 and 000017: confirmations by pass, revoked passes say how).
const FIXTURES: [&str; 3] = ["schema-04", "schema-12", "schema-15"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upgrade").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Fields that say when an answer was made, not what it holds.
const MOMENTS: [&str; 1] = ["exported_at"];

/// Fields renamed on purpose since a fixture was made: (old name, new name, why). Every
/// other field an earlier version answered is answered under its name still.
const RENAMED: [(&str, &str, &str); 1] =
    [("on", "date", "a chart point's day (acc28c6): YAML 1.1 reads a bare `on` as true")];

/// `old` as the earlier version answered it is within `new`: every field it had has the same
/// value (today's answers add fields, never change or drop one but for [`RENAMED`]). Lists
/// keep their length and order.
fn assert_within(old: &Value, new: &Value, at: &str) {
    match (old, new) {
        (Value::Object(old), Value::Object(new)) => {
            for (key, value) in old.iter().filter(|(key, _)| !MOMENTS.contains(&key.as_str())) {
                let renamed = RENAMED.iter().find(|(old, _, _)| old == key).map(|(_, new, _)| *new);
                let Some(now) = new.get(key).or_else(|| renamed.and_then(|k| new.get(k))) else {
                    panic!("{at}.{key}: gone after the upgrade")
                };
                assert_within(value, now, &format!("{at}.{key}"));
            }
        }
        (Value::Array(old), Value::Array(new)) => {
            assert_eq!(old.len(), new.len(), "{at}: {} items before the upgrade, {} after", old.len(), new.len());
            for (i, (old, new)) in old.iter().zip(new).enumerate() {
                assert_within(old, new, &format!("{at}[{i}]"));
            }
        }
        (Value::Number(old), Value::Number(new)) if old.as_f64().is_some() && !old.is_i64() => {
            let (old, new) = (old.as_f64().unwrap(), new.as_f64().unwrap());
            assert!((old - new).abs() <= 1e-12 * old.abs().max(1.0), "{at}: {old} before the upgrade, {new} after");
        }
        _ => assert_eq!(old, new, "{at}: changed by the upgrade"),
    }
}

fn get(url: &str) -> (u16, Value) {
    match agent().get(url).call() {
        Ok(mut r) => (r.status().as_u16(), r.body_mut().read_json().unwrap()),
        Err(ureq::Error::StatusCode(code)) => (code, Value::Null),
        Err(e) => panic!("{url}: {e}"),
    }
}

/// Today's server on the migrated database answers what the earlier version answered.
fn answers_as_before(server: &Server, answers: &Path) {
    let league = format!("{}/leagues/1", server.api);
    for (file, url) in [
        ("standings.json", format!("{league}/standings")),
        ("head-to-head.json", format!("{league}/head-to-head")),
        ("results.json", format!("{league}/results?per_page=100")),
        ("export.json", format!("{league}/export")),
    ] {
        let path = answers.join(file);
        if !path.exists() {
            continue; // That version had no such answer (the export came later).
        }
        let old: Value = serde_json::from_str(&read(&path)).unwrap();
        let (status, new) = get(&url);
        assert_eq!(status, 200, "{url}");
        assert_within(&old, &new, file);
    }
    let ratings: serde_json::Map<String, Value> = serde_json::from_str(&read(&answers.join("ratings.json"))).unwrap();
    assert!(ratings.len() >= 6, "every player's ratings were kept");
    for (player, old) in ratings {
        let (status, new) = get(&format!("{league}/players/{player}/ratings"));
        match old.get("status") {
            Some(code) => assert_eq!(Some(status as u64), code.as_u64(), "player {player}'s ratings"),
            None => {
                assert_eq!(status, 200, "player {player}'s ratings");
                assert_within(&old, &new, &format!("ratings of {player}"));
            }
        }
    }
}

fn send(method: &str, url: &str, token: &str, body: &Value) -> u16 {
    let request = ureq::http::Request::builder()
        .method(method)
        .uri(url)
        .header("Authorization", format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .unwrap();
    match agent().run(request) {
        Ok(r) => r.status().as_u16(),
        Err(ureq::Error::StatusCode(code)) => code,
        Err(e) => panic!("{url}: {e}"),
    }
}

/// The earlier version's tokens do what they did: a token from before scopes could do
/// everything and still can; a record token still records and still may not administer.
fn tokens_as_before(server: &Server, answers: &Path) {
    let admin = read(&answers.join("token.txt")).trim().to_owned();
    let league = serde_json::json!({"name": "Nach dem Update", "rules": {"games": ["rangeln"]}});
    assert_eq!(send("POST", &format!("{}/leagues", server.api), &admin, &league), 201, "the admin token administers");
    let record = answers.join("record-token.txt");
    if record.exists() {
        let record = read(&record).trim().to_owned();
        assert_eq!(send("POST", &format!("{}/leagues", server.api), &record, &league), 403, "a record token does not");
        assert_eq!(send("POST", &format!("{}/players", server.api), &record, &serde_json::json!({"name": "Neu"})), 201);
    }
    let nobody = send("POST", &format!("{}/players", server.api), "sp_nobody", &serde_json::json!({"name": "Niemand"}));
    assert_eq!(nobody, 401, "a token nobody holds stays refused");
}

/// The night with phones, where the version had them: the revoked pass says it was revoked
/// (000017), every other pass lives on.
fn passes_as_before(server: &Server, answers: &Path) {
    let night = answers.join("tonight.txt");
    if !night.exists() {
        return;
    }
    let admin = read(&answers.join("token.txt")).trim().to_owned();
    let night = read(&night).trim().to_owned();
    let revoked_player = read(&answers.join("revoked.txt")).trim().to_owned();
    let mut passes = agent()
        .get(format!("{}/events/{night}/passes", server.api))
        .header("Authorization", format!("Bearer {admin}"))
        .call()
        .unwrap();
    let passes: Value = passes.body_mut().read_json().unwrap();
    let passes = passes.as_array().or_else(|| passes["items"].as_array()).cloned().unwrap();
    assert_eq!(passes.len(), 4, "{passes:?}");
    for pass in &passes {
        let revoked = pass["player"] == revoked_player.as_str();
        assert_eq!(pass["revoked_at"].is_null(), !revoked, "{pass}");
        assert_eq!(pass["ended_how"], if revoked { Value::from("revoked") } else { Value::Null }, "{pass}");
        assert_eq!(pass["waiting"], false);
    }
}

/// The postal game, where the version had them, reads with its hares.
fn postal_as_before(server: &Server, answers: &Path) {
    let title = answers.join("postal.txt");
    if !title.exists() {
        return;
    }
    let (status, game) = get(&format!("{}/postal-games/1", server.api));
    assert_eq!(status, 200);
    assert_eq!(game["title"], read(&title).trim(), "{game}");
}

fn upgraded(db: &TestDb, answers: &Path) {
    let server = Server::start(db, &[]);
    answers_as_before(&server, answers);
    passes_as_before(&server, answers);
    postal_as_before(&server, answers);
    tokens_as_before(&server, answers);
}

#[test]
fn sqlite_databases_of_every_earlier_schema_migrate_and_answer_as_before() {
    for name in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("spielstand.db");
        std::fs::copy(fixture(name).join("club.db"), &file).unwrap();
        upgraded(&TestDb::at(file), &fixture(name).join("sqlite"));
    }
}

/// Loads a dump made by `pg_dump --inserts` into `db` (statements only: no client needed).
fn load_dump(db: &TestDb, dump: &Path) {
    sql(&db.url, &read(dump));
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn postgres_databases_of_every_earlier_schema_migrate_and_answer_as_before() {
    for name in FIXTURES {
        let db = TestDb::postgres();
        load_dump(&db, &fixture(name).join("club.sql"));
        upgraded(&db, &fixture(name).join("postgres"));
    }
}

/// What a migration that fails could have changed: the schema and which migrations ran.
fn schema_of(db: &TestDb) -> String {
    #[derive(QueryableByName, Debug)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        line: String,
    }
    let url = db.url.expose();
    let rows: Vec<Row> = if url.starts_with("postgres") {
        let mut conn = diesel::PgConnection::establish(&url).unwrap();
        diesel::sql_query(
            "SELECT table_name || '.' || column_name AS line FROM information_schema.columns \
             WHERE table_schema = 'public' UNION ALL SELECT 'ran ' || version FROM __diesel_schema_migrations \
             UNION ALL SELECT 'passes ' || count(*) FROM night_passes ORDER BY 1",
        )
        .load(&mut conn)
        .unwrap()
    } else {
        let mut conn = SqliteConnection::establish(&url).unwrap();
        diesel::sql_query(
            "SELECT coalesce(sql, name) AS line FROM sqlite_master UNION ALL \
             SELECT 'ran ' || version FROM __diesel_schema_migrations \
             UNION ALL SELECT 'passes ' || count(*) FROM night_passes ORDER BY 1",
        )
        .load(&mut conn)
        .unwrap()
    };
    rows.into_iter().map(|r| r.line).collect::<Vec<_>>().join("\n")
}

/// A schema-15 database where migration 000017 cannot run (a table of the name it creates
/// is already there, after its first statements succeeded): the server refuses to start,
/// names the migration and the cause, and the database is exactly as it was, 000016
/// included, which ran before it in the same transaction.
fn a_failed_migration_leaves_the_database_as_it_was(db: &TestDb) {
    sql(&db.url, "CREATE TABLE join_requests (id BIGINT PRIMARY KEY)");
    let before = schema_of(db);
    assert!(!before.contains("ran 20261128000016"), "the fixture is from before 000016");
    for args in [vec!["--bind", "127.0.0.1:0"], vec!["token", "list"]] {
        let out = Command::new(BIN)
            .args(["--database-url", &db.url.expose()])
            .args(&args)
            .env("LANG", "de_DE.UTF-8")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}: started on a database it could not migrate");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("sie ist unverändert"), "{args:?}: {said}");
        assert!(
            said.contains("2026-11-28-000017") && said.contains("join_requests"),
            "{args:?}: names the migration and why: {said}"
        );
        assert_eq!(schema_of(db), before, "{args:?}: the database changed");
    }
    // Once the obstacle is gone, the same database migrates and serves.
    sql(&db.url, "DROP TABLE join_requests");
    upgraded(
        db,
        &fixture("schema-15").join(if db.url.expose().starts_with("postgres") { "postgres" } else { "sqlite" }),
    );
}

#[test]
fn sqlite_a_failed_migration_leaves_the_database_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("spielstand.db");
    std::fs::copy(fixture("schema-15").join("club.db"), &file).unwrap();
    a_failed_migration_leaves_the_database_as_it_was(&TestDb::at(file));
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn postgres_a_failed_migration_leaves_the_database_as_it_was() {
    let db = TestDb::postgres();
    load_dump(&db, &fixture("schema-15").join("club.sql"));
    a_failed_migration_leaves_the_database_as_it_was(&db);
}

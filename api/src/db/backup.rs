//! Copies of the database. `backup` takes a consistent copy of a running server's
//! database without stopping its writes: SQLite's `VACUUM INTO` reads one snapshot (WAL
//! lets the writers go on meanwhile) and writes a compact file, which is then checked.
//! `restore` puts such a copy back while the server is stopped, after checking it, and
//! keeps the database it replaces.

use super::{Backend, DatabaseUrl};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Refused(String),
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
    #[error("{what}: {source}")]
    Database { what: String, source: diesel::result::Error },
    #[error("cannot open {path}: {source}")]
    Open { path: String, source: diesel::ConnectionError },
}

fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> BackupError {
    let what = what.into();
    move |source| BackupError::Io { what, source }
}

fn db(what: impl Into<String>) -> impl FnOnce(diesel::result::Error) -> BackupError {
    let what = what.into();
    move |source| BackupError::Database { what, source }
}

/// What a backup wrote.
#[derive(Debug)]
pub struct Written {
    pub path: PathBuf,
    pub bytes: u64,
}

/// Where `path` is, resolved once: its folder as it really is (`..` and links followed),
/// which must exist, and its file name. The backup is written to, and checked at, exactly
/// this path.
fn resolved(path: &Path) -> Result<PathBuf, BackupError> {
    let name = path
        .file_name()
        .filter(|n| *n != "." && *n != "..")
        .ok_or_else(|| BackupError::Refused(format!("{}: name a file", path.display())))?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = folder.canonicalize().map_err(|e| {
        BackupError::Refused(format!("{}: the folder {} cannot be used ({e})", path.display(), folder.display()))
    })?;
    Ok(folder.join(name))
}

/// Writes a consistent copy of the database `url` names to `dest`, which must not exist.
pub fn backup(url: &DatabaseUrl, dest: &Path) -> Result<Written, BackupError> {
    let dest = &resolved(dest)?;
    not_a_link(dest)?;
    if dest.exists() {
        return Err(BackupError::Refused(format!(
            "{} exists already: a backup never overwrites a file; name a new one",
            dest.display()
        )));
    }
    match url.backend() {
        Backend::Sqlite => {
            let mut conn = url.connect().map_err(|e| BackupError::Refused(format!("cannot open the database: {e}")))?;
            let super::DbConn::Sqlite(conn) = &mut conn else { unreachable!("a SQLite URL opens SQLite") };
            let target =
                dest.to_str().ok_or_else(|| BackupError::Refused(format!("{}: not a UTF-8 path", dest.display())))?;
            conn.batch_execute(&format!("VACUUM INTO '{}'", target.replace('\'', "''")))
                .map_err(db(format!("writing the backup {}", dest.display())))?;
            if let Err(e) = check(dest) {
                // A copy that fails its check is no backup: it must not be mistaken for one.
                let _ = std::fs::remove_file(dest);
                return Err(e);
            }
        }
        Backend::Postgres => {
            let status = Command::new("pg_dump")
                .args(["--format=custom", "--no-owner", "--file"])
                .arg(dest)
                .arg(url.expose())
                .status();
            match status {
                Ok(s) if s.success() => {}
                Ok(s) => return Err(BackupError::Refused(format!("pg_dump failed ({s}); its message is above"))),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(BackupError::Refused(
                        "pg_dump is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), \
                         then run this again, or run pg_dump --format=custom --file PATH DATABASE_URL yourself; \
                         pg_restore --clean --dbname DATABASE_URL PATH puts it back"
                            .into(),
                    ));
                }
                Err(e) => return Err(io("running pg_dump")(e)),
            }
        }
    }
    let bytes = std::fs::metadata(dest).map_err(io(format!("reading {}", dest.display())))?.len();
    Ok(Written { path: dest.to_owned(), bytes })
}

/// Checks that `path` is a sound spielstand database: SQLite's integrity check passes and
/// it has spielstand's tables.
pub fn check(path: &Path) -> Result<(), BackupError> {
    let name = path.to_str().ok_or_else(|| BackupError::Refused(format!("{}: not a UTF-8 path", path.display())))?;
    if !path.is_file() {
        return Err(BackupError::Refused(format!("{}: no such file", path.display())));
    }
    let mut conn = SqliteConnection::establish(&format!("file:{name}?mode=ro"))
        .map_err(|source| BackupError::Open { path: path.display().to_string(), source })?;
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let lines: Vec<Line> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut conn)
        .map_err(|e| BackupError::Refused(format!("{} is not a sound SQLite database: {e}", path.display())))?;
    let report: Vec<&str> = lines.iter().map(|l| l.integrity_check.as_str()).collect();
    if report != ["ok"] {
        return Err(BackupError::Refused(format!(
            "{} fails SQLite's integrity check: {}",
            path.display(),
            report.join("; ")
        )));
    }
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let tables: Count = diesel::sql_query(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('leagues', 'results', 'players')",
    )
    .get_result(&mut conn)
    .map_err(db(format!("reading {}", path.display())))?;
    if tables.n != 3 {
        return Err(BackupError::Refused(format!("{} is not a spielstand database", path.display())));
    }
    // A database a newer spielstand wrote has tables this one would misread.
    #[derive(QueryableByName)]
    struct Version {
        #[diesel(sql_type = diesel::sql_types::Text)]
        version: String,
    }
    let applied: Vec<Version> = diesel::sql_query("SELECT version FROM __diesel_schema_migrations ORDER BY version")
        .load(&mut conn)
        .map_err(db(format!("reading the migrations of {}", path.display())))?;
    let known = super::known_migrations(Backend::Sqlite);
    let unknown: Vec<&str> =
        applied.iter().map(|v| v.version.as_str()).filter(|v| !known.iter().any(|k| k == v)).collect();
    if !unknown.is_empty() {
        return Err(BackupError::Refused(format!(
            "{} was written by a newer spielstand (migrations {} are unknown to this one): use that version to restore it",
            path.display(),
            unknown.join(", ")
        )));
    }
    let applied: Vec<String> = applied.into_iter().map(|v| v.version).collect();
    let differences = schema_differences(&mut conn, &applied)?;
    if !differences.is_empty() {
        return Err(BackupError::Refused(format!(
            "{} does not hold the schema its migrations make: {}",
            path.display(),
            differences.join("; ")
        )));
    }
    Ok(())
}

/// One object of a SQLite schema: a table, index, view or trigger and the SQL it was
/// made with (which names every column and constraint).
#[derive(QueryableByName, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct SchemaObject {
    #[diesel(sql_type = diesel::sql_types::Text, column_name = "type")]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    sql: Option<String>,
}

fn schema(conn: &mut SqliteConnection) -> Result<Vec<SchemaObject>, diesel::result::Error> {
    // SQLite's own objects (`sqlite_sequence`, statistics) and the migrations' bookkeeping
    // table are not the application's schema.
    diesel::sql_query(
        "SELECT type, name, sql FROM sqlite_master \
         WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '__diesel_schema_migrations' ORDER BY type, name",
    )
    .load(conn)
}

/// How the schema of `conn` differs from the one the migrations `applied` make, table by
/// table, column by column, index by index: `integrity_check` passes a file whose table
/// or index was dropped, which every read of it would then fail on.
fn schema_differences(conn: &mut SqliteConnection, applied: &[String]) -> Result<Vec<String>, BackupError> {
    use diesel::migration::MigrationSource;
    use diesel_migrations::MigrationHarness;
    let mut reference = SqliteConnection::establish(":memory:")
        .map_err(|source| BackupError::Open { path: ":memory:".into(), source })?;
    let migrations = MigrationSource::<diesel::sqlite::Sqlite>::migrations(&super::SQLITE_MIGRATIONS)
        .map_err(|e| BackupError::Refused(format!("reading this binary's migrations: {e}")))?;
    // Makes the migrations' bookkeeping table, which running one by one needs.
    reference.applied_migrations().map_err(|e| BackupError::Refused(format!("making the reference schema: {e}")))?;
    for migration in migrations.iter().filter(|m| applied.contains(&m.name().version().to_string())) {
        reference
            .run_migration(migration)
            .map_err(|e| BackupError::Refused(format!("making the reference schema: {e}")))?;
    }
    let want = schema(&mut reference).map_err(db("reading the reference schema"))?;
    let have = schema(conn).map_err(db("reading the backup's schema"))?;
    let mut differences = Vec::new();
    for object in &want {
        match have.iter().find(|o| o.kind == object.kind && o.name == object.name) {
            None => differences.push(format!("{} {} is missing", object.kind, object.name)),
            Some(found) if found.sql != object.sql => differences.push(format!(
                "{} {} differs ({})",
                object.kind,
                object.name,
                found.sql.as_deref().unwrap_or("")
            )),
            Some(_) => {}
        }
    }
    for object in &have {
        if !want.iter().any(|o| o.kind == object.kind && o.name == object.name) {
            differences.push(format!("{} {} is not spielstand's", object.kind, object.name));
        }
    }
    Ok(differences)
}

/// Refuses `path` if it is a symbolic link: a backup is written to, and restored from,
/// the file named, never wherever a link points (someone else's file, another folder).
fn not_a_link(path: &Path) -> Result<(), BackupError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            Err(BackupError::Refused(format!("{} is a symbolic link: name the file itself", path.display())))
        }
        _ => Ok(()),
    }
}

/// Refuses while any process has the database at `target` open, as SQLite itself knows
/// (whatever port a server listens on): leaving write-ahead logging needs every other
/// connection gone. On success the returned connection holds the database exclusively
/// until it is dropped, so nobody opens it while it is replaced.
fn exclusively(target: &Path) -> Result<Option<SqliteConnection>, BackupError> {
    if !target.exists() {
        return Ok(None);
    }
    let name = target.to_str().unwrap_or_default();
    let mut conn = SqliteConnection::establish(name)
        .map_err(|source| BackupError::Open { path: target.display().to_string(), source })?;
    let in_use = |e: diesel::result::Error| {
        BackupError::Refused(format!(
            "{} is in use by another process (a running server?): stop it before restoring, or its writes would go to the replaced database ({e})",
            target.display()
        ))
    };
    // No waiting: a lock held now means a connection is open.
    conn.batch_execute("PRAGMA busy_timeout = 0").map_err(db("setting up the check"))?;
    // Checkpoints the log into the file and leaves WAL mode: only the last connection may.
    conn.batch_execute("PRAGMA journal_mode = DELETE").map_err(in_use)?;
    #[derive(QueryableByName)]
    struct Mode {
        #[diesel(sql_type = diesel::sql_types::Text)]
        journal_mode: String,
    }
    let mode: Mode = diesel::sql_query("PRAGMA journal_mode").get_result(&mut conn).map_err(in_use)?;
    if !mode.journal_mode.eq_ignore_ascii_case("delete") {
        return Err(in_use(diesel::result::Error::NotFound));
    }
    conn.batch_execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE").map_err(in_use)?;
    Ok(Some(conn))
}

/// Puts the backup `src` in place of the database `url` names, after checking it. The
/// server must be stopped. The replaced database is kept beside it; its path is returned.
pub fn restore(url: &DatabaseUrl, src: &Path) -> Result<Option<PathBuf>, BackupError> {
    let Some(target) = url.sqlite_path() else {
        return Err(BackupError::Refused(
            "restore puts back SQLite backups; on PostgreSQL run pg_restore --clean --dbname DATABASE_URL PATH".into(),
        ));
    };
    not_a_link(src)?;
    check(src)?;
    let held = exclusively(target)?;
    let staged = with_suffix(target, ".restoring");
    std::fs::copy(src, &staged).map_err(io(format!("copying {} to {}", src.display(), staged.display())))?;
    std::fs::File::open(&staged).and_then(|f| f.sync_all()).map_err(io(format!("syncing {}", staged.display())))?;
    let kept = if target.exists() {
        // The old database's log was checkpointed into it when it left WAL mode above:
        // neither it nor a stale log meets the restored file.
        let kept = with_suffix(target, &format!(".before-restore-{}", chrono::Utc::now().format("%Y%m%dT%H%M%SZ")));
        std::fs::rename(target, &kept).map_err(io(format!("keeping {} as {}", target.display(), kept.display())))?;
        for extra in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(with_suffix(target, extra));
        }
        Some(kept)
    } else {
        None
    };
    std::fs::rename(&staged, target).map_err(io(format!("moving {} to {}", staged.display(), target.display())))?;
    drop(held);
    Ok(kept)
}

/// How many backups a folder keeps (`backup --into`): the newest of each of the last
/// `daily` days that have one, and the newest of each of the `weekly` weeks before them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    pub daily: usize,
    pub weekly: usize,
}

impl Default for Keep {
    fn default() -> Keep {
        Keep { daily: 7, weekly: 4 }
    }
}

/// What `backup --into` did: the backup it wrote (and checked), the old ones it removed.
#[derive(Debug)]
pub struct Rotated {
    pub written: Written,
    pub removed: Vec<PathBuf>,
}

/// The name of a backup taken at `at`: `spielstand-2026-11-27-031500.db` (a PostgreSQL
/// dump ends in `.dump`). The time in the name is what the rotation reads.
fn rotated_name(at: chrono::NaiveDateTime, backend: Backend) -> String {
    let ending = match backend {
        Backend::Sqlite => "db",
        Backend::Postgres => "dump",
    };
    format!("spielstand-{}.{ending}", at.format("%Y-%m-%d-%H%M%S"))
}

/// When a file of `folder` was taken, if it is a rotated backup (a name `rotated_name`
/// writes); every other file is left alone.
fn taken_at(name: &str) -> Option<chrono::NaiveDateTime> {
    let stem = name.strip_prefix("spielstand-")?;
    let stem = stem.strip_suffix(".db").or_else(|| stem.strip_suffix(".dump"))?;
    chrono::NaiveDateTime::parse_from_str(stem, "%Y-%m-%d-%H%M%S").ok()
}

/// Of the backups taken at `times`, the ones `keep` does not keep.
fn to_remove(times: &[chrono::NaiveDateTime], keep: Keep) -> Vec<chrono::NaiveDateTime> {
    use chrono::Datelike;
    let mut newest_first = times.to_vec();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    let (mut days, mut weeks) = (Vec::new(), Vec::new());
    let mut removed = Vec::new();
    for at in newest_first {
        let (day, week) = (at.date(), at.date().iso_week());
        let kept = if days.len() < keep.daily || days.contains(&day) {
            // The newest of a day stands for it; an older one of the same day goes.
            let first = !days.contains(&day);
            if first {
                days.push(day);
            }
            first
        } else if weeks.len() < keep.weekly && !weeks.contains(&week) && !days.iter().any(|d| d.iso_week() == week) {
            weeks.push(week);
            true
        } else {
            false
        };
        if !kept {
            removed.push(at);
        }
    }
    removed
}

/// Writes a backup taken `now` into `folder` (made if missing) under a dated name, checks
/// it, then removes the older backups of the folder that `keep` does not keep (never a
/// file of another name). The backup is written first: a failed one removes nothing.
pub fn backup_into(
    url: &DatabaseUrl,
    folder: &Path,
    now: chrono::NaiveDateTime,
    keep: Keep,
) -> Result<Rotated, BackupError> {
    std::fs::create_dir_all(folder).map_err(io(format!("making the folder {}", folder.display())))?;
    let written = backup(url, &folder.join(rotated_name(now, url.backend())))?;
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(io(format!("reading the folder {}", folder.display())))? {
        let entry = entry.map_err(io(format!("reading the folder {}", folder.display())))?;
        if let Some(at) = entry.file_name().to_str().and_then(taken_at) {
            found.push((at, entry.path()));
        }
    }
    let times: Vec<chrono::NaiveDateTime> = found.iter().map(|(at, _)| *at).collect();
    let gone = to_remove(&times, keep);
    let mut removed = Vec::new();
    for (at, path) in found {
        if gone.contains(&at) && path != written.path {
            std::fs::remove_file(&path).map_err(io(format!("removing the old backup {}", path.display())))?;
            removed.push(path);
        }
    }
    removed.sort();
    Ok(Rotated { written, removed })
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: &str) -> chrono::NaiveDateTime {
        format!("{day}T03:15:00").parse().unwrap()
    }

    /// Sixty days of daily backups keep the last seven days and four weeks before them.
    #[test]
    fn a_daily_backup_keeps_seven_days_and_four_weeks() {
        let first = chrono::NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
        let times: Vec<chrono::NaiveDateTime> =
            (0..60).map(|d| (first + chrono::Days::new(d)).and_hms_opt(3, 15, 0).unwrap()).collect();
        let removed = to_remove(&times, Keep::default());
        let kept: Vec<String> = times.iter().filter(|t| !removed.contains(t)).map(|t| t.date().to_string()).collect();
        assert_eq!(kept.len(), 11, "{kept:?}");
        // The last seven days (2026-10-24 to 2026-10-30), then the newest of each of the four
        // weeks before them (Sundays: the last day of an ISO week).
        assert_eq!(
            kept,
            [
                "2026-09-27",
                "2026-10-04",
                "2026-10-11",
                "2026-10-18",
                "2026-10-24",
                "2026-10-25",
                "2026-10-26",
                "2026-10-27",
                "2026-10-28",
                "2026-10-29",
                "2026-10-30"
            ]
        );
        // Two on one day: the newer stands for the day.
        let twice = [at("2026-10-30"), "2026-10-30T21:00:00".parse().unwrap()];
        assert_eq!(to_remove(&twice, Keep::default()), [at("2026-10-30")]);
        // Only names the rotation writes are read.
        assert_eq!(taken_at("spielstand-2026-10-30-031500.db"), Some(at("2026-10-30")));
        assert_eq!(taken_at(&rotated_name(at("2026-10-30"), Backend::Postgres)), Some(at("2026-10-30")));
        assert_eq!(taken_at("spielstand.db"), None);
        assert_eq!(taken_at("notes-2026-10-30-031500.db"), None);
    }
}

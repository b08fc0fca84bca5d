//! Both backends' migrations must build the same schema: tables, columns, types (after
//! normalising each backend's aliases), nullability, and indexes.

use crate::common::TestDb;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Integer, Text};
use spielstand_api::db::{self, DbConn};
use std::collections::BTreeSet;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Column {
    table: String,
    name: String,
    kind: String,
    nullable: bool,
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct SqliteColumn {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    #[diesel(column_name = type_)]
    kind: String,
    #[diesel(sql_type = Bool)]
    not_null: bool,
    #[diesel(sql_type = Integer)]
    pk: i32,
}

#[derive(QueryableByName)]
struct PgColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    data_type: String,
    #[diesel(sql_type = Text)]
    is_nullable: String,
}

#[derive(QueryableByName)]
struct IndexRow {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    columns: String,
    #[diesel(sql_type = Bool)]
    is_unique: bool,
}

/// One spelling per type: SQLite's `INTEGER PRIMARY KEY` is its 64-bit rowid.
fn normalise(kind: &str, primary_key_rowid: bool) -> String {
    let kind = kind.to_ascii_lowercase();
    match kind.as_str() {
        "integer" | "int4" if primary_key_rowid => "bigint".into(),
        "integer" | "int4" | "int" => "integer".into(),
        "bigint" | "int8" => "bigint".into(),
        "text" | "character varying" => "text".into(),
        "timestamp" | "timestamp without time zone" => "timestamp".into(),
        "blob" | "bytea" => "bytes".into(),
        other => other.into(),
    }
}

const INTERNAL: &[&str] = &["__diesel_schema_migrations", "sqlite_sequence"];

fn sqlite_schema(conn: &mut DbConn) -> (BTreeSet<Column>, BTreeSet<(String, String, bool)>) {
    let DbConn::Sqlite(c) = conn else { panic!("expected SQLite") };
    let tables: Vec<Name> =
        diesel::sql_query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").load(c).unwrap();
    let mut columns = BTreeSet::new();
    let mut indexes = BTreeSet::new();
    for table in tables.iter().map(|t| t.name.clone()).filter(|t| !INTERNAL.contains(&t.as_str())) {
        let cols: Vec<SqliteColumn> = diesel::sql_query(format!(
            "SELECT name, type AS type_, \"notnull\" AS not_null, pk FROM pragma_table_info('{table}')"
        ))
        .load(c)
        .unwrap();
        let pk_count = cols.iter().filter(|c| c.pk > 0).count();
        for col in &cols {
            let rowid = col.pk > 0 && pk_count == 1;
            columns.insert(Column {
                table: table.clone(),
                name: col.name.clone(),
                kind: normalise(&col.kind, rowid),
                nullable: !col.not_null && col.pk == 0,
            });
        }
        let rows: Vec<IndexRow> = diesel::sql_query(format!(
            "SELECT '{table}' AS table_name, \
                    (SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_index_info(il.name) ORDER BY seqno)) AS columns, \
                    il.\"unique\" AS is_unique \
             FROM pragma_index_list('{table}') il"
        ))
        .load(c)
        .unwrap();
        indexes.extend(rows.into_iter().map(|r| (r.table_name, r.columns, r.is_unique)));
        // A single-column INTEGER PRIMARY KEY is the rowid and has no index entry in SQLite.
        if pk_count == 1 {
            let pk = cols.iter().find(|c| c.pk > 0).unwrap();
            indexes.insert((table.clone(), pk.name.clone(), true));
        }
    }
    (columns, indexes)
}

fn postgres_schema(conn: &mut DbConn) -> (BTreeSet<Column>, BTreeSet<(String, String, bool)>) {
    let DbConn::Pg(c) = conn else { panic!("expected PostgreSQL") };
    let cols: Vec<PgColumn> = diesel::sql_query(
        "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text \
         FROM information_schema.columns WHERE table_schema = 'public'",
    )
    .load(c)
    .unwrap();
    let columns = cols
        .into_iter()
        .filter(|c| !INTERNAL.contains(&c.table_name.as_str()))
        .map(|c| Column {
            table: c.table_name,
            name: c.column_name,
            kind: normalise(&c.data_type, false),
            nullable: c.is_nullable == "YES",
        })
        .collect();
    let rows: Vec<IndexRow> = diesel::sql_query(
        "SELECT t.relname::text AS table_name, \
                string_agg(a.attname::text, ',' ORDER BY k.ord) AS columns, \
                ix.indisunique AS is_unique \
         FROM pg_index ix \
         JOIN pg_class t ON t.oid = ix.indrelid \
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public' \
         CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord) \
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum \
         GROUP BY t.relname, ix.indexrelid, ix.indisunique",
    )
    .load(c)
    .unwrap();
    let indexes = rows
        .into_iter()
        .filter(|r| !INTERNAL.contains(&r.table_name.as_str()))
        .map(|r| (r.table_name, r.columns, r.is_unique))
        .collect();
    (columns, indexes)
}

#[test]
fn migration_names_are_the_same_for_both_backends() {
    let names = |dir: &str| -> BTreeSet<String> {
        std::fs::read_dir(format!("{}/../migrations/{dir}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    assert_eq!(names("sqlite"), names("postgres"));
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn sqlite_and_postgres_schemas_agree() {
    let sqlite = TestDb::sqlite();
    let pool = db::open(&sqlite.url, 1).unwrap();
    let (sqlite_columns, sqlite_indexes) = sqlite_schema(&mut pool.get().unwrap());
    assert!(sqlite_columns.iter().any(|c| c.table == "results" && c.name == "record" && c.kind == "text"));
    assert!(sqlite_indexes.contains(&("players".into(), "name_key".into(), true)));

    let postgres = TestDb::postgres();
    let pg_pool = db::open(&postgres.url, 1).unwrap();
    let (pg_columns, pg_indexes) = postgres_schema(&mut pg_pool.get().unwrap());
    drop(pg_pool);

    let only_sqlite: Vec<_> = sqlite_columns.difference(&pg_columns).collect();
    let only_pg: Vec<_> = pg_columns.difference(&sqlite_columns).collect();
    assert!(
        only_sqlite.is_empty() && only_pg.is_empty(),
        "columns differ:\nSQLite only: {only_sqlite:#?}\nPostgreSQL only: {only_pg:#?}"
    );
    assert_eq!(sqlite_indexes, pg_indexes, "indexes differ");
}

//! Leagues' snapshots: a process that does not hold a league reads its snapshot back and
//! catches up the changes after it, and every view it then serves is the view a process
//! holding the league all along serves (which equals a computation from scratch), after
//! every kind of change; a snapshot this build cannot read is ignored and rebuilt.

use crate::common::{input, mensch, partners};
use actix_web::http::StatusCode;
use diesel::prelude::*;
use serde_json::json;
use spielstand_api::read::cache::View;
use spielstand_api::read::replica::Reads;
use spielstand_api::read::tables::{Newest, Tables};
use spielstand_api::store::snapshots;
use spielstand_core::{GameKind, Lines, StandingsQuery};
use spielstand_wire::calls;
use spielstand_wire::{League, Player, Standings, StoredResult};
use std::sync::atomic::Ordering::Relaxed;

/// The views compared: tables today, of one game and as of a day, head-to-head, one
/// player's statistics, the ratings' accuracy and the points race.
fn views(anna: i64) -> Vec<View> {
    let mensch = Some(GameKind::MenschAergereDichNicht);
    let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 4);
    vec![
        View::Table { game: None, as_of: None },
        View::Table { game: mensch, as_of: None },
        View::Table { game: None, as_of: day },
        View::TeamTable { game: None, as_of: None },
        View::HeadToHead { game: None, player: None, page: 1, per_page: 100 },
        View::PlayerStats { player_id: anna },
        View::Accuracy { game: None },
        View::Race { game: None, top: 5 },
        View::Ratings { game: None, lines: Lines::Top(5) },
    ]
}

/// The JSON a view is served as.
async fn served(tables: &Tables, pool: &spielstand_api::db::Pool, league: i64, view: View) -> String {
    let table = tables.get(&Reads::primary(), pool, league, view, Newest::Acknowledged).await.unwrap();
    String::from_utf8(table.json.plain.bytes.to_vec()).unwrap()
}

api_test!(a_league_read_back_from_its_snapshot_serves_exactly_what_was_computed_all_along, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil", "Jörg", "Joerg"]).await;
    let league = api
        .add_league(json!({"name": "Schnappschuss", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"]}}))
        .await;
    let players: Vec<Player> = api.call(calls::list_players()).await.body();
    let id = |name: &str| players.iter().find(|p| p.name == name).unwrap().id;
    let pool = api.state.pool.clone();
    let views = views(id("Anna"));
    let mut kinds_seen = 0;
    // After each change: the process holding the league all along (the test's server)
    // and a fresh one reading the snapshot back must serve the same bytes; the fresh one
    // then writes the next snapshot (after every change here), which the next fresh one
    // reads back, so every kind of change is both caught up after a snapshot and kept in
    // one.
    let check = |what: &'static str| {
        let (api, pool, views) = (&api, &pool, &views);
        async move {
            let fresh = Tables::new(64 << 20, 1);
            for &view in views {
                let all_along = served(&api.state.tables, pool, league, view).await;
                let read_back = served(&fresh, pool, league, view).await;
                assert_eq!(read_back, all_along, "{what}: {view:?}");
            }
            let counters = fresh.counters();
            assert_eq!(counters.full_loads.load(Relaxed), 0, "{what}: no full load");
            assert_eq!(counters.snapshot_loads.load(Relaxed), 1, "{what}: read back once");
            fresh.snapshots_written().await;
            assert_eq!(counters.snapshots_written.load(Relaxed), 1, "{what}: a new snapshot after the change");
        }
    };
    for (date, order) in
        [("2026-03-02", "Anna,Ben,Cleo"), ("2026-03-06", "Dora,Anna,Emil,Ben"), ("2026-03-08", "Jörg,Cleo")]
    {
        assert_eq!(api.record(league, &mensch(date, order)).await.status, StatusCode::CREATED);
    }
    // The server's first table: a full load, and the first snapshot written after it.
    served(&api.state.tables, &pool, league, views[0]).await;
    api.state.tables.snapshots_written().await;
    assert_eq!(api.state.tables.counters().snapshots_written.load(Relaxed), 1);

    let appended = api.record(league, &mensch("2026-03-09", "Emil,Dora,Anna")).await.body::<StoredResult>().id;
    check("appended").await;
    kinds_seen += 1;
    let backdated = api.record(league, &mensch("2026-03-01", "Ben,Anna,Dora")).await.body::<StoredResult>().id;
    check("backdated").await;
    kinds_seen += 1;
    let fix = calls::correct_result(backdated, "\"1\"", &input(mensch("2026-03-05", "Dora,Ben,Anna")));
    assert_eq!(api.call(fix).await.status, StatusCode::OK);
    check("corrected").await;
    kinds_seen += 1;
    assert_eq!(api.call(calls::delete_result(appended, "*")).await.status, StatusCode::NO_CONTENT);
    check("deleted").await;
    kinds_seen += 1;
    let partner_game = partners("2026-03-03", "Anna+Cleo,Ben+Dora", "Ben+Dora,Anna+Cleo");
    assert_eq!(api.record(league, &partner_game).await.status, StatusCode::CREATED);
    check("partner game").await;
    kinds_seen += 1;
    let (joerg, joerg_umlaut) = (id("Joerg"), id("Jörg"));
    assert_eq!(api.record(league, &mensch("2026-03-07", "Joerg,Emil")).await.status, StatusCode::CREATED);
    check("appended for the merge").await;
    let merged = api.call(calls::merge_player(joerg, joerg_umlaut)).await;
    assert_eq!(merged.status, StatusCode::OK, "{}", merged.json());
    check("merged").await;
    kinds_seen += 1;
    assert_eq!(api.call(calls::unmerge_player(joerg)).await.status, StatusCode::OK);
    check("unmerged").await;
    kinds_seen += 1;
    let renamed = api.call(calls::rename_player(id("Ben"), "Benedikt")).await;
    assert_eq!(renamed.status, StatusCode::OK);
    check("renamed").await;
    let rules = input(
        json!({"name": "Schnappschuss", "rules": {"games": ["mensch-aergere-dich-nicht"], "season": {"from": "2026-03-02"}}}),
    );
    assert_eq!(api.call(calls::update_league(league, &rules)).await.status, StatusCode::OK);
    check("new rules").await;
    assert_eq!(kinds_seen, 7, "append, backdate, correct, delete, partner game, merge, unmerge");

    // And the table read back equals a computation from scratch.
    let rules = api.call(calls::get_league(league)).await.body::<League>().rules;
    let from_scratch =
        spielstand_core::rated_standings(&rules, &api.league_results(league).await, StandingsQuery::default());
    let fresh = Tables::new(64 << 20, 1);
    let table: Standings = serde_json::from_str(&served(&fresh, &pool, league, views[0]).await).unwrap();
    assert_eq!(table.rows, from_scratch);
});

api_test!(a_snapshot_this_build_cannot_read_is_ignored_and_rebuilt, |api| {
    use spielstand_api::db::schema::league_snapshots as s;
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Alt", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    for (date, order) in [("2026-03-02", "Anna,Ben,Cleo"), ("2026-03-01", "Cleo,Anna"), ("2026-03-03", "Ben,Cleo")] {
        assert_eq!(api.record(league, &mensch(date, order)).await.status, StatusCode::CREATED);
    }
    let pool = api.state.pool.clone();
    let all = View::Table { game: None, as_of: None };
    let expected = served(&api.state.tables, &pool, league, all).await;
    api.state.tables.snapshots_written().await;
    let stored = |pool: &spielstand_api::db::Pool| -> Vec<(String, i64, Vec<u8>)> {
        let mut conn = pool.get().unwrap();
        s::table.filter(s::league_id.eq(league)).select((s::format, s::revision, s::state)).load(&mut **conn).unwrap()
    };
    let [(format, revision, bytes)] = &stored(&pool)[..] else { panic!("one snapshot: {:?}", stored(&pool).len()) };
    assert_eq!(format, &snapshots::format());

    // The same key, bytes of another layout (the format changed, the build did not
    // know), then bytes that do not decode, then only another version's snapshot: each
    // time the fresh process loads the league in full, serves the exact table, and writes
    // a snapshot it can read.
    let mut other_layout = bytes.clone();
    other_layout[0] = spielstand_core::SNAPSHOT_FORMAT as u8 + 1;
    let damaged = bytes[..bytes.len() / 2].to_vec();
    for (what, key, state) in [
        ("another layout", format.clone(), other_layout),
        ("damaged", format.clone(), damaged),
        ("another version", format!("{}/0.0.1", spielstand_core::SNAPSHOT_FORMAT), bytes.clone()),
    ] {
        {
            let mut conn = pool.get().unwrap();
            diesel::delete(s::table.filter(s::league_id.eq(league))).execute(&mut **conn).unwrap();
            diesel::insert_into(s::table)
                .values((
                    s::league_id.eq(league),
                    s::format.eq(&key),
                    s::revision.eq(revision),
                    s::state.eq(&state),
                    s::made_at.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(&mut **conn)
                .unwrap();
        }
        let fresh = Tables::new(64 << 20, 1);
        assert_eq!(served(&fresh, &pool, league, all).await, expected, "{what}");
        assert_eq!(fresh.counters().full_loads.load(Relaxed), 1, "{what}: loaded in full");
        assert_eq!(fresh.counters().snapshot_loads.load(Relaxed), 0, "{what}");
        fresh.snapshots_written().await;
        let now = stored(&pool);
        let mine = now.iter().find(|(f, _, _)| f == &snapshots::format()).expect("rebuilt");
        let again = Tables::new(64 << 20, 1);
        assert_eq!(served(&again, &pool, league, all).await, expected, "{what}: rebuilt");
        assert_eq!(again.counters().snapshot_loads.load(Relaxed), 1, "{what}: the rebuilt one reads back");
        assert_eq!(mine.1, *revision);
    }
});

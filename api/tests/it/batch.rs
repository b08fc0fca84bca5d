//! Batches of results (what importers send) and the league export.

use crate::common::{input, mensch};
use actix_web::http::StatusCode;
use serde_json::{Value, json};
use spielstand_core::GameKind;
use spielstand_wire::calls;
use spielstand_wire::{
    BatchInput, BatchOutcome, BatchStatus, Event, LeagueExport, ResultPage, ResultSource, Standings, StoredResult,
};

fn item(key: &str, source: Option<(&str, &str)>, record: Value) -> Value {
    let mut item = json!({"idempotency_key": key, "record": record});
    if let Some((system, id)) = source {
        item["source"] = json!({"system": system, "id": id});
    }
    item
}

fn statuses(outcome: &BatchOutcome) -> Vec<BatchStatus> {
    outcome.items.iter().map(|i| i.status).collect()
}

fn source(system: &str, id: &str) -> Option<ResultSource> {
    Some(ResultSource { system: system.to_owned(), id: id.to_owned() })
}

api_test!(a_batch_stores_the_valid_items_and_answers_each, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let batch = |items: &Value| api.call(calls::record_results_batch(league, &input::<BatchInput>(items.clone())));
    let two_winners = json!({
        "game": "mensch-aergere-dich-nicht", "played_on": "2026-03-02",
        "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}, {"player": "Cleo", "seat": 3}],
        "detail": {"order": [["Anna", "Ben"], ["Cleo"]]}
    });
    let items = json!({"items": [
        item("k1", Some(("bgstats", "play-1")), mensch("2026-03-01", "Anna,Ben,Cleo")),
        item("k2", Some(("bgstats", "play-2")), two_winners),
        item("k3", None, mensch("2026-03-03", "Cleo,Anna")),
    ]});
    let r = batch(&items).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let outcome: BatchOutcome = r.body();
    assert_eq!(statuses(&outcome), [BatchStatus::Created, BatchStatus::Refused, BatchStatus::Created]);
    assert_eq!((outcome.created, outcome.refused), (2, 1));
    let refused = &outcome.items[1];
    assert_eq!(refused.problem.as_ref().map(|p| p.status), Some(422));
    assert!(refused.problem.as_ref().unwrap().kind.starts_with("/problems/"), "{refused:?}");
    assert_eq!(refused.result_id, None);
    // The source is on the stored result.
    let first = outcome.items[0].result_id.unwrap();
    let stored: StoredResult = api.call(calls::get_result(first)).await.body();
    assert_eq!(stored.source, source("bgstats", "play-1"));
    // Both games count in the table, which follows the batch like any write.
    let r = api.call(calls::get_standings(league, &Default::default())).await;
    let standings: Standings = r.body();
    let anna = standings.rows.iter().find(|r| r.row.player == "Anna").unwrap().clone();
    assert_eq!(anna.row.played, 2, "{}", r.json());

    // Sent again: nothing new. A new key for a known source id is the same play.
    let again: BatchOutcome = batch(&items).await.body();
    assert_eq!(statuses(&again), [BatchStatus::Replayed, BatchStatus::Refused, BatchStatus::Replayed]);
    assert_eq!(again.items[0].result_id, Some(first));
    let same_play =
        json!({"items": [item("other-key", Some(("bgstats", "play-1")), mensch("2026-03-01", "Anna,Ben,Cleo"))]});
    let r: BatchOutcome = batch(&same_play).await.body();
    assert_eq!((statuses(&r), r.items[0].result_id), (vec![BatchStatus::Replayed], Some(first)));
    // A key reused for another game is refused, like a single post's.
    let reused = json!({"items": [item("k3", None, mensch("2026-03-04", "Anna,Cleo"))]});
    let answer = batch(&reused).await;
    let r: BatchOutcome = answer.body();
    let kind = r.items[0].problem.as_ref().map(|p| p.kind.as_str());
    assert_eq!(kind, Some("/problems/idempotency-key-reused"), "{}", answer.json());
    let listed: ResultPage = api.call(calls::list_results(league, &Default::default())).await.body();
    assert_eq!(listed.total, 2);

    // The batch as a whole: 1 to 1,000 items, a bad source, an unknown league.
    batch(&json!({"items": []})).await.problem(422, "invalid-body");
    let many: Vec<Value> = (0..1001).map(|i| item(&format!("m{i}"), None, mensch("2026-03-05", "Anna,Ben"))).collect();
    batch(&json!({"items": many})).await.problem(422, "invalid-body");
    let bad_source = json!({"items": [item("s1", Some(("BG Stats!", "x")), mensch("2026-03-05", "Anna,Ben"))]});
    // A malformed key or source refuses the whole batch: nothing is stored.
    let detail = batch(&bad_source).await.problem(422, "invalid-body");
    assert!(detail.contains("items[0].source.system"), "{detail}");
    let bad_key = json!({"items": [item("k9", None, mensch("2026-03-06", "Anna,Ben")), item("k 10", None, mensch("2026-03-07", "Anna,Ben"))]});
    let detail = batch(&bad_key).await.problem(422, "invalid-body");
    assert!(detail.contains("items[1].idempotency_key"), "{detail}");
    api.call(calls::record_results_batch(999999, &input(items))).await.problem(404, "not-found");
    let listed: ResultPage = api.call(calls::list_results(league, &Default::default())).await.body();
    assert_eq!(listed.total, 2, "nothing changed");
});

api_test!(the_export_holds_the_whole_league, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let night: Event =
        api.call(calls::create_event(league, &input(json!({"title": "Auftakt", "date": "2026-03-01"})))).await.body();
    let mut game = mensch("2026-03-01", "Anna,Ben");
    game["event_id"] = json!(night.id);
    api.record(league, &game).await;
    let batch = json!({"items": [item("e1", Some(("bgg", "42#1")), mensch("2026-03-02", "Cleo,Anna"))]});
    api.call(calls::record_results_batch(league, &input(batch))).await;
    let r = api.call(calls::export_league(league)).await;
    assert_eq!(r.status, StatusCode::OK);
    let doc: LeagueExport = r.body();
    assert_eq!(doc.format, "spielstand-export/1");
    assert_eq!(doc.league.name, "Winterliga");
    assert_eq!(doc.league.rules.games, [GameKind::MenschAergereDichNicht]);
    let names: Vec<&str> = doc.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Anna", "Ben", "Cleo"], "Dora played no game");
    assert_eq!(doc.events[0].title, "Auftakt");
    let results = &doc.results;
    assert_eq!(results.len(), 2);
    assert!(results[0].id < results[1].id, "in the order recorded");
    assert_eq!(results[0].record.event_id, Some(night.id));
    assert_eq!(results[1].source, source("bgg", "42#1"));
    // The JSON types of the members themselves, as the document declares them.
    let raw = &r.json()["results"][0];
    assert!(raw["revision"].is_i64() && raw["created_at"].is_string());
    api.call(calls::export_league(999999)).await.problem(404, "not-found");
});

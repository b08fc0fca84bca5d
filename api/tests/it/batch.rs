//! Batches of results (what importers send) and the league export.

use crate::common::mensch;
use actix_web::http::StatusCode;
use serde_json::{Value, json};

fn item(key: &str, source: Option<(&str, &str)>, record: Value) -> Value {
    let mut item = json!({"idempotency_key": key, "record": record});
    if let Some((system, id)) = source {
        item["source"] = json!({"system": system, "id": id});
    }
    item
}

fn statuses(outcome: &Value) -> Vec<String> {
    outcome["items"].as_array().unwrap().iter().map(|i| i["status"].as_str().unwrap().to_owned()).collect()
}

api_test!(a_batch_stores_the_valid_items_and_answers_each, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let batch = format!("/api/v1/leagues/{league}/results/batch");
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
    let r = api.post(&batch, &items).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let outcome = r.json();
    assert_eq!(statuses(&outcome), ["created", "refused", "created"]);
    assert_eq!((outcome["created"].as_i64(), outcome["refused"].as_i64()), (Some(2), Some(1)));
    let refused = &outcome["items"][1];
    assert_eq!(refused["problem"]["status"], 422);
    assert!(refused["problem"]["type"].as_str().unwrap().starts_with("/problems/"), "{refused}");
    assert_eq!(refused["result_id"], Value::Null);
    // The source is on the stored result.
    let first = outcome["items"][0]["result_id"].as_i64().unwrap();
    let stored = api.get(&format!("/api/v1/results/{first}")).await.json();
    assert_eq!(stored["source"], json!({"system": "bgstats", "id": "play-1"}));
    // Both games count in the table, which follows the batch like any write.
    let standings = api.get(&format!("/api/v1/leagues/{league}/standings")).await.json();
    let anna = standings["rows"].as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap().clone();
    assert_eq!(anna["played"], 2, "{standings}");

    // Sent again: nothing new. A new key for a known source id is the same play.
    let again = api.post(&batch, &items).await.json();
    assert_eq!(statuses(&again), ["replayed", "refused", "replayed"]);
    assert_eq!(again["items"][0]["result_id"], first);
    let same_play =
        json!({"items": [item("other-key", Some(("bgstats", "play-1")), mensch("2026-03-01", "Anna,Ben,Cleo"))]});
    let r = api.post(&batch, &same_play).await.json();
    assert_eq!((statuses(&r), r["items"][0]["result_id"].as_i64()), (vec!["replayed".to_owned()], Some(first)));
    // A key reused for another game is refused, like a single post's.
    let reused = json!({"items": [item("k3", None, mensch("2026-03-04", "Anna,Cleo"))]});
    let r = api.post(&batch, &reused).await.json();
    assert_eq!(r["items"][0]["problem"]["type"], "/problems/idempotency-key-reused", "{r}");
    let listed = api.get(&format!("/api/v1/leagues/{league}/results")).await.json();
    assert_eq!(listed["total"], 2);

    // The batch as a whole: 1 to 1,000 items, a bad source, an unknown league.
    api.post(&batch, &json!({"items": []})).await.problem(422, "invalid-body");
    let many: Vec<Value> = (0..1001).map(|i| item(&format!("m{i}"), None, mensch("2026-03-05", "Anna,Ben"))).collect();
    api.post(&batch, &json!({"items": many})).await.problem(422, "invalid-body");
    let bad_source = json!({"items": [item("s1", Some(("BG Stats!", "x")), mensch("2026-03-05", "Anna,Ben"))]});
    // A malformed key or source refuses the whole batch: nothing is stored.
    let detail = api.post(&batch, &bad_source).await.problem(422, "invalid-body");
    assert!(detail.contains("items[0].source.system"), "{detail}");
    let bad_key = json!({"items": [item("k9", None, mensch("2026-03-06", "Anna,Ben")), item("k 10", None, mensch("2026-03-07", "Anna,Ben"))]});
    let detail = api.post(&batch, &bad_key).await.problem(422, "invalid-body");
    assert!(detail.contains("items[1].idempotency_key"), "{detail}");
    api.post("/api/v1/leagues/999999/results/batch", &items).await.problem(404, "not-found");
    assert_eq!(api.get(&format!("/api/v1/leagues/{league}/results")).await.json()["total"], 2, "nothing changed");
});

api_test!(the_export_holds_the_whole_league, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let night = api
        .post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "Auftakt", "date": "2026-03-01"}))
        .await
        .json();
    let mut game = mensch("2026-03-01", "Anna,Ben");
    game["event_id"] = night["id"].clone();
    api.post(&format!("/api/v1/leagues/{league}/results"), &game).await;
    let batch = json!({"items": [item("e1", Some(("bgg", "42#1")), mensch("2026-03-02", "Cleo,Anna"))]});
    api.post(&format!("/api/v1/leagues/{league}/results/batch"), &batch).await;
    let r = api.get(&format!("/api/v1/leagues/{league}/export")).await;
    assert_eq!(r.status, StatusCode::OK);
    let doc = r.json();
    assert_eq!(doc["format"], "spielstand-export/1");
    assert_eq!(doc["league"]["name"], "Winterliga");
    assert_eq!(doc["league"]["rules"]["games"], json!(["mensch-aergere-dich-nicht"]));
    let names: Vec<&str> = doc["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Anna", "Ben", "Cleo"], "Dora played no game");
    assert_eq!(doc["events"][0]["title"], "Auftakt");
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert!(results[0]["id"].as_i64() < results[1]["id"].as_i64(), "in the order recorded");
    assert_eq!(results[0]["record"]["event_id"], night["id"]);
    assert_eq!(results[1]["source"], json!({"system": "bgg", "id": "42#1"}));
    assert!(results[0]["revision"].is_i64() && results[0]["created_at"].is_string());
    api.get("/api/v1/leagues/999999/export").await.problem(404, "not-found");
});

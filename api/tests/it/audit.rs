//! The audit trail: every change through the API, and tokens made on the command line,
//! with who made it; readable by admin tokens only, in pages, filtered.

use crate::common::mensch;
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::model::TokenScope;
use spielstand_api::store::tokens;

fn as_token(token: &str, method: Method, path: &str) -> TestRequest {
    TestRequest::default().method(method).uri(path).insert_header(("authorization", format!("Bearer {token}")))
}

api_test!(every_change_is_audited_with_its_token_and_only_admins_read_it, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let laptop = tokens::create(&mut pool.get().unwrap(), "table-laptop", TokenScope::Record, None).unwrap();
    let audit = |token: &str, query: &str| as_token(token, Method::GET, &format!("/api/v1/audit{query}"));

    api.add_players(&["Anna", "Ben"]).await;
    let anna = api.get("/api/v1/players").await.json()[0]["id"].as_i64().unwrap();
    let rules = json!({"games": ["mensch-aergere-dich-nicht"]});
    let league = api.add_league(json!({"name": "Winterliga", "rules": rules})).await;
    let narrowed = json!({"games": ["mensch-aergere-dich-nicht"], "season": {"from": "2026-01-01"}});
    let r = api
        .write(Method::PUT, &format!("/api/v1/leagues/{league}"), &json!({"name": "Winterliga", "rules": narrowed}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.write(Method::PATCH, &format!("/api/v1/players/{anna}"), &json!({"name": "Annabelle"})).await;
    assert_eq!(r.status, StatusCode::OK);
    // The table laptop records a result; the admin deletes it.
    let body = mensch("2026-03-01", "Annabelle,Ben");
    let r =
        api.send(as_token(&laptop, Method::POST, &format!("/api/v1/leagues/{league}/results")).set_json(&body)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let result = r.json()["id"].as_i64().unwrap();
    let r = api
        .send(
            as_token(&api.token, Method::DELETE, &format!("/api/v1/results/{result}")).insert_header(("if-match", "*")),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = api.post(&format!("/api/v1/leagues/{league}/webhooks"), &json!({"url": "http://127.0.0.1:9/hook"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let hook = r.json()["id"].as_i64().unwrap();
    // A refused change leaves no trace but its refusal.
    let r = api.write(Method::PATCH, &format!("/api/v1/players/{anna}"), &json!({"name": "Ben"})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    // Revoking the token pauses its webhook: both on the command line.
    tokens::revoke(&mut pool.get().unwrap(), "table-laptop").unwrap();

    let page = api.send(audit(&api.token, "")).await;
    assert_eq!(page.status, StatusCode::OK, "{:?}", page.json());
    let page = page.json();
    let items = page["items"].as_array().unwrap();
    let seen: Vec<(&str, Value)> =
        items.iter().rev().map(|e| (e["action"].as_str().unwrap(), e["token_name"].clone())).collect();
    let admin = json!("test-club");
    assert_eq!(
        seen,
        vec![
            ("token_created", Value::Null),
            ("token_created", Value::Null),
            ("player_created", admin.clone()),
            ("player_created", admin.clone()),
            ("league_created", admin.clone()),
            ("league_changed", admin.clone()),
            ("player_renamed", admin.clone()),
            ("result_recorded", json!("table-laptop")),
            ("result_deleted", admin.clone()),
            ("webhook_registered", admin.clone()),
            ("token_revoked", Value::Null),
        ],
        "the harness's admin token, then the laptop's: {page}"
    );
    assert_eq!(page["total"], 11);
    // Latest first, ids growing with time.
    let ids: Vec<i64> = items.iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
    let entry = |action: &str| items.iter().find(|e| e["action"] == action).unwrap().clone();
    let changed = entry("league_changed");
    assert_eq!(changed["league_id"], league);
    assert_eq!(changed["detail"]["before"]["rules"]["season"]["from"], Value::Null);
    assert_eq!(changed["detail"]["after"]["rules"]["season"]["from"], "2026-01-01");
    assert_eq!(entry("player_renamed")["detail"], json!({"before": "Anna", "after": "Annabelle"}));
    assert_eq!(entry("player_renamed")["subject_id"], anna);
    let recorded = entry("result_recorded");
    assert_eq!((recorded["subject_id"].as_i64(), recorded["league_id"].as_i64()), (Some(result), Some(league)));
    assert_eq!(recorded["detail"]["game"], "mensch-aergere-dich-nicht");
    assert_eq!(entry("webhook_registered")["detail"]["url"], "http://127.0.0.1:9/hook");
    assert_eq!(entry("token_revoked")["detail"]["name"], "table-laptop");
    assert!(items.iter().all(|e| e["action"] != "webhook_paused"), "the laptop registered no webhook");

    // Filters and pages.
    let only = api.send(audit(&api.token, "?token_name=table-laptop")).await.json();
    assert_eq!(only["total"], 1);
    let in_league = api.send(audit(&api.token, &format!("?league_id={league}&per_page=2&page=2"))).await.json();
    assert_eq!((in_league["total"].as_i64(), in_league["items"].as_array().unwrap().len()), (Some(5), 2));
    let renames = api.send(audit(&api.token, "?action=player_renamed")).await.json();
    assert_eq!(renames["items"][0]["subject_id"], anna);
    api.send(audit(&api.token, "?action=player_deleted")).await.problem(400, "invalid-query");
    api.send(audit(&api.token, "?per_page=0")).await.problem(400, "invalid-query");

    // Admin only.
    let reader = tokens::create(&mut pool.get().unwrap(), "reader", TokenScope::Record, None).unwrap();
    api.send(audit(&reader, "")).await.problem(403, "insufficient-scope");
    api.send(TestRequest::get().uri("/api/v1/audit")).await.problem(401, "unauthorized");

    // A webhook whose token is revoked is paused, and that is written down too.
    let organiser = tokens::create(&mut pool.get().unwrap(), "organiser", TokenScope::Admin, None).unwrap();
    let r = api
        .send(
            as_token(&organiser, Method::POST, &format!("/api/v1/leagues/{league}/webhooks"))
                .set_json(json!({"url": "http://127.0.0.1:9/other"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let other = r.json()["id"].as_i64().unwrap();
    tokens::revoke(&mut pool.get().unwrap(), "organiser").unwrap();
    let paused = api.send(audit(&api.token, "?action=webhook_paused")).await.json();
    assert_eq!(paused["items"][0]["subject_id"], other);
    assert_eq!(paused["items"][0]["detail"]["revoked_token"], "organiser");
    let r = api.write(Method::POST, &format!("/api/v1/webhooks/{other}/enable"), &json!({})).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.send(as_token(&api.token, Method::DELETE, &format!("/api/v1/webhooks/{hook}"))).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    // Club nights: created, changed (a read inside the write's transaction), deleted.
    let night = json!({"title": "Clubabend", "date": "2026-03-05"});
    let r = api.post(&format!("/api/v1/leagues/{league}/events"), &night).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let night_path = format!("/api/v1/events/{}", r.json()["id"]);
    let r = api.write(Method::PUT, &night_path, &json!({"title": "Spieleabend", "date": "2026-03-05"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let r = api.write(Method::DELETE, &night_path, &json!(null)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let latest = api.send(audit(&api.token, "?per_page=5")).await.json();
    let actions: Vec<&str> =
        latest["items"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["event_deleted", "event_changed", "event_created", "webhook_deleted", "webhook_enabled"]);
    let changed = &latest["items"][1]["detail"];
    assert_eq!(
        (changed["before"]["title"].as_str(), changed["after"]["title"].as_str()),
        (Some("Clubabend"), Some("Spieleabend"))
    );
});

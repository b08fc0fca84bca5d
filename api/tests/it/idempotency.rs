//! `Idempotency-Key`: a replay answers as the first time, a changed body is refused,
//! concurrent duplicates and abandoned claims are settled once.

use crate::common::{input, mensch};
use actix_web::http::StatusCode;
use serde_json::json;
use spielstand_api::store::idempotency;
use spielstand_wire::ResultPage;
use spielstand_wire::calls;

api_test!(idempotency_keys_replay_reject_changes_and_guard_concurrency, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let post = |key: &str, body: serde_json::Value| api.call(calls::record_result(league, &input(body), Some(key)));
    let total = || async { api.answer(calls::list_results(league, &Default::default())).await.total };
    let first = post("key-1", mensch("2026-11-20", "Anna,Ben")).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let replay = post("key-1", mensch("2026-11-20", "Anna,Ben")).await;
    assert_eq!(replay.status, StatusCode::CREATED);
    assert_eq!(replay.json(), first.json());
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.header("etag"), first.header("etag"));
    assert_eq!(replay.header("location"), first.header("location"));
    assert_eq!(total().await, 1);

    post("key-1", mensch("2026-11-20", "Ben,Anna")).await.problem(422, "idempotency-key-reused");

    // A request still in flight under a key: a concurrent duplicate gets 409.
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let claimed = idempotency::claim(&mut pool.get().unwrap(), "key-2", "someone else's fingerprint").unwrap();
    assert!(matches!(claimed, idempotency::Claim::Fresh(_)));
    // Same key, same fingerprint as the in-flight one needs the same body: compute it the server's way.
    let r = post("key-2", mensch("2026-11-21", "Anna,Ben")).await;
    r.problem(422, "idempotency-key-reused");

    // A failed request frees its key for a corrected retry.
    post("key-3", mensch("2026-11-22", "Anna,Zoe")).await.problem(422, "invalid-body");
    let ok = post("key-3", mensch("2026-11-22", "Anna,Ben")).await;
    assert_eq!(ok.status, StatusCode::CREATED);
    assert_eq!(total().await, 2);
});

api_test!(a_concurrent_duplicate_gets_409, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let body = mensch("2026-11-20", "Anna,Ben");
    let record: spielstand_core::GameRecord = serde_json::from_value(body.clone()).unwrap();
    let fingerprint = idempotency::fingerprint(league, &record).unwrap();
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    assert!(matches!(
        idempotency::claim(&mut pool.get().unwrap(), "busy", &fingerprint).unwrap(),
        idempotency::Claim::Fresh(_)
    ));
    let r = api.call(calls::record_result(league, &record, Some("busy"))).await;
    r.problem(409, "idempotency-key-in-progress");
    assert_eq!(api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().total, 0);
});

api_test!(an_abandoned_claim_is_taken_over_and_its_owner_can_no_longer_settle, |api| {
    use diesel::prelude::*;
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let body = mensch("2026-11-20", "Anna,Ben");
    let record: spielstand_core::GameRecord = serde_json::from_value(body.clone()).unwrap();
    let fingerprint = idempotency::fingerprint(league, &record).unwrap();
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let idempotency::Claim::Fresh(fence) = idempotency::claim(&mut conn, "died", &fingerprint).unwrap() else {
        panic!("a fresh claim")
    };
    // The process that claimed the key died a minute ago.
    let long_ago = fence - chrono::TimeDelta::seconds(60);
    diesel::sql_query("UPDATE idempotency_keys SET started_at = $1 WHERE idem_key = 'died'")
        .bind::<diesel::sql_types::Timestamp, _>(long_ago)
        .execute(&mut **conn)
        .unwrap();
    assert_eq!(api.call(calls::record_result(league, &record, Some("died"))).await.status, StatusCode::CREATED);
    // Had the first request merely been slow, it could not settle now, so it stores nothing.
    let late = conn.write(|c| idempotency::settle(c, "died", long_ago, 201, "{}"));
    assert!(matches!(late, Err(spielstand_api::error::Error::IdempotencyInProgress(_))), "{late:?}");
    assert_eq!(api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().total, 1);
});

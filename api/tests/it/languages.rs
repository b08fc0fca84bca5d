//! German on every path: every kind of problem the API answers, asked for in German
//! (`Accept-Language: de`), says its `detail` in German, on both backends.

use crate::common::{Response, TestApi, input};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_core::GameRecord;
use spielstand_wire::calls;
use spielstand_wire::{Event, EventInput, ResultsParams};
use std::collections::BTreeSet;

fn german(req: TestRequest) -> TestRequest {
    req.insert_header(("accept-language", "de-DE,de;q=0.9,en;q=0.5"))
}

fn with_token(req: TestRequest, token: &str) -> TestRequest {
    req.insert_header(("authorization", format!("Bearer {token}")))
}

/// Sends `req` in German and checks its problem: German, of `kind`; returns its type.
async fn said_in_german<S, B>(api: &TestApi<S>, what: &str, req: TestRequest, kinds: &mut BTreeSet<String>) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let r = api.send(german(req)).await;
    let problem: Value = r.json();
    let detail = problem["detail"].as_str().unwrap_or_else(|| panic!("{what}: no detail: {problem}"));
    assert!(r.status.is_client_error() || r.status.is_server_error(), "{what}: {} {problem}", r.status);
    assert_eq!(r.header("content-language"), Some("de"), "{what}: {problem}");
    let found = spielstand_text::english_words(detail);
    assert!(found.is_empty(), "{what}: English in German ({found:?}): {detail}");
    kinds.insert(problem["type"].as_str().unwrap().to_owned());
    r
}

api_test!(every_kind_of_problem_is_said_in_german, |api| {
    let mut kinds = BTreeSet::new();
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api
        .add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht", "rangeln"]}}))
        .await;
    let other = api.add_league(json!({"name": "Sommerliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let token = api.token.clone();
    // Bodies and requests no call sends are sent as they are.
    let post = |path: &str, body: Value| with_token(TestRequest::post().uri(path).set_json(body), &token);
    let mensch = |order: &str| -> GameRecord { input(crate::common::mensch("2026-03-01", order)) };
    let record = |league: i64, record: &GameRecord| api.request(calls::record_result(league, record, None));

    said_in_german(&api, "not-found", api.request(calls::get_league(999)), &mut kinds).await;
    said_in_german(&api, "conflict", api.request(calls::create_player("Anna")), &mut kinds).await;
    said_in_german(
        &api,
        "malformed-json",
        with_token(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(("content-type", "application/json"))
                .set_payload("{"),
            &token,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(&api, "invalid-body (misspelt)", post("/api/v1/players", json!({"nmae": "Dora"})), &mut kinds).await;
    said_in_german(&api, "invalid-body (type)", post("/api/v1/players", json!({"name": 5})), &mut kinds).await;
    said_in_german(&api, "invalid-body (unknown name)", record(league, &mensch("Anna,Bärbl")), &mut kinds).await;
    let page_zero = ResultsParams { page: Some(0), ..Default::default() };
    said_in_german(&api, "invalid-query", api.request(calls::list_results(league, &page_zero)), &mut kinds).await;
    said_in_german(&api, "invalid-path", TestRequest::get().uri("/api/v1/leagues/abc"), &mut kinds).await;
    let long_key = "k".repeat(300);
    said_in_german(
        &api,
        "invalid-header",
        api.request(calls::record_result(league, &mensch("Anna,Ben"), Some(&long_key))),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "unauthorized",
        TestRequest::post().uri("/api/v1/players").set_json(json!({"name": "X"})),
        &mut kinds,
    )
    .await;
    said_in_german(&api, "unknown token", api.request_as("spst_nope", calls::create_player("X")), &mut kinds).await;
    // A record token of league 1 and a revoked one.
    let (laptop, revoked) = {
        let mut conn = api.state.pool.get().unwrap();
        let record = spielstand_api::store::tokens::create(
            &mut conn,
            "laptop",
            spielstand_wire::TokenScope::Record,
            Some(league),
        )
        .unwrap();
        let revoked =
            spielstand_api::store::tokens::create(&mut conn, "old", spielstand_wire::TokenScope::Admin, None).unwrap();
        spielstand_api::store::tokens::revoke(&mut conn, "old").unwrap();
        (record, revoked)
    };
    let league_x = input(json!({"name": "X", "rules": {"games": ["rangeln"]}}));
    said_in_german(&api, "insufficient-scope", api.request_as(&laptop, calls::create_league(&league_x)), &mut kinds)
        .await;
    said_in_german(
        &api,
        "insufficient-scope (league)",
        api.request_as(&laptop, calls::record_result(other, &mensch("Anna,Ben"), None)),
        &mut kinds,
    )
    .await;
    said_in_german(&api, "token-revoked", api.request_as(&revoked, calls::create_player("X")), &mut kinds).await;
    let stored: Value = api.call(calls::record_result(league, &mensch("Anna,Ben"), None)).await.json();
    let id = stored["id"].as_i64().unwrap();
    // Without If-Match, as no call sends a correction.
    said_in_german(
        &api,
        "precondition-required",
        with_token(
            TestRequest::put()
                .uri(&format!("/api/v1/results/{id}"))
                .set_json(crate::common::mensch("2026-03-01", "Ben,Anna")),
            &token,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "precondition-failed",
        api.request(calls::correct_result(id, "\"9\"", &mensch("Ben,Anna"))),
        &mut kinds,
    )
    .await;
    api.call(calls::record_result(league, &mensch("Anna,Cleo"), Some("k-1"))).await;
    said_in_german(
        &api,
        "idempotency-key-reused",
        api.request(calls::record_result(league, &mensch("Cleo,Anna"), Some("k-1"))),
        &mut kinds,
    )
    .await;
    let night = EventInput { title: "Abend".into(), date: crate::common::day("2026-03-01"), location: None };
    let night: Event = api.answer(calls::create_event(other, &night)).await;
    let mut at_night = mensch("Anna,Ben");
    at_night.event_id = Some(night.id);
    said_in_german(&api, "event-mismatch", record(league, &at_night), &mut kinds).await;
    api.call(calls::close_event(night.id)).await;
    said_in_german(&api, "event-closed", record(other, &at_night), &mut kinds).await;
    said_in_german(
        &api,
        "payload-too-large",
        with_token(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(("content-type", "application/json"))
                .set_payload(vec![b' '; 70_000]),
            &token,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "unsupported-media-type",
        with_token(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(("content-type", "text/plain"))
                .set_payload("Anna"),
            &token,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "method-not-allowed",
        TestRequest::default().method(Method::DELETE).uri("/api/v1/leagues"),
        &mut kinds,
    )
    .await;
    said_in_german(&api, "no-route", TestRequest::get().uri("/api/v1/nowhere"), &mut kinds).await;
    let broken = input(crate::common::rangeln("2026-03-01", &["Anna", "Ben", "Cleo"], &[&[99, 0, 0]]));
    said_in_german(&api, "a broken rule", record(league, &broken), &mut kinds).await;
    // Wrong tokens from one address, until the quota answers 429.
    let mut throttled = false;
    for _ in 0..30 {
        let req = api.request_as("spst_wrong", calls::create_player("X")).peer_addr("192.0.2.77:4711".parse().unwrap());
        let r = api.send(german(req)).await;
        if r.status.as_u16() == 429 {
            let problem: Value = r.json();
            let detail = problem["detail"].as_str().unwrap();
            assert!(spielstand_text::english_words(detail).is_empty(), "too-many-requests: {detail}");
            kinds.insert(problem["type"].as_str().unwrap().to_owned());
            throttled = true;
            break;
        }
    }
    assert!(throttled, "the quota of failed authentications answered 429");
    // Every kind a client can cause was tried (request-timeout needs a slow client:
    // `probes.rs`; the server's own 500 and 503 are said by the unit tests of `error.rs`).
    for kind in [
        "not-found",
        "conflict",
        "malformed-json",
        "invalid-body",
        "invalid-query",
        "invalid-path",
        "invalid-header",
        "unauthorized",
        "insufficient-scope",
        "token-revoked",
        "precondition-required",
        "precondition-failed",
        "idempotency-key-reused",
        "event-mismatch",
        "event-closed",
        "payload-too-large",
        "unsupported-media-type",
        "method-not-allowed",
        "no-route",
        "too-many-requests",
    ] {
        assert!(kinds.contains(&format!("/problems/{kind}")), "{kind} was not tried: {kinds:?}");
    }
    // Asked in English, the same answers are the API's English, as always.
    let r = api.send(api.request(calls::get_league(999)).insert_header(("accept-language", "en"))).await;
    assert_eq!(r.json()["detail"], "league 999 does not exist");
    assert_eq!(r.header("content-language"), Some("en"));
});

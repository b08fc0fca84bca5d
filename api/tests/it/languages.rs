//! German on every path: every kind of problem the API answers, asked for in German
//! (`Accept-Language: de`), says its `detail` in German, on both backends.

use crate::common::{Response, TestApi};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
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
    let post = |path: &str, body: Value| with_token(TestRequest::post().uri(path).set_json(body), &token);
    let results = format!("/api/v1/leagues/{league}/results");
    let mensch = |order: &str| crate::common::mensch("2026-03-01", order);

    said_in_german(&api, "not-found", TestRequest::get().uri("/api/v1/leagues/999"), &mut kinds).await;
    said_in_german(&api, "conflict", post("/api/v1/players", json!({"name": "Anna"})), &mut kinds).await;
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
    said_in_german(&api, "invalid-body (unknown name)", post(&results, mensch("Anna,Bärbl")), &mut kinds).await;
    said_in_german(&api, "invalid-query", TestRequest::get().uri(&format!("{results}?page=0")), &mut kinds).await;
    said_in_german(&api, "invalid-path", TestRequest::get().uri("/api/v1/leagues/abc"), &mut kinds).await;
    said_in_german(
        &api,
        "invalid-header",
        post(&results, mensch("Anna,Ben")).insert_header(("idempotency-key", "k".repeat(300))),
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
    said_in_german(
        &api,
        "unknown token",
        with_token(TestRequest::post().uri("/api/v1/players").set_json(json!({"name": "X"})), "spst_nope"),
        &mut kinds,
    )
    .await;
    // A record token of league 1 and a revoked one.
    let (record, revoked) = {
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
    said_in_german(
        &api,
        "insufficient-scope",
        with_token(
            TestRequest::post().uri("/api/v1/leagues").set_json(json!({"name": "X", "rules": {"games": ["rangeln"]}})),
            &record,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "insufficient-scope (league)",
        with_token(
            TestRequest::post().uri(&format!("/api/v1/leagues/{other}/results")).set_json(mensch("Anna,Ben")),
            &record,
        ),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "token-revoked",
        with_token(TestRequest::post().uri("/api/v1/players").set_json(json!({"name": "X"})), &revoked),
        &mut kinds,
    )
    .await;
    let stored: Value = api.send(post(&results, mensch("Anna,Ben"))).await.json();
    let id = stored["id"].as_i64().unwrap();
    said_in_german(
        &api,
        "precondition-required",
        with_token(TestRequest::put().uri(&format!("/api/v1/results/{id}")).set_json(mensch("Ben,Anna")), &token),
        &mut kinds,
    )
    .await;
    said_in_german(
        &api,
        "precondition-failed",
        with_token(
            TestRequest::put()
                .uri(&format!("/api/v1/results/{id}"))
                .insert_header(("if-match", "\"9\""))
                .set_json(mensch("Ben,Anna")),
            &token,
        ),
        &mut kinds,
    )
    .await;
    api.send(post(&results, mensch("Anna,Cleo")).insert_header(("idempotency-key", "k-1"))).await;
    said_in_german(
        &api,
        "idempotency-key-reused",
        post(&results, mensch("Cleo,Anna")).insert_header(("idempotency-key", "k-1")),
        &mut kinds,
    )
    .await;
    let night: Value = api
        .send(post(&format!("/api/v1/leagues/{other}/events"), json!({"title": "Abend", "date": "2026-03-01"})))
        .await
        .json();
    let mut at_night = mensch("Anna,Ben");
    at_night["event_id"] = night["id"].clone();
    said_in_german(&api, "event-mismatch", post(&results, at_night.clone()), &mut kinds).await;
    api.send(post(&format!("/api/v1/events/{}/close", night["id"]), json!({}))).await;
    said_in_german(&api, "event-closed", post(&format!("/api/v1/leagues/{other}/results"), at_night), &mut kinds).await;
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
    said_in_german(
        &api,
        "a broken rule",
        post(&results, crate::common::rangeln("2026-03-01", &["Anna", "Ben", "Cleo"], &[&[99, 0, 0]])),
        &mut kinds,
    )
    .await;
    // Wrong tokens from one address, until the quota answers 429.
    let mut throttled = false;
    for _ in 0..30 {
        let req = with_token(TestRequest::post().uri("/api/v1/players").set_json(json!({"name": "X"})), "spst_wrong")
            .peer_addr("192.0.2.77:4711".parse().unwrap());
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
    let r = api.send(TestRequest::get().uri("/api/v1/leagues/999").insert_header(("accept-language", "en"))).await;
    assert_eq!(r.json()["detail"], "league 999 does not exist");
    assert_eq!(r.header("content-language"), Some("en"));
});

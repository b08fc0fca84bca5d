//! A club night with phones, for the tests of passes: a night drawn at two tables, its
//! join code, members joining with it, requests sent with a pass.

use super::{Response, TestApi};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_wire::{Event, JoinCode, Round};

/// Today, as the night's date: a result is played on its night's day.
pub fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

/// A night of league `league` with Anna, Ben, Cleo and Dora checked in, drawn at two tables
/// of two (the seed fixes which), and a join code: (night, round, code).
pub async fn night<S, B>(api: &TestApi<S>, league: i64) -> (i64, Round, JoinCode)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let event: Event = api
        .post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "Clubabend", "date": today()}))
        .await
        .body();
    let r = api
        .post(&format!("/api/v1/events/{}/attendees", event.id), &json!({"players": ["Anna", "Ben", "Cleo", "Dora"]}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let round: Round = api
        .post(
            &format!("/api/v1/events/{}/rounds", event.id),
            &json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2, "seed": 7}),
        )
        .await
        .body();
    // No body at all: the code's defaults.
    let r = api
        .send(
            TestRequest::post()
                .uri(&format!("/api/v1/events/{}/join-codes", event.id))
                .insert_header(("authorization", format!("Bearer {}", api.token))),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    (event.id, round, r.body())
}

/// Sends `req` with night pass `pass`.
pub fn with_pass(req: TestRequest, pass: &str) -> TestRequest {
    req.insert_header(("authorization", format!("Bearer {pass}")))
}

pub async fn join<S, B>(api: &TestApi<S>, code: &str, player: &str) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    api.send(TestRequest::post().uri("/api/v1/join").set_json(json!({"code": code, "player": player}))).await
}

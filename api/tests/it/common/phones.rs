//! A club night with phones, for the tests of passes: a night drawn at two tables, its
//! join code, members joining with it, requests sent with a pass.

use super::{Response, TestApi};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_wire::calls;
use spielstand_wire::{CheckIn, EventInput, JoinCode, JoinInput, PlayerRef, Round};

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
    let event = EventInput { title: "Clubabend".into(), date: super::day(&today()), location: None };
    let event = api.answer(calls::create_event(league, &event)).await;
    let players = ["Anna", "Ben", "Cleo", "Dora"].map(|p| PlayerRef::Name(p.into())).to_vec();
    api.answer(calls::check_in(event.id, &CheckIn { players })).await;
    let draw = json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2, "seed": 7});
    let round = api.answer(calls::draw_round(event.id, &super::input(draw))).await;
    // No body at all: the code's defaults.
    let r = api.call(calls::create_join_code(event.id, None)).await;
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
    api.call(calls::join_night(&JoinInput {
        code: code.to_owned(),
        player: PlayerRef::Name(player.to_owned()),
        ask_organiser: None,
    }))
    .await
}

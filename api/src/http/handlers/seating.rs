//! A club night's seating: check-in and check-out, and the rounds drawn for the players
//! present (the store's `seating`; the draw is core's). A draw reads the league's views
//! first (the ratings of the league-wide table, the night's points), then writes.

use crate::error::Result;
use crate::http::actions;
use crate::http::caller::Writer;
use crate::http::docs::{ReadErrors, WriteErrors};
use crate::http::extract::JsonBody;
use crate::http::{AppState, night_changed};
use crate::store::seating;
use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, post, put, web};
use spielstand_wire::{Attendee, CheckIn, DrawInput, Round};

/// Check players in to a night: names or ids; someone already present stays so. Answers
/// everyone present, in the order they arrived. A record token may check in at the
/// nights of its league.
#[utoipa::path(
    operation_id = "check_in",
    tag = "events",
    params(("id" = i64, Path, description = "Event id")),
    request_body = CheckIn,
    responses((status = 200, body = Vec<Attendee>), WriteErrors)
)]
#[post("/events/{id}/attendees", wrap = "crate::http::access::checked()")]
pub async fn check_in(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<CheckIn>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let present = state.write(move |conn| seating::check_in(conn, writer.actor(), id, &body.0.players)).await?;
    night_changed(&state, id);
    Ok(HttpResponse::Ok().json(present))
}

/// Check a player out of a night: later draws leave them out (drawn rounds keep their
/// seat).
#[utoipa::path(
    operation_id = "check_out",
    tag = "events",
    params(("id" = i64, Path, description = "Event id"), ("player_id" = i64, Path, description = "Player id")),
    responses((status = 204, description = "Checked out"), WriteErrors)
)]
#[delete("/events/{id}/attendees/{player_id}", wrap = "crate::http::access::checked()")]
pub async fn check_out(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    let (id, player_id) = path.into_inner();
    state.write(move |conn| seating::check_out(conn, writer.actor(), id, player_id)).await?;
    night_changed(&state, id);
    Ok(HttpResponse::NoContent().finish())
}

/// Draw the night's next round for the players present: numbered tables sized as
/// docs/rules.md "Club nights: tables and seats" says, players in seat order (seat 1 starts),
/// each with their chance to win the table from the league-wide ratings. `random`
/// shuffles (the same seed gives the same draw), `balanced` makes tables of equal mean
/// conservative rating, `swiss` seats similar standing together (the night's points, then
/// the league table) without repeating a pair of the night where it can, avoiding pairs
/// of the last 3 nights next. Pins and apart pairs are honoured, or the draw is refused
/// (422 naming the conflict).
#[utoipa::path(
    operation_id = "draw_round",
    tag = "events",
    params(("id" = i64, Path, description = "Event id")),
    request_body = DrawInput,
    responses((status = 201, body = Round, headers(("Location" = String, description = "URL of the night's rounds"))), WriteErrors)
)]
#[post("/events/{id}/rounds", wrap = "crate::http::access::checked()")]
pub async fn draw(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<DrawInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let round = actions::draw(&state, writer, id, None, body.0).await?;
    Ok(HttpResponse::Created().insert_header((header::LOCATION, format!("/api/v1/events/{id}/rounds"))).json(round))
}

/// Draw round `number` again (same body as a draw), until its first result; after that,
/// 409.
#[utoipa::path(
    operation_id = "redraw_round",
    tag = "events",
    params(("id" = i64, Path, description = "Event id"), ("number" = u32, Path, description = "Round number, from 1")),
    request_body = DrawInput,
    responses((status = 200, body = Round), WriteErrors)
)]
#[put("/events/{id}/rounds/{number}", wrap = "crate::http::access::checked()")]
pub async fn redraw(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, u32)>,
    body: JsonBody<DrawInput>,
) -> Result<HttpResponse> {
    let (id, number) = path.into_inner();
    Ok(HttpResponse::Ok().json(actions::draw(&state, writer, id, Some(number), body.0).await?))
}

/// A night's rounds in the order drawn, each table with its result once recorded.
#[utoipa::path(
    operation_id = "list_rounds",
    tag = "events",
    params(("id" = i64, Path, description = "Event id")),
    responses((status = 200, body = Vec<Round>), ReadErrors)
)]
#[get("/events/{id}/rounds", wrap = "crate::http::access::checked()")]
pub async fn rounds(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let rounds = state
        .db(move |conn| {
            conn.read(|conn| {
                crate::store::events::row(conn, id)?;
                seating::rounds(conn, id)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(rounds))
}

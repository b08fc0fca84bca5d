//! Club nights: the games of one evening of a league. A night's report is a view
//! (`views::Views::night`).

use crate::error::Result;
use crate::http::caller::Writer;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors, WriteErrors};
use crate::http::extract::JsonBody;
use crate::http::{AppState, night_changed};
use crate::store::events;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use spielstand_wire::{Event, EventInput, EventReport};

/// Create a club night of a league: the games recorded with its `event_id` are its
/// games, all on its date.
#[utoipa::path(
    operation_id = "create_event",
    tag = "events",
    params(("id" = i64, Path, description = "League id")),
    request_body = EventInput,
    responses((status = 201, body = Event, headers(("Location" = String, description = "URL of the new night"))), WriteErrors)
)]
#[post("/leagues/{id}/events", wrap = "crate::http::access::checked()")]
pub async fn create(
    state: web::Data<AppState>,
    writer: Writer,
    league_id: web::Path<i64>,
    body: JsonBody<EventInput>,
) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    let event = state.write(move |conn| events::create(conn, writer.actor(), league_id, &body.0)).await?;
    Ok(HttpResponse::Created().insert_header((header::LOCATION, format!("/api/v1/events/{}", event.id))).json(event))
}

/// A league's club nights, oldest first, each with its number of games.
#[utoipa::path(
    operation_id = "list_events",
    tag = "events",
    params(("id" = i64, Path, description = "League id")),
    responses((status = 200, body = Vec<Event>), ReadErrors)
)]
#[get("/leagues/{id}/events", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>, league_id: web::Path<i64>) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| events::list(conn, league_id)).await?))
}

/// A club night: who played, every game with its places, the night's own table and
/// winners, and the table change it caused (the league table at the end of its date,
/// each player with where they stood the day before).
#[utoipa::path(
    operation_id = "get_event",
    tag = "events",
    params(("id" = i64, Path), IfNoneMatch),
    responses(
        (status = 200, body = EventReport, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/events/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> Result<HttpResponse> {
    let body = serde_json::to_vec(&state.views().night(id.into_inner()).await?.0)?;
    Ok(conditional::respond(&req, &conditional::etag(&body), REVALIDATE, "application/json", body.into()))
}

/// Replace a night's title, date and location. The date moves only while the night has
/// no games (its games are on its date).
#[utoipa::path(
    operation_id = "update_event",
    tag = "events",
    params(("id" = i64, Path)),
    request_body = EventInput,
    responses((status = 200, body = Event), WriteErrors)
)]
#[put("/events/{id}", wrap = "crate::http::access::checked()")]
pub async fn update(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<EventInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let event = state.write(move |conn| events::update(conn, writer.actor(), id, &body.0)).await?;
    night_changed(&state, id);
    Ok(HttpResponse::Ok().json(event))
}

/// Close a club night (admin): from then on a result naming it is refused with 409
/// `event-closed`, naming the night; the results it has may still be corrected. Closing a
/// closed night again changes nothing.
#[utoipa::path(
    operation_id = "close_event",
    tag = "events",
    params(("id" = i64, Path)),
    responses((status = 200, body = Event), WriteErrors)
)]
#[post("/events/{id}/close", wrap = "crate::http::access::checked()")]
pub async fn close(state: web::Data<AppState>, writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let event = state.write(move |conn| events::close(conn, writer.actor(), id)).await?;
    // The phones following it hear that it closed, and let go.
    night_changed(&state, id);
    Ok(HttpResponse::Ok().json(event))
}

/// Delete a night without games; one with games is refused (409).
#[utoipa::path(
    operation_id = "delete_event",
    tag = "events",
    params(("id" = i64, Path)),
    responses((status = 204, description = "Deleted"), WriteErrors)
)]
#[delete("/events/{id}", wrap = "crate::http::access::checked()")]
pub async fn remove(state: web::Data<AppState>, writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    state.write(move |conn| events::delete(conn, writer.actor(), id)).await?;
    night_changed(&state, id);
    Ok(HttpResponse::NoContent().finish())
}

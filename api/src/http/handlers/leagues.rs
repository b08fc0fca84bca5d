use crate::error::Result;
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::{ReadErrors, WriteErrors};
use crate::http::extract::JsonBody;
use crate::store::leagues;
use actix_web::http::header;
use actix_web::{HttpResponse, get, post, put, web};
use spielstand_wire::{League, LeagueInput};

/// Create a league: its season, the games it counts, its points scheme and tie-breakers.
///
/// Rules beyond the schema, refused with 422: the season does not end before it starts,
/// the points table never rises, each game and tie-breaker is listed once.
#[utoipa::path(
    operation_id = "create_league",
    tag = "leagues",
    request_body = LeagueInput,
    responses((status = 201, body = League, headers(("Location" = String, description = "URL of the new league"))), WriteErrors)
)]
#[post("/leagues", wrap = "crate::http::access::checked()")]
pub async fn create(state: web::Data<AppState>, writer: Writer, body: JsonBody<LeagueInput>) -> Result<HttpResponse> {
    let league = state.write(move |conn| leagues::create(conn, writer.actor(), &body.0)).await?;
    Ok(HttpResponse::Created().insert_header((header::LOCATION, format!("/api/v1/leagues/{}", league.id))).json(league))
}

/// All leagues, by name.
#[utoipa::path(
    operation_id = "list_leagues",
    tag = "leagues",
    responses((status = 200, body = Vec<League>), ReadErrors)
)]
#[get("/leagues", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse> {
    Ok(HttpResponse::Ok().json(state.db(leagues::list).await?))
}

/// One league.
#[utoipa::path(
    operation_id = "get_league",
    tag = "leagues",
    params(("id" = i64, Path)), responses((status = 200, body = League), ReadErrors)
)]
#[get("/leagues/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| leagues::get(conn, id)).await?))
}

/// Replace a league's name and rules. Stored results stay; those the new rules do not
/// admit stop counting.
///
/// Rules beyond the schema, refused with 422: the season does not end before it starts,
/// the points table never rises, each game and tie-breaker is listed once.
#[utoipa::path(
    operation_id = "update_league",
    tag = "leagues",
    params(("id" = i64, Path)),
    request_body = LeagueInput,
    responses((status = 200, body = League), WriteErrors)
)]
#[put("/leagues/{id}", wrap = "crate::http::access::checked()")]
pub async fn update(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<LeagueInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let league = state.write(move |conn| leagues::update(conn, writer.actor(), id, &body.0)).await?;
    Ok(HttpResponse::Ok().json(league))
}

use crate::error::Result;
use crate::http::AppState;
use crate::http::docs::{ReadErrors, WriteErrors};
use crate::http::extract::{JsonBody, Writer};
use crate::model::{Player, PlayerName};
use crate::store::players;
use actix_web::http::header;
use actix_web::{HttpResponse, get, patch, post, web};

/// Add a player. Names are unique, compared case-insensitively.
#[utoipa::path(
    operation_id = "create_player",
    tag = "players",
    request_body = PlayerName,
    security(("bearer" = [])),
    responses((status = 201, body = Player, headers(("Location" = String, description = "URL of the new player"))), WriteErrors)
)]
#[post("/players")]
pub async fn create(state: web::Data<AppState>, _writer: Writer, body: JsonBody<PlayerName>) -> Result<HttpResponse> {
    let player = state.db(move |conn| players::create(conn, &body.0.name)).await?;
    Ok(HttpResponse::Created().insert_header((header::LOCATION, format!("/api/v1/players/{}", player.id))).json(player))
}

/// All players, by name.
#[utoipa::path(
    operation_id = "list_players",tag = "players", responses((status = 200, body = Vec<Player>), ReadErrors))]
#[get("/players")]
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse> {
    Ok(HttpResponse::Ok().json(state.db(players::list).await?))
}

/// One player.
#[utoipa::path(
    operation_id = "get_player",tag = "players", params(("id" = i64, Path)), responses((status = 200, body = Player), ReadErrors))]
#[get("/players/{id}")]
pub async fn get(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| players::get(conn, id)).await?))
}

/// Rename a player. Stored results and standings show the new name.
#[utoipa::path(
    operation_id = "rename_player",
    tag = "players",
    params(("id" = i64, Path)),
    request_body = PlayerName,
    security(("bearer" = [])),
    responses((status = 200, body = Player), WriteErrors)
)]
#[patch("/players/{id}")]
pub async fn rename(
    state: web::Data<AppState>,
    _writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<PlayerName>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| players::rename(conn, id, &body.0.name)).await?))
}

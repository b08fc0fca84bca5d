//! A whole league as one document, for moving it to another server or keeping a copy.

use crate::error::Result;
use crate::http::AppState;
use crate::http::docs::ReadErrors;
use crate::model::LeagueExport;
use crate::store::export;
use actix_web::{HttpResponse, get, web};

/// The whole league as one JSON document: its name and rules, the players of its
/// results, its club nights and every live result with its id, revision, source and
/// dates. `spielstand import spielstand FILE` recreates the league from it on another
/// server, with identical standings and ratings. Public, like the standings.
#[utoipa::path(
    operation_id = "export_league",
    tag = "leagues",
    params(("id" = i64, Path)),
    responses((status = 200, body = LeagueExport), ReadErrors)
)]
#[get("/leagues/{id}/export")]
pub async fn league(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let document = state.db(move |conn| export::export(conn, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Content-Disposition", format!("attachment; filename=\"league-{id}.json\"")))
        .json(document))
}

//! A whole league as one document, for moving it to another server or keeping a copy.

use crate::error::Result;
use crate::http::AppState;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors};
use crate::read::cache::View;
use actix_web::{HttpRequest, HttpResponse, get, web};
use spielstand_wire::LeagueExport;

/// The whole league as one JSON document: its name and rules, the players of its
/// results, its club nights and every live result with its id, revision, source and
/// dates. `spielstand import spielstand FILE` recreates the league from it on another
/// server, with identical standings and ratings. Public, like the standings, and like
/// them computed once per league revision however many ask at once (its `exported_at` is
/// when), kept within the server's cache budget and served with an ETag.
#[utoipa::path(
    operation_id = "export_league",
    tag = "leagues",
    params(("id" = i64, Path), IfNoneMatch),
    responses(
        (status = 200, body = LeagueExport, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/export", wrap = "crate::http::access::checked()")]
pub async fn league(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let mut response = conditional::respond_view(
        &req,
        &state.views().served(id, View::Export).await?,
        REVALIDATE,
        "application/json",
    )?;
    response.headers_mut().insert(
        actix_web::http::header::CONTENT_DISPOSITION,
        actix_web::http::header::HeaderValue::from_str(&format!("attachment; filename=\"league-{id}.json\""))
            .expect("ASCII"),
    );
    Ok(response)
}

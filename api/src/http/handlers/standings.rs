use crate::cache::{CachedStandings, StandingsKey};
use crate::error::Result;
use crate::http::AppState;
use crate::http::docs::ReadErrors;
use crate::http::extract::Params;
use crate::model::Standings;
use crate::store::{leagues, results};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use chrono::NaiveDate;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use spielstand_core::{GameKind, StandingsQuery};
use std::sync::Arc;
use utoipa::IntoParams;

/// Browsers and proxies may keep a table but must revalidate: a 304 is cheap, and a
/// new result shows at once.
const CACHE_CONTROL: &str = "public, no-cache";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StandingsParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    game: Option<GameKind>,
    /// The table as it stood at the end of this day.
    as_of: Option<NaiveDate>,
}

/// The league table, with each player's Weng-Lin rating from the same results. Served
/// with a strong `ETag`; `If-None-Match` gives 304. Computed once per league revision.
#[utoipa::path(
    operation_id = "get_standings",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), StandingsParams),
    responses(
        (status = 200, body = Standings, headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String), ("Cache-Control" = String))),
        ReadErrors
    )
)]
#[get("/leagues/{id}/standings")]
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<StandingsParams>,
) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    let query = StandingsQuery { game: params.0.game, as_of: params.0.as_of };
    let key = StandingsKey { league_id, game: query.game, as_of: query.as_of };
    let revision = state.db(move |conn| leagues::revision(conn, league_id)).await?;
    let table = match state.cache.get(&key, revision) {
        Some(table) => table,
        None => {
            let (league, results) = state.db(move |conn| results::for_standings(conn, league_id)).await?;
            let rules = league.rules()?;
            let table = web::block(move || -> Result<Arc<CachedStandings>> {
                let rows = spielstand_core::rated_standings(&rules, &results, query);
                let body = serde_json::to_vec(&Standings {
                    league_id,
                    league_revision: league.revision,
                    game: query.game,
                    as_of: query.as_of,
                    rows,
                })?;
                let etag = format!("\"{}\"", &hex::encode(Sha256::digest(&body))[..32]);
                Ok(Arc::new(CachedStandings { revision: league.revision, etag, body: body.into() }))
            })
            .await??;
            state.cache.put(key, table.clone());
            table
        }
    };
    let fresh = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == table.etag)
    });
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response.insert_header((header::ETAG, table.etag.as_str())).insert_header((header::CACHE_CONTROL, CACHE_CONTROL));
    Ok(if fresh { response.finish() } else { response.content_type("application/json").body(table.body.clone()) })
}

use crate::error::Result;
use crate::http::AppState;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, TableReadErrors};
use crate::http::extract::{Params, refuse_team_by};
use crate::read::cache::{CachedView, Other, ViewData};
use crate::read::views::Ranked;
use crate::render;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};
use spielstand_wire::{Standings, StandingsParams, TeamStandings};

pub const CSV: &str = "text/csv; charset=utf-8; header=present";

/// Does the client prefer CSV to JSON? Only when it says so: `*/*` and no `Accept` at
/// all mean JSON.
fn prefers_csv(req: &HttpRequest) -> bool {
    let Some(accept) = req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok()) else { return false };
    let (mut csv, mut json) = (0.0f32, 0.0f32);
    for range in accept.split(',') {
        let mut parts = range.split(';').map(str::trim);
        let media = parts.next().unwrap_or("").to_ascii_lowercase();
        let q = parts
            .filter_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
            .find_map(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        match media.as_str() {
            "text/csv" | "text/*" => csv = csv.max(q),
            "application/json" | "application/*" => json = json.max(q),
            "*/*" => {
                csv = csv.max(q);
                json = json.max(q);
            }
            _ => {}
        }
    }
    csv > json
}

fn csv_response(req: &HttpRequest, table: &CachedView, params: &StandingsParams) -> Result<HttpResponse> {
    let locale = params.locale.unwrap_or_default();
    let csv = match &table.data {
        ViewData::Teams(teams) => table.other(Other::Csv(locale), || render::csv::teams(&teams.rows, locale)),
        _ => {
            let rows = &table.table()?.rows;
            table.other(Other::Csv(locale), || render::csv::standings(rows, locale))
        }
    };
    Ok(conditional::respond_compressed(req, csv, REVALIDATE, CSV))
}

/// How a route serves a table: JSON (CSV for a client that prefers it), or CSV always.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Json,
    Csv,
}

/// The one body of the four table routes (players or teams, JSON or CSV). JSON may come
/// packed (a league the cache demoted): it needs nothing else of the view. The JSON routes
/// vary by `Accept` and by encoding (each form is compressed once per revision).
async fn answer(
    state: &AppState,
    req: &HttpRequest,
    league_id: i64,
    params: &StandingsParams,
    ranked: Ranked,
    form: Form,
) -> Result<HttpResponse> {
    if ranked == Ranked::Players {
        let csv = if form == Form::Csv { ".csv" } else { "" };
        refuse_team_by(req, &format!("/api/v1/leagues/{league_id}/standings/teams{csv}"))?;
    }
    let view = state.views().table_view(league_id, params, ranked).await?;
    if form == Form::Csv {
        return csv_response(req, &*state.views().get(league_id, view).await?, params);
    }
    let mut response = if prefers_csv(req) {
        csv_response(req, &*state.views().get(league_id, view).await?, params)?
    } else {
        conditional::respond_view(req, &state.views().served(league_id, view).await?, REVALIDATE, "application/json")?
    };
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept, Accept-Encoding"));
    Ok(response)
}

/// The league table, with each player's Weng-Lin rating from the same results. Served
/// with a strong `ETag`; `If-None-Match` gives 304. Computed once per league revision.
/// A client that sends `Accept: text/csv` (and prefers it to JSON) gets the table as CSV,
/// exactly as `GET /leagues/{id}/standings.csv` (`get_standings_csv`) documents it; this
/// operation documents JSON only, so that typed clients get one response type.
#[utoipa::path(
    operation_id = "get_standings",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), StandingsParams, IfNoneMatch),
    responses(
        (status = 200, description = "The table of players", body = Standings, content_type = "application/json", headers(("ETag" = String), ("Cache-Control" = String), ("X-Spielstand-Revision" = i64, description = "The league revision shown"), ("X-Spielstand-Behind-Ms" = u64, description = "How far behind the newest revision (0: the newest; at most 900 while a newer one is computed, for a reader that sent no Spielstand-Read-After)"), ("Vary" = String))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/leagues/{id}/standings", wrap = "crate::http::access::checked()")]
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<StandingsParams>,
) -> Result<HttpResponse> {
    answer(&state, &req, league_id.into_inner(), &params.0, Ranked::Players, Form::Json).await
}

/// The league table as CSV (RFC 4180, UTF-8, a header line with the JSON's field names,
/// figures with at most two decimals), for spreadsheets: `,` and decimal points, or with
/// `locale=de` `;` and decimal commas for a German spreadsheet. A name that starts with `+` or `-`
/// gets a leading `'` so that spreadsheets do not run it as a formula. ETag and 304 as
/// for the JSON.
#[utoipa::path(
    operation_id = "get_standings_csv",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), StandingsParams, IfNoneMatch),
    responses(
        (status = 200, description = "The table as CSV", content_type = "text/csv", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("X-Spielstand-Revision" = i64, description = "The league revision shown"), ("X-Spielstand-Behind-Ms" = u64, description = "How far behind the newest revision (0: the newest; at most 900 while a newer one is computed, for a reader that sent no Spielstand-Read-After)"))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/leagues/{id}/standings.csv", wrap = "crate::http::access::checked()")]
pub async fn standings_csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<StandingsParams>,
) -> Result<HttpResponse> {
    answer(&state, &req, league_id.into_inner(), &params.0, Ranked::Players, Form::Csv).await
}

/// The league's team table: its fixed teams (the rules' `teams`) ranked by the sum of
/// their members' league points (rows with `place`, `team`, `points`), from the same
/// results, on the same day and for the same game as the table of players. ETag, 304 and
/// `Accept: text/csv` as for the table of players.
#[utoipa::path(
    operation_id = "get_team_standings",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), StandingsParams, IfNoneMatch),
    responses(
        (status = 200, description = "The team table", body = TeamStandings, content_type = "application/json", headers(("ETag" = String), ("Cache-Control" = String), ("X-Spielstand-Revision" = i64, description = "The league revision shown"), ("X-Spielstand-Behind-Ms" = u64, description = "How far behind the newest revision (0: the newest; at most 900 while a newer one is computed, for a reader that sent no Spielstand-Read-After)"), ("Vary" = String))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/leagues/{id}/standings/teams", wrap = "crate::http::access::checked()")]
pub async fn team_standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<StandingsParams>,
) -> Result<HttpResponse> {
    answer(&state, &req, league_id.into_inner(), &params.0, Ranked::Teams, Form::Json).await
}

/// The team table as CSV, written as the table of players' CSV is (`locale=de` too).
#[utoipa::path(
    operation_id = "get_team_standings_csv",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), StandingsParams, IfNoneMatch),
    responses(
        (status = 200, description = "The team table as CSV", content_type = "text/csv", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("X-Spielstand-Revision" = i64, description = "The league revision shown"), ("X-Spielstand-Behind-Ms" = u64, description = "How far behind the newest revision (0: the newest; at most 900 while a newer one is computed, for a reader that sent no Spielstand-Read-After)"))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/leagues/{id}/standings/teams.csv", wrap = "crate::http::access::checked()")]
pub async fn team_standings_csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<StandingsParams>,
) -> Result<HttpResponse> {
    answer(&state, &req, league_id.into_inner(), &params.0, Ranked::Teams, Form::Csv).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn csv_only_when_preferred() {
        let with =
            |accept: &str| prefers_csv(&TestRequest::default().insert_header(("accept", accept)).to_http_request());
        assert!(!prefers_csv(&TestRequest::default().to_http_request()));
        assert!(with("text/csv"));
        assert!(with("text/csv, application/json;q=0.5"));
        assert!(!with("application/json, text/csv"));
        assert!(!with("*/*"));
        assert!(!with("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
        assert!(!with("application/json;q=0.9, text/csv;q=0.1"));
    }
}

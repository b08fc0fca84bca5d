use crate::error::Result;
use crate::http::actions::{self, Recorded};
use crate::http::caller::{Caller, Writer};
use crate::http::docs::{PreconditionErrors, ReadErrors, WriteErrors};
use crate::http::extract::{
    IdempotencyHeader, JsonBody, MAX_PER_PAGE, Params, idempotency_key, if_match, paging_within,
};
use crate::http::{AppState, night_changed};
use crate::store::results;
use crate::store::results::review::{self, Reviewer};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use spielstand_core::GameRecord;
use spielstand_wire::{DEFAULT_PER_PAGE, HistoryEntry, RejectInput, ResultPage, ResultsParams, StoredResult};

use spielstand_wire::headers::IDEMPOTENT_REPLAYED;

fn etag(revision: i64) -> (header::HeaderName, String) {
    (header::ETAG, format!("\"{revision}\""))
}

/// Record a played game in a league. With an `Idempotency-Key`, a repeat of the same
/// request returns the first response and stores nothing new.
///
/// The game's rules, refused with 422 and named by the problem's `type`: the detail
/// names exactly the seated players, seats run from 1 without gaps, the places, rounds
/// and finishes are possible in that game, the date is in the league's season and the
/// game is one the league counts.
#[utoipa::path(
    operation_id = "record_result",
    tag = "results",
    params(
        ("id" = i64, Path, description = "League id"),
        IdempotencyHeader,
    ),
    request_body = GameRecord,
    responses(
        (status = 201, body = StoredResult, headers(("ETag" = String, description = "The result's revision"), ("Location" = String))),
        WriteErrors
    )
)]
#[post("/leagues/{id}/results", wrap = "crate::http::access::checked()")]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    league_id: web::Path<i64>,
    body: JsonBody<GameRecord>,
) -> Result<HttpResponse> {
    let key = idempotency_key(&req)?;
    let kept = key.clone().unwrap_or_default();
    match actions::record(&state, &caller, league_id.into_inner(), body.0, key).await? {
        Recorded::Created(stored) => Ok(created(*stored)),
        Recorded::Replayed { status, body } => {
            let mut replay = HttpResponse::build(
                actix_web::http::StatusCode::from_u16(status).unwrap_or(actix_web::http::StatusCode::CREATED),
            );
            // The same headers as the first answer: they follow from the stored result, and
            // an answer that does not read is refused rather than sent without them.
            let first: StoredResult =
                crate::store::stored_json(&body, || said!("api-stored-idempotent-answer", key = kept))?;
            replay
                .insert_header(etag(first.revision))
                .insert_header((header::LOCATION, format!("/api/v1/results/{}", first.id)));
            Ok(replay.content_type("application/json").insert_header((IDEMPOTENT_REPLAYED, "true")).body(body))
        }
    }
}

fn created(stored: StoredResult) -> HttpResponse {
    HttpResponse::Created()
        .insert_header(etag(stored.revision))
        .insert_header((header::LOCATION, format!("/api/v1/results/{}", stored.id)))
        .json(stored)
}

/// A league's results, latest first, one page at a time.
#[utoipa::path(
    operation_id = "list_results",
    tag = "results",
    params(("id" = i64, Path, description = "League id"), ResultsParams),
    responses((status = 200, body = ResultPage), ReadErrors)
)]
#[get("/leagues/{id}/results", wrap = "crate::http::access::checked()")]
pub async fn list(
    state: web::Data<AppState>,
    league_id: web::Path<i64>,
    params: Params<ResultsParams>,
) -> Result<HttpResponse> {
    let filter = params.0;
    paging_within(filter.page, filter.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE)?;
    let league_id = league_id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| results::list(conn, league_id, &filter)).await?))
}

/// One result, with its revision as `ETag`.
#[utoipa::path(
    operation_id = "get_result",
    tag = "results",
    params(("id" = i64, Path)),
    responses((status = 200, body = StoredResult, headers(("ETag" = String, description = "The result's revision"))), ReadErrors)
)]
#[get("/results/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let stored = state.db(move |conn| results::get(conn, id)).await?;
    Ok(HttpResponse::Ok().insert_header(etag(stored.revision)).json(stored))
}

/// Correct a result. `If-Match` must carry its current revision.
///
/// The game's rules, refused with 422 and named by the problem's `type`: the detail
/// names exactly the seated players, seats run from 1 without gaps, the places, rounds
/// and finishes are possible in that game, the date is in the league's season and the
/// game is one the league counts.
#[utoipa::path(
    operation_id = "correct_result",
    tag = "results",
    params(("id" = i64, Path), ("If-Match" = String, Header, description = "The result's current ETag")),
    request_body = GameRecord,
    responses(
        (status = 200, body = StoredResult, headers(("ETag" = String, description = "The new revision"))),
        WriteErrors,
        PreconditionErrors
    )
)]
#[put("/results/{id}", wrap = "crate::http::access::checked()")]
pub async fn update(
    state: web::Data<AppState>,
    writer: Writer,
    req: HttpRequest,
    id: web::Path<i64>,
    body: JsonBody<GameRecord>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let expected = if_match(&req, id)?;
    let stored = state.write(move |conn| results::update(conn, id, &expected, body.0, &writer.context())).await?;
    actions::night_of(&state, &stored);
    Ok(HttpResponse::Ok().insert_header(etag(stored.revision)).json(stored))
}

/// Delete a result. `If-Match` must carry its current revision; the history stays.
#[utoipa::path(
    operation_id = "delete_result",
    tag = "results",
    params(("id" = i64, Path), ("If-Match" = String, Header, description = "The result's current ETag")),
    responses((status = 204, description = "Deleted"), WriteErrors, PreconditionErrors)
)]
#[delete("/results/{id}", wrap = "crate::http::access::checked()")]
pub async fn remove(
    state: web::Data<AppState>,
    writer: Writer,
    req: HttpRequest,
    id: web::Path<i64>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let expected = if_match(&req, id)?;
    let night = state.write(move |conn| results::delete(conn, id, &expected, &writer.context())).await?;
    if let Some(night) = night {
        night_changed(&state, night);
    }
    Ok(HttpResponse::NoContent().finish())
}

/// Every change of a result: what, when, and (for a caller with a valid token) under
/// which token; without one, `token_name` is `null`.
#[utoipa::path(
    operation_id = "result_history",
    tag = "results",
    security((), ("bearer" = [])),
    params(("id" = i64, Path)), responses((status = 200, body = Vec<HistoryEntry>), ReadErrors)
)]
#[get("/results/{id}/history", wrap = "crate::http::access::checked()")]
pub async fn history(state: web::Data<AppState>, caller: Option<Writer>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let mut entries = state.db(move |conn| results::history(conn, id)).await?;
    // Which token made a change is for the club's own eyes: shown only to a caller with
    // a valid token.
    if caller.is_none() {
        for entry in &mut entries {
            entry.token_name = None;
        }
    }
    Ok(HttpResponse::Ok().json(entries))
}

/// Confirm a result a member entered at the table. With a tablemate's night pass: their
/// confirmation (the enterer cannot confirm); the result counts once the league's
/// `confirmations` have confirmed. With a token of the league: the organiser accepts it,
/// and it counts at once (a rejected one too). A result that counts already is answered
/// as it is. `If-Match`, when sent, must name its current revision.
#[utoipa::path(
    operation_id = "confirm_result",
    tag = "results",
    params(("id" = i64, Path), ("If-Match" = Option<String>, Header, description = "The result's current ETag")),
    responses(
        (status = 200, body = StoredResult, headers(("ETag" = String, description = "The result's revision"))),
        WriteErrors,
        PreconditionErrors
    )
)]
#[post("/results/{id}/confirm", wrap = "crate::http::access::checked()")]
pub async fn confirm(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    id: web::Path<i64>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let expected = match req.headers().get(header::IF_MATCH) {
        Some(_) => Some(if_match(&req, id)?),
        None => None,
    };
    let stored = state
        .write(move |conn| {
            let by = match &caller {
                Caller::Token(writer) => Reviewer::Token(&writer.token_name),
                Caller::Pass(pass) => Reviewer::Pass(pass),
            };
            review::confirm(conn, id, by, expected.as_ref())
        })
        .await?;
    actions::night_of(&state, &stored);
    Ok(HttpResponse::Ok().insert_header(etag(stored.revision)).json(stored))
}

/// Reject a result a tablemate entered, with a reason, with your night pass: it counts
/// nowhere until the organiser settles it (corrects and accepts it, or deletes it).
#[utoipa::path(
    operation_id = "reject_result",
    tag = "results",
    params(("id" = i64, Path)),
    request_body = RejectInput,
    responses(
        (status = 200, body = StoredResult, headers(("ETag" = String, description = "The result's revision"))),
        WriteErrors
    )
)]
#[post("/results/{id}/reject", wrap = "crate::http::access::checked()")]
pub async fn reject(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<RejectInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let stored = state
        .write(move |conn| {
            let by = match &caller {
                Caller::Token(writer) => Reviewer::Token(&writer.token_name),
                Caller::Pass(pass) => Reviewer::Pass(pass),
            };
            review::reject(conn, id, by, &body.0.reason)
        })
        .await?;
    actions::night_of(&state, &stored);
    Ok(HttpResponse::Ok().insert_header(etag(stored.revision)).json(stored))
}

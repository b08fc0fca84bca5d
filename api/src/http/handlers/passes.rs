//! Members at the table: the organiser makes a night's join code, members join with it
//! and get a night pass, the organiser lists and revokes passes.

use crate::error::Result;
use crate::http::actions;
use crate::http::caller::Writer;
use crate::http::docs::{TokenReadErrors, WriteErrors};
use crate::http::extract::{JsonBody, OptionalJson};
use crate::http::{AppState, night_changed};
use crate::store::passes;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use spielstand_wire::{JoinCode, JoinCodeInput, JoinInput, NightPass, PassInfo};

/// Make a join code for a club night: members open its `url` (or type the code) on their
/// phones, pick their name and get a night pass. A new code replaces the night's previous
/// one; it works for 18 hours, and only while the night is open. The night's tables page
/// (`/embed/events/{id}/tables`) shows it, as text and as a QR code, to the organiser.
#[utoipa::path(
    operation_id = "create_join_code",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id")),
    request_body(content = Option<JoinCodeInput>, description = "May be left out"),
    responses((status = 201, body = JoinCode), WriteErrors)
)]
#[post("/events/{id}/join-codes", wrap = "crate::http::access::checked()")]
pub async fn create_join_code(
    state: web::Data<AppState>,
    writer: Writer,
    req: HttpRequest,
    id: web::Path<i64>,
    body: OptionalJson<JoinCodeInput>,
) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let base = state.page_base(&req);
    let check_in = body.0.check_in.unwrap_or(true);
    let code = state
        .write(move |conn| {
            passes::create_join_code(conn, writer.actor(), &writer.token_name, event_id, check_in, |code| {
                format!("{base}/n/{}", passes::shown_code(code))
            })
        })
        .await?;
    night_changed(&state, event_id);
    Ok(HttpResponse::Created().json(code))
}

/// Join a club night with its code, as one of its players (or as any player, checking in,
/// where the code lets members check in): answers a night pass, and keeps it in an
/// HttpOnly cookie for the pages. Wrong codes from one address get 429 after a few tries.
#[utoipa::path(
    operation_id = "join_night",
    tag = "events",
    request_body = JoinInput,
    responses(
        (status = 201, body = NightPass, headers(("Set-Cookie" = String, description = "The pass, for the pages (HttpOnly, SameSite=Strict)"))),
        WriteErrors
    )
)]
#[post("/join", wrap = "crate::http::access::checked()")]
pub async fn join_night(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: JsonBody<JoinInput>,
) -> Result<HttpResponse> {
    let pass = actions::join(&state, &req, body.0).await?;
    night_changed(&state, pass.event_id);
    let cookie = actions::pass_cookie(&state, &pass);
    Ok(HttpResponse::Created().cookie(cookie).json(pass))
}

/// The passes given at a club night, latest first (never their secrets).
#[utoipa::path(
    operation_id = "list_passes",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id")),
    responses((status = 200, body = Vec<PassInfo>), TokenReadErrors)
)]
#[get("/events/{id}/passes", wrap = "crate::http::access::checked()")]
pub async fn list_passes(state: web::Data<AppState>, _writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| passes::list(conn, event_id)).await?))
}

/// Revoke a member's night pass (and one waiting for the organiser): it acts no more
/// (their phone shows it), and the member joins that night again only once let back in
/// (`readmit_pass`).
#[utoipa::path(
    operation_id = "revoke_pass",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 204, description = "Revoked"), WriteErrors)
)]
#[delete("/events/{id}/passes/{player_id}", wrap = "crate::http::access::checked()")]
pub async fn revoke_pass(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, writer, path.into_inner(), passes::revoke).await
}

/// The organiser lets a member's waiting pass act: a member moving to a new phone (their
/// other phone's pass ends) or asking to be checked in (checked in now). 404 when none of
/// the member's passes waits.
#[utoipa::path(
    operation_id = "approve_pass",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 204, description = "The waiting pass acts"), WriteErrors)
)]
#[post("/events/{id}/passes/{player_id}/approve", wrap = "crate::http::access::checked()")]
pub async fn approve_pass(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, writer, path.into_inner(), passes::approve).await
}

/// The organiser says no to a member's waiting pass; the member may ask again. 404 when
/// none of the member's passes waits.
#[utoipa::path(
    operation_id = "decline_pass",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 204, description = "Declined"), WriteErrors)
)]
#[post("/events/{id}/passes/{player_id}/decline", wrap = "crate::http::access::checked()")]
pub async fn decline_pass(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, writer, path.into_inner(), passes::decline).await
}

/// The organiser lets a member whose pass they revoked back in: they may join the night
/// again. 404 when no revoked pass keeps the member out.
#[utoipa::path(
    operation_id = "readmit_pass",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 204, description = "Let back in"), WriteErrors)
)]
#[post("/events/{id}/passes/{player_id}/readmit", wrap = "crate::http::access::checked()")]
pub async fn readmit_pass(
    state: web::Data<AppState>,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, writer, path.into_inner(), passes::readmit).await
}

/// The organiser's answer to a member's pass: the store's step, the night's followers
/// told, 204.
async fn answer_pass(
    state: &web::Data<AppState>,
    writer: Writer,
    (event_id, player_id): (i64, i64),
    step: passes::Step,
) -> Result<HttpResponse> {
    state.write(move |conn| step(conn, writer.actor(), event_id, player_id)).await?;
    night_changed(state, event_id);
    Ok(HttpResponse::NoContent().finish())
}

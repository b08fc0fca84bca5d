//! Webhooks: URLs that hear of every result recorded, corrected or deleted in a league.
//! All of it needs the write token: a webhook's URL may itself be a secret.

use crate::error::Result;
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::{TokenReadErrors, WriteErrors};
use crate::http::extract::{JsonBody, PageParams, Params};
use crate::store::webhooks as hooks;
use crate::webhooks::queue::{self, DeliveryFilter};
use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use spielstand_wire::{DeliveryPage, DeliveryStatus, NewWebhook, Webhook, WebhookInput};
use utoipa::IntoParams;

/// Register a URL that is told about every result recorded, corrected or deleted in the
/// league: each change is POSTed to it as a `WebhookEvent` (JSON) with
/// `X-Spielstand-Signature: sha256=<hex HMAC-SHA256 of the body>` under the secret in
/// this answer (shown only here), `X-Spielstand-Event-Id` and `X-Spielstand-Delivery`.
/// A delivery that gets no 2xx within 10 s is retried with exponential backoff.
///
/// Rules beyond the schema, refused with 422: the URL's host must resolve to public
/// addresses only (not loopback, private, link-local and the like, however written),
/// unless the server's operator allowed the host.
#[utoipa::path(
    operation_id = "create_webhook",
    tag = "webhooks",
    params(("id" = i64, Path, description = "League id")),
    request_body = WebhookInput,
    responses(
        (status = 201, body = NewWebhook, headers(("Location" = String, description = "URL of the new webhook"))),
        WriteErrors
    )
)]
#[post("/leagues/{id}/webhooks", wrap = "crate::http::access::checked()")]
pub async fn create(
    state: web::Data<AppState>,
    writer: Writer,
    league_id: web::Path<i64>,
    body: JsonBody<WebhookInput>,
) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    // Resolving the host may wait on DNS: off the async threads, and outside the write.
    let (url, egress) = (body.0.url.clone(), state.egress.clone());
    web::block(move || hooks::check_egress(&url, &egress)).await??;
    let hook = state.write(move |conn| hooks::create(conn, league_id, &body.0.url, &writer.token_name)).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/api/v1/webhooks/{}", hook.webhook.id)))
        .json(hook))
}

/// A league's webhooks (without their secrets).
#[utoipa::path(
    operation_id = "list_webhooks",
    tag = "webhooks",
    params(("id" = i64, Path, description = "League id")),
    responses((status = 200, body = Vec<Webhook>), TokenReadErrors)
)]
#[get("/leagues/{id}/webhooks", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>, _writer: Writer, league_id: web::Path<i64>) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| hooks::list(conn, league_id)).await?))
}

/// One webhook (without its secret).
#[utoipa::path(
    operation_id = "get_webhook",
    tag = "webhooks",
    params(("id" = i64, Path)),
    responses((status = 200, body = Webhook), TokenReadErrors)
)]
#[get("/webhooks/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, _writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| hooks::get(conn, id)).await?))
}

/// Delete a webhook: nothing more is sent to it, pending deliveries included, and its
/// deliveries are no longer listed.
#[utoipa::path(
    operation_id = "delete_webhook",
    tag = "webhooks",
    params(("id" = i64, Path)),
    responses((status = 204, description = "Deleted"), TokenReadErrors)
)]
#[delete("/webhooks/{id}", wrap = "crate::http::access::checked()")]
pub async fn remove(state: web::Data<AppState>, writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    state.write(move |conn| hooks::delete(conn, writer.actor(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Enable a webhook paused because the token that registered it was revoked: the
/// deliveries that waited are sent. Enabling an active webhook changes nothing.
#[utoipa::path(
    operation_id = "enable_webhook",
    tag = "webhooks",
    params(("id" = i64, Path)),
    responses((status = 200, body = Webhook), TokenReadErrors)
)]
#[post("/webhooks/{id}/enable", wrap = "crate::http::access::checked()")]
pub async fn enable(state: web::Data<AppState>, writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let hook = state.write(move |conn| hooks::enable(conn, writer.actor(), id)).await?;
    Ok(HttpResponse::Ok().json(hook))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryParams {
    /// Only deliveries in this state.
    status: Option<DeliveryStatus>,
}

/// A webhook's deliveries, latest first: what was sent, whether it arrived, how many
/// attempts it took, when the next one is due and why the last one failed.
#[utoipa::path(
    operation_id = "list_deliveries",
    tag = "webhooks",
    params(("id" = i64, Path, description = "Webhook id"), DeliveryParams, PageParams),
    responses((status = 200, body = DeliveryPage), TokenReadErrors)
)]
#[get("/webhooks/{id}/deliveries", wrap = "crate::http::access::checked()")]
pub async fn deliveries(
    state: web::Data<AppState>,
    _writer: Writer,
    id: web::Path<i64>,
    params: Params<DeliveryParams>,
    paged: Params<PageParams>,
) -> Result<HttpResponse> {
    let p = params.0;
    let (page, per_page) = paged.0.resolve()?;
    let filter = DeliveryFilter { status: p.status, page, per_page };
    let id = id.into_inner();
    // One snapshot: an unknown webhook is a 404 (the store's lookup), not an empty page.
    let page = state
        .db(move |conn| {
            conn.read(|conn| {
                hooks::get(conn, id)?;
                queue::deliveries(conn, id, filter)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

//! Many results in one request: what importers send.

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::WriteErrors;
use crate::http::extract::{JsonBody, MAX_BATCH_BYTES};
use crate::http::problem::REQUEST_ID;
use crate::store::results::{self, BatchContext};
use actix_web::{HttpResponse, post, web};
use spielstand_wire::{BatchInput, BatchOutcome, MAX_BATCH_ITEMS};

/// Record up to 1,000 games in a league at once. Each item carries its own idempotency
/// key (and, when imported, its source: the app and the play's id there). The valid items
/// are stored together in one transaction; each item is answered on its own, in the order
/// sent: `created`, `replayed` (stored before under this key, or from this source id) or
/// `refused` with the problem a single post would have answered. A failure of the server
/// stores nothing.
///
/// Refused with 422 for the whole batch, before anything is stored: a record that is not
/// a game record at all, a malformed key or source. Each record is then checked like a
/// single post (the game's and the league's rules), item by item.
#[utoipa::path(
    operation_id = "record_results_batch",
    tag = "results",
    params(("id" = i64, Path, description = "League id")),
    request_body = BatchInput,
    responses((status = 200, body = BatchOutcome), WriteErrors)
)]
#[post("/leagues/{id}/results/batch", wrap = "crate::http::access::checked()")]
pub async fn batch(
    state: web::Data<AppState>,
    writer: Writer,
    league_id: web::Path<i64>,
    body: JsonBody<BatchInput, MAX_BATCH_BYTES>,
) -> Result<HttpResponse> {
    let league_id = league_id.into_inner();
    let items = body.0.items;
    if items.is_empty() || items.len() > MAX_BATCH_ITEMS {
        return Err(Error::InvalidBody(said!(
            "api-items-send-results-one-batch",
            max_batch_items = MAX_BATCH_ITEMS,
            items_len = items.len()
        )));
    }
    results::check_items(&items)?;
    let request_id = REQUEST_ID.try_with(Clone::clone).ok();
    let outcome = state
        .write(move |conn| {
            let who = BatchContext { token_name: &writer.token_name, scope: writer.scope, request_id };
            results::create_batch(conn, league_id, items, &who)
        })
        .await?;
    Ok(HttpResponse::Ok().json(outcome))
}

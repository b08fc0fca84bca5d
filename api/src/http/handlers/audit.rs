//! The audit trail: who changed what, and when.

use crate::error::Result;
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::TokenReadErrors;
use crate::http::extract::{MAX_PER_PAGE, Params, paging_within};
use crate::store::audit::{self, AuditFilter};
use actix_web::{HttpResponse, get, web};
use spielstand_wire::{AuditPage, AuditParams, DEFAULT_PER_PAGE};

/// Every change, latest first: leagues, players, results, club nights and webhooks
/// changed through the API, with the name of the token that made each change, and tokens
/// created and revoked on the server's command line (`token_name` `null`). Needs a token
/// of scope admin.
#[utoipa::path(
    operation_id = "list_audit",
    tag = "audit",
    params(AuditParams),
    responses((status = 200, body = AuditPage), TokenReadErrors)
)]
#[get("/audit", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>, writer: Writer, params: Params<AuditParams>) -> Result<HttpResponse> {
    let p = params.0;
    let (page, per_page) = paging_within(p.page, p.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE)?;
    // A token of one league reads that league's entries only (another league's it may not
    // ask for: `access`).
    let league_id = p.league_id.or(writer.league_id);
    let postal = p.postal.unwrap_or(false);
    let filter = AuditFilter { league_id, token_name: p.token_name, action: p.action, postal, page, per_page };
    Ok(HttpResponse::Ok().json(state.db(move |conn| audit::list(conn, filter)).await?))
}

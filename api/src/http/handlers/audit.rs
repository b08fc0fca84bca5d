//! The audit trail: who changed what, and when.

use crate::error::Result;
use crate::http::AppState;
use crate::http::docs::TokenReadErrors;
use crate::http::extract::{PageParams, Params, Writer};
use crate::model::{AuditAction, AuditPage};
use crate::store::audit::{self, AuditFilter};
use actix_web::{HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only changes in this league.
    league_id: Option<i64>,
    /// Only changes made with the token of this name.
    token_name: Option<String>,
    /// Only changes of this kind.
    action: Option<AuditAction>,
}

/// Every change, latest first: leagues, players, results, club nights and webhooks
/// changed through the API, with the name of the token that made each change, and tokens
/// created and revoked on the server's command line (`token_name` `null`). Needs a token
/// of scope admin.
#[utoipa::path(
    operation_id = "list_audit",
    tag = "audit",
    params(AuditParams, PageParams),
    responses((status = 200, body = AuditPage), TokenReadErrors)
)]
#[get("/audit", wrap = "crate::http::access::checked()")]
pub async fn list(
    state: web::Data<AppState>,
    writer: Writer,
    params: Params<AuditParams>,
    paged: Params<PageParams>,
) -> Result<HttpResponse> {
    let p = params.0;
    let (page, per_page) = paged.0.resolve()?;
    // A token of one league reads that league's entries only (another league's it may not
    // ask for: `access`).
    let league_id = p.league_id.or(writer.league_id);
    let filter = AuditFilter { league_id, token_name: p.token_name, action: p.action, page, per_page };
    Ok(HttpResponse::Ok().json(state.db(move |conn| audit::list(conn, filter)).await?))
}

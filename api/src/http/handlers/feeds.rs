use crate::error::Result;
use crate::http::AppState;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors};
use crate::http::extract::Params;
use crate::read::cache::View;
use crate::render::Lang;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use spielstand_core::GameKind;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedParams {
    /// Only results of this game.
    game: Option<GameKind>,
    /// Language of titles and summaries; German by default.
    #[param(inline)]
    lang: Option<Lang>,
}

/// The league's latest 50 results as an Atom feed (RFC 4287), latest played first: one
/// entry per result, its `updated` changing when the result is corrected. Entry ids are
/// `urn:uuid:` ids that stay the same across restarts. ETag and 304 as for standings, and
/// like the standings made (and compressed) once per league revision.
#[utoipa::path(
    operation_id = "results_feed",
    tag = "results",
    params(("id" = i64, Path, description = "League id"), FeedParams, IfNoneMatch),
    responses(
        (status = 200, description = "An Atom feed", content_type = "application/atom+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/results.atom", wrap = "crate::http::access::checked()")]
pub async fn results_atom(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<FeedParams>,
) -> Result<HttpResponse> {
    let FeedParams { game, lang } = params.0;
    let feed = state.views().served(league_id.into_inner(), View::Feed { game, lang }).await?;
    conditional::respond_view(&req, &feed, REVALIDATE, "application/atom+xml; charset=utf-8")
}

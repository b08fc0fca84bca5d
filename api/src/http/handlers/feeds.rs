use crate::error::Result;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors};
use crate::http::extract::Params;
use crate::http::{AppState, PublicUrl};
use crate::render::{self, Lang};
use crate::store::results;
use crate::store::{feed, leagues};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use spielstand_core::GameKind;
use spielstand_wire::{ResultsParams, StatusFilter};
use utoipa::IntoParams;

/// Entries in the feed: more than a season's club nights ever add between two polls.
const ENTRIES: u32 = 50;

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
/// `urn:uuid:` ids that stay the same across restarts. ETag and 304 as for standings.
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
    let league_id = league_id.into_inner();
    let FeedParams { game, lang } = params.0;
    let filter = ResultsParams {
        game,
        status: Some(StatusFilter::Confirmed),
        per_page: Some(ENTRIES),
        ..ResultsParams::default()
    };
    let (league, page, last_change, instance) = state
        .db(move |conn| {
            let league = leagues::get(conn, league_id)?;
            let page = results::list(conn, league_id, &filter)?;
            Ok((league, page, feed::last_change(conn, league_id)?, feed::instance_id(conn)?))
        })
        .await?;
    // Never from Host or Forwarded: the answer is cached publicly, for every client.
    let base = PublicUrl::base(state.public_url.as_ref());
    let self_url = format!("{base}{}", req.uri().path_and_query().map_or(req.path(), |p| p.as_str()));
    let xml = render::atom::feed(&render::atom::Feed {
        instance: &instance,
        self_url: &self_url,
        base,
        game,
        results: &page.items,
        updated: last_change.map_or(league.updated_at, |t| t.max(league.updated_at)),
        league: &league,
        lang: lang.unwrap_or_default(),
    });
    let etag = conditional::etag(xml.as_bytes());
    Ok(conditional::respond(&req, &etag, REVALIDATE, "application/atom+xml; charset=utf-8", xml.into()))
}

//! Hase und Igel by post: the game master (a record token of the league) makes a game and
//! resolves its rounds; hares send their orders with their code or night pass; each
//! resolved round is public, as JSON, a page and an Atom entry. Rounds also resolve at
//! their deadline (`deadlines`).

use crate::error::Result;
use crate::http::caller::{OrdersFrom, Writer};
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors, WriteErrors};
use crate::http::extract::{JsonBody, LookParams, Params};
use crate::http::{AppState, PublicUrl, policy};
use crate::read::postal::Shown;
use crate::render::{self, Lang};
use crate::store::feed as instance;
use crate::store::postal::{self, Sender, Trigger};
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use serde::Deserialize;
use spielstand_core::postspiel;
use spielstand_wire::{
    PostalCode, PostalCodeInput, PostalGame, PostalGameCreated, PostalGameInput, PostalMail, PostalOrdersInput,
    PostalOrdersReceipt, PostalResolveInput, PostalRound, ReportLang, ReportParams,
};
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedParams {
    /// Language of the entries; German by default.
    #[param(inline)]
    lang: Option<Lang>,
}

/// The adjudicator's language for the page's.
fn report_lang(lang: Lang) -> postspiel::Lang {
    match lang {
        Lang::De => postspiel::Lang::De,
        Lang::En => postspiel::Lang::En,
    }
}

/// The adjudicator's language for a report's query.
fn lang_of(params: ReportParams) -> postspiel::Lang {
    match params.lang.unwrap_or_default() {
        ReportLang::De => postspiel::Lang::De,
        ReportLang::En => postspiel::Lang::En,
    }
}

/// Make a postal game of the league's players: every hare on the start with 98 carrots
/// and 3 lettuces, round 1 due at `first_deadline`, each later round `round_days` after
/// the one before. Answers each hare's code, shown only here: a hare sends its orders
/// with it (`Authorization: Bearer <code>`), or with its player's night pass. Refused
/// (422): a first deadline passed or more than 366 days ahead, a player nobody is, a
/// player twice, a league that does not count Hase und Igel, a board that does not read.
#[utoipa::path(
    operation_id = "create_postal_game",
    tag = "postal",
    params(("id" = i64, Path, description = "League id")),
    request_body = PostalGameInput,
    responses((status = 201, body = PostalGameCreated), WriteErrors)
)]
#[post("/leagues/{id}/postal-games", wrap = "crate::http::access::checked()")]
pub async fn create(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<PostalGameInput>,
) -> Result<HttpResponse> {
    let league_id = id.into_inner();
    let created = state.write(move |conn| postal::create(conn, &writer.token_name, league_id, body.0)).await?;
    Ok(HttpResponse::Created().json(created))
}

/// A new code for a hare (one lost, or seen by someone else): the old code stops working
/// at once. The game master's; shown once, as the codes are when the game is made.
#[utoipa::path(
    operation_id = "reissue_postal_code",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id")),
    request_body = PostalCodeInput,
    responses((status = 201, body = PostalCode), WriteErrors)
)]
#[post("/postal-games/{id}/codes", wrap = "crate::http::access::checked()")]
pub async fn reissue_code(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<PostalCodeInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let code = state.write(move |conn| postal::reissue_code(conn, &writer.token_name, id, &body.0.player)).await?;
    Ok(HttpResponse::Created().json(code))
}

/// The game's report mails, the latest round first: each one sent, or why not yet (the
/// last failure, the next try). The game master's.
#[utoipa::path(
    operation_id = "list_postal_mails",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id")),
    responses((status = 200, body = Vec<PostalMail>), WriteErrors)
)]
#[get("/postal-games/{id}/mails", wrap = "crate::http::access::checked()")]
pub async fn mails(state: web::Data<AppState>, _writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    let mails = state
        .db(move |conn| {
            postal::get(conn, id)?;
            crate::store::postal_mails::list(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(mails))
}

/// The league's postal games, the latest first.
#[utoipa::path(
    operation_id = "list_postal_games",
    tag = "postal",
    params(("id" = i64, Path, description = "League id")),
    responses((status = 200, body = Vec<PostalGame>), ReadErrors)
)]
#[get("/leagues/{id}/postal-games", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let league_id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| postal::list(conn, league_id)).await?))
}

/// A postal game as it stands after its last resolved round: never anything of the
/// orders sent for the next one.
#[utoipa::path(
    operation_id = "get_postal_game",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id")),
    responses((status = 200, body = PostalGame), ReadErrors)
)]
#[get("/postal-games/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| postal::get(conn, id)).await?))
}

/// Send a hare's orders for the next round, or the next two (each replaces what was sent
/// for its round before), until the round's deadline. The game master's token names the
/// hare (`player`); a hare's code or night pass sends its own. An order that does not
/// read, or breaks a rule where that is known now, is refused (422) naming the rule;
/// one that turns out impossible when its round is resolved is void and the hare hops.
#[utoipa::path(
    operation_id = "send_postal_orders",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id")),
    request_body = PostalOrdersInput,
    responses((status = 200, body = PostalOrdersReceipt), WriteErrors)
)]
#[put("/postal-games/{id}/orders", wrap = "crate::http::access::checked()")]
pub async fn send(
    state: web::Data<AppState>,
    from: OrdersFrom,
    id: web::Path<i64>,
    body: JsonBody<PostalOrdersInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let receipt = state
        .write(move |conn| {
            let sender = match &from {
                OrdersFrom::Master(writer) => Sender::Master(&writer.token_name),
                OrdersFrom::Hare(hare) => Sender::Hare(hare),
            };
            postal::send(conn, id, sender, body.0)
        })
        .await?;
    Ok(HttpResponse::Ok().json(receipt))
}

/// Resolve the game's next round now, with the orders sent for it (a hare without orders
/// hops one field: NMR). `round` must be that round: a second click is 409, not a second
/// round. The last round makes the game a Hase und Igel result of its league.
#[utoipa::path(
    operation_id = "resolve_postal_round",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id"), ReportParams),
    request_body = PostalResolveInput,
    responses((status = 200, body = PostalRound), WriteErrors)
)]
#[post("/postal-games/{id}/resolve", wrap = "crate::http::access::checked()")]
pub async fn resolve(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    params: Params<ReportParams>,
    body: JsonBody<PostalResolveInput>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let lang = lang_of(params.0);
    let round = body.0.round;
    let resolved = state
        .write(move |conn| {
            postal::resolve(conn, id, Trigger::Master { token: &writer.token_name, round })?;
            Ok((postal::get(conn, id)?, postal::round(conn, id, round, lang)?))
        })
        .await?;
    Ok(HttpResponse::Ok().json(worded(resolved, lang)))
}

/// A resolved round: the orders it was resolved with, the report phase by phase, the
/// hares after it. 404 until it is resolved.
#[utoipa::path(
    operation_id = "get_postal_round",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id"), ("round" = u32, Path, description = "Round"), ReportParams),
    responses((status = 200, body = PostalRound), ReadErrors)
)]
#[get("/postal-games/{id}/rounds/{round}", wrap = "crate::http::access::checked()")]
pub async fn get_round(
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    params: Params<ReportParams>,
) -> Result<HttpResponse> {
    let (id, round) = path.into_inner();
    let lang = lang_of(params.0);
    let found = state.db(move |conn| Ok((postal::get(conn, id)?, postal::round(conn, id, round, lang)?))).await?;
    Ok(HttpResponse::Ok().json(worded(found, lang)))
}

/// A round with its whole report in words, as the game master sends it.
fn worded((game, mut round): (PostalGame, PostalRound), lang: postspiel::Lang) -> PostalRound {
    let lang = match lang {
        postspiel::Lang::De => Lang::De,
        postspiel::Lang::En => Lang::En,
    };
    round.text = render::postal::round_text(&game, &round, lang);
    round
}

/// The game's resolved rounds as an Atom feed (RFC 4287), the latest first: an entry per
/// round, linking to its report page. ETag and 304 as for standings.
#[utoipa::path(
    operation_id = "postal_game_feed",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id"), FeedParams, IfNoneMatch),
    responses(
        (status = 200, description = "An Atom feed", content_type = "application/atom+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/postal-games/{id}/rounds.atom", wrap = "crate::http::access::checked()")]
pub async fn rounds_atom(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: Params<FeedParams>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let lang = params.0.lang.unwrap_or_default();
    let game = state.db(move |conn| postal::get(conn, id)).await?;
    let feed = state
        .postal_pages
        .get(id, game.round, Shown::Feed(lang), || async {
            let (rounds, instance) = state
                .db(move |conn| Ok((postal::rounds(conn, id, report_lang(lang))?, instance::instance_id(conn)?)))
                .await?;
            // Never from Host or Forwarded: the answer is kept and cached publicly, for
            // every client; and the same for every query spelling of this feed.
            let base = PublicUrl::base(state.public_url.as_ref());
            let query = if lang == Lang::En { "?lang=en" } else { "" };
            let self_url = format!("{base}/api/v1/postal-games/{id}/rounds.atom{query}");
            let feed = render::postal::Feed {
                instance: &instance,
                self_url: &self_url,
                base,
                game: &game,
                rounds: &rounds,
                lang,
            };
            Ok(render::postal::feed(&feed).into_bytes())
        })
        .await?;
    Ok(conditional::respond_compressed(&req, &feed, REVALIDATE, "application/atom+xml; charset=utf-8"))
}

/// The game as a page: the hares as they stand, and every resolved round with its orders
/// and report, the latest first.
#[utoipa::path(
    operation_id = "postal_game_page",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id"), LookParams, IfNoneMatch),
    responses(
        (status = 200, description = "The game as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/postal-games/{id}", wrap = "crate::http::access::checked()")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: Params<LookParams>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let (lang, theme) = (params.0.lang.unwrap_or_default(), params.0.theme.unwrap_or_default());
    let game = state.db(move |conn| postal::get(conn, id)).await?;
    let html = state
        .postal_pages
        .get(id, game.round, Shown::Game(lang, theme), || async {
            let rounds = state.db(move |conn| postal::rounds(conn, id, report_lang(lang))).await?;
            Ok(render::postal::game_page(&game, &rounds, lang, theme).into_bytes())
        })
        .await?;
    Ok(policy::compressed_page(&req, &html))
}

/// One resolved round's report as a page. 404 until it is resolved.
#[utoipa::path(
    operation_id = "postal_round_page",
    tag = "postal",
    params(("id" = i64, Path, description = "Postal game id"), ("round" = u32, Path, description = "Round"), LookParams, IfNoneMatch),
    responses(
        (status = 200, description = "The round's report as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/postal-games/{id}/rounds/{round}", wrap = "crate::http::access::checked()")]
pub async fn round_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, u32)>,
    params: Params<LookParams>,
) -> Result<HttpResponse> {
    let (id, round) = path.into_inner();
    let (lang, theme) = (params.0.lang.unwrap_or_default(), params.0.theme.unwrap_or_default());
    let game = state.db(move |conn| postal::get(conn, id)).await?;
    let html = state
        .postal_pages
        .get(id, game.round, Shown::Round(round, lang, theme), || async {
            let resolved = state.db(move |conn| postal::round(conn, id, round, report_lang(lang))).await?;
            Ok(render::postal::round_page(&game, &resolved, lang, theme).into_bytes())
        })
        .await?;
    Ok(policy::compressed_page(&req, &html))
}

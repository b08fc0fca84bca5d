//! For club websites: the table as a page for an iframe, and the script that draws it
//! into the club's own page instead.

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::caller::organiser;
use crate::http::conditional;
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors, TableReadErrors};
use crate::http::extract::{LookParams, Params, refuse_team_by};
use crate::http::policy;
use crate::read::cache::{Other, View};
use crate::read::views::Ranked;
use crate::render::charts::player_chart;
use crate::render::embed::{self, Page};
use crate::render::pages::{self, TablesExtra};
use crate::render::qr;
use crate::render::{Lang, Theme};
use crate::store::passes;
use actix_web::{HttpRequest, HttpResponse, get, web};
use chrono::NaiveDate;
use serde::Deserialize;
use spielstand_core::GameKind;
use spielstand_wire::{EventReport, StandingsParams};
use std::sync::LazyLock;
use utoipa::IntoParams;

/// The script changes only with a new server version; an hour keeps club pages fast.
const SCRIPT_CACHE: &str = "public, max-age=3600";

/// Largest `limit`: more rows than any club's league has.
const MAX_LIMIT: u32 = 1000;

static SCRIPT_ETAG: LazyLock<String> = LazyLock::new(|| conditional::etag(embed::script().as_bytes()));

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmbedParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    game: Option<GameKind>,
    /// The table as it stood at the end of this day.
    as_of: Option<NaiveDate>,
    /// The table as it stood after this club night of the league (with `as_of`, the earlier day).
    after_event: Option<i64>,
    /// Language of the labels and numbers; German by default.
    #[param(inline)]
    lang: Option<Lang>,
    /// Light (the default) or dark colours.
    #[param(inline)]
    theme: Option<Theme>,
    /// Show only the first rows; the page says how many there are in all.
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

impl EmbedParams {
    /// The table's query, checked: `limit` within its bounds.
    fn table(&self) -> Result<StandingsParams> {
        if self.limit.is_some_and(|n| !(1..=MAX_LIMIT).contains(&n)) {
            return Err(Error::InvalidQuery(said!("api-limit-must-between", max_limit = MAX_LIMIT)));
        }
        Ok(StandingsParams { game: self.game, as_of: self.as_of, after_event: self.after_event, locale: None })
    }
}

/// The league table as a self-contained HTML page for an `<iframe>`: inline CSS, no
/// scripts, no external resources; responsive down to 320 px; colours as CSS custom
/// properties (`--spielstand-bg`, `--spielstand-fg`, `--spielstand-accent`, ...). Any site
/// may frame it. The same table, ETag logic and caching as the JSON.
#[utoipa::path(
    operation_id = "embed_standings",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), EmbedParams, IfNoneMatch),
    responses(
        (status = 200, description = "The table as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/embed/leagues/{id}/standings", wrap = "crate::http::access::checked()")]
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<EmbedParams>,
) -> Result<HttpResponse> {
    table_page(&state, &req, league_id.into_inner(), params.0, Ranked::Players).await
}

/// The one body of the two table pages (players, teams). Every row: made once per revision
/// (and language and colours), kept compressed; the first rows, as kept with the table.
async fn table_page(
    state: &AppState,
    req: &HttpRequest,
    league_id: i64,
    p: EmbedParams,
    ranked: Ranked,
) -> Result<HttpResponse> {
    if ranked == Ranked::Players {
        refuse_team_by(req, &format!("/embed/leagues/{league_id}/standings/teams"))?;
    }
    let table = state.views().table(league_id, &p.table()?, ranked).await?;
    let (lang, theme) = (p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    let league_name = table.league_name.as_str();
    let page: Box<dyn Fn(Option<usize>) -> String + '_> = match ranked {
        Ranked::Players => {
            let rows = table.table()?;
            Box::new(move |limit| embed::page(&Page { league_name, standings: rows, lang, theme, limit }))
        }
        Ranked::Teams => {
            let teams = table.teams()?;
            Box::new(move |limit| embed::team_page(league_name, teams, lang, theme, limit))
        }
    };
    Ok(match p.limit {
        None => policy::compressed_page(req, table.other(Other::Shown(lang, theme), || page(None).into_bytes())),
        Some(n) => {
            let n = n as usize;
            policy::compressed_page(req, &table.limited(Other::Shown(lang, theme), n, || page(Some(n)).into_bytes()))
        }
    })
}

/// The league's team table as a page of the same style (place, team with its players,
/// games, wins, points), with the same parameters, caching and policy as the table of
/// players' page.
#[utoipa::path(
    operation_id = "embed_team_standings",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), EmbedParams, IfNoneMatch),
    responses(
        (status = 200, description = "The team table as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        TableReadErrors
    )
)]
#[get("/embed/leagues/{id}/standings/teams", wrap = "crate::http::access::checked()")]
pub async fn team_standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<EmbedParams>,
) -> Result<HttpResponse> {
    table_page(&state, &req, league_id.into_inner(), params.0, Ranked::Teams).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TablesParams {
    /// Language of the labels and numbers; German by default.
    #[param(inline)]
    lang: Option<Lang>,
    /// Light (the default) or dark colours.
    #[param(inline)]
    theme: Option<Theme>,
    /// Follow the night live (the default while it is open); `false` for a printout or a
    /// screenshot: the page as it is now, with no script.
    live: Option<bool>,
}

/// A club night as a page for an iframe, in the style of the embedded table: its
/// winners, its games with their places, its own table, and the league table after it
/// with each player's move. No scripts, no external resources.
#[utoipa::path(
    operation_id = "embed_event",
    tag = "embed",
    params(("id" = i64, Path, description = "Event id"), LookParams, IfNoneMatch),
    responses(
        (status = 200, description = "The night as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/events/{id}", wrap = "crate::http::access::checked()")]
pub async fn night(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: Params<LookParams>,
) -> Result<HttpResponse> {
    night_page(&state, &req, id.into_inner(), params.0, pages::night).await
}

/// The current round of a club night as a page for a screen or a printout: large table
/// numbers, the players in seat order with the start player marked and their chances to
/// win; printed, 30 players fit one A4 page.
#[utoipa::path(
    operation_id = "embed_event_tables",
    tag = "embed",
    params(("id" = i64, Path, description = "Event id"), TablesParams, IfNoneMatch),
    responses(
        (status = 200, description = "The night's current tables as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/events/{id}/tables", wrap = "crate::http::access::checked()")]
pub async fn night_tables(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: Params<TablesParams>,
) -> Result<HttpResponse> {
    let p = params.0;
    let (report, league_name) = state.views().night(id.into_inner()).await?;
    // The join code is for the room, not for every website that embeds the page: shown
    // to the organiser signed in on this browser (the projector's laptop) only.
    let organiser = match report.event.closed_at {
        None => organiser(&req, report.event.league_id).await,
        Some(_) => None,
    };
    let event_id = report.event.id;
    let code = match organiser {
        Some(_) => state.db(move |conn| passes::current_code(conn, event_id)).await?,
        None => None,
    };
    let lang = p.lang.unwrap_or_default();
    let base = state.page_base(&req);
    let extra = TablesExtra {
        join_code: code.map_or(String::new(), |(code, _)| qr::join_section(&base, &code, lang)),
        live_script: report.event.closed_at.is_none() && p.live != Some(false),
    };
    let html = pages::night_tables(&report, &league_name, lang, p.theme.unwrap_or_default(), &extra);
    Ok(if organiser.is_some() { policy::private_live_page(html) } else { policy::live_page(&req, html) })
}

/// A page of night `id` drawn by `render` from the night's report.
async fn night_page(
    state: &AppState,
    req: &HttpRequest,
    id: i64,
    p: LookParams,
    render: fn(&EventReport, &str, Lang, Theme) -> String,
) -> Result<HttpResponse> {
    let (report, league_name) = state.views().night(id).await?;
    Ok(policy::page(req, render(&report, &league_name, p.lang.unwrap_or_default(), p.theme.unwrap_or_default())))
}

/// A player's record in a league as a page for an iframe, in the style of the embedded
/// table: overall and per game, with their rating over the season drawn inline.
#[utoipa::path(
    operation_id = "embed_player",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ("player_id" = i64, Path, description = "Player id"), LookParams, IfNoneMatch),
    responses(
        (status = 200, description = "The player as an HTML page", content_type = "text/html", body = String, headers(("ETag" = String), ("Cache-Control" = String), ("Content-Security-Policy" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/players/{player_id}", wrap = "crate::http::access::checked()")]
pub async fn player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    params: Params<LookParams>,
) -> Result<HttpResponse> {
    let (league_id, player_id) = path.into_inner();
    let p = params.0;
    let (lang, theme) = (p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    let views = state.views();
    let stats = views.get(league_id, View::PlayerStats { player_id }).await?;
    let line = views.player_line(league_id, player_id, None).await?;
    let (record, rating) = (stats.stats()?, line.player_line()?);
    let page = || pages::player(record, &line.league_name, &player_chart(rating, None, lang, theme), lang, theme);
    // Of one revision (a write may land between the two reads): made once, kept with the
    // player's statistics; else made for this request.
    if stats.revision != line.revision {
        return Ok(policy::page(&req, page()));
    }
    Ok(policy::compressed_page(&req, stats.other(Other::Shown(lang, theme), || page().into_bytes())))
}

/// A small script (no dependencies) that draws a league table into every
/// `<div data-spielstand-league="ID">` of the page that loads it, reading the JSON from
/// this server across origins. Optional attributes: `data-spielstand-game`,
/// `data-spielstand-as-of`, `data-spielstand-lang`, `data-spielstand-theme`,
/// `data-spielstand-limit`.
#[utoipa::path(
    operation_id = "embed_script",
    tag = "embed",
    params(IfNoneMatch),
    responses(
        (status = 200, description = "The script", content_type = "text/javascript", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
    )
)]
#[get("/embed/spielstand.js", wrap = "crate::http::access::checked()")]
pub async fn script(req: HttpRequest) -> HttpResponse {
    let body = embed::script().as_bytes();
    let mut response = conditional::respond(
        &req,
        &SCRIPT_ETAG,
        SCRIPT_CACHE,
        "text/javascript; charset=utf-8",
        web::Bytes::from_static(body),
    );
    policy::embeddable(&mut response);
    response
}

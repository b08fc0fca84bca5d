//! Pictures of a season for club websites, server-rendered SVG: every player's rating,
//! the points race, one player's rating with its uncertainty. Drawn from lines that are
//! views of the league's state, computed once per revision; the picture itself is drawn
//! per request in the asked-for language and colours (a few kilobytes of text).

use crate::cache::{CachedStandings, View, ViewData};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::ReadErrors;
use crate::http::extract::Params;
use crate::render::svg::{Chart, Series, line_chart};
use crate::render::{Labels, Lang, Theme};
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use spielstand_core::{GameKind, Lines, RatingLine};
use utoipa::IntoParams;

/// Most lines in one picture: more cannot be told apart.
pub const MAX_LINES: u32 = 20;
const DEFAULT_LINES: u32 = 8;

/// Nothing in a picture runs or loads, even when it is opened on its own.
const SVG_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChartParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    game: Option<GameKind>,
    /// Lines for the first players of the current table, 1 to 20 (default 8).
    #[param(minimum = 1, maximum = 20)]
    limit: Option<u32>,
    /// Language of the labels, numbers and dates; German by default.
    #[param(inline)]
    lang: Option<Lang>,
    /// Light (the default) or dark colours.
    #[param(inline)]
    theme: Option<Theme>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerChartParams {
    /// Only this game's results (Mensch and Ghostbuster together if the league says so).
    game: Option<GameKind>,
    /// Language of the labels, numbers and dates; German by default.
    #[param(inline)]
    lang: Option<Lang>,
    /// Light (the default) or dark colours.
    #[param(inline)]
    theme: Option<Theme>,
}

fn limit(asked: Option<u32>) -> Result<usize> {
    match asked {
        Some(n) if !(1..=MAX_LINES).contains(&n) => {
            Err(Error::InvalidQuery(format!("limit: must be between 1 and {MAX_LINES}")))
        }
        n => Ok(n.unwrap_or(DEFAULT_LINES) as usize),
    }
}

/// The picture as a response: ETag over its bytes, 304, embeddable anywhere.
fn respond(req: &HttpRequest, svg: String) -> HttpResponse {
    let etag = conditional::etag(svg.as_bytes());
    let mut response = conditional::respond(req, &etag, REVALIDATE, "image/svg+xml; charset=utf-8", svg.into());
    super::embed::embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(SVG_POLICY));
    response
}

/// The lines a rating view holds.
pub fn rating_lines(view: &CachedStandings) -> Result<&[RatingLine]> {
    match &view.data {
        ViewData::Ratings(lines) => Ok(lines),
        _ => Err(Error::Internal("a rating view without its lines".into())),
    }
}

/// A title that says which game, when it is one.
fn titled(title: &str, game: Option<GameKind>) -> String {
    game.map_or_else(|| title.to_owned(), |g| format!("{title} · {}", g.name()))
}

/// One player's rating drawn with its uncertainty band, as the player page shows it.
pub fn player_chart(line: &RatingLine, game: Option<GameKind>, lang: Lang, theme: Theme) -> String {
    let l = lang.labels();
    let series: Vec<Series> = Some(line)
        .filter(|line| !line.points.is_empty())
        .map(|line| Series {
            label: &line.player,
            points: line.points.iter().map(|p| (p.date, p.skill.rating_display)).collect(),
            band: Some(
                line.points
                    .iter()
                    .map(|p| {
                        let spread = 3.0 * p.skill.rating_uncertainty;
                        (p.skill.rating - spread, p.skill.rating + spread)
                    })
                    .collect(),
            ),
        })
        .into_iter()
        .collect();
    let title = titled(&l.player_chart.replace("{player}", &line.player), game);
    let chart = Chart { title, note: Some(l.band), measure: l.rating, series, lang, theme, decimals: 1 };
    line_chart(&chart)
}

/// Each of the league's leading players' rating (estimate - 3 x uncertainty) over the
/// season, one line per player labelled at its end: one point per day played. No
/// scripts, no external fonts; `<title>` and `<desc>` for screen readers. ETag and 304
/// as for the embedded table.
#[utoipa::path(
    operation_id = "embed_ratings_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ChartParams, ("If-None-Match" = Option<String>, Header, nullable = false, description = "An ETag from an earlier answer: 304 if the representation has not changed")),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String), ("Cache-Control" = String))),
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/ratings.svg")]
pub async fn ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<ChartParams>,
) -> Result<HttpResponse> {
    let p = params.0;
    let view = View::Ratings { game: p.game, lines: Lines::Top(limit(p.limit)?) };
    let cached = state.tables.get(&state.pool, league_id.into_inner(), view).await?;
    let series = rating_lines(&cached)?
        .iter()
        .map(|line| Series {
            label: &line.player,
            points: line.points.iter().map(|p| (p.date, p.skill.rating_display)).collect(),
            band: None,
        })
        .collect();
    Ok(league_picture(&req, &p, &cached.league_name, |l| (l.rating_chart, l.rating), series))
}

/// A league's picture of `series` in the asked-for language and colours; `labels` picks
/// its title and what the values are.
fn league_picture(
    req: &HttpRequest,
    p: &ChartParams,
    league_name: &str,
    labels: fn(&Labels) -> (&'static str, &'static str),
    series: Vec<Series>,
) -> HttpResponse {
    let (lang, theme) = (p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    let (title, measure) = labels(lang.labels());
    let title = titled(&format!("{league_name} – {title}"), p.game);
    respond(req, line_chart(&Chart { title, note: None, measure, series, lang, theme, decimals: 1 }))
}

/// The points race: each leading player's league points so far, by date, one line per
/// player labelled at its end. As `ratings.svg` otherwise.
#[utoipa::path(
    operation_id = "embed_race_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ChartParams, ("If-None-Match" = Option<String>, Header, nullable = false, description = "An ETag from an earlier answer: 304 if the representation has not changed")),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String), ("Cache-Control" = String))),
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/race.svg")]
pub async fn race(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<ChartParams>,
) -> Result<HttpResponse> {
    let p = params.0;
    let view = View::Race { game: p.game, top: limit(p.limit)? };
    let cached = state.tables.get(&state.pool, league_id.into_inner(), view).await?;
    let ViewData::Race(lines) = &cached.data else {
        return Err(Error::Internal("a race view without its lines".into()));
    };
    let series = lines
        .iter()
        .map(|line| Series {
            label: &line.player,
            points: line.points.iter().map(|p| (p.date, p.points)).collect(),
            band: None,
        })
        .collect();
    Ok(league_picture(&req, &p, &cached.league_name, |l| (l.race_chart, l.points), series))
}

/// The league's rating line of one player.
pub async fn player_line(
    state: &AppState,
    league_id: i64,
    player_id: i64,
    game: Option<GameKind>,
) -> Result<std::sync::Arc<CachedStandings>> {
    state.tables.get(&state.pool, league_id, View::Ratings { game, lines: Lines::Player(player_id) }).await
}

/// One player's rating in the league over the season (estimate - 3 x uncertainty), with
/// the band where their skill likely lies (estimate ± 3 x uncertainty). As `ratings.svg`
/// otherwise.
#[utoipa::path(
    operation_id = "embed_player_ratings_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ("player_id" = i64, Path, description = "Player id"), PlayerChartParams, ("If-None-Match" = Option<String>, Header, nullable = false, description = "An ETag from an earlier answer: 304 if the representation has not changed")),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String), ("Cache-Control" = String))),
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/players/{player_id}/ratings.svg")]
pub async fn player_ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    params: Params<PlayerChartParams>,
) -> Result<HttpResponse> {
    let (league_id, player_id) = path.into_inner();
    let p = params.0;
    let cached = player_line(&state, league_id, player_id, p.game).await?;
    let svg = player_chart(player_of(&cached)?, p.game, p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    Ok(respond(&req, svg))
}

/// The one line of a player's rating view (empty for a player without games).
pub fn player_of(cached: &CachedStandings) -> Result<&RatingLine> {
    rating_lines(cached)?.first().ok_or_else(|| Error::Internal("a player's rating view without the player".into()))
}

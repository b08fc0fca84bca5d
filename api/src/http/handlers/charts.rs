//! Pictures of a season for club websites, server-rendered SVG: every player's rating,
//! the points race, one player's rating with its uncertainty. Drawn from lines that are
//! views of the league's state, computed once per revision; the picture itself is drawn
//! per request in the asked-for language and colours (a few kilobytes of text).

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors};
use crate::http::extract::Params;
use crate::http::policy;
use crate::read::cache::{CachedView, Other, View};
use crate::render::charts::{player_chart, titled};
use crate::render::svg::{Chart, Series, line_chart};
use crate::render::{Lang, Theme};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use spielstand_core::{GameKind, Lines};
use utoipa::IntoParams;

/// Most lines in one picture: more cannot be told apart.
pub const MAX_LINES: u32 = 20;
const DEFAULT_LINES: u32 = 8;

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
            Err(Error::InvalidQuery(said!("api-limit-must-between-2", max_lines = MAX_LINES)))
        }
        n => Ok(n.unwrap_or(DEFAULT_LINES) as usize),
    }
}

/// Each of the league's leading players' rating (estimate - 3 x uncertainty) over the
/// season, one line per player labelled at its end: one point per day played. No
/// scripts, no external fonts; `<title>` and `<desc>` for screen readers. ETag and 304
/// as for the embedded table.
#[utoipa::path(
    operation_id = "embed_ratings_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ChartParams, IfNoneMatch),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/ratings.svg", wrap = "crate::http::access::checked()")]
pub async fn ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<ChartParams>,
) -> Result<HttpResponse> {
    league_picture(&state, &req, league_id.into_inner(), params.0, Picture::Ratings).await
}

/// Which picture of the league's leading players: their ratings or their points race.
#[derive(Clone, Copy)]
enum Picture {
    Ratings,
    Race,
}

/// The one body of the league's pictures: the view of `picture`, its lines drawn in the
/// asked-for language and colours once per revision, language and colours, and kept
/// compressed with the view.
async fn league_picture(
    state: &AppState,
    req: &HttpRequest,
    league_id: i64,
    p: ChartParams,
    picture: Picture,
) -> Result<HttpResponse> {
    let top = limit(p.limit)?;
    let view = match picture {
        Picture::Ratings => View::Ratings { game: p.game, lines: Lines::Top(top) },
        Picture::Race => View::Race { game: p.game, top },
    };
    let cached = state.views().get(league_id, view).await?;
    let series = series(&cached, picture)?;
    let (lang, theme) = (p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    let svg = cached.other(Other::Shown(lang, theme), || {
        let l = lang.labels();
        let (title, measure) = match picture {
            Picture::Ratings => (l.rating_chart, l.rating),
            Picture::Race => (l.race_chart, l.points),
        };
        let title = titled(&format!("{} – {title}", cached.league_name), p.game);
        line_chart(&Chart { title, note: None, measure, series: series(), lang, theme, decimals: 1 }).into_bytes()
    });
    Ok(policy::compressed_picture(req, svg))
}

/// A picture's lines, made when it is drawn.
type Drawn<'a> = Box<dyn FnOnce() -> Vec<Series<'a>> + 'a>;

/// The lines of `picture` in `cached`, each a player's (day, value) points, taken only when
/// the picture is drawn.
fn series<'a>(cached: &'a CachedView, picture: Picture) -> Result<Drawn<'a>> {
    Ok(match picture {
        Picture::Ratings => {
            let lines = cached.rating_lines()?;
            Box::new(|| {
                lines
                    .iter()
                    .map(|l| line(&l.player, l.points.iter().map(|p| (p.date, p.skill.rating_display))))
                    .collect()
            })
        }
        Picture::Race => {
            let lines = cached.race()?;
            Box::new(|| lines.iter().map(|l| line(&l.player, l.points.iter().map(|p| (p.date, p.points)))).collect())
        }
    })
}

/// One player's line of a picture, labelled with their name.
fn line<'a>(player: &'a str, points: impl Iterator<Item = (chrono::NaiveDate, f64)>) -> Series<'a> {
    Series { label: player, points: points.collect(), band: None }
}

/// The points race: each leading player's league points so far, by date, one line per
/// player labelled at its end. As `ratings.svg` otherwise.
#[utoipa::path(
    operation_id = "embed_race_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ChartParams, IfNoneMatch),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/race.svg", wrap = "crate::http::access::checked()")]
pub async fn race(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<ChartParams>,
) -> Result<HttpResponse> {
    league_picture(&state, &req, league_id.into_inner(), params.0, Picture::Race).await
}

/// One player's rating in the league over the season (estimate - 3 x uncertainty), with
/// the band where their skill likely lies (estimate ± 3 x uncertainty). As `ratings.svg`
/// otherwise.
#[utoipa::path(
    operation_id = "embed_player_ratings_chart",
    tag = "embed",
    params(("id" = i64, Path, description = "League id"), ("player_id" = i64, Path, description = "Player id"), PlayerChartParams, IfNoneMatch),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/embed/leagues/{id}/players/{player_id}/ratings.svg", wrap = "crate::http::access::checked()")]
pub async fn player_ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    params: Params<PlayerChartParams>,
) -> Result<HttpResponse> {
    let (league_id, player_id) = path.into_inner();
    let p = params.0;
    let cached = state.views().player_line(league_id, player_id, p.game).await?;
    let svg = player_chart(cached.player_line()?, p.game, p.lang.unwrap_or_default(), p.theme.unwrap_or_default());
    Ok(policy::picture(&req, svg))
}

//! What a league says about its players beyond the table: head-to-head records and one
//! player's statistics. Both are views of the same per-league state as the tables,
//! rendered once per league revision, with the tables' ETags and 304s.

use crate::error::Result;
use crate::http::AppState;
use crate::http::conditional::{self, REVALIDATE};
use crate::http::docs::{IfNoneMatch, NotModified, ReadErrors};
use crate::http::extract::{Params, paging_within};
use crate::read::cache::View;
use actix_web::{HttpRequest, HttpResponse, get, web};
use spielstand_core::Lines;
use spielstand_wire::{
    DEFAULT_PAIRS_PER_PAGE, GameParams, HeadToHead, HeadToHeadParams, LeaguePlayerRatings, LeaguePlayerStats,
    LeagueRatingAccuracy, MAX_PAIRS_PER_PAGE,
};

/// The view of `league_id` at its current revision, as JSON with its ETag.
async fn respond(state: &AppState, req: &HttpRequest, league_id: i64, view: View) -> Result<HttpResponse> {
    conditional::respond_view(req, &state.views().served(league_id, view).await?, REVALIDATE, "application/json")
}

/// For every two players who played together: their games, how often each placed above
/// the other, and ties. In a game of several, a player beats every player placed below.
/// Pairs are listed once, the one higher in the table first, in table order; with
/// `player`, only that player's pairs, the player first. Paged: 1000 pairs a page unless
/// `per_page` says otherwise (a league of 500 players has 124,750 pairs), `total` counts
/// them all.
#[utoipa::path(
    operation_id = "get_head_to_head",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), HeadToHeadParams, IfNoneMatch),
    responses(
        (status = 200, body = HeadToHead, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/head-to-head", wrap = "crate::http::access::checked()")]
pub async fn head_to_head(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<HeadToHeadParams>,
) -> Result<HttpResponse> {
    let HeadToHeadParams { game, player, page, per_page } = params.0;
    let (page, per_page) = paging_within(page, per_page, DEFAULT_PAIRS_PER_PAGE, MAX_PAIRS_PER_PAGE)?;
    respond(&state, &req, league_id.into_inner(), View::HeadToHead { game, player, page, per_page }).await
}

/// One player's record in a league, overall and per game: played, wins, win rate,
/// average, best and worst place, points, current and longest winning streak, the rating
/// now and its change over the player's last night. A player without games in the
/// league has `overall: null` and no games.
#[utoipa::path(
    operation_id = "get_player_stats",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), ("player_id" = i64, Path, description = "Player id"), IfNoneMatch),
    responses(
        (status = 200, body = LeaguePlayerStats, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/players/{player_id}/stats", wrap = "crate::http::access::checked()")]
pub async fn player_stats(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    let (league_id, player_id) = path.into_inner();
    respond(&state, &req, league_id, View::PlayerStats { player_id }).await
}

/// One player's rating in a league at the end of every day they played, oldest first:
/// the line `ratings.svg` draws, as JSON (the CLI's sparkline). Computed with the
/// league's tables, kept up to date by each new result.
#[utoipa::path(
    operation_id = "get_player_league_ratings",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), ("player_id" = i64, Path, description = "Player id"), GameParams, IfNoneMatch),
    responses(
        (status = 200, body = LeaguePlayerRatings, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/players/{player_id}/ratings", wrap = "crate::http::access::checked()")]
pub async fn player_league_ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    params: Params<GameParams>,
) -> Result<HttpResponse> {
    let (league_id, player_id) = path.into_inner();
    respond(&state, &req, league_id, View::Ratings { game: params.0.game, lines: Lines::Player(player_id) }).await
}

/// How good the ratings are: over the table's games in date order, the win probabilities
/// predicted from the ratings just before each game against what happened: `games`,
/// `favourite_won` (the share of games a player with the highest predicted probability
/// won), `log_loss` (the mean of -ln of the summed probability of the winners) and
/// `brier`, with the same for the uniform guess as `baseline`. Kept up to date with the
/// ratings, per league revision.
#[utoipa::path(
    operation_id = "get_rating_accuracy",
    tag = "standings",
    params(("id" = i64, Path, description = "League id"), GameParams, IfNoneMatch),
    responses(
        (status = 200, body = LeagueRatingAccuracy, headers(("ETag" = String), ("Cache-Control" = String))),
        NotModified,
        ReadErrors
    )
)]
#[get("/leagues/{id}/ratings/accuracy", wrap = "crate::http::access::checked()")]
pub async fn rating_accuracy(
    state: web::Data<AppState>,
    req: HttpRequest,
    league_id: web::Path<i64>,
    params: Params<GameParams>,
) -> Result<HttpResponse> {
    respond(&state, &req, league_id.into_inner(), View::Accuracy { game: params.0.game }).await
}

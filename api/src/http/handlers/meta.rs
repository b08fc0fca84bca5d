use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::{ReadErrors, WriteErrors};
use crate::http::extract::JsonBody;
use actix_web::{HttpResponse, get, post, web};
use diesel::connection::SimpleConnection;
use spielstand_core::rangeln::{PlayerScore, play_round};
use spielstand_core::{GameInfo, GameKind};
use spielstand_wire::{Health, Ready, ScoreRequest, ScoreResponse, TokenName};

/// Is the server up and its database reachable?
#[utoipa::path(
    operation_id = "health",
    tag = "meta",
    responses((status = 200, body = Health), ReadErrors)
)]
#[get("/health", wrap = "crate::http::access::checked()")]
pub async fn health(state: web::Data<AppState>) -> Result<HttpResponse> {
    state.db(|conn| Ok(conn.batch_execute("SELECT 1")?)).await?;
    Ok(HttpResponse::Ok().json(Health { status: "ok".into(), version: env!("CARGO_PKG_VERSION").into() }))
}

/// Should this process be sent traffic? 200 once its database answers and holds exactly
/// the migrations this binary knows; 503 with the reason until then (the database does
/// not answer, migrations are pending, or a newer spielstand migrated it). `/health`
/// stays a liveness check: the process answers.
#[utoipa::path(
    operation_id = "ready",
    tag = "meta",
    responses((status = 200, body = Ready), ReadErrors)
)]
#[get("/ready", wrap = "crate::http::access::checked()")]
pub async fn ready(state: web::Data<AppState>) -> Result<HttpResponse> {
    let pool = state.pool.clone();
    // A load balancer asks often and must hear back soon: no long wait for a connection
    // (none at all while the database is known to be down).
    let checked = web::block(move || {
        let mut conn = crate::db::checkout(&pool)?;
        crate::db::migrations_current(&mut conn).map_err(|why| Error::NotReady(said!("api-migrations", why = why)))
    })
    .await
    .map_err(Error::from)
    .and_then(|r| r);
    let migrations = checked.map_err(|e| match e {
        Error::NotReady(_) => e,
        Error::Unavailable(why) => Error::NotReady(said!("api-database-does-not-answer", why = why)),
        other => Error::NotReady(said!("api-database-does-not-answer-2", other = other)),
    })?;
    // Reads work, but writes do not (a read-only or full database): not ready either.
    if let Some(why) = state.writes_failing() {
        return Err(Error::NotReady(said!("api-database-takes-no-writes", why = why)));
    }
    Ok(HttpResponse::Ok().json(Ready {
        status: "ready".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        migrations,
        replica: state.reads.replica_status(),
    }))
}

/// The server's metrics in the Prometheus text format: requests by route and status with
/// their durations, the tables' cache, single-flight waits, catch-ups and full loads,
/// database pools, the webhook queue and deliveries, the read replica's lag.
#[utoipa::path(
    operation_id = "metrics",
    tag = "meta",
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", content_type = "text/plain", body = String),
        ReadErrors
    )
)]
#[get("/metrics", wrap = "crate::http::access::checked()")]
pub async fn metrics(state: web::Data<AppState>) -> Result<HttpResponse> {
    state.reads.gauges(&state.pool);
    // Scraped while the database is away, the rest still tells what happened.
    match state.db(crate::webhooks::queue::depth).await {
        Ok(depth) => ::metrics::gauge!("spielstand_webhook_queue_depth").set(depth as f64),
        Err(e) => tracing::warn!(error = %e, "metrics: the webhook queue could not be counted"),
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(crate::telemetry::handle().render()))
}

/// The five games, with player counts and pieces.
#[utoipa::path(
    operation_id = "list_games",
    tag = "meta",
    responses((status = 200, body = Vec<GameInfo>), ReadErrors)
)]
#[get("/games", wrap = "crate::http::access::checked()")]
pub async fn games() -> HttpResponse {
    HttpResponse::Ok().json(GameKind::catalogue())
}

/// Score one Rangeln round (a board, ring counts, bare scores or the moves played)
/// without storing anything. Needs no token.
///
/// Rules beyond the schema, refused with 422: the round names exactly these players, and
/// the board, ring counts or scores are possible for that many players; bare scores must
/// be possible together on one board. Moves are refereed placement by placement and step
/// by step (the first placer is the start player), each error naming the place at fault.
/// For a board or moves the answer carries the final `board`.
#[utoipa::path(
    operation_id = "score_rangeln_round",
    tag = "rangeln",
    request_body = ScoreRequest, responses((status = 200, body = ScoreResponse), WriteErrors)
)]
#[post("/rangeln/score", wrap = "crate::http::access::checked()")]
pub async fn score(body: JsonBody<ScoreRequest>) -> Result<HttpResponse> {
    let ScoreRequest { players, round } = body.0;
    for name in &players {
        spielstand_core::check_name(name)?;
    }
    // No game around the round: a round played move by move is started by its first placer.
    let played = play_round(&round, &players, None)?;
    let scores = players.into_iter().zip(played.scores).map(|(player, score)| PlayerScore { player, score }).collect();
    let board = played.board.map(|b| b.to_string());
    let notes = played.notes.iter().map(ToString::to_string).collect();
    Ok(HttpResponse::Ok().json(ScoreResponse { scores, board, notes }))
}

/// Which write token is this? 200 with its name for a valid token, 401 for a missing or
/// unknown one, 403 for a revoked one: how a client checks a token without writing.
#[utoipa::path(
    operation_id = "check_token",
    tag = "meta",
    responses((status = 200, body = TokenName), WriteErrors)
)]
#[get("/token", wrap = "crate::http::access::checked()")]
pub async fn token(writer: Writer) -> HttpResponse {
    HttpResponse::Ok().json(TokenName { name: writer.token_name, scope: writer.scope, league_id: writer.league_id })
}

use crate::error::Result;
use crate::http::AppState;
use crate::http::caller::Writer;
use crate::http::docs::{ReadErrors, WriteErrors};
use crate::http::extract::JsonBody;
use crate::http::extract::Params;
use crate::store::{merges, players, results};
use actix_web::http::header;
use actix_web::{HttpResponse, get, patch, post, web};
use spielstand_core::{GameKind, Ratings};
use spielstand_wire::{GameRating, MergeRequest, Player, PlayerMerge, PlayerName, PlayerRatings, PlayerRatingsParams};

/// Add a player. Names are unique, compared under NFKC and full case folding ("Jörg"
/// composed or decomposed, "Groß" and "GROSS" are one name).
///
/// Rules beyond the schema: a name with a tag character or a code point Unicode has not
/// assigned is refused (422); one that looks the same as another player's name (UTS #39
/// confusables, e.g. a Cyrillic "А" for a Latin "A") is refused with 409 naming it.
#[utoipa::path(
    operation_id = "create_player",
    tag = "players",
    request_body = PlayerName,
    responses((status = 201, body = Player, headers(("Location" = String, description = "URL of the new player"))), WriteErrors)
)]
#[post("/players", wrap = "crate::http::access::checked()")]
pub async fn create(state: web::Data<AppState>, writer: Writer, body: JsonBody<PlayerName>) -> Result<HttpResponse> {
    let player = state.write(move |conn| players::create(conn, writer.actor(), &body.0.name)).await?;
    Ok(HttpResponse::Created().insert_header((header::LOCATION, format!("/api/v1/players/{}", player.id))).json(player))
}

/// All players, by name.
#[utoipa::path(
    operation_id = "list_players",
    tag = "players",
    responses((status = 200, body = Vec<Player>), ReadErrors)
)]
#[get("/players", wrap = "crate::http::access::checked()")]
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse> {
    Ok(HttpResponse::Ok().json(state.db(players::list).await?))
}

/// One player.
#[utoipa::path(
    operation_id = "get_player",
    tag = "players",
    params(("id" = i64, Path)), responses((status = 200, body = Player), ReadErrors)
)]
#[get("/players/{id}", wrap = "crate::http::access::checked()")]
pub async fn get(state: web::Data<AppState>, id: web::Path<i64>) -> Result<HttpResponse> {
    let id = id.into_inner();
    Ok(HttpResponse::Ok().json(state.db(move |conn| players::get(conn, id)).await?))
}

/// Rename a player. Stored results and standings show the new name. The name is checked
/// as when a player is added (422, and 409 for a name taken or looking the same).
#[utoipa::path(
    operation_id = "rename_player",
    tag = "players",
    params(("id" = i64, Path)),
    request_body = PlayerName,
    responses((status = 200, body = Player), WriteErrors)
)]
#[patch("/players/{id}", wrap = "crate::http::access::checked()")]
pub async fn rename(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<PlayerName>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let player = state.write(move |conn| players::rename(conn, writer.actor(), id, &body.0.name)).await?;
    Ok(HttpResponse::Ok().json(player))
}

/// Merge a duplicate player into the player kept (admin, every league): every result, in
/// every league, then counts the two as one person, the kept one; the merged name still
/// resolves to the kept player (and says so: `merged_into`). Every league touched gets new
/// revisions, so tables, ETags and webhooks follow. Undone exactly by `unmerge_player`.
///
/// Refused: into the same player (422); a player merged already or into a merged player
/// (409); two players who sat in the same game (409, naming it); a merged player checked
/// in to an open night (409).
#[utoipa::path(
    operation_id = "merge_player",
    tag = "players",
    params(("id" = i64, Path, description = "The player merged away")),
    request_body = MergeRequest,
    responses((status = 200, body = PlayerMerge), WriteErrors)
)]
#[post("/players/{id}/merge", wrap = "crate::http::access::checked()")]
pub async fn merge(
    state: web::Data<AppState>,
    writer: Writer,
    id: web::Path<i64>,
    body: JsonBody<MergeRequest>,
) -> Result<HttpResponse> {
    let (from, into) = (id.into_inner(), body.0.into);
    Ok(HttpResponse::Ok().json(state.write(move |conn| merges::merge(conn, writer.actor(), from, into)).await?))
}

/// Undo a merge (admin): exactly the seats the merge moved go back to the merged player,
/// whose name stands for itself again; results recorded in between stay with the player
/// kept. A player not merged is a 409.
#[utoipa::path(
    operation_id = "unmerge_player",
    tag = "players",
    params(("id" = i64, Path, description = "The player merged away")),
    responses((status = 200, body = PlayerMerge), WriteErrors)
)]
#[post("/players/{id}/unmerge", wrap = "crate::http::access::checked()")]
pub async fn unmerge(state: web::Data<AppState>, writer: Writer, id: web::Path<i64>) -> Result<HttpResponse> {
    let from = id.into_inner();
    Ok(HttpResponse::Ok().json(state.write(move |conn| merges::unmerge(conn, writer.actor(), from)).await?))
}

/// A player's Weng-Lin rating per game, with its history, replayed from every league's
/// results in date order (then by result id).
#[utoipa::path(
    operation_id = "player_ratings",
    tag = "players",
    params(("id" = i64, Path), PlayerRatingsParams),
    responses((status = 200, body = PlayerRatings), ReadErrors)
)]
#[get("/players/{id}/ratings", wrap = "crate::http::access::checked()")]
pub async fn ratings(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    params: Params<PlayerRatingsParams>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let as_of = params.0.as_of;
    let (player, results) =
        state.db(move |conn| Ok((players::get(conn, id)?, results::for_player_ratings(conn, id, as_of)?))).await?;
    let name = player.name.clone();
    let games = web::block(move || {
        GameKind::ALL
            .iter()
            .filter_map(|&game| {
                let history = Ratings::history(results.iter().filter(|r| r.game == game), &name);
                let current = history.last()?.skill;
                Some(GameRating { game, current, history })
            })
            .collect::<Vec<_>>()
    })
    .await?;
    Ok(HttpResponse::Ok().json(PlayerRatings { player, as_of, games }))
}

//! A club night, live: one Server-Sent Events stream per night, which phones and the
//! projector page follow (`live`), never asking again and again.

use crate::error::{Error, Result};
use crate::http::docs::StreamErrors;
use crate::http::{AppState, follow_night};
use crate::live::Follower;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use futures_util::stream as frames;
use std::time::Duration;

/// More followers than this in one process are refused (503): each holds a connection.
pub const MAX_FOLLOWERS: usize = 4096;

/// How long an address over its share of streams is asked to wait.
const SHARE_RETRY_S: u64 = 10;

/// A comment line now and then, so that proxies and phones keep an idle stream open.
const HEARTBEAT: Duration = Duration::from_secs(20);

/// Follow a club night live, as Server-Sent Events: an `event: night` frame now and after
/// every change (a result entered, confirmed, rejected or settled, a round drawn, a check-
/// in, the night closed), its `data` the night as `GET /events/{id}` answers it
/// (`report`) and the night's tables as the pages show them (`html.de`, `html.en`). The
/// stream ends once the night is closed; a closed night answers 204.
#[utoipa::path(
    operation_id = "event_stream",
    tag = "events",
    params(("id" = i64, Path, description = "Club night id")),
    responses(
        (status = 200, description = "The night's frames, as Server-Sent Events: each event as `NightStreamEvent` describes it", content_type = "text/event-stream", body = crate::http::docs::NightStreamEvent),
        (status = 204, description = "The night is closed: nothing will follow"),
        StreamErrors
    )
)]
#[get("/events/{id}/stream", wrap = "crate::http::access::checked()")]
pub async fn follow(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let night = state.db(move |conn| crate::store::events::row(conn, event_id)).await?;
    if night.closed_at.is_some() {
        return Ok(HttpResponse::NoContent().finish());
    }
    // Each address follows with its share of the places: one that opens idle streams by
    // the thousand takes nobody else's.
    let share = match state.proxies.client_of(&req) {
        Some(client) => {
            Some(state.streams.take(client).ok_or(Error::TooManyRequests(Duration::from_secs(SHARE_RETRY_S)))?)
        }
        None => None,
    };
    if state.live.followers().1 >= MAX_FOLLOWERS {
        return Err(Error::unavailable(format!("{MAX_FOLLOWERS} phones follow nights already")));
    }
    let follower = follow_night(&state, event_id);
    // The address's place goes with the stream, and is given back when it ends.
    let frames = frames::unfold((follower, true, false, share), |(follower, first, done, share)| async move {
        if done {
            return None;
        }
        let (bytes, follower, closed) = next_frame(follower, first).await?;
        Some((Ok::<_, actix_web::Error>(bytes), (follower, false, closed, share)))
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(frames))
}

/// What a follower is sent next: the first frame as soon as it is built, then one per
/// change, or a comment line when nothing changed for a while; and whether the night
/// has closed. `None` once the night's feed is gone.
async fn next_frame(mut follower: Follower, first: bool) -> Option<(web::Bytes, Follower, bool)> {
    if first {
        let _ = follower.rx.wait_for(Option::is_some).await;
        let frame = follower.rx.borrow_and_update().clone();
        let mut bytes = b"retry: 3000\n\n".to_vec();
        bytes.extend_from_slice(frame.as_deref().unwrap_or_default());
        let closed = follower.closed();
        return Some((web::Bytes::from(bytes), follower, closed));
    }
    match actix_web::rt::time::timeout(HEARTBEAT, follower.rx.changed()).await {
        Err(_) => Some((web::Bytes::from_static(b": keep-alive\n\n"), follower, false)),
        Ok(Err(_)) => None,
        Ok(Ok(())) => {
            let frame = follower.rx.borrow_and_update().clone();
            let closed = follower.closed();
            // The one frame all followers share: a reference, not a copy.
            Some((frame.unwrap_or_default(), follower, closed))
        }
    }
}

//! What a JSON handler and a page's form both do, once: record a result (with its
//! idempotency key, whoever enters it) and draw a round. Each ends by telling the night's
//! followers (`night_changed`).

use crate::error::{Error, Result};
use crate::http::caller::{Caller, PASS_COOKIE, Writer};
use crate::http::{AppState, night_changed};
use crate::store::idempotency::{self, Once};
use crate::store::passes;
use crate::store::results::{self, WriteContext};
use crate::store::seating;
use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::web;
use spielstand_core::GameRecord;
use spielstand_wire::{DrawInput, JoinInput, MAX_SEED, NightPass, Round, StoredResult, TokenScope};

/// How a result's entry was answered.
#[derive(Debug)]
pub enum Recorded {
    /// Stored now.
    Created(Box<StoredResult>),
    /// A repeat of a request with the same `Idempotency-Key`: the first answer, exactly.
    Replayed { status: u16, body: String },
}

/// Records `record` in league `league_id` as `caller` does. With an idempotency key, a
/// repeat of the same request is answered as the first was and stores nothing; a pass's
/// keys are its own (no other caller's answer can be replayed to it).
pub async fn record(
    state: &web::Data<AppState>,
    caller: &Caller,
    league_id: i64,
    record: GameRecord,
    key: Option<String>,
) -> Result<Recorded> {
    let (name, scope, pass) = match caller {
        Caller::Token(writer) => (writer.token_name.clone(), writer.scope, None),
        Caller::Pass(pass) => (pass.label(), TokenScope::Record, Some(pass.clone())),
    };
    // A pass's keys are its own: no other caller's answer can be replayed to it.
    let key = match (&pass, key) {
        (Some(pass), Some(key)) => Some(format!("pass-{}:{key}", pass.id)),
        (_, key) => key,
    };
    let fingerprint = key.as_ref().map(|_| idempotency::fingerprint(league_id, &record)).transpose()?;
    let recorded = state
        .write(move |conn| {
            let ctx = WriteContext { token_name: &name, scope, source: None, pass: pass.as_ref() };
            let create = |conn: &mut _| results::create(conn, league_id, record, &ctx);
            match (key, fingerprint) {
                (Some(key), Some(fingerprint)) => idempotency::once(conn, &key, &fingerprint, create),
                _ => create(conn).map(Once::Done),
            }
        })
        .await?;
    match recorded {
        Once::Done(stored) => {
            night_of(state, &stored);
            Ok(Recorded::Created(Box::new(stored)))
        }
        Once::Replayed { status, body } => Ok(Recorded::Replayed { status, body }),
    }
}

/// The night a result names, if any, has changed: its followers hear of it.
pub fn night_of(state: &web::Data<AppState>, stored: &StoredResult) {
    if let Some(night) = stored.record.event_id {
        night_changed(state, night);
    }
}

/// Draws round `number` of night `id` again, or a new round: the draw reads the league's
/// table and the night's points (`views`) before its write.
pub async fn draw(
    state: &web::Data<AppState>,
    writer: Writer,
    id: i64,
    number: Option<u32>,
    input: DrawInput,
) -> Result<Round> {
    let standing = state.views().draw_standing(id).await?;
    let fresh_seed = rand::random::<u64>() & MAX_SEED;
    let round = state
        .write(move |conn| seating::draw_round(conn, writer.actor(), id, number, &input, &standing, fresh_seed))
        .await?;
    night_changed(state, id);
    Ok(round)
}

/// Joins, counting a wrong code against the caller's address.
pub async fn join(state: &web::Data<AppState>, req: &HttpRequest, input: JoinInput) -> Result<NightPass> {
    let client = state.proxies.client_of(req);
    if let Some(wait) = client.and_then(|c| state.throttle.join_blocked(c)) {
        return Err(Error::TooManyRequests(wait));
    }
    let ask = input.ask_organiser.unwrap_or(false);
    match state.write(move |conn| passes::join(conn, &input.code, &input.player, ask)).await {
        Err(Error::NotFound(what)) => {
            tracing::warn!(client = %client.map_or("unknown".into(), |c| c.to_string()), "a wrong join code");
            Err(match client.and_then(|c| state.throttle.join_failed(c)) {
                Some(wait) => Error::TooManyRequests(wait),
                None => Error::NotFound(what),
            })
        }
        other => other,
    }
}

/// The pass as the pages keep it: HttpOnly (no script reads it), SameSite=Strict (no
/// other site's request carries it), Secure where the server is reached over https.
pub fn pass_cookie(state: &AppState, pass: &NightPass) -> Cookie<'static> {
    let seconds = (pass.expires_at - chrono::Utc::now()).num_seconds().max(0);
    Cookie::build(PASS_COOKIE, pass.pass.clone())
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(state.secure_cookies)
        .path("/")
        .max_age(time::Duration::seconds(seconds))
        .finish()
}

//! The organiser on a phone or tablet: signing in once with a token (typed, or the link of
//! `spielstand-api token create --qr`), their nights, and one night with everything the
//! CLI's club night does. Every action is a form post under the same rules as the API's
//! operation it does (a token of the night's league), then 303 back to the night.

use crate::error::{Error, Result};
use crate::http::actions;
use crate::http::caller::{SESSION_COOKIE, Writer, organiser};
use crate::http::docs::{PageReadErrors, PageWriteErrors};
use crate::http::forms::{self, Form, OptionalForm};
use crate::http::pages::{page, said, see_other};
use crate::http::{AppState, lang, night_changed};
use crate::render::app::entry::RangelnInput;
use crate::render::app::organiser::{self, Done, OrganiserNight};
use crate::render::app::pages;
use crate::render::app::{Text, fill};
use crate::render::qr;
use crate::store::passes::{self, SignIn};
use crate::store::results::review::{self, Reviewer};
use crate::store::results::{self, Precondition};
use crate::store::{events, leagues, players, seating};
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use spielstand_core::draw::DrawMethod;
use spielstand_wire::{DrawInput, EventInput, PlayerRef, ResultStatus, TokenScope};
use std::collections::BTreeMap;

/// The session cookie: HttpOnly, SameSite=Strict, for 30 days (or until the token is
/// revoked, or the organiser signs out).
fn session_cookie(state: &AppState, session: String, expires: chrono::NaiveDateTime) -> Cookie<'static> {
    let seconds = (expires.and_utc() - chrono::Utc::now()).num_seconds().max(0);
    Cookie::build(SESSION_COOKIE, session)
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(state.secure_cookies)
        .path("/")
        .max_age(time::Duration::seconds(seconds))
        .finish()
}

/// Sign in as organiser: paste a token. The link of `token create --qr` opens the page for
/// its one-time code instead.
#[utoipa::path(
    operation_id = "sign_in_page",
    tag = "app",
    responses((status = 200, description = "The sign-in page", content_type = "text/html", body = String))
)]
#[get("/app/sign-in", wrap = "crate::http::access::checked()")]
pub async fn sign_in_page(req: HttpRequest) -> HttpResponse {
    let (lang, _) = lang::of(&req);
    page(&req, StatusCode::OK, pages::sign_in(None, None, lang))
}

/// Sign in with a token (`token`): a session on this device, kept in an HttpOnly cookie;
/// the token itself is not kept. Failures count against the address as wrong tokens do.
#[utoipa::path(
    operation_id = "sign_in",
    tag = "app",
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`token`"),
    responses(
        (status = 303, description = "Signed in: to the organiser's page", headers(("Location" = String), ("Set-Cookie" = String))),
        (status = 401, description = "Not a token: the page again, saying so", content_type = "text/html", body = String),
        PageWriteErrors
    )
)]
#[post("/app/sign-in", wrap = "crate::http::access::checked()")]
pub async fn sign_in(state: web::Data<AppState>, req: HttpRequest, form: Form) -> Result<HttpResponse> {
    let token = form.get("token").unwrap_or("").to_owned();
    open_session(&state, &req, move |conn| passes::open_session(conn, SignIn::Token(&token)), None).await
}

/// The page of a sign-in link (`token create --qr`): a button, so that a link preview
/// cannot use the one-time code up.
#[utoipa::path(
    operation_id = "sign_in_code_page",
    tag = "app",
    params(("code" = String, Path, description = "The one-time sign-in code")),
    responses((status = 200, description = "The sign-in page", content_type = "text/html", body = String))
)]
#[get("/app/sign-in/{code}", wrap = "crate::http::access::checked()")]
pub async fn sign_in_code_page(req: HttpRequest, code: web::Path<String>) -> HttpResponse {
    let (lang, _) = lang::of(&req);
    page(&req, StatusCode::OK, pages::sign_in(Some(&code.into_inner()), None, lang))
}

/// Sign in with the one-time code of `token create --qr` (used up here, valid for 10
/// minutes).
#[utoipa::path(
    operation_id = "sign_in_code",
    tag = "app",
    params(("code" = String, Path, description = "The one-time sign-in code")),
    responses(
        (status = 303, description = "Signed in: to the organiser's page", headers(("Location" = String), ("Set-Cookie" = String))),
        (status = 401, description = "Used, expired or unknown: the page again, saying so", content_type = "text/html", body = String),
        PageWriteErrors
    )
)]
#[post("/app/sign-in/{code}", wrap = "crate::http::access::checked()")]
pub async fn sign_in_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
) -> Result<HttpResponse> {
    let code = code.into_inner();
    let shown = code.clone();
    open_session(&state, &req, move |conn| passes::open_session(conn, SignIn::Code(&code)), Some(shown)).await
}

async fn open_session(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    open: impl FnOnce(&mut crate::db::DbConn) -> Result<(String, crate::store::tokens::Caller, chrono::NaiveDateTime)>
    + Send
    + 'static,
    code: Option<String>,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let client = state.proxies.client_of(req);
    let refuse = |status: StatusCode, text: &str| page(req, status, pages::sign_in(code.as_deref(), Some(text), lang));
    if let Some(wait) = client.and_then(|c| state.throttle.blocked(c)) {
        return Ok(refuse(StatusCode::TOO_MANY_REQUESTS, &Error::TooManyRequests(wait).to_string()));
    }
    match state.write(open).await {
        Ok((session, _, expires)) => {
            let mut response = see_other("/app/organiser");
            let _ = response.add_cookie(&session_cookie(state, session, expires));
            Ok(response)
        }
        Err(e @ (Error::UnknownToken | Error::Revoked(_) | Error::PassEnded { .. } | Error::Unauthorized)) => {
            tracing::warn!(client = %client.map_or("unknown".into(), |c| c.to_string()), error = %e, "failed sign-in");
            let status = match client.and_then(|c| state.throttle.auth_failed(c)) {
                Some(_) => StatusCode::TOO_MANY_REQUESTS,
                None => StatusCode::UNAUTHORIZED,
            };
            Ok(refuse(status, &said(&e, lang)))
        }
        Err(e) => Err(e),
    }
}

/// Sign out: the session ends on this device.
#[utoipa::path(
    operation_id = "sign_out",
    tag = "app",
    responses((status = 303, description = "Signed out: to the start page", headers(("Location" = String), ("Set-Cookie" = String))), PageWriteErrors)
)]
#[post("/app/sign-out", wrap = "crate::http::access::checked()")]
pub async fn sign_out(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse> {
    if let Some(session) = req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned()) {
        state.write(move |conn| passes::end_session(conn, &session)).await?;
    }
    let mut response = see_other("/");
    let _ = response.add_removal_cookie(&Cookie::build(SESSION_COOKIE, "").path("/").finish());
    Ok(response)
}

/// The organiser signed in here (any league), or the sign-in page.
async fn signed_in(state: &web::Data<AppState>, req: &HttpRequest) -> Option<crate::store::tokens::Caller> {
    let session = req.cookie(SESSION_COOKIE)?.value().to_owned();
    state.db(move |conn| passes::session_caller(conn, &session)).await.ok()
}

/// The organiser's page: the open nights of their leagues, and starting a new one.
#[utoipa::path(
    operation_id = "organiser_page",
    tag = "app",
    responses(
        (status = 200, description = "The organiser's nights", content_type = "text/html", body = String),
        (status = 303, description = "Not signed in: to the sign-in page", headers(("Location" = String)))
    )
)]
#[get("/app/organiser", wrap = "crate::http::access::checked()")]
pub async fn home(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let Some(caller) = signed_in(&state, &req).await else { return Ok(see_other("/app/sign-in")) };
    let own = caller.league_id;
    let leagues = state
        .db(move |conn| {
            leagues::list(conn)?
                .into_iter()
                .filter(|l| own.is_none_or(|own| own == l.id))
                .map(|league| {
                    let nights = events::list(conn, league.id)?;
                    Ok((league, nights))
                })
                .collect::<Result<Vec<_>>>()
        })
        .await?;
    let today = chrono::Local::now().date_naive();
    Ok(page(&req, StatusCode::OK, organiser::home(&caller.name, &leagues, today, None, lang)))
}

/// Start a night in league `id` (`title`, `date`): on to it.
#[utoipa::path(
    operation_id = "organiser_start_night",
    tag = "app",
    params(("id" = i64, Path, description = "League id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`title`, `date`"),
    responses((status = 303, description = "Started: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/leagues/{id}/nights", wrap = "crate::http::access::checked()")]
pub async fn start_night(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    let league_id = id.into_inner();
    let (lang, _) = lang::of(&req);
    let date = form.get("date").and_then(|d| d.parse().ok()).unwrap_or_else(|| chrono::Local::now().date_naive());
    let title = form.get("title").unwrap_or(Text::of(lang).default_title).to_owned();
    let input = EventInput { title, date, location: None };
    match state.write(move |conn| events::create(conn, writer.actor(), league_id, &input)).await {
        Ok(event) => Ok(see_other(&format!("/app/organiser/nights/{}?done={}", event.id, Done::Started.slug()))),
        Err(e) => Ok(page(
            &req,
            e.status(),
            pages::message(Text::of(lang).error_title, &said(&e, lang), "/app/organiser", lang),
        )),
    }
}

/// One night, for its organiser: check-in by tapping, the join code, the draw, each
/// table's state with what to do about it, the passes, closing the night.
#[utoipa::path(
    operation_id = "organiser_night",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id")),
    responses(
        (status = 200, description = "The night, for its organiser", content_type = "text/html", body = String),
        (status = 303, description = "Not signed in for its league: to the sign-in page", headers(("Location" = String))),
        PageReadErrors
    )
)]
#[get("/app/organiser/nights/{id}", wrap = "crate::http::access::checked()")]
pub async fn night_for_organiser(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: crate::http::extract::Params<DoneParams>,
) -> Result<HttpResponse> {
    night_page(&state, &req, id.into_inner(), Err(params.0.done), StatusCode::OK).await
}

#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DoneParams {
    /// What the organiser's last action did, said at the top of the page.
    done: Option<Done>,
    /// `de` or `en` (remembered).
    #[allow(dead_code)] // Read by `lang::of`, which every page asks.
    lang: Option<String>,
}

/// The night for its organiser: with a refusal (`Ok`), or with what the last action did.
async fn night_page(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    event_id: i64,
    said_first: std::result::Result<&str, Option<Done>>,
    status: StatusCode,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let row = state.db(move |conn| events::row(conn, event_id)).await?;
    let Some(signed_in) = organiser(req, row.league_id).await else {
        return Ok(see_other("/app/sign-in"));
    };
    let may_close =
        signed_in.scope == TokenScope::Admin || row.created_by.as_deref() == Some(signed_in.token_name.as_str());
    let (report, league) = state.views().night(event_id).await?;
    let league_id = row.league_id;
    let (rules, mut everyone, passes_given, entered, code, asked) = state
        .db(move |conn| {
            Ok((
                leagues::row(conn, league_id)?.rules()?,
                players::list(conn)?,
                passes::list(conn, event_id)?,
                results::entered_at(conn, event_id)?,
                passes::current_code(conn, event_id)?,
                passes::asked_names(conn, event_id)?,
            ))
        })
        .await?;
    crate::render::collation::sort_by_name(&mut everyone, lang, |p| &p.name);
    let base = state.page_base(req);
    let live = crate::render::pages::live_tables(&report, &league, lang);
    let html = organiser::night(
        &OrganiserNight {
            report: &report,
            league: &league,
            rules: &rules,
            players: &everyone,
            join_code: code.map(|(code, _)| qr::join_section(&base, &code, lang)),
            passes: &passes_given,
            entered: &entered,
            live: &live,
            error: said_first.ok(),
            done: said_first.err().flatten(),
            asked: &asked,
            may_close,
            unreachable: crate::http::public_url::loopback(&base).then(|| base.clone()),
        },
        lang,
    );
    Ok(page(req, status, html))
}

/// After a form: back to the night, saying what the action did; or the night again,
/// saying why it was refused. Every organiser action ends here.
async fn back_to_night(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    event_id: i64,
    done: Result<Done>,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    match done {
        Ok(done) => {
            night_changed(state, event_id);
            Ok(see_other(&format!("/app/organiser/nights/{event_id}?done={}", done.slug())))
        }
        Err(e) => night_page(state, req, event_id, Ok(&said(&e, lang)), e.status()).await,
    }
}

/// An organiser's action on night `event_id`: `step` in one write, then back to the night
/// saying what it did or why it was refused. Every form of the night but the draw (which
/// writes through the API's own action) goes through here.
async fn act<F>(state: &web::Data<AppState>, req: &HttpRequest, event_id: i64, step: F) -> Result<HttpResponse>
where
    F: FnOnce(&mut crate::db::DbConn) -> Result<Done> + Send + 'static,
{
    let done = state.write(step).await;
    back_to_night(state, req, event_id, done).await
}

/// The player of `name`: the one known by it, else a new one (a name typed at the door).
fn known_or_new(conn: &mut crate::db::DbConn, actor: crate::store::audit::Actor<'_>, name: &str) -> Result<i64> {
    match players::resolve(conn, &[("name".into(), name.to_owned())]) {
        Ok(found) => Ok(found[0].id),
        Err(Error::UnknownPlayers(_)) => Ok(players::create(conn, actor, name)?.id),
        Err(e) => Err(e),
    }
}

/// Check a player in (`present=yes`) or out (`present=no`) by id (`player`), or add a new
/// player by name (`name`) and check them in.
#[utoipa::path(
    operation_id = "organiser_attendees",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`player` and `present`, or `name`"),
    responses((status = 303, description = "Done: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/attendees", wrap = "crate::http::access::checked()")]
pub async fn attendees(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let player = form.get("player").and_then(|p| p.parse::<i64>().ok());
    let present = form.get("present") != Some("no");
    let name = form.get("name").map(str::to_owned);
    act(&state, &req, event_id, move |conn| {
        let player = match (player, name) {
            (Some(player), _) if present => player,
            (Some(player), _) => {
                seating::check_out(conn, writer.actor(), event_id, player)?;
                return Ok(Done::CheckedOut);
            }
            (None, Some(name)) => known_or_new(conn, writer.actor(), &name)?,
            (None, None) => return Err(Error::InvalidBody(said!("api-player-tap-name-type-new"))),
        };
        seating::check_in(conn, writer.actor(), event_id, &[PlayerRef::Id(player)])?;
        Ok(Done::CheckedIn)
    })
    .await
}

/// Make a new join code for the night (the old one stops working).
#[utoipa::path(
    operation_id = "organiser_join_code",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id")),
    responses((status = 303, description = "Made: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/join-code", wrap = "crate::http::access::checked()")]
pub async fn join_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let base = state.page_base(&req);
    act(&state, &req, event_id, move |conn| {
        passes::create_join_code(conn, writer.actor(), &writer.token_name, event_id, true, |code| {
            format!("{base}/n/{}", passes::shown_code(code))
        })
        .map(|_| Done::JoinCode)
    })
    .await
}

/// Draw the next round: `game`, `method` (`balanced`, `random`, `swiss`), `size` (or
/// empty), `pins` (one `Name=table` per line).
#[utoipa::path(
    operation_id = "organiser_draw",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`game`, `method`, `size`, `pins`"),
    responses((status = 303, description = "Drawn: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/rounds", wrap = "crate::http::access::checked()")]
pub async fn draw(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let input = (|| {
        let game =
            form.get("game").unwrap_or("").parse().map_err(|_| Error::InvalidBody(said!("api-game-pick-game")))?;
        let method = match form.get("method") {
            Some("random") => DrawMethod::Random,
            Some("swiss") => DrawMethod::Swiss,
            _ => DrawMethod::Balanced,
        };
        let size = match form.get("size") {
            None => None,
            Some(size) => Some(
                size.parse::<u32>().map_err(|_| Error::InvalidBody(said!("api-size", size = format!("{:?}", size))))?,
            ),
        };
        let mut pin = BTreeMap::new();
        for line in form.get("pins").unwrap_or("").lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (name, table) = line
                .split_once('=')
                .ok_or_else(|| Error::InvalidBody(said!("api-pins-not-name-table", line = format!("{:?}", line))))?;
            let table = table
                .trim()
                .parse::<u32>()
                .map_err(|_| Error::InvalidBody(said!("api-pins-not-name-table", line = format!("{:?}", line))))?;
            pin.insert(name.trim().to_owned(), table);
        }
        Ok::<_, Error>(DrawInput { game, method, size, seed: None, pin, apart: Vec::new() })
    })();
    let done = match input {
        Ok(input) => actions::draw(&state, writer, event_id, None, input).await.map(|_| Done::Drawn),
        Err(e) => Err(e),
    };
    back_to_night(&state, &req, event_id, done).await
}

/// Close the night: no more results, every pass ends. While results still wait for
/// confirmation, the organiser sees which and says `confirm=yes` to close anyway.
#[utoipa::path(
    operation_id = "organiser_close",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id")),
    request_body(content = Option<std::collections::BTreeMap<String, String>>, content_type = "application/x-www-form-urlencoded", description = "`confirm=yes` to close while results wait"),
    responses(
        (status = 303, description = "Closed: to the night", headers(("Location" = String))),
        (status = 200, description = "Results still wait: which, and a button to close anyway", content_type = "text/html", body = String),
        PageWriteErrors
    )
)]
#[post("/app/organiser/nights/{id}/close", wrap = "crate::http::access::checked()")]
pub async fn close(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: OptionalForm,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let event_id = id.into_inner();
    if form.0.get("confirm") != Some("yes") {
        let entered = state.db(move |conn| results::entered_at(conn, event_id)).await?;
        let waiting: Vec<_> = entered.into_iter().filter(|r| r.status != ResultStatus::Confirmed).collect();
        if !waiting.is_empty() {
            let event = state.db(move |conn| events::row(conn, event_id)).await?.into_event(0);
            return Ok(page(&req, StatusCode::OK, organiser::close_pending(&event, &waiting, lang)));
        }
    }
    act(&state, &req, event_id, move |conn| events::close(conn, writer.actor(), event_id).map(|_| Done::Closed)).await
}

/// Revoke a member's pass.
#[utoipa::path(
    operation_id = "organiser_revoke_pass",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 303, description = "Revoked: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/passes/{player_id}/revoke", wrap = "crate::http::access::checked()")]
pub async fn revoke(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, &req, writer, path.into_inner(), passes::revoke, Done::Revoked).await
}

/// Let a member's waiting pass act (a new phone: the old one's pass ends; a check-in).
#[utoipa::path(
    operation_id = "organiser_approve_pass",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 303, description = "Allowed: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/passes/{player_id}/approve", wrap = "crate::http::access::checked()")]
pub async fn approve(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, &req, writer, path.into_inner(), passes::approve, Done::Approved).await
}

/// Say no to a member's waiting pass.
#[utoipa::path(
    operation_id = "organiser_decline_pass",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 303, description = "Declined: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/passes/{player_id}/decline", wrap = "crate::http::access::checked()")]
pub async fn decline(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, &req, writer, path.into_inner(), passes::decline, Done::Declined).await
}

/// Let a member whose pass was revoked back in: they may join again.
#[utoipa::path(
    operation_id = "organiser_readmit",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("player_id" = i64, Path)),
    responses((status = 303, description = "Let back in: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/passes/{player_id}/readmit", wrap = "crate::http::access::checked()")]
pub async fn readmit(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    answer_pass(&state, &req, writer, path.into_inner(), passes::readmit, Done::Readmitted).await
}

/// A name typed on the join page that was nobody's: add the player and check them in
/// (they may join now).
#[utoipa::path(
    operation_id = "organiser_add_asked_name",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("request_id" = i64, Path)),
    responses((status = 303, description = "Added and checked in: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/names/{request_id}/add", wrap = "crate::http::access::checked()")]
pub async fn add_asked_name(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse> {
    let (event_id, request) = path.into_inner();
    act(&state, &req, event_id, move |conn| {
        let name = passes::asked_names(conn, event_id)?
            .into_iter()
            .find(|(id, _)| *id == request)
            .map(|(_, name)| name)
            .ok_or_else(|| {
                Error::NotFound(said!("api-name-request-club-night-does", request = request, event_id = event_id))
            })?;
        let id = known_or_new(conn, writer.actor(), &name)?;
        seating::check_in(conn, writer.actor(), event_id, &[PlayerRef::Id(id)])?;
        passes::settle_name(conn, event_id, request)?;
        Ok(Done::NameAdded)
    })
    .await
}

/// Dismiss a name typed on the join page.
#[utoipa::path(
    operation_id = "organiser_dismiss_asked_name",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), ("request_id" = i64, Path)),
    responses((status = 303, description = "Dismissed: to the night", headers(("Location" = String))), PageWriteErrors)
)]
#[post("/app/organiser/nights/{id}/names/{request_id}/dismiss", wrap = "crate::http::access::checked()")]
pub async fn dismiss_asked_name(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    _writer: Writer,
) -> Result<HttpResponse> {
    let (event_id, request) = path.into_inner();
    act(&state, &req, event_id, move |conn| passes::settle_name(conn, event_id, request).map(|()| Done::NameDismissed))
        .await
}

/// The organiser's answer to a member's pass (revoke it, let a waiting one act, say no,
/// let a revoked member back in): the store's step, then back to the night saying what it
/// did.
async fn answer_pass(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    writer: Writer,
    (event_id, player_id): (i64, i64),
    step: passes::Step,
    done: Done,
) -> Result<HttpResponse> {
    act(state, req, event_id, move |conn| step(conn, writer.actor(), event_id, player_id).map(|()| done)).await
}

/// The revision a form acts on (`revision`), for `If-Match`.
fn revision(form: &Form) -> Precondition {
    match form.get("revision") {
        Some(revision) => Precondition::Tags(vec![revision.to_owned()]),
        None => Precondition::Tags(Vec::new()),
    }
}

/// Accept a member's entry (pending or rejected): it counts.
#[utoipa::path(
    operation_id = "organiser_accept",
    tag = "app",
    params(("id" = i64, Path, description = "Result id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`revision`"),
    responses((status = 303, description = "Accepted: to the night", headers(("Location" = String))), PageWriteErrors, crate::http::docs::PagePreconditionErrors)
)]
#[post("/app/organiser/results/{id}/accept", wrap = "crate::http::access::checked()")]
pub async fn accept(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    answer_result(&state, &req, id.into_inner(), &form, move |conn, id, expected| {
        review::confirm(conn, id, Reviewer::Token(&writer.token_name), Some(&expected)).map(|_| Done::Accepted)
    })
    .await
}

/// Delete a member's entry.
#[utoipa::path(
    operation_id = "organiser_delete",
    tag = "app",
    params(("id" = i64, Path, description = "Result id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`revision`"),
    responses((status = 303, description = "Deleted: to the night", headers(("Location" = String))), PageWriteErrors, crate::http::docs::PagePreconditionErrors)
)]
#[post("/app/organiser/results/{id}/delete", wrap = "crate::http::access::checked()")]
pub async fn delete(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    answer_result(&state, &req, id.into_inner(), &form, move |conn, id, expected| {
        results::delete(conn, id, &expected, &writer.context()).map(|_| Done::Deleted)
    })
    .await
}

/// The organiser's answer to a member's entry `id` (accept it, delete it) at the revision
/// the form showed: `step` on the night the entry belongs to (a 404 for an entry of none).
async fn answer_result<F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    id: i64,
    form: &Form,
    step: F,
) -> Result<HttpResponse>
where
    F: FnOnce(&mut crate::db::DbConn, i64, Precondition) -> Result<Done> + Send + 'static,
{
    let expected = revision(form);
    let night = night_of(state, id).await?;
    act(state, req, night, move |conn| step(conn, id, expected)).await
}

/// The club night result `id` names (a 404 for a result of none).
async fn night_of(state: &web::Data<AppState>, id: i64) -> Result<i64> {
    let night = state.db(move |conn| crate::store::owners::night_of_result(conn, id)).await?;
    night.flatten().ok_or_else(|| Error::NotFound(said!("api-club-night-s-result-does", id = id)))
}

/// A member's entry to correct: the result form, filled in.
#[utoipa::path(
    operation_id = "organiser_correct_page",
    tag = "app",
    params(("id" = i64, Path, description = "Result id")),
    responses(
        (status = 200, description = "The form", content_type = "text/html", body = String),
        (status = 303, description = "Not signed in for its league: to the sign-in page", headers(("Location" = String))),
        PageReadErrors
    )
)]
#[get("/app/organiser/results/{id}", wrap = "crate::http::access::checked()")]
pub async fn correct_page(state: web::Data<AppState>, req: HttpRequest, id: web::Path<i64>) -> Result<HttpResponse> {
    correct_form(&state, &req, id.into_inner(), None, None, StatusCode::OK).await
}

async fn correct_form(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    id: i64,
    prefill: Option<BTreeMap<String, String>>,
    error: Option<&str>,
    status: StatusCode,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let result = state.db(move |conn| results::get(conn, id)).await?;
    if organiser(req, result.league_id).await.is_none() {
        return Ok(see_other("/app/sign-in"));
    }
    let league_id = result.league_id;
    let rules = state.db(move |conn| leagues::row(conn, league_id)?.rules()).await?;
    let table = table_of(&result);
    let prefill = prefill.unwrap_or_else(|| forms::fields_of(&result.record));
    let html = organiser::correct(&result, &table, &rules, &prefill, RangelnInput::Scores, error, lang);
    Ok(page(req, status, html))
}

/// The result's players as a table, seat by seat: what its form shows.
fn table_of(result: &spielstand_wire::StoredResult) -> spielstand_wire::DrawnTable {
    let mut seats: Vec<spielstand_wire::Seat> = result
        .record
        .players
        .iter()
        .map(|p| spielstand_wire::Seat {
            seat: p.seat,
            player: p.player.clone(),
            player_id: 0,
            start: p.seat == 1,
            prediction: spielstand_wire::Prediction { win: 0.0, place: 0 },
        })
        .collect();
    seats.sort_by_key(|s| s.seat);
    spielstand_wire::DrawnTable { number: 0, seats, result_id: Some(result.id), result_status: Some(result.status) }
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RevisionParams {
    /// The revision corrected, for `If-Match`.
    revision: Option<i64>,
}

/// Correct a member's entry and accept it (the result form's fields).
#[utoipa::path(
    operation_id = "organiser_correct",
    tag = "app",
    params(("id" = i64, Path, description = "Result id"), RevisionParams),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "The result form's fields"),
    responses(
        (status = 303, description = "Corrected and accepted: to the night", headers(("Location" = String))),
        (status = 200, description = "Refused: the form again, saying why", content_type = "text/html", body = String),
        PageWriteErrors, crate::http::docs::PagePreconditionErrors
    )
)]
#[post("/app/organiser/results/{id}", wrap = "crate::http::access::checked()")]
pub async fn correct(
    state: web::Data<AppState>,
    req: HttpRequest,
    writer: Writer,
    id: web::Path<i64>,
    params: crate::http::extract::Params<RevisionParams>,
    form: Form,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let id = id.into_inner();
    let result = state.db(move |conn| results::get(conn, id)).await?;
    let night =
        result.record.event_id.ok_or_else(|| Error::NotFound(said!("api-club-night-s-result-does", id = id)))?;
    let league_id = result.league_id;
    let rules = state.db(move |conn| leagues::row(conn, league_id)?.rules()).await?;
    let table = table_of(&result);
    let game = result.record.game();
    let partners = crate::render::app::entry::partners(&rules, game);
    let record = match forms::record(&form, game, &table, night, result.record.played_on, partners, lang) {
        Ok(record) => record,
        Err(missing) => {
            let text = fill(Text::of(lang).refused, &[&missing]);
            return correct_form(&state, &req, id, Some(forms::prefill(&form)), Some(&text), StatusCode::OK).await;
        }
    };
    let expected = Precondition::Tags(vec![params.0.revision.unwrap_or(result.revision).to_string()]);
    let done = state
        .write(move |conn| {
            let corrected = results::update(conn, id, &expected, record, &writer.context())?;
            let now = Precondition::Tags(vec![corrected.revision.to_string()]);
            review::confirm(conn, id, Reviewer::Token(&writer.token_name), Some(&now))?;
            Ok(())
        })
        .await;
    match done {
        Ok(()) => back_to_night(&state, &req, night, Ok(Done::Corrected)).await,
        Err(e) => {
            let text = fill(Text::of(lang).refused, &[&said(&e, lang)]);
            correct_form(&state, &req, id, Some(forms::prefill(&form)), Some(&text), StatusCode::OK).await
        }
    }
}

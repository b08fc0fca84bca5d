//! The members' app: the landing page, joining a night with its code, a member's night
//! (their table, entering its result, confirming or rejecting a tablemate's), and the
//! app's assets. Every action is a plain form post (303 to the page after it); with
//! `Accept: application/json` (the script, and its offline queue) the answer is the
//! API's JSON instead.

use crate::error::{Error, JoinRefusal, Result};
use crate::http::actions::{self, Recorded};
use crate::http::assets::Asset;
use crate::http::caller::{Caller, PASS_COOKIE, member, organiser};
use crate::http::docs::{PageReadErrors, PageWriteErrors};
use crate::http::forms::{self, Form};
use crate::http::pages::{page, said, see_other, wants_json};
use crate::http::{AppState, lang};
use crate::render::Lang;
use crate::render::app::entry::RangelnInput;
use crate::render::app::pages::{self, Choice, MemberNight};
use crate::render::app::{self, Text, fill};
use crate::store::results::review::{self, Reviewer};
use crate::store::{events, leagues, passes, results, seating};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use spielstand_wire::{JoinInput, PlayerRef};
use utoipa::IntoParams;

/// The club's start page: its leagues and their tables, tonight's nights, joining a night
/// by its code, and the organisers' sign-in.
#[utoipa::path(
    operation_id = "landing",
    tag = "app",
    responses((status = 200, description = "The start page", content_type = "text/html", body = String), PageReadErrors)
)]
#[get("/", wrap = "crate::http::access::checked()")]
pub async fn landing(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let today = chrono::Local::now().date_naive();
    let (leagues, tonight) = state.db(move |conn| Ok((leagues::list(conn)?, events::open_on(conn, today)?))).await?;
    Ok(page(&req, actix_web::http::StatusCode::OK, pages::landing(&leagues, &tonight, lang)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CodeParams {
    /// The night's code, as typed.
    #[param(max_length = 32)]
    code: Option<String>,
}

/// The code typed on the start page: on to its night's join page.
#[utoipa::path(
    operation_id = "find_night",
    tag = "app",
    params(CodeParams),
    responses((status = 303, description = "To the night's join page", headers(("Location" = String))), PageReadErrors)
)]
#[get("/n", wrap = "crate::http::access::checked()")]
pub async fn find(params: crate::http::extract::Params<CodeParams>) -> Result<HttpResponse> {
    let typed = params.0.code.unwrap_or_default();
    if typed.chars().count() > 32 {
        return Err(Error::InvalidQuery(said!("api-code-night-s-code-has")));
    }
    let code = passes::normalise_code(&typed);
    let code: String = code.chars().filter(char::is_ascii_alphanumeric).collect();
    Ok(see_other(&format!("/n/{}", passes::shown_code(&code))))
}

/// A night's join page (the link of its QR code): pick your name among the night's
/// players, or type it where joining checks you in. A phone that joined already goes to
/// its night.
#[utoipa::path(
    operation_id = "join_page",
    tag = "app",
    params(("code" = String, Path, description = "The night's join code")),
    responses(
        (status = 200, description = "The join page", content_type = "text/html", body = String),
        (status = 303, description = "Joined already: to the night", headers(("Location" = String))),
        (status = 404, description = "No open night has this code", content_type = "text/html", body = String),
        PageReadErrors
    )
)]
#[get("/n/{code}", wrap = "crate::http::access::checked()")]
pub async fn join_page(state: web::Data<AppState>, req: HttpRequest, code: web::Path<String>) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let code = code.into_inner();
    match night_of(&state, &req, &code).await {
        Ok(night) => {
            if member(&req).await.is_some_and(|pass| pass.event_id == night.event_id) {
                return Ok(see_other(&format!("/app/nights/{}", night.event_id)));
            }
            Ok(join_form(&state, &req, &code, &night, None, actix_web::http::StatusCode::OK).await?)
        }
        Err(Error::NightOver(event_id)) => night_over(&state, &req, event_id).await,
        Err(e) => Ok(code_refused(&req, e, lang)),
    }
}

/// The open night of `code`, counting a wrong one against the caller's address.
async fn night_of(state: &web::Data<AppState>, req: &HttpRequest, code: &str) -> Result<passes::CodeNight> {
    let client = state.proxies.client_of(req);
    if let Some(wait) = client.and_then(|c| state.throttle.join_blocked(c)) {
        return Err(Error::TooManyRequests(wait));
    }
    let code = code.to_owned();
    match state.db(move |conn| passes::night_of_code(conn, &code)).await {
        Err(Error::NotFound(what)) => Err(match client.and_then(|c| state.throttle.join_failed(c)) {
            Some(wait) => Error::TooManyRequests(wait),
            None => Error::NotFound(what),
        }),
        other => other,
    }
}

/// A night that is over: its final table.
async fn night_over(state: &web::Data<AppState>, req: &HttpRequest, event_id: i64) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let (report, league) = state.views().night(event_id).await?;
    let live = crate::render::pages::live_tables(&report, &league, lang);
    let mut response =
        page(req, actix_web::http::StatusCode::OK, pages::night_over(&report.event.title, &league, &live, lang));
    // The pass of a night that is over is no use to keep.
    let _ = response.add_removal_cookie(&actix_web::cookie::Cookie::build(PASS_COOKIE, "").path("/").finish());
    Ok(response)
}

/// A code that opens no night, or too many tried: a page saying so.
fn code_refused(req: &HttpRequest, e: Error, lang: Lang) -> HttpResponse {
    let t = Text::of(lang);
    let text = match &e {
        Error::NotFound(_) => t.unknown_code.to_owned(),
        other => said(other, lang),
    };
    let mut response = page(req, e.status(), pages::message(t.error_title, &text, "/", lang));
    if let Error::TooManyRequests(wait) = e {
        response.headers_mut().insert(header::RETRY_AFTER, wait.as_secs().max(1).into());
    }
    response
}

async fn join_form(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    code: &str,
    night: &passes::CodeNight,
    refused: Option<&pages::Refused<'_>>,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let event_id = night.event_id;
    let (present, league) = state
        .db(move |conn| {
            let league_id = events::row(conn, event_id)?.league_id;
            let league = leagues::row(conn, league_id)?.name;
            Ok((seating::attendees(conn, event_id)?, league))
        })
        .await?;
    let mut choices: Vec<Choice> = present.into_iter().map(|a| Choice { id: a.player_id, name: a.player }).collect();
    crate::render::collation::sort_by_name(&mut choices, lang, |c| &c.name);
    Ok(page(req, status, pages::join(code, &night.title, &league, &choices, refused, lang)))
}

/// Join a night with its code: as one of its players (`player`: an id), or by name
/// (`name`) where joining checks you in. Keeps the night pass in an HttpOnly,
/// SameSite=Strict cookie and goes on to the night.
#[utoipa::path(
    operation_id = "join_form",
    tag = "app",
    params(("code" = String, Path, description = "The night's join code")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`player` (an id) or `name`"),
    responses(
        (status = 303, description = "Joined: to the night", headers(("Location" = String), ("Set-Cookie" = String))),
        (status = 200, description = "Refused: the join page again, saying why", content_type = "text/html", body = String),
        PageWriteErrors
    )
)]
#[post("/n/{code}", wrap = "crate::http::access::checked()")]
pub async fn join_form_post(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
    form: Form,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let code = code.into_inner();
    let night = match night_of(&state, &req, &code).await {
        Ok(night) => night,
        Err(Error::NightOver(event_id)) => return night_over(&state, &req, event_id).await,
        Err(e) => return Ok(code_refused(&req, e, lang)),
    };
    let (player, field, value) = match (form.get("player"), form.get("name")) {
        (Some(id), _) if id.parse::<i64>().is_ok() => (PlayerRef::Id(id.parse().unwrap_or_default()), "player", id),
        (_, Some(name)) => (PlayerRef::Name(name.to_owned()), "name", name),
        _ => {
            let t = Text::of(lang);
            let refused = pages::Refused { text: t.pick_your_name.to_owned(), ..Default::default() };
            return join_form(
                &state,
                &req,
                &code,
                &night,
                Some(&refused),
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    let input = JoinInput { code: code.clone(), player, ask_organiser: Some(form.get("ask").is_some()) };
    match actions::join(&state, &req, input).await {
        Ok(pass) => {
            crate::http::night_changed(&state, pass.event_id);
            let mut response = see_other(&format!("/app/nights/{}", pass.event_id));
            let _ = response.add_cookie(&actions::pass_cookie(&state, &pass));
            Ok(response)
        }
        Err(e @ Error::TooManyRequests(_)) => Ok(code_refused(&req, e, lang)),
        Err(e) => {
            let t = Text::of(lang);
            // The join page again, saying why and what to do: a page, not an error.
            let status = actix_web::http::StatusCode::OK;
            let refused = match &e {
                Error::Join { why, player, .. } => {
                    let (text, ask) = match why {
                        JoinRefusal::OnOtherPhone => (fill(t.on_other_phone, &[player]), Some(t.move_here)),
                        JoinRefusal::NotCheckedIn => (fill(t.not_checked_in, &[player]), Some(t.ask_check_in)),
                        JoinRefusal::KeptOut => (fill(t.kept_out, &[player]), None),
                    };
                    pages::Refused {
                        text,
                        ask: ask.map(|label| (field, value.to_owned(), label)),
                        ..Default::default()
                    }
                }
                // A name nobody has: said so, the names meant offered, and the name shown
                // to the organiser, who can add it with one tap.
                Error::UnknownPlayers(names) => {
                    let typed = names.first().map_or(value, |n| n.name.as_str()).to_owned();
                    let suggestions = names.first().map(|n| n.suggestions.clone()).unwrap_or_default();
                    let event_id = night.event_id;
                    let asked = typed.clone();
                    state.write(move |conn| passes::ask_for_name(conn, event_id, &asked)).await?;
                    crate::http::night_changed(&state, event_id);
                    let mut text = fill(t.unknown_name, &[&typed]);
                    if !suggestions.is_empty() {
                        text = format!("{text} {}", fill(t.did_you_mean, &[&suggestions.join(", ")]));
                    }
                    pages::Refused { text: format!("{text} {}", t.name_offered), suggestions, ask: None }
                }
                other => pages::Refused { text: said(other, lang), ..Default::default() },
            };
            join_form(&state, &req, &code, &night, Some(&refused), status).await
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NightParams {
    /// Rangeln rounds entered as `scores` (the default) or as pieces per ring (`rings`).
    input: Option<String>,
    /// `de` or `en` (remembered).
    #[allow(dead_code)] // Read by `lang::of`, which every page asks.
    lang: Option<String>,
}

/// A member's night: their table (seat, start player, chances), its result (the form to
/// enter it, or its state: waiting for confirmation, confirm or reject a tablemate's,
/// rejected, counted), and the night's tables live. Needs the night's pass (the cookie
/// joining set); without it, back to joining.
#[utoipa::path(
    operation_id = "member_page",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), NightParams),
    responses(
        (status = 200, description = "The member's night", content_type = "text/html", body = String),
        (status = 303, description = "No pass for this night (or the organiser's own page)", headers(("Location" = String))),
        PageReadErrors
    )
)]
#[get("/app/nights/{id}", wrap = "crate::http::access::checked()")]
pub async fn member_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    params: crate::http::extract::Params<NightParams>,
) -> Result<HttpResponse> {
    let event_id = id.into_inner();
    let rangeln = if params.0.input.as_deref() == Some("rings") { RangelnInput::Rings } else { RangelnInput::Scores };
    night_page(&state, &req, event_id, rangeln, Default::default(), None, actix_web::http::StatusCode::OK).await
}

/// The member's night page, with a form's values and a refusal shown again.
async fn night_page(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    event_id: i64,
    rangeln: RangelnInput,
    prefill: crate::render::app::entry::Prefill,
    error: Option<&str>,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    let Some(pass) = member(req).await.filter(|p| p.event_id == event_id) else {
        let row = state.db(move |conn| events::row(conn, event_id)).await?;
        if organiser(req, row.league_id).await.is_some() {
            return Ok(see_other(&format!("/app/organiser/nights/{event_id}")));
        }
        // A night that is over shows its final table to whoever still has it open.
        if row.closed_at.is_some() {
            return night_over(state, req, event_id).await;
        }
        // A page anyone may open: it says how to join (the API's operations answer 401).
        let t = Text::of(lang);
        let mut response =
            page(req, actix_web::http::StatusCode::OK, pages::message(t.error_title, t.pass_ended, "/", lang));
        // A pass that ended is no use to keep.
        let _ = response.add_removal_cookie(&actix_web::cookie::Cookie::build(PASS_COOKIE, "").path("/").finish());
        return Ok(response);
    };
    let (report, league) = state.views().night(event_id).await?;
    if pass.waiting {
        let live = crate::render::pages::live_tables(&report, &league, lang);
        return Ok(page(req, status, pages::waiting(&report.event, &league, &pass.player, &live, lang)));
    }
    let (rules, entered) = state
        .db(move |conn| {
            let league_id = events::row(conn, event_id)?.league_id;
            Ok((leagues::row(conn, league_id)?.rules()?, results::entered_at(conn, event_id)?))
        })
        .await?;
    let live = crate::render::pages::live_tables(&report, &league, lang);
    let html = pages::member(
        &MemberNight {
            player: &pass.player,
            player_id: pass.player_id,
            report: &report,
            league: &league,
            rules: &rules,
            entered: &entered,
            live: &live,
            prefill: &prefill,
            error,
            rangeln,
        },
        lang,
    );
    let mut response = page(req, status, html);
    response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Cookie, Accept-Language"));
    Ok(response)
}

/// Enter your table's result at a club night (the result form's fields); with a token,
/// the organiser enters any table's. It waits for a tablemate's confirmation where the
/// league asks for it. Send `Idempotency-Key` to make a retry safe (the app's offline
/// queue does). Answers 303 to the night, or, with `Accept: application/json`, the
/// stored result as `record_result` does.
#[utoipa::path(
    operation_id = "member_enter",
    tag = "app",
    params(("id" = i64, Path, description = "Club night id"), crate::http::extract::IdempotencyHeader),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "The result form's fields: `place-{seat}`, `team-{seat}`, `carrots-{seat}`, `lettuces-{seat}`, `edition`, `cards`, `input` and `score-{round}-{seat}` or `plus2-{round}-{seat}` (and the other rings)"),
    responses(
        (status = 303, description = "Entered: to the night", headers(("Location" = String))),
        (status = 201, description = "Entered (`Accept: application/json`)", body = spielstand_wire::StoredResult),
        (status = 200, description = "Refused: the night again, saying why", content_type = "text/html", body = String),
        PageWriteErrors
    )
)]
#[post("/app/nights/{id}/results", wrap = "crate::http::access::checked()")]
pub async fn member_enter(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(&req);
    let event_id = id.into_inner();
    let json = wants_json(&req);
    let key = crate::http::extract::idempotency_key(&req)?;
    let rangeln = if form.get("input") == Some("rings") { RangelnInput::Rings } else { RangelnInput::Scores };
    let refused = |e: Error| {
        let state = state.clone();
        let req = req.clone();
        let prefill = forms::prefill(&form);
        async move {
            if json {
                return Err(e);
            }
            let text = fill(Text::of(lang).refused, &[&said(&e, lang)]);
            night_page(&state, &req, event_id, rangeln, prefill, Some(&text), actix_web::http::StatusCode::OK).await
        }
    };
    // The table: the member's own (a pass), or the one the form names (the organiser).
    let (report, _) = state.views().night(event_id).await?;
    let seat_of = match &caller {
        Caller::Pass(pass) => pass.player_id,
        Caller::Token(_) => match form.get("player").and_then(|p| p.parse().ok()) {
            Some(player) => player,
            None => return refused(Error::InvalidBody(said!("api-player-name-table-one-players"))).await,
        },
    };
    let Some((round, table)) = pages::my_table(&report, seat_of) else {
        return refused(Error::InvalidBody(said!("api-no-table-yet"))).await;
    };
    let league_id = report.event.league_id;
    let rules = state.db(move |conn| leagues::row(conn, league_id)?.rules()).await?;
    let partners = crate::render::app::entry::partners(&rules, round.game);
    let record = match forms::record(&form, round.game, table, event_id, report.event.date, partners, lang) {
        Ok(record) => record,
        // Said in the page's language already, by the form's reader.
        Err(missing) => return refused(Error::InvalidBody(crate::said::Said::as_is(missing))).await,
    };
    match actions::record(&state, &caller, league_id, record, key).await {
        Ok(Recorded::Created(stored)) if json => Ok(HttpResponse::Created()
            .insert_header((header::ETAG, format!("\"{}\"", stored.revision)))
            .insert_header((header::LOCATION, format!("/api/v1/results/{}", stored.id)))
            .json(stored)),
        Ok(Recorded::Replayed { status, body }) if json => Ok(HttpResponse::build(
            actix_web::http::StatusCode::from_u16(status).unwrap_or(actix_web::http::StatusCode::CREATED),
        )
        .content_type("application/json")
        .insert_header((spielstand_wire::headers::IDEMPOTENT_REPLAYED, "true"))
        .body(body)),
        Ok(_) => Ok(see_other(&format!("/app/nights/{event_id}"))),
        Err(e) => refused(e).await,
    }
}

/// Confirm a tablemate's entry with your pass (or, with a token, accept it): back to the
/// night.
#[utoipa::path(
    operation_id = "member_confirm",
    tag = "app",
    params(("id" = i64, Path, description = "Result id")),
    responses(
        (status = 303, description = "Confirmed: to the night", headers(("Location" = String))),
        (status = 200, description = "Confirmed (`Accept: application/json`)", body = spielstand_wire::StoredResult),
        PageWriteErrors
    )
)]
#[post("/app/results/{id}/confirm", wrap = "crate::http::access::checked()")]
pub async fn member_confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let result = state
        .write(move |conn| {
            let by = match &caller {
                Caller::Token(writer) => Reviewer::Token(&writer.token_name),
                Caller::Pass(pass) => Reviewer::Pass(pass),
            };
            review::confirm(conn, id, by, None)
        })
        .await;
    reviewed(&state, &req, result).await
}

/// Reject a tablemate's entry with your pass, saying what is wrong (`reason`): back to
/// the night.
#[utoipa::path(
    operation_id = "member_reject",
    tag = "app",
    params(("id" = i64, Path, description = "Result id")),
    request_body(content = std::collections::BTreeMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "`reason`"),
    responses(
        (status = 303, description = "Rejected: to the night", headers(("Location" = String))),
        (status = 200, description = "Rejected (`Accept: application/json`)", body = spielstand_wire::StoredResult),
        PageWriteErrors
    )
)]
#[post("/app/results/{id}/reject", wrap = "crate::http::access::checked()")]
pub async fn member_reject(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    form: Form,
) -> Result<HttpResponse> {
    let id = id.into_inner();
    let reason = form.get("reason").unwrap_or("").to_owned();
    let result = state
        .write(move |conn| {
            let by = match &caller {
                Caller::Token(writer) => Reviewer::Token(&writer.token_name),
                Caller::Pass(pass) => Reviewer::Pass(pass),
            };
            review::reject(conn, id, by, &reason)
        })
        .await;
    reviewed(&state, &req, result).await
}

/// The answer to a review: the result as JSON, or back to its night (saying why it was
/// refused).
async fn reviewed(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    result: Result<spielstand_wire::StoredResult>,
) -> Result<HttpResponse> {
    let (lang, _) = lang::of(req);
    match result {
        Ok(stored) => {
            actions::night_of(state, &stored);
            if wants_json(req) {
                return Ok(HttpResponse::Ok().json(stored));
            }
            Ok(see_other(&format!("/app/nights/{}", stored.record.event_id.unwrap_or_default())))
        }
        Err(e) if wants_json(req) => Err(e),
        Err(e) => {
            let t = Text::of(lang);
            Ok(page(req, e.status(), pages::message(t.error_title, &said(&e, lang), "javascript:history.back()", lang)))
        }
    }
}

/// The app's stylesheet.
#[utoipa::path(operation_id = "app_css", tag = "app", responses((status = 200, description = "The stylesheet", content_type = "text/css", body = String)))]
#[get("/app/app.css", wrap = "crate::http::access::checked()")]
pub async fn css(req: HttpRequest) -> HttpResponse {
    static CSS: Asset = Asset::new(app::CSS, "text/css; charset=utf-8");
    CSS.respond(&req)
}

/// The app's script: taps, the offline queue, live updates (no framework, nothing from
/// elsewhere).
#[utoipa::path(operation_id = "app_js", tag = "app", responses((status = 200, description = "The script", content_type = "text/javascript", body = String)))]
#[get("/app/app.js", wrap = "crate::http::access::checked()")]
pub async fn js(req: HttpRequest) -> HttpResponse {
    static JS: Asset = Asset::new(app::APP_JS, "text/javascript; charset=utf-8");
    JS.respond(&req)
}

/// The app's service worker (at the root, so that it keeps the app's pages for offline).
#[utoipa::path(operation_id = "app_service_worker", tag = "app", responses((status = 200, description = "The service worker", content_type = "text/javascript", body = String)))]
#[get("/sw.js", wrap = "crate::http::access::checked()")]
pub async fn service_worker(req: HttpRequest) -> HttpResponse {
    static WORKER: Asset = Asset::new(app::SERVICE_WORKER, "text/javascript; charset=utf-8");
    let mut response = WORKER.respond(&req);
    // A new version of the worker is looked for on every visit.
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
    response
}

/// The club's icon, for the browser's tab (every page asks for it by itself).
#[utoipa::path(operation_id = "favicon", tag = "app", responses((status = 200, description = "The icon", content_type = "image/svg+xml", body = String)))]
#[get("/favicon.ico", wrap = "crate::http::access::checked()")]
pub async fn favicon(req: HttpRequest) -> HttpResponse {
    static ICON: Asset = Asset::new(app::ICON, "image/svg+xml");
    ICON.respond(&req)
}

//! Who calls: the credential a request carries (a write token, an organiser's session, a
//! member's night pass, a hare's code), checked and named. The access check
//! ([`super::access`]) asks this module who calls and decides what they may; handlers
//! take the caller it let through.

use crate::error::Error;
use crate::http::AppState;
use crate::store::audit::Actor;
use crate::store::passes::{self, Pass};
use crate::store::postal::{self, HareCaller};
use crate::store::results::WriteContext;
use crate::store::tokens;
use actix_web::HttpMessage;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use spielstand_wire::TokenScope;
use std::future::{Ready, ready};

/// The caller holds a valid write token; carries the token's name for the audit trail.
#[derive(Debug, Clone)]
pub struct Writer {
    pub token_name: String,
    pub scope: TokenScope,
    /// The one league the token may change; `None`: every league.
    pub league_id: Option<i64>,
}

impl Writer {
    /// The token, as the audit trail names who made a change.
    pub fn actor(&self) -> Actor<'_> {
        Actor::Token(&self.token_name)
    }

    /// The token as the store writes a result's change with it.
    pub fn context(&self) -> WriteContext<'_> {
        WriteContext { token_name: &self.token_name, scope: self.scope, source: None, pass: None }
    }
}

/// The cookie a member's page keeps their night pass in (HttpOnly, SameSite=Strict).
pub const PASS_COOKIE: &str = "spielstand_pass";
/// The cookie an organiser's phone keeps its session in (HttpOnly, SameSite=Strict).
pub const SESSION_COOKIE: &str = "spielstand_session";

/// Who calls, as the credential they sent shows: a token (or an organiser's session,
/// which acts for its token), or a member's night pass.
#[derive(Debug, Clone)]
pub enum Caller {
    Token(Writer),
    Pass(Pass),
}

/// Whose credential a request carries: a caller, or a hare of a postal game by its code
/// (which acts on its game's orders only: the access check lets it nowhere else).
#[derive(Debug, Clone)]
pub enum Credentialed {
    Caller(Caller),
    Hare(HareCaller),
}

/// A credential as sent: `Authorization: Bearer ...`, or a cookie of the pages.
struct Credential {
    secret: String,
    /// From a cookie: the browser sends it by itself, so the request must come from one
    /// of this server's own pages (no cross-site request may use it).
    from_cookie: bool,
}

fn credential(req: &HttpRequest) -> Option<Credential> {
    let bearer = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_owned())
        .filter(|t| !t.is_empty());
    if let Some(secret) = bearer {
        return Some(Credential { secret, from_cookie: false });
    }
    // An organiser who also joined as a player on the same phone acts as the organiser.
    [SESSION_COOKIE, PASS_COOKIE]
        .iter()
        .find_map(|name| req.cookie(name).map(|c| c.value().to_owned()).filter(|v| !v.is_empty()))
        .map(|secret| Credential { secret, from_cookie: true })
}

/// A request that changes something from a browser must come from this server's own
/// pages: one that carries its credential in a cookie (the browser sends it by itself),
/// and every form of the pages, with a credential or without (a sign-in posted from
/// another site would sign the victim's browser in as the attacker). The browser says
/// where a request comes from (`Sec-Fetch-Site`, else `Origin`), and a page of another
/// site cannot make it lie. The host it is compared with is the one the client asked
/// for, as `forwarded` reads it: a forwarded host counts only from a trusted proxy.
pub fn same_origin(req: &HttpRequest, state: &AppState) -> Result<(), Error> {
    if matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD) {
        return Ok(());
    }
    let refused = |why: String| Err(Error::InsufficientScope(said!("api-cross-site-request-refused", why = why)));
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = header("sec-fetch-site") {
        return if site == "same-origin" { Ok(()) } else { refused(format!("Sec-Fetch-Site: {site}")) };
    }
    let Some(origin) = header("origin") else {
        return refused("the request says neither Sec-Fetch-Site nor Origin".into());
    };
    let host = state.proxies.host(req);
    let own = host.is_some_and(|host| origin.split_once("://").map(|(_, rest)| rest) == Some(host.as_str()))
        || state.public_url.as_ref().is_some_and(|u| u.origin() == origin);
    if own { Ok(()) } else { refused(format!("Origin: {origin}")) }
}

/// Checks the request's credential (bearer token, night pass, or a page's cookie): the
/// future owns what it needs, so it can run before the handler (and its body) is reached.
pub fn identify(req: &HttpRequest) -> LocalBoxFuture<'static, Result<Credentialed, Error>> {
    let sent = credential(req);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let client = state.as_ref().and_then(|s| s.proxies.client_of(req));
    let cross_site = match (&sent, &state) {
        (Some(c), Some(state)) if c.from_cookie => same_origin(req, state).err(),
        _ => None,
    };
    Box::pin(async move {
        let sent = sent.ok_or(Error::Unauthorized)?;
        if let Some(refused) = cross_site {
            return Err(refused);
        }
        let state = state.ok_or_else(|| Error::internal("application state missing"))?;
        // An address over its failed-authentication quota waits, whatever it sends:
        // a token cannot be guessed faster than the quota allows.
        if let Some(wait) = client.and_then(|c| state.throttle.blocked(c)) {
            return Err(Error::TooManyRequests(wait));
        }
        let secret = sent.secret;
        let found = state
            .db(move |conn| {
                if passes::is_pass(&secret) {
                    passes::authenticate(conn, &secret).map(|pass| Credentialed::Caller(Caller::Pass(pass)))
                } else if postal::is_code(&secret) {
                    postal::authenticate(conn, &secret).map(Credentialed::Hare)
                } else {
                    let caller = if passes::is_session(&secret) {
                        passes::session_caller(conn, &secret)?
                    } else {
                        tokens::authenticate(conn, &secret)?
                    };
                    Ok(Credentialed::Caller(Caller::Token(Writer {
                        token_name: caller.name,
                        scope: caller.scope,
                        league_id: caller.league_id,
                    })))
                }
            })
            .await;
        match found {
            Err(e @ (Error::UnknownToken | Error::UnknownCode | Error::Revoked(_) | Error::PassEnded { .. })) => {
                let client_text = client.map_or("unknown".to_owned(), |c| c.to_string());
                tracing::warn!(client = %client_text, error = %e, "failed authentication");
                Err(match client.and_then(|c| state.throttle.auth_failed(c)) {
                    Some(wait) => Error::TooManyRequests(wait),
                    None => e,
                })
            }
            other => other,
        }
    })
}

/// Checks the request's bearer token (or an organiser's session): a night pass is no
/// token.
pub fn authenticate(req: &HttpRequest) -> LocalBoxFuture<'static, Result<Writer, Error>> {
    let who = identify(req);
    Box::pin(async move {
        match who.await? {
            Credentialed::Caller(Caller::Token(writer)) => Ok(writer),
            Credentialed::Caller(Caller::Pass(pass)) => Err(Error::InsufficientScope(
                said!("api-enters-reviews-table-s-results", label = pass.label()).german("label", pass.label_de()),
            )),
            Credentialed::Hare(hare) => Err(Error::InsufficientScope(
                said!("api-code-sends-orders-only-needs", label = hare.label()).german("label", hare.label_de()),
            )),
        }
    })
}

/// The organiser signed in on this browser (a session of a token that may act in league
/// `league_id`), if any: the pages show them what only the organiser sees.
pub async fn organiser(req: &HttpRequest, league_id: i64) -> Option<Writer> {
    let session = req.cookie(SESSION_COOKIE)?.value().to_owned();
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    let caller = state.db(move |conn| passes::session_caller(conn, &session)).await.ok()?;
    caller.league_id.is_none_or(|own| own == league_id).then_some(Writer {
        token_name: caller.name,
        scope: caller.scope,
        league_id: caller.league_id,
    })
}

/// The member whose night pass this browser keeps, while it acts.
pub async fn member(req: &HttpRequest) -> Option<Pass> {
    let pass = req.cookie(PASS_COOKIE)?.value().to_owned();
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    state.db(move |conn| passes::authenticate(conn, &pass)).await.ok()
}

impl FromRequest for Caller {
    type Error = Error;
    type Future = Ready<Result<Self, Error>>;

    /// The caller the access check let through on a route a night pass may use.
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let extensions = req.extensions();
        ready(match (extensions.get::<Writer>(), extensions.get::<Pass>()) {
            (Some(writer), _) => Ok(Caller::Token(writer.clone())),
            (None, Some(pass)) => Ok(Caller::Pass(pass.clone())),
            (None, None) => Err(Error::internal("the access check did not run on this route")),
        })
    }
}

/// Who sends a postal game's orders, as the access check let them through: the game
/// master's token, or a hare (its code, or its player's night pass).
#[derive(Debug, Clone)]
pub enum OrdersFrom {
    Master(Writer),
    Hare(HareCaller),
}

impl FromRequest for OrdersFrom {
    type Error = Error;
    type Future = Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let extensions = req.extensions();
        ready(match (extensions.get::<Writer>(), extensions.get::<HareCaller>()) {
            (Some(writer), _) => Ok(OrdersFrom::Master(writer.clone())),
            (None, Some(hare)) => Ok(OrdersFrom::Hare(hare.clone())),
            (None, None) => Err(Error::internal("the access check did not run on this route")),
        })
    }
}

//! Request extractors that turn every client mistake into a problem naming the field.

use crate::error::Error;
use crate::http::AppState;
use crate::model::TokenScope;
use crate::store::audit::Actor;
use crate::store::results::Precondition;
use crate::store::tokens;
use actix_web::HttpMessage;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::{Ready, ready};

/// Largest accepted JSON body. A five-round Rangeln game with boards is about 2 KiB.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// How long a body may take to arrive, where the application sets no other deadline.
const DEFAULT_BODY_DEADLINE: std::time::Duration = std::time::Duration::from_secs(10);

/// A JSON body: 415 unless it is declared JSON, 413 above [`MAX_BODY_BYTES`], 400 if it is
/// not JSON at all, 422 naming the path of the field (`players[1].seat`) if it is JSON of
/// the wrong shape.
pub struct JsonBody<T, const MAX: usize = MAX_BODY_BYTES>(pub T);

/// Largest batch of results (`results/batch`): a thousand games with Rangeln boards.
pub const MAX_BATCH_BYTES: usize = 4 * 1024 * 1024;

impl<T: DeserializeOwned + Serialize + 'static, const MAX: usize> FromRequest for JsonBody<T, MAX> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if essence != "application/json" && !essence.ends_with("+json") {
            let err = Error::UnsupportedMediaType(format!(
                "Content-Type: expected application/json, got {}",
                if content_type.is_empty() { "none".to_owned() } else { format!("{content_type:?}") }
            ));
            return Box::pin(async move { Err(err) });
        }
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|n| n > MAX) {
            return Box::pin(async { Err(Error::PayloadTooLarge(MAX)) });
        }
        let deadline = req.app_data::<web::Data<AppState>>().map_or(DEFAULT_BODY_DEADLINE, |s| s.body_deadline);
        let mut payload = payload.take();
        Box::pin(async move {
            // Counted as it arrives: a chunked body declares no length, and one sent a
            // byte at a time would otherwise hold its connection for as long as it likes.
            let read = async {
                let mut body = web::BytesMut::new();
                while let Some(chunk) = payload.next().await {
                    let chunk = chunk.map_err(|e| Error::MalformedJson(format!("the body could not be read: {e}")))?;
                    if body.len() + chunk.len() > MAX {
                        return Err(Error::PayloadTooLarge(MAX));
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(body.freeze())
            };
            let bytes = actix_web::rt::time::timeout(deadline, read)
                .await
                .map_err(|_| Error::RequestTimeout(deadline.as_millis()))??;
            parse_json(&bytes).map(JsonBody)
        })
    }
}

pub fn parse_json<T: DeserializeOwned + Serialize>(bytes: &[u8]) -> Result<T, Error> {
    let mut sent: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| Error::MalformedJson(format!("the body is not valid JSON: {e}")))?;
    integral_numbers_as_integers(&mut sent);
    let value: T = serde_path_to_error::deserialize(&sent).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        Error::InvalidBody(if path == "." { inner.to_string() } else { format!("{path}: {inner}") })
    })?;
    let understood = serde_json::to_value(&value)?;
    if let Some(path) = array_for_object(&sent, &understood, String::new()) {
        let path = if path.is_empty() { ".".to_owned() } else { path };
        return Err(Error::InvalidBody(format!("{path}: invalid type: array, expected an object")));
    }
    Ok(value)
}

/// JSON Schema's `integer` admits `1.0`, and generated clients may send it so; serde's
/// integers refuse it. Numbers with no fractional part (and exactly representable) are
/// read as the integers they are, everywhere in the body.
fn integral_numbers_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    /// Above this, an f64 no longer holds every integer exactly.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match value {
        Value::Number(n) if n.is_f64() => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= EXACT) {
                *value = Value::from(f as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(integral_numbers_as_integers),
        _ => {}
    }
}

/// serde's derived structs also accept their fields as an array (`"season": [null, null]`);
/// the API's contract says objects. Finds the first place where the client sent an array
/// and the value, as understood, is an object.
fn array_for_object(sent: &serde_json::Value, understood: &serde_json::Value, path: String) -> Option<String> {
    use serde_json::Value::{Array, Object};
    match (sent, understood) {
        (Array(_), Object(_)) => Some(path),
        (Object(s), Object(u)) => s.iter().find_map(|(key, sv)| {
            let child = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            u.get(key).and_then(|uv| array_for_object(sv, uv, child))
        }),
        (Array(s), Array(u)) => {
            s.iter().zip(u).enumerate().find_map(|(i, (sv, uv))| array_for_object(sv, uv, format!("{path}[{i}]")))
        }
        _ => None,
    }
}

/// Query parameters; errors name the parameter.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned> FromRequest for Params<T> {
    type Error = Error;
    type Future = Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(req.query_string().as_bytes()));
        ready(serde_path_to_error::deserialize(de).map(Params).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            Error::InvalidQuery(if path == "." { inner.to_string() } else { format!("{path}: {inner}") })
        }))
    }
}

pub use spielstand_wire::MAX_PER_PAGE;

/// A listing's page (from 1, default 1) and page size (1 to [`MAX_PER_PAGE`], default 50).
pub fn paging(page: Option<u32>, per_page: Option<u32>) -> Result<(u32, u32), Error> {
    paging_within(page, per_page, spielstand_wire::DEFAULT_PER_PAGE, MAX_PER_PAGE)
}

/// A page (from 1, default 1) and page size (1 to `max`, default `default`).
pub fn paging_within(page: Option<u32>, per_page: Option<u32>, default: u32, max: u32) -> Result<(u32, u32), Error> {
    let page = page.unwrap_or(1);
    if page == 0 {
        return Err(Error::InvalidQuery("page: pages start at 1".into()));
    }
    let per_page = per_page.unwrap_or(default);
    if !(1..=max).contains(&per_page) {
        return Err(Error::InvalidQuery(format!("per_page: must be between 1 and {max}")));
    }
    Ok((page, per_page))
}

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

    /// This write needs an admin token.
    pub fn admin(&self, what: &str) -> Result<(), Error> {
        match self.scope {
            TokenScope::Admin => Ok(()),
            TokenScope::Record => Err(Error::InsufficientScope(format!(
                "{what} needs a token of scope admin; the token {:?} has scope record",
                self.token_name
            ))),
        }
    }

    /// This write changes league `league_id`: a token limited to another league may not.
    pub fn in_league(&self, league_id: i64) -> Result<(), Error> {
        match self.league_id {
            Some(own) if own != league_id => Err(Error::InsufficientScope(format!(
                "the token {:?} may change league {own} only, not league {league_id}",
                self.token_name
            ))),
            _ => Ok(()),
        }
    }
}

impl FromRequest for Writer {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Checked already, before the body was read (`middleware::authenticate_first`).
        if let Some(writer) = req.extensions().get::<Writer>().cloned() {
            return Box::pin(async move { Ok(writer) });
        }
        authenticate(req)
    }
}

/// Checks the request's bearer token: the future owns what it needs, so it can run
/// before the handler (and its body) is reached.
pub fn authenticate(req: &HttpRequest) -> LocalBoxFuture<'static, Result<Writer, Error>> {
    let token = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_owned())
        .filter(|t| !t.is_empty());
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let client = state.as_ref().and_then(|s| client_address(&s.throttle, req));
    Box::pin(async move {
        let token = token.ok_or(Error::Unauthorized)?;
        let state = state.ok_or_else(|| Error::Internal("application state missing".into()))?;
        // An address over its failed-authentication quota waits, whatever it sends:
        // a token cannot be guessed faster than the quota allows.
        if let Some(wait) = client.and_then(|c| state.throttle.blocked(c)) {
            return Err(Error::TooManyRequests(wait));
        }
        let caller = match state.db(move |conn| tokens::authenticate(conn, &token)).await {
            Err(e @ (Error::UnknownToken | Error::Revoked(_))) => {
                let client_text = client.map_or("unknown".to_owned(), |c| c.to_string());
                tracing::warn!(client = %client_text, error = %e, "failed authentication");
                return Err(match client.and_then(|c| state.throttle.auth_failed(c)) {
                    Some(wait) => Error::TooManyRequests(wait),
                    None => e,
                });
            }
            other => other?,
        };
        Ok(Writer { token_name: caller.name, scope: caller.scope, league_id: caller.league_id })
    })
}

/// The client's address for quotas: the peer's, or a trusted proxy's `Forwarded` /
/// `X-Forwarded-For`.
pub fn client_address(throttle: &crate::http::throttle::Throttle, req: &HttpRequest) -> Option<std::net::IpAddr> {
    let header = |name: header::HeaderName| req.headers().get(name).and_then(|v| v.to_str().ok());
    throttle.client(
        req.peer_addr().map(|a| a.ip()),
        header(header::FORWARDED),
        header(header::HeaderName::from_static("x-forwarded-for")),
    )
}

/// The `If-Match` precondition for changing result `id`: 428 when it is missing.
/// Comparison is strong (RFC 9110): a weak tag never matches.
pub fn if_match(req: &HttpRequest, id: i64) -> Result<Precondition, Error> {
    let value = req
        .headers()
        .get(header::IF_MATCH)
        .ok_or_else(|| {
            Error::PreconditionRequired(format!(
                "If-Match: send the ETag of result {id} (its revision, e.g. \"1\") so that a stale change cannot overwrite a newer one"
            ))
        })?
        .to_str()
        .map_err(|_| Error::InvalidHeader("If-Match: not valid ASCII".into()))?;
    if value.trim() == "*" {
        return Ok(Precondition::Any);
    }
    let revisions = value
        .split(',')
        .map(str::trim)
        .filter_map(|tag| tag.strip_prefix('"')?.strip_suffix('"')?.parse::<i64>().ok())
        .collect();
    Ok(Precondition::Revisions(revisions))
}

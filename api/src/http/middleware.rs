//! The middleware every request passes: its id and its log line, and the quotas. (Who
//! may call what is `access`.)

use super::access::{Checked, Refused};
use super::routes::{RouteTable, Unrouted};
use super::{problem, request_id};
use crate::read::replica::{self, Consistency};
use actix_web::HttpMessage;
use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use spielstand_wire::Position;
use spielstand_wire::headers;
use std::rc::Rc;
use std::time::Instant;

/// Gives every request an id (echoed as `X-Request-Id`), makes it available to error
/// bodies, and logs one line per request. Headers are never logged: they hold tokens.
/// Per-address quotas on writes and reads, where the server sets them (429 with
/// `Retry-After`). Failed authentication has its own quota, in the token check.
pub async fn throttle<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> std::result::Result<ServiceResponse<actix_web::body::EitherBody<B>>, actix_web::Error> {
    let write = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let wait = req.app_data::<actix_web::web::Data<crate::http::AppState>>().and_then(|state| {
        // Without a quota of this kind, the client's address need not even be read.
        if !state.throttle.limits(write) {
            return None;
        }
        let client = state.proxies.client_of(req.request())?;
        state.throttle.request(client, write)
    });
    match wait {
        Some(wait) => {
            let response = actix_web::ResponseError::error_response(&crate::error::Error::TooManyRequests(wait));
            Ok(req.into_response(response).map_into_right_body())
        }
        None => next.call(req).await.map(ServiceResponse::map_into_left_body),
    }
}

/// How long a browser keeps its last write's position: past it, every reader sees the
/// write anyway (a table is never more than a second behind).
const READ_AFTER_KEPT: actix_web::cookie::time::Duration = actix_web::cookie::time::Duration::seconds(10);

/// The cookie that keeps a browser's last write for its next reads.
fn read_after_cookie<B>(res: &ServiceResponse<B>, position: &str) -> actix_web::cookie::Cookie<'static> {
    let secure = res
        .request()
        .app_data::<actix_web::web::Data<crate::http::AppState>>()
        .is_some_and(|state| state.secure_cookies);
    actix_web::cookie::Cookie::build(headers::READ_AFTER_COOKIE, position.to_owned())
        .path("/")
        .max_age(READ_AFTER_KEPT)
        .http_only(true)
        .secure(secure)
        .same_site(actix_web::cookie::SameSite::Lax)
        .finish()
}

/// Swagger UI loads its scripts and styles from /docs/ itself (no inline script), draws
/// icons from data: URIs and styles elements inline, and fetches the document and the
/// requests tried from this server only.
const DOCS_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

pub async fn request_context<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> std::result::Result<ServiceResponse<EitherBody<B, BoxBody>>, actix_web::Error> {
    let id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| (1..=64).contains(&v.len()) && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_owned)
        .unwrap_or_else(request_id::next);
    // The path only for the log line: most servers run without it, and a warm table's
    // request should not allocate for nothing.
    let path = tracing::enabled!(tracing::Level::INFO).then(|| req.path().to_owned());
    let (method, started) = (req.method().clone(), Instant::now());
    // HEAD is GET without the body (RFC 9110): every GET route answers it, the same
    // status and headers, from the same handler.
    let mut req = req;
    if method == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    // The client's last write, which the tables it reads must include (`replica`). A
    // value that is not a write position is refused: guessing would break that promise.
    let after = req
        .headers()
        .get(headers::READ_AFTER)
        .map(|v| v.to_str().map_err(|e| e.to_string()).and_then(str::parse::<Position>));
    // A page's last write, kept by the browser: a value not understood still asks for
    // every acknowledged write (never less than the page may expect), but is no error
    // the phone's user could do anything about.
    let cookie_after =
        req.cookie(headers::READ_AFTER_COOKIE).map(|c| c.value().parse::<Position>().unwrap_or(Position(u64::MAX)));
    let consistency =
        Rc::new(Consistency { after: after.clone().and_then(Result::ok).or(cookie_after), ..Consistency::default() });
    // A browser's write (it keeps cookies, or says where its page came from): its next
    // reads are told of it.
    let browser = req.headers().contains_key(header::COOKIE) || req.headers().contains_key(header::ORIGIN);
    let mut res = match after {
        // Refused before any handler; the lines below still name, count and log it.
        Some(Err(e)) => {
            let error =
                crate::error::Error::InvalidHeader(said!("api-message-2", read_after = headers::READ_AFTER, e = e));
            let response =
                problem::REQUEST_ID.sync_scope(id.clone(), || actix_web::ResponseError::error_response(&error));
            req.into_response(response).map_into_right_body()
        }
        _ => {
            let wants_html = req
                .headers()
                .get(header::ACCEPT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|accept| accept.contains("text/html"));
            let accept_language = req.headers().get(header::ACCEPT_LANGUAGE).cloned();
            let served = replica::REQUEST.scope(consistency.clone(), next.call(req));
            let res =
                problem::ACCEPT_LANGUAGE.scope(accept_language, problem::REQUEST_ID.scope(id.clone(), served)).await?;
            if method == Method::HEAD {
                res.map_body(|_, _| EitherBody::right(BoxBody::new(())))
            } else if wants_html && app_problem(&res) {
                as_page(res).await
            } else {
                res.map_body(|_, body| EitherBody::left(body))
            }
        }
    };
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(header::HeaderName::from_static("x-request-id"), value);
    }
    if let Some(value) = consistency.wrote.get().and_then(|p| HeaderValue::from_str(&p.to_string()).ok()) {
        if browser {
            let cookie = read_after_cookie(&res, value.to_str().unwrap_or_default());
            if let Ok(cookie) = HeaderValue::from_str(&cookie.to_string()) {
                res.headers_mut().append(header::SET_COOKIE, cookie);
            }
        }
        res.headers_mut().insert(header::HeaderName::from_static(headers::WRITE_POSITION_LOWER), value);
    }
    if let Some((revision, behind)) = consistency.served.get() {
        let sent = res.headers_mut();
        sent.insert(header::HeaderName::from_static(headers::REVISION_LOWER), HeaderValue::from(revision));
        sent.insert(
            header::HeaderName::from_static(headers::BEHIND_MS_LOWER),
            HeaderValue::from(behind.as_millis() as u64),
        );
        if !behind.is_zero() {
            // Whole seconds, rounded up: never younger than it is.
            sent.insert(header::AGE, HeaderValue::from(behind.as_secs() + 1));
        }
    }
    if let Some(lag) = consistency.replica_lag_ms.get() {
        res.headers_mut()
            .insert(header::HeaderName::from_static(headers::REPLICA_LAG_MS_LOWER), HeaderValue::from(lag));
    }
    // No response may be sniffed into another type (a JSON body rendered as HTML).
    res.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Served over HTTPS by the server itself: browsers keep to HTTPS for a year.
    if res.request().app_config().secure() {
        res.headers_mut().insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    }
    // The route actix matched, however the path was spelt (`/%64ocs/` is `/docs/`).
    let matched = res.request().match_pattern();
    // The API's documentation is not for framing (clickjacking); the embedded pages are,
    // and say so in their own policy.
    if matched.as_deref().is_some_and(|route| route.starts_with("/docs")) {
        let headers = res.headers_mut();
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(DOCS_POLICY));
    }
    // A route of the document answered without the access check: a handler registered
    // without `wrap = "crate::http::access::checked()"`. Its writes were refused (`Writer`
    // needs the check); said loudly so that it is found.
    if let Some(route) = matched.as_deref()
        && res.request().app_data::<actix_web::web::Data<RouteTable>>().is_some_and(|routes| routes.knows(route))
        && res.request().extensions().get::<Checked>().is_none()
        && res.request().extensions().get::<Refused>().is_none()
        && res.request().extensions().get::<Unrouted>().is_none()
    {
        tracing::error!(route, "a route of the document answered without the access check");
        metrics::counter!("spielstand_unchecked_requests_total").increment(1);
    }
    // One series per route of the document (never per path: ids would make them unbounded).
    let route = matched.unwrap_or_else(|| "unmatched".to_owned());
    let status = res.status().as_u16().to_string();
    let elapsed = started.elapsed();
    let verb = method_label(&method);
    metrics::counter!("spielstand_http_requests_total", "route" => route.clone(), "method" => verb, "status" => status)
        .increment(1);
    metrics::histogram!("spielstand_http_request_duration_seconds", "route" => route, "method" => verb)
        .record(elapsed.as_secs_f64());
    tracing::info!(
        request_id = %id,
        %method,
        path = path.as_deref().unwrap_or_default(),
        status = res.status().as_u16(),
        ms = elapsed.as_secs_f64() * 1000.0,
        "request"
    );
    Ok(res)
}

/// A problem answered on one of the app's pages (a pass that ended, a form from another
/// site, an overloaded server): a browser shows it as a page, not as JSON.
fn app_problem<B>(res: &ServiceResponse<B>) -> bool {
    let problem =
        res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes() == problem::PROBLEM_JSON.as_bytes());
    let page =
        res.request().match_pattern().is_some_and(|p| p.starts_with("/app/") || p.starts_with("/n/") || p == "/");
    problem && page
}

/// The problem of `res` as a page of the app, in the reader's language, keeping its status
/// and its `Retry-After`.
async fn as_page<B: MessageBody + 'static>(res: ServiceResponse<B>) -> ServiceResponse<EitherBody<B, BoxBody>> {
    let (req, res) = res.into_parts();
    let status = res.status();
    let retry = res.headers().get(header::RETRY_AFTER).cloned();
    let body = actix_web::body::to_bytes(res.into_body()).await.unwrap_or_default();
    let detail = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|p| p["detail"].as_str().map(str::to_owned))
        .unwrap_or_default();
    let (lang, _) = crate::http::lang::of(&req);
    let t = crate::render::app::Text::of(lang);
    let html = crate::render::app::pages::message(t.error_title, &detail, "/", lang);
    let mut page = crate::http::policy::app_page(status, html);
    if let Some(retry) = retry {
        page.headers_mut().insert(header::RETRY_AFTER, retry);
    }
    ServiceResponse::new(req, page).map_body(|_, body| EitherBody::right(body))
}

/// A request's method as a metrics label: the standard ones by name, any other as `other`,
/// so that a client inventing methods cannot make series without end.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

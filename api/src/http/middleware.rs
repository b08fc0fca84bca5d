//! The middleware every request passes: its id and its log line.

use super::{problem, request_id};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use std::time::Instant;

/// Gives every request an id (echoed as `X-Request-Id`), makes it available to error
/// bodies, and logs one line per request. Headers are never logged: they hold tokens.
/// Writes that need no token: scoring a round stores nothing.
const PUBLIC_WRITES: &[&str] = &["/api/v1/rangeln/score"];

/// A write that carries a token has it checked before anything else, its body included:
/// a wrong token is answered 401 (or 403, 429) whatever the body, and no body is read
/// for it. The handler's token extractor then takes the checked caller from here.
pub async fn authenticate_first<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> std::result::Result<ServiceResponse<actix_web::body::EitherBody<B>>, actix_web::Error> {
    let write = matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH | Method::DELETE);
    if !write || PUBLIC_WRITES.contains(&req.path()) || !req.headers().contains_key(header::AUTHORIZATION) {
        return next.call(req).await.map(ServiceResponse::map_into_left_body);
    }
    match crate::http::extract::authenticate(req.request()).await {
        Ok(writer) => {
            actix_web::HttpMessage::extensions_mut(&req).insert(writer);
            next.call(req).await.map(ServiceResponse::map_into_left_body)
        }
        Err(e) => Ok(req.into_response(actix_web::ResponseError::error_response(&e)).map_into_right_body()),
    }
}

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
        let client = crate::http::extract::client_address(&state.throttle, req.request())?;
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

/// Swagger UI loads its scripts and styles from /docs/ itself (no inline script), draws
/// icons from data: URIs and styles elements inline, and fetches the document and the
/// requests tried from this server only.
const DOCS_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

pub async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> std::result::Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| (1..=64).contains(&v.len()) && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_owned)
        .unwrap_or_else(request_id::next);
    let (method, path, started) = (req.method().clone(), req.path().to_owned(), Instant::now());
    let mut res = problem::REQUEST_ID.scope(id.clone(), next.call(req)).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(header::HeaderName::from_static("x-request-id"), value);
    }
    // No response may be sniffed into another type (a JSON body rendered as HTML).
    res.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // The API's documentation is not for framing (clickjacking); the embedded pages are,
    // and say so in their own policy.
    if path.starts_with("/docs") {
        let headers = res.headers_mut();
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(DOCS_POLICY));
    }
    tracing::info!(
        request_id = %id,
        %method,
        path,
        status = res.status().as_u16(),
        ms = started.elapsed().as_secs_f64() * 1000.0,
        "request"
    );
    Ok(res)
}

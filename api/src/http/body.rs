//! Request bodies: one deadline for every body on every route, and the one reader every
//! extractor (JSON, forms) reads a body with.
//!
//! The deadline is put on the request's payload itself, before any route is matched
//! (`deadline`, a middleware of the whole application): whatever reads the body, and
//! whatever its type (JSON, a form, anything else), a body that has not arrived whole
//! within `--body-timeout-ms` of the request's head ends in an error, the request is
//! answered 408 and its connection is closed. A client sending a byte every few seconds
//! cannot hold a connection open longer than that.

use crate::error::Error;
use crate::http::AppState;
use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::middleware::Next;
use actix_web::web;
use futures_util::StreamExt;
use std::io;
use std::time::Duration;

/// How long a body may take to arrive, where the application sets no other deadline.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);

/// What the payload says once the deadline has passed: an I/O error of its own kind.
const TIMED_OUT: &str = "the request body did not arrive within the server's deadline";

/// Puts the server's body deadline on every request's payload.
pub async fn deadline<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<B>, actix_web::Error> {
    let deadline = req.app_data::<web::Data<AppState>>().map_or(DEFAULT_DEADLINE, |s| s.body_deadline);
    let payload = req.take_payload();
    let sleep = Box::pin(actix_web::rt::time::sleep(deadline));
    let timed = futures_util::stream::unfold(Some((payload, sleep)), |state| async move {
        let (mut payload, mut sleep) = state?;
        tokio::select! {
            biased;
            chunk = payload.next() => chunk.map(|chunk| (chunk, Some((payload, sleep)))),
            () = &mut sleep => Some((Err(PayloadError::Io(io::Error::new(io::ErrorKind::TimedOut, TIMED_OUT))), None)),
        }
    });
    req.set_payload(Payload::Stream { payload: Box::pin(timed) });
    next.call(req).await
}

/// Reads a whole body of at most `max` bytes, counted as it arrives (a chunked body
/// declares no length): 413 past `max`, 408 past the deadline, 400 if it breaks off.
pub async fn read(payload: &mut Payload, max: usize, deadline: Duration) -> Result<web::Bytes, Error> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| match e {
            PayloadError::Io(io) if io.kind() == io::ErrorKind::TimedOut => Error::RequestTimeout(deadline.as_millis()),
            other => Error::MalformedJson(said!("api-body-could-not-read", other = other)),
        })?;
        if body.len() + chunk.len() > max {
            return Err(Error::PayloadTooLarge(max));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// Was no body sent at all (no `Content-Type`, no length or 0, not chunked)? A body that
/// may be left out is then its default.
pub fn absent(req: &actix_web::HttpRequest) -> bool {
    use actix_web::http::header;
    let headers = req.headers();
    !headers.contains_key(header::CONTENT_TYPE)
        && headers.get(header::CONTENT_LENGTH).is_none_or(|v| v.as_bytes() == b"0")
        && !headers.contains_key(header::TRANSFER_ENCODING)
}

/// The deadline of `req`'s server, for the 408's words.
pub fn deadline_of(req: &actix_web::HttpRequest) -> Duration {
    req.app_data::<web::Data<AppState>>().map_or(DEFAULT_DEADLINE, |s| s.body_deadline)
}

//! Conditional GET, the same for every representation of a table or a feed: a strong
//! ETag over the bytes sent, and 304 when `If-None-Match` names it.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

/// Browsers and proxies may keep a table but must revalidate: a 304 is cheap, and a
/// new result shows at once.
pub const REVALIDATE: &str = "public, no-cache";

pub use crate::read::tables::etag;

/// Does `If-None-Match` name `etag` (weak comparison, as RFC 9110 asks for it)?
fn unchanged(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag))
}

/// 200 with `body`, or an empty 304 when the client has it; both with ETag and
/// Cache-Control. Callers add headers that belong on both (such as `Vary`) afterwards.
pub fn respond(req: &HttpRequest, etag: &str, cache_control: &str, content_type: &str, body: Bytes) -> HttpResponse {
    let fresh = unchanged(req, etag);
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response.insert_header((header::ETAG, etag)).insert_header((header::CACHE_CONTROL, cache_control));
    if fresh {
        response.finish()
    } else if body.len() > super::sliced::SLICE {
        response.content_type(content_type).body(super::sliced::Sliced::new(body))
    } else {
        response.content_type(content_type).body(body)
    }
}

//! Conditional GET, the same for every representation of a table or a feed: a strong
//! ETag over the bytes sent, and 304 when `If-None-Match` names it.

use crate::error::{Error, Result};
use crate::read::cache::Served;
use crate::render::compressed::{Compressed, Encoded, Packed};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

/// Browsers and proxies may keep a table but must revalidate: a 304 is cheap, and a
/// new result shows at once.
pub const REVALIDATE: &str = "public, no-cache";

pub use crate::read::cache::etag;

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

/// `body` in the best encoding `req` accepts (brotli, gzip, or as it is), as [`respond`]
/// answers it: each encoding with its own ETag, `Vary: Accept-Encoding`. Nothing is
/// compressed per request: each form is made
/// once, by the first request that accepts it.
pub fn respond_compressed(
    req: &HttpRequest,
    body: &Compressed,
    cache_control: &str,
    content_type: &str,
) -> HttpResponse {
    let (encoded, encoding) = chosen(req, body);
    let mut response = respond(req, &encoded.etag, cache_control, content_type, encoded.bytes.clone());
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Some(encoding) = encoding {
        headers.insert(header::CONTENT_ENCODING, encoding.to_header_value());
    }
    response
}

/// A view's body as the cache holds it: whole ([`respond_compressed`]) or packed
/// ([`respond_packed`]); the same bytes and ETags either way.
pub fn respond_view(req: &HttpRequest, view: &Served, cache_control: &str, content_type: &str) -> Result<HttpResponse> {
    match view {
        Served::Full(view) => Ok(respond_compressed(req, &view.json, cache_control, content_type)),
        Served::Packed(view) => respond_packed(req, &view.json, cache_control, content_type),
    }
}

/// `body` kept packed, as [`respond_compressed`] answers a body: its gzip form to a client
/// that accepts gzip (brotli is not kept), else the plain bytes inflated for this request,
/// and not even that for a 304.
pub fn respond_packed(
    req: &HttpRequest,
    body: &Packed,
    cache_control: &str,
    content_type: &str,
) -> Result<HttpResponse> {
    let gzip = body.gzip().filter(|_| {
        AcceptEncoding::parse(req).is_ok_and(|accepted| {
            accepted.negotiate([Encoding::gzip(), Encoding::identity()].iter()) == Some(Encoding::gzip())
        })
    });
    let mut response = match gzip {
        Some(gzip) => {
            let mut response = respond(req, &gzip.etag, cache_control, content_type, gzip.bytes.clone());
            response.headers_mut().insert(header::CONTENT_ENCODING, ContentEncoding::Gzip.to_header_value());
            response
        }
        None if unchanged(req, body.plain_etag()) => {
            respond(req, body.plain_etag(), cache_control, content_type, Bytes::new())
        }
        None => {
            let plain = body.plain().map_err(|e| Error::internal(format!("a packed view did not inflate: {e}")))?;
            respond(req, &plain.etag, cache_control, content_type, plain.bytes)
        }
    };
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    Ok(response)
}

/// The representation of `body` for `req`: the client's preference among those made.
fn chosen<'a>(req: &HttpRequest, body: &'a Compressed) -> (&'a Encoded, Option<ContentEncoding>) {
    let Ok(accepted) = AcceptEncoding::parse(req) else { return (&body.plain, None) };
    let mut offered = Vec::with_capacity(3);
    if body.compressible() {
        offered.push(Encoding::brotli());
        offered.push(Encoding::gzip());
    }
    offered.push(Encoding::identity());
    // The chosen form is made here if it is the first request to accept it, once.
    match accepted.negotiate(offered.iter()) {
        Some(e) if e == Encoding::brotli() => {
            body.brotli().map_or((&body.plain, None), |b| (b, Some(ContentEncoding::Brotli)))
        }
        Some(e) if e == Encoding::gzip() => {
            body.gzip().map_or((&body.plain, None), |g| (g, Some(ContentEncoding::Gzip)))
        }
        _ => (&body.plain, None),
    }
}

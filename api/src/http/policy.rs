//! Response policies of what club websites embed: the table, night and player pages and
//! the pictures may be framed and loaded by any site, and run nothing.

use crate::http::conditional::{self, REVALIDATE};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

/// The page runs nothing and loads nothing: even a name that slipped through escaping
/// could not run. `frame-ancestors *` lets any site frame it.
const PAGE_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/// Nothing in a picture runs or loads, even when it is opened on its own.
const PICTURE_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// Headers that let any site embed the response, and nothing else.
pub fn embeddable(response: &mut HttpResponse) {
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static("x-content-type-options"), HeaderValue::from_static("nosniff"));
    // Sites that isolate themselves (Cross-Origin-Embedder-Policy) may still load it.
    headers.insert(HeaderName::from_static("cross-origin-resource-policy"), HeaderValue::from_static("cross-origin"));
}

/// An HTML page for an iframe: ETag over its bytes, 304, embeddable anywhere, no scripts.
pub fn page(req: &HttpRequest, html: String) -> HttpResponse {
    let etag = conditional::etag(html.as_bytes());
    let mut response = conditional::respond(req, &etag, REVALIDATE, "text/html; charset=utf-8", html.into());
    embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PAGE_POLICY));
    response
}

/// A picture: ETag over its bytes, 304, embeddable anywhere, nothing in it runs.
pub fn picture(req: &HttpRequest, svg: String) -> HttpResponse {
    let etag = conditional::etag(svg.as_bytes());
    let mut response = conditional::respond(req, &etag, REVALIDATE, "image/svg+xml; charset=utf-8", svg.into());
    embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PICTURE_POLICY));
    response
}

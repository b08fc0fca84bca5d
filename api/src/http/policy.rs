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
    embedded(req, html, "text/html; charset=utf-8", PAGE_POLICY)
}

/// A picture: ETag over its bytes, 304, embeddable anywhere, nothing in it runs.
pub fn picture(req: &HttpRequest, svg: String) -> HttpResponse {
    embedded(req, svg, "image/svg+xml; charset=utf-8", PICTURE_POLICY)
}

fn embedded(req: &HttpRequest, text: String, content_type: &str, policy: &'static str) -> HttpResponse {
    let etag = conditional::etag(text.as_bytes());
    let mut response = conditional::respond(req, &etag, REVALIDATE, content_type, text.into());
    embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    response
}

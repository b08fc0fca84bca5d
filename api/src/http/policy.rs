//! Response policies of what club websites embed: the table, night and player pages and
//! the pictures may be framed and loaded by any site, and run nothing.

use crate::http::conditional::{self, REVALIDATE};
use crate::render::compressed::Compressed;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

/// The page runs nothing and loads nothing: even a name that slipped through escaping
/// could not run. `frame-ancestors *` lets any site frame it.
const PAGE_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/// A page that follows a club night live: the page of [`PAGE_POLICY`], plus this server's
/// own script and its stream (`/app/live.js`, `/api/v1/events/{id}/stream`).
const LIVE_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
     img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *";

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

/// As [`page`], a page made once per revision and kept compressed ([`Compressed`]): sent
/// in the encoding the client accepts.
pub fn compressed_page(req: &HttpRequest, html: &Compressed) -> HttpResponse {
    let mut response = conditional::respond_compressed(req, html, REVALIDATE, "text/html; charset=utf-8");
    embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PAGE_POLICY));
    response
}

/// As [`picture`], a picture made once per revision and kept compressed.
pub fn compressed_picture(req: &HttpRequest, svg: &Compressed) -> HttpResponse {
    let mut response = conditional::respond_compressed(req, svg, REVALIDATE, "image/svg+xml; charset=utf-8");
    embeddable(&mut response);
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PICTURE_POLICY));
    response
}

/// A page that follows a night live (the tables page): as [`page`], with the script that
/// follows the night's stream.
pub fn live_page(req: &HttpRequest, html: String) -> HttpResponse {
    embedded(req, html, "text/html; charset=utf-8", LIVE_POLICY)
}

/// The same page for the organiser signed in on this browser (it shows the join code):
/// for this browser only, never kept by a shared cache, and not for framing elsewhere.
pub fn private_live_page(html: String) -> HttpResponse {
    let mut response = HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header((header::VARY, "Cookie"))
        .body(html);
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static("x-content-type-options"), HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(LIVE_POLICY_OWN));
    response
}

/// [`LIVE_POLICY`], framed by this server's own pages only.
const LIVE_POLICY_OWN: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
     img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

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

/// The app's pages run this server's own script and style only, send forms and requests
/// to it only, and are framed by nobody (clickjacking).
const APP_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; \
     frame-ancestors 'none'";

/// A page of the app: personal (a pass, a session), so kept by no cache but the phone's
/// own service worker; its links leak no join code to another site (`same-origin`: the
/// `Referer` and `Origin` go to this server only). Not `no-referrer`: on a club's
/// network the pages are no secure context, so Chromium sends no `Sec-Fetch-Site`, and
/// under `no-referrer` a form's `Origin` is `null`; the origin check of the forms would
/// refuse every one of them.
pub fn app_page(status: actix_web::http::StatusCode, html: String) -> HttpResponse {
    let mut response = HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(APP_POLICY));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(HeaderName::from_static("referrer-policy"), HeaderValue::from_static("same-origin"));
    response
}

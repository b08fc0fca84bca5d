//! What the app's page handlers share: a page's answer (its language remembered), the
//! redirect after a form, a refusal said in the reader's language, and whether the
//! caller wants JSON (the app's script) rather than a page.

use crate::error::Error;
use crate::http::{lang, policy};
use crate::render::Lang;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};

/// Does the caller want the API's JSON (the script) rather than a page?
pub fn wants_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json") && !accept.contains("text/html"))
}

/// A page of the app, with its language remembered when it was asked for.
pub fn page(req: &HttpRequest, status: actix_web::http::StatusCode, html: String) -> HttpResponse {
    let (lang, asked) = lang::of(req);
    let mut response = policy::app_page(status, html);
    if asked {
        let _ = response.add_cookie(&lang::remember(lang));
    }
    response
}

/// 303 to `to`: the page to show after a form post.
pub fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, to.to_owned())).finish()
}

/// What a refusal says on a page, in the reader's language.
pub fn said(e: &Error, lang: Lang) -> String {
    e.said(text_lang(lang))
}

fn text_lang(lang: Lang) -> spielstand_text::Lang {
    match lang {
        Lang::De => spielstand_text::Lang::De,
        Lang::En => spielstand_text::Lang::En,
    }
}

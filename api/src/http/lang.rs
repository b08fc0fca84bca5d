//! The language a page speaks: `?lang=de|en` (kept in a cookie for the pages that follow),
//! else the cookie, else the browser's `Accept-Language`, else German.

use crate::render::Lang;
use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::http::header::{self, AcceptLanguage};

pub const LANG_COOKIE: &str = "spielstand_lang";

fn parse(code: &str) -> Option<Lang> {
    match code.get(..2).map(str::to_ascii_lowercase).as_deref() {
        Some("de") => Some(Lang::De),
        Some("en") => Some(Lang::En),
        _ => None,
    }
}

/// The page's language, and whether it was asked for in the query (then `remember` it).
pub fn of(req: &HttpRequest) -> (Lang, bool) {
    let asked =
        form_urlencoded::parse(req.query_string().as_bytes()).find(|(k, _)| k == "lang").and_then(|(_, v)| parse(&v));
    if let Some(lang) = asked {
        return (lang, true);
    }
    if let Some(lang) = req.cookie(LANG_COOKIE).and_then(|c| parse(c.value())) {
        return (lang, false);
    }
    let lang = accepted(req.headers().get_all(header::ACCEPT_LANGUAGE)).unwrap_or_default();
    (lang, false)
}

/// The first of German and English that `Accept-Language` `values` rank, if any.
pub fn accepted<'a>(values: impl Iterator<Item = &'a header::HeaderValue> + 'a) -> Option<Lang> {
    let accept = AcceptLanguage(header::from_comma_delimited(values).unwrap_or_default());
    accept.ranked().iter().find_map(|tag| parse(&tag.to_string()))
}

/// The cookie that keeps a language asked for.
pub fn remember(lang: Lang) -> Cookie<'static> {
    Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(time::Duration::days(365))
        .finish()
}

/// The languages a page's answer varies by.
pub const VARY: (header::HeaderName, &str) = (header::VARY, "Accept-Language, Cookie");

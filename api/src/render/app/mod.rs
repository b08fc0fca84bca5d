//! The app members and the organiser use on their phones at the table: server-rendered
//! pages (maud escapes every name), each action a plain HTML form that works without
//! JavaScript; `app.js` adds taps, the offline queue and live updates on top.
//!
//! Every word a page shows comes from [`Text`], in German (the default) and English; rule
//! messages come from the shared catalogue (`spielstand-text`).

pub mod entry;
pub mod organiser;
pub mod pages;
mod text;

pub use text::{Text, fill};

use super::Lang;
use maud::{DOCTYPE, Markup, PreEscaped, html};

/// The version of the app's assets, a hash of their bytes: their URLs carry it, so a phone
/// never mixes an old script with a new page, and the service worker keeps each version
/// once.
pub static ASSETS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let hash = [CSS, APP_JS, SERVICE_WORKER]
        .iter()
        .flat_map(|asset| asset.bytes())
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{:012x}", hash >> 16)
});

/// The app's stylesheet: the embedded pages' look, and the app's own.
pub const CSS: &str = concat!(include_str!("../embed.css"), "\n", include_str!("assets/app.css"));
/// The script every app page (and the projector's tables page) loads, deferred: taps, the
/// offline queue, live updates.
pub const APP_JS: &str = include_str!("assets/app.js");
/// The service worker: the app's pages and assets offline after the first visit.
pub const SERVICE_WORKER: &str = include_str!("assets/sw.js");
/// The icon a browser asks for by itself (`/favicon.ico`).
pub const ICON: &str = include_str!("assets/icon.svg");

/// A page's frame: language, title, the stylesheet and script (no inline script), the
/// language switch, and `body`.
pub fn layout(lang: Lang, title: &str, switch_to: &str, body: Markup) -> String {
    let t = Text::of(lang);
    let other = match lang {
        Lang::De => ("en", "English"),
        Lang::En => ("de", "Deutsch"),
    };
    let switch = if switch_to.contains('?') {
        format!("{switch_to}&lang={}", other.0)
    } else {
        format!("{switch_to}?lang={}", other.0)
    };
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                // Referer and Origin to this server only (see `http::policy::app_page`).
                meta name="referrer" content="same-origin";
                title { (title) " – spielstand" }
                link rel="stylesheet" href={ "/app/app.css?v=" (*ASSETS) };
                // No icon to fetch: a page and its two assets are all a phone loads.
                link rel="icon" href="data:,";
                script src={ "/app/app.js?v=" (*ASSETS) } defer {}
            }
            body class="app" {
                header class="bar" {
                    a href="/" class="home" { "spielstand" }
                    a href=(switch) class="lang" hreflang=(other.0) lang=(other.0) { (other.1) }
                }
                main id="main" { (body) }
                footer class="note" { (t.footer) }
            }
        }
    }
    .into_string()
}

/// A message box: an error a form must show again, or a note.
pub fn notice(kind: &str, text: &str) -> Markup {
    html! { p class={ "notice " (kind) } role=(if kind == "error" { "alert" } else { "status" }) { (text) } }
}

/// Markup already escaped (the live part of the tables page, rendered by `pages`).
pub fn trusted(html: &str) -> PreEscaped<&str> {
    PreEscaped(html)
}

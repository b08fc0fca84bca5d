//! QR codes: a club night's join link on the projector, drawn as inline SVG (nothing to
//! load), and the organiser's sign-in link in a terminal.

use super::{Lang, escape};
use qrcode::render::{svg, unicode};
use qrcode::{EcLevel, QrCode};

/// `text` as an inline `<svg>` (no XML declaration), dark on light at any size.
pub fn svg(text: &str, label: &str) -> String {
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) else { return String::new() };
    let drawn = code
        .render::<svg::Color>()
        .min_dimensions(200, 200)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build();
    let start = drawn.find("<svg").unwrap_or(0);
    // Named for screen readers; the code's text stands beside it.
    drawn[start..].replacen("<svg", &format!("<svg role=\"img\" aria-label=\"{}\"", escape(label)), 1)
}

/// `text` as a QR code of text characters, for a terminal.
pub fn terminal(text: &str) -> String {
    QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).map_or_else(
        |e| format!("({e})"),
        |code| {
            code.render::<unicode::Dense1x2>()
                .dark_color(unicode::Dense1x2::Light)
                .light_color(unicode::Dense1x2::Dark)
                .quiet_zone(true)
                .build()
        },
    )
}

/// The join code for a night's tables page: its QR code (of the page members open) and
/// its text, to type.
pub fn join_section(base: &str, code: &str, lang: Lang) -> String {
    let shown = spielstand_wire::shown_code(code);
    let url = format!("{base}/n/{shown}");
    let (heading, how) = match lang {
        Lang::De => ("Mitspielen", "Scanne den Code oder öffne die Adresse und gib den Code ein:"),
        Lang::En => ("Join in", "Scan the code, or open the address and type the code:"),
    };
    format!(
        "<section class=\"join\" aria-labelledby=\"join-heading\"><h2 id=\"join-heading\">{heading}</h2>\n<div class=\"qr\">{}</div>\n<p>{how}</p>\n<p class=\"code\"><span class=\"url\">{}</span> <strong>{}</strong></p></section>\n",
        svg(&url, &url),
        escape(&format!("{base}/n")),
        escape(&shown)
    )
}

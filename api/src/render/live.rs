//! A frame of a club night's live stream (Server-Sent Events): the night's report, as
//! `GET /api/v1/events/{id}` answers it, and the night's live part of the pages in both
//! languages, so that a page puts the server's own rendering in place (no second
//! rendering in the script, and every name escaped here).

use super::Lang;
use spielstand_wire::{EventReport, LiveHtml, NightFrame};

/// The SSE event for night `report` of league `league`: `event: night`, one `data:` line
/// of JSON (`{"report": ..., "html": {"de": ..., "en": ...}}`), its `id` the league's
/// revision.
pub fn frame(report: &EventReport, league: &str) -> Vec<u8> {
    let html = LiveHtml {
        de: super::pages::live_tables(report, league, Lang::De),
        en: super::pages::live_tables(report, league, Lang::En),
    };
    let frame = NightFrame { report: report.clone(), html };
    let data = serde_json::to_string(&frame).expect("a frame serializes");
    format!("id: {}\nevent: night\ndata: {data}\n\n", report.league_revision).into_bytes()
}

//! The form a member (or the organiser, correcting) enters a table's result with, for
//! every game: places by seat for the finishing-order games (with teams, carrots and
//! lettuces, edition and cards where the game and the league need them), and Rangeln
//! round by round, as scores or as pieces per ring. Without JavaScript each is a plain
//! form; `app.js` turns the places into taps and checks each Rangeln round with the
//! server's own scoring (`POST /api/v1/rangeln/score`) before it is sent.
//!
//! The field names are the contract with `http::forms`, which turns them into a record.

use super::text::fill;
use super::{Text, notice};
use crate::render::Lang;
use maud::{Markup, html};
use spielstand_core::GameKind;
use spielstand_core::LeagueRules;
use spielstand_wire::DrawnTable;
use std::collections::BTreeMap;

/// Values to show again in the form (after a refusal, or the record being corrected), by
/// field name.
pub type Prefill = BTreeMap<String, String>;

/// How Rangeln rounds are entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangelnInput {
    Scores,
    Rings,
}

/// What the form is for.
pub struct Entry<'a> {
    pub action: &'a str,
    pub game: GameKind,
    pub table: &'a DrawnTable,
    pub rules: &'a LeagueRules,
    pub prefill: &'a Prefill,
    pub rangeln: RangelnInput,
    /// The error to show above the form, in the reader's language.
    pub error: Option<&'a str>,
    pub submit: &'a str,
}

/// Does the league play `game` with partners (Mensch ärgere Dich nicht, Ghostbuster)?
pub fn partners(rules: &LeagueRules, game: GameKind) -> bool {
    let options = match game {
        GameKind::MenschAergereDichNicht => rules.game_options.mensch.as_ref(),
        GameKind::Ghostbuster => rules.game_options.ghostbuster.as_ref(),
        _ => None,
    };
    options.and_then(|o| o.partners).unwrap_or(false)
}

/// The form.
pub fn form(entry: &Entry, lang: Lang) -> Markup {
    let t = Text::of(lang);
    let seats = &entry.table.seats;
    let n = seats.len();
    let value = |name: &str| entry.prefill.get(name).map(String::as_str).unwrap_or("");
    html! {
        form method="post" action=(entry.action) class="entry" data-game=(game_slug(entry.game)) data-players=(n) {
            @if let Some(error) = entry.error { (notice("error", error)) }
            @match entry.game {
                GameKind::Rangeln => {
                    input type="hidden" name="input" value=(if entry.rangeln == RangelnInput::Rings { "rings" } else { "scores" });
                    @for round in 1..=n {
                        fieldset class="round" data-round=(round) {
                            legend { (fill(t.rangeln_round, &[&round.to_string()])) }
                            @for seat in seats {
                                @let s = seat.seat;
                                @if entry.rangeln == RangelnInput::Scores {
                                    @let name = format!("score-{round}-{s}");
                                    label class="field" {
                                        span { bdi { (seat.player) } }
                                        input type="number" inputmode="numeric" name=(name) value=(value(&name)) required
                                            min="-99" max="99" step="1" aria-label=(fill(t.score_of, &[&seat.player]));
                                    }
                                } @else {
                                    div class="field rings" role="group" aria-label=(fill(t.rings_of, &[&seat.player])) {
                                        span { bdi { (seat.player) } }
                                        @for ring in ["plus2", "minus2", "plus1", "minus1"] {
                                            @let name = format!("{ring}-{round}-{s}");
                                            input type="number" inputmode="numeric" name=(name) value=(value(&name))
                                                min="0" max="9" step="1" aria-label={ (seat.player) " " (ring_label(ring)) };
                                        }
                                    }
                                }
                            }
                            output class="totals" aria-live="polite" {}
                        }
                    }
                }
                _ => {
                    p class="hint" { (t.tied_hint) }
                    @for seat in seats {
                        @let s = seat.seat;
                        div class="field player" data-seat=(s) {
                            span class="name" { bdi { (seat.player) } }
                            @let place = format!("place-{s}");
                            label {
                                span class="vh" { (fill(t.place_of, &[&seat.player])) }
                                select name=(place) required {
                                    option value="" { "–" }
                                    @for p in 1..=n {
                                        option value=(p) selected[value(&place) == p.to_string()] { (p) "." }
                                    }
                                }
                            }
                            @if partners(entry.rules, entry.game) {
                                @let team = format!("team-{s}");
                                label {
                                    span class="vh" { (fill(t.team_of, &[&seat.player])) }
                                    select name=(team) required {
                                        option value="" { "Team –" }
                                        @for k in 1..=3 {
                                            option value=(k) selected[value(&team) == k.to_string()] { "Team " (k) }
                                        }
                                    }
                                }
                            }
                            @if entry.game == GameKind::HaseUndIgel {
                                @let carrots = format!("carrots-{s}");
                                @let lettuces = format!("lettuces-{s}");
                                label class="small" {
                                    span { "🥕" span class="vh" { (fill(t.carrots_of, &[&seat.player])) } }
                                    input type="number" inputmode="numeric" name=(carrots) value=(value(&carrots)) min="0" max="999"
                                        placeholder=(t.did_not_finish);
                                }
                                label class="small" {
                                    span { "🥬" span class="vh" { (fill(t.lettuces_of, &[&seat.player])) } }
                                    input type="number" inputmode="numeric" name=(lettuces) value=(value(&lettuces)) min="0" max="3" placeholder="0";
                                }
                            }
                        }
                    }
                    @if entry.game == GameKind::LaufRauf {
                        @let options = entry.rules.game_options.lauf_rauf.as_ref();
                        @if options.and_then(|o| o.edition).is_none() {
                            label class="field" {
                                span { (t.edition) }
                                select name="edition" required {
                                    option value="" { "–" }
                                    option value="published" selected[value("edition") == "published"] { (t.edition_published) }
                                    option value="revised" selected[value("edition") == "revised"] { (t.edition_revised) }
                                }
                            }
                        }
                        @if options.and_then(|o| o.cards).is_none() {
                            label class="check" {
                                input type="checkbox" name="cards" value="on" checked[value("cards") == "on"];
                                " " (t.cards)
                            }
                        }
                    }
                }
            }
            button type="submit" class="primary" { (entry.submit) }
            p class="queue" aria-live="polite" {}
        }
    }
}

fn ring_label(ring: &str) -> &'static str {
    match ring {
        "plus2" => "+2",
        "minus2" => "−2",
        "plus1" => "+1",
        _ => "−1",
    }
}

fn game_slug(game: GameKind) -> &'static str {
    use spielstand_core::Slug;
    game.slug()
}

//! The organiser's pages on a phone or tablet: their nights, and one night with everything
//! the CLI's club night does (check-in by tapping, the join code, the draw, each table's
//! state, settling rejected results, passes, closing the night).

use super::entry::{self, Entry, Prefill, RangelnInput};
use super::pages::placings;
use super::{Text, fill, layout, notice, trusted};
use crate::render::Lang;
use maud::{Markup, html};
use spielstand_core::LeagueRules;
use spielstand_core::Slug;
use spielstand_wire::{DrawnTable, Event, EventReport, League, PassInfo, Player, ResultStatus, Review, StoredResult};

/// `GET /app/organiser`: the open nights of the leagues the signed-in token may act in,
/// and starting a new one.
pub fn home(
    name: &str,
    leagues: &[(League, Vec<Event>)],
    today: chrono::NaiveDate,
    error: Option<&str>,
    lang: Lang,
) -> String {
    let t = Text::of(lang);
    let body = html! {
        h1 { (t.organisers) }
        p class="sub" { (fill(t.signed_in_as, &[name])) }
        @if let Some(error) = error { (notice("error", error)) }
        @for (league, nights) in leagues {
            section {
                h2 { bdi { (league.name) } }
                @let open: Vec<&Event> = nights.iter().filter(|n| n.closed_at.is_none()).collect();
                @if open.is_empty() { p class="note" { (t.no_open_night) } }
                ul class="list" {
                    @for night in open {
                        li { a href={ "/app/organiser/nights/" (night.id) } { bdi { (night.title) } " · " (lang.date(night.date)) } }
                    }
                }
                form method="post" action={ "/app/organiser/leagues/" (league.id) "/nights" } class="inline" {
                    label { span { (t.title_label) } input name="title" value=(t.default_title) required maxlength="100"; }
                    label { span { (t.date_label) } input type="date" name="date" value=(today) required; }
                    button type="submit" class="primary" { (t.start_night) }
                }
            }
        }
        form method="post" action="/app/sign-out" { button type="submit" { (t.sign_out) } }
    };
    layout(lang, t.organisers, "/app/organiser", body)
}

/// Everything the organiser's night page shows.
pub struct OrganiserNight<'a> {
    pub report: &'a EventReport,
    pub league: &'a str,
    pub rules: &'a LeagueRules,
    /// Every player, to check in by tapping.
    pub players: &'a [Player],
    /// The night's join code section (text and QR), if a code is in force.
    pub join_code: Option<String>,
    pub passes: &'a [PassInfo],
    pub entered: &'a [StoredResult],
    pub live: &'a str,
    pub error: Option<&'a str>,
}

/// `GET /app/organiser/nights/{id}`.
pub fn night(night: &OrganiserNight, lang: Lang) -> String {
    let t = Text::of(lang);
    let report = night.report;
    let event = &report.event;
    let id = event.id;
    let base = format!("/app/organiser/nights/{id}");
    let present: Vec<i64> = report.attendees.iter().map(|a| a.player_id).collect();
    let closed = event.closed_at.is_some();
    let body = html! {
        h1 { bdi { (event.title) } }
        p class="sub" { bdi { (night.league) } " · " (lang.date(event.date)) @if closed { " · " (t.closed) } }
        p { a href="/app/organiser" { (t.back) } " · " a href={ "/embed/events/" (id) "/tables?lang=" (lang.code()) } { (t.projector) } }
        @if let Some(error) = night.error { (notice("error", error)) }
        @if !closed {
            section aria-labelledby="code" {
                h2 id="code" { (t.join_code) }
                @if let Some(code) = &night.join_code { (trusted(code)) }
                form method="post" action={ (base) "/join-code" } {
                    button type="submit" { (if night.join_code.is_some() { t.new_code } else { t.make_code }) }
                }
            }
            section aria-labelledby="present" {
                h2 id="present" { (t.check_in) " (" (present.len()) ")" }
                p class="hint" { (t.check_in_hint) }
                div class="choices" {
                    @for player in night.players.iter().filter(|p| p.merged_into.is_none()) {
                        @let here = present.contains(&player.id);
                        form method="post" action={ (base) "/attendees" } {
                            input type="hidden" name="player" value=(player.id);
                            input type="hidden" name="present" value=(if here { "no" } else { "yes" });
                            button type="submit" class={ "choice " (if here { "on" } else { "off" }) } aria-pressed=(here) {
                                bdi { (player.name) }
                                span class="vh" { " – " (if here { t.present } else { t.absent }) }
                            }
                        }
                    }
                }
                form method="post" action={ (base) "/attendees" } class="inline" {
                    label { span { (t.new_player) } input name="name" required maxlength="100"; }
                    button type="submit" { (t.add_and_check_in) }
                }
            }
            section aria-labelledby="draw" {
                h2 id="draw" { (t.draw) }
                form method="post" action={ (base) "/rounds" } class="stack" {
                    label class="field" { span { (t.game) }
                        select name="game" required {
                            @for game in &night.rules.games { option value=(game.slug()) { (game.name()) } }
                        }
                    }
                    label class="field" { span { (t.method) }
                        select name="method" {
                            option value="balanced" { (t.method_balanced) }
                            option value="random" { (t.method_random) }
                            option value="swiss" { (t.method_swiss) }
                        }
                    }
                    label class="field" { span { (t.size) }
                        select name="size" {
                            option value="" { (t.size_any) }
                            @for n in 2..=6 { option value=(n) { (n) } }
                        }
                    }
                    label class="field" { span { (t.pins) } textarea name="pins" rows="2" placeholder=(t.pins_hint) {} }
                    button type="submit" class="primary" { (t.draw_button) }
                }
            }
        }
        section aria-labelledby="tables" {
            h2 id="tables" { (t.tonight_tables) }
            @if let Some(round) = report.rounds.last() {
                @for table in &round.tables {
                    (table_state(night, table, lang))
                }
            }
            div id="live" data-stream={ "/api/v1/events/" (id) "/stream" } data-lang=(lang.code()) data-reload="tables" aria-live="polite" {
                (trusted(night.live))
            }
        }
        section aria-labelledby="passes" {
            h2 id="passes" { (t.passes) }
            @if night.passes.is_empty() { p class="note" { (t.no_passes) } }
            ul class="list" {
                @for pass in night.passes {
                    li {
                        bdi { (pass.player) } " · " (fill(t.pass_number, &[&pass.id.to_string()]))
                        @if pass.revoked_at.is_some() { " · " (t.revoked) }
                        @else if !closed {
                            form method="post" action={ (base) "/passes/" (pass.player_id) "/revoke" } class="inline" {
                                button type="submit" class="small" { (t.revoke) }
                            }
                        }
                    }
                }
            }
        }
        @if !closed {
            section aria-labelledby="close" {
                h2 id="close" { (t.close_night) }
                p class="hint" { (t.close_hint) }
                form method="post" action={ (base) "/close" } { button type="submit" { (t.close_night) } }
            }
        }
    };
    layout(lang, &event.title, &base, body)
}

/// One table of the current round, as the organiser sees it: its players and the state of
/// its result, with what can be done about it.
fn table_state(night: &OrganiserNight, table: &DrawnTable, lang: Lang) -> Markup {
    let t = Text::of(lang);
    let entered = table.result_id.and_then(|id| night.entered.iter().find(|r| r.id == id));
    let state = match entered.map(|r| r.status) {
        None => t.state_open,
        Some(ResultStatus::Pending) => t.state_pending,
        Some(ResultStatus::Rejected) => t.state_rejected,
        Some(ResultStatus::Confirmed) => t.state_done,
    };
    let names: Vec<&str> = table.seats.iter().map(|s| s.player.as_str()).collect();
    html! {
        article class={ "table-state " (entered.map_or("open", |r| r.status.slug())) } {
            h3 { (t.table) " " (table.number) " · " (state) }
            p { bdi { (names.join(", ")) } }
            @if let Some(result) = entered {
                (placings(result, lang))
                @if let Some(review) = &result.review {
                    p class="note" { (reviewed_by(review, lang)) }
                }
                @if let Some(rejection) = result.review.as_ref().and_then(|r| r.rejection.as_ref()) {
                    (notice("error", &fill(t.rejected_by, &[&rejection.by_player, &rejection.reason])))
                }
                @if result.status != ResultStatus::Confirmed {
                    div class="actions" {
                        form method="post" action={ "/app/organiser/results/" (result.id) "/accept" } {
                            input type="hidden" name="revision" value=(result.revision);
                            button type="submit" class="primary" { (t.accept) }
                        }
                        a class="button" href={ "/app/organiser/results/" (result.id) } { (t.correct) }
                        form method="post" action={ "/app/organiser/results/" (result.id) "/delete" } {
                            input type="hidden" name="revision" value=(result.revision);
                            button type="submit" { (t.delete) }
                        }
                    }
                }
            }
        }
    }
}

/// Who entered a member's result and who confirmed it, each with the pass they used: a
/// confirmation is a player's, and the organiser sees which pass gave it.
fn reviewed_by(review: &Review, lang: Lang) -> String {
    let t = Text::of(lang);
    let mut said = vec![fill(t.entered_with, &[&review.entered_by_player, &review.entered_with_pass.to_string()])];
    for c in &review.confirmations {
        let pass = c.pass.map_or_else(|| "–".to_owned(), |p| p.to_string());
        said.push(fill(t.confirmed_with, &[&c.player, &pass]));
    }
    said.join(" · ")
}

/// `GET /app/organiser/results/{id}`: a member's entry to correct, then accept.
#[allow(clippy::too_many_arguments)]
pub fn correct(
    result: &StoredResult,
    table: &DrawnTable,
    rules: &LeagueRules,
    prefill: &Prefill,
    rangeln: RangelnInput,
    error: Option<&str>,
    lang: Lang,
) -> String {
    let t = Text::of(lang);
    let night = result.record.event_id.unwrap_or_default();
    let body = html! {
        h1 { (t.correct) }
        p { a href={ "/app/organiser/nights/" (night) } { (t.back) } }
        (entry::form(&Entry {
            action: &format!("/app/organiser/results/{}?revision={}", result.id, result.revision),
            game: result.record.game(),
            table,
            rules,
            prefill,
            rangeln,
            error,
            submit: t.correct_and_accept,
        }, lang))
    };
    layout(lang, t.correct, &format!("/app/organiser/results/{}", result.id), body)
}

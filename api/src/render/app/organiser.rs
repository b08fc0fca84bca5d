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
    /// What the organiser's last action did, said at the top.
    pub done: Option<Done>,
    /// Names typed on the join page that are nobody's: (request id, name).
    pub asked: &'a [(i64, String)],
    /// May the signed-in token close this night (an admin's, or the token that started it)?
    pub may_close: bool,
    /// The address links and QR codes name, when no phone can reach it (a loopback
    /// address): the page says so in words.
    pub unreachable: Option<String>,
}

/// What an organiser's action did: the night's page says it, so that every tap is
/// answered (`?done=` after the action's redirect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Done {
    Started,
    CheckedIn,
    CheckedOut,
    JoinCode,
    Drawn,
    Closed,
    Revoked,
    Approved,
    Declined,
    Readmitted,
    NameAdded,
    NameDismissed,
    Accepted,
    Deleted,
    Corrected,
}

impl Done {
    /// Its name in the query (`?done=checked-in`).
    pub fn slug(self) -> &'static str {
        match self {
            Done::Started => "started",
            Done::CheckedIn => "checked-in",
            Done::CheckedOut => "checked-out",
            Done::JoinCode => "join-code",
            Done::Drawn => "drawn",
            Done::Closed => "closed",
            Done::Revoked => "revoked",
            Done::Approved => "approved",
            Done::Declined => "declined",
            Done::Readmitted => "readmitted",
            Done::NameAdded => "name-added",
            Done::NameDismissed => "name-dismissed",
            Done::Accepted => "accepted",
            Done::Deleted => "deleted",
            Done::Corrected => "corrected",
        }
    }

    /// What it says to the organiser.
    pub fn said(self, lang: Lang) -> &'static str {
        let t = Text::of(lang);
        match self {
            Done::Started => t.done_started,
            Done::CheckedIn => t.done_checked_in,
            Done::CheckedOut => t.done_checked_out,
            Done::JoinCode => t.done_join_code,
            Done::Drawn => t.done_drawn,
            Done::Closed => t.done_closed,
            Done::Revoked => t.done_revoked,
            Done::Approved => t.done_approved,
            Done::Declined => t.done_declined,
            Done::Readmitted => t.done_readmitted,
            Done::NameAdded => t.done_name_added,
            Done::NameDismissed => t.done_name_dismissed,
            Done::Accepted => t.done_accepted,
            Done::Deleted => t.done_deleted,
            Done::Corrected => t.done_corrected,
        }
    }
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
        @if let Some(done) = night.done { (notice("done", done.said(lang))) }
        @if let (Some(base), false) = (&night.unreachable, closed) { (notice("error", &fill(t.loopback_warning, &[base]))) }
        @if !closed {
            (requests(night, &base, lang))
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
                    label class="field wide" { span { (t.pins) } textarea name="pins" rows="3" placeholder=(t.pins_hint) {} }
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
            div id="live" data-stream={ "/api/v1/events/" (id) "/stream" } data-lang=(lang.code()) data-reload="always" aria-live="polite" {
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
                        @else if pass.waiting { " · " (t.requests) }
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
                @if night.may_close {
                    p class="hint" { (t.close_hint) }
                    form method="post" action={ (base) "/close" } { button type="submit" { (t.close_night) } }
                } @else {
                    p class="note" { (t.cannot_close) }
                }
            }
        }
    };
    layout(lang, &event.title, &base, body)
}

/// What waits for the organiser: members moving to a new phone or asking to be checked
/// in (allow or decline), names nobody has (add and check in, or dismiss), members whose
/// pass was revoked (let back in).
fn requests(night: &OrganiserNight, base: &str, lang: Lang) -> Markup {
    let t = Text::of(lang);
    let waiting: Vec<&PassInfo> = night.passes.iter().filter(|p| p.waiting).collect();
    let present: Vec<i64> = night.report.attendees.iter().map(|a| a.player_id).collect();
    // A member kept out: revoked, not let back in, and without a pass since.
    let kept_out: Vec<&PassInfo> = night
        .passes
        .iter()
        .filter(|p| p.ended_how == Some(spielstand_wire::PassEnd::Revoked) && p.readmitted_at.is_none())
        .filter(|p| !night.passes.iter().any(|q| q.player_id == p.player_id && q.id > p.id))
        .collect();
    html! {
        section aria-labelledby="requests" {
            h2 id="requests" { (t.requests) }
            @if waiting.is_empty() && night.asked.is_empty() && kept_out.is_empty() { p class="note" { (t.no_requests) } }
            ul class="list requests" {
                @for pass in &waiting {
                    li {
                        @let moving = night.passes.iter().any(|p| p.player_id == pass.player_id && !p.waiting && p.revoked_at.is_none());
                        span { (fill(if moving || present.contains(&pass.player_id) { t.wants_move } else { t.wants_check_in }, &[&pass.player])) }
                        div class="actions" {
                            form method="post" action={ (base) "/passes/" (pass.player_id) "/approve" } { button type="submit" class="primary" { (t.approve) } }
                            form method="post" action={ (base) "/passes/" (pass.player_id) "/decline" } { button type="submit" { (t.decline) } }
                        }
                    }
                }
                @for (id, name) in night.asked {
                    li {
                        span { (fill(t.asked_name, &[name])) }
                        div class="actions" {
                            form method="post" action={ (base) "/names/" (id) "/add" } { button type="submit" class="primary" { (t.add_and_check_in) } }
                            form method="post" action={ (base) "/names/" (id) "/dismiss" } { button type="submit" { (t.dismiss) } }
                        }
                    }
                }
                @for pass in &kept_out {
                    li {
                        span { bdi { (pass.player) } " · " (t.kept_out_short) }
                        div class="actions" {
                            form method="post" action={ (base) "/passes/" (pass.player_id) "/readmit" } { button type="submit" { (t.readmit) } }
                        }
                    }
                }
            }
        }
    }
}

/// `POST /app/organiser/nights/{id}/close` while results still wait: which ones, and
/// whether to close anyway.
pub fn close_pending(event: &Event, pending: &[StoredResult], lang: Lang) -> String {
    let t = Text::of(lang);
    let base = format!("/app/organiser/nights/{}", event.id);
    let body = html! {
        h1 { (t.close_pending_title) }
        p class="sub" { bdi { (event.title) } " · " (lang.date(event.date)) }
        (notice("note", t.close_pending))
        @for result in pending { (placings(result, lang)) }
        div class="actions" {
            form method="post" action={ (base) "/close" } {
                input type="hidden" name="confirm" value="yes";
                button type="submit" class="primary" { (t.close_anyway) }
            }
            a class="button" href=(base) { (t.back) }
        }
    };
    layout(lang, t.close_pending_title, &base, body)
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

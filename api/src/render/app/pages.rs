//! The members' pages: the landing page, joining a night, and a member's night (their
//! table, the result form, confirming or rejecting a tablemate's entry, the night live).

use super::entry::{self, Entry, Prefill, RangelnInput};
use super::{Text, fill, layout, notice, trusted};
use crate::render::Lang;
use maud::{Markup, html};
use spielstand_wire::{DrawnTable, Event, EventReport, League, ResultStatus, Round, StoredResult};

/// `GET /`: the club's leagues with their tables, tonight's open nights, joining by code,
/// and the organisers' sign-in.
pub fn landing(leagues: &[League], tonight: &[(Event, String)], lang: Lang) -> String {
    let t = Text::of(lang);
    let body = html! {
        h1 { "spielstand" }
        @if !tonight.is_empty() {
            section aria-labelledby="tonight" {
                h2 id="tonight" { (t.tonight) }
                ul class="list" {
                    @for (night, league) in tonight {
                        li {
                            strong { bdi { (night.title) } } " · " bdi { (league) }
                            " · " a href={ "/embed/events/" (night.id) "/tables?lang=" (lang.code()) } { (t.projector) }
                        }
                    }
                }
            }
        }
        section aria-labelledby="join" {
            h2 id="join" { (t.join_heading) }
            p { (t.join_hint) }
            form method="get" action="/n" class="inline" {
                label { span { (t.code_label) } input name="code" autocomplete="off" autocapitalize="characters" required minlength="4" maxlength="32"; }
                button type="submit" class="primary" { (t.join_button) }
            }
        }
        section aria-labelledby="leagues" {
            h2 id="leagues" { (t.leagues) }
            @if leagues.is_empty() { p class="note" { (t.no_leagues) } }
            ul class="list" {
                @for league in leagues {
                    li { a href={ "/embed/leagues/" (league.id) "/standings?lang=" (lang.code()) } { bdi { (league.name) } } }
                }
            }
        }
        section aria-labelledby="organisers" {
            h2 id="organisers" { (t.organisers) }
            p { a href="/app/sign-in" { (t.sign_in_link) } }
        }
    };
    layout(lang, t.welcome, "/", body)
}

/// A player one can join as: id and name.
pub struct Choice {
    pub id: i64,
    pub name: String,
}

/// A join refused, as the join page says it: what happened, the names meant (a name
/// nobody has, close to someone's), and the form that asks the organiser instead, if any.
#[derive(Debug, Default)]
pub struct Refused<'a> {
    pub text: String,
    pub suggestions: Vec<String>,
    /// Post the same choice again, asking the organiser (`ask`): the field (`player` or
    /// `name`), its value, and the button's words.
    pub ask: Option<(&'a str, String, &'static str)>,
}

/// `GET /n/{code}`: pick your name among the night's players, or type it (where joining
/// checks you in, or to ask the organiser).
pub fn join(
    code: &str,
    title: &str,
    league: &str,
    players: &[Choice],
    refused: Option<&Refused>,
    lang: Lang,
) -> String {
    let t = Text::of(lang);
    let action = format!("/n/{code}");
    let body = html! {
        h1 { bdi { (title) } }
        p class="sub" { bdi { (league) } }
        @if let Some(refused) = refused {
            (notice("error", &refused.text))
            @if !refused.suggestions.is_empty() {
                div class="choices" {
                    @for name in &refused.suggestions {
                        form method="post" action=(action) {
                            input type="hidden" name="name" value=(name);
                            button type="submit" class="choice" { bdi { (name) } }
                        }
                    }
                }
            }
            @if let Some((field, value, label)) = &refused.ask {
                form method="post" action=(action) {
                    input type="hidden" name=(field) value=(value);
                    input type="hidden" name="ask" value="1";
                    button type="submit" class="primary" { (label) }
                }
            }
        }
        h2 { (t.who_are_you) }
        p { (t.pick_your_name) }
        div class="choices" {
            @for player in players {
                form method="post" action=(action) {
                    input type="hidden" name="player" value=(player.id);
                    button type="submit" class="choice" { bdi { (player.name) } }
                }
            }
        }
        h2 { (t.not_listed) }
        form method="post" action=(action) class="stacked" {
            label class="field" for="join-name" { (t.your_name) }
            input id="join-name" name="name" autocomplete="name" required maxlength="100";
            button type="submit" class="primary" { (t.join_as) }
        }
    };
    layout(lang, title, &action, body)
}

/// `GET /n/{code}` of a night that is over, and a member's page of it: its final table.
pub fn night_over(title: &str, league: &str, live: &str, lang: Lang) -> String {
    let t = Text::of(lang);
    let body = html! {
        h1 { bdi { (title) } }
        p class="sub" { bdi { (league) } }
        (notice("note", t.night_over))
        (trusted(live))
    };
    layout(lang, title, "/", body)
}

/// A member's night while their pass waits for the organiser (a new phone, a check-in):
/// it says so, and goes on by itself once they agree (the night's stream reloads it).
pub fn waiting(event: &Event, league: &str, player: &str, live: &str, lang: Lang) -> String {
    let t = Text::of(lang);
    let path = format!("/app/nights/{}", event.id);
    let body = html! {
        h1 { bdi { (event.title) } }
        p class="sub" { bdi { (league) } " · " (lang.date(event.date)) " · " (fill(t.hello, &[player])) }
        (notice("note", t.waiting_for_organiser))
        section aria-labelledby="night" {
            h2 id="night" { (t.tonight_tables) }
            div id="live" data-stream={ "/api/v1/events/" (event.id) "/stream" } data-lang=(lang.code()) data-reload="always" aria-live="polite" {
                (trusted(live))
            }
        }
    };
    layout(lang, &event.title, &path, body)
}

/// A page that only says something went wrong, with a way back.
pub fn message(title: &str, text: &str, back: &str, lang: Lang) -> String {
    let t = Text::of(lang);
    let body = html! {
        h1 { (title) }
        (notice("error", text))
        p { a href=(back) { (t.back) } }
    };
    layout(lang, title, back, body)
}

/// Everything the member's page shows.
pub struct MemberNight<'a> {
    pub player: &'a str,
    pub player_id: i64,
    pub report: &'a EventReport,
    pub league: &'a str,
    pub rules: &'a spielstand_core::LeagueRules,
    /// Every entered result of the night (pending and rejected ones with their review).
    pub entered: &'a [StoredResult],
    /// The night's live part, as the stream's frames carry it.
    pub live: &'a str,
    pub prefill: &'a Prefill,
    pub error: Option<&'a str>,
    pub rangeln: RangelnInput,
}

/// The member's table: the night's latest round where they sit.
pub fn my_table(report: &EventReport, player_id: i64) -> Option<(&Round, &DrawnTable)> {
    report.rounds.iter().rev().find_map(|round| {
        round.tables.iter().find(|t| t.seats.iter().any(|s| s.player_id == player_id)).map(|t| (round, t))
    })
}

/// `GET /app/nights/{id}`: the member's table, its result, and the night live.
pub fn member(night: &MemberNight, lang: Lang) -> String {
    let t = Text::of(lang);
    let report = night.report;
    let event = &report.event;
    let path = format!("/app/nights/{}", event.id);
    let table = my_table(report, night.player_id);
    let body = html! {
        h1 { bdi { (event.title) } }
        p class="sub" { bdi { (night.league) } " · " (lang.date(event.date)) " · " (fill(t.hello, &[night.player])) }
        section aria-labelledby="mine" class="mine" data-player=(night.player_id) {
            h2 id="mine" { (t.your_table) }
            @match table {
                None => p class="note" { (t.no_table_yet) },
                Some((round, table)) => {
                    p { (t.round) " " (round.number) " · " strong { (t.table) " " (table.number) } " · " (round.game.name()) }
                    table class="spielstand seats" {
                        thead { tr {
                            th scope="col" class="seat" { (t.seat) }
                            th scope="col" class="player" { (t.player) }
                            th scope="col" class="chance" { (t.chance) }
                        } }
                        tbody {
                            @for seat in &table.seats {
                                tr class=[(seat.player_id == night.player_id).then_some("me")] {
                                    td class="seat" { (seat.seat) }
                                    th scope="row" class="player" {
                                        bdi { (seat.player) }
                                        @if seat.start { " " span class="starts" { "▶ " (t.starts) } }
                                    }
                                    td class="chance" { (lang.fixed(seat.prediction.win * 100.0, 0)) " %" }
                                }
                            }
                        }
                    }
                    (result_part(night, round, table, lang))
                }
            }
        }
        section aria-labelledby="night" {
            h2 id="night" { (t.tonight_tables) }
            div id="live" data-stream={ "/api/v1/events/" (event.id) "/stream" } data-lang=(lang.code()) aria-live="polite" {
                (trusted(night.live))
            }
        }
    };
    layout(lang, &event.title, &path, body)
}

/// The state of the member's table's result, and what they can do about it.
fn result_part(night: &MemberNight, round: &Round, table: &DrawnTable, lang: Lang) -> Markup {
    let t = Text::of(lang);
    let entered = table.result_id.and_then(|id| night.entered.iter().find(|r| r.id == id));
    let me = spielstand_wire::pass_label(night.player, night.report.event.id);
    html! {
        @match entered {
            None => {
                h3 { (t.enter_result) }
                (entry::form(&Entry {
                    action: &format!("/app/nights/{}/results", night.report.event.id),
                    game: round.game,
                    table,
                    rules: night.rules,
                    prefill: night.prefill,
                    rangeln: night.rangeln,
                    error: night.error,
                    submit: t.send,
                }, lang))
                @if round.game == spielstand_core::GameKind::Rangeln {
                    p { a href={ "?input=" (if night.rangeln == RangelnInput::Rings { "scores" } else { "rings" }) } {
                        (if night.rangeln == RangelnInput::Rings { t.scores_instead } else { t.rings_instead })
                    } }
                }
            }
            Some(result) => {
                (placings(result, lang))
                @let review = result.review.as_ref();
                @match result.status {
                    ResultStatus::Confirmed => p class="done" { (t.counted) },
                    ResultStatus::Rejected => {
                        @if let Some(rejection) = review.and_then(|r| r.rejection.as_ref()) {
                            (notice("error", &fill(t.rejected_by, &[&rejection.by_player, &rejection.reason])))
                        }
                        p { (t.organiser_settles) }
                    }
                    ResultStatus::Pending => {
                        @let entered_by = review.map(|r| r.entered_by.as_str()).unwrap_or("");
                        @let entered_by_player = review.map(|r| r.entered_by_player.as_str()).unwrap_or("");
                        p class="pending" { (t.entered_waiting) " " (fill(t.entered_by, &[entered_by_player])) }
                        @if let Some(review) = review.filter(|r| !r.confirmed_by.is_empty()) {
                            p class="note" { (fill(t.confirmations, &[&review.confirmed_by.join(", ")])) }
                        }
                        @let mine = entered_by == me;
                        @let confirmed = review.is_some_and(|r| r.confirmed_by.contains(&me));
                        @if !mine && !confirmed {
                            @if let Some(error) = night.error { (notice("error", error)) }
                            p { (t.confirm_hint) }
                            div class="actions" {
                                form method="post" action={ "/app/results/" (result.id) "/confirm" } {
                                    button type="submit" class="primary" { (t.confirm) }
                                }
                                details {
                                    summary { (t.reject) }
                                    form method="post" action={ "/app/results/" (result.id) "/reject" } {
                                        label { span { (t.reject_reason) } textarea name="reason" required maxlength="200" rows="2" {} }
                                        button type="submit" { (t.reject) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A result's places, as a short list; a Rangeln result with every round, so that whoever
/// confirms it sees what they confirm.
pub fn placings(result: &StoredResult, lang: Lang) -> Markup {
    let t = Text::of(lang);
    let mut by_place = result.placings.clone();
    by_place.sort_by_key(|p| p.place);
    let rounds = result.rangeln.as_ref().filter(|r| !r.rounds.is_empty());
    html! {
        @if let Some(rangeln) = rounds {
            // Scrolls sideways on its own at 320 px, never the page.
            div class="scroll" role="region" tabindex="0" aria-label=(t.rounds_label) {
            table class="rounds" {
                thead { tr {
                    th scope="col" { (t.round) }
                    @for total in &rangeln.totals { th scope="col" { bdi { (total.player) } } }
                } }
                tbody {
                    @for round in &rangeln.rounds {
                        tr {
                            th scope="row" { (round.round) }
                            @for total in &rangeln.totals {
                                td { (round.scores.iter().find(|s| s.player == total.player).map_or(0, |s| s.score)) }
                            }
                        }
                    }
                }
            }
            }
        }
        ol class="placings" {
            @for placing in &by_place {
                li value=(placing.place) {
                    bdi { (placing.player) }
                    @if let Some(total) = result.rangeln.as_ref().and_then(|r| r.totals.iter().find(|s| s.player == placing.player)) {
                        " · " (t.total) " " (total.total)
                    }
                }
            }
        }
    }
}

/// `GET /app/sign-in`: the organiser pastes a token; or, with a code from `token create
/// --qr`, confirms signing in (a button, so that a link previewer cannot use the code).
pub fn sign_in(code: Option<&str>, error: Option<&str>, lang: Lang) -> String {
    let t = Text::of(lang);
    let body = html! {
        h1 { (t.sign_in) }
        @if let Some(error) = error { (notice("error", error)) }
        @match code {
            Some(code) => {
                p { (t.sign_in_with_code) }
                form method="post" action={ "/app/sign-in/" (code) } {
                    button type="submit" class="primary" { (t.sign_in_button) }
                }
            }
            None => {
                p { (t.sign_in_hint) }
                form method="post" action="/app/sign-in" {
                    label class="field" { span { (t.token_label) } input type="password" name="token" autocomplete="off" required maxlength="200"; }
                    button type="submit" class="primary" { (t.sign_in_button) }
                }
            }
        }
    };
    layout(lang, t.sign_in, "/app/sign-in", body)
}

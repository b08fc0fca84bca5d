//! The other embeddable pages, in the style of the table's: a club night, and a player's
//! record in a league with their rating drawn inline.

use super::embed::{foot, head};
use super::{Lang, Theme, escape};
use spielstand_core::{GameStats, PlayerStats};
use spielstand_wire::{DrawnTable, EventReport, ResultStatus};
use std::fmt::Write;

/// One figure of a player's record, as shown.
type Figure<'a> = dyn Fn(&GameStats) -> String + 'a;

/// A change of place as an arrow: up is better.
fn movement(before: Option<u32>, after: Option<u32>) -> &'static str {
    match (before, after) {
        (Some(b), Some(a)) if a < b => "<span class=\"up\">▲</span>",
        (Some(b), Some(a)) if a > b => "<span class=\"down\">▼</span>",
        (None, Some(_)) => "<span class=\"up\">★</span>",
        _ => "",
    }
}

/// `shown` (the value as written) with a `+` in front of a gain that shows as one.
fn signed(value: f64, shown: String) -> String {
    if value > 0.0 && shown.chars().any(|c| c.is_ascii_digit() && c != '0') { format!("+{shown}") } else { shown }
}

/// A club night: winners, its games with their places, its own table, and the league
/// table after it with each player's move.
pub fn night(report: &EventReport, league_name: &str, lang: Lang, theme: Theme) -> String {
    let l = lang.labels();
    let event = &report.event;
    let title = escape(&event.title);
    let mut html = String::with_capacity(8192);
    head(&mut html, lang, theme, &format!("{title} – {}", escape(league_name)));
    // Names a club typed (league, night, place) are isolated like players' names.
    let mut sub = format!("{} · <bdi>{}</bdi> · {}", l.night, escape(league_name), lang.date(event.date));
    if let Some(location) = &event.location {
        let _ = write!(sub, " · {}: <bdi>{}</bdi>", l.location, escape(location));
    }
    let _ = write!(html, "<h1><bdi>{title}</bdi></h1>\n<p class=\"sub\">{sub}</p>\n");
    if report.results.is_empty() {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", l.empty);
        rounds(&mut html, lang, report);
        foot(&mut html);
        return html;
    }
    let winners: Vec<String> = report.winners.iter().map(|w| format!("<bdi>{}</bdi>", escape(w))).collect();
    let _ = writeln!(
        html,
        "<p>{}: <span class=\"winners\">{}</span></p>",
        l.winners,
        winners.join(&format!(" {} ", l.and))
    );

    let _ = write!(
        html,
        "<h2>{}</h2>\n<table class=\"spielstand night\"><thead><tr><th scope=\"col\" class=\"place\">{}</th>\
         <th scope=\"col\" class=\"player\">{}</th><th scope=\"col\" class=\"played\">{}</th>\
         <th scope=\"col\" class=\"wins\">{}</th><th scope=\"col\" class=\"points\">{}</th></tr></thead>\n<tbody>\n",
        l.night_table, l.place, l.player, l.played, l.wins, l.points
    );
    for row in &report.table {
        let _ = writeln!(
            html,
            "<tr><td class=\"place\">{}</td><th scope=\"row\" class=\"player\"><bdi>{}</bdi></th>\
             <td class=\"played\">{}</td><td class=\"wins\">{}</td><td class=\"points\">{}</td></tr>",
            row.place.map_or("–".to_owned(), |p| p.to_string()),
            escape(&row.player),
            row.played,
            row.wins,
            lang.points(row.points),
        );
    }
    html.push_str("</tbody></table>\n");

    let _ = write!(html, "<h2>{}</h2>\n<ol class=\"games\">\n", l.games);
    for result in &report.results {
        let places: Vec<String> =
            result.placings.iter().map(|p| format!("{}. <bdi>{}</bdi>", p.place, escape(&p.player))).collect();
        let _ = writeln!(html, "<li><strong>{}</strong>: {}</li>", result.record.game().name(), places.join(", "));
    }
    html.push_str("</ol>\n");

    let _ = write!(
        html,
        "<h2>{}</h2>\n<table class=\"spielstand change\"><thead><tr><th scope=\"col\" class=\"place\">{}</th>\
         <th scope=\"col\" class=\"move\"><span class=\"vh\">{}</span></th><th scope=\"col\" class=\"player\">{}</th>\
         <th scope=\"col\" class=\"points\">{}</th><th scope=\"col\" class=\"rating\">{}</th></tr></thead>\n<tbody>\n",
        l.table_change, l.place, l.movement, l.player, l.points, l.rating
    );
    for m in &report.table_change {
        let played = report.players.contains(&m.player);
        let _ = writeln!(
            html,
            "<tr{class}><td class=\"place\">{place}</td><td class=\"move\">{arrow}</td>\
             <th scope=\"row\" class=\"player\"><bdi>{name}</bdi></th><td class=\"points\">{points}{gain}</td>\
             <td class=\"rating\">{rating}</td></tr>",
            class = if played { " class=\"played-tonight\"" } else { "" },
            place = m.place_after.map_or("–".to_owned(), |p| p.to_string()),
            arrow = movement(m.place_before, m.place_after),
            name = escape(&m.player),
            points = lang.points(m.points_after),
            gain = if m.points_after != m.points_before {
                // Points as points are shown everywhere: whole ones without decimals.
                let gain = m.points_after - m.points_before;
                format!(" ({})", signed(gain, lang.points(gain)))
            } else {
                String::new()
            },
            rating = lang.fixed(m.rating_after, 1),
        );
    }
    html.push_str("</tbody></table>\n");
    if report.table_change.iter().any(|m| m.place_before.is_none() && m.place_after.is_some()) {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", l.new_in_table);
    }
    rounds(&mut html, lang, report);
    foot(&mut html);
    html
}

/// The rounds drawn at a night, each table with its result once recorded.
fn rounds(html: &mut String, lang: Lang, report: &EventReport) {
    let l = lang.labels();
    for round in &report.rounds {
        let _ = writeln!(html, "<h2>{} {} · {}</h2>\n<div class=\"tables\">", l.round, round.number, round.game.name());
        for table in &round.tables {
            drawn_table(html, lang, table, 3);
        }
        html.push_str("</div>\n");
    }
}

/// One drawn table under a heading of `level` (below the page's or the round's): its number, its players in seat order (the start player marked) with
/// their chances, and its result once recorded.
fn drawn_table(html: &mut String, lang: Lang, table: &DrawnTable, level: u8) {
    let l = lang.labels();
    let done = match (table.result_id, table.result_status) {
        (None, _) => String::new(),
        (Some(_), Some(ResultStatus::Pending)) => format!(" <span class=\"pending\">◌ {}</span>", l.pending),
        (Some(_), Some(ResultStatus::Rejected)) => format!(" <span class=\"rejected\">✗ {}</span>", l.rejected),
        (Some(_), _) => format!(" <span class=\"done\">✓ {}</span>", l.done),
    };
    let _ = write!(
        html,
        "<section class=\"drawn\" aria-labelledby=\"table-{n}\"><h{level} id=\"table-{n}\"><span class=\"number\">{table_word} {n}</span>{done}</h{level}>\n\
         <table class=\"spielstand seats\"><thead><tr><th scope=\"col\" class=\"seat\">{seat}</th>\
         <th scope=\"col\" class=\"player\">{player}</th><th scope=\"col\" class=\"chance\">{chance}</th>\
         <th scope=\"col\" class=\"predicted\">{predicted}</th></tr></thead>\n<tbody>\n",
        n = table.number,
        table_word = l.table,
        seat = l.seat,
        player = l.player,
        chance = l.win_chance,
        predicted = l.predicted,
    );
    // Before anyone at the table has a rating of their own, every prediction is the same:
    // an expected place says nothing then, and "1." for everyone would say something false.
    let foretold = table.seats.iter().any(|s| s.prediction.place != table.seats[0].prediction.place);
    for seat in &table.seats {
        let starts =
            if seat.start { format!(" <span class=\"starts\">▶ {}</span>", l.starts) } else { String::new() };
        let place = if foretold { format!("{}.", seat.prediction.place) } else { "–".to_owned() };
        let _ = writeln!(
            html,
            "<tr><td class=\"seat\">{}</td><th scope=\"row\" class=\"player\"><bdi>{}</bdi>{starts}</th>\
             <td class=\"chance\">{} %</td><td class=\"predicted\">{place}</td></tr>",
            seat.seat,
            escape(&seat.player),
            lang.fixed(seat.prediction.win * 100.0, 0),
        );
    }
    html.push_str("</tbody></table></section>\n");
}

/// The current round of a night for a screen or a printout: large table numbers, names in
/// seat order, the start player marked, each player's chance; printed, 30 players fit one
/// A4 page.
pub fn night_tables(report: &EventReport, league_name: &str, lang: Lang, theme: Theme, extra: &TablesExtra) -> String {
    let event = &report.event;
    let title = escape(&event.title);
    let mut html = String::with_capacity(8192);
    head(&mut html, lang, theme, &format!("{title} – {}", escape(league_name)));
    // The live part: the stream's frames put the server's new rendering of it in place.
    let _ = writeln!(
        html,
        "<div id=\"live\" data-stream=\"/api/v1/events/{}/stream\" data-lang=\"{}\" aria-live=\"polite\">",
        event.id,
        lang.code()
    );
    html.push_str(&live_tables(report, league_name, lang));
    html.push_str("</div>\n");
    html.push_str(&extra.join_code);
    if extra.live_script {
        let _ = writeln!(html, "<script src=\"/app/app.js?v={}\" defer></script>", *super::app::ASSETS);
    }
    foot(&mut html);
    html
}

/// What the tables page adds around the live part.
#[derive(Debug, Default)]
pub struct TablesExtra {
    /// The join code for the organiser's screen (its text and QR code), if shown.
    pub join_code: String,
    /// Load the script that follows the night's stream.
    pub live_script: bool,
}

/// The live part of a night's tables page: the current round's tables, each with the
/// state of its result (open, waiting for confirmation, rejected, done).
pub fn live_tables(report: &EventReport, league_name: &str, lang: Lang) -> String {
    let l = lang.labels();
    let event = &report.event;
    let title = escape(&event.title);
    let mut html = String::with_capacity(4096);
    let Some(round) = report.rounds.last() else {
        let _ = write!(html, "<h1><bdi>{title}</bdi></h1>\n<p class=\"note\">{}</p>\n", l.no_round);
        return html;
    };
    let _ = write!(
        html,
        "<h1><bdi>{title}</bdi> · {} {}</h1>\n<p class=\"sub\">{} · <bdi>{}</bdi> · {}</p>\n<div class=\"tables big\">\n",
        l.round,
        round.number,
        round.game.name(),
        escape(league_name),
        lang.date(event.date)
    );
    for table in &round.tables {
        drawn_table(&mut html, lang, table, 2);
    }
    html.push_str("</div>\n");
    html
}

/// A player's record in a league, per game and overall, with their rating drawn inline
/// (`chart`: an `<svg>` from [`super::svg`]).
pub fn player(stats: &PlayerStats, league_name: &str, chart: &str, lang: Lang, theme: Theme) -> String {
    let l = lang.labels();
    let name = escape(&stats.player);
    let mut html = String::with_capacity(8192);
    head(&mut html, lang, theme, &format!("{name} – {}", escape(league_name)));
    let _ = write!(html, "<h1><bdi>{name}</bdi></h1>\n<p class=\"sub\"><bdi>{}</bdi></p>\n", escape(league_name));
    let Some(overall) = &stats.overall else {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", l.empty);
        foot(&mut html);
        return html;
    };
    // One column per scope (overall, then each game), one row per figure: narrow enough
    // for a phone however many games the league counts.
    let scopes: Vec<(&str, &GameStats)> = std::iter::once((l.overall, overall))
        .chain(stats.games.iter().map(|g| (g.game.map_or(l.all_games, |game| game.name()), g)))
        .collect();
    // In a box of its own that scrolls sideways on a narrow screen when a league counts
    // many games (labels never break inside a word); a keyboard reaches it too.
    let _ = write!(
        html,
        "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{}\"><table class=\"spielstand stats\"><thead><tr><th scope=\"col\" class=\"figure\"><span class=\"vh\">{}</span></th>",
        l.figures, l.figure
    );
    for (label, _) in &scopes {
        let _ = write!(html, "<th scope=\"col\">{label}</th>");
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    let figures: [(&str, &Figure); 9] = [
        (l.played, &|g| g.played.to_string()),
        (l.wins, &|g| g.wins.to_string()),
        (l.win_rate, &|g| format!("{} %", lang.fixed(g.win_rate * 100.0, 0))),
        (l.average_place, &|g| lang.fixed(g.average_place, 2)),
        (l.best_worst, &|g| format!("{} / {}", g.best_place, g.worst_place)),
        (l.points, &|g| lang.points(g.points)),
        (l.streak, &|g| format!("{} / {}", g.current_streak, g.longest_streak)),
        (l.rating, &|g| lang.fixed(g.skill.rating_display, 1)),
        (l.rating_change, &|g| signed(g.rating_change, lang.fixed(g.rating_change, 1))),
    ];
    for (label, figure) in figures {
        let _ = write!(html, "<tr><th scope=\"row\" class=\"figure\">{label}</th>");
        for (_, g) in &scopes {
            let _ = write!(html, "<td>{}</td>", figure(g));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
    // The chart's note, in the page's text, where a narrow screen can read it.
    let _ = writeln!(html, "<div class=\"chart\">{chart}</div>\n<p class=\"note\">{}</p>", l.band);
    foot(&mut html);
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_signs() {
        assert!(movement(Some(3), Some(1)).contains('▲'));
        assert!(movement(Some(1), Some(2)).contains('▼'));
        assert_eq!(movement(Some(2), Some(2)), "");
        assert_eq!(signed(1.5, Lang::De.fixed(1.5, 1)), "+1,5");
        assert_eq!(signed(-0.26, Lang::En.fixed(-0.26, 1)), "-0.3");
        assert_eq!(signed(0.01, Lang::En.fixed(0.01, 1)), "0.0");
        assert_eq!(signed(3.0, Lang::De.points(3.0)), "+3", "no needless decimals");
        assert_eq!(signed(0.5, Lang::De.points(0.5)), "+0,5");
    }
}

//! A postal game's pages (the game as it stands, with every resolved round; one round's
//! report) and its Atom feed, one entry per resolved round. The report's lines come in
//! both languages from the adjudicator; every other word is here, in one struct, so that
//! a word missing in one language does not compile.

use super::atom::{id, time};
use super::embed::{foot, head};
use super::{Lang, Theme, escape};
use chrono::{DateTime, Utc};
use spielstand_wire::{PostalGame, PostalHare, PostalPlace, PostalRound};
use std::fmt::Write;

/// The pages' and the feed's words in one language.
struct Words {
    postal_game: &'static str,
    round: &'static str,
    next_round: &'static str,
    deadline: &'static str,
    of_rounds: &'static str,
    game_over: &'static str,
    hares: &'static str,
    hares_after: &'static str,
    hare: &'static str,
    field: &'static str,
    carrots: &'static str,
    lettuces: &'static str,
    place: &'static str,
    position: &'static str,
    orders: &'static str,
    /// In the orders list: the report's line says "NMR" once.
    no_orders: &'static str,
    report: &'static str,
    /// What the phase numbers of the report mean (docs/rules.md "A round").
    legend: &'static str,
    ranking: &'static str,
    finished_in_round: &'static str,
    recorded: &'static str,
    not_recorded: &'static str,
    resolved: &'static str,
    at_deadline: &'static str,
    no_rounds: &'static str,
    result: &'static str,
    all_rounds: &'static str,
    pending: [(&'static str, &'static str); 3],
}

const DE: Words = Words {
    postal_game: "Postspiel Hase und Igel",
    round: "Runde",
    next_round: "Nächste Runde",
    deadline: "Einsendeschluss",
    of_rounds: "von",
    game_over: "Das Spiel ist zu Ende.",
    hares: "Die Hasen",
    hares_after: "Die Hasen nach Runde",
    hare: "Hase",
    field: "Feld",
    carrots: "Möhren",
    lettuces: "Salate",
    place: "Platz",
    position: "Position",
    orders: "Züge",
    no_orders: "–",
    report: "Auswertung",
    legend: "Phasen: 1 Züge · 2 Hasenereignisse · 2a, 2b … Ereignisse nach „noch einmal ziehen“ · 3 Möhren",
    ranking: "Endstand",
    finished_in_round: "im Ziel in Runde",
    recorded: "Als Ergebnis der Liga erfasst",
    not_recorded: "Kein Hase hat das Ziel erreicht: für die Liga wurde kein Ergebnis erfasst.",
    resolved: "ausgewertet am",
    at_deadline: "zum Einsendeschluss",
    no_rounds: "Noch keine Runde ausgewertet.",
    result: "Als Ergebnis der Liga erfasst",
    all_rounds: "Alle Runden",
    pending: [("wait", "setzt aus"), ("eat", "frisst einen Salat"), ("leave", "muss das Salatfeld verlassen")],
};

const EN: Words = Words {
    postal_game: "Hase und Igel by post",
    round: "Round",
    next_round: "Next round",
    deadline: "Deadline",
    of_rounds: "of",
    game_over: "The game is over.",
    hares: "The hares",
    hares_after: "The hares after round",
    hare: "Hare",
    field: "Field",
    carrots: "Carrots",
    lettuces: "Lettuces",
    place: "Place",
    position: "Position",
    orders: "Orders",
    no_orders: "–",
    report: "Report",
    legend: "Phases: 1 orders · 2 hare events · 2a, 2b … events after “move again” · 3 carrots",
    ranking: "Final ranking",
    finished_in_round: "finished in round",
    recorded: "Recorded as a league result",
    not_recorded: "No hare reached the goal: no result was recorded for the league.",
    resolved: "resolved on",
    at_deadline: "at the deadline",
    no_rounds: "No round resolved yet.",
    result: "Recorded as a league result",
    all_rounds: "All rounds",
    pending: [("wait", "waits"), ("eat", "eats a lettuce"), ("leave", "must leave the lettuce field")],
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

/// `26.11.2026, 18:00 UTC` / `2026-11-26 18:00 UTC`.
fn moment(lang: Lang, t: DateTime<Utc>) -> String {
    let sep = if lang == Lang::De { ", " } else { " " };
    format!("{}{sep}{} UTC", lang.date(t.date_naive()), t.format("%H:%M"))
}

fn lang_query(lang: Lang, theme: Theme) -> String {
    let mut q = Vec::new();
    if lang == Lang::En {
        q.push("lang=en");
    }
    if theme == Theme::Dark {
        q.push("theme=dark");
    }
    if q.is_empty() { String::new() } else { format!("?{}", q.join("&")) }
}

/// The hares in a table; `label` names its region (each unique on a page).
fn hares_table(html: &mut String, hares: &[PostalHare], w: &Words, label: &str) {
    // In a box of its own that scrolls sideways on a narrow screen (a keyboard reaches it
    // too), as the player's page has its figures.
    let _ = write!(
        html,
        "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{}\"><table class=\"spielstand\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        escape(label),
        w.position,
        w.hare,
        w.field,
        w.carrots,
        w.lettuces,
        w.place
    );
    for hare in by_position(hares) {
        let pending = duty(hare, w).map_or(String::new(), |words| format!(" <span class=\"note\">({words})</span>"));
        let _ = writeln!(
            html,
            "<tr><td>{}.</td><th scope=\"row\"><bdi>{}</bdi>{pending}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            hare.position,
            escape(&hare.name),
            hare.field,
            hare.carrots,
            hare.lettuces,
            hare.finished.map_or(String::new(), |p| format!("{p}."))
        );
    }
    html.push_str("</tbody></table></div>\n");
}

/// The hares in race order: the one ahead first.
fn by_position(hares: &[PostalHare]) -> Vec<&PostalHare> {
    let mut sorted: Vec<&PostalHare> = hares.iter().collect();
    sorted.sort_by_key(|h| (h.position, h.seat));
    sorted
}

/// What the hare must do next round, in words.
fn duty(hare: &PostalHare, w: &Words) -> Option<&'static str> {
    let pending = hare.pending.as_deref()?;
    w.pending.iter().find(|(slug, _)| *slug == pending).map(|(_, words)| *words)
}

/// `2. Ben: Feld 50 · Möhren 20 · Salate 1` / `1. Anna: im Ziel in Runde 7 · Möhren 8 · Salate 0`.
fn place_line(place: &PostalPlace, w: &Words) -> String {
    let whereabouts = match place.round {
        Some(round) => format!("{} {round}", w.finished_in_round),
        None => format!("{} {}", w.field, place.field),
    };
    format!(
        "{}. {}: {whereabouts} · {} {} · {} {}",
        place.place, place.name, w.carrots, place.carrots, w.lettuces, place.lettuces
    )
}

/// What became of the finished game in its league.
fn league_line(round: &PostalRound, w: &Words) -> String {
    match round.result_id {
        Some(id) => format!("{} (#{id}).", w.recorded),
        None => w.not_recorded.to_owned(),
    }
}

/// A round's report mail's subject: `Herbstpost: Runde 3`, and that the game ended.
pub fn mail_subject(game: &PostalGame, round: &PostalRound, lang: Lang) -> String {
    let w = words(lang);
    let end = if round.game_over { format!(" – {}", w.game_over.trim_end_matches('.')) } else { String::new() };
    format!("{}: {} {}{end}", game.title, w.round, round.round)
}

/// The whole report of a round as plain text, as the game master sends it to the players
/// (the JSON's `text`, the feed's entries, the CLI): the orders, the report with a legend
/// of its phases, the hares by race position with their duties, and when the game ended
/// with the round, the final ranking and what became of the league result.
pub fn round_text(game: &PostalGame, round: &PostalRound, lang: Lang) -> String {
    let w = words(lang);
    let by = if round.resolved_by == "deadline" { w.at_deadline.to_owned() } else { round.resolved_by.clone() };
    let mut text = format!(
        "{} – {}: {} {} {} {}\n{} {} ({by})\n\n{}:\n",
        game.title,
        w.postal_game,
        w.round,
        round.round,
        w.of_rounds,
        game.round_limit,
        w.resolved,
        moment(lang, round.resolved_at),
        w.orders
    );
    for shown in &round.orders {
        let _ = writeln!(text, "  {}: {}", shown.hare, shown.order.as_deref().unwrap_or(w.no_orders));
    }
    let _ = writeln!(text, "\n{}:", w.report);
    for line in &round.lines {
        let _ = writeln!(text, "  {} {}: {}", line.phase, line.hare, line.text);
    }
    let _ = writeln!(text, "  ({})\n\n{} {}:", w.legend, w.hares_after, round.round);
    for hare in by_position(&round.hares) {
        let _ = write!(
            text,
            "  {}. {}: {} {} · {} {} · {} {}",
            hare.position, hare.name, w.field, hare.field, w.carrots, hare.carrots, w.lettuces, hare.lettuces
        );
        if let Some(place) = hare.finished {
            let _ = write!(text, " · {} {place}", w.place);
        }
        if let Some(duty) = duty(hare, w) {
            let _ = write!(text, " · {duty}");
        }
        text.push('\n');
    }
    if round.game_over {
        let _ = writeln!(text, "\n{}\n{}:", w.game_over, w.ranking);
        for place in &round.ranking {
            let _ = writeln!(text, "  {}", place_line(place, w));
        }
        let _ = writeln!(text, "{}", league_line(round, w));
    }
    text
}

/// One round: who resolved it when, the orders it was resolved with, the report's lines.
fn round_section(html: &mut String, round: &PostalRound, lang: Lang, heading: &str) {
    let w = words(lang);
    let by = if round.resolved_by == "deadline" { w.at_deadline.to_owned() } else { escape(&round.resolved_by) };
    let _ = write!(
        html,
        "<section id=\"round-{n}\"><{heading}>{} {n}</{heading}>\n<p class=\"sub\">{} {} ({by})</p>\n<h3>{}</h3>\n<ul>\n",
        w.round,
        w.resolved,
        moment(lang, round.resolved_at),
        w.orders,
        n = round.round,
    );
    for shown in &round.orders {
        let order = shown.order.as_deref().map_or_else(|| format!("<em>{}</em>", w.no_orders), escape);
        let _ = writeln!(html, "<li><bdi>{}</bdi>: {order}</li>", escape(&shown.hare));
    }
    let _ = write!(html, "</ul>\n<h3>{}</h3>\n<p class=\"note\">{}</p>\n<ul class=\"report\">\n", w.report, w.legend);
    for line in &round.lines {
        let _ = writeln!(
            html,
            "<li><span class=\"phase\">{}</span> <bdi>{}</bdi>: {}</li>",
            escape(&line.phase),
            escape(&line.hare),
            escape(&line.text)
        );
    }
    html.push_str("</ul>\n");
    hares_table(html, &round.hares, w, &format!("{} {}", w.hares_after, round.round));
    if round.game_over {
        let _ =
            write!(html, "<p><strong>{}</strong></p>\n<h3>{}</h3>\n<ul class=\"ranking\">\n", w.game_over, w.ranking);
        for place in &round.ranking {
            let _ = writeln!(html, "<li><bdi>{}</bdi></li>", escape(&place_line(place, w)));
        }
        let _ = writeln!(html, "</ul>\n<p>{}</p>", escape(&league_line(round, w)));
    }
    html.push_str("</section>\n");
}

fn status(html: &mut String, game: &PostalGame, lang: Lang) {
    let w = words(lang);
    match game.deadline {
        Some(deadline) if !game.finished => {
            let _ = writeln!(
                html,
                "<p class=\"sub\">{} {} {} {}: {} {}</p>",
                w.next_round,
                game.round,
                w.of_rounds,
                game.round_limit,
                w.deadline,
                moment(lang, deadline)
            );
        }
        _ => {
            let _ = writeln!(html, "<p class=\"sub\"><strong>{}</strong></p>", w.game_over);
        }
    }
    if let Some(result) = game.result_id {
        let _ = writeln!(html, "<p class=\"note\">{} (#{result})</p>", w.result);
    }
}

/// The game as it stands, and every resolved round, the latest first.
pub fn game_page(game: &PostalGame, rounds: &[PostalRound], lang: Lang, theme: Theme) -> String {
    let w = words(lang);
    let mut html = String::with_capacity(4096 + rounds.len() * 2048);
    head(&mut html, lang, theme, &format!("{} – {}", escape(&game.title), w.postal_game));
    let _ = writeln!(html, "<h1><bdi>{}</bdi></h1>\n<p class=\"sub\">{}</p>", escape(&game.title), w.postal_game);
    status(&mut html, game, lang);
    hares_table(&mut html, &game.hares, w, w.hares);
    if rounds.is_empty() {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", w.no_rounds);
    }
    for round in rounds {
        round_section(&mut html, round, lang, "h2");
    }
    foot(&mut html);
    html
}

/// One round's report.
pub fn round_page(game: &PostalGame, round: &PostalRound, lang: Lang, theme: Theme) -> String {
    let w = words(lang);
    let mut html = String::with_capacity(4096);
    head(&mut html, lang, theme, &format!("{} {} – {}", w.round, round.round, escape(&game.title)));
    let _ = writeln!(html, "<h1><bdi>{}</bdi></h1>\n<p class=\"sub\">{}</p>", escape(&game.title), w.postal_game);
    round_section(&mut html, round, lang, "h2");
    let _ = writeln!(
        html,
        "<p><a href=\"/embed/postal-games/{}{}\">{}</a></p>",
        game.id,
        lang_query(lang, theme),
        w.all_rounds
    );
    foot(&mut html);
    html
}

/// The feed's inputs.
pub struct Feed<'a> {
    /// This database's identity: entry ids derive from it.
    pub instance: &'a str,
    pub self_url: &'a str,
    /// Scheme and host: links are absolute.
    pub base: &'a str,
    pub game: &'a PostalGame,
    /// The latest first.
    pub rounds: &'a [PostalRound],
    pub lang: Lang,
}

/// The game's rounds as an Atom feed (RFC 4287): an entry per resolved round, linking to
/// its report page, the report's lines as its text.
pub fn feed(f: &Feed) -> String {
    let w = words(f.lang);
    let game = f.game;
    let updated = f.rounds.first().map_or(game.created_at, |r| r.resolved_at);
    let query = lang_query(f.lang, Theme::Light);
    let mut xml = String::with_capacity(2048 + f.rounds.len() * 1024);
    let _ = write!(
        xml,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
         <id>{feed_id}</id>\n<title>{title}</title>\n<updated>{updated}</updated>\n\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{self_url}\"/>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{base}/embed/postal-games/{game_id}{query}\"/>\n\
         <author><name>{author}</name></author>\n<generator version=\"{version}\">spielstand</generator>\n",
        lang = f.lang.labels().lang,
        feed_id = id(f.instance, &format!("postal-games/{}", game.id)),
        title = escape(&format!("{}: {}", game.title, w.postal_game)),
        updated = time(updated),
        self_url = escape(f.self_url),
        base = escape(f.base),
        game_id = game.id,
        author = escape(&game.title),
        version = env!("CARGO_PKG_VERSION"),
    );
    for round in f.rounds {
        let text = round_text(game, round, f.lang);
        let _ = write!(
            xml,
            "<entry>\n<id>{id}</id>\n<title>{title}</title>\n<published>{at}</published>\n<updated>{at}</updated>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"{base}/embed/postal-games/{game_id}/rounds/{n}{query}\"/>\n\
             <content type=\"text\">{text}</content>\n</entry>\n",
            id = id(f.instance, &format!("postal-games/{}/rounds/{}", game.id, round.round)),
            title = escape(&format!("{}: {} {}", game.title, w.round, round.round)),
            at = time(round.resolved_at),
            base = escape(f.base),
            game_id = game.id,
            n = round.round,
            text = escape(&text),
        );
    }
    xml.push_str("</feed>\n");
    xml
}

//! The league table as a page for an iframe, and the script that draws it into a
//! `<div data-spielstand-league="ID">` instead.

use super::{Lang, Theme, escape, scope};
use spielstand_core::GameKind;
use spielstand_core::Slug;
use spielstand_wire::{Standings, TeamStandings};
use std::fmt::Write;
use std::sync::LazyLock;

/// Inline, like everything on the page: an iframe on a club's site loads nothing else.
const STYLE: &str = include_str!("embed.css");

/// The script, with both languages' labels and the games' names filled in.
static SCRIPT: LazyLock<String> = LazyLock::new(|| {
    let games: serde_json::Map<String, serde_json::Value> =
        GameKind::ALL.iter().map(|g| (g.slug().to_owned(), g.name().into())).collect();
    let text = serde_json::json!({ "de": Lang::De.labels(), "en": Lang::En.labels(), "games": games });
    include_str!("spielstand.js").replace("__SPIELSTAND_LABELS__", &text.to_string())
});

pub fn script() -> &'static str {
    &SCRIPT
}

/// What the page shows.
pub struct Page<'a> {
    pub league_name: &'a str,
    pub standings: &'a Standings,
    pub lang: Lang,
    pub theme: Theme,
    /// Only the first rows (by place); the page says how many there are.
    pub limit: Option<usize>,
}

/// A complete HTML document without scripts or external resources: it works with
/// scripts disabled, and its Content-Security-Policy can forbid everything else.
pub fn page(p: &Page) -> String {
    let l = p.lang.labels();
    let rows = &p.standings.rows;
    let shown = p.limit.map_or(rows.len(), |n| n.min(rows.len()));
    let mut scope_line = escape(scope(p.lang, p.standings.game));
    if let Some(day) = p.standings.as_of {
        scope_line.push_str(&format!(" · {} {}", l.as_of, p.lang.date(day)));
    }
    let league = escape(p.league_name);
    let mut html = String::with_capacity(4096 + shown * 400);
    head(&mut html, p.lang, p.theme, &format!("{league} – {}", l.standings));
    // The page's heading for assistive technology; the caption shows the same.
    let _ = writeln!(html, "<h1 class=\"vh\">{league} – {}</h1>", l.standings);
    let _ = write!(
        html,
        "<table class=\"spielstand\">\n<caption><span class=\"league\"><bdi>{league}</bdi></span> \
         <span class=\"scope\">{scope_line}</span></caption>\n<thead><tr>\
         <th scope=\"col\" class=\"place\">{place}</th><th scope=\"col\" class=\"player\">{player}</th>\
         <th scope=\"col\" class=\"played\">{played}</th><th scope=\"col\" class=\"wins\">{wins}</th>\
         <th scope=\"col\" class=\"points\">{points}</th><th scope=\"col\" class=\"avg\">{avg}</th>\
         <th scope=\"col\" class=\"rating\">{rating}</th></tr></thead>\n<tbody>\n",
        place = l.place,
        player = l.player,
        played = l.played,
        wins = l.wins,
        points = l.points,
        avg = l.average_place,
        rating = l.rating,
    );
    for rated in &rows[..shown] {
        let row = &rated.row;
        let _ = writeln!(
            html,
            "<tr{class}><td class=\"place\">{place}</td><th scope=\"row\" class=\"player\"><bdi>{name}</bdi></th>\
             <td class=\"played\">{played}</td><td class=\"wins\">{wins}</td><td class=\"points\">{points}</td>\
             <td class=\"avg\">{avg}</td><td class=\"rating\">{rating}</td></tr>",
            class = match row.place {
                Some(1) => " class=\"leader\"",
                None => " class=\"unranked\"",
                Some(_) => "",
            },
            // A player short of the league's minimum games is listed without a place.
            place = row.place.map_or("–".to_owned(), |p| p.to_string()),
            name = escape(&row.player),
            played = row.played,
            wins = row.wins,
            points = p.lang.points(row.points),
            avg = p.lang.fixed(row.average_place, 2),
            rating = p.lang.fixed(rated.skill.rating_display, 1),
        );
    }
    html.push_str("</tbody>\n</table>\n");
    if rows.is_empty() {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", l.empty);
    } else if shown < rows.len() {
        let note = l.shown_of.replace("{shown}", &shown.to_string()).replace("{total}", &rows.len().to_string());
        let _ = writeln!(html, "<p class=\"note\">{note}</p>");
    }
    // The pictures of the same league, in the page's language and colours.
    let query = format!("lang={}&amp;theme={}", l.lang, p.theme.as_str());
    let _ = writeln!(
        html,
        "<p class=\"note\">{pictures}: <a href=\"ratings.svg?{query}\" target=\"_blank\" rel=\"noopener\">{ratings}</a> · \
         <a href=\"race.svg?{query}\" target=\"_blank\" rel=\"noopener\">{race}</a></p>",
        pictures = l.pictures,
        ratings = l.rating_chart,
        race = l.race_chart,
    );
    foot(&mut html);
    html
}

/// A league's team table as a page of the embed's style: place, team (with its players),
/// games, wins and points; only the first `limit` rows when given, as [`page`].
pub fn team_page(league_name: &str, teams: &TeamStandings, lang: Lang, theme: Theme, limit: Option<usize>) -> String {
    let l = lang.labels();
    let league = escape(league_name);
    // "Team" is the word in both languages.
    let title = format!("{league} – {} (Team)", l.standings);
    let mut html = String::with_capacity(4096 + teams.rows.len() * 400);
    head(&mut html, lang, theme, &title);
    let _ = writeln!(html, "<h1 class=\"vh\">{title}</h1>");
    let mut scope_line = escape(scope(lang, teams.game));
    if let Some(day) = teams.as_of {
        scope_line.push_str(&format!(" · {} {}", l.as_of, lang.date(day)));
    }
    let _ = write!(
        html,
        "<table class=\"spielstand\">\n<caption><span class=\"league\"><bdi>{league}</bdi></span> \
         <span class=\"scope\">{scope_line}</span></caption>\n<thead><tr>\
         <th scope=\"col\" class=\"place\">{place}</th><th scope=\"col\" class=\"player\">Team</th>\
         <th scope=\"col\" class=\"played\">{played}</th><th scope=\"col\" class=\"wins\">{wins}</th>\
         <th scope=\"col\" class=\"points\">{points}</th></tr></thead>\n<tbody>\n",
        place = l.place,
        played = l.played,
        wins = l.wins,
        points = l.points,
    );
    let shown = limit.map_or(teams.rows.len(), |n| n.min(teams.rows.len()));
    for row in &teams.rows[..shown] {
        let players: Vec<String> = row.players.iter().map(|p| format!("<bdi>{}</bdi>", escape(p))).collect();
        let _ = writeln!(
            html,
            "<tr{class}><td class=\"place\">{place}</td><th scope=\"row\" class=\"player\"><bdi>{name}</bdi>\
             <br><small>{players}</small></th><td class=\"played\">{played}</td><td class=\"wins\">{wins}</td>\
             <td class=\"points\">{points}</td></tr>",
            class = if row.place == 1 { " class=\"leader\"" } else { "" },
            place = row.place,
            name = escape(&row.team),
            players = players.join(", "),
            played = row.played,
            wins = row.wins,
            points = lang.points(row.points),
        );
    }
    html.push_str("</tbody>\n</table>\n");
    if teams.rows.is_empty() {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", l.empty);
    } else if shown < teams.rows.len() {
        let note = l.shown_of.replace("{shown}", &shown.to_string()).replace("{total}", &teams.rows.len().to_string());
        let _ = writeln!(html, "<p class=\"note\">{note}</p>");
    }
    foot(&mut html);
    html
}

/// Opens a page of the embed's style: `title` is already escaped.
pub(super) fn head(html: &mut String, lang: Lang, theme: Theme, title: &str) {
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"{lang}\" class=\"{theme}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"{theme}\">\n<meta name=\"robots\" content=\"noindex\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n",
        lang = lang.labels().lang,
        theme = theme.as_str(),
    );
}

/// Closes a page opened with [`head`].
pub(super) fn foot(html: &mut String) {
    html.push_str("</main>\n<footer><p class=\"source\">spielstand</p></footer>\n</body>\n</html>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use spielstand_core::{RatedStandingRow, Skill, StandingRow};

    fn row(place: u32, player: &str, points: f64) -> RatedStandingRow {
        RatedStandingRow {
            row: StandingRow {
                place: Some(place),
                ranked: true,
                player: player.into(),
                played: 2,
                wins: 1,
                points,
                average_place: 1.5,
                head_to_head: None,
            },
            skill: Skill { rating: 25.0, rating_uncertainty: 5.0, rating_display: 10.0 },
        }
    }

    fn standings(rows: Vec<RatedStandingRow>) -> Standings {
        Standings { league_id: 1, league_revision: 1, game: None, as_of: None, by: Default::default(), rows }
    }

    #[test]
    fn names_are_shown_never_run() {
        let s = standings(vec![row(1, "<script>alert(1)</script>", 10.0), row(2, "Jürgen Groß", 6.0)]);
        let html =
            page(&Page { league_name: "Liga <b>", standings: &s, lang: Lang::De, theme: Theme::Light, limit: None });
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>"));
        assert!(html.contains("<bdi>Jürgen Groß</bdi>"));
        assert!(html.contains("Liga &lt;b&gt; – Tabelle"));
        assert!(html.contains("<td class=\"avg\">1,50</td>"));
    }

    #[test]
    fn limit_cuts_and_says_so() {
        let s = standings(vec![row(1, "A", 3.0), row(2, "B", 2.0), row(3, "C", 1.0)]);
        let html = page(&Page { league_name: "L", standings: &s, lang: Lang::En, theme: Theme::Dark, limit: Some(2) });
        assert!(html.contains("<bdi>B</bdi>") && !html.contains("<bdi>C</bdi>"));
        assert!(html.contains("2 of 3 players"));
        assert!(html.contains("<html lang=\"en\" class=\"dark\">"));
    }

    #[test]
    fn the_script_carries_the_labels() {
        assert!(script().contains("\"Ø Platz\""));
        assert!(!script().contains("__SPIELSTAND_LABELS__"));
    }
}

//! Tables and results for club websites: the embeddable pages (the table, a club night,
//! a player), the pictures (SVG), the script, CSV and Atom.
//! Pure text in, text out (and bytes compressed, `compressed`); the handlers in `http`
//! add the HTTP.

pub mod app;
pub mod atom;
pub mod charts;
pub mod collation;
pub mod compressed;
pub mod csv;
pub mod embed;
pub mod live;
pub mod pages;
pub mod postal;
pub mod qr;
pub mod svg;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spielstand_core::GameKind;
use utoipa::ToSchema;

/// Language of the labels. German is the default: the clubs are German.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    De,
    En,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// Every word the page, the script and the feed show. The script gets these as JSON, so
/// both ways of embedding say the same.
#[derive(Debug, Serialize)]
pub struct Labels {
    pub lang: &'static str,
    pub standings: &'static str,
    pub place: &'static str,
    pub player: &'static str,
    pub played: &'static str,
    pub wins: &'static str,
    pub points: &'static str,
    pub average_place: &'static str,
    pub rating: &'static str,
    pub all_games: &'static str,
    pub as_of: &'static str,
    pub empty: &'static str,
    /// "{shown} of {total} players"
    pub shown_of: &'static str,
    pub failed: &'static str,
    pub results: &'static str,
    /// "{game}, {date}: won by {players}"
    pub won_by: &'static str,
    pub and: &'static str,
    /// The league's rating chart.
    pub rating_chart: &'static str,
    /// The points race chart.
    pub race_chart: &'static str,
    /// One player's rating chart: "{player}" is replaced.
    pub player_chart: &'static str,
    /// What the band around a player's rating means.
    pub band: &'static str,
    pub night: &'static str,
    pub location: &'static str,
    pub winners: &'static str,
    pub games: &'static str,
    pub night_table: &'static str,
    pub table_change: &'static str,
    pub overall: &'static str,
    pub win_rate: &'static str,
    pub best_worst: &'static str,
    pub streak: &'static str,
    pub rating_change: &'static str,
    pub pictures: &'static str,
    /// The column of a table's place moves (the arrows).
    pub movement: &'static str,
    /// The column naming each figure of a player's record.
    pub figure: &'static str,
    /// The table of a player's figures, for screen readers (it scrolls on its own).
    pub figures: &'static str,
    /// What ★ before a place says: new in the table tonight.
    pub new_in_table: &'static str,
    pub rounds: &'static str,
    pub round: &'static str,
    pub table: &'static str,
    pub seat: &'static str,
    pub starts: &'static str,
    pub win_chance: &'static str,
    pub predicted: &'static str,
    pub no_round: &'static str,
    pub done: &'static str,
    /// A table's result entered and waiting for its tablemates' confirmation.
    pub pending: &'static str,
    /// A table's result rejected by a tablemate, waiting for the organiser.
    pub rejected: &'static str,
    pub decimal: char,
}

const DE: Labels = Labels {
    lang: "de",
    standings: "Tabelle",
    place: "Platz",
    player: "Spieler",
    played: "Spiele",
    wins: "Siege",
    points: "Punkte",
    average_place: "Ø Platz",
    rating: "Wertung",
    all_games: "Alle Spiele",
    as_of: "Stand",
    empty: "Noch keine Ergebnisse.",
    shown_of: "{shown} von {total} Spielern",
    failed: "Die Tabelle konnte nicht geladen werden.",
    results: "Ergebnisse",
    won_by: "{game}, {date}: Sieg für {players}",
    and: "und",
    rating_chart: "Wertung im Saisonverlauf",
    race_chart: "Punkterennen",
    player_chart: "Wertung von {player}",
    band: "Die Linie ist die geschätzte Spielstärke, das Band ± 3 × Unsicherheit; sein unterer Rand ist die gezeigte Wertung",
    night: "Spieleabend",
    location: "Ort",
    winners: "Sieger des Abends",
    games: "Partien",
    night_table: "Tabelle des Abends",
    table_change: "Tabelle nach dem Abend",
    overall: "Gesamt",
    win_rate: "Siegquote",
    best_worst: "Bester / schlechtester Platz",
    streak: "Siegesserie (aktuell / längste)",
    rating_change: "Wertung am letzten Abend",
    pictures: "Bilder",
    movement: "Bewegung",
    figure: "Kennzahl",
    figures: "Kennzahlen",
    new_in_table: "★ neu in der Tabelle",
    rounds: "Runden",
    round: "Runde",
    table: "Tisch",
    seat: "Sitz",
    starts: "beginnt",
    win_chance: "Chance",
    predicted: "erwartet",
    no_round: "Noch keine Runde ausgelost.",
    done: "gespielt",
    pending: "wartet auf Bestätigung",
    rejected: "abgelehnt",
    decimal: ',',
};

const EN: Labels = Labels {
    lang: "en",
    standings: "Standings",
    place: "Place",
    player: "Player",
    played: "Played",
    wins: "Wins",
    points: "Points",
    average_place: "Avg place",
    rating: "Rating",
    all_games: "All games",
    as_of: "As of",
    empty: "No results yet.",
    shown_of: "{shown} of {total} players",
    failed: "The table could not be loaded.",
    results: "Results",
    won_by: "{game}, {date}: won by {players}",
    and: "and",
    rating_chart: "Rating over the season",
    race_chart: "Points race",
    player_chart: "{player}'s rating",
    band: "The line is the estimated skill, the band ± 3 × uncertainty; its lower edge is the shown rating",
    night: "Club night",
    location: "Location",
    winners: "Winners of the night",
    games: "Games",
    night_table: "The night's table",
    table_change: "The table after the night",
    overall: "Overall",
    win_rate: "Win rate",
    best_worst: "Best / worst place",
    streak: "Win streak (current / longest)",
    rating_change: "Rating change last night",
    pictures: "Pictures",
    movement: "Move",
    figure: "Figure",
    figures: "Figures",
    new_in_table: "★ new in the table",
    rounds: "Rounds",
    round: "Round",
    table: "Table",
    seat: "Seat",
    starts: "starts",
    win_chance: "Chance",
    predicted: "predicted",
    no_round: "No round drawn yet.",
    done: "played",
    pending: "waiting for confirmation",
    rejected: "rejected",
    decimal: '.',
};

impl Lang {
    /// `de` or `en`, as in `<html lang>` and `?lang=`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    pub fn labels(self) -> &'static Labels {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }

    /// A day as people of this language write it.
    pub fn date(self, day: NaiveDate) -> String {
        match self {
            Lang::De => day.format("%d.%m.%Y").to_string(),
            Lang::En => day.format("%Y-%m-%d").to_string(),
        }
    }

    /// `value` with exactly `decimals` decimals, in this language's notation; never `-0`.
    pub fn fixed(self, value: f64, decimals: usize) -> String {
        let shown = format!("{value:.decimals$}");
        let shown = if shown.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') {
            shown.trim_start_matches('-').to_owned()
        } else {
            shown
        };
        shown.replace('.', &self.labels().decimal.to_string())
    }

    /// Points: whole numbers as such, fractions (shared places) with up to two decimals.
    pub fn points(self, value: f64) -> String {
        let fixed = self.fixed(value, 2);
        let decimal = self.labels().decimal;
        match fixed.split_once(decimal) {
            Some((whole, fraction)) if fraction.trim_end_matches('0').is_empty() => whole.to_owned(),
            Some((whole, fraction)) => format!("{whole}{decimal}{}", fraction.trim_end_matches('0')),
            None => fixed,
        }
    }
}

/// What the table shows: one game's name, or that it counts all of them.
pub fn scope(lang: Lang, game: Option<GameKind>) -> &'static str {
    game.map_or(lang.labels().all_games, GameKind::name)
}

/// Text for HTML or XML: markup characters become references, so a player named
/// `<script>` is shown and never run. Characters XML cannot carry at all (U+FFFE,
/// U+FFFF; names have no control characters) are dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\u{FFFE}' | '\u{FFFF}' => {}
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markup_and_keeps_every_script() {
        assert_eq!(escape("<script>alert('x')</script>"), "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        assert_eq!(escape("Jürgen \"Jü\" & Ωμέγα 李小龙"), "Jürgen &quot;Jü&quot; &amp; Ωμέγα 李小龙");
        assert_eq!(escape("a\u{FFFF}b\u{0}c"), "abc");
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        assert_eq!(Lang::De.fixed(1.5, 2), "1,50");
        assert_eq!(Lang::En.fixed(1.5, 2), "1.50");
        assert_eq!(Lang::De.fixed(-0.04, 1), "0,0");
        assert_eq!(Lang::De.fixed(-1.06, 1), "-1,1");
        assert_eq!(Lang::De.points(16.0), "16");
        assert_eq!(Lang::De.points(2.5), "2,5");
        assert_eq!(Lang::En.points(3.333333), "3.33");
        assert_eq!(Lang::De.date(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()), "20.11.2026");
    }
}

//! The league table as CSV (RFC 4180), for spreadsheets and scripts: one header line,
//! figures with at most two decimals. By default (`?locale=en`) the JSON's field names,
//! `,` between fields and a decimal point, for scripts; with `?locale=de` what German
//! Excel expects: a UTF-8 byte order mark first (without it Excel reads "Jürgen" as
//! "JÃ¼rgen"), German column names, `;` between fields and a decimal comma (so it opens in
//! columns and never reads `1.25` as a date).

use super::Lang;
use spielstand_core::{RatedStandingRow, TeamStandingRow};
use spielstand_wire::CsvLocale;

/// A writer for `locale`: its field separator, CRLF line ends, and for German
/// spreadsheets the byte order mark that tells them the text is UTF-8.
fn writer(locale: CsvLocale) -> csv::Writer<Vec<u8>> {
    let (delimiter, start) = match locale {
        CsvLocale::En => (b',', Vec::new()),
        CsvLocale::De => (b';', "\u{FEFF}".as_bytes().to_vec()),
    };
    csv::WriterBuilder::new().delimiter(delimiter).terminator(csv::Terminator::CRLF).from_writer(start)
}

/// The header line in `locale`: the JSON's field names in English, German words in
/// German.
fn header<'a>(fields: &[&'a str], locale: CsvLocale) -> Vec<&'a str> {
    match locale {
        CsvLocale::En => fields.to_vec(),
        CsvLocale::De => fields.iter().map(|f| german_column(f)).collect(),
    }
}

fn german_column(field: &str) -> &'static str {
    match field {
        "place" => "Platz",
        "player" => "Spieler",
        "played" => "Spiele",
        "wins" => "Siege",
        "points" => "Punkte",
        "average_place" => "Durchschnittsplatz",
        "head_to_head" => "Direkter Vergleich",
        "rating_display" => "Wertung",
        "rating" => "Spielstärke",
        "rating_uncertainty" => "Unsicherheit",
        "team" => "Team",
        "players" => "Spieler des Teams",
        _ => "",
    }
}

/// A figure as `locale` writes it: at most two decimals, none when whole.
fn figure(value: f64, locale: CsvLocale) -> String {
    match locale {
        CsvLocale::En => Lang::En.points(value),
        CsvLocale::De => Lang::De.points(value),
    }
}

const HEADER: [&str; 10] = [
    "place",
    "player",
    "played",
    "wins",
    "points",
    "average_place",
    "head_to_head",
    "rating_display",
    "rating",
    "rating_uncertainty",
];

/// Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula, also
/// behind characters nobody sees (a zero-width space, a bidi mark); such a name gets a
/// leading `'`, which they show as text.
fn inert(name: &str) -> String {
    // Names refuse invisible characters now, but names stored before may have them.
    let visible = name.trim_start_matches(|c: char| c.is_whitespace() || spielstand_core::is_invisible(c));
    if visible.starts_with(['=', '+', '-', '@']) { format!("'{name}") } else { name.to_owned() }
}

pub fn standings(rows: &[RatedStandingRow], locale: CsvLocale) -> Vec<u8> {
    let mut out = writer(locale);
    out.write_record(header(&HEADER, locale)).expect("csv to memory");
    for rated in rows {
        let (row, skill) = (&rated.row, &rated.skill);
        out.write_record([
            // Empty for a player short of the league's minimum games: not ranked.
            row.place.map_or(String::new(), |p| p.to_string()),
            inert(&row.player),
            row.played.to_string(),
            row.wins.to_string(),
            figure(row.points, locale),
            figure(row.average_place, locale),
            row.head_to_head.map_or(String::new(), |h| figure(h, locale)),
            figure(skill.rating_display, locale),
            figure(skill.rating, locale),
            figure(skill.rating_uncertainty, locale),
        ])
        .expect("csv to memory");
    }
    out.into_inner().expect("csv to memory")
}

/// The team table as CSV: one line per team, its players joined by `+`.
pub fn teams(rows: &[TeamStandingRow], locale: CsvLocale) -> Vec<u8> {
    let mut out = writer(locale);
    let fields = ["place", "team", "players", "points", "played", "wins", "average_place", "head_to_head"];
    out.write_record(header(&fields, locale)).expect("csv to memory");
    for row in rows {
        let players: Vec<String> = row.players.iter().map(|p| inert(p)).collect();
        out.write_record([
            row.place.to_string(),
            inert(&row.team),
            players.join("+"),
            figure(row.points, locale),
            row.played.to_string(),
            row.wins.to_string(),
            row.average_place.map_or(String::new(), |a| figure(a, locale)),
            row.head_to_head.map_or(String::new(), |h| figure(h, locale)),
        ])
        .expect("csv to memory");
    }
    out.into_inner().expect("csv to memory")
}

#[cfg(test)]
mod tests {
    use super::*;
    use spielstand_core::{Skill, StandingRow};

    #[test]
    fn quotes_what_needs_quoting_and_defuses_formulas() {
        let row = |player: &str| RatedStandingRow {
            row: StandingRow {
                place: Some(1),
                ranked: true,
                player: player.into(),
                played: 1,
                wins: 1,
                points: 2.5,
                average_place: 1.0,
                head_to_head: None,
            },
            skill: Skill { rating: 25.0, rating_uncertainty: 8.0, rating_display: 1.0 },
        };
        let text =
            String::from_utf8(standings(&[row("Jürgen \"JJ\""), row("+cmd|' /C calc'!A0")], CsvLocale::En)).unwrap();
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "place,player,played,wins,points,average_place,head_to_head,rating_display,rating,rating_uncertainty"
        );
        assert_eq!(lines[1], "1,\"Jürgen \"\"JJ\"\"\",1,1,2.5,1,,1,25,8");
        assert!(lines[2].starts_with("1,'+cmd|' /C calc'!A0,"), "{}", lines[2]);
        // Behind an invisible character the formula is defused as well.
        for hidden in ["\u{200B}+SUM(1)", "\u{FEFF}=1", "\u{202E}-2", " @A1"] {
            let text = String::from_utf8(standings(&[row(hidden)], CsvLocale::En)).unwrap();
            let line = text.split("\r\n").nth(1).unwrap().to_owned();
            assert!(
                line.starts_with(&format!("1,'{hidden}")) || line.starts_with(&format!("1,\"'{hidden}")),
                "{line:?}"
            );
        }
        assert_eq!(inert("Anna-Lena"), "Anna-Lena");
    }

    #[test]
    fn a_german_spreadsheet_gets_semicolons_decimal_commas_and_two_places() {
        let row = RatedStandingRow {
            row: StandingRow {
                place: Some(1),
                ranked: true,
                player: "Anna".into(),
                played: 4,
                wins: 1,
                points: 1.25,
                average_place: 2.333333,
                head_to_head: None,
            },
            skill: Skill { rating: 20.394014278111097, rating_uncertainty: 7.5, rating_display: -2.0 },
        };
        let de = String::from_utf8(standings(std::slice::from_ref(&row), CsvLocale::De)).unwrap();
        assert_eq!(de.split("\r\n").nth(1).unwrap(), "1;Anna;4;1;1,25;2,33;;-2;20,39;7,5");
        // What German Excel expects: the byte order mark, then German column names.
        assert!(de.starts_with("\u{FEFF}Platz;Spieler;Spiele;Siege;Punkte;Durchschnittsplatz;"), "{de}");
        let en = String::from_utf8(standings(&[row], CsvLocale::En)).unwrap();
        assert!(en.starts_with("place,player,played,"), "English as before: {en}");
        assert_eq!(en.split("\r\n").nth(1).unwrap(), "1,Anna,4,1,1.25,2.33,,-2,20.39,7.5");
    }
}

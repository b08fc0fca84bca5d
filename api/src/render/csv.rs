//! The league table as CSV (RFC 4180), for spreadsheets and scripts: one header line with
//! the JSON's field names, numbers with a decimal point.

use spielstand_core::{RatedStandingRow, TeamStandingRow};

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

pub fn standings(rows: &[RatedStandingRow]) -> Vec<u8> {
    let mut out = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    out.write_record(HEADER).expect("csv to memory");
    for rated in rows {
        let (row, skill) = (&rated.row, &rated.skill);
        out.write_record([
            // Empty for a player short of the league's minimum games: not ranked.
            row.place.map_or(String::new(), |p| p.to_string()),
            inert(&row.player),
            row.played.to_string(),
            row.wins.to_string(),
            row.points.to_string(),
            row.average_place.to_string(),
            row.head_to_head.map_or(String::new(), |h| h.to_string()),
            skill.rating_display.to_string(),
            skill.rating.to_string(),
            skill.rating_uncertainty.to_string(),
        ])
        .expect("csv to memory");
    }
    out.into_inner().expect("csv to memory")
}

/// The team table as CSV: one line per team, its players joined by `+`.
pub fn teams(rows: &[TeamStandingRow]) -> Vec<u8> {
    let mut out = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    out.write_record(["place", "team", "players", "points", "played", "wins", "average_place", "head_to_head"])
        .expect("csv to memory");
    for row in rows {
        let players: Vec<String> = row.players.iter().map(|p| inert(p)).collect();
        out.write_record([
            row.place.to_string(),
            inert(&row.team),
            players.join("+"),
            row.points.to_string(),
            row.played.to_string(),
            row.wins.to_string(),
            row.average_place.map_or(String::new(), |a| a.to_string()),
            row.head_to_head.map_or(String::new(), |h| h.to_string()),
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
        let text = String::from_utf8(standings(&[row("Jürgen \"JJ\""), row("+cmd|' /C calc'!A0")])).unwrap();
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "place,player,played,wins,points,average_place,head_to_head,rating_display,rating,rating_uncertainty"
        );
        assert_eq!(lines[1], "1,\"Jürgen \"\"JJ\"\"\",1,1,2.5,1,,1,25,8");
        assert!(lines[2].starts_with("1,'+cmd|' /C calc'!A0,"), "{}", lines[2]);
        // Behind an invisible character the formula is defused as well.
        for hidden in ["\u{200B}+SUM(1)", "\u{FEFF}=1", "\u{202E}-2", " @A1"] {
            let text = String::from_utf8(standings(&[row(hidden)])).unwrap();
            let line = text.split("\r\n").nth(1).unwrap().to_owned();
            assert!(
                line.starts_with(&format!("1,'{hidden}")) || line.starts_with(&format!("1,\"'{hidden}")),
                "{line:?}"
            );
        }
        assert_eq!(inert("Anna-Lena"), "Anna-Lena");
    }
}

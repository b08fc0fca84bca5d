//! The typed forms of the command line: round SPECs, name lists, `NAME=N` pairs, dates.
//! Parsing only: every rule (piece counts, score bounds, who plays) is checked by core.

use crate::t;
use chrono::{Datelike, Local, NaiveDate, TimeDelta};
use spielstand_core::GameRecord;
use spielstand_core::names::{respell, same_name};
use spielstand_core::rangeln::Ring;
use spielstand_core::rangeln::{RingCounts, RoundInput};
use std::collections::BTreeMap;

/// Where a round's result comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundSource {
    /// `@FILE`: a board in core's text format; `@-` is standard input.
    File(String),
    /// Bare scores or ring counts typed on the command line.
    Inline(RoundInput),
}

/// Parses one `--round` SPEC:
/// - `@FILE` (or `@-` for stdin): a board;
/// - `Anna=4,Ben=-3,Cleo=0`: bare round scores;
/// - `Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8`: per player `RING:COUNT` joined by `/`,
///   rings `+2` `-2` `+1` `-1` `black`, rings without pieces left out.
pub fn parse_round(spec: &str) -> Result<RoundSource, String> {
    let spec = spec.trim();
    if let Some(path) = spec.strip_prefix('@') {
        if path.is_empty() {
            return Err(t!("spec-at-needs-file"));
        }
        return Ok(RoundSource::File(path.to_owned()));
    }
    let entries = pairs(spec, |item| t!("spec-not-pair-round", item = item))?;
    let rings = entries.iter().filter(|(_, v)| v.contains(':')).count();
    if rings == 0 {
        let mut scores = BTreeMap::new();
        for (name, value) in entries {
            let score = value.parse::<i32>().map_err(|_| t!("spec-score-not-number", name = &name, value = &value))?;
            scores.insert(name, score);
        }
        Ok(RoundSource::Inline(RoundInput::Scores(scores)))
    } else if rings == entries.len() {
        let mut counts = BTreeMap::new();
        for (name, value) in entries {
            let parsed = ring_counts(&value).map_err(|e| format!("{name}={value}: {e}"))?;
            counts.insert(name, parsed);
        }
        Ok(RoundSource::Inline(RoundInput::Rings(counts)))
    } else {
        Err(t!("spec-mixed-kinds"))
    }
}

/// `+2:1/-2:2/black:1` into ring counts; rings not named count 0.
fn ring_counts(text: &str) -> Result<RingCounts, String> {
    let mut counts = RingCounts::default();
    let mut seen = Vec::new();
    for part in text.split('/') {
        let (label, count) =
            part.split_once(':').ok_or_else(|| t!("spec-not-ring-count", part = format!("{part:?}")))?;
        let (label, count) = (label.trim(), count.trim());
        let ring = Ring::ALL
            .into_iter()
            .find(|r| r.to_string().eq_ignore_ascii_case(label))
            .ok_or_else(|| t!("spec-not-a-ring", label = format!("{label:?}")))?;
        if seen.contains(&ring) {
            return Err(t!("spec-ring-twice", ring = ring.to_string()));
        }
        seen.push(ring);
        *counts.get_mut(ring) = count
            .parse()
            .map_err(|_| t!("spec-not-piece-count", value = format!("{count:?}"), ring = ring.to_string()))?;
    }
    Ok(counts)
}

/// `Anna=4,Ben=-3` into (name, value) pairs; each name once, compared case-insensitively.
/// `not_pair` says what to write instead of an item that is no pair (given it quoted).
fn pairs(text: &str, not_pair: impl Fn(String) -> String) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let (name, value) = item.split_once('=').ok_or_else(|| not_pair(format!("{item:?}")))?;
        let (name, value) = (name.trim(), value.trim());
        if name.is_empty() || value.is_empty() {
            return Err(not_pair(format!("{item:?}")));
        }
        if out.iter().any(|(n, _)| same_name(n, name)) {
            return Err(t!("spec-given-twice", name = name));
        }
        out.push((name.to_owned(), value.to_owned()));
    }
    Ok(out)
}

/// `Anna=8,Ben=15` into names and numbers.
pub fn number_pairs(text: &str) -> Result<Vec<(String, u32)>, String> {
    pairs(text, |item| t!("spec-not-pair-list", item = item))?
        .into_iter()
        .map(|(name, value)| {
            let n = value.parse().map_err(|_| {
                t!("spec-not-whole-number", name = &name, value = &value, quoted = format!("{value:?}"))
            })?;
            Ok((name, n))
        })
        .collect()
}

/// `Anna,Ben,Cleo`: names separated by commas, in seat order.
pub fn names(text: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = text.split(',').map(|n| n.trim().to_owned()).collect();
    if names.iter().any(String::is_empty) {
        return Err(t!("spec-names", text = format!("{text:?}")));
    }
    Ok(names)
}

/// One league game option, `GAME.OPTION=VALUE` (`lauf-rauf.edition=revised`): checked
/// here, applied to the league's options by the command.
pub fn game_option(text: &str) -> Result<String, String> {
    spielstand_core::finishing::GameOptions::default().set(text).map(|()| text.to_owned())
}

/// A day as organisers type it (local time): `2026-11-23`, `23.11.2026` (or `23.11.26`
/// with two digits for this century), `23.11.` (this year), `today`/`heute`,
/// `yesterday`/`gestern`; between 1900-01-01 and 9999-12-31 (docs/rules.md "Dates").
pub fn date(text: &str) -> Result<NaiveDate, String> {
    let day = typed_date(text, Local::now().date_naive())?;
    spielstand_core::dates::check_filter("date", day).map_err(|e| crate::lang::rule(&e))?;
    Ok(day)
}

/// A moment as a game master types a deadline: RFC 3339 (`2026-12-03T18:00:00Z`), or a
/// day and time of this machine's clock (`2026-12-03 18:00`, `03.12.2026 18:00`, a day as
/// [`date`] reads it and `HH:MM`).
pub fn moment(text: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(text.trim()) {
        return Ok(t.to_utc());
    }
    let unreadable = || t!("spec-moment", text = format!("{text:?}"));
    let (day, time) = text.trim().rsplit_once(' ').ok_or_else(unreadable)?;
    let day = date(day.trim())?;
    let time = chrono::NaiveTime::parse_from_str(time.trim(), "%H:%M").map_err(|_| unreadable())?;
    day.and_time(time).and_local_timezone(Local).earliest().map(|t| t.to_utc()).ok_or_else(unreadable)
}

/// A day a game was played (or a club night held): as [`date`], and never after
/// tomorrow.
pub fn played_date(text: &str) -> Result<NaiveDate, String> {
    let today = Local::now().date_naive();
    let day = typed_date(text, today)?;
    spielstand_core::dates::check_played("date", day, today).map_err(|e| crate::lang::rule(&e))?;
    Ok(day)
}

fn typed_date(text: &str, today: NaiveDate) -> Result<NaiveDate, String> {
    let typed = text.trim();
    let unknown = || t!("spec-not-a-date", typed = format!("{typed:?}"));
    match typed.to_lowercase().as_str() {
        "today" | "heute" => return Ok(today),
        "yesterday" | "gestern" => return Ok(today - TimeDelta::days(1)),
        _ => {}
    }
    if let Ok(day) = NaiveDate::parse_from_str(typed, "%Y-%m-%d") {
        return Ok(day);
    }
    // German: day.month.year, day.month.year with two digits, or day.month. of this year.
    let parts: Vec<&str> = typed.split('.').collect();
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|_| !s.trim().is_empty() && s.len() <= 4);
    let (day, month, year) = match parts.as_slice() {
        [d, m, y] if y.trim().is_empty() => (number(d), number(m), Some(today.year_ce().1 as i32)),
        [d, m, y] if y.trim().len() == 2 => (number(d), number(m), number(y).map(|y| 2000 + y as i32)),
        [d, m, y] if y.trim().len() == 4 => (number(d), number(m), number(y).map(|y| y as i32)),
        _ => return Err(unknown()),
    };
    let (Some(day), Some(month), Some(year)) = (day, month, year) else { return Err(unknown()) };
    NaiveDate::from_ymd_opt(year, month, day).ok_or_else(|| t!("spec-not-a-day", typed = format!("{typed:?}")))
}

/// Writes every name in the record's detail as it is spelled among the seated players
/// (`anna` in `--order` becomes `Anna` from `--players`): the server compares names
/// case-insensitively, and so should the check done before sending.
pub fn seat_spelling(record: &mut GameRecord) {
    let seated: Vec<String> = record.players.iter().map(|p| p.player.clone()).collect();
    record.map_player_names(|name| respell(name, &seated));
}

/// [`seat_spelling`] for one Rangeln round.
pub fn respell_round(round: &mut RoundInput, seated: &[String]) {
    round.rename_players(|name| respell(name, seated));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inline(spec: &str) -> RoundInput {
        match parse_round(spec).unwrap() {
            RoundSource::Inline(input) => input,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scores_rings_and_files() {
        assert_eq!(
            inline("Anna=4, Ben=-3,Cleo=+0"),
            RoundInput::Scores([("Anna".into(), 4), ("Ben".into(), -3), ("Cleo".into(), 0)].into())
        );
        let RoundInput::Rings(rings) = inline("Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8") else { panic!() };
        assert_eq!(rings["Anna"], RingCounts { minus2: 3, black: 5, ..Default::default() });
        assert_eq!(rings["Ben"], RingCounts { plus2: 3, plus1: 5, ..Default::default() });
        assert_eq!(rings["Cleo"].plus1, 8);
        assert_eq!(parse_round("@boards/r1.txt").unwrap(), RoundSource::File("boards/r1.txt".into()));
        assert_eq!(parse_round("@-").unwrap(), RoundSource::File("-".into()));
    }

    #[test]
    fn bad_specs_say_what_to_write() {
        let err = |s: &str| parse_round(s).unwrap_err();
        assert!(err("@").contains("@-"));
        assert!(err("Anna=x").contains("whole number"), "{}", err("Anna=x"));
        assert!(err("Anna").contains("NAME=VALUE"));
        assert!(err("Anna=4,Ben=+2:8").contains("same kind"));
        assert!(err("Anna=+3:1").contains("+3"), "{}", err("Anna=+3:1"));
        assert!(err("Anna=+2:1/+2:3").contains("twice"));
        assert!(err("Anna=1,anna=2").contains("twice"));
        assert!(err("Anna=+2:x").contains("number of pieces"));
    }

    #[test]
    fn names_pairs_and_dates() {
        assert_eq!(names("Anna, Ben ,Cleo").unwrap(), ["Anna", "Ben", "Cleo"]);
        assert!(names("Anna,,Ben").is_err());
        assert_eq!(number_pairs("Anna=8,Ben=15").unwrap(), [("Anna".to_owned(), 8), ("Ben".to_owned(), 15)]);
        assert!(number_pairs("Anna=-1").is_err());
        assert_eq!(date("2026-11-20").unwrap(), NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
        assert_eq!(date("yesterday").unwrap() + TimeDelta::days(1), date("today").unwrap());
        assert_eq!(date("gestern").unwrap() + TimeDelta::days(1), date("heute").unwrap());
        let today = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let day = |text| typed_date(text, today);
        let nov23 = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        for typed in ["2026-11-23", "23.11.2026", "23.11.", "23.11.26", " 23.11.2026 ", "yesterday", "Gestern"] {
            assert_eq!(day(typed), Ok(nov23), "{typed}");
        }
        assert_eq!(day("1.2.2025"), Ok(NaiveDate::from_ymd_opt(2025, 2, 1).unwrap()));
        for bad in ["23.11", "2026/11/23", "31.02.2026", "x.11.2026", "23..2026", "tomorrow"] {
            assert!(day(bad).is_err(), "{bad}");
        }
        assert!(day("31.02.2026").unwrap_err().contains("not a day of the calendar"));
        // A game is never played after tomorrow, nor before 1900.
        assert!(played_date("2099-01-01").unwrap_err().contains("out of range"));
        assert!(played_date("31.12.1899").is_err());
        assert!(played_date("today").is_ok());
        assert!(date("2099-01-01").is_ok(), "a season may end in the future");
    }

    #[test]
    fn detail_names_take_the_seated_spelling() {
        let mut record: GameRecord = serde_json::from_value(serde_json::json!({
            "played_on": "2026-11-20",
            "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}],
            "game": "ghostbuster",
            "detail": {"order": [["ben"], ["ANNA"]]}
        }))
        .unwrap();
        seat_spelling(&mut record);
        assert!(record.evaluate().is_ok());
        assert_eq!(record.evaluate().unwrap().placings[0].player, "Ben");
    }
}

//! The dates spielstand takes (docs/rules.md "Dates"): a game was played, so its day is never
//! after tomorrow (tomorrow, not today: the organiser's day may be ahead of the server's)
//! and never before 1900-01-01; a filter or a season may reach up to 9999-12-31. Core
//! has no clock: callers pass the day it is.

use crate::error::Error;
use chrono::{NaiveDate, TimeDelta};

/// The earliest day any date may name.
pub const EARLIEST: NaiveDate = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a valid date");

/// The latest day a filter (`as_of`, `to`) or a season may name.
pub const LATEST_FILTER: NaiveDate = NaiveDate::from_ymd_opt(9999, 12, 31).expect("a valid date");

/// The latest day a game (or a club night, whose games are on its day) may have been
/// played, when it is `today`: tomorrow.
pub fn latest_played(today: NaiveDate) -> NaiveDate {
    today + TimeDelta::days(1)
}

/// A day a game was played (`what` names the field in the message), when it is `today`.
pub fn check_played(what: &str, date: NaiveDate, today: NaiveDate) -> Result<(), Error> {
    check_within(what, date, latest_played(today), " (a game is never played after tomorrow)")
}

/// A day a filter or a season names.
pub fn check_filter(what: &str, date: NaiveDate) -> Result<(), Error> {
    check_within(what, date, LATEST_FILTER, "")
}

fn check_within(what: &str, date: NaiveDate, latest: NaiveDate, why: &'static str) -> Result<(), Error> {
    if (EARLIEST..=latest).contains(&date) {
        return Ok(());
    }
    Err(Error::DateOutOfRange { what: what.to_owned(), date, earliest: EARLIEST, latest, why })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_game_is_played_from_1900_to_tomorrow() {
        let today = day("2026-11-24");
        for ok in ["1900-01-01", "2026-11-24", "2026-11-25"] {
            assert!(check_played("played_on", day(ok), today).is_ok(), "{ok}");
        }
        let err = check_played("played_on", day("2026-11-26"), today).unwrap_err();
        assert_eq!(err.code(), "date-out-of-range");
        assert_eq!(
            err.to_string(),
            "played_on: 2026-11-26 is out of range: dates run from 1900-01-01 to 2026-11-25 (a game is never played after tomorrow)"
        );
        assert!(check_played("date", day("1899-12-31"), today).is_err());
        assert!(check_played("date", NaiveDate::MIN, today).is_err());
    }

    #[test]
    fn filters_reach_to_9999() {
        assert!(check_filter("as_of", day("9999-12-31")).is_ok());
        assert!(check_filter("as_of", day("1899-12-31")).is_err());
        assert!(check_filter("to", NaiveDate::MAX).unwrap_err().to_string().contains("1900-01-01 to 9999-12-31"));
    }
}

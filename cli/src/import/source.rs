//! The neutral form of a foreign play log: what every parser produces and the import
//! command consumes. Nothing here knows a league or a server.

use crate::t;
use chrono::NaiveDate;
use spielstand_text::{Arg, Lang};
use std::fmt;

/// Where a play was logged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    BgStats,
    Bgg,
}

impl Source {
    /// Stable name of the source: it prefixes imported ids, so it must never change.
    pub fn slug(self) -> &'static str {
        match self {
            Source::BgStats => "bgstats",
            Source::Bgg => "bgg",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// One game played, as the source recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourcePlay {
    pub source: Source,
    /// Unique within the source, and the same on every import of the same log, so that
    /// importing twice can be recognised: BG Stats' play `uuid`; BGG's play id, with
    /// `#k` appended when one logged play stands for several games.
    pub source_id: String,
    /// The game's name as the source writes it.
    pub title: String,
    pub bgg_id: Option<u64>,
    pub played_on: NaiveDate,
    pub location: Option<String>,
    /// In seat order when the source gives every player a seat, else as listed.
    pub players: Vec<SourcePlayer>,
    /// BG Stats' setting for the game: does the highest score win? `None` from BGG.
    pub highest_wins: Option<bool>,
    /// BG Stats' setting for the game: is it played without points? `None` from BGG.
    pub no_points: Option<bool>,
}

/// One player's line in a play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourcePlayer {
    pub name: String,
    pub seat: Option<u32>,
    /// As written, trimmed; scores are free text in both sources ("12", "12.5", "DNF").
    pub score: Option<String>,
    /// The place the source gives; only BG Stats has one.
    pub rank: Option<u32>,
    pub winner: bool,
    pub start_player: bool,
    pub new_player: bool,
}

/// Why a logged play was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    /// Marked "ignore" in BG Stats: the player chose to leave it out of statistics.
    Ignored,
    /// Marked incomplete on BGG: nobody finished it, so there are no places.
    Incomplete,
    NoPlayers,
    /// A player with neither a name nor a username (BGG's anonymous players): nobody
    /// can tell who sat there.
    UnnamedPlayer,
    /// The BGG item is no board game; holds what it is instead ("videogame", "rpgitem").
    NotAGame(String),
}

impl SkipReason {
    /// The catalogue's message for the reason, and its variables.
    fn message(&self) -> (&'static str, Vec<(&'static str, Arg)>) {
        match self {
            SkipReason::Ignored => ("import-skip-ignored", Vec::new()),
            SkipReason::Incomplete => ("import-skip-incomplete", Vec::new()),
            SkipReason::NoPlayers => ("import-skip-no-players", Vec::new()),
            SkipReason::UnnamedPlayer => ("import-skip-unnamed-player", Vec::new()),
            SkipReason::NotAGame(kind) => ("import-skip-not-a-game", vec![("kind", Arg::from(kind))]),
        }
    }

    /// The reason in English for the summary's JSON and in the command's language.
    pub fn reason(&self) -> Reason {
        let (id, args) = self.message();
        Reason::new(id, &args)
    }
}

/// In the command's language.
impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (id, args) = self.message();
        f.write_str(&crate::lang::t(id, &args))
    }
}

/// Why a play is skipped or refused, said twice: in English for the import's JSON summary
/// (its `skipped` keys and `refused` reasons stay the same in every language, for the
/// scripts that read them), and in the command's language for people.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reason {
    /// For the JSON summary.
    pub english: String,
    /// For people.
    pub shown: String,
}

impl Reason {
    /// The catalogue's message `id`, filled in with `args`.
    pub fn new(id: &str, args: &[(&str, Arg)]) -> Reason {
        Reason { english: spielstand_text::message(Lang::En, id, args), shown: crate::lang::t(id, args) }
    }

    /// A broken rule: its English text and the catalogue's in the command's language.
    pub fn rule(error: &spielstand_core::Error) -> Reason {
        Reason { english: error.to_string(), shown: crate::lang::rule(error) }
    }

    /// Text that comes in one language only (the server's problem detail).
    pub fn as_is(text: impl Into<String>) -> Reason {
        let text = text.into();
        Reason { english: text.clone(), shown: text }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

/// A logged play that was not taken, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub source_id: String,
    pub title: String,
    pub reason: SkipReason,
}

/// Everything one file (or one BGG page) held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed {
    pub plays: Vec<SourcePlay>,
    pub skipped: Vec<Skipped>,
}

/// A file that cannot be read as the format it claims to be. Each message names where in
/// the file the problem is, so that the organiser can look at it; it reads in the
/// command's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    Zip(String),
    ZipWithoutJson,
    ZipWithSeveralJson(Vec<String>),
    /// Not JSON, or JSON of another shape; holds the path into the document.
    Json {
        at: String,
        message: String,
    },
    Xml(String),
    /// The XML is another document than expected: an error page, another API's answer.
    UnexpectedDocument {
        expected: &'static str,
        found: String,
    },
    /// BoardGameGeek answered with an error instead of plays.
    Remote(String),
    Missing {
        at: String,
    },
    /// A value of the wrong form; `expected` is the catalogue's message saying which form
    /// was expected (`DATE_TIME`, `DATE`, `WHOLE_NUMBER` or `BGG_ID` here), filled in
    /// with `at` and `value`.
    Invalid {
        at: String,
        value: String,
        expected: &'static str,
    },
    /// A reference to an entry that the file does not have.
    Dangling {
        at: String,
        id: i64,
        list: &'static str,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ParseError::Zip(error) => t!("bgstats-zip-unreadable", error = error),
            ParseError::ZipWithoutJson => t!("bgstats-zip-without-json"),
            ParseError::ZipWithSeveralJson(names) => t!("bgstats-zip-several-json", files = names.join(", ")),
            ParseError::Json { at, message } => format!("{at}: {message}"),
            ParseError::Xml(error) => t!("bgg-not-xml", error = error),
            ParseError::UnexpectedDocument { expected, found } => {
                t!("bgg-unexpected-document", expected = *expected, found = found)
            }
            ParseError::Remote(message) => t!("bgg-remote-error", message = message),
            ParseError::Missing { at } => t!("import-missing", at = at),
            ParseError::Invalid { at, value, expected } => {
                crate::lang::t(expected, &[("at", Arg::from(at)), ("value", Arg::from(format!("{value:?}")))])
            }
            ParseError::Dangling { at, id, list } => t!("import-dangling", at = at, id = *id, list = *list),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for ParseError {}

/// The expected forms of values, for [`ParseError::Invalid`]: the catalogue's messages.
pub(crate) const DATE_TIME: &str = "import-not-a-date-time";
pub(crate) const DATE: &str = "import-not-a-date";
pub(crate) const WHOLE_NUMBER: &str = "import-not-a-whole-number";
pub(crate) const BGG_ID: &str = "import-not-a-bgg-id";

/// Sorts players by seat when every one of them has a seat; a partial seating says
/// nothing about the others' order, so the listed order stays.
pub(crate) fn seat_order(players: &mut [SourcePlayer]) {
    if players.iter().all(|p| p.seat.is_some()) {
        players.sort_by_key(|p| p.seat);
    }
}

/// Trimmed, or `None` when nothing is left.
pub(crate) fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, seat: Option<u32>) -> SourcePlayer {
        SourcePlayer {
            name: name.into(),
            seat,
            score: None,
            rank: None,
            winner: false,
            start_player: false,
            new_player: false,
        }
    }

    fn names(players: &[SourcePlayer]) -> Vec<&str> {
        players.iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn players_are_sorted_by_seat_only_when_all_have_one() {
        let mut all = vec![player("c", Some(3)), player("a", Some(1)), player("b", Some(2))];
        seat_order(&mut all);
        assert_eq!(names(&all), ["a", "b", "c"]);

        let mut partial = vec![player("c", Some(3)), player("a", None), player("b", Some(2))];
        seat_order(&mut partial);
        assert_eq!(names(&partial), ["c", "a", "b"]);
    }

    #[test]
    fn skip_reasons_read_well_in_a_summary() {
        assert_eq!(SkipReason::Ignored.to_string(), "ignored in BG Stats");
        assert_eq!(SkipReason::Incomplete.to_string(), "incomplete");
        assert_eq!(SkipReason::NoPlayers.to_string(), "no players");
        assert_eq!(SkipReason::NotAGame("videogame".into()).to_string(), "not a board game (videogame)");
        assert_eq!(Source::Bgg.slug(), "bgg");
        assert_eq!(Source::BgStats.to_string(), "bgstats");
    }

    #[test]
    fn errors_name_the_place_and_the_expected_form() {
        let e = ParseError::Invalid {
            at: "plays[3].playDate".into(),
            value: "2023-13-01 10:00:00".into(),
            expected: DATE_TIME,
        };
        assert_eq!(e.to_string(), r#"plays[3].playDate: "2023-13-01 10:00:00" is not a date (YYYY-MM-DD HH:MM:SS)"#);
        let e = ParseError::Dangling { at: "plays[0].gameRefId".into(), id: 99, list: "games[]" };
        assert_eq!(e.to_string(), "plays[0].gameRefId: 99 names no entry in games[]");
    }

    #[test]
    fn blank_text_is_none_and_text_is_trimmed() {
        assert_eq!(non_empty("  "), None);
        assert_eq!(non_empty(" 42 "), Some("42".into()));
    }
}

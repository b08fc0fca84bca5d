//! spielstand's rule messages in German and English.
//!
//! Every [`spielstand_core::Error`] renders from one Fluent catalogue per language
//! (`locales/de/rules.ftl`, `locales/en/rules.ftl`): the message of its rule code, filled
//! in with the error's facts (`Error::facts`), so that both languages state the same
//! players, cells and numbers. The wrappers (a Rangeln round, a refereed move) render
//! around the message of the error inside them.
//!
//! The command line's own messages (`locales/{de,en}/cli.ftl`) come from the same bundle
//! through [`message`].
//!
//! ```
//! use spielstand_core::Error;
//! use spielstand_text::{Lang, rule};
//!
//! let error = Error::PieceCount { player: "Anna".into(), found: 7, expected: 8 }.in_round(2);
//! assert_eq!(rule(&error, Lang::De), "Runde 2: Anna hat 7 Steine auf dem Brett, es müssen 8 sein");
//! assert_eq!(rule(&error, Lang::En), "round 2: Anna has 7 pieces on the board, expected 8");
//! ```

mod words;

pub use words::{allowance, allowance_left, move_at, note, refusal, short_reason, turn_so_far};

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use spielstand_core::{Error, RuleCode};
use unic_langid::LanguageIdentifier;

/// A language the rule messages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// German, the club's language: the default.
    #[default]
    De,
    /// English, as the API and the command line have always written the rules.
    En,
}

impl Lang {
    /// Every language, in a fixed order.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The language's code (BCP 47), as in `lang="de"` or `Content-Language: en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language's rule messages, built into the binary.
    fn source(self) -> &'static str {
        match self {
            Lang::De => include_str!("../locales/de/rules.ftl"),
            Lang::En => include_str!("../locales/en/rules.ftl"),
        }
    }

    /// The language's messages of the two binaries, built into them: the server's (the
    /// API's problem details in `api.ftl`, its own command's in `server.ftl`), then the
    /// command line's, one file per area (`cli.ftl` the shared
    /// words, then nights, people, input, import, and the `--help` texts), so that a
    /// message's id says where it is used.
    fn cli_sources(self) -> [&'static str; 8] {
        match self {
            Lang::De => [
                include_str!("../locales/de/api.ftl"),
                include_str!("../locales/de/server.ftl"),
                include_str!("../locales/de/cli.ftl"),
                include_str!("../locales/de/cli-nights.ftl"),
                include_str!("../locales/de/cli-people.ftl"),
                include_str!("../locales/de/cli-input.ftl"),
                include_str!("../locales/de/cli-import.ftl"),
                include_str!("../locales/de/cli-help.ftl"),
            ],
            Lang::En => [
                include_str!("../locales/en/api.ftl"),
                include_str!("../locales/en/server.ftl"),
                include_str!("../locales/en/cli.ftl"),
                include_str!("../locales/en/cli-nights.ftl"),
                include_str!("../locales/en/cli-people.ftl"),
                include_str!("../locales/en/cli-input.ftl"),
                include_str!("../locales/en/cli-import.ftl"),
                include_str!("../locales/en/cli-help.ftl"),
            ],
        }
    }

    /// The language of this process's locale: the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set and not empty decides, as POSIX has it (`C` speaks neither language).
    pub fn of_environment() -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
            .and_then(|locale| Lang::of_locale(&locale))
    }

    /// The language a POSIX locale name speaks (`de_DE.UTF-8`, `en_GB`, `de`), if one of
    /// these; `C`, `POSIX` and anything else speak neither.
    pub fn of_locale(locale: &str) -> Option<Lang> {
        match locale.get(..2).map(str::to_ascii_lowercase).as_deref() {
            Some("de") if locale.len() == 2 || locale[2..].starts_with(['_', '.', '@', '-']) => Some(Lang::De),
            Some("en") if locale.len() == 2 || locale[2..].starts_with(['_', '.', '@', '-']) => Some(Lang::En),
            _ => None,
        }
    }
}

/// The words of English sentences in `text` (whole words, by letters: "Käthe" holds no
/// "the"), leaving out data in backticks and `{ $placeables }`: what the tests find in a
/// text that should be German. Words German shares with English ("in", "an",
/// "Argument") are no evidence and not looked for.
pub fn english_words(text: &str) -> Vec<String> {
    const WORDS: [&str; 30] = [
        "the",
        "is",
        "are",
        "not",
        "has",
        "have",
        "must",
        "please",
        "your",
        "already",
        "only",
        "this",
        "that",
        "was",
        "were",
        "with",
        "from",
        "there",
        "which",
        "should",
        "retry",
        "allowed",
        "does",
        "cannot",
        "expected",
        "invalid",
        "value",
        "unexpected",
        "for",
        "more",
    ];
    let mut plain = String::new();
    let (mut quoted, mut placeable) = (false, 0);
    for c in text.chars() {
        match c {
            '`' => quoted = !quoted,
            '{' => placeable += 1,
            '}' => placeable = 0.max(placeable - 1),
            c if !quoted && placeable == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| WORDS.contains(&w.to_lowercase().as_str()))
        .map(str::to_owned)
        .collect()
}

/// A value a message is filled in with: a number (which picks the plural form) or text.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Number(i64),
    Text(String),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(i64, i32, u32, u64, usize);

/// The message `id` without variables in `lang`, if the catalogue has it (a column's
/// name, say); `None` lets the caller keep what it has.
pub fn lookup(lang: Lang, id: &str) -> Option<String> {
    let bundle = catalogue(lang);
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, None, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The message `id` of the command line's catalogue in `lang`, filled in with `args`.
/// Falls back to the English message, then to the id, should one be missing (a test makes
/// sure that every message is in both languages with the same variables).
pub fn message(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
            Arg::Text(text) => fluent.set(*name, FluentValue::from(text.as_str())),
        }
    }
    for lang in [lang, Lang::En] {
        let bundle = catalogue(lang);
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&fluent), &mut errors);
            if errors.is_empty() {
                return text.into_owned();
            }
        }
    }
    id.to_owned()
}

/// The catalogues, each parsed once, when its language is first spoken (a command in
/// English never parses the German).
static GERMAN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::De));
static ENGLISH: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::En));

/// One language's catalogue. It is part of the binary and the tests parse it, so a
/// catalogue that does not parse is a bug of this crate: it panics.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().expect("a language code is a language identifier");
    let resource = FluentResource::try_new(lang.source().to_owned())
        .unwrap_or_else(|(_, errors)| panic!("locales/{}/rules.ftl does not parse: {errors:?}", lang.code()));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Plain text: no Unicode isolation marks around the facts.
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).unwrap_or_else(|errors| panic!("locales/{}/rules.ftl: {errors:?}", lang.code()));
    // One bundle: the command line's messages may not reuse a rule code's id, nor one
    // another's (adding a message twice fails here, in the tests).
    for source in lang.cli_sources() {
        let cli = FluentResource::try_new(source.to_owned())
            .unwrap_or_else(|(_, errors)| panic!("locales/{}/cli*.ftl does not parse: {errors:?}", lang.code()));
        bundle.add_resource(cli).unwrap_or_else(|errors| panic!("locales/{}/cli*.ftl: {errors:?}", lang.code()));
    }
    bundle
}

fn catalogue(lang: Lang) -> &'static FluentBundle<FluentResource> {
    match lang {
        Lang::De => &GERMAN,
        Lang::En => &ENGLISH,
    }
}

/// The rule message of `error` in `lang`, with the same facts in every language. Falls
/// back to the error's English `Display` should the catalogue lack its message (the tests
/// make sure it never does).
pub fn rule(error: &Error, lang: Lang) -> String {
    render(error, lang).unwrap_or_else(|| error.to_string())
}

fn render(error: &Error, lang: Lang) -> Option<String> {
    let bundle = catalogue(lang);
    let (id, attribute) = message_key(error);
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(attribute) => message.get_attribute(attribute)?.value(),
        None => message.value()?,
    };
    let mut args = FluentArgs::new();
    for (name, fact) in error.facts() {
        // A number keeps fluent-bundle's default options: those are what the `[0]` keys of
        // the catalogues are compared with, and the default formatting writes digits only
        // (`12345`, never `12,345` or `12.345`; a test holds it to that).
        let value = match fact.number() {
            Some(n) => FluentValue::from(n),
            None => FluentValue::from(fact.to_string()),
        };
        args.set(name, value);
    }
    if let Some(inner) = error.inner() {
        args.set("message", rule(inner, lang));
    }
    // The referee's facts, worded in the language rather than as their English text.
    match error {
        Error::AtMove { at, .. } => args.set("at", move_at(at, lang)),
        Error::Allowance { allowance: a, has } => {
            args.set("allowance", allowance(a, lang));
            args.set("has", turn_so_far(has, lang));
        }
        Error::ShortPath { reason, .. } => args.set("reason", short_reason(reason, lang)),
        Error::HouseRuleNotForGame { reason, .. } => args.set("reason", refusal(*reason, lang)),
        _ => {}
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The message an error renders from, and its attribute if it has one: the rule code's
/// slug; for a code that two variants share, an attribute per variant; the wrappers' own
/// messages, `in-round` taking its `at-move` form around a refereed move (`round 2,
/// placement 7: ...`, as the English `Display` has it).
///
/// No wildcard: a new variant does not compile until it is given its message here (and
/// a sample in the tests).
fn message_key(error: &Error) -> (&'static str, Option<&'static str>) {
    match error {
        Error::InRound { error, .. } => {
            ("in-round", matches!(error.as_ref(), Error::AtMove { .. }).then_some("at-move"))
        }
        Error::AtMove { .. } => ("at-move", None),
        Error::PlacementsDone { .. } => (RuleCode::PlacementCount.slug(), Some("placements-done")),
        Error::PlacementsMissing { .. } => (RuleCode::PlacementCount.slug(), Some("placements-missing")),
        Error::TurnsDone { .. } => (RuleCode::TurnCount.slug(), Some("turns-done")),
        Error::TurnsMissing { .. } => (RuleCode::TurnCount.slug(), Some("turns-missing")),
        Error::BoardSymbol { .. }
        | Error::BoardSeat { .. }
        | Error::BoardRowTooLong { .. }
        | Error::BoardRowTooShort { .. }
        | Error::BoardTooManyRows { .. }
        | Error::BoardTooFewRows { .. }
        | Error::InvalidCell { .. }
        | Error::PieceCount { .. }
        | Error::RingCountSum { .. }
        | Error::RingOverfull { .. }
        | Error::ScoreOutOfBounds { .. }
        | Error::ScoresImpossible { .. }
        | Error::ImportedTotals { .. }
        | Error::PlacementOnBlack { .. }
        | Error::PlacementOccupied { .. }
        | Error::PlacementAdjacent { .. }
        | Error::OutOfTurn { .. }
        | Error::PathEmpty
        | Error::PathStart { .. }
        | Error::PieceMovedTwice { .. }
        | Error::StepNotOrthogonal { .. }
        | Error::StepOntoBlack { .. }
        | Error::StepRevisit { .. }
        | Error::PushOffBoard { .. }
        | Error::Allowance { .. }
        | Error::ShortPath { .. }
        | Error::TablesImpossible { .. }
        | Error::TableSizeOutOfRange { .. }
        | Error::PinTableMissing { .. }
        | Error::PinTableFull { .. }
        | Error::ApartPinnedTogether { .. }
        | Error::ApartImpossible { .. }
        | Error::NotCheckedIn { .. }
        | Error::TeamSizes { .. }
        | Error::TeamSplit { .. }
        | Error::TeamsRequired { .. }
        | Error::DuplicateTeam { .. }
        | Error::TeamMemberTwice { .. }
        | Error::EmptyTeam { .. }
        | Error::ConfirmationsOutOfRange { .. }
        | Error::PlayerCount { .. }
        | Error::DuplicatePlayer { .. }
        | Error::UnknownPlayer { .. }
        | Error::MissingPlayer { .. }
        | Error::EmptyName
        | Error::InvalidName { .. }
        | Error::SeatOutOfRange { .. }
        | Error::DuplicateSeat { .. }
        | Error::RoundCount { .. }
        | Error::EmptyPlace { .. }
        | Error::TieNotAllowed { .. }
        | Error::NoWinner { .. }
        | Error::ColourMode { .. }
        | Error::OptionConflict { .. }
        | Error::OptionMissing { .. }
        | Error::OptionsForOtherGame { .. }
        | Error::DuplicateHouseRule { .. }
        | Error::HouseRuleNotForGame { .. }
        | Error::HareLettuce { .. }
        | Error::HareCarrots { .. }
        | Error::HareFinisherTied { .. }
        | Error::HareNotFinished { .. }
        | Error::HareRoundOrder { .. }
        | Error::HareUnfinishedRanked { .. }
        | Error::HareRoundZero { .. }
        | Error::InvalidPointsScheme { .. }
        | Error::EmptyPointsTable
        | Error::PointsTableRises { .. }
        | Error::SeasonReversed { .. }
        | Error::NoGames
        | Error::DuplicateGame { .. }
        | Error::DuplicateTieBreaker { .. }
        | Error::GameNotInLeague { .. }
        | Error::DateOutOfRange { .. }
        | Error::OutsideSeason { .. } => (error.code(), None),
    }
}

#[cfg(test)]
mod tests;

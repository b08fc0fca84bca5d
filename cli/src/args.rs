//! What several commands take: `--format`, the values of names, pairs and house rules,
//! the flags every `record` takes and those a correction takes, and the language flag's
//! parser. Each command's own arguments are at the top of its file in `commands/`; the
//! command line itself is `commands::Cli`. Doc comments here are `--help` texts too.

use crate::input::spec::{self, RoundSource};
use crate::output::Format;
use crate::t;
use chrono::NaiveDate;
use clap::Args;
use spielstand_core::Slug;
use spielstand_core::finishing::{ColourMode, Edition, FinishingOrder, HouseRule};
use std::str::FromStr;

pub const EXIT_CODES: &str = "\
Exit codes:
  0  ok
  1  rejected by the server: unknown player or league, a broken rule, a stale revision, no valid token
  2  usage or bad input, found before anything was sent (a bad board says its line and column)
  3  server unreachable; `record` kept the result in the outbox: run `spielstand sync` later
  4  server error (5xx) or busy; `record` kept the result in the outbox
  5  a local file (config, outbox) could not be read or written";

/// The language asked for before the command line is parsed (for its `--help`): `--lang
/// X` or `--lang=X` as typed, else `SPIELSTAND_LANG`. A value that names no language is
/// left to the parser, which refuses it.
pub fn lang_asked(args: &[std::ffi::OsString]) -> Option<spielstand_text::Lang> {
    let typed = args.iter().enumerate().find_map(|(i, arg)| {
        let arg = arg.to_str()?;
        match arg.strip_prefix("--lang") {
            Some("") => args.get(i + 1).and_then(|v| v.to_str()).map(str::to_owned),
            Some(rest) => rest.strip_prefix('=').map(str::to_owned),
            None => None,
        }
    });
    typed.or_else(|| std::env::var("SPIELSTAND_LANG").ok()).and_then(|v| lang_of(&v).ok())
}

/// `--lang`: de or en, in either language's words.
pub fn lang_of(text: &str) -> Result<spielstand_text::Lang, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "de" | "deutsch" | "german" => Ok(spielstand_text::Lang::De),
        "en" | "english" | "englisch" => Ok(spielstand_text::Lang::En),
        _ => Err(format!("{text:?}: de or en")),
    }
}

/// `--format`, on every command that prints data.
#[derive(Debug, Clone, Copy, Args)]
pub struct OutputArgs {
    /// Output: table (for people), json (the server's JSON) or csv (the main table)
    #[arg(long, value_enum, default_value_t = Format::Table, value_name = "FORMAT")]
    pub format: Format,
}

/// Names separated by commas, in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl FromStr for Names {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        spec::names(s).map(Names)
    }
}

/// `NAME=N` pairs separated by commas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairs(pub Vec<(String, u32)>);

impl FromStr for Pairs {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        spec::number_pairs(s).map(Pairs)
    }
}

/// House rules separated by commas, or `none`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseRules(pub Vec<HouseRule>);

impl FromStr for HouseRules {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        slug_list(s, ("none", &[])).map(HouseRules)
    }
}

/// Slugs of `T` (house rules) separated by commas, or the keyword that stands for a whole list.
fn slug_list<T: Slug>(s: &str, (keyword, list): (&str, &[T])) -> Result<Vec<T>, String> {
    if s.trim() == keyword {
        return Ok(list.to_vec());
    }
    s.split(',')
        .map(|item| {
            T::from_slug(item.trim()).ok_or_else(|| {
                t!(
                    "args-unknown-house-rule",
                    item = format!("{:?}", item.trim()),
                    keyword = keyword,
                    slugs = T::slugs().join(", ")
                )
            })
        })
        .collect()
}

/// What every `record` command takes.
#[derive(Debug, Clone, Args)]
pub struct RecordTarget {
    /// The league: its name or id [default with --table: the night's league]
    #[arg(long, short = 'l', value_name = "L", required_unless_present = "table")]
    pub league: Option<String>,
    /// Record the game of this table of the current round of the joined night: its
    /// players in seat order come from the draw (and --order may give seat numbers)
    #[arg(long, value_name = "N", conflicts_with = "players")]
    pub table: Option<u32>,
    /// The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or
    /// yesterday/gestern; never after tomorrow [default: today]
    #[arg(long, value_parser = spec::played_date, value_name = "DATE")]
    pub date: Option<NaiveDate>,
    /// Check the result and show it, but send nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

impl RecordTarget {
    /// The league as given, or as filled in from the night (`--table`).
    pub fn league(&self) -> &str {
        self.league.as_deref().unwrap_or_default()
    }
}

/// Teams separated by commas, partners joined by '+': "Anna+Cleo,Ben+Dora".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Teams(pub Vec<Vec<String>>);

impl FromStr for Teams {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let teams: Vec<Vec<String>> =
            s.split(',').map(|team| team.split('+').map(|name| name.trim().to_owned()).collect()).collect();
        if teams.iter().flatten().any(String::is_empty) {
            return Err(t!("args-teams-syntax", typed = format!("{s:?}")));
        }
        Ok(Teams(teams))
    }
}

/// `N:SPEC` for `--round` of `result fix` and `outbox fix`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixRound {
    pub round: usize,
    pub source: RoundSource,
}

fn fix_round(s: &str) -> Result<FixRound, String> {
    let (n, spec) = s.split_once(':').ok_or_else(|| t!("args-fix-round-syntax", typed = format!("{s:?}")))?;
    let round = n
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| t!("args-not-a-round", typed = format!("{n:?}")))?;
    Ok(FixRound { round, source: spec::parse_round(spec)? })
}

/// What a correction can change in a record: every field `record` can set. Shared by
/// `result fix` and `outbox fix`.
#[derive(Debug, Args, Default)]
pub struct RecordEdits {
    /// The day it was played (as for `record --date`)
    #[arg(long, value_parser = spec::played_date, value_name = "DATE")]
    pub date: Option<NaiveDate>,
    /// Put another player in someone's place, throughout the result: OLD=NEW (repeatable)
    #[arg(long, value_name = "OLD=NEW")]
    pub replace: Vec<String>,
    /// The players in seat order
    #[arg(long, value_name = "NAMES")]
    pub players: Option<Names>,
    /// The finishing order (finishing-order games)
    #[arg(long, value_name = "ORDER")]
    pub order: Option<FinishingOrder>,
    /// Replace one Rangeln round: N:SPEC, with a SPEC as for `record rangeln` (repeatable)
    #[arg(long = "round", value_name = "N:SPEC", value_parser = fix_round)]
    pub rounds: Vec<FixRound>,
    /// Hase und Igel: the finishers' carrots, e.g. Anna=8,Ben=15 (replaces all finishers)
    #[arg(long, value_name = "NAME=N,...")]
    pub carrots: Option<Pairs>,
    /// Hase und Igel: the round each finisher finished in, e.g. Anna=12,Ben=14
    #[arg(long, value_name = "NAME=N,...")]
    pub finish_round: Option<Pairs>,
    /// Mensch/Ghostbuster: the house rules in force, replacing the list (repeat, or
    /// separate with commas; none for none)
    #[arg(long = "house-rule", alias = "house-rules", value_name = "RULE")]
    pub house_rules: Vec<HouseRules>,
    /// Mensch/Ghostbuster: the teams of a partner game, replacing them (as for `record`)
    #[arg(long, value_name = "TEAMS")]
    pub teams: Option<Teams>,
    /// Mensch/Ghostbuster: how the colours were shared out
    #[arg(long, value_name = "MODE", value_enum)]
    pub colours: Option<ColourMode>,
    /// Lauf Rauf!: the rules played
    #[arg(long, value_name = "EDITION", value_enum)]
    pub edition: Option<Edition>,
    /// Lauf Rauf!: whether the cards were in play
    #[arg(long, value_name = "BOOL")]
    pub cards: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rule_lists_parse_by_core_slugs() {
        assert_eq!("none".parse::<HouseRules>().unwrap(), HouseRules(vec![]));
        assert_eq!(
            "barriers, three-rolls".parse::<HouseRules>().unwrap(),
            HouseRules(vec![HouseRule::Barriers, HouseRule::ThreeRolls])
        );
        assert!("barrier".parse::<HouseRules>().unwrap_err().contains("backward-capture"));
    }

    #[test]
    fn rounds_to_fix_are_numbered_from_one() {
        assert_eq!(fix_round("2:Anna=1,Ben=2").unwrap().round, 2);
        assert!(fix_round("0:Anna=1").is_err());
    }
}

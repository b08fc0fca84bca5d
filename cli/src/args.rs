//! The command line. Doc comments here are the `--help` texts.

use crate::input::spec::{self, RoundSource};
use crate::output::Format;
use crate::t;
use chrono::NaiveDate;
use clap::{Args, Parser, Subcommand};
use spielstand_core::Slug;
use spielstand_core::draw::DrawMethod;
use spielstand_core::finishing::{ColourMode, Edition, FinishingOrder, HouseRule};
use spielstand_core::{GameKind, PointsScheme, TieBreaker};
use spielstand_wire::AuditAction;
use std::str::FromStr;

pub const EXIT_CODES: &str = "\
Exit codes:
  0  ok
  1  rejected by the server: unknown player or league, a broken rule, a stale revision, no valid token
  2  usage or bad input, found before anything was sent (a bad board says its line and column)
  3  server unreachable; `record` kept the result in the outbox: run `spielstand sync` later
  4  server error (5xx) or busy; `record` kept the result in the outbox
  5  a local file (config, outbox) could not be read or written";

const ROUND_SPECS: &str = "\
Round SPECs (one --round per round, in the order played; seat 1 starts round 1):
  @FILE         the final board in spielstand's text format: 9 lines of 9 cells, row 9 first,
                '.' an empty cell, A..E the players in seats 1..5, spaces optional, lines
                starting with '#' ignored. @- reads the board from standard input.
                Or the round move by move, refereed (see `spielstand referee rangeln --help`).
  Anna=4,Ben=-3,Cleo=0
                the bare round scores, one per player.
  Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8
                ring counts: per player RING:COUNT joined by '/', rings +2 -2 +1 -1 black;
                rings without pieces may be left out.
Names are matched case-insensitively. Everything is checked before it is sent.

Without --round on a terminal, the rounds are asked for one by one, with each round's
scores and the running totals, and the game is sent after a confirmation. Every prompt
also takes undo (the last round), board, help and quit. What was typed is kept as a draft
after every round: --resume continues it after quit, the end of input or an interruption.";

/// Record board-game results and read league standings at the club table.
///
/// Talks to a spielstand server over HTTP. Reads need nothing; changes need a write
/// token (`spielstand login`). A result recorded while the server cannot be reached is
/// kept in a local outbox and sent by `spielstand sync`, exactly once.
#[derive(Debug, Parser)]
#[command(name = "spielstand", version, after_help = EXIT_CODES)]
pub struct Cli {
    /// Server URL [default: the one `spielstand login` saved, else http://127.0.0.1:8080]
    #[arg(long, global = true, env = "SPIELSTAND_SERVER", value_name = "URL", help_heading = "Server")]
    pub server: Option<String>,

    /// Write token [default: the one `spielstand login` saved]
    #[arg(
        long,
        global = true,
        env = "SPIELSTAND_TOKEN",
        hide_env_values = true,
        value_name = "TOKEN",
        help_heading = "Server"
    )]
    pub token: Option<String>,

    /// The language of messages and questions: de or en [default: the config file's
    /// `lang`, else the locale (LC_ALL, LC_MESSAGES, LANG), else en]
    #[arg(long, global = true, env = "SPIELSTAND_LANG", value_name = "de|en", value_parser = lang_of)]
    pub lang: Option<spielstand_text::Lang>,

    #[command(subcommand)]
    pub command: Command,
}

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

fn lang_of(text: &str) -> Result<spielstand_text::Lang, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "de" | "deutsch" | "german" => Ok(spielstand_text::Lang::De),
        "en" | "english" | "englisch" => Ok(spielstand_text::Lang::En),
        _ => Err(format!("{text:?}: de or en")),
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Save the server and write token in the config file (mode 0600), after checking them.
    ///
    /// Uses --server and --token (or SPIELSTAND_SERVER / SPIELSTAND_TOKEN); on a terminal
    /// without a token, asks for it without echoing. The file is
    /// $XDG_CONFIG_HOME/spielstand/config.toml (default ~/.config/spielstand/config.toml).
    Login,
    /// Players: add, list, rename, show.
    #[command(subcommand)]
    Player(PlayerCommand),
    /// Leagues: create, list, show.
    #[command(subcommand)]
    League(LeagueCommand),
    /// Record a played game in a league.
    #[command(subcommand)]
    Record(RecordCommand),
    /// A league's results, latest first.
    Results(ResultsArgs),
    /// One result: show, fix or delete it.
    #[command(name = "result", subcommand)]
    ResultCmd(ResultCommand),
    /// A league's table.
    Standings(StandingsArgs),
    /// Head-to-head: how every two players of a league fared against each other (a matrix),
    /// or two players' record when both are named.
    H2h(HeadToHeadArgs),
    /// Club nights: start one on this laptop or join one another laptop started (every
    /// `record` for its league belongs to it until `event leave`), list a league's nights,
    /// show one, close one.
    #[command(subcommand)]
    Event(EventCommand),
    /// Score a game offline, without a server.
    #[command(subcommand)]
    Score(ScoreCommand),
    /// Referee a game at the table move by move, then record it.
    #[command(subcommand)]
    Referee(RefereeCommand),
    /// Hase und Igel by post: games on the server (start, send orders, resolve, show), and
    /// any round resolved offline as the game master would.
    #[command(subcommand)]
    Postspiel(PostspielCommand),
    /// The outbox: list what waits and what the server refused, correct a refused result and
    /// send it again, or drop one.
    #[command(subcommand, after_help = EXIT_CODES)]
    Outbox(OutboxCommand),
    /// Send the results waiting in the outbox, oldest first.
    ///
    /// Each is sent with the Idempotency-Key it got when it was recorded and removed only
    /// once the server acknowledged it: running sync again after an interruption never
    /// counts a result twice. Results the server refuses are moved to outbox/rejected/.
    #[command(after_help = EXIT_CODES)]
    Sync(SyncArgs),
    /// Bring plays logged elsewhere into a league: a BG Stats export, BoardGameGeek plays, or
    /// a league exported from another spielstand server. Importing a file again adds nothing.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Write a whole league as one JSON document (to standard output): spielstand's own,
    /// or BG Stats' import format.
    Export(ExportArgs),
    /// The audit trail, latest first: who changed leagues, players, results, club nights and
    /// webhooks, and when (needs an admin token).
    Audit(AuditArgs),
    /// Print a shell completion script: spielstand completions bash > ~/.local/share/bash-completion/completions/spielstand
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
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

/// Games by slug, separated by commas, or `all`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Games(pub Vec<GameKind>);

impl FromStr for Games {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "all" {
            return Ok(Games(GameKind::ALL.to_vec()));
        }
        s.split(',')
            .map(|game| GameKind::parse_typed(game).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()
            .map(Games)
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

#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Add a player (any script; no ',' or '=', which separate players in results).
    Add {
        name: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// All players, by name.
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Rename a player; stored results and standings show the new name.
    Rename {
        old: String,
        new: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Merge a duplicate player into the one kept: every result, in every league, then
    /// counts for INTO, and the name FROM stands for INTO. Undo with `player unmerge FROM`.
    Merge {
        /// The player merged away (a duplicate)
        from: String,
        /// The player kept
        into: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Undo a merge: exactly the results the merge moved go back to NAME; results recorded
    /// since stay with the player kept.
    Unmerge {
        /// The player merged away
        name: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Pairs of players that are likely one person: names equal once accents are removed
    /// and umlauts spelled out ("Jörg", "Joerg"), one edit apart, or one the beginning of
    /// the other ("Ann", "Anna").
    Duplicates {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// A player, and where they stand in every league they played in; with --league,
    /// their statistics there (per game and overall, streaks, rating change).
    Show {
        name: String,
        /// Statistics in this league (its name or id)
        #[arg(long, short = 'l', value_name = "L")]
        league: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Subcommand)]
pub enum LeagueCommand {
    /// Create a league: the games it counts, its points scheme and season.
    Create(LeagueCreate),
    /// All leagues.
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Change a league's game options (how it plays a game all season) or its
    /// minimum games. Results already recorded keep the options they were played with.
    Edit(LeagueEdit),
    /// A league's rules.
    Show {
        /// The league: its name or id
        #[arg(value_name = "L")]
        league: String,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct LeagueCreate {
    pub name: String,
    /// Games counted, separated by commas, or all: rangeln, mensch-aergere-dich-nicht (or
    /// mensch), ghostbuster, lauf-rauf, hase-und-igel (or hase)
    #[arg(long, value_name = "SLUG,...")]
    pub games: Games,
    /// How places become points: players-beaten (one point per player placed below), or
    /// table:10,6,4,2,1 (points for place 1, 2, ...) [default: players-beaten]
    #[arg(long, value_name = "SCHEME")]
    pub points: Option<PointsScheme>,
    /// First day of the season (2026-09-01 or 1.9.2026) [default: open]
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub from: Option<NaiveDate>,
    /// Last day of the season (2027-03-31 or 31.3.2027) [default: open]
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub to: Option<NaiveDate>,
    /// Tie-breakers after points, in order, separated by commas [default: wins,average-place,head-to-head]
    #[arg(long, value_delimiter = ',', value_enum)]
    pub tie_breakers: Vec<TieBreaker>,
    /// Count Ghostbuster together with Mensch ärgere Dich nicht in per-game tables
    #[arg(long)]
    pub ghostbuster_with_mensch: bool,
    /// Games a player needs before being ranked; players with fewer are listed last, without a place
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub min_games: u32,
    /// How the league plays a game, so results need not say (repeat): lauf-rauf.edition=revised,
    /// lauf-rauf.cards=true, mensch-aergere-dich-nicht.house-rules=barriers+three-rolls,
    /// mensch-aergere-dich-nicht.colours=one-each, ghostbuster.house-rules=..., ghostbuster.colours=...
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// A fixed team for the team table (`standings --by team`), its players joined by '+'
    /// (repeat): --team "TSV 1=Anna+Ben"
    #[arg(long = "team", value_name = "NAME=PLAYERS")]
    pub teams: Vec<TeamArg>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `NAME=PLAYER+PLAYER`: a team of a team table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamArg(pub spielstand_core::TeamRoster);

impl FromStr for TeamArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, players) = s.split_once('=').ok_or_else(|| t!("args-team-syntax", typed = format!("{s:?}")))?;
        let players: Vec<String> = players.split('+').map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect();
        Ok(TeamArg(spielstand_core::TeamRoster { name: name.trim().to_owned(), players }))
    }
}

#[derive(Debug, Args)]
pub struct LeagueEdit {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Set a game option (repeat), as for `league create`
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// Clear every option of one game (its results then say how they were played)
    #[arg(long = "clear-options", value_name = "SLUG", value_enum)]
    pub clear: Vec<GameKind>,
    /// Games a player needs before being ranked
    #[arg(long, value_name = "N")]
    pub min_games: Option<u32>,
    /// Set a fixed team (repeat; a team of the same name is replaced), as for `league create`
    #[arg(long = "team", value_name = "NAME=PLAYERS")]
    pub teams: Vec<TeamArg>,
    /// Remove every fixed team (before any --team)
    #[arg(long)]
    pub clear_teams: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Create a club night and make it this laptop's current night: every `spielstand
    /// record` for its league is part of it (and on its date) until `spielstand event leave`.
    Start {
        /// What the night is called, e.g. "Clubabend November"
        title: String,
        /// The league: its name or id
        #[arg(long, short = 'l', value_name = "L")]
        league: String,
        /// The night's date: 2026-11-23, 23.11.2026, 23.11., today/heute or yesterday/gestern [default: today]
        #[arg(long, value_parser = spec::played_date, value_name = "DATE")]
        date: Option<NaiveDate>,
        /// Where it takes place
        #[arg(long, value_name = "TEXT")]
        location: Option<String>,
        /// Start a second night even if the league has an open one on that date (else the
        /// open one is offered to join, and without a terminal the start is refused)
        #[arg(long)]
        new: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Attach this laptop to a night that another laptop started: every `spielstand record`
    /// for its league then belongs to it, until `spielstand event leave`.
    Join {
        /// The night: its id, or its title in the league
        #[arg(value_name = "NIGHT")]
        night: String,
        /// The league: its name or id (needed when the night is given by its title)
        #[arg(long, short = 'l', value_name = "L")]
        league: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// This laptop's current night, as the server has it now.
    Current {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Close a night for good (admin token): the server then refuses its new games, on
    /// every laptop, and lists it as closed. This laptop leaves it too.
    Close {
        /// The night's id [default: this laptop's current night]
        #[arg(value_name = "ID")]
        id: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Leave this laptop's current night: later games recorded here belong to no night.
    /// The night stays open on the server for the other laptops (`event close` closes it).
    #[command(alias = "end")]
    Leave,
    /// A league's club nights, oldest first.
    List {
        /// The league: its name or id
        #[arg(value_name = "L")]
        league: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check players in to the night: the players its draws seat (a record token may).
    Checkin {
        /// The players arriving, by name
        #[arg(value_name = "NAME", required = true)]
        players: Vec<String>,
        /// The night's id [default: this laptop's current night]
        #[arg(long, value_name = "ID")]
        night: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check a player out of the night: later draws leave them out.
    Checkout {
        /// The player leaving, by name
        #[arg(value_name = "NAME")]
        player: String,
        /// The night's id [default: this laptop's current night]
        #[arg(long, value_name = "ID")]
        night: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Draw the night's next round: numbered tables of the players checked in, in seat
    /// order (seat 1 starts), with each player's chance to win the table.
    Draw(EventDraw),
    /// One club night: its winners, games, own table and how it moved the league table.
    Show {
        /// The night's id (see `spielstand event list`) [default: this laptop's current night]
        id: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct EventDraw {
    /// The game the round plays
    #[arg(long, value_name = "G", value_enum)]
    pub game: GameKind,
    /// random (a shuffle), balanced (tables of equal strength) or swiss (similar standing
    /// together, no pair twice in a night where it can be avoided)
    #[arg(long, value_name = "METHOD", value_enum, default_value = "random")]
    pub method: DrawMethod,
    /// A preferred table size [default: as few tables as possible, sizes differing by at most one]
    #[arg(long, value_name = "N")]
    pub size: Option<u32>,
    /// The seed: the same seed and players give the same tables [default: drawn by the server]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// A player who must sit at a table, e.g. Anna=1 (repeat for more)
    #[arg(long, value_name = "NAME=TABLE", value_parser = parse_pin)]
    pub pin: Vec<(String, u32)>,
    /// Two players who must not share a table, e.g. Anna,Ben (repeat for more)
    #[arg(long, value_name = "NAME,NAME", value_parser = parse_apart)]
    pub apart: Vec<(String, String)>,
    /// The night's id [default: this laptop's current night]
    #[arg(long, value_name = "ID")]
    pub night: Option<i64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn parse_pin(text: &str) -> Result<(String, u32), String> {
    let (name, table) = text.rsplit_once('=').ok_or("write a pin as NAME=TABLE, e.g. Anna=1")?;
    let table = table.trim().parse::<u32>().ok().filter(|t| *t > 0).ok_or("the table is a number from 1")?;
    Ok((name.trim().to_owned(), table))
}

fn parse_apart(text: &str) -> Result<(String, String), String> {
    match text.split(',').map(str::trim).collect::<Vec<_>>()[..] {
        [a, b] if !a.is_empty() && !b.is_empty() => Ok((a.to_owned(), b.to_owned())),
        _ => Err("write a pair as NAME,NAME, e.g. Anna,Ben".to_owned()),
    }
}

#[derive(Debug, Args)]
pub struct HeadToHeadArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Two players, to show only their record
    #[arg(value_name = "PLAYER", num_args = 0..=2)]
    pub players: Vec<String>,
    /// Only this game's results
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Record a Rangeln game, round by round.
    #[command(after_help = ROUND_SPECS)]
    Rangeln(RecordRangeln),
    /// Record a game of Mensch ärgere Dich nicht.
    #[command(visible_alias = "mensch")]
    MenschAergereDichNicht(RecordMensch),
    /// Record a game of Ghostbuster ärgere dich nicht (recorded like Mensch).
    Ghostbuster(RecordMensch),
    /// Record a game of Lauf Rauf!.
    LaufRauf(RecordLaufRauf),
    /// Record a game of Hase und Igel.
    #[command(visible_alias = "hase")]
    HaseUndIgel(RecordHase),
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

#[derive(Debug, Args)]
pub struct RecordRangeln {
    /// The league: its name or id [default with --table: the night's league]
    #[arg(long, short = 'l', value_name = "L", required_unless_present_any = ["resume", "discard", "table"])]
    pub league: Option<String>,
    /// Record the game of this table of the current round of the joined night: its
    /// players in seat order come from the draw
    #[arg(long, value_name = "N", conflicts_with_all = ["players", "resume", "discard"])]
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
    /// The players in seat order, separated by commas: seat 1 is piece A and starts round 1
    #[arg(long, value_name = "NAMES", required_unless_present_any = ["resume", "discard", "table"])]
    pub players: Option<Names>,
    /// One round's result: @FILE, Anna=4,Ben=-3,... or Anna=+2:1/-1:7,... (see below); once per round, in order
    #[arg(long = "round", value_name = "SPEC", value_parser = spec::parse_round)]
    pub rounds: Vec<RoundSource>,
    /// Send without asking after the rounds were entered interactively
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Continue the game typed earlier and kept as a draft (after `quit`, the end of input
    /// or an interruption)
    #[arg(long, conflicts_with_all = ["players", "rounds", "discard"])]
    pub resume: bool,
    /// Drop the game kept as a draft
    #[arg(long, conflicts_with_all = ["players", "rounds", "league", "date", "yes"])]
    pub discard: bool,
}

/// What the four finishing-order games take.
#[derive(Debug, Args)]
pub struct FinishingArgs {
    #[command(flatten)]
    pub target: RecordTarget,
    /// Places, best first: ',' separates places, '=' joins the players who share the last
    /// place, e.g. "Anna,Ben,Cleo=Dora"
    #[arg(long, value_name = "ORDER")]
    pub order: FinishingOrder,
    /// The players in seat order, separated by commas [default: as listed in --order]
    #[arg(long, value_name = "NAMES")]
    pub players: Option<Names>,
}

#[derive(Debug, Args)]
pub struct RecordMensch {
    #[command(flatten)]
    pub game: FinishingArgs,
    /// A house rule that was in force (repeat, or separate with commas) [default: the league's, else none]
    #[arg(long = "house-rule", value_name = "RULE", value_delimiter = ',', value_enum)]
    pub house_rules: Vec<HouseRule>,
    /// How the colours were shared out: two-each is for 2 players, neutral for 3 [default: the league's, else one-each]
    #[arg(long, value_name = "MODE", value_enum)]
    pub colours: Option<ColourMode>,
    /// A partner game's teams: ',' between teams, '+' between partners, e.g.
    /// "Anna+Cleo,Ben+Dora". --order then lists teams ("Ben+Dora,Anna+Cleo"; one member
    /// names the whole team, so "Ben,Anna" says the same), and the seats default to the
    /// partners opposite each other (Anna, Ben, Cleo, Dora)
    #[arg(long, value_name = "TEAMS")]
    pub teams: Option<Teams>,
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

#[derive(Debug, Args)]
pub struct RecordLaufRauf {
    #[command(flatten)]
    pub game: FinishingArgs,
    /// The rules played: published (three dice) or revised (two dice) [default: the league's game option]
    #[arg(long, value_name = "EDITION", value_enum)]
    pub edition: Option<Edition>,
    /// The cards were in play [default: the league's game option]
    #[arg(long, conflicts_with = "no_cards")]
    pub cards: bool,
    /// Played without the cards (the beginners' game)
    #[arg(long)]
    pub no_cards: bool,
}

#[derive(Debug, Args)]
pub struct RecordHase {
    #[command(flatten)]
    pub game: FinishingArgs,
    /// Carrots each hare had left when it crossed the finish, e.g. Anna=8,Ben=15;
    /// hares not listed did not finish and share the last place
    #[arg(long, value_name = "NAME=N,...", required = true)]
    pub carrots: Option<Pairs>,
    /// The round in which each finisher crossed the finish, e.g. Anna=30,Ben=31
    #[arg(long, value_name = "NAME=N,...")]
    pub finish_round: Option<Pairs>,
}

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// A BG Stats export: its .json file, or the zip that contains it.
    #[command(after_help = IMPORT_HELP)]
    Bgstats {
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        #[command(flatten)]
        args: ImportArgs,
    },
    /// BoardGameGeek plays as its XML API2 writes them (/xmlapi2/plays); one file per page.
    #[command(after_help = IMPORT_HELP)]
    Bgg {
        #[arg(value_name = "FILE", required = true)]
        files: Vec<std::path::PathBuf>,
        #[command(flatten)]
        args: ImportArgs,
    },
    /// A league exported with `spielstand export L`: recreated here with its rules, club
    /// nights, players and results.
    Spielstand {
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        /// The league to import into, made with the file's rules if it does not exist
        /// [default: the exported league's name]
        #[arg(long, value_name = "NAME")]
        league: Option<String>,
        /// Check everything and write nothing
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
}

const IMPORT_HELP: &str = "\
Games are matched by the names the apps use (German and English) and --game NAME=SLUG;
players by name (as the server compares names) and --player \"SOURCE NAME=PLAYER\".
Places come from the source's ranks, else from its winner flags (everyone else shares the
last place). Rangeln plays keep their totals (imported totals, no rounds); a Hase und Igel
finisher's score is its carrots left. Every play is checked by the game's rules; one that
breaks them is listed with its id and reason and not imported.
Exit codes: 0 everything imported or already there; 1 a play was refused; 2 bad input
(unknown players without --create-players: nothing is written).";

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The league to import into: its name or id
    #[arg(long, value_name = "L")]
    pub league: String,
    /// Map a game title (or bgg:ID) of the source to a game, e.g. "Hasenrennen=hase-und-igel" (repeat)
    #[arg(long = "game", value_name = "NAME=SLUG")]
    pub games: Vec<crate::import::titles::Mapping>,
    /// Map a player of the source to a player here, e.g. "Tom=Thomas Müller" (repeat)
    #[arg(long = "player", value_name = "SOURCE NAME=PLAYER", value_parser = player_mapping)]
    pub players: Vec<(String, String)>,
    /// Add the source's players who are not known here (otherwise they are listed and nothing is written)
    #[arg(long)]
    pub create_players: bool,
    /// A game option the source does not record, e.g. lauf-rauf.edition=revised (repeat) [default: the league's]
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// Check everything and write nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// "SOURCE NAME=PLAYER"
fn player_mapping(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((from, to)) if !from.trim().is_empty() && !to.trim().is_empty() => {
            Ok((from.trim().to_owned(), to.trim().to_owned()))
        }
        _ => Err(t!("args-player-mapping", typed = format!("{s:?}"))),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// spielstand's own document, for `spielstand import spielstand`
    Json,
    /// BG Stats' import format: the league's plays, for members' apps
    Bgstats,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// What to write
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub format: ExportFormat,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only changes in this league: its name or id
    #[arg(long, value_name = "L")]
    pub league: Option<String>,
    /// Only changes made with the token of this name
    #[arg(long, value_name = "TOKEN_NAME")]
    pub by: Option<String>,
    /// Only this kind of change, e.g. league_changed or player_renamed
    #[arg(long, value_name = "ACTION", value_parser = audit_action)]
    pub action: Option<AuditAction>,
    /// At most this many entries, latest first
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// An audit action by its slug; a wrong one is answered with the list.
fn audit_action(s: &str) -> Result<AuditAction, String> {
    s.parse().map_err(|_| {
        let all: Vec<&str> = AuditAction::all().iter().map(|a| a.slug()).collect();
        t!("args-not-an-action", typed = format!("{s:?}"), actions = all.join(", "))
    })
}

#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Only this game
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    /// Only results played on or after this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub from: Option<NaiveDate>,
    /// Only results played on or before this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub to: Option<NaiveDate>,
    /// Only the games of this club night (its id, as `spielstand event list` shows it)
    #[arg(long, value_name = "ID")]
    pub event: Option<i64>,
    /// At most this many results, latest first [default: all]
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum ResultCommand {
    /// A result: players, places, and a Rangeln game's rounds.
    Show {
        /// The result's id, as `spielstand results L` lists it
        id: i64,
        /// Also show every change made to it, and under which token
        #[arg(long)]
        history: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Correct a result. Only the parts given change; the server refuses the change if the
    /// result was changed meanwhile (If-Match).
    Fix(Box<FixArgs>),
    /// Delete a result (its history stays). Sends If-Match.
    Delete {
        /// The result's id, as `spielstand results L` lists it
        id: i64,
        /// The revision you expect it to be at [default: its current one]
        #[arg(long, value_name = "N")]
        revision: Option<i64>,
        /// Do not ask for confirmation on a terminal
        #[arg(long, short = 'y')]
        yes: bool,
    },
}

/// `N:SPEC` for `result fix --round`.
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

#[derive(Debug, Args)]
#[command(after_help = "Example: spielstand result fix 12 --round 2:Anna=4,Ben=-3,Cleo=0 --date 2026-11-20\n\
For anything else: spielstand result show 12 --format json, edit its \"record\", and pass it with --file.")]
pub struct FixArgs {
    /// The result's id, as `spielstand results L` lists it
    pub id: i64,
    /// Move the game into a club night of its league (its id or title), or out of any with
    /// "none"; the game must be on the night's date (give --date too to move it there)
    #[arg(long, value_name = "NIGHT|none")]
    pub event: Option<String>,
    #[command(flatten)]
    pub edits: RecordEdits,
    /// The whole corrected record as JSON (as in `result show --format json`'s "record"); - for stdin
    #[arg(long, value_name = "FILE", conflicts_with_all = ["date", "event", "replace", "players", "order", "rounds", "carrots", "finish_round", "house_rules", "teams", "colours", "edition", "cards"])]
    pub file: Option<String>,
    /// The revision you expect it to be at [default: its current one]
    #[arg(long, value_name = "N")]
    pub revision: Option<i64>,
    /// Check and show the corrected result, but send nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
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

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Only this game's results
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    /// The table as it stood at the end of this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub as_of: Option<NaiveDate>,
    /// What to rank: players, or the league's fixed teams (their members' points summed)
    #[arg(long, value_name = "WHAT", value_enum, default_value = "player")]
    pub by: By,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What a table ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    Player,
    Team,
}

const MOVES_TEXT: &str = "\
A round from a file (--round @FILE) is written move by move:
  Anna c3                   one line per placement, PLAYER CELL, in the order made
  Anna: c3-c4 d5-d6         then one line per turn, PLAYER: and the paths, each a piece's
                            start cell and every cell it steps to, joined by '-'
  Cleo:                     a turn that ended stuck before its first path
Lines starting with '#' are ignored. Round r is started by the player in seat r.

On a terminal, each round not given by a file is refereed live: every player places a
piece in turn (type a cell), then moves (type a path); an illegal placement or path is
refused with the reason and asked again; 'stuck' ends a turn when no piece can go on.
Every prompt also takes undo (the last placement, path or end of turn, back to the start
of the round), board, help (what is expected, and the allowance left) and quit. The game
is kept as a draft after every entry: --resume continues it after quit, the end of input
or an interruption, and a finished game waits there until it is recorded.";

#[derive(Debug, Subcommand)]
pub enum RefereeCommand {
    /// Referee Rangeln: placements and moves checked one by one as docs/rules.md decides, the
    /// board shown after every placement and step, each round scored on its final board.
    #[command(after_help = MOVES_TEXT)]
    Rangeln(RefereeRangeln),
}

#[derive(Debug, Args)]
pub struct RefereeRangeln {
    /// The players in seat order, separated by commas: seat 1 is piece A and starts round 1
    #[arg(long, value_name = "NAMES", required_unless_present_any = ["resume", "discard"])]
    pub players: Option<Names>,
    /// Record the game in this league at the end (its name or id); without it, nothing is sent
    #[arg(long, short = 'l', value_name = "L")]
    pub league: Option<String>,
    /// The day it was played: 2026-11-23, 23.11.2026, 23.11., today/heute or
    /// yesterday/gestern; never after tomorrow [default: today]
    #[arg(long, value_parser = spec::played_date, value_name = "DATE")]
    pub date: Option<NaiveDate>,
    /// Continue the game refereed earlier and kept as a draft (after `quit`, the end of
    /// input or an interruption)
    #[arg(long, conflicts_with_all = ["players", "rounds", "discard"])]
    pub resume: bool,
    /// Drop the game kept as a draft
    #[arg(long, conflicts_with_all = ["players", "rounds", "league", "date", "yes", "dry_run"])]
    pub discard: bool,
    /// A round already played, from a file in the text form below (repeat, round 1 first)
    #[arg(long = "round", value_name = "@FILE")]
    pub rounds: Vec<String>,
    /// Referee and show the game, but send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Send without asking at the end
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum PostspielCommand {
    /// Resolve one round of a postal Hase und Igel game (no server needed): the state after
    /// it is printed as JSON with the round's report (the report also in words on standard
    /// error). An order that breaks a rule exits 1 naming the rule, and nothing is resolved.
    #[command(after_help = POSTSPIEL_TEXT)]
    Resolve(PostspielResolve),
    /// Start a postal game on the server, as its game master (a record token of the
    /// league): every hare on the start, round 1 due at --deadline. Prints each hare's code,
    /// shown only now: give each player theirs.
    Create(PostspielCreate),
    /// Send a hare's order for the next round (and with --then, for the one after), until
    /// the round's deadline; a new order replaces the one sent before. A hare sends with its
    /// code (--code); the game master names the hare (--player).
    Send(PostspielSend),
    /// Resolve the game's next round now, as its game master, and print its report.
    Advance(PostspielAdvance),
    /// A postal game as it stands, or a resolved round's orders and report (--round).
    Show(PostspielShow),
}

const POSTSPIEL_TEXT: &str = "\
STATE (JSON; the output of the previous round is read as its state):
  {\"round\": 1, \"hares\": [{\"name\": \"Anna\", \"field\": 0, \"carrots\": 98, \"lettuces\": 3}, ...]}
  the default board and hare events unless \"board\" or \"events\" are given.
ORDERS (JSON, or the text form for mail; a hare without an order hops one field, NMR):
  {\"Anna\": {\"forward\": 3}, \"Ben\": {\"back\": true}, \"Cleo\": {\"stay\": \"eat\"}}
  Anna: vor 3 / Ben: zurück / Cleo: bleiben fressen / Dora: vor 3, nochmal vor 2
  Emil: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen
The grammar and every rule code: docs/rules.md, \"Hase und Igel as a postal game\".

Exit codes: 0 resolved; 1 an order breaks a rule; 2 a state or orders that cannot be read.";

#[derive(Debug, Args)]
pub struct PostspielResolve {
    /// The game before the round, as JSON (- for stdin)
    #[arg(long, value_name = "STATE.json")]
    pub state: String,
    /// The round's orders, as JSON or in the text form for mail (- for stdin)
    #[arg(long, value_name = "ORDERS.json")]
    pub orders: String,
}

#[derive(Debug, Args)]
pub struct PostspielCreate {
    /// What the game is called, e.g. "Herbstpost 2026"
    pub title: String,
    /// The league: its name or id
    #[arg(long, short = 'l', value_name = "L")]
    pub league: String,
    /// The hares: players of the server, two to six, in seat order
    #[arg(long, value_name = "NAMES")]
    pub players: Names,
    /// The last round played
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=200))]
    pub rounds: u32,
    /// Round 1's deadline: 2026-12-03T18:00:00Z, or a day and time of this machine's clock (03.12.2026 18:00)
    #[arg(long, value_parser = spec::moment, value_name = "WHEN")]
    pub deadline: chrono::DateTime<chrono::Utc>,
    /// Days from one round's deadline to the next
    #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub every: u32,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielSend {
    /// The postal game's id
    pub game: i64,
    /// The order, German or English: "vor 3", "zurück", "bleiben fressen", "wenn Möhren >= 30 dann vor 5 sonst vor 2"
    pub order: String,
    /// The order for the round after it
    #[arg(long, value_name = "ORDER")]
    pub then: Option<String>,
    /// The round the order is for [default: the game's next round]
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    /// The hare's code (instead of a token)
    #[arg(long, env = "SPIELSTAND_POSTAL_CODE", value_name = "CODE", hide_env_values = true)]
    pub code: Option<String>,
    /// The hare, when the game master sends its order
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielAdvance {
    /// The postal game's id
    pub game: i64,
    /// The round to resolve [default: the game's next round]
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielShow {
    /// The postal game's id
    pub game: i64,
    /// A resolved round's orders and report instead
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum ScoreCommand {
    /// Score Rangeln boards offline: each board's round scores and ring counts.
    ///
    /// Give one board per round and the players to get the whole game: totals and places.
    Rangeln(ScoreRangeln),
}

#[derive(Debug, Args)]
pub struct ScoreRangeln {
    /// A board in spielstand's text format (- for stdin); repeat for the rounds of a game
    #[arg(long, value_name = "FILE", required = true)]
    pub board: Vec<String>,
    /// The players in seat order (A, B, ...) [default: A, B, ... as on the board]
    #[arg(long, value_name = "NAMES")]
    pub players: Option<Names>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum OutboxCommand {
    /// Every result waiting to be sent, and every one the server refused with its reason.
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Correct a result the server refused and send it again (kept waiting if the server
    /// cannot be reached); checked here first, as `record` checks.
    Fix(Box<OutboxFix>),
    /// Drop a waiting or refused result for good.
    Drop {
        /// The entry, as `spielstand outbox list` shows it
        #[arg(value_name = "ID")]
        id: String,
    },
}

#[derive(Debug, Args)]
#[command(after_help = "Example: spielstand outbox fix 3f1c2a9e --replace Bne=Ben")]
pub struct OutboxFix {
    /// The entry, as `spielstand outbox list` shows it
    #[arg(value_name = "ID")]
    pub id: String,
    #[command(flatten)]
    pub edits: RecordEdits,
    /// Put the game into a club night of its league (its id or title), or out of any with "none"
    #[arg(long, value_name = "NIGHT|none")]
    pub event: Option<String>,
    /// Send it to this league instead (its name or id)
    #[arg(long, short = 'l', value_name = "L")]
    pub league: Option<String>,
    /// Check and show the corrected result, but send nothing and keep the entry as it is
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SyncArgs {
    /// Only list what is waiting; send nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

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
    fn fixed_names_parse() {
        let cli = Cli::try_parse_from([
            "spielstand",
            "record",
            "rangeln",
            "--league",
            "Winterliga",
            "--players",
            "Anna,Ben,Cleo",
            "--round",
            "Anna=4,Ben=-3,Cleo=0",
            "--round",
            "@-",
        ])
        .unwrap();
        let Command::Record(RecordCommand::Rangeln(r)) = cli.command else { panic!() };
        assert_eq!(r.players.unwrap().0, ["Anna", "Ben", "Cleo"]);
        assert_eq!(r.rounds.len(), 2);
        assert_eq!(fix_round("2:Anna=1,Ben=2").unwrap().round, 2);
        assert!(fix_round("0:Anna=1").is_err());
        assert_eq!("all".parse::<Games>().unwrap().0.len(), 5);
        assert!("rangeln,chess".parse::<Games>().is_err());
        let err = Cli::try_parse_from([
            "spielstand",
            "record",
            "lauf-rauf",
            "-l",
            "L",
            "--order",
            "A,B",
            "--cards",
            "--no-cards",
        ])
        .unwrap_err();
        assert_eq!(err.exit_code(), 2);
        // Edition and cards may be left to the league's game options.
        assert!(Cli::try_parse_from(["spielstand", "record", "lauf-rauf", "-l", "L", "--order", "A,B"]).is_ok());
    }
}

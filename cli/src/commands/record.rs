//! `spielstand record GAME`: build the record from the arguments (or, for Rangeln on a
//! terminal, from the rounds typed at the table) and record it (`recording`).

use super::Ctx;
use crate::args::{Names, OutputArgs, Pairs, RecordTarget, Teams};
use crate::draft::{Draft, DraftKind};
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::input::live_round::Played;
use crate::input::rounds::rangeln_rounds;
use crate::input::spec::{self, RoundSource};
use crate::input::{round_input, seats};
use crate::known::did_you_mean;
use crate::night;
use crate::output::board::colour_wanted;
use crate::partners::{opposite, team_order};
use crate::recording::{self, played_on};
use crate::t;
use chrono::NaiveDate;
use clap::{Args, Subcommand};
use spielstand_core::finishing::{
    ColourMode, Edition, FinishingOrder, HareFinish, HaseUndIgelResult, HouseRule, LaufRaufResult, MenschResult,
};
use spielstand_core::rangeln::RangelnResult;
use spielstand_core::same_name;
use spielstand_core::similar::closest;
use spielstand_core::{GameKind, GameRecord, Outcome};
use std::io::{Stderr, StdinLock};

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

pub fn run(ctx: &Ctx, command: RecordCommand) -> Result<()> {
    match command {
        RecordCommand::Rangeln(args) => rangeln(ctx, args),
        RecordCommand::MenschAergereDichNicht(mut args) => {
            at_table(ctx, &mut args.game, GameKind::MenschAergereDichNicht)?;
            let outcome = Outcome::MenschAergereDichNicht(mensch(&mut args)?);
            finishing(ctx, args.game, outcome)
        }
        RecordCommand::Ghostbuster(mut args) => {
            at_table(ctx, &mut args.game, GameKind::Ghostbuster)?;
            let outcome = Outcome::Ghostbuster(mensch(&mut args)?);
            finishing(ctx, args.game, outcome)
        }
        RecordCommand::LaufRauf(mut args) => {
            at_table(ctx, &mut args.game, GameKind::LaufRauf)?;
            let outcome = Outcome::LaufRauf(LaufRaufResult {
                order: args.game.order.clone(),
                edition: args.edition,
                cards: match (args.cards, args.no_cards) {
                    (true, _) => Some(true),
                    (_, true) => Some(false),
                    _ => None,
                },
            });
            finishing(ctx, args.game, outcome)
        }
        RecordCommand::HaseUndIgel(mut args) => {
            at_table(ctx, &mut args.game, GameKind::HaseUndIgel)?;
            let outcome = Outcome::HaseUndIgel(hase(&args)?);
            finishing(ctx, args.game, outcome)
        }
    }
}

/// With `--table N`: the players in seat order from table N of the joined night's current
/// round, the league from the night, and an order of seat numbers (`2,1,3=4`) read as the
/// players in those seats.
fn at_table(ctx: &Ctx, args: &mut FinishingArgs, game: GameKind) -> Result<()> {
    let Some(table) = args.target.table else { return Ok(()) };
    let (night, names) = night::seated(&ctx.client, table, game)?;
    args.target.league = Some(table_league(ctx, &night, args.target.league.take())?);
    let order = &mut args.order.0;
    if order.iter().flatten().all(|t| t.trim().parse::<usize>().is_ok()) {
        for token in order.iter_mut().flatten() {
            let seat: usize = token.trim().parse().expect("checked above");
            *token = names
                .get(seat.wrapping_sub(1))
                .ok_or_else(|| {
                    CliError::input(t!("record-no-such-seat", table = table, seats = names.len(), seat = seat))
                })?
                .clone();
        }
    }
    at_the_table(table, &names, order.iter().flatten())?;
    args.players = Some(Names(names));
    Ok(())
}

/// Every name of `order` that is not at table `table`, all in one answer, each with the
/// table's closest name, and the table's players.
fn at_the_table<'a>(table: u32, names: &[String], order: impl Iterator<Item = &'a String>) -> Result<()> {
    let strangers: Vec<String> = order
        .flat_map(|spec| spec.split('+'))
        .map(str::trim)
        .filter(|name| !names.iter().any(|n| same_name(n, name)))
        .map(|name| match did_you_mean(&closest(name, names.iter().map(String::as_str))) {
            Some(hint) => format!("{name} ({hint})"),
            None => name.to_owned(),
        })
        .collect();
    if strangers.is_empty() {
        return Ok(());
    }
    Err(CliError::input(t!("not-at-table", table = table, names = strangers.join(", "), players = names.join(", "))))
}

/// The league of a game at a table of `night`: the night's, or the one given if it is the
/// same.
fn table_league(ctx: &Ctx, night: &night::Night, given: Option<String>) -> Result<String> {
    match given {
        Some(league) if !night.covers(&ctx.client.server, &league) => Err(CliError::input(t!(
            "record-table-league",
            league = &league,
            title = &night.title,
            night_league = &night.league
        ))),
        _ => Ok(night.league.clone()),
    }
}

fn mensch(args: &mut RecordMensch) -> Result<MenschResult> {
    let teams = args.teams.as_ref().map(|t| t.0.clone());
    if let Some(teams) = &teams {
        args.game.order = team_order(&args.game.order, teams)?;
        if args.game.players.is_none() {
            args.game.players = Some(Names(opposite(teams)));
        }
    }
    Ok(MenschResult {
        order: args.game.order.clone(),
        teams,
        // Left out, the league's options apply (filled in here when the league is known,
        // and by the server in any case).
        house_rules: (!args.house_rules.is_empty()).then(|| args.house_rules.clone()),
        colours: args.colours,
    })
}

fn hase(args: &RecordHase) -> Result<HaseUndIgelResult> {
    let carrots = args.carrots.as_ref().map(|c| c.0.clone()).unwrap_or_default();
    let rounds = args.finish_round.as_ref().map(|r| r.0.clone()).unwrap_or_default();
    for (player, _) in &rounds {
        if !carrots.iter().any(|(p, _)| same_name(p, player)) {
            return Err(CliError::input(t!("record-finish-round", player = player)));
        }
    }
    let finishers = carrots
        .into_iter()
        .map(|(player, carrots)| {
            let round = rounds.iter().find(|(p, _)| same_name(p, &player)).map(|(_, r)| *r);
            HareFinish { player, carrots, lettuces: 0, round }
        })
        .collect();
    Ok(HaseUndIgelResult { order: args.game.order.clone(), finishers })
}

fn finishing(ctx: &Ctx, args: FinishingArgs, outcome: Outcome) -> Result<()> {
    let names: Vec<String> = match &args.players {
        Some(players) => players.0.clone(),
        None => args.order.0.iter().flatten().cloned().collect(),
    };
    let record = GameRecord { played_on: played_on(&args.target), players: seats(&names), outcome, event_id: None };
    recording::record(&ctx.client, &args.target, record, &[], None::<&mut Console<StdinLock, Stderr>>).map(drop)
}

fn rangeln(ctx: &Ctx, mut args: RecordRangeln) -> Result<()> {
    let kind = DraftKind::RecordRangeln;
    if let Some(table) = args.table {
        let (night, names) = night::seated(&ctx.client, table, GameKind::Rangeln)?;
        args.league = Some(table_league(ctx, &night, args.league.take())?);
        args.players = Some(Names(names));
    }
    if args.discard {
        return recording::discard(kind);
    }
    let target = |draft_league: Option<&String>, draft_date| -> Result<RecordTarget> {
        let league = args.league.clone().or_else(|| draft_league.cloned());
        Ok(RecordTarget {
            league: Some(league.ok_or_else(|| CliError::input(t!("record-no-league")))?),
            table: args.table,
            date: args.date.or(draft_date),
            dry_run: args.dry_run,
            output: args.output,
        })
    };
    if !args.resume && !args.rounds.is_empty() {
        // Every round on the command line: checked and sent, nothing asked.
        let players = args.players.clone().expect("clap: --players without --resume").0;
        let mut stdin_used = false;
        let (mut rounds, mut files) = (Vec::with_capacity(args.rounds.len()), Vec::new());
        for (i, source) in args.rounds.iter().enumerate() {
            files.push(match source {
                RoundSource::File(path) if path == "-" => Some(t!("record-standard-input")),
                RoundSource::File(path) => Some(path.clone()),
                RoundSource::Inline(_) => None,
            });
            rounds.push(round_input(source, &mut stdin_used).map_err(|e| {
                CliError::input_from(t!("record-round-error", round = i + 1, error = e.to_string()), e)
            })?);
        }
        let target = target(None, None)?;
        let record = GameRecord {
            played_on: played_on(&target),
            players: seats(&players),
            outcome: Outcome::Rangeln(RangelnResult { rounds, imported_totals: None }),
            event_id: None,
        };
        return recording::record(&ctx.client, &target, record, &files, None::<&mut Console<StdinLock, Stderr>>)
            .map(drop);
    }
    if !console::is_interactive() {
        return Err(CliError::input(match &args.players {
            Some(players) => t!("record-rounds-terminal-only", count = players.0.len()),
            None => t!("draft-terminal-only"),
        }));
    }
    let mut draft = recording::start_or_resume(kind, args.resume, || {
        let players = args.players.clone().expect("clap: --players without --resume").0;
        spielstand_core::rangeln::pieces_per_player(players.len())?;
        Ok(Draft::new(players, args.league.clone(), args.date))
    })?;
    let target = target(draft.league.as_ref(), draft.date)?;
    let players = draft.players.clone();
    let mut console = Console::stdio();
    let mut rounds = std::mem::take(&mut draft.rounds);
    let played = rangeln_rounds(&players, &mut rounds, &mut console, colour_wanted(), &mut |rounds| {
        draft.rounds = rounds.to_vec();
        draft.save(kind)
    })?;
    draft.rounds = rounds;
    match played {
        Played::Stopped(stop) => recording::stopped(kind, stop, &mut draft),
        Played::Done(()) => {
            let confirm = (!args.yes).then_some(&mut console);
            recording::finish_rangeln(&ctx.client, kind, draft, &target, confirm)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::{Cli, Command};
    use clap::Parser;

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

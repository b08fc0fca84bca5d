//! `spielstand referee rangeln`: core's referee at the table. Each round is played live
//! on the terminal (or read from a file in the moves text form): every placement and
//! path is checked by core as it is typed, an illegal one is refused with the reason and
//! asked again, the board is shown after every placement and step, and the round is
//! scored on its final board. The game is kept as a draft after every entry, and at the
//! end it is recorded like `record rangeln`.

use super::Ctx;
use crate::args::{Names, OutputArgs, RecordTarget};
use crate::draft::{Draft, DraftKind, LiveRound};
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::input::live_round::{self, Played};
use crate::input::read_input;
use crate::input::rounds::{running_totals, score};
use crate::input::spec;
use crate::output::board::{colour_wanted, render};
use crate::recording;
use crate::t;
use chrono::NaiveDate;
use clap::{Args, Subcommand};
use spielstand_core::rangeln::{Moves, PlayedRound, RoundInput, referee};
use std::io::{Stderr, StdinLock};

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

pub fn run(ctx: impl Fn() -> Result<Ctx>, command: RefereeCommand) -> Result<()> {
    match command {
        RefereeCommand::Rangeln(args) => rangeln(ctx, args),
    }
}

fn rangeln(ctx: impl Fn() -> Result<Ctx>, args: RefereeRangeln) -> Result<()> {
    let kind = DraftKind::RefereeRangeln;
    if args.discard {
        return recording::discard(kind);
    }
    let mut draft = if args.resume {
        if !console::is_interactive() {
            return Err(CliError::input(t!("draft-terminal-only")));
        }
        recording::start_or_resume(kind, true, || unreachable!("resuming"))?
    } else {
        new_game(&args)?
    };
    let players = draft.players.clone();
    let n = players.len();
    let live = draft.rounds.len() < n;
    if live && !args.resume {
        if !console::is_interactive() {
            return Err(CliError::input(t!("referee-live-terminal-only", first = draft.rounds.len() + 1, last = n)));
        }
        if let Some(kept) = Draft::load(kind)? {
            return Err(kept.in_the_way(kind));
        }
    }
    let colour = colour_wanted();
    // A resumed game is on a terminal: its last question is asked there too.
    let mut console = (live || args.resume).then(Console::stdio);
    let mut played: Vec<PlayedRound> =
        draft.rounds.iter().enumerate().map(|(i, r)| score(r, &players, i)).collect::<Result<_>>()?;
    if !played.is_empty() {
        for note in played.iter().flat_map(|p| &p.notes) {
            eprintln!("  {}", t!("input-note", note = crate::lang::note(note)));
        }
        eprint!("{}", running_totals(&players, &played).render());
    }
    if let Some(console) = console.as_mut() {
        for index in draft.rounds.len()..n {
            let mut round = draft.live.take().filter(|l| l.start == index).unwrap_or_else(|| LiveRound::new(index));
            let outcome = live_round::play(&players, &mut round, console, colour, &mut |round| {
                draft.live = Some(round.clone());
                draft.save(kind)
            })?;
            let moves = match outcome {
                Played::Done(moves) => moves,
                Played::Stopped(stop) => {
                    draft.live = Some(round);
                    return recording::stopped(kind, stop, &mut draft);
                }
            };
            let input = RoundInput::Moves(moves);
            let scored = score(&input, &players, index)?;
            for note in &scored.notes {
                console.say(&format!("  {}", t!("input-note", note = crate::lang::note(note))))?;
            }
            played.push(scored);
            console.show(&running_totals(&players, &played).render())?;
            draft.rounds.push(input);
            draft.live = None;
            draft.save(kind)?;
        }
    }
    let Some(league) = args.league.clone().or_else(|| draft.league.clone()) else {
        Draft::discard(kind)?;
        eprintln!("{}", t!("referee-no-league"));
        return Ok(());
    };
    let target = RecordTarget {
        league: Some(league),
        table: None,
        date: args.date.or(draft.date),
        dry_run: args.dry_run,
        output: args.output,
    };
    let client = ctx()?.client;
    let confirm = console.as_mut().filter(|_| !args.yes);
    if live || args.resume {
        recording::finish_rangeln(&client, kind, draft, &target, confirm)
    } else {
        // Every round from a file: nothing was typed, nothing is kept as a draft.
        let record = spielstand_core::GameRecord {
            played_on: recording::played_on(&target),
            players: crate::input::seats(&players),
            outcome: spielstand_core::Outcome::Rangeln(spielstand_core::rangeln::RangelnResult {
                rounds: draft.rounds,
                imported_totals: None,
            }),
            event_id: None,
        };
        recording::record(&client, &target, record, &[], None::<&mut Console<StdinLock, Stderr>>).map(drop)
    }
}

/// A new game from the arguments: the players, and the rounds given as files, each
/// refereed as written (shown with its final board).
fn new_game(args: &RefereeRangeln) -> Result<Draft> {
    let players = args.players.clone().expect("clap: --players without --resume").0;
    let n = players.len();
    spielstand_core::rangeln::pieces_per_player(n)?;
    for name in &players {
        spielstand_core::check_name(name)?;
    }
    if args.rounds.len() > n {
        return Err(CliError::input(t!("referee-too-many-rounds", players = n, count = args.rounds.len())));
    }
    let mut draft = Draft::new(players.clone(), args.league.clone(), args.date);
    let mut stdin_used = false;
    let colour = colour_wanted();
    for (index, file) in args.rounds.iter().enumerate() {
        let path = file.strip_prefix('@').ok_or_else(|| CliError::input(t!("referee-round-file", file = file)))?;
        let text = read_input(path, &mut stdin_used)?;
        let moves = text.parse::<Moves>().map_err(|e| {
            CliError::input(t!("referee-round-unreadable", round = index + 1, path = path, error = e.to_string()))
        })?;
        let refereed = referee(&moves, &players, index).map_err(|e| e.in_round(index as u32 + 1))?;
        eprintln!("{}", t!("referee-round-as-written", round = index + 1, player = &players[index]));
        eprint!("{}", render(&refereed.board, &players, colour));
        draft.rounds.push(RoundInput::Moves(moves));
    }
    Ok(draft)
}

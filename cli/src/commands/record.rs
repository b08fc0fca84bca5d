//! `spielstand record GAME`: build the record from the arguments (or, for Rangeln on a
//! terminal, from the rounds typed at the table) and record it (`recording`).

use super::Ctx;
use crate::args::{FinishingArgs, Names, RecordCommand, RecordHase, RecordMensch, RecordRangeln, RecordTarget};
use crate::draft::{Draft, DraftKind};
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::input::live_round::Played;
use crate::input::rounds::rangeln_rounds;
use crate::input::spec::RoundSource;
use crate::input::{round_input, seats};
use crate::known::did_you_mean;
use crate::night;
use crate::output::board::colour_wanted;
use crate::partners::{opposite, team_order};
use crate::recording::{self, played_on};
use crate::t;
use spielstand_core::finishing::{HareFinish, HaseUndIgelResult, LaufRaufResult, MenschResult};
use spielstand_core::rangeln::RangelnResult;
use spielstand_core::same_name;
use spielstand_core::similar::closest;
use spielstand_core::{GameKind, GameRecord, Outcome};
use std::io::{Stderr, StdinLock};

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
            rounds.push(
                round_input(source, &mut stdin_used)
                    .map_err(|e| CliError::input(t!("record-round-error", round = i + 1, error = e.to_string())))?,
            );
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

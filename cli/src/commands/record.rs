//! `spielstand record GAME`: build the record, check it with core, send it (or keep it
//! in the outbox when the server cannot take it).

use super::Ctx;
use crate::args::{FinishingArgs, RecordCommand, RecordHase, RecordMensch, RecordRangeln, RecordTarget};
use crate::error::{CliError, Result, exit};
use crate::input::spec::{RoundSource, seat_spelling};
use crate::input::{prompt, round_input, seats};
use crate::night::Night;
use crate::outbox::{Entry, Outbox};
use crate::output::emit;
use crate::output::result::view;
use chrono::{Local, Utc};
use spielstand_core::finishing::{HareFinish, HaseUndIgelResult, LaufRaufResult, MenschResult};
use spielstand_core::rangeln::RangelnResult;
use spielstand_core::same_name;
use spielstand_core::{Error as RuleError, Evaluation, GameRecord, Outcome};
use spielstand_wire::{League, StoredResult};
use std::path::Path;

pub fn run(ctx: &Ctx, command: RecordCommand) -> Result<()> {
    match command {
        RecordCommand::Rangeln(args) => rangeln(ctx, args),
        RecordCommand::MenschAergereDichNicht(args) => {
            let outcome = Outcome::MenschAergereDichNicht(mensch(&args));
            finishing(ctx, args.game, outcome)
        }
        RecordCommand::Ghostbuster(args) => {
            let outcome = Outcome::Ghostbuster(mensch(&args));
            finishing(ctx, args.game, outcome)
        }
        RecordCommand::LaufRauf(args) => {
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
        RecordCommand::HaseUndIgel(args) => {
            let outcome = Outcome::HaseUndIgel(hase(&args)?);
            finishing(ctx, args.game, outcome)
        }
    }
}

fn mensch(args: &RecordMensch) -> MenschResult {
    MenschResult {
        order: args.game.order.clone(),
        // Left out, the league's options apply (filled in here when the league is known,
        // and by the server in any case).
        house_rules: (!args.house_rules.is_empty()).then(|| args.house_rules.clone()),
        colours: args.colours,
    }
}

fn hase(args: &RecordHase) -> Result<HaseUndIgelResult> {
    let carrots = args.carrots.as_ref().map(|c| c.0.clone()).unwrap_or_default();
    let rounds = args.finish_round.as_ref().map(|r| r.0.clone()).unwrap_or_default();
    for (player, _) in &rounds {
        if !carrots.iter().any(|(p, _)| same_name(p, player)) {
            return Err(CliError::input(format!(
                "--finish-round {player}: only finishers have a finish round, and {player} has no --carrots entry"
            )));
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
    let record = at_night(ctx, &args.target, record)?;
    let (record, league) = league_options(ctx, &args.target, record)?;
    let (record, evaluation) = check(record, &[])?;
    send(ctx, &args.target, record, evaluation, league)
}

fn rangeln(ctx: &Ctx, args: RecordRangeln) -> Result<()> {
    let players = args.players.0.clone();
    let mut files: Vec<Option<String>> = Vec::new();
    let interactive = args.rounds.is_empty();
    let rounds = if interactive {
        if !prompt::is_interactive() {
            return Err(CliError::input(format!(
                "give one --round per round: {} players play {} rounds (see `spielstand record rangeln --help`); rounds are asked for only on a terminal",
                players.len(),
                players.len()
            )));
        }
        prompt::rangeln_rounds(&players, &mut std::io::stdin().lock(), &mut std::io::stderr())?
    } else {
        let mut stdin_used = false;
        let mut rounds = Vec::with_capacity(args.rounds.len());
        for (i, source) in args.rounds.iter().enumerate() {
            files.push(match source {
                RoundSource::File(path) if path == "-" => Some("standard input".to_owned()),
                RoundSource::File(path) => Some(path.clone()),
                RoundSource::Inline(_) => None,
            });
            rounds.push(
                round_input(source, &mut stdin_used).map_err(|e| CliError::input(format!("round {}: {e}", i + 1)))?,
            );
        }
        rounds
    };
    rangeln_game(ctx, &args.target, &players, rounds, &files, interactive && !args.yes)
}

/// Records a Rangeln game of `players` (seat order) from its rounds: checked in full,
/// shown and confirmed first when `confirm`, then sent (or kept in the outbox).
pub(crate) fn rangeln_game(
    ctx: &Ctx,
    target: &RecordTarget,
    players: &[String],
    rounds: Vec<spielstand_core::rangeln::RoundInput>,
    files: &[Option<String>],
    confirm: bool,
) -> Result<()> {
    let record = GameRecord {
        played_on: played_on(target),
        players: seats(players),
        outcome: Outcome::Rangeln(RangelnResult { rounds, imported_totals: None }),
        event_id: None,
    };
    let record = at_night(ctx, target, record)?;
    let (record, evaluation) = check(record, files)?;
    if confirm && !target.dry_run {
        let preview = preview(&record, &evaluation);
        let (lines, tables) = view(&preview);
        eprintln!("{}", lines[1..].join("\n"));
        for t in &tables {
            eprint!("{}", t.render());
        }
        if !prompt::confirm(&format!("Record this game in league {}?", target.league), true)? {
            eprintln!("Nothing sent.");
            return Ok(());
        }
    }
    send(ctx, target, record, evaluation, None)
}

fn played_on(target: &RecordTarget) -> chrono::NaiveDate {
    target.date.unwrap_or_else(|| Local::now().date_naive())
}

/// Puts a game into this laptop's current club night (`spielstand event start`) when it
/// is for the night's league: on the night's date, naming the night.
fn at_night(ctx: &Ctx, target: &RecordTarget, mut record: GameRecord) -> Result<GameRecord> {
    let Some(night) = Night::current()? else { return Ok(record) };
    if !night.covers(&ctx.client.server, &target.league) {
        return Ok(record);
    }
    if let Some(day) = target.date.filter(|day| *day != night.date) {
        return Err(CliError::input(format!(
            "--date {day}: the current club night \"{}\" is on {}, and its games are on its date; run `spielstand event end` first to record a game outside it",
            night.title, night.date
        )));
    }
    record.played_on = night.date;
    record.event_id = Some(night.event_id);
    Ok(record)
}

/// Gives the record the league's game options where it leaves them out (RULES.md "Game
/// options per league"), refusing one it contradicts, so that it can be checked in full
/// here. Offline, the server fills them in when the result is sent; a Lauf Rauf! result
/// must then state its edition and cards to be checked.
/// Returns the league too when it was looked up, so that sending does not look it up again.
fn league_options(ctx: &Ctx, target: &RecordTarget, mut record: GameRecord) -> Result<(GameRecord, Option<League>)> {
    let needs_league = match &record.outcome {
        Outcome::LaufRauf(r) => r.edition.is_none() || r.cards.is_none(),
        Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.house_rules.is_none() || r.colours.is_none(),
        _ => false,
    };
    if !needs_league {
        return Ok((record, None));
    }
    let league = match ctx.client.resolve_league(&target.league) {
        Ok((league, _)) => {
            league
                .rules
                .game_options
                .apply(&mut record.outcome)
                .map_err(|e| CliError::input(format!("league {}: {e}", league.name)))?;
            if let Outcome::LaufRauf(r) = &record.outcome {
                let flag = match (r.edition, r.cards) {
                    (None, _) => Some("--edition published|revised"),
                    (_, None) => Some("--cards or --no-cards"),
                    _ => None,
                };
                if let Some(flag) = flag {
                    return Err(CliError::input(format!(
                        "league {} sets no Lauf Rauf! options for this: give {flag} (or set them with `spielstand league edit {} --option lauf-rauf.edition=... --option lauf-rauf.cards=...`)",
                        league.name, league.name
                    )));
                }
            }
            Some(league)
        }
        Err(e) if e.is_transient() && matches!(record.outcome, Outcome::LaufRauf(_)) => {
            return Err(CliError::input(format!(
                "the league's game options are unknown while the server cannot be reached ({e}): give --edition and --cards or --no-cards"
            )));
        }
        Err(e) if e.is_transient() => None,
        Err(e) => return Err(e),
    };
    Ok((record, league))
}

/// Core's full check, before anything is sent. A board error names its file too.
fn check(mut record: GameRecord, files: &[Option<String>]) -> Result<(GameRecord, Evaluation)> {
    seat_spelling(&mut record);
    match record.evaluate() {
        Ok(evaluation) => Ok((record, evaluation)),
        Err(e) => {
            let file = match &e {
                RuleError::InRound { round, .. } => files.get(*round as usize - 1).cloned().flatten(),
                _ => None,
            };
            Err(CliError::Input(match file {
                Some(file) => format!("{e} (board from {file})"),
                None => e.to_string(),
            }))
        }
    }
}

/// The record as it would be stored, for showing before it is.
fn preview(record: &GameRecord, evaluation: &Evaluation) -> StoredResult {
    StoredResult {
        id: 0,
        league_id: 0,
        revision: 0,
        record: record.clone(),
        placings: evaluation.placings.clone(),
        rangeln: evaluation.rangeln.clone(),
        source: None,
        created_at: Utc::now(),
        updated_at: Utc::now(),
    }
}

/// Sends a checked record. The outbox entry is written first and removed once the
/// server has answered, so a result survives the server being down, a lost answer and
/// the CLI being killed; the Idempotency-Key makes sending it again harmless.
/// `known`: the league, if it was looked up already.
fn send(
    ctx: &Ctx,
    target: &RecordTarget,
    record: GameRecord,
    evaluation: Evaluation,
    known: Option<League>,
) -> Result<()> {
    let format = target.output.format;
    if target.dry_run {
        let (mut lines, tables) = view(&preview(&record, &evaluation));
        lines[0] = format!("{} on {} (not sent)", record.game().name(), record.played_on);
        emit(format, &serde_json::to_value(&record).unwrap_or_default(), &lines, &tables);
        eprintln!("Dry run: the result is valid; nothing was sent.");
        return Ok(());
    }
    let client = &ctx.client;
    let league = match known.map(Ok).unwrap_or_else(|| client.resolve_league(&target.league).map(|(l, _)| l)) {
        Ok(league) => Ok(league),
        Err(e) if e.is_transient() => Err(e),
        Err(e) => return Err(e),
    };
    if let Ok(league) = &league {
        // Core's league check: the game is counted and the day is in the season.
        league
            .rules
            .admits(record.game(), record.played_on)
            .map_err(|e| CliError::input(format!("league {}: {e}", league.name)))?;
    }
    let outbox = Outbox::open()?;
    // Only for a hint: an unreadable old entry must not stop a new result (sync reports it).
    let waiting = outbox.pending().map_or(0, |p| p.iter().filter(|p| p.entry.server == client.server).count());
    let entry = Entry::new(&client.server, &target.league, league.as_ref().ok().map(|l| l.id), record);
    let path = outbox.add(&entry)?;
    let league = match league {
        Ok(league) => league,
        Err(e) => return Err(queued(e, &path)),
    };
    match client.record_result(league.id, &entry.record, &entry.key) {
        Ok((stored, reply)) => {
            outbox.remove(&path)?;
            let (mut lines, tables) = view(&stored);
            let night = stored.record.event_id.map_or(String::new(), |id| format!(" at club night {id}"));
            lines.insert(0, format!("Recorded result {} in league {}{night}.", stored.id, league.name));
            emit(format, &reply.body, &lines, &tables);
            if waiting > 0 {
                eprintln!("note: {waiting} earlier result(s) still wait in the outbox: run `spielstand sync`");
            }
            Ok(())
        }
        Err(e) if e.is_transient() => Err(queued(e, &path)),
        Err(e) => {
            outbox.remove(&path)?;
            Err(e)
        }
    }
}

/// The error for a result kept in the outbox, saying so plainly.
fn queued(error: CliError, path: &Path) -> CliError {
    let code = match error.exit_code() {
        exit::UNREACHABLE => exit::UNREACHABLE,
        _ => exit::SERVER,
    };
    CliError::Queued {
        message: format!(
            "{error}.\nThe result is NOT recorded yet. It is kept in the outbox:\n  {}\nRun `spielstand sync` when the server is back: it is sent once, and counted once.",
            path.display()
        ),
        code,
    }
}

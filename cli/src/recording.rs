//! Recording a game, the step `record` and `referee` share: the record is put into this
//! laptop's club night, given the league's game options, its names and date checked, the
//! whole of it checked with core, shown and confirmed where asked, and sent, or kept in
//! the outbox when the server cannot take it.

use crate::args::RecordTarget;
use crate::client::Client;
use crate::draft::{Draft, DraftKind};
use crate::error::{CliError, Result, exit};
use crate::input::console::Console;
use crate::input::live_round::Stop;
use crate::input::seats;
use crate::input::spec::seat_spelling;
use crate::known;
use crate::night::Night;
use crate::outbox::{Entry, Outbox};
use crate::output::emit;
use crate::output::result::view;
use crate::t;
use chrono::{Local, Utc};
use spielstand_core::rangeln::RangelnResult;
use spielstand_core::{Error as RuleError, Evaluation, GameRecord, Outcome};
use spielstand_wire::calls;
use spielstand_wire::{League, StoredResult};
use std::io::{BufRead, Write};
use std::path::Path;

/// How recording ended, short of an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// Recorded (or, in a dry run, checked).
    Done,
    /// The organiser answered no at the confirmation.
    Declined,
    /// The input ended at the confirmation.
    InputEnded,
}

/// Records `record` in `target`'s league. `files` name the file each Rangeln round came
/// from, for errors; with a `confirm` console, the result is shown and confirmed first.
pub fn record(
    client: &Client,
    target: &RecordTarget,
    record: GameRecord,
    files: &[Option<String>],
    confirm: Option<&mut Console<impl BufRead, impl Write>>,
) -> Result<Sent> {
    let record = at_night(client, target, record)?;
    let Checked { record, evaluation, league, unchecked } = check_before_sending(client, target, record, files)?;
    if let Some(console) = confirm.filter(|_| !target.dry_run) {
        let preview = preview(&record, &evaluation);
        let (lines, tables) = view(&preview);
        console.say(&lines[1..].join("\n"))?;
        for t in &tables {
            console.show(&t.render())?;
        }
        match console.confirm(&t!("record-confirm", league = target.league()), true)? {
            Some(true) => {}
            Some(false) => return Ok(Sent::Declined),
            None => return Ok(Sent::InputEnded),
        }
    }
    if target.dry_run {
        let (mut lines, tables) = view(&preview(&record, &evaluation));
        lines[0] =
            t!("recording-dry-run-title", game = record.game().name(), date = crate::lang::date(record.played_on));
        emit(target.output.format, &serde_json::to_value(&record).unwrap_or_default(), &lines, &tables);
        eprintln!("{}", t!("dry-run-valid"));
        say_unchecked(&unchecked);
        return Ok(Sent::Done);
    }
    send(client, target, record, league)?;
    Ok(Sent::Done)
}

/// A new game for `kind`, or the one kept as its draft (`resume`): a draft waiting is not
/// replaced by a new game unasked.
pub fn start_or_resume(kind: DraftKind, resume: bool, new: impl FnOnce() -> Result<Draft>) -> Result<Draft> {
    let kept = Draft::load(kind)?;
    if resume {
        let draft =
            kept.ok_or_else(|| CliError::input(t!("recording-no-draft-to-resume", command = kind.command())))?;
        eprintln!("{}", t!("recording-resuming", draft = draft.describe()));
        return Ok(draft);
    }
    match kept {
        Some(draft) => Err(draft.in_the_way(kind)),
        None => new(),
    }
}

/// `--discard`: drops the draft of `kind`.
pub fn discard(kind: DraftKind) -> Result<()> {
    match Draft::load(kind)? {
        Some(draft) => {
            Draft::discard(kind)?;
            eprintln!("{}", t!("recording-dropped", draft = draft.describe()));
            Ok(())
        }
        None => Err(CliError::input(t!("recording-no-draft"))),
    }
}

/// Entering stopped before the game was complete: what was entered is kept as the draft
/// (nothing, when nothing was entered).
pub fn stopped(kind: DraftKind, stop: Stop, draft: &mut Draft) -> Result<()> {
    let entered = !draft.rounds.is_empty() || draft.live.as_ref().is_some_and(|l| !l.entries.is_empty());
    let kept = if entered {
        draft.save(kind)?;
        t!("draft-kept", command = kind.command())
    } else {
        Draft::discard(kind)?;
        t!("draft-nothing")
    };
    match stop {
        Stop::Quit => {
            eprintln!("{}", t!("stopped", kept = kept));
            Ok(())
        }
        Stop::EndOfInput => Err(CliError::Kept(t!("input-ended", kept = kept))),
    }
}

/// Records the finished Rangeln game of `draft` (kept first, so that no question can lose
/// it): asked first on `console` when given. The draft goes once the game is recorded or
/// waits in the outbox; it stays when the answer is no, the input ends, or the game is
/// refused.
pub fn finish_rangeln(
    client: &Client,
    kind: DraftKind,
    mut draft: Draft,
    target: &RecordTarget,
    console: Option<&mut Console<impl BufRead, impl Write>>,
) -> Result<()> {
    draft.save(kind)?;
    let game = GameRecord {
        played_on: played_on(target),
        players: seats(&draft.players),
        outcome: Outcome::Rangeln(RangelnResult { rounds: draft.rounds.clone(), imported_totals: None }),
        event_id: None,
    };
    let command = kind.command();
    match record(client, target, game, &[], console) {
        Ok(Sent::Done) => Draft::discard(kind).map(drop),
        Ok(Sent::Declined) => {
            eprintln!("{}", t!("recording-declined", command = command));
            Ok(())
        }
        Ok(Sent::InputEnded) => Err(CliError::Kept(t!("recording-input-ended", command = command))),
        Err(e @ CliError::Queued { .. }) => {
            // In the outbox: `sync` sends it.
            Draft::discard(kind)?;
            Err(e)
        }
        Err(e) => {
            eprintln!("{}", t!("recording-kept-on-error", command = command));
            Err(e)
        }
    }
}

pub fn played_on(target: &RecordTarget) -> chrono::NaiveDate {
    target.date.unwrap_or_else(|| Local::now().date_naive())
}

/// Puts a game into this laptop's current club night (`spielstand event start`) when it
/// is for the night's league: on the night's date, naming the night.
fn at_night(client: &Client, target: &RecordTarget, mut record: GameRecord) -> Result<GameRecord> {
    let Some(night) = Night::current()? else { return Ok(record) };
    if !night.covers(&client.server, target.league()) {
        return Ok(record);
    }
    if let Some(day) = target.date.filter(|day| *day != night.date) {
        return Err(CliError::input(t!(
            "recording-night-date",
            day = crate::lang::date(day),
            title = &night.title,
            date = crate::lang::date(night.date)
        )));
    }
    // Whether another laptop (or an admin) closed the night, the server says when the
    // result arrives (`send` words it as the night's): no read of the night first.
    record.played_on = night.date;
    record.event_id = Some(night.event_id);
    Ok(record)
}

/// A record checked before it is sent, and what could not be checked.
pub struct Checked {
    /// With the league's game options filled in where it left them out.
    pub record: GameRecord,
    pub evaluation: Evaluation,
    /// The league, if known (from the server, or as kept at the club night).
    league: Result<Known>,
    /// What the server will check that could not be checked here, said in a dry run.
    pub unchecked: Vec<String>,
}

/// Checks `record` for `target`'s league as the server will, with what is known here:
/// the players' names (the server's list, or as last seen), the date, the league's game
/// options, games and season (the server's league, or as kept at the club night), the
/// game's rules. What could not be checked for want of the server is listed, never
/// passed over in silence. `files` name the file each Rangeln round came from, for errors.
pub fn check_before_sending(
    client: &Client,
    target: &RecordTarget,
    record: GameRecord,
    files: &[Option<String>],
) -> Result<Checked> {
    let mut unchecked = Vec::new();
    let names: Vec<String> = record.players.iter().map(|p| p.player.clone()).collect();
    if !known::check_names(client, &names)? {
        unchecked.push(t!("recording-unchecked-names"));
    }
    spielstand_core::dates::check_played("--date", record.played_on, Local::now().date_naive())?;
    let (record, league) = league_options(client, target, record)?;
    let (record, evaluation) = check(record, files)?;
    match &league {
        Ok(Known { league, offline }) => {
            // Core's league check: the game is counted and the day is in the season.
            league.rules.admits(record.game(), record.played_on).map_err(|e| {
                CliError::input(t!("recording-league-rule", league = &league.name, error = crate::lang::rule(&e)))
            })?;
            if offline.is_some() {
                unchecked.push(t!("recording-unchecked-options", league = &league.name));
            }
        }
        Err(_) => unchecked.push(t!("recording-unchecked-league", league = target.league())),
    }
    if record.event_id.is_some() && !matches!(&league, Ok(Known { offline: None, .. })) {
        unchecked.push(t!("recording-unchecked-night-open"));
    }
    Ok(Checked { record, evaluation, league, unchecked })
}

/// Says in a dry run what only the server can check now.
pub fn say_unchecked(unchecked: &[String]) {
    if !unchecked.is_empty() {
        eprintln!("{}", t!("not-checked", what = unchecked.join("; ")));
    }
}

/// The league a result is for, and how it is known.
struct Known {
    league: League,
    /// Why it is the copy this laptop kept at its club night rather than the server's: the
    /// server cannot be reached, so the result goes straight to the outbox.
    offline: Option<CliError>,
}

/// The league of `target`: as this laptop keeps it (the server checks the result against
/// its own again, and a refusal drops the kept copy), else read from the server (and
/// kept), or, while the server cannot be reached, the league as this laptop last saw it;
/// `Ok(Err(e))` when neither (`e` says why). A dry run always reads the server's, to
/// check everything it can.
fn league_of(client: &Client, target: &RecordTarget) -> Result<Result<Known>> {
    if !target.dry_run
        && let Some(league) = known::league_seen(&client.server, target.league())
    {
        return Ok(Ok(Known { league, offline: None }));
    }
    match client.resolve_league(target.league()) {
        Ok((league, _)) => {
            known::remember_league(&client.server, &league);
            Ok(Ok(Known { league, offline: None }))
        }
        Err(e) if e.is_transient() => Ok(match known::league_seen(&client.server, target.league()) {
            Some(league) => Ok(Known { league, offline: Some(e) }),
            None => Err(e),
        }),
        Err(e) => Err(e),
    }
}

/// Gives the record the league's game options where it leaves them out (docs/rules.md "Game
/// options per league"), refusing one it contradicts, so that it can be checked in full
/// here. Offline, the options this laptop kept at its club night apply; without those,
/// the server fills them in when the result is sent, and a Lauf Rauf! result must then
/// state its edition and cards to be checked.
/// Returns the league too when it was looked up, so that sending does not look it up again.
fn league_options(
    client: &Client,
    target: &RecordTarget,
    mut record: GameRecord,
) -> Result<(GameRecord, Result<Known>)> {
    let known = league_of(client, target)?;
    match &known {
        Ok(Known { league, .. }) => {
            league.rules.game_options.apply(&mut record.outcome).map_err(|e| {
                CliError::input(t!("recording-league-rule", league = &league.name, error = crate::lang::rule(&e)))
            })?;
            if let Outcome::LaufRauf(r) = &record.outcome {
                let flag = match (r.edition, r.cards) {
                    (None, _) => Some("--edition published|revised".to_owned()),
                    (_, None) => Some(t!("recording-flag-cards")),
                    _ => None,
                };
                if let Some(flag) = flag {
                    return Err(CliError::input(t!("recording-lauf-rauf-options", league = &league.name, flag = flag)));
                }
            }
        }
        Err(e) => {
            if let Outcome::LaufRauf(r) = &record.outcome
                && (r.edition.is_none() || r.cards.is_none())
            {
                return Err(CliError::input(t!("recording-options-unknown", error = e.to_string())));
            }
        }
    }
    Ok((record, known))
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
            let message = crate::lang::rule(&e);
            Err(CliError::input(match file {
                Some(file) => t!("recording-board-from", message = message, file = file),
                None => message,
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
        status: Default::default(),
        review: None,
    }
}

/// Sends a checked record. The outbox entry is written first and removed once the
/// server has answered, so a result survives the server being down, a lost answer and
/// the CLI being killed; the Idempotency-Key makes sending it again harmless. Known
/// offline (the league as kept at the club night), it goes to the outbox at once.
fn send(client: &Client, target: &RecordTarget, record: GameRecord, known: Result<Known>) -> Result<()> {
    let format = target.output.format;
    let outbox = Outbox::open()?;
    // Only for a hint: an unreadable old entry must not stop a new result (sync reports it).
    let waiting = outbox.pending().map_or(0, |p| p.iter().filter(|p| p.entry.server == client.server).count());
    let entry = Entry::new(&client.server, target.league(), known.as_ref().ok().map(|k| k.league.id), record);
    let path = outbox.add(&entry)?;
    let league = match known {
        Ok(Known { offline: Some(e), .. }) | Err(e) => return Err(queued(e, &path)),
        Ok(Known { league, offline: None }) => league,
    };
    match client.send(calls::record_result(league.id, &entry.record, Some(&entry.key))) {
        Ok((stored, reply)) => {
            outbox.remove(&path)?;
            let (mut lines, tables) = view(&stored);
            lines.insert(
                0,
                match stored.record.event_id {
                    Some(night) => t!("recorded-at-night", id = stored.id, league = &league.name, night = night),
                    None => t!("recorded", id = stored.id, league = &league.name),
                },
            );
            emit(format, &reply.body, &lines, &tables);
            if waiting > 0 {
                eprintln!("{}", t!("outbox-waiting", count = waiting));
            }
            Ok(())
        }
        Err(e) if e.is_transient() => Err(queued(e, &path)),
        Err(e) => {
            outbox.remove(&path)?;
            // What was checked here against the kept players and league did not hold:
            // read them afresh next time.
            known::forget(&client.server, league.id);
            Err(night_refused(e, &entry.record))
        }
    }
}

/// The server's refusal of a closed night, in the words of the laptop's night (with what
/// to do); any other error as the server gave it.
fn night_refused(error: CliError, record: &GameRecord) -> CliError {
    let night = match (&error, Night::current()) {
        (CliError::Rejected(p), Ok(Some(night))) if record.event_id == Some(night.event_id) => match p.kind.as_str() {
            "/problems/event-closed" => Some(t!(
                "recording-night-closed",
                id = night.event_id,
                title = &night.title,
                date = crate::lang::date(night.date)
            )),
            _ => None,
        },
        _ => None,
    };
    night.map_or(error, CliError::input)
}

/// The error for a result kept in the outbox, saying so plainly.
fn queued(error: CliError, path: &Path) -> CliError {
    let code = match error.exit_code() {
        exit::UNREACHABLE => exit::UNREACHABLE,
        _ => exit::SERVER,
    };
    let message = format!("{error}.\n{}\n  {}\n{}", t!("queued-not-recorded"), path.display(), t!("queued-sync"));
    CliError::queued(message, code, error)
}

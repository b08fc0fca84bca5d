//! `spielstand outbox list|fix|drop`: what waits to be sent and what the server refused.
//! A refused result is corrected and sent again with one command, checked here first
//! exactly as `record` checks, so that a typo never has to be typed again in full.

use super::Ctx;
use crate::args::{OutputArgs, RecordEdits, RecordTarget};
use crate::edit;
use crate::error::{CliError, Result};
use crate::outbox::{Delivery, Entry, Outbox, Pending};
use crate::output::{Table, emit};
use crate::recording;
use crate::t;
use clap::{Args, Subcommand};
use serde_json::{Value, json};

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

pub fn run(ctx: impl FnOnce() -> Result<Ctx>, command: OutboxCommand) -> Result<()> {
    let outbox = Outbox::open()?;
    match command {
        OutboxCommand::List { output } => list(&outbox, output),
        OutboxCommand::Fix(args) => fix(&ctx()?, &outbox, *args),
        OutboxCommand::Drop { id } => {
            let (pending, _) = find(&outbox, &id)?;
            outbox.remove(&pending.path)?;
            eprintln!("{}", t!("outbox-dropped", id = pending.entry.short_id(), entry = pending.entry.describe()));
            Ok(())
        }
    }
}

/// Waiting entries, then refused ones; each with whether it was refused.
fn all(outbox: &Outbox) -> Result<Vec<(Pending, bool)>> {
    let waiting = outbox.pending()?.into_iter().map(|p| (p, false));
    Ok(waiting.chain(outbox.rejected()?.into_iter().map(|p| (p, true))).collect())
}

/// The entry whose id begins with `id` (the short id, or the whole key).
fn find(outbox: &Outbox, id: &str) -> Result<(Pending, bool)> {
    let id = id.trim();
    let mut found: Vec<(Pending, bool)> = all(outbox)?
        .into_iter()
        .filter(|(p, _)| !id.is_empty() && (p.entry.short_id().starts_with(id) || p.entry.key.starts_with(id)))
        .collect();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(CliError::input(t!("outbox-no-such-id", id = format!("{id:?}")))),
        n => Err(CliError::input(t!("outbox-ambiguous-id", count = n, id = format!("{id:?}")))),
    }
}

fn list(outbox: &Outbox, output: OutputArgs) -> Result<()> {
    let mut table = Table::new(&["ID", "State", "Game", "Played on", "League", "Players", "Server", "Refused because"])
        .when_empty(t!("outbox-empty"));
    let mut json = Vec::new();
    for (p, refused) in all(outbox)? {
        let e = &p.entry;
        let players: Vec<&str> = e.record.players.iter().map(|p| p.player.as_str()).collect();
        table.row(vec![
            e.short_id().to_owned(),
            if refused { t!("outbox-state-refused") } else { t!("outbox-state-waiting") },
            e.record.game().name().to_owned(),
            crate::lang::date(e.record.played_on),
            e.league.clone(),
            players.join(", "),
            e.server.clone(),
            e.rejected.clone().unwrap_or_default(),
        ]);
        json.push(json!({"id": e.short_id(), "refused": refused, "file": p.path.display().to_string(), "entry": e}));
    }
    emit(output.format, &Value::Array(json), &[], &[table]);
    Ok(())
}

fn fix(ctx: &Ctx, outbox: &Outbox, args: OutboxFix) -> Result<()> {
    let client = &ctx.client;
    let (old, _) = find(outbox, &args.id)?;
    if old.entry.server != client.server {
        return Err(CliError::input(t!("outbox-other-server", id = old.entry.short_id(), server = &old.entry.server)));
    }
    let mut entry = old.entry.clone();
    let what = t!("outbox-what", id = entry.short_id());
    if let Some(league) = &args.league {
        let (found, _) = client.resolve_league(league)?;
        (entry.league, entry.league_id) = (found.name, Some(found.id));
    }
    let changed = edit::apply(&mut entry.record, &args.edits, &what)?;
    if let Some(night) = &args.event {
        let league_id = match entry.league_id {
            Some(id) => id,
            None => client.resolve_league(&entry.league)?.0.id,
        };
        edit::move_to_night(client, league_id, &mut entry.record, night)?;
    }
    if !changed && args.event.is_none() && args.league.is_none() && !args.dry_run {
        return Err(CliError::input(t!("outbox-nothing-to-fix")));
    }
    // Checked as `record` checks: names (with suggestions), the date, the league's game
    // options, games and season, the rules; offline with what this laptop kept.
    let target = RecordTarget {
        league: Some(entry.league.clone()),
        table: None,
        date: None,
        dry_run: args.dry_run,
        output: args.output,
    };
    let checked = recording::check_before_sending(client, &target, entry.record, &[])?;
    entry.record = checked.record;
    if args.dry_run {
        emit(
            args.output.format,
            &json!(entry.record),
            &[t!("outbox-corrected-preview", what = &what, entry = entry.describe())],
            &[],
        );
        eprintln!("{}", t!("outbox-dry-run"));
        recording::say_unchecked(&checked.unchecked);
        return Ok(());
    }
    // The corrected result is a new request: a new key, so the server cannot take it for
    // the refused one; it keeps its id, so the command printed for it still finds it.
    let mut corrected = Entry::new(&entry.server, &entry.league, entry.league_id, entry.record);
    corrected.created_at = old.entry.created_at;
    corrected.id = Some(old.entry.short_id().to_owned());
    let path = outbox.add(&corrected)?;
    outbox.remove(&old.path)?;
    let mut pending = Pending { path, entry: corrected };
    match outbox.send(client, &mut pending) {
        Ok(Delivery::Sent { result_id, .. }) => {
            emit(
                args.output.format,
                &json!({"result_id": result_id}),
                &[t!("outbox-recorded", id = result_id, entry = pending.entry.describe())],
                &[],
            );
            Ok(())
        }
        Ok(Delivery::Refused { reason, .. }) => {
            Err(CliError::Refused(t!("outbox-refused-again", reason = reason, id = pending.entry.short_id())))
        }
        Err(e) if e.is_transient() => {
            let message = format!("{e}.\n{}", t!("outbox-corrected-waits", id = pending.entry.short_id()));
            let code = e.exit_code();
            Err(CliError::queued(message, code, e))
        }
        Err(e) => Err(e),
    }
}

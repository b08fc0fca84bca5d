//! `spielstand sync`: send the outbox, oldest first, each result exactly once.

use super::Ctx;
use crate::args::OutputArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::outbox::{Delivery, Entry, Outbox, Pending};
use crate::output::{Table, emit};
use crate::t;
use clap::Args;
use serde_json::{Value, json};

#[derive(Debug, Args)]
pub struct SyncArgs {
    /// Only list what is waiting; send nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What happened to one entry.
struct Report {
    entry: Entry,
    file: String,
    outcome: &'static str,
    result_id: Option<i64>,
    detail: String,
}

pub fn run(ctx: &Ctx, args: SyncArgs) -> Result<()> {
    let client = &ctx.client;
    let outbox = Outbox::open()?;
    let (mine, others): (Vec<Pending>, Vec<Pending>) =
        outbox.pending()?.into_iter().partition(|p| p.entry.server == client.server);
    if !others.is_empty() {
        let mut servers: Vec<&str> = others.iter().map(|p| p.entry.server.as_str()).collect();
        servers.dedup();
        eprintln!("{}", t!("sync-other-servers", count = others.len(), servers = servers.join(", ")));
    }
    if args.dry_run {
        let mut table =
            Table::new(&["Recorded", "Game", "Played on", "League", "Players", "Server", "Idempotency-Key"])
                .when_empty(t!("sync-outbox-empty"));
        let mut json = Vec::new();
        for p in mine.iter().chain(&others) {
            let e = &p.entry;
            let players: Vec<&str> = e.record.players.iter().map(|p| p.player.as_str()).collect();
            table.row(vec![
                crate::lang::date_time(e.created_at.with_timezone(&chrono::Local)),
                e.record.game().name().to_owned(),
                crate::lang::date(e.record.played_on),
                e.league.clone(),
                players.join(", "),
                e.server.clone(),
                e.key.clone(),
            ]);
            json.push(json!({ "file": p.path.display().to_string(), "entry": e }));
        }
        emit(args.output.format, &Value::Array(json), &[], &[table]);
        return Ok(());
    }
    if mine.is_empty() {
        eprintln!("{}", t!("sync-nothing", server = &client.server));
        return Ok(());
    }
    let total = mine.len();
    let mut reports: Vec<Report> = Vec::new();
    let mut stopped: Option<CliError> = None;
    for mut pending in mine {
        match send_one(client, &outbox, &mut pending) {
            Ok(report) => reports.push(report),
            Err(e) => {
                stopped = Some(e);
                break;
            }
        }
    }
    let sent = reports.iter().filter(|r| r.outcome != "refused").count();
    let refused = reports.len() - sent;
    let mut table = Table::new(&["Outcome", "Result", "Game", "Played on", "League", "Detail"]).numeric([1]);
    for r in &reports {
        table.row(vec![
            outcome_text(r.outcome),
            r.result_id.map_or(String::new(), |id| id.to_string()),
            r.entry.record.game().name().to_owned(),
            crate::lang::date(r.entry.record.played_on),
            r.entry.league.clone(),
            r.detail.clone(),
        ]);
    }
    let json: Vec<Value> = reports
        .iter()
        .map(|r| {
            json!({
                "file": r.file, "key": r.entry.key, "outcome": r.outcome,
                "result_id": r.result_id, "detail": r.detail,
            })
        })
        .collect();
    if !reports.is_empty() {
        emit(args.output.format, &Value::Array(json), &[], &[table]);
    }
    let waiting = total - reports.len();
    if let Some(e) = stopped {
        let message = format!(
            "{e}.\n{}",
            t!("sync-stopped", sent = sent, total = total, waiting = waiting, dir = outbox.dir().display().to_string())
        );
        let code = e.exit_code();
        return Err(CliError::queued(message, code, e));
    }
    eprintln!("{}", t!("sync-sent", sent = sent, total = total));
    if refused > 0 {
        return Err(CliError::Refused(t!(
            "sync-refused",
            count = refused,
            dir = outbox.rejected_dir().display().to_string()
        )));
    }
    Ok(())
}

/// An outcome (`sent`, `already recorded`, `refused`: the JSON's words) as the table says it.
fn outcome_text(outcome: &str) -> String {
    match outcome {
        "sent" => t!("sync-outcome-sent"),
        "already recorded" => t!("sync-outcome-already-recorded"),
        "refused" => t!("sync-outcome-refused"),
        other => other.to_owned(),
    }
}

/// Sends one entry (`Outbox::send`), for the report.
fn send_one(client: &Client, outbox: &Outbox, pending: &mut Pending) -> Result<Report> {
    let file = pending.path.display().to_string();
    let entry = pending.entry.clone();
    Ok(match outbox.send(client, pending)? {
        Delivery::Sent { result_id, replayed: true } => {
            Report { entry, file, outcome: "already recorded", result_id: Some(result_id), detail: t!("sync-replayed") }
        }
        Delivery::Sent { result_id, replayed: false } => {
            Report { entry, file, outcome: "sent", result_id: Some(result_id), detail: String::new() }
        }
        Delivery::Refused { reason, file } => {
            Report { entry, file: file.display().to_string(), outcome: "refused", result_id: None, detail: reason }
        }
    })
}

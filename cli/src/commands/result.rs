//! `spielstand result show|delete ID`: one result with its history, and its deletion.
//! (`result fix` is in `fix.rs`.)

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::output::result::view;
use crate::output::{Table, emit, placings};
use serde_json::{Value, json};
use spielstand_core::Slug;

/// `result show ID [--history]`.
pub fn show(ctx: &Ctx, id: i64, history: bool, output: OutputArgs) -> Result<()> {
    let client = &ctx.client;
    let fetched = client.result(id);
    let (lines, mut tables, mut json) = match fetched {
        Ok((stored, reply)) => {
            let (lines, tables) = view(&stored);
            (lines, tables, reply.body)
        }
        // A deleted result still has its history.
        Err(CliError::Rejected(p)) if history && p.status == 404 => {
            (vec![format!("Result {id}: {}", p.detail)], Vec::new(), Value::Null)
        }
        Err(e) => return Err(e),
    };
    if history {
        let (entries, reply) = client.result_history(id)?;
        let mut table =
            Table::new(&["Revision", "Action", "At", "Token", "Places after"]).numeric([0]).title("History");
        for e in &entries {
            let after = e.after.as_ref().and_then(|r| r.evaluate().ok()).map(|ev| placings(&ev.placings));
            table.row(vec![
                e.revision.to_string(),
                e.action.slug().to_owned(),
                e.at.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
                e.token_name.clone().unwrap_or_else(|| "–".to_owned()),
                after.unwrap_or_default(),
            ]);
        }
        tables.push(table);
        json = json!({ "result": json, "history": reply.body });
    }
    emit(output.format, &json, &lines, &tables);
    Ok(())
}

/// `result delete ID [--revision N] [--yes]`.
pub fn delete(ctx: &Ctx, id: i64, revision: Option<i64>, yes: bool) -> Result<()> {
    let client = &ctx.client;
    let (stored, reply) = client.result(id)?;
    let what = format!(
        "result {id} ({} on {}: {})",
        stored.record.game().name(),
        stored.record.played_on,
        placings(&stored.placings)
    );
    if !yes && console::is_interactive() {
        match Console::stdio().confirm(&format!("Delete {what}?"), false)? {
            Some(true) => {}
            Some(false) => {
                eprintln!("Nothing deleted.");
                return Ok(());
            }
            None => return Err(CliError::input("the input ended before the answer; nothing deleted")),
        }
    }
    let if_match = reply.if_match(revision, stored.revision);
    client.delete_result(id, &if_match)?;
    eprintln!("Deleted {what}. Its history stays: spielstand result show {id} --history");
    Ok(())
}

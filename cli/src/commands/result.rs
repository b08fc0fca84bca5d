//! `spielstand result show|delete ID`: one result with its history, and its deletion.
//! (`result fix` is in `fix.rs`.)

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::output::result::view;
use crate::output::{Table, emit, placings};
use crate::t;
use serde_json::{Value, json};
use spielstand_core::Slug;
use spielstand_wire::calls;

/// `result show ID [--history]`.
pub fn show(ctx: &Ctx, id: i64, history: bool, output: OutputArgs) -> Result<()> {
    let client = &ctx.client;
    let fetched = client.send(calls::get_result(id));
    let (lines, mut tables, mut json) = match fetched {
        Ok((stored, reply)) => {
            let (lines, tables) = view(&stored);
            (lines, tables, reply.body)
        }
        // A deleted result still has its history.
        Err(CliError::Rejected(p)) if history && p.status == 404 => {
            (vec![t!("result-gone", id = id, detail = &p.detail)], Vec::new(), Value::Null)
        }
        Err(e) => return Err(e),
    };
    if history {
        let (entries, reply) = client.send(calls::result_history(id))?;
        let mut table = Table::new(&["Revision", "Action", "At", "Token", "Places after"])
            .numeric([0])
            .title(t!("result-history-title"));
        for e in &entries {
            let after = e.after.as_ref().and_then(|r| r.evaluate().ok()).map(|ev| placings(&ev.placings));
            table.row(vec![
                e.revision.to_string(),
                action_text(e.action.slug()),
                crate::lang::date_time(e.at.with_timezone(&chrono::Local)),
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
    let (stored, reply) = client.send(calls::get_result(id))?;
    let what = t!(
        "result-what",
        id = id,
        game = stored.record.game().name(),
        date = crate::lang::date(stored.record.played_on),
        places = placings(&stored.placings)
    );
    if !yes && console::is_interactive() {
        match Console::stdio().confirm(&t!("result-delete-confirm", what = &what), false)? {
            Some(true) => {}
            Some(false) => {
                eprintln!("{}", t!("result-nothing-deleted"));
                return Ok(());
            }
            None => return Err(CliError::input(t!("result-delete-input-ended"))),
        }
    }
    let if_match = reply.if_match(revision, stored.revision);
    client.send_untyped(calls::delete_result(id, &if_match))?;
    eprintln!("{}", t!("result-deleted", what = &what, id = id));
    Ok(())
}

/// A change of the history (`recorded`, `corrected`, ...: the JSON's words) as the table says it.
fn action_text(action: &str) -> String {
    match action {
        "recorded" => t!("result-action-recorded"),
        "corrected" => t!("result-action-corrected"),
        "deleted" => t!("result-action-deleted"),
        "confirmed" => t!("result-action-confirmed"),
        "rejected" => t!("result-action-rejected"),
        other => other.to_owned(),
    }
}

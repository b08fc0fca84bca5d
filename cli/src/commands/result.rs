//! `spielstand result show|fix|delete ID`: one result, its correction and its history.

use super::Ctx;
use crate::args::{FixArgs, HouseRules, ResultCommand};
use crate::client::{Client, Reply};
use crate::error::{CliError, Result};
use crate::input::spec::seat_spelling;
use crate::input::{prompt, read_input, round_input, seats};
use crate::output::result::view;
use crate::output::{Table, emit, placings};
use serde_json::{Value, json};
use spielstand_core::finishing::HareFinish;
use spielstand_core::{GameRecord, Outcome, Slug, same_name};
use spielstand_wire::StoredResult;

pub fn run(ctx: &Ctx, command: ResultCommand) -> Result<()> {
    let client = &ctx.client;
    match command {
        ResultCommand::Show { id, history, output } => {
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
                        e.token_name.clone(),
                        after.unwrap_or_default(),
                    ]);
                }
                tables.push(table);
                json = json!({ "result": json, "history": reply.body });
            }
            emit(output.format, &json, &lines, &tables);
        }
        ResultCommand::Fix(args) => fix(client, args)?,
        ResultCommand::Delete { id, revision, yes } => {
            let (stored, reply) = client.result(id)?;
            let what = format!(
                "result {id} ({} on {}: {})",
                stored.record.game().name(),
                stored.record.played_on,
                placings(&stored.placings)
            );
            if !yes && prompt::is_interactive() && !prompt::confirm(&format!("Delete {what}?"), false)? {
                eprintln!("Nothing deleted.");
                return Ok(());
            }
            let if_match = if_match(revision, &reply, &stored);
            client.delete_result(id, &if_match)?;
            eprintln!("Deleted {what}. Its history stays: spielstand result show {id} --history");
        }
    }
    Ok(())
}

fn fix(client: &Client, args: FixArgs) -> Result<()> {
    let id = args.id;
    let (stored, reply) = client.result(id)?;
    let if_match = if_match(args.revision, &reply, &stored);
    let record = match &args.file {
        Some(path) => {
            let text = read_input(path, &mut false)?;
            serde_json::from_str::<GameRecord>(&text)
                .map_err(|e| CliError::input(format!("{path} is not a result record: {e}")))?
        }
        None => corrected(&stored.record, &args)?,
    };
    let mut record = record;
    seat_spelling(&mut record);
    let evaluation = record.evaluate()?;
    if args.dry_run {
        let preview = StoredResult { record, placings: evaluation.placings, rangeln: evaluation.rangeln, ..stored };
        let (lines, tables) = view(&preview);
        emit(args.output.format, &serde_json::to_value(&preview.record).unwrap_or(Value::Null), &lines, &tables);
        eprintln!("Dry run: nothing sent.");
        return Ok(());
    }
    let (fixed, reply) = client.correct_result(id, &if_match, &record)?;
    let (mut lines, tables) = view(&fixed);
    lines.insert(0, format!("Corrected result {id}: now at revision {}.", fixed.revision));
    emit(args.output.format, &reply.body, &lines, &tables);
    Ok(())
}

/// The `If-Match` value: the revision asked for, else the ETag the result was read with.
fn if_match(revision: Option<i64>, reply: &Reply, stored: &StoredResult) -> String {
    match (revision, &reply.etag) {
        (Some(revision), _) => format!("\"{revision}\""),
        (None, Some(etag)) => etag.clone(),
        (None, None) => format!("\"{}\"", stored.revision),
    }
}

/// The stored record with the changes the flags ask for.
fn corrected(stored: &GameRecord, args: &FixArgs) -> Result<GameRecord> {
    let mut record = stored.clone();
    let game = record.game();
    let not_for = |flag: &str| CliError::input(format!("{flag} does not apply: result {} is {}", args.id, game.slug()));
    let mut changed = false;
    if let Some(date) = args.date {
        record.played_on = date;
        changed = true;
    }
    for pair in &args.replace {
        let (old, new) = pair
            .split_once('=')
            .map(|(o, n)| (o.trim().to_owned(), n.trim().to_owned()))
            .filter(|(o, n)| !o.is_empty() && !n.is_empty())
            .ok_or_else(|| CliError::input(format!("--replace {pair:?}: write OLD=NEW, e.g. Ben=Dora")))?;
        if !record.players.iter().any(|p| same_name(&p.player, &old)) {
            return Err(CliError::input(format!(
                "--replace {pair:?}: nobody of that name played in result {}",
                args.id
            )));
        }
        record.map_player_names(|n| if same_name(n, &old) { new.clone() } else { n.to_owned() });
        changed = true;
    }
    if let Some(players) = &args.players {
        record.players = seats(&players.0);
        changed = true;
    }
    if let Some(order) = &args.order {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.order = order.clone(),
            Outcome::LaufRauf(r) => r.order = order.clone(),
            Outcome::HaseUndIgel(r) => r.order = order.clone(),
            Outcome::Rangeln(_) => return Err(not_for("--order")),
        }
        changed = true;
    }
    if !args.rounds.is_empty() {
        let Outcome::Rangeln(r) = &mut record.outcome else { return Err(not_for("--round")) };
        let mut stdin_used = false;
        for fix in &args.rounds {
            let count = r.rounds.len();
            let slot = r.rounds.get_mut(fix.round - 1).ok_or_else(|| {
                CliError::input(format!("--round {}: result {} has {count} rounds", fix.round, args.id))
            })?;
            *slot = round_input(&fix.source, &mut stdin_used)?;
        }
        changed = true;
    }
    if let Some(carrots) = &args.carrots {
        let Outcome::HaseUndIgel(r) = &mut record.outcome else { return Err(not_for("--carrots")) };
        r.finishers = carrots
            .0
            .iter()
            .map(|(player, carrots)| {
                let old = r.finishers.iter().find(|f| same_name(&f.player, player));
                HareFinish { player: player.clone(), carrots: *carrots, lettuces: 0, round: old.and_then(|f| f.round) }
            })
            .collect();
        changed = true;
    }
    if let Some(HouseRules(rules)) = args.house_rules.clone() {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.house_rules = rules,
            _ => return Err(not_for("--house-rules")),
        }
        changed = true;
    }
    if let Some(colours) = args.colours {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.colours = colours,
            _ => return Err(not_for("--colours")),
        }
        changed = true;
    }
    if args.edition.is_some() || args.cards.is_some() {
        let Outcome::LaufRauf(r) = &mut record.outcome else {
            return Err(not_for(if args.edition.is_some() { "--edition" } else { "--cards" }));
        };
        if let Some(edition) = args.edition {
            r.edition = edition;
        }
        if let Some(cards) = args.cards {
            r.cards = cards;
        }
        changed = true;
    }
    if !changed {
        return Err(CliError::input(
            "nothing to fix: give what changes (--date, --replace, --players, --order, --round, ...) or --file",
        ));
    }
    Ok(record)
}

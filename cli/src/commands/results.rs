//! `spielstand results L` and `spielstand result show|fix|delete ID`.

use super::league::resolve;
use super::{Ctx, read_input};
use crate::args::{FixArgs, HouseRules, ResultCommand, ResultsArgs};
use crate::client::{Client, Reply, ResultFilter};
use crate::error::{CliError, Result};
use crate::output::{Table, emit, placings};
use crate::spec::RoundSource;
use crate::{prompt, spec::seat_spelling};
use serde_json::{Value, json};
use spielstand_core::Slug;
use spielstand_core::finishing::HareFinish;
use spielstand_core::rangeln::RoundInput;
use spielstand_core::{GameRecord, Outcome, SeatedPlayer};
use spielstand_wire::StoredResult;

/// Results fetched per request (the server's maximum).
const PAGE: u32 = 500;

pub fn list(ctx: &Ctx, args: ResultsArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = resolve(client, &args.league)?;
    let filter = ResultFilter { game: args.game, from: args.from, to: args.to };
    let limit = args.limit.map(|l| l as usize);
    let per_page = limit.map_or(PAGE, |l| (l as u32).clamp(1, PAGE));
    // Each result as the server sent it (for --format json) and as read.
    let mut items: Vec<Value> = Vec::new();
    let mut results: Vec<StoredResult> = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let (listed, reply) = client.results(league.id, &filter, page, per_page)?;
        total = listed.total;
        let done = listed.items.len() < per_page as usize;
        items.extend(reply.body["items"].as_array().cloned().unwrap_or_default());
        results.extend(listed.items);
        if done || limit.is_some_and(|l| results.len() >= l) || results.len() as i64 >= total {
            break;
        }
    }
    if let Some(l) = limit {
        items.truncate(l);
        results.truncate(l);
    }
    let mut table = Table::new(&["ID", "Date", "Game", "Places", "Revision"]).numeric([0, 4]).when_empty("No results.");
    for r in &results {
        table.row(vec![
            r.id.to_string(),
            r.record.played_on.to_string(),
            r.record.game().slug().to_owned(),
            places_with_totals(r),
            r.revision.to_string(),
        ]);
    }
    let shown = if (results.len() as i64) < total { format!(", {} shown", results.len()) } else { String::new() };
    let lines = vec![format!("{}: {total} result(s){shown}, latest first", league.name)];
    let json = json!({ "items": items, "page": 1, "per_page": items.len(), "total": total });
    emit(args.output.format, &json, &lines, &[table]);
    Ok(())
}

/// `1. Anna, 2. Ben`; for Rangeln with the totals: `1. Anna (-19), 2. Ben (18)`.
fn places_with_totals(r: &StoredResult) -> String {
    match &r.rangeln {
        Some(score) => r
            .placings
            .iter()
            .map(|p| {
                let total = score.totals.iter().find(|t| t.player == p.player).map_or(0, |t| t.total);
                format!("{}. {} ({total})", p.place, p.player)
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => placings(&r.placings),
    }
}

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
            .map(|(o, n)| (o.trim().to_lowercase(), n.trim().to_owned()))
            .filter(|(o, n)| !o.is_empty() && !n.is_empty())
            .ok_or_else(|| CliError::input(format!("--replace {pair:?}: write OLD=NEW, e.g. Ben=Dora")))?;
        if !record.players.iter().any(|p| p.player.to_lowercase() == old) {
            return Err(CliError::input(format!(
                "--replace {pair:?}: nobody of that name played in result {}",
                args.id
            )));
        }
        record.map_player_names(|n| if n.to_lowercase() == old { new.clone() } else { n.to_owned() });
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
                let old = r.finishers.iter().find(|f| f.player.to_lowercase() == player.to_lowercase());
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

/// Seats 1, 2, ... in the order given.
pub fn seats(names: &[String]) -> Vec<SeatedPlayer> {
    names.iter().enumerate().map(|(i, n)| SeatedPlayer { player: n.clone(), seat: i as u32 + 1 }).collect()
}

/// A round from its SPEC, reading a board file if it names one.
pub fn round_input(source: &RoundSource, stdin_used: &mut bool) -> Result<RoundInput> {
    match source {
        RoundSource::Inline(input) => Ok(input.clone()),
        RoundSource::File(path) => Ok(RoundInput::Board(read_input(path, stdin_used)?)),
    }
}

/// A stored (or about to be stored) result for people: a line saying what it is, and
/// the places (with each round for Rangeln).
pub fn view(stored: &StoredResult) -> (Vec<String>, Vec<Table>) {
    let record = &stored.record;
    let mut lines = vec![format!(
        "Result {} (revision {}): {} on {}",
        stored.id,
        stored.revision,
        record.game().name(),
        record.played_on
    )];
    let seat = |name: &str| record.players.iter().find(|p| p.player == name).map_or(0, |p| p.seat);
    let table = match (&record.outcome, &stored.rangeln) {
        (Outcome::Rangeln(_), Some(score)) => {
            let mut headers: Vec<String> = vec!["Place".into(), "Player".into(), "Seat".into()];
            headers.extend(score.rounds.iter().map(|r| format!("R{}", r.round)));
            headers.push("Total".into());
            let n = headers.len();
            let mut table = Table::with_headers(headers).numeric([0, 2]).numeric(3..n);
            for p in &stored.placings {
                let mut row = vec![p.place.to_string(), p.player.clone(), seat(&p.player).to_string()];
                for round in &score.rounds {
                    let s = round.scores.iter().find(|s| s.player == p.player).map_or(0, |s| s.score);
                    row.push(s.to_string());
                }
                row.push(score.totals.iter().find(|t| t.player == p.player).map_or(0, |t| t.total).to_string());
                table.row(row);
            }
            let starters: Vec<String> =
                score.rounds.iter().map(|r| format!("R{} {}", r.round, r.start_player)).collect();
            lines.push(format!("Starting players: {}", starters.join(", ")));
            table
        }
        (Outcome::HaseUndIgel(r), _) => {
            let mut table = Table::new(&["Place", "Player", "Seat", "Carrots", "Finish round"]).numeric([0, 2, 3, 4]);
            for p in &stored.placings {
                let finish = r.finishers.iter().find(|f| f.player == p.player);
                table.row(vec![
                    p.place.to_string(),
                    p.player.clone(),
                    seat(&p.player).to_string(),
                    finish.map_or("did not finish".to_owned(), |f| f.carrots.to_string()),
                    finish.and_then(|f| f.round).map_or(String::new(), |r| r.to_string()),
                ]);
            }
            table
        }
        (outcome, _) => {
            match outcome {
                Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => {
                    let rules: Vec<&str> = r.house_rules.iter().map(|h| h.slug()).collect();
                    let colours = serde_json::to_value(r.colours).ok().and_then(|v| v.as_str().map(str::to_owned));
                    lines.push(format!(
                        "House rules: {}; colours: {}",
                        if rules.is_empty() { "none".to_owned() } else { rules.join(", ") },
                        colours.unwrap_or_default()
                    ));
                }
                Outcome::LaufRauf(r) => {
                    let edition = serde_json::to_value(r.edition).ok().and_then(|v| v.as_str().map(str::to_owned));
                    lines.push(format!(
                        "Edition: {}; cards: {}",
                        edition.unwrap_or_default(),
                        if r.cards { "yes" } else { "no" }
                    ));
                }
                _ => {}
            }
            let mut table = Table::new(&["Place", "Player", "Seat"]).numeric([0, 2]);
            for p in &stored.placings {
                table.row(vec![p.place.to_string(), p.player.clone(), seat(&p.player).to_string()]);
            }
            table
        }
    };
    (lines, vec![table])
}

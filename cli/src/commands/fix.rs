//! `spielstand result fix ID`: a correction, from flags that change the stored record
//! (places, rounds, options) or from a whole record in a file, sent with `If-Match`.

use super::Ctx;
use crate::args::{FixArgs, HouseRules};
use crate::error::{CliError, Result};
use crate::input::spec::seat_spelling;
use crate::input::{read_input, round_input, seats};
use crate::output::emit;
use crate::output::result::view;
use crate::{edit, known};
use serde_json::Value;
use spielstand_core::finishing::HareFinish;
use spielstand_core::finishing::HouseRule;
use spielstand_core::{GameRecord, Outcome, Slug, same_name};
use spielstand_wire::StoredResult;

pub fn run(ctx: &Ctx, args: FixArgs) -> Result<()> {
    let client = &ctx.client;
    let id = args.id;
    let (stored, reply) = client.result(id)?;
    let if_match = reply.if_match(args.revision, stored.revision);
    let record = match &args.file {
        Some(path) => {
            let text = read_input(path, &mut false)?;
            serde_json::from_str::<GameRecord>(&text)
                .map_err(|e| CliError::input(format!("{path} is not a result record: {e}")))?
        }
        None => corrected(&stored.record, &args)?,
    };
    let mut record = record;
    if let Some(night) = &args.event {
        edit::move_to_night(client, stored.league_id, &mut record, night)?;
    }
    let names: Vec<String> = record.players.iter().map(|p| p.player.clone()).collect();
    known::check_names(client, &names)?;
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
    if !args.replace.is_empty() {
        edit::replace_players(&mut record, &args.replace, &format!("result {}", args.id))?;
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
    if !args.house_rules.is_empty() {
        let rules: Vec<HouseRule> =
            args.house_rules.iter().flat_map(|HouseRules(rules)| rules.iter().copied()).collect();
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.house_rules = Some(rules),
            _ => return Err(not_for("--house-rule")),
        }
        changed = true;
    }
    if let Some(colours) = args.colours {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.colours = Some(colours),
            _ => return Err(not_for("--colours")),
        }
        changed = true;
    }
    if args.edition.is_some() || args.cards.is_some() {
        let Outcome::LaufRauf(r) = &mut record.outcome else {
            return Err(not_for(if args.edition.is_some() { "--edition" } else { "--cards" }));
        };
        if let Some(edition) = args.edition {
            r.edition = Some(edition);
        }
        if let Some(cards) = args.cards {
            r.cards = Some(cards);
        }
        changed = true;
    }
    if !changed && args.event.is_none() {
        return Err(CliError::input(
            "nothing to fix: give what changes (--date, --event, --replace, --players, --order, --round, ...) or --file",
        ));
    }
    Ok(record)
}

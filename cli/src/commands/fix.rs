//! `spielstand result fix ID`: a correction, from flags that change the stored record
//! (places, rounds, options) or from a whole record in a file, sent with `If-Match`.

use super::Ctx;
use crate::args::FixArgs;
use crate::error::{CliError, Result};
use crate::input::read_input;
use crate::input::spec::seat_spelling;
use crate::output::emit;
use crate::output::result::view;
use crate::t;
use crate::{edit, known};
use serde_json::Value;
use spielstand_core::GameRecord;
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
                .map_err(|e| CliError::input(t!("fix-not-a-record", path = path.to_string(), error = e.to_string())))?
        }
        None => {
            let mut record = stored.record.clone();
            let changed = edit::apply(&mut record, &args.edits, &t!("fix-what", id = id))?;
            if !changed && args.event.is_none() {
                return Err(CliError::input(t!("fix-nothing-to-fix")));
            }
            record
        }
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
        eprintln!("{}", t!("fix-dry-run"));
        return Ok(());
    }
    let (fixed, reply) = client.correct_result(id, &if_match, &record)?;
    let (mut lines, tables) = view(&fixed);
    lines.insert(0, t!("fix-corrected", id = id, revision = fixed.revision));
    emit(args.output.format, &reply.body, &lines, &tables);
    Ok(())
}

//! `spielstand result fix ID`: a correction, from flags that change the stored record
//! (places, rounds, options) or from a whole record in a file, sent with `If-Match`.

use super::Ctx;
use crate::args::{OutputArgs, RecordEdits};
use crate::error::{CliError, Result};
use crate::input::read_input;
use crate::input::spec::seat_spelling;
use crate::output::emit;
use crate::output::result::view;
use crate::t;
use crate::{edit, known};
use clap::Args;
use serde_json::Value;
use spielstand_core::GameRecord;
use spielstand_wire::StoredResult;
use spielstand_wire::calls;

#[derive(Debug, Args)]
#[command(after_help = "Example: spielstand result fix 12 --round 2:Anna=4,Ben=-3,Cleo=0 --date 2026-11-20\n\
For anything else: spielstand result show 12 --format json, edit its \"record\", and pass it with --file.")]
pub struct FixArgs {
    /// The result's id, as `spielstand results L` lists it
    pub id: i64,
    /// Move the game into a club night of its league (its id or title), or out of any with
    /// "none"; the game must be on the night's date (give --date too to move it there)
    #[arg(long, value_name = "NIGHT|none")]
    pub event: Option<String>,
    #[command(flatten)]
    pub edits: RecordEdits,
    /// The whole corrected record as JSON (as in `result show --format json`'s "record"); - for stdin
    #[arg(long, value_name = "FILE", conflicts_with_all = ["date", "event", "replace", "players", "order", "rounds", "carrots", "finish_round", "house_rules", "teams", "colours", "edition", "cards"])]
    pub file: Option<String>,
    /// The revision you expect it to be at [default: its current one]
    #[arg(long, value_name = "N")]
    pub revision: Option<i64>,
    /// Check and show the corrected result, but send nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(ctx: &Ctx, args: FixArgs) -> Result<()> {
    let client = &ctx.client;
    let id = args.id;
    let (stored, reply) = client.send(calls::get_result(id))?;
    let if_match = reply.if_match(args.revision, stored.revision);
    let record = match &args.file {
        Some(path) => {
            let text = read_input(path, &mut false)?;
            serde_json::from_str::<GameRecord>(&text).map_err(|e| {
                CliError::input_from(t!("fix-not-a-record", path = path.to_string(), error = e.to_string()), e)
            })?
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
    let (fixed, reply) = client.send(calls::correct_result(id, &if_match, &record))?;
    let (mut lines, tables) = view(&fixed);
    lines.insert(0, t!("fix-corrected", id = id, revision = fixed.revision));
    emit(args.output.format, &reply.body, &lines, &tables);
    Ok(())
}

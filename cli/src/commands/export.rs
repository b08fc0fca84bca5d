//! `spielstand export L`: the whole league as one JSON document on standard output.

use super::Ctx;
use crate::args::{ExportArgs, ExportFormat};
use crate::error::Result;
use crate::import::to_bgstats;
use crate::output::print;
use crate::t;

pub fn run(ctx: &Ctx, args: ExportArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let (document, reply) = client.export(league.id)?;
    let value = match args.format {
        // As the server sent it: nothing lost in between.
        ExportFormat::Json => reply.body,
        ExportFormat::Bgstats => to_bgstats::document(&document),
    };
    print(&format!("{}\n", serde_json::to_string_pretty(&value).expect("JSON values serialise")));
    eprintln!("{}", t!("export-done", league = &league.name, count = document.results.len()));
    Ok(())
}

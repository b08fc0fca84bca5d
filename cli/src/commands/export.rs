//! `spielstand export L`: the whole league as one JSON document on standard output.

use super::Ctx;
use crate::error::Result;
use crate::import::to_bgstats;
use crate::output::print;
use crate::t;
use clap::Args;
use spielstand_wire::calls;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// spielstand's own document, for `spielstand import spielstand`
    Json,
    /// BG Stats' import format: the league's plays, for members' apps
    Bgstats,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// What to write
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub format: ExportFormat,
}

pub fn run(ctx: &Ctx, args: ExportArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let (document, reply) = client.send(calls::export_league(league.id))?;
    let value = match args.format {
        // As the server sent it: nothing lost in between.
        ExportFormat::Json => reply.body,
        ExportFormat::Bgstats => to_bgstats::document(&document),
    };
    print(&format!("{}\n", serde_json::to_string_pretty(&value).expect("JSON values serialise")));
    eprintln!("{}", t!("export-done", league = &league.name, count = document.results.len()));
    Ok(())
}

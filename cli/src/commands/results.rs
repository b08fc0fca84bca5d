//! `spielstand results L`: a league's results, latest first.

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::Result;
use crate::input::spec;
use crate::output::result::places_with_totals;
use crate::output::{Table, emit};
use crate::t;
use chrono::NaiveDate;
use clap::Args;
use serde_json::{Value, json};
use spielstand_core::GameKind;
use spielstand_wire::calls;
use spielstand_wire::{ResultsParams, StoredResult};

#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Only this game
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    /// Only results played on or after this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub from: Option<NaiveDate>,
    /// Only results played on or before this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub to: Option<NaiveDate>,
    /// Only the games of this club night (its id, as `spielstand event list` shows it)
    #[arg(long, value_name = "ID")]
    pub event: Option<i64>,
    /// At most this many results, latest first [default: all]
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Results fetched per request (the server's maximum).
const PAGE: u32 = 500;

pub fn list(ctx: &Ctx, args: ResultsArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let limit = args.limit.map(|l| l as usize);
    let per_page = limit.map_or(PAGE, |l| (l as u32).clamp(1, PAGE));
    // Each result as the server sent it (for --format json) and as read.
    let mut items: Vec<Value> = Vec::new();
    let mut results: Vec<StoredResult> = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let query = ResultsParams {
            game: args.game,
            from: args.from,
            to: args.to,
            event: args.event,
            page: Some(page),
            per_page: Some(per_page),
            ..ResultsParams::default()
        };
        let (listed, reply) = client.send(calls::list_results(league.id, &query))?;
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
    let mut table =
        Table::new(&["ID", "Date", "Game", "Places", "Revision"]).numeric([0, 4]).when_empty(t!("results-none"));
    for r in &results {
        table.row(vec![
            r.id.to_string(),
            crate::lang::date(r.record.played_on),
            r.record.game().name().to_owned(),
            places_with_totals(r),
            r.revision.to_string(),
        ]);
    }
    let line = if (results.len() as i64) < total {
        t!("results-summary-shown", league = &league.name, total = total, shown = results.len())
    } else {
        t!("results-summary", league = &league.name, total = total)
    };
    let lines = vec![line];
    let json = json!({ "items": items, "page": 1, "per_page": items.len(), "total": total });
    emit(args.output.format, &json, &lines, &[table]);
    Ok(())
}

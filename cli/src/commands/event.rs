//! `spielstand event start|end|list|show`: club nights.

use super::Ctx;
use crate::args::EventCommand;
use crate::error::{CliError, Result};
use crate::night::Night;
use crate::output::{Table, emit, number, placings, table_place};
use chrono::Local;
use spielstand_wire::EventInput;

pub fn run(ctx: impl FnOnce() -> Result<Ctx>, command: EventCommand) -> Result<()> {
    match command {
        // Ending needs no server: it only forgets the night on this laptop.
        EventCommand::End => end(),
        EventCommand::Start { title, league, date, location, output } => {
            let ctx = ctx()?;
            let client = &ctx.client;
            let (league, _) = client.resolve_league(&league)?;
            let input = EventInput { title, date: date.unwrap_or_else(|| Local::now().date_naive()), location };
            let (event, reply) = client.create_event(league.id, &input)?;
            let previous = Night::current().ok().flatten();
            Night {
                server: client.server.clone(),
                event_id: event.id,
                title: event.title.clone(),
                date: event.date,
                league_id: league.id,
                league: league.name.clone(),
            }
            .save()?;
            let mut lines = vec![format!(
                "Club night {} \"{}\" started in league {} on {}: every `spielstand record` for this league now belongs to it, until `spielstand event end`.",
                event.id, event.title, league.name, event.date
            )];
            if let Some(previous) = previous.filter(|p| p.event_id != event.id) {
                lines.push(format!("(It replaces night {} \"{}\" on this laptop.)", previous.event_id, previous.title));
            }
            emit(output.format, &reply.body, &lines, &[]);
            Ok(())
        }
        EventCommand::List { league, output } => {
            let ctx = ctx()?;
            let (league, _) = ctx.client.resolve_league(&league)?;
            let (events, reply) = ctx.client.events(league.id)?;
            let current = Night::current().ok().flatten().filter(|n| n.server == ctx.client.server);
            let mut table = Table::new(&["ID", "Date", "Title", "Location", "Games", "Current"])
                .numeric([0, 4])
                .when_empty("No club nights in this league yet: start one with `spielstand event start`.");
            for e in &events {
                let is_current = current.as_ref().is_some_and(|n| n.event_id == e.id);
                table.row(vec![
                    e.id.to_string(),
                    e.date.to_string(),
                    e.title.clone(),
                    e.location.clone().unwrap_or_default(),
                    e.games.to_string(),
                    if is_current { "yes".into() } else { String::new() },
                ]);
            }
            emit(output.format, &reply.body, &[format!("Club nights of {}", league.name)], &[table]);
            Ok(())
        }
        EventCommand::Show { id, output } => {
            let ctx = ctx()?;
            let (report, reply) = ctx.client.event(id)?;
            let e = &report.event;
            let mut lines = vec![format!(
                "{} (night {}), {}{}: {} game(s)",
                e.title,
                e.id,
                e.date,
                e.location.as_ref().map_or(String::new(), |l| format!(", {l}")),
                e.games
            )];
            if !report.winners.is_empty() {
                lines.push(format!("Winners of the night: {}", report.winners.join(", ")));
            }
            let mut games = Table::new(&["Result", "Game", "Places"]).numeric([0]).title("Games");
            for r in &report.results {
                games.row(vec![r.id.to_string(), r.record.game().name().to_owned(), placings(&r.placings)]);
            }
            let mut night = Table::new(&["Place", "Player", "Played", "Wins", "Points"])
                .numeric([0, 2, 3, 4])
                .title("The night's table")
                .when_empty("No games at this night yet.");
            for row in &report.table {
                night.row(vec![
                    table_place(row.place),
                    row.player.clone(),
                    row.played.to_string(),
                    row.wins.to_string(),
                    number(row.points),
                ]);
            }
            let mut moves = Table::new(&["Place", "Was", "Player", "Points", "+", "Rating"])
                .numeric([0, 1, 3, 4, 5])
                .title("The league table after the night");
            for m in &report.table_change {
                moves.row(vec![
                    table_place(m.place_after),
                    m.place_before.map_or("new".to_owned(), |p| p.to_string()),
                    m.player.clone(),
                    number(m.points_after),
                    number(m.points_after - m.points_before),
                    format!("{:.1}", m.rating_after),
                ]);
            }
            // The CSV is the night's own table; the JSON has everything.
            let csv_first = matches!(output.format, crate::output::Format::Csv);
            let tables = if csv_first { vec![night, games, moves] } else { vec![games, night, moves] };
            emit(output.format, &reply.body, &lines, &tables);
            Ok(())
        }
    }
}

fn end() -> Result<()> {
    match Night::end()? {
        Some(night) => {
            println!("Club night {} \"{}\" ended: later games belong to no night.", night.event_id, night.title);
            Ok(())
        }
        None => {
            Err(CliError::input("no club night is running on this laptop (start one with `spielstand event start`)"))
        }
    }
}

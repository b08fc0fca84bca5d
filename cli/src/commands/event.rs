//! `spielstand event start|join|current|close|end|list|show`: club nights. A night lives
//! on the server; each laptop remembers the one it takes part in (`night.rs`), started
//! there or joined, so that several laptops record the games of one night.

use super::Ctx;
use crate::args::OutputArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::input::console::{self, Console};
use crate::input::spec;
use crate::known;
use crate::night::{self, Night};
use crate::output::{Table, emit, number, placings, print, table_place};
use crate::t;
use chrono::{Local, NaiveDate};
use clap::{Args, Subcommand};
use serde_json::json;
use spielstand_core::GameKind;
use spielstand_core::draw::DrawMethod;
use spielstand_wire::calls;
use spielstand_wire::{CheckIn, DrawInput, Event, EventInput, League, PlayerRef, Round};

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Create a club night and make it this laptop's current night: every `spielstand
    /// record` for its league is part of it (and on its date) until `spielstand event leave`.
    Start {
        /// What the night is called, e.g. "Clubabend November"
        title: String,
        /// The league: its name or id
        #[arg(long, short = 'l', value_name = "L")]
        league: String,
        /// The night's date: 2026-11-23, 23.11.2026, 23.11., today/heute or yesterday/gestern [default: today]
        #[arg(long, value_parser = spec::played_date, value_name = "DATE")]
        date: Option<NaiveDate>,
        /// Where it takes place
        #[arg(long, value_name = "TEXT")]
        location: Option<String>,
        /// Start a second night even if the league has an open one on that date (else the
        /// open one is offered to join, and without a terminal the start is refused)
        #[arg(long)]
        new: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Attach this laptop to a night that another laptop started: every `spielstand record`
    /// for its league then belongs to it, until `spielstand event leave`.
    Join {
        /// The night: its id, or its title in the league
        #[arg(value_name = "NIGHT")]
        night: String,
        /// The league: its name or id (needed when the night is given by its title)
        #[arg(long, short = 'l', value_name = "L")]
        league: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// This laptop's current night, as the server has it now.
    Current {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Close a night for good (admin token): the server then refuses its new games, on
    /// every laptop, and lists it as closed. This laptop leaves it too.
    Close {
        /// The night's id [default: this laptop's current night]
        #[arg(value_name = "ID")]
        id: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Leave this laptop's current night: later games recorded here belong to no night.
    /// The night stays open on the server for the other laptops (`event close` closes it).
    #[command(alias = "end")]
    Leave,
    /// A league's club nights, oldest first.
    List {
        /// The league: its name or id
        #[arg(value_name = "L")]
        league: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check players in to the night: the players its draws seat (a record token may).
    Checkin {
        /// The players arriving, by name
        #[arg(value_name = "NAME", required = true)]
        players: Vec<String>,
        /// The night's id [default: this laptop's current night]
        #[arg(long, value_name = "ID")]
        night: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check a player out of the night: later draws leave them out.
    Checkout {
        /// The player leaving, by name
        #[arg(value_name = "NAME")]
        player: String,
        /// The night's id [default: this laptop's current night]
        #[arg(long, value_name = "ID")]
        night: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Draw the night's next round: numbered tables of the players checked in, in seat
    /// order (seat 1 starts), with each player's chance to win the table.
    Draw(EventDraw),
    /// One club night: its winners, games, own table and how it moved the league table.
    Show {
        /// The night's id (see `spielstand event list`) [default: this laptop's current night]
        id: Option<i64>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct EventDraw {
    /// The game the round plays
    #[arg(long, value_name = "G", value_enum)]
    pub game: GameKind,
    /// random (a shuffle), balanced (tables of equal strength) or swiss (similar standing
    /// together, no pair twice in a night where it can be avoided)
    #[arg(long, value_name = "METHOD", value_enum, default_value = "random")]
    pub method: DrawMethod,
    /// A preferred table size [default: as few tables as possible, sizes differing by at most one]
    #[arg(long, value_name = "N")]
    pub size: Option<u32>,
    /// The seed: the same seed and players give the same tables [default: drawn by the server]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// A player who must sit at a table, e.g. Anna=1 (repeat for more)
    #[arg(long, value_name = "NAME=TABLE", value_parser = parse_pin)]
    pub pin: Vec<(String, u32)>,
    /// Two players who must not share a table, e.g. Anna,Ben (repeat for more)
    #[arg(long, value_name = "NAME,NAME", value_parser = parse_apart)]
    pub apart: Vec<(String, String)>,
    /// The night's id [default: this laptop's current night]
    #[arg(long, value_name = "ID")]
    pub night: Option<i64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn parse_pin(text: &str) -> Result<(String, u32), String> {
    let (name, table) = text.rsplit_once('=').ok_or("write a pin as NAME=TABLE, e.g. Anna=1")?;
    let table = table.trim().parse::<u32>().ok().filter(|t| *t > 0).ok_or("the table is a number from 1")?;
    Ok((name.trim().to_owned(), table))
}

fn parse_apart(text: &str) -> Result<(String, String), String> {
    match text.split(',').map(str::trim).collect::<Vec<_>>()[..] {
        [a, b] if !a.is_empty() && !b.is_empty() => Ok((a.to_owned(), b.to_owned())),
        _ => Err("write a pair as NAME,NAME, e.g. Anna,Ben".to_owned()),
    }
}

pub fn run(ctx: impl FnOnce() -> Result<Ctx>, command: EventCommand) -> Result<()> {
    match command {
        // Leaving needs no server: it only forgets the night on this laptop.
        EventCommand::Leave => leave(),
        EventCommand::Start { title, league, date, location, new, output } => {
            start(&ctx()?.client, title, &league, date, location, new, output)
        }
        EventCommand::Join { night, league, output } => join(&ctx()?.client, &night, league.as_deref(), output),
        EventCommand::Current { output } => current(&ctx()?.client, output),
        EventCommand::Close { id, output } => close(&ctx()?.client, id, output),
        EventCommand::List { league, output } => list(&ctx()?.client, &league, output),
        EventCommand::Show { id, output } => {
            let client = ctx()?.client;
            let id = night_id(&client, id)?;
            show(&client, id, output)
        }
        EventCommand::Checkin { players, night, output } => check_in(&ctx()?.client, players, night, output),
        EventCommand::Checkout { player, night, output } => check_out(&ctx()?.client, &player, night, output),
        EventCommand::Draw(args) => draw(&ctx()?.client, args),
    }
}

/// The night a seating command is for: the one given, else this laptop's.
fn night_id(client: &Client, given: Option<i64>) -> Result<i64> {
    if let Some(id) = given {
        return Ok(id);
    }
    match Night::current()?.filter(|n| n.server == client.server) {
        Some(night) => Ok(night.event_id),
        None => Err(CliError::input(t!("event-no-night-give-id"))),
    }
}

fn check_in(client: &Client, players: Vec<String>, night: Option<i64>, output: OutputArgs) -> Result<()> {
    let id = night_id(client, night)?;
    let refs = players.into_iter().map(PlayerRef::Name).collect();
    let (present, reply) = client.send(calls::check_in(id, &CheckIn { players: refs }))?;
    let mut table = Table::new(&["Player", "Checked in"]).title(t!("event-present"));
    for a in &present {
        table.row(vec![a.player.clone(), crate::lang::time(a.checked_in_at)]);
    }
    let lines = vec![t!("event-checked-in", count = present.len(), night = id)];
    emit(output.format, &reply.body, &lines, &[table]);
    Ok(())
}

fn check_out(client: &Client, player: &str, night: Option<i64>, output: OutputArgs) -> Result<()> {
    let id = night_id(client, night)?;
    let (found, _) = client.find_player(player)?;
    client.send_untyped(calls::check_out(id, found.id))?;
    let line = t!("event-checked-out", player = &found.name, night = id);
    emit(output.format, &json!({"event_id": id, "player_id": found.id, "player": found.name}), &[line], &[]);
    Ok(())
}

fn draw(client: &Client, args: EventDraw) -> Result<()> {
    let id = night_id(client, args.night)?;
    let input = DrawInput {
        game: args.game,
        method: args.method,
        size: args.size,
        seed: args.seed,
        pin: args.pin.into_iter().collect(),
        apart: args.apart.into_iter().map(|(a, b)| [PlayerRef::Name(a), PlayerRef::Name(b)]).collect(),
    };
    let (round, reply) = client.send(calls::draw_round(id, &input))?;
    Night::keep_round(&round);
    let (lines, tables) = round_view(&round);
    emit(args.output.format, &reply.body, &lines, &tables);
    Ok(())
}

/// A round as people read it: one table per drawn table, seat 1 marked as the start
/// player, each player's chance to win and predicted place.
fn round_view(round: &Round) -> (Vec<String>, Vec<Table>) {
    // For `--format csv`: every table of the round in one, the start player in a column.
    let mut seating = Table::new(&["Round", "Table", "Seat", "Player", "Starts", "Win %", "Predicted", "Result"])
        .numeric([0, 1, 2, 5, 6, 7])
        .csv_only();
    for t in &round.tables {
        for s in &t.seats {
            seating.row(vec![
                round.number.to_string(),
                t.number.to_string(),
                s.seat.to_string(),
                s.player.clone(),
                if s.start { t!("event-yes") } else { String::new() },
                format!("{:.0}", s.prediction.win * 100.0),
                s.prediction.place.to_string(),
                t.result_id.map_or(String::new(), |r| r.to_string()),
            ]);
        }
    }
    let draw = match round.method {
        DrawMethod::Random => t!("event-draw-random"),
        DrawMethod::Balanced => t!("event-draw-balanced"),
        DrawMethod::Swiss => t!("event-draw-swiss"),
    };
    let line = t!(
        "event-round",
        round = round.number,
        night = round.event_id,
        game = round.game.name(),
        draw = draw,
        seed = round.seed.to_string(),
        tables = round.tables.len()
    );
    let tables = std::iter::once(seating)
        .chain(round.tables.iter().map(|t| {
            let title = match t.result_id {
                Some(r) => t!("event-table-done", table = t.number, result = r),
                None => t!("event-table", table = t.number),
            };
            let mut table = Table::new(&["Seat", "Player", "Win %", "Predicted"]).numeric([0, 2, 3]).title(title);
            for s in &t.seats {
                let player = if s.start { t!("event-starts", player = &s.player) } else { s.player.clone() };
                table.row(vec![
                    s.seat.to_string(),
                    player,
                    format!("{:.0}", s.prediction.win * 100.0),
                    s.prediction.place.to_string(),
                ]);
            }
            table
        }))
        .collect();
    (vec![line], tables)
}

fn start(
    client: &Client,
    title: String,
    league: &str,
    date: Option<NaiveDate>,
    location: Option<String>,
    new: bool,
    output: OutputArgs,
) -> Result<()> {
    let (league, _) = client.resolve_league(league)?;
    let date = date.unwrap_or_else(|| Local::now().date_naive());
    if !new {
        // Another laptop may have started tonight's night already: join that one.
        let (events, _) = client.send(calls::list_events(league.id))?;
        if let Some(open) = events.iter().rev().find(|e| e.date == date && e.closed_at.is_none()) {
            let named = t!("event-night-named", id = open.id, title = &open.title, games = open.games);
            let day = crate::lang::date(date);
            if !console::is_interactive() {
                return Err(CliError::input(t!(
                    "event-open-night-exists",
                    league = &league.name,
                    date = &day,
                    night = &named,
                    id = open.id
                )));
            }
            let question = t!("event-open-night-join", league = &league.name, date = &day, night = &named);
            match Console::stdio().confirm(&question, true)? {
                Some(true) => return joined(client, open, &league, output),
                Some(false) => {}
                None => return Err(CliError::input(t!("event-start-input-ended"))),
            }
        }
    }
    let input = EventInput { title, date, location };
    let (event, reply) = client.send(calls::create_event(league.id, &input))?;
    let previous = remember(client, &event, &league)?;
    let mut lines = vec![t!(
        "event-started",
        id = event.id,
        title = &event.title,
        league = &league.name,
        date = crate::lang::date(event.date)
    )];
    lines.extend(previous);
    emit(output.format, &reply.body, &lines, &[]);
    Ok(())
}

/// Makes `event` this laptop's night, keeping what recording offline needs (its rounds,
/// the league, the players); says which night it replaces, if any.
fn remember(client: &Client, event: &Event, league: &League) -> Result<Option<String>> {
    let previous = Night::current().ok().flatten();
    // A night just started has no rounds; one joined may have. Failing to read them now
    // only means `record --table` reads them later.
    let rounds = client.send(calls::list_rounds(event.id)).ok().map(|(rounds, _)| rounds);
    Night {
        server: client.server.clone(),
        event_id: event.id,
        title: event.title.clone(),
        date: event.date,
        league_id: league.id,
        league: league.name.clone(),
        seen_at: rounds.as_ref().map(|_| chrono::Utc::now()),
        rounds: rounds.unwrap_or_default(),
    }
    .save()?;
    known::remember_league(&client.server, league);
    known::refresh(client);
    Ok(previous
        .filter(|p| p.event_id != event.id || p.server != client.server)
        .map(|p| t!("event-replaces", id = p.event_id, title = &p.title)))
}

/// This laptop takes part in `event` from now on.
fn joined(client: &Client, event: &Event, league: &League, output: OutputArgs) -> Result<()> {
    let previous = remember(client, event, league)?;
    let mut lines = vec![t!(
        "event-joined",
        id = event.id,
        title = &event.title,
        league = &league.name,
        date = crate::lang::date(event.date),
        games = event.games
    )];
    lines.extend(previous);
    emit(output.format, &serde_json::to_value(event).unwrap_or_default(), &lines, &[]);
    Ok(())
}

/// `event join NIGHT [--league L]`: NIGHT is an id, or a title in the league.
fn join(client: &Client, night: &str, league: Option<&str>, output: OutputArgs) -> Result<()> {
    let league = match (league, night.trim().parse::<i64>().ok()) {
        (Some(league), _) => client.resolve_league(league)?.0,
        (None, Some(id)) => {
            let (report, _) = client.send(calls::get_event(id))?;
            client.send(calls::get_league(report.event.league_id))?.0
        }
        (None, None) => {
            return Err(CliError::input(t!("event-join-needs-league", night = format!("{night:?}"))));
        }
    };
    let (events, _) = client.send(calls::list_events(league.id))?;
    let event = night::find(&events, &league.name, night)?;
    if event.closed_at.is_some() {
        return Err(CliError::input(t!(
            "event-join-closed",
            id = event.id,
            title = &event.title,
            date = crate::lang::date(event.date)
        )));
    }
    joined(client, event, &league, output)
}

/// `event current`: this laptop's night, as the server has it now.
fn current(client: &Client, output: OutputArgs) -> Result<()> {
    let Some(night) = Night::current()?.filter(|n| n.server == client.server) else {
        emit(output.format, &serde_json::Value::Null, &[t!("event-current-none")], &[]);
        return Ok(());
    };
    let (events, _) = client.send(calls::list_events(night.league_id))?;
    let Some(event) = events.into_iter().find(|e| e.id == night.event_id) else {
        return Err(CliError::NotFound(t!("event-current-gone", id = night.event_id, title = &night.title)));
    };
    let state = match event.closed_at {
        Some(at) => t!("event-state-closed-at", at = crate::lang::date_time(at.with_timezone(&Local))),
        None => t!("event-state-open"),
    };
    let lines = vec![
        format!(
            "{}{}",
            t!(
                "event-current-night",
                id = event.id,
                title = &event.title,
                league = &night.league,
                date = crate::lang::date(event.date)
            ),
            event.location.as_ref().map_or(String::new(), |l| format!(", {l}"))
        ),
        t!("event-current-games", games = event.games, state = state),
    ];
    emit(output.format, &json!({"night": event, "league": night.league}), &lines, &[]);
    Ok(())
}

/// `event close [ID]`: closes the night on the server (admin), and ends it here.
fn close(client: &Client, id: Option<i64>, output: OutputArgs) -> Result<()> {
    let night = Night::current()?.filter(|n| n.server == client.server);
    let id = match (id, &night) {
        (Some(id), _) => id,
        (None, Some(night)) => night.event_id,
        (None, None) => {
            return Err(CliError::input(t!("event-close-no-night")));
        }
    };
    let (event, reply) = client.send(calls::close_event(id))?;
    let mut lines = vec![t!(
        "event-closed",
        id = event.id,
        title = &event.title,
        date = crate::lang::date(event.date),
        games = event.games
    )];
    if night.is_some_and(|n| n.event_id == id) {
        Night::end()?;
        lines.push(t!("event-left-too"));
    }
    emit(output.format, &reply.body, &lines, &[]);
    Ok(())
}

fn list(client: &Client, league: &str, output: OutputArgs) -> Result<()> {
    let (league, _) = client.resolve_league(league)?;
    let (events, reply) = client.send(calls::list_events(league.id))?;
    let current = Night::current().ok().flatten().filter(|n| n.server == client.server);
    let mut table = Table::new(&["ID", "Date", "Title", "Location", "Games", "State", "This laptop"])
        .numeric([0, 4])
        .when_empty(t!("event-list-empty"));
    for e in &events {
        let is_current = current.as_ref().is_some_and(|n| n.event_id == e.id);
        table.row(vec![
            e.id.to_string(),
            crate::lang::date(e.date),
            e.title.clone(),
            e.location.clone().unwrap_or_default(),
            e.games.to_string(),
            if e.closed_at.is_some() { t!("event-state-closed") } else { t!("event-state-open") },
            if is_current { t!("event-yes") } else { String::new() },
        ]);
    }
    emit(output.format, &reply.body, &[t!("event-list-title", league = &league.name)], &[table]);
    Ok(())
}

fn show(client: &Client, id: i64, output: OutputArgs) -> Result<()> {
    let (report, reply) = client.send(calls::get_event(id))?;
    let e = &report.event;
    let mut lines = vec![t!(
        "event-show-summary",
        title = &e.title,
        id = e.id,
        date = crate::lang::date(e.date),
        location = e.location.as_ref().map_or(String::new(), |l| format!(", {l}")),
        games = e.games,
        closed = if e.closed_at.is_some() { t!("event-show-closed") } else { String::new() }
    )];
    if !report.winners.is_empty() {
        lines.push(t!("event-winners", names = report.winners.join(", ")));
    }
    let mut games = Table::new(&["Result", "Game", "Places"]).numeric([0]).title(t!("event-games-title"));
    for r in &report.results {
        games.row(vec![r.id.to_string(), r.record.game().name().to_owned(), placings(&r.placings)]);
    }
    let mut night = Table::new(&["Place", "Player", "Played", "Wins", "Points"])
        .numeric([0, 2, 3, 4])
        .title(t!("event-night-table"))
        .when_empty(t!("event-night-table-empty"));
    for row in &report.table {
        night.row(vec![
            table_place(row.place),
            row.player.clone(),
            row.played.to_string(),
            row.wins.to_string(),
            number(row.points),
        ]);
    }
    let mut moves = Table::new(&["Place", "Before", "Player", "Points", "+", "Rating"])
        .numeric([0, 1, 3, 4, 5])
        .title(t!("event-league-table-after"));
    for m in &report.table_change {
        moves.row(vec![
            table_place(m.place_after),
            m.place_before.map_or_else(|| t!("event-place-new"), |p| p.to_string()),
            m.player.clone(),
            number(m.points_after),
            number(m.points_after - m.points_before),
            crate::lang::decimal(format!("{:.1}", m.rating_after)),
        ]);
    }
    // The CSV is the night's own table; the JSON has everything.
    let csv_first = matches!(output.format, crate::output::Format::Csv);
    let mut tables = if csv_first { vec![night, games, moves] } else { vec![games, night, moves] };
    if !report.attendees.is_empty() {
        let names: Vec<&str> = report.attendees.iter().map(|a| a.player.as_str()).collect();
        lines.push(t!("event-present-list", count = names.len(), names = names.join(", ")));
    }
    for round in &report.rounds {
        let (round_lines, round_tables) = round_view(round);
        lines.extend(round_lines);
        tables.extend(round_tables);
    }
    emit(output.format, &reply.body, &lines, &tables);
    Ok(())
}

fn leave() -> Result<()> {
    match Night::end()? {
        Some(night) => {
            print(&format!("{}\n", t!("event-left", id = night.event_id, title = &night.title)));
            Ok(())
        }
        None => Err(CliError::input(t!("event-leave-none"))),
    }
}

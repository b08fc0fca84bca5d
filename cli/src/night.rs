//! This laptop's current club night: `$XDG_DATA_HOME/spielstand/night.json`, written by
//! `spielstand event start` and removed by `spielstand event leave`. While it is there,
//! every game recorded for its league belongs to it and is on its date.
//!
//! It also keeps what recording at a table needs when the club room's wifi drops: the
//! night's rounds and tables as last seen (`event start`, `join` and `draw` write them,
//! and every online read of them refreshes them; the league and its players are kept by
//! `known.rs`), so that `record GAME --table N` offline takes the table from here and lands
//! in the outbox without asking for anything the laptop has seen.

use crate::client::Client;
use crate::config::{self, write_atomically};
use crate::error::{CliError, Result};
use crate::t;
use chrono::{DateTime, Local, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::{GameKind, Slug, same_name};
use spielstand_wire::calls;
use spielstand_wire::{Event, Round};
use std::path::PathBuf;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Night {
    /// The server the night is on: games for another server are not part of it.
    pub server: String,
    pub event_id: i64,
    pub title: String,
    pub date: NaiveDate,
    pub league_id: i64,
    pub league: String,
    /// The night's rounds as last seen, for recording a table offline.
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// When the rounds were last read from the server.
    #[serde(default)]
    pub seen_at: Option<DateTime<Utc>>,
}

impl Night {
    fn file() -> Result<PathBuf> {
        Ok(config::data_dir()?.join("night.json"))
    }

    /// The current night, if one was started and not ended.
    pub fn current() -> Result<Option<Night>> {
        let path = Night::file()?;
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                let message = t!("night-damaged", path = path.display().to_string(), error = e.to_string());
                CliError::local_from(message, Some(e.into()))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(CliError::local(t!("night-cannot-read", path = path.display().to_string()), e)),
        }
    }

    pub fn save(&self) -> Result<()> {
        write_atomically(&Night::file()?, &serde_json::to_vec_pretty(self).expect("a night serialises"))
    }

    /// Ends the current night; the one that was running, if any.
    pub fn end() -> Result<Option<Night>> {
        let current = Night::current().ok().flatten();
        let path = Night::file()?;
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(current),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(CliError::local(t!("night-cannot-remove", path = path.display().to_string()), e)),
        }
    }

    /// Keeps the rounds just read from the server (when this is the laptop's night).
    fn keep_rounds(&mut self, rounds: &[Round]) {
        self.rounds = rounds.to_vec();
        self.seen_at = Some(Utc::now());
        // Only a copy for offline use: failing to keep it stops nothing.
        let _ = self.save();
    }

    /// Keeps a round just drawn (or drawn again), when it is of this laptop's night.
    pub fn keep_round(round: &Round) {
        if let Ok(Some(mut night)) = Night::current()
            && night.event_id == round.event_id
        {
            let mut rounds = std::mem::take(&mut night.rounds);
            rounds.retain(|r| r.number != round.number);
            rounds.push(round.clone());
            rounds.sort_by_key(|r| r.number);
            night.keep_rounds(&rounds);
        }
    }

    /// Is `league` (a name or an id, as typed) this night's league on `server`?
    pub fn covers(&self, server: &str, league: &str) -> bool {
        self.server == server && (same_name(league, &self.league) || league.trim() == self.league_id.to_string())
    }
}

/// The night `text` names among a league's `events`: its id, or its title (of several
/// nights of one title, the latest open one, else the latest).
pub fn find<'a>(events: &'a [Event], league: &str, text: &str) -> Result<&'a Event> {
    if let Ok(id) = text.trim().parse::<i64>() {
        return events
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| CliError::NotFound(t!("night-not-found-id", id = id, league = league)));
    }
    let titled: Vec<&Event> = events.iter().filter(|e| same_name(&e.title, text)).collect();
    if let Some(open) = titled.iter().rev().find(|e| e.closed_at.is_none()).or(titled.last()) {
        return Ok(open);
    }
    let latest: Vec<String> = events
        .iter()
        .rev()
        .take(5)
        .map(|e| t!("night-named", id = e.id, title = &e.title, date = crate::lang::date(e.date)))
        .collect();
    let title = format!("{text:?}");
    Err(CliError::NotFound(if latest.is_empty() {
        t!("night-not-found-title", title = title, league = league)
    } else {
        t!("night-not-found-title-latest", title = title, league = league, latest = latest.join(", "))
    }))
}

/// The rounds of this laptop's night: read from the server (and kept), or, while it
/// cannot be reached, as last seen, with when.
fn rounds(client: &Client, night: &mut Night) -> Result<(Vec<Round>, Option<DateTime<Utc>>)> {
    match client.send(calls::list_rounds(night.event_id)) {
        Ok((rounds, _)) => {
            night.keep_rounds(&rounds);
            Ok((rounds, None))
        }
        Err(e) if e.is_transient() && night.seen_at.is_some() => Ok((night.rounds.clone(), night.seen_at)),
        Err(e) => Err(e),
    }
}

/// The players of table `table` of the current round of this laptop's night, in seat
/// order, for a game of `game`: the laptop at a table records its game without typing
/// the names. Offline, the tables as this laptop last saw them (said on standard error).
pub fn seated(client: &Client, table: u32, game: GameKind) -> Result<(Night, Vec<String>)> {
    let mut night = Night::current()?
        .filter(|n| n.server == client.server)
        .ok_or_else(|| CliError::input(t!("night-table-no-night", table = table)))?;
    let (rounds, seen_at) = rounds(client, &mut night)?;
    if let Some(at) = seen_at {
        eprintln!("{}", t!("table-offline", table = table, at = at.with_timezone(&Local).format("%H:%M").to_string()));
    }
    let Some(round) = rounds.last() else {
        return Err(CliError::input(t!(
            "night-table-no-round",
            table = table,
            title = &night.title,
            game = game.slug()
        )));
    };
    if round.game != game {
        return Err(CliError::input(t!(
            "night-table-other-game",
            table = table,
            round = round.number,
            plays = round.game.name(),
            game = game.name()
        )));
    }
    let Some(drawn) = round.tables.iter().find(|t| t.number == table) else {
        return Err(CliError::input(t!(
            "night-table-missing",
            table = table,
            round = round.number,
            tables = round.tables.len()
        )));
    };
    if let Some(result) = drawn.result_id {
        return Err(CliError::input(t!("night-table-recorded", table = table, round = round.number, result = result)));
    }
    let names = drawn.seats.iter().map(|s| s.player.clone()).collect();
    Ok((night, names))
}

//! This laptop's current club night: `$XDG_DATA_HOME/spielstand/night.json`, written by
//! `spielstand event start` and removed by `spielstand event end`. While it is there,
//! every game recorded for its league belongs to it and is on its date.

use crate::client::Client;
use crate::config::{self, write_atomically};
use crate::error::{CliError, Result};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spielstand_core::{GameKind, Slug, same_name};
use spielstand_wire::Event;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Night {
    /// The server the night is on: games for another server are not part of it.
    pub server: String,
    pub event_id: i64,
    pub title: String,
    pub date: NaiveDate,
    pub league_id: i64,
    pub league: String,
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
                CliError::Local(format!("{} is damaged ({e}): run `spielstand event end` to clear it", path.display()))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(CliError::local(format!("cannot read {}", path.display()), e)),
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
            Err(e) => Err(CliError::local(format!("cannot remove {}", path.display()), e)),
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
            .ok_or_else(|| CliError::NotFound(format!("there is no club night {id} in league {league}")));
    }
    let titled: Vec<&Event> = events.iter().filter(|e| same_name(&e.title, text)).collect();
    if let Some(open) = titled.iter().rev().find(|e| e.closed_at.is_none()).or(titled.last()) {
        return Ok(open);
    }
    let latest: Vec<String> =
        events.iter().rev().take(5).map(|e| format!("{} \"{}\" ({})", e.id, e.title, e.date)).collect();
    Err(CliError::NotFound(format!(
        "there is no club night {text:?} in league {league}{}",
        if latest.is_empty() { String::new() } else { format!("; the latest are: {}", latest.join(", ")) }
    )))
}

/// The players of table `table` of the current round of this laptop's night, in seat
/// order, for a game of `game`: the laptop at a table records its game without typing
/// the names.
pub fn seated(client: &Client, table: u32, game: GameKind) -> Result<(Night, Vec<String>)> {
    let night = Night::current()?.filter(|n| n.server == client.server).ok_or_else(|| {
        CliError::input(format!(
            "--table {table}: this laptop has no club night; join the night with `spielstand event join NIGHT --league L`"
        ))
    })?;
    let (rounds, _) = client.rounds(night.event_id)?;
    let Some(round) = rounds.last() else {
        return Err(CliError::input(format!(
            "--table {table}: club night \"{}\" has no round drawn yet; draw one with `spielstand event draw --game {}`",
            night.title,
            game.slug()
        )));
    };
    if round.game != game {
        return Err(CliError::input(format!(
            "--table {table}: round {} of the night plays {}, not {}",
            round.number,
            round.game.name(),
            game.name()
        )));
    }
    let Some(drawn) = round.tables.iter().find(|t| t.number == table) else {
        return Err(CliError::input(format!(
            "--table {table}: round {} has tables 1 to {}",
            round.number,
            round.tables.len()
        )));
    };
    if let Some(result) = drawn.result_id {
        return Err(CliError::input(format!(
            "--table {table}: the table's game of round {} is recorded already (result {result}); see `spielstand result show {result}`",
            round.number
        )));
    }
    Ok((night, drawn.seats.iter().map(|s| s.player.clone()).collect()))
}

//! This laptop's current club night: `$XDG_DATA_HOME/spielstand/night.json`, written by
//! `spielstand event start` and removed by `spielstand event end`. While it is there,
//! every game recorded for its league belongs to it and is on its date.

use crate::config::{self, write_atomically};
use crate::error::{CliError, Result};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spielstand_core::same_name;
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

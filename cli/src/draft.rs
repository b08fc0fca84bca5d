//! A game being entered at the table, kept on disk after every accepted entry:
//! `$XDG_DATA_HOME/spielstand/drafts/<command>.json`, one per command that enters a game
//! interactively (`record-rangeln`, `referee-rangeln`). A game interrupted by `quit`, the
//! end of input, Ctrl-C or a closed laptop lid is continued with `--resume`; a finished
//! one waits there until it is recorded (or in the outbox). Written atomically, so a
//! draft is always the last state that was accepted.

use crate::config::{self, write_atomically};
use crate::error::{CliError, Result};
use crate::t;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::rangeln::{Cell, Path, RoundInput};
use std::path::PathBuf;

/// Which command a draft belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DraftKind {
    RecordRangeln,
    RefereeRangeln,
}

impl DraftKind {
    fn file_stem(self) -> &'static str {
        match self {
            DraftKind::RecordRangeln => "record-rangeln",
            DraftKind::RefereeRangeln => "referee-rangeln",
        }
    }

    /// The command that resumes it: `spielstand referee rangeln`.
    pub fn command(self) -> &'static str {
        match self {
            DraftKind::RecordRangeln => "spielstand record rangeln",
            DraftKind::RefereeRangeln => "spielstand referee rangeln",
        }
    }
}

/// One entry of a round refereed live, in the order made: what `undo` takes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LiveEntry {
    Place {
        player: String,
        cell: Cell,
    },
    Path {
        player: String,
        path: Path,
    },
    /// The player ended the turn: no piece could go on.
    Stuck {
        player: String,
    },
}

/// A round being refereed live: its start (0-based game seat) and its entries so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveRound {
    pub start: usize,
    pub entries: Vec<LiveEntry>,
}

/// A game being entered.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Draft {
    /// Players in seat order.
    pub players: Vec<String>,
    /// The league to record it in (as typed), if any.
    pub league: Option<String>,
    /// The day it is played on, as given when it started (`--date`); without one, the
    /// day it is recorded, as for any game.
    #[serde(default)]
    pub date: Option<NaiveDate>,
    /// The rounds done, in order.
    pub rounds: Vec<RoundInput>,
    /// The round in play, refereed live.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<LiveRound>,
    pub saved_at: DateTime<Utc>,
}

impl Draft {
    pub fn new(players: Vec<String>, league: Option<String>, date: Option<NaiveDate>) -> Draft {
        Draft { players, league, date, rounds: Vec::new(), live: None, saved_at: Utc::now() }
    }

    fn file(kind: DraftKind) -> Result<PathBuf> {
        Ok(config::data_dir()?.join("drafts").join(format!("{}.json", kind.file_stem())))
    }

    /// The draft kept for `kind`, if there is one.
    pub fn load(kind: DraftKind) -> Result<Option<Draft>> {
        let path = Draft::file(kind)?;
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                let message = t!(
                    "draft-damaged",
                    path = path.display().to_string(),
                    error = e.to_string(),
                    command = kind.command()
                );
                CliError::local_from(message, Some(e.into()))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(CliError::local(t!("draft-unreadable", path = path.display().to_string()), e)),
        }
    }

    /// Keeps the draft as it is now, replacing the last one.
    pub fn save(&mut self, kind: DraftKind) -> Result<()> {
        self.saved_at = Utc::now();
        let json = serde_json::to_vec_pretty(self).map_err(|e| CliError::local(t!("draft-unencodable"), e))?;
        write_atomically(&Draft::file(kind)?, &json)?;
        crate::interrupt::keep(Some(kind.command()));
        Ok(())
    }

    /// Drops the draft of `kind`; whether there was one.
    pub fn discard(kind: DraftKind) -> Result<bool> {
        let path = Draft::file(kind)?;
        crate::interrupt::keep(None);
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(CliError::local(t!("draft-unremovable", path = path.display().to_string()), e)),
        }
    }

    /// "Anna, Ben, Cleo, 1 of 3 rounds done, saved 2026-11-24 19:42".
    pub fn describe(&self) -> String {
        let players = self.players.join(", ");
        let (done, rounds) = (self.rounds.len(), self.players.len());
        let saved = crate::lang::date_time(self.saved_at.with_timezone(&chrono::Local));
        if self.live.as_ref().is_some_and(|l| !l.entries.is_empty()) {
            t!("draft-describe-under-way", players = players, done = done, rounds = rounds, saved = saved)
        } else {
            t!("draft-describe", players = players, done = done, rounds = rounds, saved = saved)
        }
    }

    /// What keeps a new game from starting while this draft waits.
    pub fn in_the_way(&self, kind: DraftKind) -> CliError {
        CliError::input(t!("draft-in-the-way", draft = self.describe(), command = kind.command()))
    }
}

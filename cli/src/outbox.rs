//! Results waiting to be sent: one JSON file per result in `$XDG_DATA_HOME/spielstand/outbox`.
//!
//! A file is written (atomically) before a result is first sent and removed only once
//! the server has acknowledged it, so a result is never lost; each carries the
//! `Idempotency-Key` it is always sent with, so a result the server stored but whose
//! answer never arrived is recognised when it is sent again, and never counted twice.
//! File names start with the creation time, so sorting them gives the order of entry.
//! Results the server refuses are moved to `outbox/rejected` with the reason.

use crate::client::Client;
use crate::config::{self, write_atomically};
use crate::error::{CliError, Result, describe};
use crate::t;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::GameRecord;
use spielstand_wire::calls;
use std::path::{Path, PathBuf};

/// One result waiting to be sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    /// The id people type, kept through corrections (which send under a new key); left
    /// out, the key's first part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Sent as `Idempotency-Key` every time.
    pub key: String,
    pub created_at: DateTime<Utc>,
    /// The server it is meant for: `sync` sends it to no other.
    pub server: String,
    /// The league as the organiser typed it (a name or an id).
    pub league: String,
    /// The league's id, once known; fixed before the first send, so that every retry is
    /// the identical request.
    #[serde(default)]
    pub league_id: Option<i64>,
    pub record: GameRecord,
    /// Why the server refused it (only in `rejected/`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
}

impl Entry {
    pub fn new(server: &str, league: &str, league_id: Option<i64>, record: GameRecord) -> Entry {
        Entry {
            id: None,
            key: uuid::Uuid::new_v4().to_string(),
            created_at: Utc::now(),
            server: server.to_owned(),
            league: league.to_owned(),
            league_id,
            record,
            rejected: None,
        }
    }

    /// The short id people type (`spielstand outbox fix 3f1c2a9e`): the key's first part.
    pub fn short_id(&self) -> &str {
        self.id.as_deref().unwrap_or_else(|| self.key.split('-').next().unwrap_or(&self.key))
    }

    /// `Rangeln on 2026-11-20 for Winterliga (Anna, Ben, Cleo)`.
    pub fn describe(&self) -> String {
        let players: Vec<&str> = self.record.players.iter().map(|p| p.player.as_str()).collect();
        t!(
            "outbox-entry",
            game = self.record.game().name(),
            date = crate::lang::date(self.record.played_on),
            league = &self.league,
            players = players.join(", ")
        )
    }
}

pub struct Outbox {
    dir: PathBuf,
}

/// An entry and the file it lives in.
pub struct Pending {
    pub path: PathBuf,
    pub entry: Entry,
}

impl Outbox {
    pub fn open() -> Result<Outbox> {
        Ok(Outbox { dir: config::data_dir()?.join("outbox") })
    }

    #[cfg(test)]
    pub fn at(dir: PathBuf) -> Outbox {
        Outbox { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn rejected_dir(&self) -> PathBuf {
        self.dir.join("rejected")
    }

    /// Stores a new entry; returns its file.
    pub fn add(&self, entry: &Entry) -> Result<PathBuf> {
        let micros = entry.created_at.timestamp_micros();
        let path = self.dir.join(format!("{micros:020}-{}.json", entry.key));
        self.write(&path, entry)?;
        Ok(path)
    }

    /// Rewrites an entry in place (atomically).
    pub fn write(&self, path: &Path, entry: &Entry) -> Result<()> {
        let json = serde_json::to_vec_pretty(entry).map_err(|e| CliError::local(t!("outbox-cannot-encode"), e))?;
        write_atomically(path, &json)
    }

    /// Removes an entry the server has acknowledged.
    pub fn remove(&self, path: &Path) -> Result<()> {
        match std::fs::remove_file(path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(CliError::local(t!("outbox-cannot-remove", path = path.display().to_string()), e)),
        }
        config::sync_dir(&self.dir);
        Ok(())
    }

    /// Moves an entry the server refused to `rejected/`, with the reason.
    pub fn reject(&self, pending: &Pending, reason: &str) -> Result<PathBuf> {
        let mut entry = pending.entry.clone();
        entry.rejected = Some(reason.to_owned());
        let name = pending.path.file_name().expect("outbox files have names");
        let target = self.rejected_dir().join(name);
        self.write(&target, &entry)?;
        self.remove(&pending.path)?;
        Ok(target)
    }

    /// Every waiting entry, oldest first.
    pub fn pending(&self) -> Result<Vec<Pending>> {
        entries_in(&self.dir)
    }

    /// Every entry the server refused, oldest first.
    pub fn rejected(&self) -> Result<Vec<Pending>> {
        entries_in(&self.rejected_dir())
    }

    /// Sends one waiting entry. A refusal of the result itself is reported and the entry
    /// moved to `rejected/`; errors that stop sending (server gone, token refused) are
    /// returned, the entry staying where it is.
    pub fn send(&self, client: &Client, pending: &mut Pending) -> Result<Delivery> {
        let league_id = match pending.entry.league_id {
            Some(id) => id,
            None => match client.resolve_league(&pending.entry.league) {
                Ok((league, _)) => {
                    // Fixed before the first send: every retry is then the identical request.
                    pending.entry.league_id = Some(league.id);
                    self.write(&pending.path, &pending.entry)?;
                    league.id
                }
                Err(CliError::NotFound(detail)) => return self.refused(pending, detail),
                Err(e) => return Err(e),
            },
        };
        match client.send(calls::record_result(league_id, &pending.entry.record, Some(&pending.entry.key))) {
            Ok((stored, reply)) => {
                // Removed only now that the server has acknowledged it.
                self.remove(&pending.path)?;
                Ok(Delivery::Sent { result_id: stored.id, replayed: reply.replayed })
            }
            Err(CliError::Rejected(p))
                if !matches!(p.status, 401 | 403) && !CliError::Rejected(p.clone()).is_transient() =>
            {
                self.refused(pending, describe(&p))
            }
            Err(e) => Err(e),
        }
    }

    fn refused(&self, pending: &Pending, reason: String) -> Result<Delivery> {
        let moved = self.reject(pending, &reason)?;
        eprintln!(
            "{}",
            t!(
                "outbox-refused",
                entry = pending.entry.describe(),
                reason = &reason,
                file = moved.display().to_string(),
                id = pending.entry.short_id()
            )
        );
        Ok(Delivery::Refused { reason, file: moved })
    }
}

/// What became of one entry sent.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// Stored by the server; `replayed` when it had it from an earlier attempt.
    Sent { result_id: i64, replayed: bool },
    /// Refused by the server, and moved to `rejected/`.
    Refused { reason: String, file: PathBuf },
}

/// The entries in `dir`, oldest first.
fn entries_in(dir: &Path) -> Result<Vec<Pending>> {
    let read_dir = match std::fs::read_dir(dir) {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CliError::local(t!("outbox-cannot-read", path = dir.display().to_string()), e)),
    };
    let mut paths: Vec<PathBuf> = read_dir
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|x| x == "json")
                && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read(&path)
                .map_err(|e| CliError::local(t!("outbox-cannot-read", path = path.display().to_string()), e))?;
            let entry = serde_json::from_slice(&text)
                .map_err(|e| CliError::local(t!("outbox-not-an-entry", path = path.display().to_string()), e))?;
            Ok(Pending { path, entry })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> GameRecord {
        serde_json::from_value(serde_json::json!({
            "played_on": "2026-11-20",
            "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}],
            "game": "ghostbuster",
            "detail": {"order": [["Ben"], ["Anna"]]}
        }))
        .unwrap()
    }

    #[test]
    fn entries_come_back_in_order_and_leave_when_removed_or_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = Outbox::at(dir.path().join("outbox"));
        assert!(outbox.pending().unwrap().is_empty());
        let first = Entry::new("http://h:1", "Liga", None, record());
        let mut second = Entry::new("http://h:1", "Liga", Some(3), record());
        second.created_at = first.created_at + chrono::TimeDelta::microseconds(1);
        // Added out of order: the file names still sort by creation time.
        outbox.add(&second).unwrap();
        outbox.add(&first).unwrap();
        std::fs::write(outbox.dir().join(".tmp-half-written"), b"{").unwrap();
        let pending = outbox.pending().unwrap();
        assert_eq!(pending.iter().map(|p| p.entry.key.as_str()).collect::<Vec<_>>(), [&first.key, &second.key]);
        assert_eq!(pending[1].entry.league_id, Some(3));
        assert_eq!(pending[0].entry.record, record());

        let moved = outbox.reject(&pending[0], "no such league").unwrap();
        assert!(moved.starts_with(outbox.rejected_dir()));
        let kept: Entry = serde_json::from_slice(&std::fs::read(moved).unwrap()).unwrap();
        assert_eq!(kept.rejected.as_deref(), Some("no such league"));
        outbox.remove(&pending[1].path).unwrap();
        outbox.remove(&pending[1].path).unwrap();
        assert!(outbox.pending().unwrap().is_empty());
    }
}

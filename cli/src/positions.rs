//! Where each server's database stood after this client's last write there
//! (`Spielstand-Write-Position`), kept between runs and sent back with every request
//! (`Spielstand-Read-After`): a table read next, from any process of that server, even one
//! that reads from a replica, then includes the write.

use crate::config::{self, write_atomically};
use spielstand_wire::Position;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn file() -> Option<PathBuf> {
    config::data_dir().ok().map(|dir| dir.join("positions.json"))
}

fn load() -> BTreeMap<String, String> {
    // A lost or damaged file only means reads may come from a replica a moment behind.
    file().and_then(|path| std::fs::read(path).ok()).and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

/// The position of this client's last write to `server`, if it knows one.
pub fn last(server: &str) -> Option<Position> {
    load().get(server).and_then(|p| p.parse().ok())
}

/// Remembers `position` for `server`, unless a later one is known (writes of another
/// run of this client may have come back first).
pub fn remember(server: &str, position: Position) {
    let mut all = load();
    let known = all.get(server).and_then(|p| p.parse::<Position>().ok());
    if known.is_some_and(|known| known >= position) {
        return;
    }
    all.insert(server.to_owned(), position.to_string());
    if let (Some(path), Ok(json)) = (file(), serde_json::to_vec(&all)) {
        let _ = write_atomically(&path, &json);
    }
}

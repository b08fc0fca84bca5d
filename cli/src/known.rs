//! The players and leagues this laptop last saw on each server
//! (`$XDG_DATA_HOME/spielstand/players.json`, `leagues.json`), written whenever the CLI
//! reads them. A result is checked against them and sent in one request: the server's
//! lists are read again only when a typed name is not in the kept one (someone new, or a
//! typo, answered with the closest names at the table) or nothing is kept yet, and the
//! server checks everything again; a refusal that names the league's rules or players
//! reads them afresh for the next try. Offline they are all there is to check against.

use crate::client::Client;
use crate::config::{self, write_atomically};
use crate::error::{CliError, Result};
use crate::t;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use spielstand_core::same_name;
use spielstand_core::similar::closest;
use spielstand_wire::League;
use spielstand_wire::calls;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One server's players as last seen.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Seen {
    names: Vec<String>,
    at: DateTime<Utc>,
}

fn file(name: &str) -> Result<PathBuf> {
    Ok(config::data_dir()?.join(name))
}

fn load<T: DeserializeOwned + Default>(name: &str) -> T {
    // A damaged or missing file only means there is nothing to check offline.
    file(name)
        .ok()
        .and_then(|path| std::fs::read(path).ok())
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

fn save(name: &str, value: &impl Serialize) {
    // Only a convenience for later checks: failing to keep it stops nothing.
    if let (Ok(path), Ok(json)) = (file(name), serde_json::to_vec(value)) {
        let _ = write_atomically(&path, &json);
    }
}

const PLAYERS: &str = "players.json";
const LEAGUES: &str = "leagues.json";

/// Remembers `names` as the players of `server` now.
pub fn remember(server: &str, names: Vec<String>) {
    let mut all: BTreeMap<String, Seen> = load(PLAYERS);
    all.insert(server.to_owned(), Seen { names, at: Utc::now() });
    save(PLAYERS, &all);
}

/// Remembers `league` of `server` as it is now (its games, season and game options).
/// Written only when the league changed since: a record reads its league every time.
pub fn remember_league(server: &str, league: &League) {
    let mut all: BTreeMap<String, BTreeMap<i64, League>> = load(LEAGUES);
    let leagues = all.entry(server.to_owned()).or_default();
    let unchanged = leagues
        .get(&league.id)
        .is_some_and(|kept| kept.revision == league.revision && kept.updated_at == league.updated_at);
    if unchanged {
        return;
    }
    leagues.insert(league.id, league.clone());
    save(LEAGUES, &all);
}

/// Forgets what is kept of `server`'s players and `league`, after the server refused a
/// result for them: the next result reads them afresh.
pub fn forget(server: &str, league: i64) {
    let mut players: BTreeMap<String, Seen> = load(PLAYERS);
    if players.remove(server).is_some() {
        save(PLAYERS, &players);
    }
    let mut all: BTreeMap<String, BTreeMap<i64, League>> = load(LEAGUES);
    if all.get_mut(server).and_then(|leagues| leagues.remove(&league)).is_some() {
        save(LEAGUES, &all);
    }
}

/// The league of `server` that `typed` (a name or an id) names, as last seen.
pub fn league_seen(server: &str, typed: &str) -> Option<League> {
    let mut all: BTreeMap<String, BTreeMap<i64, League>> = load(LEAGUES);
    let leagues = all.remove(server)?;
    leagues.into_values().find(|l| same_name(&l.name, typed) || typed.trim() == l.id.to_string())
}

/// Reads the server's players to remember them, for checking names offline later; a
/// failure only means there is less to check against.
pub fn refresh(client: &Client) {
    let _ = players(client);
}

/// Players' names, and when they were seen if not just now.
type Known = (Vec<String>, Option<DateTime<Utc>>);

/// The players of the server, read from it (and remembered), or, while it cannot be
/// reached, as last seen, with when.
fn players(client: &Client) -> Result<Option<Known>> {
    match client.send(calls::list_players()) {
        Ok((players, _)) => {
            let names: Vec<String> = players.into_iter().map(|p| p.name).collect();
            remember(&client.server, names.clone());
            Ok(Some((names, None)))
        }
        Err(e) if e.is_transient() => {
            let mut all: BTreeMap<String, Seen> = load(PLAYERS);
            Ok(all.remove(&client.server).map(|seen| (seen.names, Some(seen.at))))
        }
        Err(e) => Err(e),
    }
}

/// "did you mean A, B or C?" for `suggestions`, if any.
pub fn did_you_mean(suggestions: &[String]) -> Option<String> {
    match suggestions {
        [] => None,
        [one] => Some(t!("did-you-mean", count = 1, names = one, last = one)),
        [init @ .., last] => Some(t!("did-you-mean", count = suggestions.len(), names = init.join(", "), last = last)),
    }
}

/// Checks that every one of `names` is a player of the server: the unknown names are
/// refused all in one answer, each with the closest known names. The kept list answers
/// when it has every name; otherwise the server's list is read (and kept). Offline, the
/// check uses the players last seen and says so; without any, nothing can be checked
/// here (the server checks when the result is sent).
/// Returns whether there was a list to check against.
pub fn check_names(client: &Client, names: &[String]) -> Result<bool> {
    // The kept list, when it has every name: nothing to ask the server.
    let kept: BTreeMap<String, Seen> = load(PLAYERS);
    if kept.get(&client.server).is_some_and(|seen| names.iter().all(|n| seen.names.iter().any(|k| same_name(k, n)))) {
        return Ok(true);
    }
    let Some((known, seen_at)) = players(client)? else { return Ok(false) };
    let unknown: Vec<&String> = names.iter().filter(|name| !known.iter().any(|k| same_name(k, name))).collect();
    if unknown.is_empty() {
        return Ok(true);
    }
    let each: Vec<String> = unknown
        .iter()
        .map(|name| {
            let suggestions = closest(name, known.iter().map(String::as_str));
            match did_you_mean(&suggestions) {
                Some(hint) => format!("{name:?} ({hint})"),
                None => format!("{name:?}"),
            }
        })
        .collect();
    let mut message = t!("unknown-players", count = each.len(), names = each.join(", "));
    let first = unknown.first().map_or("", |n| n.as_str());
    message.push_str("; ");
    message.push_str(&t!("someone-new", count = unknown.len(), name = first));
    if let Some(at) = seen_at {
        message.push_str("; ");
        message.push_str(&t!("checked-offline", at = crate::lang::date_time(at.with_timezone(&chrono::Local))));
    }
    Err(CliError::input(message))
}

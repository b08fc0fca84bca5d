//! What a league's tables are computed from, read for core's incremental [`LeagueState`]:
//! the league's newest snapshot and the changes logged after it, or when there is none
//! (or it cannot be read back) the whole league (a full load); then only what the change
//! log names (a catch-up); and the results a player's ratings are replayed from.

use super::counted;
use crate::db::DbConn;
use crate::db::schema::{players, result_players, results};
use crate::error::Result;
use crate::store::changes::{self, Subject};
use crate::store::leagues::{self, LeagueRow};
use crate::store::snapshots;
use chrono::NaiveDate;
use diesel::prelude::*;
use spielstand_core::{LeagueResult, LeagueState, Placing, ResultEntry};
use spielstand_wire::ResultStatus;
use std::collections::BTreeSet;

/// A league's tables' source, at one revision.
pub struct Projection {
    pub revision: i64,
    pub name: String,
    pub state: LeagueState,
    /// The revision of the newest snapshot of the league known to be stored (or being
    /// written) in this build's format; `None` when there is none.
    pub snapshot_revision: Option<i64>,
}

/// How [`load`] got a league.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loaded {
    /// From its snapshot at this revision, and the changes logged after it.
    Snapshot(i64),
    /// Every result read and replayed.
    Full,
}

/// The league as it is now: from its newest snapshot and the changes logged after it,
/// or, when there is no snapshot in this build's format, or it does not read back, or the
/// change log does not reach back to it, from every result ([`load_full`]).
pub fn load(conn: &mut DbConn, league_id: i64) -> Result<(Projection, Loaded)> {
    if let Some((revision, bytes)) = conn.read(|conn| snapshots::latest(conn, league_id))? {
        match LeagueState::from_snapshot(&bytes) {
            Ok(state) => {
                // Named as of the snapshot; the catch-up reads the league row again.
                let mut projection =
                    Projection { revision, name: String::new(), state, snapshot_revision: Some(revision) };
                if catch_up(conn, league_id, &mut projection)? {
                    return Ok((projection, Loaded::Snapshot(revision)));
                }
            }
            Err(refused) => tracing::info!(league_id, %refused, "snapshot not read back: loading the league in full"),
        }
    }
    Ok((load_full(conn, league_id)?, Loaded::Full))
}

/// Every live result of the league, its players' names and its rules, from one snapshot
/// of the database. The only full read of a league: a league without a usable snapshot,
/// in a process that does not hold it or whose copy fell behind the change log.
pub fn load_full(conn: &mut DbConn, league_id: i64) -> Result<Projection> {
    conn.read(|conn| {
        let league = leagues::row(conn, league_id)?;
        let mut state = LeagueState::new(league.rules()?);
        let rows: Vec<SeatRow> = results::table
            .inner_join(result_players::table)
            .filter(results::league_id.eq(league_id))
            .filter(counted())
            .order((results::id, result_players::seat))
            .select(SEAT_COLUMNS)
            .load(conn)?;
        for result in entries(rows)? {
            state.upsert(&result);
        }
        let in_league = result_players::table
            .inner_join(results::table)
            .filter(results::league_id.eq(league_id))
            .filter(results::status.eq(ResultStatus::Confirmed.slug()))
            .select(result_players::player_id);
        let names: Vec<(i64, String)> =
            players::table.filter(players::id.eq_any(in_league)).select((players::id, players::name)).load(conn)?;
        for (id, name) in names {
            state.set_player_name(id, &name);
        }
        Ok(Projection { revision: league.revision, name: league.name, state, snapshot_revision: None })
    })
}

/// Brings `projection` up to the league's current revision by reading only what changed
/// since; `Ok(false)` when the change log does not reach back that far (then [`load`]).
/// Nothing is applied unless everything was read.
pub fn catch_up(conn: &mut DbConn, league_id: i64, projection: &mut Projection) -> Result<bool> {
    let read = conn.read(|conn| -> Result<Option<Changed>> {
        let league = leagues::row(conn, league_id)?;
        let Some(subjects) = changes::between(conn, league_id, projection.revision, league.revision)? else {
            return Ok(None);
        };
        let mut result_ids = BTreeSet::new();
        let mut player_ids = BTreeSet::new();
        for subject in subjects {
            match subject {
                Subject::Result(id) => {
                    result_ids.insert(id);
                }
                Subject::Player(id) => {
                    player_ids.insert(id);
                }
                Subject::League => {}
            }
        }
        let ids: Vec<i64> = result_ids.into_iter().collect();
        let rows: Vec<SeatRow> = results::table
            .inner_join(result_players::table)
            .filter(results::id.eq_any(&ids))
            .filter(counted())
            .order((results::id, result_players::seat))
            .select(SEAT_COLUMNS)
            .load(conn)?;
        let live = entries(rows)?;
        // Names of renamed players, and of every player of a changed result (some may be
        // new to this league; a few more names cost less than a second query).
        player_ids.extend(live.iter().flat_map(|r| r.placings.iter().map(|&(p, _)| p)));
        let names: Vec<(i64, String)> = players::table
            .filter(players::id.eq_any(player_ids.into_iter().collect::<Vec<_>>()))
            .select((players::id, players::name))
            .load(conn)?;
        Ok(Some(Changed { league, ids, live, names }))
    })?;
    let Some(Changed { league, ids: changed, live, names }) = read else { return Ok(false) };
    let state = &mut projection.state;
    state.set_rules(league.rules()?);
    for id in changed {
        // Deleted, or about to be replaced by its new version.
        state.remove(id);
    }
    for result in &live {
        state.upsert(result);
    }
    for (id, name) in names {
        state.set_player_name(id, &name);
    }
    projection.revision = league.revision;
    projection.name = league.name;
    Ok(true)
}

/// What a catch-up read: the league row, every result id the log names, those of them
/// still live (with their seats), and the names of the players concerned.
struct Changed {
    league: LeagueRow,
    ids: Vec<i64>,
    live: Vec<ResultEntry>,
    names: Vec<(i64, String)>,
}

/// (result id, game, day, player id, place, team), ordered by result, then seat.
type SeatRow = (i64, String, NaiveDate, i64, i32, Option<i32>);

/// The columns a [`SeatRow`] is read from: one list for the full load and the catch-up.
const SEAT_COLUMNS: (
    results::id,
    results::game,
    results::played_on,
    result_players::player_id,
    result_players::place,
    result_players::team,
) = (
    results::id,
    results::game,
    results::played_on,
    result_players::player_id,
    result_players::place,
    result_players::team,
);

/// Folds seat rows into results, seats in order.
fn entries(rows: Vec<SeatRow>) -> Result<Vec<ResultEntry>> {
    let mut out: Vec<ResultEntry> = Vec::new();
    for (id, game, played_on, player, place, team) in rows {
        if out.last().is_none_or(|r| r.id != id) {
            let game = super::game_of(id, &game)?;
            out.push(ResultEntry { id, game, played_on, placings: Vec::new(), teams: Vec::new() });
        }
        let entry = out.last_mut().expect("pushed above");
        entry.placings.push((player, place as u32));
        if let Some(team) = team {
            entry.teams.push(team as u32);
        }
    }
    Ok(out)
}

/// Every live result, in any league, of the games `player_id` has played, up to `as_of`.
pub fn for_player_ratings(conn: &mut DbConn, player_id: i64, as_of: Option<NaiveDate>) -> Result<Vec<LeagueResult>> {
    conn.read(|conn| {
        let games: Vec<String> = results::table
            .inner_join(result_players::table)
            .filter(result_players::player_id.eq(player_id))
            .filter(counted())
            .select(results::game)
            .distinct()
            .load(conn)?;
        let mut query = results::table
            .inner_join(result_players::table.inner_join(players::table))
            .filter(results::game.eq_any(&games))
            .filter(counted())
            .into_boxed();
        if let Some(day) = as_of {
            query = query.filter(results::played_on.le(day));
        }
        let rows: Vec<PlacingRow> = query
            .order((results::id, result_players::seat))
            .select((
                results::id,
                results::game,
                results::played_on,
                result_players::place,
                result_players::team,
                players::name,
            ))
            .load(conn)?;
        group_placings(rows)
    })
}

/// (result id, game, day, place, team, name)
type PlacingRow = (i64, String, NaiveDate, i32, Option<i32>, String);

/// Folds placing rows, ordered by result, into results.
fn group_placings(rows: Vec<PlacingRow>) -> Result<Vec<LeagueResult>> {
    let mut out: Vec<LeagueResult> = Vec::new();
    for (id, game, played_on, place, team, name) in rows {
        if out.last().is_none_or(|r| r.id != id) {
            let game = super::game_of(id, &game)?;
            out.push(LeagueResult { id, game, played_on, placings: Vec::new() });
        }
        let placing = Placing { team: team.map(|t| t as u32), ..Placing::alone(name, place as u32) };
        out.last_mut().expect("pushed above").placings.push(placing);
    }
    Ok(out)
}

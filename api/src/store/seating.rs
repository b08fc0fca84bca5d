//! A club night's seating: check-in and the rounds drawn for the players present. The
//! draw itself is core's (`draw`); this module gathers what it needs from the night (who
//! is present, who sat together tonight and at the last nights, who started) and keeps
//! the round with its seed and predictions. Like the night, none of this changes a table,
//! so the league's revision stays as it is.

use super::{now, utc};
use crate::db::DbConn;
use crate::db::schema::{event_attendees, event_rounds, events, players, result_players, results};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::events::{self as nights, EventRow};
use crate::store::{leagues, players as people};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};
use serde_json::json;
use spielstand_core::draw::{DrawRequest, Entrant, draw, pair};
use spielstand_core::prediction::{predicted_places, win_probabilities};
use spielstand_core::{Skill, Slug};
use spielstand_wire::{Attendee, AuditAction, DrawInput, DrawnTable, MAX_SEED, PlayerRef, Prediction, Round, Seat};

/// Earlier nights whose pairs a swiss draw avoids after tonight's.
pub const RECENT_NIGHTS: i64 = 3;

/// What the league's views say of the players at the draw: each player's league-wide
/// skill and place in the table, and their points at the night so far.
#[derive(Debug, Default)]
pub struct Standing {
    pub skill: FxHashMap<String, Skill>,
    pub place: FxHashMap<String, u32>,
    pub night_points: FxHashMap<String, f64>,
    /// The rating model's performance spread.
    pub beta: f64,
}

/// A round as kept: players by id, in seat order, with the predictions at the draw.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredTable {
    seats: Vec<StoredSeat>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredSeat {
    player_id: i64,
    win: f64,
    place: u32,
}

#[derive(Debug, Clone, Queryable)]
struct RoundRow {
    event_id: i64,
    number: i32,
    game: String,
    request: String,
    tables: String,
    drawn_at: NaiveDateTime,
}

/// An open night: a closed one takes no check-in and no draw.
fn open_night(conn: &mut DbConn, event_id: i64) -> Result<EventRow> {
    let night = nights::row(conn, event_id)?;
    if let Some(closed) = night.closed_at {
        return Err(Error::EventClosed(said!(
            "api-club-night-was-closed-utc",
            event_id = event_id,
            title = format!("{:?}", night.title),
            m = closed.format("%Y-%m-%d %H:%M")
        )));
    }
    Ok(night)
}

/// The players `refs` name, in order; `field` names the request field for errors.
fn resolve(conn: &mut DbConn, field: &str, refs: &[PlayerRef]) -> Result<Vec<(i64, String)>> {
    let names: Vec<(String, String)> = refs
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            PlayerRef::Name(name) => Some((format!("{field}[{i}]"), name.clone())),
            PlayerRef::Id(_) => None,
        })
        .collect();
    let mut by_name = people::resolve(conn, &names)?.into_iter();
    refs.iter()
        .map(|r| match r {
            PlayerRef::Id(id) => people::get(conn, *id)
                .map(|p| (p.id, p.name))
                .map_err(|_| Error::InvalidBody(said!("api-there-no-player", field = field, id = id))),
            PlayerRef::Name(_) => Ok(by_name.next().map(|p| (p.id, p.name)).expect("resolved in order")),
        })
        .collect()
}

/// The one player `player` names (the merged name stands for the kept player).
pub fn resolve_one(conn: &mut DbConn, field: &str, player: &PlayerRef) -> Result<(i64, String)> {
    let found = resolve(conn, field, std::slice::from_ref(player))?;
    Ok(found.into_iter().next().expect("one asked, one found"))
}

/// The night's attendees, in the order they arrived.
pub fn attendees(conn: &mut DbConn, event_id: i64) -> Result<Vec<Attendee>> {
    let rows: Vec<(i64, String, NaiveDateTime)> = event_attendees::table
        .inner_join(players::table)
        .filter(event_attendees::event_id.eq(event_id))
        .order((event_attendees::checked_in_at, event_attendees::player_id))
        .select((players::id, players::name, event_attendees::checked_in_at))
        .load(conn)?;
    Ok(rows.into_iter().map(|(player_id, player, at)| Attendee { player_id, player, checked_in_at: utc(at) }).collect())
}

/// Checks players in to a night (someone already present stays so), audited as done
/// `by`; answers everyone present.
pub fn check_in(conn: &mut DbConn, by: Actor, event_id: i64, refs: &[PlayerRef]) -> Result<Vec<Attendee>> {
    if refs.is_empty() {
        return Err(Error::InvalidBody(said!("api-players-name-least-one-player")));
    }
    conn.write(|conn| {
        let night = open_night(conn, event_id)?;
        let found = resolve(conn, "players", refs)?;
        let present: FxHashSet<i64> = attendees(conn, event_id)?.into_iter().map(|a| a.player_id).collect();
        let t = now();
        let mut arrived = Vec::new();
        for (id, name) in found {
            if present.contains(&id) || arrived.iter().any(|(a, _)| *a == id) {
                continue;
            }
            diesel::insert_into(event_attendees::table)
                .values((
                    event_attendees::event_id.eq(event_id),
                    event_attendees::player_id.eq(id),
                    event_attendees::checked_in_at.eq(t),
                ))
                .execute(conn)?;
            arrived.push((id, name));
        }
        if !arrived.is_empty() {
            let names: Vec<&str> = arrived.iter().map(|(_, n)| n.as_str()).collect();
            let detail = json!({"checked_in": names});
            audit::log(conn, by, AuditAction::AttendeesChanged, Some(night.league_id), Some(event_id), detail)?;
        }
        attendees(conn, event_id)
    })
}

/// Checks a player out of a night, audited as done `by`. Someone not present is a 404.
pub fn check_out(conn: &mut DbConn, by: Actor, event_id: i64, player_id: i64) -> Result<()> {
    conn.write(|conn| {
        let night = open_night(conn, event_id)?;
        let gone = diesel::delete(
            event_attendees::table
                .filter(event_attendees::event_id.eq(event_id))
                .filter(event_attendees::player_id.eq(player_id)),
        )
        .execute(conn)?;
        if gone == 0 {
            return Err(Error::NotFound(said!(
                "api-player-event-does-not-exist",
                player_id = player_id,
                event_id = event_id
            )));
        }
        let name = people::get(conn, player_id)?.name;
        let detail = json!({"checked_out": [name]});
        audit::log(conn, by, AuditAction::AttendeesChanged, Some(night.league_id), Some(event_id), detail)
    })
}

/// Draws a night's next round (`number` `None`) or draws round `number` again, which is
/// refused once one of its tables has a result. Audited as done `by`.
pub fn draw_round(
    conn: &mut DbConn,
    by: Actor,
    event_id: i64,
    number: Option<u32>,
    input: &DrawInput,
    standing: &Standing,
    fresh_seed: u64,
) -> Result<Round> {
    if input.seed.is_some_and(|s| s > MAX_SEED) {
        return Err(Error::InvalidBody(said!("api-seed-most", max_seed = MAX_SEED)));
    }
    conn.write(|conn| {
        let night = open_night(conn, event_id)?;
        let rules = leagues::row(conn, night.league_id)?.rules()?;
        rules.admits(input.game, night.held_on)?;
        let drawn = rounds(conn, event_id)?;
        let number = match number {
            None => drawn.last().map_or(1, |r| r.number + 1),
            Some(n) => {
                let Some(round) = drawn.iter().find(|r| r.number == n) else {
                    return Err(Error::NotFound(said!("api-round-event-does-not-exist", n = n, event_id = event_id)));
                };
                if let Some(done) = round.tables.iter().find(|t| t.result_id.is_some()) {
                    return Err(Error::Conflict(said!(
                        "api-round-event-has-result-table",
                        n = n,
                        event_id = event_id,
                        number = done.number,
                        unwrap_or_default = done.result_id.unwrap_or_default()
                    )));
                }
                n
            }
        };
        let present = attendees(conn, event_id)?;
        let name_of: FxHashMap<i64, &str> = present.iter().map(|a| (a.player_id, a.player.as_str())).collect();
        let checked_in = |field: &str, id: i64, name: &str| {
            if name_of.contains_key(&id) {
                Ok(())
            } else {
                Err(Error::Rule(spielstand_core::Error::NotCheckedIn {
                    player: name.to_owned(),
                    field: field.to_owned(),
                }))
            }
        };
        let mut pins = Vec::new();
        for (key, &table) in &input.pin {
            let r = key.parse::<i64>().map_or_else(|_| PlayerRef::Name(key.clone()), PlayerRef::Id);
            let (id, name) = resolve(conn, &format!("pin.{key}"), &[r])?.remove(0);
            checked_in("pin", id, &name)?;
            pins.push((id, table));
        }
        let mut apart = Vec::new();
        for (i, [a, b]) in input.apart.iter().enumerate() {
            let both = resolve(conn, &format!("apart[{i}]"), &[a.clone(), b.clone()])?;
            for (id, name) in &both {
                checked_in("apart", *id, name)?;
            }
            if both[0].0 == both[1].0 {
                return Err(Error::InvalidBody(said!("api-apart-cannot-sit-apart-from", i = i, both = both[0].1)));
            }
            apart.push((both[0].0, both[1].0));
        }
        // Tonight: the pairs of the other rounds and of every game of the night; who
        // started a table of another round.
        let mut tonight = FxHashSet::default();
        let mut started = FxHashSet::default();
        for round in drawn.iter().filter(|r| r.number != number) {
            for table in &round.tables {
                add_pairs(&mut tonight, table.seats.iter().map(|s| s.player_id));
                started.extend(table.seats.first().map(|s| s.player_id));
            }
        }
        for seats in game_seats(conn, &[event_id])?.values() {
            add_pairs(&mut tonight, seats.iter().copied());
        }
        let earlier: Vec<i64> = events::table
            .filter(events::league_id.eq(night.league_id))
            .filter(events::held_on.lt(night.held_on))
            .order((events::held_on.desc(), events::id.desc()))
            .limit(RECENT_NIGHTS)
            .select(events::id)
            .load(conn)?;
        let mut recently = FxHashSet::default();
        for seats in game_seats(conn, &earlier)?.values() {
            add_pairs(&mut recently, seats.iter().copied());
        }
        let last_place = standing.place.values().copied().max().unwrap_or(0) + 1;
        let entrants: Vec<Entrant> = present
            .iter()
            .map(|a| Entrant {
                id: a.player_id,
                name: a.player.clone(),
                rating: skill_of(standing, &a.player).rating_display,
                standing: standing.place.get(&a.player).copied().unwrap_or(last_place),
                night_points: standing.night_points.get(&a.player).copied().unwrap_or(0.0),
                started: started.contains(&a.player_id),
            })
            .collect();
        let seed = input.seed.unwrap_or(fresh_seed);
        let request = DrawRequest {
            game: input.game,
            method: input.method,
            size: input.size.map(|s| s as usize),
            seed,
            entrants: &entrants,
            pins: &pins,
            apart: &apart,
            met_tonight: &tonight,
            met_recently: &recently,
        };
        let seating = draw(&request)?;
        let tables: Vec<StoredTable> = seating
            .iter()
            .map(|ids| {
                let skills: Vec<Skill> = ids.iter().map(|id| skill_of(standing, name_of[id])).collect();
                let win = win_probabilities(&skills, standing.beta);
                let place = predicted_places(&win);
                let seats = ids
                    .iter()
                    .zip(win.iter().zip(place))
                    .map(|(&player_id, (&win, place))| StoredSeat { player_id, win, place })
                    .collect();
                StoredTable { seats }
            })
            .collect();
        let resolved = DrawInput { seed: Some(seed), ..input.clone() };
        let drawn_at = now();
        let row = (
            event_rounds::event_id.eq(event_id),
            event_rounds::number.eq(number as i32),
            event_rounds::game.eq(input.game.slug()),
            event_rounds::request.eq(serde_json::to_string(&resolved)?),
            event_rounds::tables.eq(serde_json::to_string(&tables)?),
            event_rounds::drawn_at.eq(drawn_at),
        );
        diesel::delete(
            event_rounds::table
                .filter(event_rounds::event_id.eq(event_id))
                .filter(event_rounds::number.eq(number as i32)),
        )
        .execute(conn)?;
        diesel::insert_into(event_rounds::table).values(row).execute(conn).map_err(|e| {
            super::unique_as_conflict(e, || said!("api-round-drawn-meanwhile", number = number, event_id = event_id))
        })?;
        // Everyone seated is present, and a round just drawn has no result yet.
        let round = round(event_id, number, resolved, tables, drawn_at, |id| Ok(name_of[&id].to_owned()))?;
        audit::log(conn, by, AuditAction::RoundDrawn, Some(night.league_id), Some(event_id), json!(round))?;
        Ok(round)
    })
}

fn skill_of(standing: &Standing, name: &str) -> Skill {
    standing.skill.get(name).copied().unwrap_or_else(Skill::newcomer)
}

fn add_pairs(set: &mut FxHashSet<(i64, i64)>, players: impl Iterator<Item = i64> + Clone) {
    let all: Vec<i64> = players.collect();
    for (i, &a) in all.iter().enumerate() {
        for &b in &all[i + 1..] {
            set.insert(pair(a, b));
        }
    }
}

/// The live games of `nights`: each result's players by id.
fn game_seats(conn: &mut DbConn, nights: &[i64]) -> Result<FxHashMap<i64, Vec<i64>>> {
    let rows: Vec<(i64, i64)> = result_players::table
        .inner_join(results::table)
        .filter(results::event_id.eq_any(nights))
        .filter(results::deleted_at.is_null())
        .select((result_players::result_id, result_players::player_id))
        .load(conn)?;
    let mut seats: FxHashMap<i64, Vec<i64>> = FxHashMap::default();
    for (result, player) in rows {
        seats.entry(result).or_default().push(player);
    }
    Ok(seats)
}

/// A night's rounds in order, each table with its result once one is recorded: a live
/// result of the night, of the round's game, by exactly the table's players, recorded
/// after the draw. Each result belongs to one table at most: the latest round's drawn
/// before it was recorded.
pub fn rounds(conn: &mut DbConn, event_id: i64) -> Result<Vec<Round>> {
    let rows: Vec<RoundRow> =
        event_rounds::table.filter(event_rounds::event_id.eq(event_id)).order(event_rounds::number).load(conn)?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let games: Vec<(i64, String, NaiveDateTime, String)> = results::table
        .filter(results::event_id.eq(event_id))
        .filter(results::deleted_at.is_null())
        .order(results::id)
        .select((results::id, results::game, results::created_at, results::status))
        .load(conn)?;
    let mut seats = game_seats(conn, &[event_id])?;
    seats.values_mut().for_each(|s| s.sort_unstable());
    let names: FxHashMap<i64, String> = players::table
        .inner_join(event_attendees::table)
        .filter(event_attendees::event_id.eq(event_id))
        .select((players::id, players::name))
        .load(conn)?
        .into_iter()
        .collect();
    let mut out = Vec::with_capacity(rows.len());
    // Per round: when it was drawn and its game, to match results.
    let mut keys: Vec<(NaiveDateTime, String)> = Vec::with_capacity(rows.len());
    for row in rows {
        let (event, number) = (row.event_id, row.number);
        let input: DrawInput = crate::store::stored_json(&row.request, || {
            said!("api-stored-round-request", number = number, event = event)
        })?;
        let tables: Vec<StoredTable> = crate::store::stored_json(&row.tables, || {
            said!("api-stored-round-tables", number = number, event = event)
        })?;
        // A player checked out after the draw keeps their seat, under their name.
        let name = |id: i64| match names.get(&id) {
            Some(name) => Ok(name.clone()),
            None => Ok(people::get(conn, id)?.name),
        };
        out.push(round(row.event_id, row.number as u32, input, tables, row.drawn_at, name)?);
        keys.push((row.drawn_at, row.game));
    }
    // Each result, in the order recorded, belongs to the latest round drawn before it with
    // a table of its game and exactly its players that has no result yet.
    for (id, game, at, status) in &games {
        let Some(players) = seats.get(id) else { continue };
        let table = (0..out.len()).rev().filter(|&r| keys[r].0 <= *at && keys[r].1 == *game).find_map(|r| {
            let t = out[r].tables.iter().position(|t| t.result_id.is_none() && sorted_ids(t) == *players)?;
            Some((r, t))
        });
        if let Some((r, t)) = table {
            out[r].tables[t].result_id = Some(*id);
            out[r].tables[t].result_status = Some(crate::store::results::status_of(*id, status)?);
        }
    }
    Ok(out)
}

/// The size of the table a member enters `game` at with their pass of night `event_id`:
/// the table of the night's latest round of that game where `player` sits. Refused: no such table yet
/// (422), a result naming other players than the table's (422), a table that already has
/// a result, in any status (409, naming it).
pub fn table_of(
    conn: &mut DbConn,
    event_id: i64,
    player_id: i64,
    player: &str,
    game: spielstand_core::GameKind,
    players: &[i64],
) -> Result<usize> {
    let rounds = rounds(conn, event_id)?;
    let found = rounds
        .iter()
        .rev()
        .filter(|r| r.game == game)
        .find_map(|r| r.tables.iter().find(|t| t.seats.iter().any(|s| s.player_id == player_id)).map(|t| (r, t)));
    let Some((round, table)) = found else {
        return Err(Error::InvalidBody(said!(
            "api-game-has-no-table-club",
            player = player,
            game_slug = game.slug(),
            event_id = event_id
        )));
    };
    let mut sent = players.to_vec();
    sent.sort_unstable();
    if sent != sorted_ids(table) {
        let names: Vec<&str> = table.seats.iter().map(|s| s.player.as_str()).collect();
        return Err(Error::InvalidBody(said!(
            "api-players-result-table-round-names",
            number = table.number,
            number2 = round.number,
            join = names.join(", ")
        )));
    }
    if let Some(result) = table.result_id {
        let status = table.result_status.map_or("confirmed", |s| s.slug());
        return Err(Error::Conflict(said!(
            "api-table-round-already-has-result",
            number = table.number,
            number2 = round.number,
            result = result,
            status = status
        )));
    }
    Ok(table.seats.len())
}

/// A round as answered, from what is kept of it; `name` gives a seated player's name.
fn round(
    event_id: i64,
    number: u32,
    input: DrawInput,
    tables: Vec<StoredTable>,
    drawn_at: NaiveDateTime,
    mut name: impl FnMut(i64) -> Result<String>,
) -> Result<Round> {
    let mut drawn = Vec::with_capacity(tables.len());
    for (t, table) in tables.into_iter().enumerate() {
        let mut seats = Vec::with_capacity(table.seats.len());
        for (s, seat) in table.seats.into_iter().enumerate() {
            seats.push(Seat {
                seat: s as u32 + 1,
                player: name(seat.player_id)?,
                player_id: seat.player_id,
                start: s == 0,
                prediction: Prediction { win: seat.win, place: seat.place },
            });
        }
        drawn.push(DrawnTable { number: t as u32 + 1, seats, result_id: None, result_status: None });
    }
    Ok(Round {
        event_id,
        number,
        game: input.game,
        method: input.method,
        seed: input.seed.unwrap_or_default(),
        size: input.size,
        pin: input.pin,
        apart: input.apart,
        drawn_at: utc(drawn_at),
        tables: drawn,
    })
}

/// A table's players by id, sorted: what a result's players are compared with.
fn sorted_ids(table: &DrawnTable) -> Vec<i64> {
    let mut ids: Vec<i64> = table.seats.iter().map(|s| s.player_id).collect();
    ids.sort_unstable();
    ids
}

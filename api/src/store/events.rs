//! Club nights (events) of a league: the night itself, and the link from a result to it.
//! A night changes no table by itself (its results do), so its writes leave the league's
//! revision alone.

use super::{now, utc};
use crate::db::DbConn;
use crate::db::schema::{event_attendees, event_rounds, events, results};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::leagues;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use serde_json::json;
use spielstand_wire::{AuditAction, Event, EventInput, MAX_EVENT_TEXT};
use std::collections::HashMap;

#[derive(Debug, Clone, Queryable)]
pub struct EventRow {
    pub id: i64,
    pub league_id: i64,
    pub title: String,
    pub held_on: NaiveDate,
    pub location: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub closed_at: Option<NaiveDateTime>,
    /// The token that started it (`None` for nights older than this record, and those
    /// started on the server's command line).
    pub created_by: Option<String>,
}

impl EventRow {
    pub fn into_event(self, games: i64) -> Event {
        Event {
            id: self.id,
            league_id: self.league_id,
            title: self.title,
            date: self.held_on,
            location: self.location,
            games,
            created_at: utc(self.created_at),
            updated_at: utc(self.updated_at),
            closed_at: self.closed_at.map(utc),
        }
    }
}

/// A title or location: visible text of at most [`MAX_EVENT_TEXT`] characters, as core
/// checks every free text people read.
fn check_text(field: &str, text: &str) -> Result<()> {
    spielstand_core::names::check_text(field, text, MAX_EVENT_TEXT).map_err(Error::from)
}

fn check(input: &EventInput) -> Result<()> {
    check_text("title", &input.title)?;
    // A night's games are on its date, so the night is dated as a game is (docs/rules.md "Dates").
    spielstand_core::dates::check_played("date", input.date, chrono::Utc::now().date_naive())?;
    input.location.as_deref().map_or(Ok(()), |l| check_text("location", l))
}

/// Live results that name the night.
fn games(conn: &mut DbConn, event_id: i64) -> Result<i64> {
    Ok(results::table
        .filter(results::event_id.eq(event_id))
        .filter(results::deleted_at.is_null())
        .count()
        .get_result(conn)?)
}

pub fn row(conn: &mut DbConn, id: i64) -> Result<EventRow> {
    events::table
        .find(id)
        .first(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-event-does-not-exist", id = id)))
}

/// Adds a night to a league, audited as done `by`.
pub fn create(conn: &mut DbConn, by: Actor, league_id: i64, input: &EventInput) -> Result<Event> {
    check(input)?;
    conn.write(|conn| {
        let league = leagues::row(conn, league_id)?;
        if !league.rules()?.season.contains(input.date) {
            return Err(Error::InvalidBody(said!(
                "api-date-outside-season-league-so",
                date = input.date,
                league_id = league_id
            )));
        }
        let t = now();
        let row: EventRow = diesel::insert_into(events::table)
            .values((
                events::league_id.eq(league_id),
                events::title.eq(&input.title),
                events::held_on.eq(input.date),
                events::location.eq(&input.location),
                events::created_at.eq(t),
                events::updated_at.eq(t),
                events::created_by.eq(match by {
                    Actor::Token(name) => Some(name.to_owned()),
                    Actor::CommandLine => None,
                }),
            ))
            .returning(events::all_columns)
            .get_result(conn)?;
        audit::log(conn, by, AuditAction::EventCreated, Some(league_id), Some(row.id), json!(input))?;
        Ok(row.into_event(0))
    })
}

/// A league's nights, oldest first.
pub fn list(conn: &mut DbConn, league_id: i64) -> Result<Vec<Event>> {
    conn.read(|conn| {
        leagues::row(conn, league_id)?;
        let rows: Vec<EventRow> =
            events::table.filter(events::league_id.eq(league_id)).order((events::held_on, events::id)).load(conn)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let counts: HashMap<i64, i64> = results::table
            .filter(results::event_id.eq_any(&ids))
            .filter(crate::store::results::counted())
            .group_by(results::event_id)
            .select((results::event_id.assume_not_null(), diesel::dsl::count_star()))
            .load::<(i64, i64)>(conn)?
            .into_iter()
            .collect();
        Ok(rows
            .into_iter()
            .map(|r| {
                let n = counts.get(&r.id).copied().unwrap_or(0);
                r.into_event(n)
            })
            .collect())
    })
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<Event> {
    conn.read(|conn| {
        let row = row(conn, id)?;
        let n = games(conn, id)?;
        Ok(row.into_event(n))
    })
}

/// Replaces a night's title, date and location. Its games are on its date, so the date
/// moves only while it has none. Audited as done `by`, with the night before.
pub fn update(conn: &mut DbConn, by: Actor, id: i64, input: &EventInput) -> Result<Event> {
    check(input)?;
    conn.write(|conn| {
        let old = row(conn, id)?;
        let n = games(conn, id)?;
        if input.date != old.held_on && n > 0 {
            return Err(Error::InvalidBody(said!(
                "api-date-event-has-game-s",
                id = id,
                n = n,
                held_on = old.held_on,
                date = input.date
            )));
        }
        let before = old.into_event(n);
        let row: EventRow = diesel::update(events::table.find(id))
            .set((
                events::title.eq(&input.title),
                events::held_on.eq(input.date),
                events::location.eq(&input.location),
                events::updated_at.eq(now()),
            ))
            .returning(events::all_columns)
            .get_result(conn)?;
        let detail = json!({"before": before, "after": input});
        audit::log(conn, by, AuditAction::EventChanged, Some(row.league_id), Some(id), detail)?;
        Ok(row.into_event(n))
    })
}

/// Deletes a night without games. One with games is refused: its results would lose
/// their night silently. Audited as done `by`, with the night as it was.
pub fn delete(conn: &mut DbConn, by: Actor, id: i64) -> Result<()> {
    conn.write(|conn| {
        let old = row(conn, id)?;
        let n = games(conn, id)?;
        if n > 0 {
            return Err(Error::Conflict(said!("api-event-has-game-s-delete", id = id, n = n)));
        }
        // Deleted results still name it; their history keeps the record as entered, so
        // the link itself can go with the night.
        diesel::update(results::table.filter(results::event_id.eq(id)))
            .set(results::event_id.eq(None::<i64>))
            .execute(conn)?;
        // Its seating goes with it: check-ins and drawn rounds are the night's own.
        diesel::delete(event_rounds::table.filter(event_rounds::event_id.eq(id))).execute(conn)?;
        diesel::delete(event_attendees::table.filter(event_attendees::event_id.eq(id))).execute(conn)?;
        diesel::delete(events::table.find(id)).execute(conn)?;
        let (league_id, before) = (old.league_id, old.into_event(n));
        audit::log(conn, by, AuditAction::EventDeleted, Some(league_id), Some(id), json!(before))
    })
}

/// Closes a night: results naming it are refused from then on (corrections of its own
/// results go on). Closing a closed night again changes nothing and writes no audit
/// entry; closing it now is audited as done `by`.
pub fn close(conn: &mut DbConn, by: Actor, id: i64) -> Result<Event> {
    conn.write(|conn| {
        let old = row(conn, id)?;
        let n = games(conn, id)?;
        if old.closed_at.is_some() {
            return Ok(old.into_event(n));
        }
        let t = now();
        let row: EventRow = diesel::update(events::table.find(id))
            .set((events::closed_at.eq(Some(t)), events::updated_at.eq(t)))
            .returning(events::all_columns)
            .get_result(conn)?;
        let event = row.into_event(n);
        let detail = json!({"title": event.title, "date": event.date, "games": event.games});
        audit::log(conn, by, AuditAction::EventClosed, Some(event.league_id), Some(id), detail)?;
        Ok(event)
    })
}

/// Checks that a game of `league_id` on `played_on` may name night `event_id`; `already`
/// when the game belongs to it already (a correction), which a closed night still takes.
pub fn admit(conn: &mut DbConn, league_id: i64, event_id: i64, played_on: NaiveDate, already: bool) -> Result<()> {
    let event: Option<EventRow> = events::table.find(event_id).first(conn).optional()?;
    let Some(event) = event else {
        return Err(Error::InvalidBody(said!("api-event-id-there-no-event", event_id = event_id)));
    };
    if event.league_id != league_id {
        return Err(Error::EventMismatch(said!(
            "api-event-id-event-belongs-league",
            event_id = event_id,
            league_id = event.league_id,
            league_id2 = league_id
        )));
    }
    if event.held_on != played_on {
        return Err(Error::EventMismatch(said!(
            "api-event-id-event-but-game",
            event_id = event_id,
            title = format!("{:?}", event.title),
            held_on = event.held_on,
            played_on = played_on
        )));
    }
    if let Some(closed) = event.closed_at.filter(|_| !already) {
        return Err(Error::EventClosed(said!(
            "api-event-id-club-night-was",
            event_id = event_id,
            title = format!("{:?}", event.title),
            held_on = event.held_on,
            m = closed.format("%Y-%m-%d %H:%M")
        )));
    }
    Ok(())
}

/// The nights held on `day` that are still open, with their league's name: tonight's.
pub fn open_on(conn: &mut DbConn, day: NaiveDate) -> Result<Vec<(Event, String)>> {
    let rows: Vec<(EventRow, String)> = events::table
        .inner_join(crate::db::schema::leagues::table)
        .filter(events::held_on.eq(day))
        .filter(events::closed_at.is_null())
        .order(events::id)
        .select((events::all_columns, crate::db::schema::leagues::name))
        .load(conn)?;
    rows.into_iter().map(|(row, league)| Ok((row.into_event(0), league))).collect()
}

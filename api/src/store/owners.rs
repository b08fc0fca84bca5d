//! Which league a club night, a webhook, a result or a postal game belongs to, and who recorded a
//! result: what the access check holds a token to (`http::access`).

use crate::db::DbConn;
use crate::db::schema::{events, postal_games, results, webhooks};
use crate::error::Result;
use diesel::prelude::*;

/// The things of a league that have ids of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owned {
    Event,
    Webhook,
    Result,
    PostalGame,
}

impl Owned {
    /// In German words: "Spieleabend", "Webhook", "Ergebnis".
    pub fn noun_de(self) -> &'static str {
        match self {
            Owned::Event => "Spieleabend",
            Owned::Webhook => "Webhook",
            Owned::Result => "Ergebnis",
            Owned::PostalGame => "Postspiel",
        }
    }

    /// For messages: "club night", "webhook", "result".
    pub fn noun(self) -> &'static str {
        match self {
            Owned::Event => "club night",
            Owned::Webhook => "webhook",
            Owned::Result => "result",
            Owned::PostalGame => "postal game",
        }
    }
}

/// The league of `kind` number `id`; `None` when there is no such thing.
pub fn league_of(conn: &mut DbConn, kind: Owned, id: i64) -> Result<Option<i64>> {
    Ok(match kind {
        Owned::Event => events::table.find(id).select(events::league_id).first(conn).optional()?,
        Owned::Webhook => webhooks::table.find(id).select(webhooks::league_id).first(conn).optional()?,
        Owned::Result => results::table.find(id).select(results::league_id).first(conn).optional()?,
        Owned::PostalGame => postal_games::table.find(id).select(postal_games::league_id).first(conn).optional()?,
    })
}

/// Who started club night `id`: `None` when there is no such night, `Some(None)` for a
/// night older than this record (or started on the server's command line).
pub fn night_started_by(conn: &mut DbConn, id: i64) -> Result<Option<Option<String>>> {
    Ok(events::table.find(id).select(events::created_by).first(conn).optional()?)
}

/// The club night result `id` names: `None` when there is no such result, `Some(None)`
/// for a result of no night.
pub fn night_of_result(conn: &mut DbConn, id: i64) -> Result<Option<Option<i64>>> {
    Ok(results::table.find(id).select(results::event_id).first(conn).optional()?)
}

/// Where a result came from, as the access check decides who may change it. Neither
/// changes once the result exists, so reading it before the write races with nothing.
#[derive(Debug, Clone)]
pub struct Origin {
    /// The token that recorded it (`None` for a result older than its history).
    pub recorded_by: Option<String>,
    /// A member entered it at the table with a night pass.
    pub entered_by_pass: bool,
    /// Its revision now, for the message that asks for it.
    pub revision: i64,
}

/// The origin of result `id`; `None` when there is no such result.
pub fn origin_of_result(conn: &mut DbConn, id: i64) -> Result<Option<Origin>> {
    let Some((entered_by_pass, revision)) = results::table
        .find(id)
        .select((results::entered_by_pass, results::revision))
        .first::<(Option<i64>, i64)>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let recorded_by = crate::store::results::history::recorded_by(conn, id)?;
    Ok(Some(Origin { recorded_by, entered_by_pass: entered_by_pass.is_some(), revision }))
}

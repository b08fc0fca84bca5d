//! The postal games' mails: every report a resolved round sends to a hare with an address
//! and to the game master, queued in the round's transaction (so none is lost and none is
//! made twice), taken by the mail task of one process at a time, and its delivery or its
//! last failure kept for the game master.

use super::{now, utc};
use crate::db::DbConn;
use crate::db::schema::{postal_games, postal_hares, postal_mails};
use crate::error::{Error, Result};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use spielstand_wire::PostalMail;

/// Tries before the server gives up on a mail (the game master sees why).
pub const MAX_ATTEMPTS: i32 = 8;

/// How long a mail taken by a task is not taken by another: longer than any one try.
const CLAIM: i64 = 120;

/// A mail to send now.
#[derive(Debug, Clone)]
pub struct Due {
    pub id: i64,
    pub game_id: i64,
    pub round: u32,
    pub hare: Option<String>,
    pub recipient: String,
    pub attempts: u32,
}

/// Queues round `round`'s report of game `game_id` for every hare with an address (by
/// seat) and the game master's copy. Call it in the round's transaction.
pub fn queue(conn: &mut DbConn, game_id: i64, round: u32, names: &[String]) -> Result<usize> {
    let t = now();
    let hares: Vec<(i32, Option<String>)> = postal_hares::table
        .filter(postal_hares::game_id.eq(game_id))
        .order(postal_hares::seat)
        .select((postal_hares::seat, postal_hares::address))
        .load(conn)?;
    let master: Option<String> = postal_games::table.find(game_id).select(postal_games::master_address).first(conn)?;
    let mut to: Vec<(Option<String>, String)> = hares
        .into_iter()
        .filter_map(|(seat, address)| Some((names.get(seat as usize - 1).cloned(), address?)))
        .collect();
    to.extend(master.map(|address| (None, address)));
    for (hare, recipient) in &to {
        diesel::insert_into(postal_mails::table)
            .values((
                postal_mails::game_id.eq(game_id),
                postal_mails::round.eq(round as i32),
                postal_mails::hare.eq(hare),
                postal_mails::recipient.eq(recipient),
                postal_mails::attempts.eq(0),
                postal_mails::next_at.eq(t),
                postal_mails::created_at.eq(t),
            ))
            .execute(conn)?;
    }
    Ok(to.len())
}

/// The mails due now (at most `limit`), each taken for this task: another process's task
/// skips it until the claim runs out.
pub fn take_due(conn: &mut DbConn, limit: i64) -> Result<Vec<Due>> {
    let t = now();
    type Row = (i64, i64, i32, Option<String>, String, i32, NaiveDateTime);
    let due: Vec<Row> = postal_mails::table
        .filter(postal_mails::sent_at.is_null())
        .filter(postal_mails::next_at.le(t))
        .filter(postal_mails::attempts.lt(MAX_ATTEMPTS))
        .order(postal_mails::id)
        .limit(limit)
        .select((
            postal_mails::id,
            postal_mails::game_id,
            postal_mails::round,
            postal_mails::hare,
            postal_mails::recipient,
            postal_mails::attempts,
            postal_mails::next_at,
        ))
        .load(conn)?;
    let mut taken = Vec::with_capacity(due.len());
    for (id, game_id, round, hare, recipient, attempts, next_at) in due {
        // Taken only if nobody moved it on since it was read.
        let claimed = diesel::update(postal_mails::table.find(id).filter(postal_mails::next_at.eq(next_at)))
            .set(postal_mails::next_at.eq(t + Duration::seconds(CLAIM)))
            .execute(conn)?;
        if claimed == 1 {
            taken.push(Due { id, game_id, round: round as u32, hare, recipient, attempts: attempts as u32 });
        }
    }
    Ok(taken)
}

/// Mail `id` was delivered.
pub fn sent(conn: &mut DbConn, id: i64) -> Result<()> {
    diesel::update(postal_mails::table.find(id))
        .set((
            postal_mails::sent_at.eq(Some(now())),
            postal_mails::attempts.eq(postal_mails::attempts + 1),
            postal_mails::error.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(())
}

/// Mail `id` failed with `error`; tried again after `retry` times two per try before.
pub fn failed(conn: &mut DbConn, id: i64, attempts: u32, error: &str, retry: std::time::Duration) -> Result<()> {
    let wait = retry.as_secs_f64() * 2f64.powi(attempts.min(16) as i32);
    let next = now() + Duration::milliseconds((wait * 1000.0).min(86_400_000.0) as i64);
    diesel::update(postal_mails::table.find(id))
        .set((
            postal_mails::attempts.eq(attempts as i32 + 1),
            postal_mails::error.eq(Some(error.chars().take(500).collect::<String>())),
            postal_mails::next_at.eq(next),
        ))
        .execute(conn)?;
    Ok(())
}

/// Every mail of game `game_id`, the latest round first.
pub fn list(conn: &mut DbConn, game_id: i64) -> Result<Vec<PostalMail>> {
    type Row = (i32, Option<String>, String, i32, Option<NaiveDateTime>, Option<String>, NaiveDateTime);
    let rows: Vec<Row> = postal_mails::table
        .filter(postal_mails::game_id.eq(game_id))
        .order((postal_mails::round.desc(), postal_mails::id))
        .select((
            postal_mails::round,
            postal_mails::hare,
            postal_mails::recipient,
            postal_mails::attempts,
            postal_mails::sent_at,
            postal_mails::error,
            postal_mails::next_at,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(round, hare, to, attempts, sent_at, error, next_at)| {
            let attempts = u32::try_from(attempts).map_err(|_| Error::internal("a negative count of tries"))?;
            let gave_up = attempts >= MAX_ATTEMPTS as u32;
            Ok(PostalMail {
                round: round as u32,
                hare,
                to,
                attempts,
                next_at: (sent_at.is_none() && !gave_up).then(|| utc(next_at)),
                sent_at: sent_at.map(utc),
                error,
            })
        })
        .collect()
}

//! Idempotency keys for result posts: the CLI's offline sync resends with the same key
//! until it hears back, and must never count a result twice.
//!
//! One path for one result and for every item of a batch: [`once`], which claims the
//! key, makes the change and settles the key with its answer in one transaction, so a
//! change that fails leaves no claim behind and a crash leaves nothing half done.

use super::{now, unique_as_conflict};
use crate::db::DbConn;
use crate::db::schema::idempotency_keys as keys;
use crate::error::{Error, Result};
use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// A claim older than this whose request never finished (its process died) may be taken
/// over. Safe even if the first request is merely slow: it can only settle the claim it
/// made (see [`settle`]), so at most one of the two stores a result.
const ABANDONED_AFTER: TimeDelta = TimeDelta::seconds(5);

/// What a key is bound to: the league and the record, as the server understood them (so
/// whitespace or key order in the body does not matter).
pub fn fingerprint(league_id: i64, record: &spielstand_core::GameRecord) -> Result<String> {
    let canonical = serde_json::to_string(record)?;
    Ok(hex::encode(Sha256::digest(format!("{league_id}\n{canonical}"))))
}

/// What became of a change made at most once per key.
#[derive(Debug)]
pub enum Once<T> {
    /// Made now; the key is settled with it (status 201).
    Done(T),
    /// Made before under this key: the first answer, exactly.
    Replayed { status: u16, body: String },
}

/// Makes `change` at most once for `key`, bound to `fingerprint` (see [`fingerprint`]):
/// the key is claimed, the change made and the key settled with the change's answer in
/// one transaction (a savepoint inside a caller's). A repeat is answered as the first was;
/// a key in use by a request still running is `IdempotencyInProgress` (409), a key used
/// for another request `IdempotencyMismatch` (422). A failed change rolls its claim back
/// with it: a corrected retry runs again.
pub fn once<T: Serialize>(
    conn: &mut DbConn,
    key: &str,
    fingerprint: &str,
    change: impl FnOnce(&mut DbConn) -> Result<T>,
) -> Result<Once<T>> {
    conn.write(|conn| match claim(conn, key, fingerprint)? {
        Claim::Fresh(fence) => {
            let done = change(conn)?;
            settle(conn, key, fence, 201, &serde_json::to_string(&done)?)?;
            Ok(Once::Done(done))
        }
        Claim::Replay { status, body } => Ok(Once::Replayed { status, body }),
        Claim::InProgress => Err(Error::IdempotencyInProgress(key.to_owned())),
        Claim::Mismatch => Err(Error::IdempotencyMismatch(key.to_owned())),
    })
}

#[derive(Debug, PartialEq, Eq)]
pub enum Claim {
    /// First use of the key (or a takeover of an abandoned one): go ahead, then settle it
    /// with this fence, the claim's start time.
    Fresh(NaiveDateTime),
    /// Done before: answer exactly as then.
    Replay { status: u16, body: String },
    /// Another request with this key is being processed right now.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

pub fn claim(conn: &mut DbConn, key: &str, fingerprint: &str) -> Result<Claim> {
    let claimed_at = now();
    let claimed = conn.write(|conn| {
        let existing: Option<(String, NaiveDateTime, Option<i32>, Option<String>)> = keys::table
            .find(key)
            .select((keys::fingerprint, keys::started_at, keys::status, keys::response))
            .first(conn)
            .optional()?;
        let claim = match existing {
            None => {
                let inserted = diesel::insert_into(keys::table)
                    .values((
                        keys::idem_key.eq(key),
                        keys::fingerprint.eq(fingerprint),
                        keys::started_at.eq(claimed_at),
                    ))
                    .execute(conn)
                    .map_err(|e| unique_as_conflict(e, || crate::said::Said::as_is(key.to_owned())));
                // On PostgreSQL a concurrent request may insert the key between our read and
                // insert; the unique violation aborts this transaction, so it leaves as an
                // error (rolled back) and becomes `InProgress` below.
                inserted?;
                Claim::Fresh(claimed_at)
            }
            Some((fp, _, _, _)) if fp != fingerprint => Claim::Mismatch,
            Some((_, _, Some(status), Some(body))) => Claim::Replay { status: status as u16, body },
            Some((_, started, _, _)) if claimed_at - started > ABANDONED_AFTER => {
                diesel::update(keys::table.find(key)).set(keys::started_at.eq(claimed_at)).execute(conn)?;
                Claim::Fresh(claimed_at)
            }
            Some(_) => Claim::InProgress,
        };
        Ok(claim)
    });
    match claimed {
        Err(Error::Conflict(_)) => Ok(Claim::InProgress),
        other => other,
    }
}

/// Stores the response of a claimed key; runs inside the transaction that made the change.
/// Fails, and so rolls that change back, if the claim is no longer this request's: it was
/// taken over after looking abandoned, and the taker's result counts instead.
pub fn settle(conn: &mut DbConn, key: &str, fence: NaiveDateTime, status: u16, body: &str) -> Result<()> {
    let settled =
        diesel::update(keys::table.find(key).filter(keys::status.is_null()).filter(keys::started_at.eq(fence)))
            .set((keys::status.eq(Some(i32::from(status))), keys::response.eq(Some(body))))
            .execute(conn)?;
    if settled == 0 {
        return Err(Error::IdempotencyInProgress(key.to_owned()));
    }
    Ok(())
}

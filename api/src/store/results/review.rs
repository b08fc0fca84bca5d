//! A result a member entered at the table waits for its tablemates: each confirms it with
//! their night pass (the league's `confirmations` of them), or one rejects it with a
//! reason; the organiser (a token of the league) accepts it at any time, or settles a
//! rejection by correcting and accepting, or deleting. Only once confirmed does it count:
//! then it gets a new revision of its league, a line in the change log, and its webhook
//! deliveries (as `recorded`), exactly as a token's result gets them when recorded.

use super::{Precondition, ResultRow, check_revision, current_row, history, view};
use crate::db::schema::{night_passes, players, result_players, result_reviews, results};
use crate::db::{DbConn, Lock};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::changes::{self, Subject};
use crate::store::passes::Pass;
use crate::store::{leagues, now, utc};
use crate::webhooks::queue::{self, Change};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::json;
use spielstand_core::GameRecord;
use spielstand_wire::{Action, AuditAction, Confirmation, Rejection, ResultStatus, Review, StoredResult};

/// Who reviews a result.
#[derive(Debug, Clone, Copy)]
pub enum Reviewer<'a> {
    /// A tablemate, with their night pass.
    Pass(&'a Pass),
    /// The organiser: a token of the league (its name).
    Token(&'a str),
}

impl Reviewer<'_> {
    fn name(&self) -> String {
        match self {
            Reviewer::Pass(pass) => pass.label(),
            Reviewer::Token(name) => (*name).to_owned(),
        }
    }
}

const CONFIRMED: &str = "confirmed";
const REJECTED: &str = "rejected";

/// How result `id` at `revision` stands with its table, if a member entered it.
pub fn of(conn: &mut DbConn, id: i64, revision: i64) -> Result<Option<Review>> {
    let row: ResultRow = results::table.find(id).first(conn)?;
    let Some(pass_id) = row.entered_by_pass else { return Ok(None) };
    let entered: (String, i64) = night_passes::table
        .inner_join(players::table)
        .filter(night_passes::id.eq(pass_id))
        .select((players::name, night_passes::event_id))
        .first(conn)?;
    type ReviewRow = (i64, String, String, Option<String>, NaiveDateTime, Option<String>, Option<i64>);
    let reviews: Vec<ReviewRow> = result_reviews::table
        .left_join(players::table.on(result_reviews::player_id.eq(players::id.nullable())))
        .filter(result_reviews::result_id.eq(id))
        .order(result_reviews::id)
        .select((
            result_reviews::revision,
            result_reviews::verdict,
            result_reviews::reviewer,
            result_reviews::reason,
            result_reviews::at,
            players::name.nullable(),
            result_reviews::pass_id,
        ))
        .load(conn)?;
    if let Some((_, verdict, ..)) = reviews.iter().find(|r| r.1 != CONFIRMED && r.1 != REJECTED) {
        return Err(Error::UnknownStored(said!("api-stored-review-verdict", value = format!("{verdict:?}"), id = id)));
    }
    // Confirmations count for the revision confirmed; a rejection stands, whatever the
    // organiser corrected since, until they accept or delete the result.
    let confirmed: Vec<&ReviewRow> = reviews.iter().filter(|r| r.0 == revision && r.1 == CONFIRMED).collect();
    let rejection = (row.status()? == ResultStatus::Rejected)
        .then(|| reviews.iter().rev().find(|r| r.1 == REJECTED))
        .flatten()
        .map(|(_, _, by, reason, at, player, _)| Rejection {
            by: by.clone(),
            by_player: player.clone().unwrap_or_else(|| by.clone()),
            reason: reason.clone().unwrap_or_default(),
            at: utc(*at),
        });
    Ok(Some(Review {
        entered_by: crate::store::passes::label(&entered.0, entered.1),
        entered_by_player: entered.0,
        entered_with_pass: pass_id,
        needed: row.confirmations_needed.max(0) as u32,
        confirmed_by: confirmed.iter().map(|r| r.2.clone()).collect(),
        confirmations: confirmed
            .iter()
            .map(|(_, _, by, _, at, player, pass)| Confirmation {
                player: player.clone().unwrap_or_else(|| by.clone()),
                pass: *pass,
                at: utc(*at),
            })
            .collect(),
        rejection,
    }))
}

/// The result as answered, with its review.
fn answer(conn: &mut DbConn, row: ResultRow) -> Result<StoredResult> {
    let record: GameRecord = crate::store::stored_json(&row.record, || said!("api-stored-result-record", id = row.id))?;
    let (id, revision) = (row.id, row.revision);
    let mut stored = view(row, record)?;
    stored.review = of(conn, id, revision)?;
    Ok(stored)
}

/// A tablemate may review: sat at the result's table, and is not the player who entered
/// it. Decided by player, never by pass: a member who entered a result and then joins
/// again (a revoked or lost pass) is still the one who entered it.
fn tablemate(conn: &mut DbConn, row: &ResultRow, pass: &Pass) -> Result<()> {
    let seated: Option<i32> = result_players::table
        .filter(result_players::result_id.eq(row.id))
        .filter(result_players::player_id.eq(pass.player_id))
        .select(result_players::seat)
        .first(conn)
        .optional()?;
    if seated.is_none() || row.event_id != Some(pass.event_id) {
        return Err(Error::InsufficientScope(said!("api-did-not-play-result-only", player = pass.player, id = row.id)));
    }
    let entered_by: Option<i64> = match row.entered_by_pass {
        Some(entered) => Some(night_passes::table.find(entered).select(night_passes::player_id).first(conn)?),
        None => None,
    };
    if entered_by == Some(pass.player_id) {
        return Err(Error::InsufficientScope(said!(
            "api-entered-result-another-player-table",
            player = pass.player,
            id = row.id
        )));
    }
    Ok(())
}

/// Confirms result `id`: a tablemate's confirmation, which makes it count once enough
/// have confirmed; or the organiser's acceptance, which makes it count at once (from
/// `rejected` too). A result that counts already is answered as it is.
pub fn confirm(conn: &mut DbConn, id: i64, by: Reviewer, expected: Option<&Precondition>) -> Result<StoredResult> {
    conn.write(|conn| {
        conn.lock(Lock::Result(id))?;
        // With `If-Match`, a deleted result meets no condition (412); without, it is gone.
        let row = match expected {
            Some(expected) => {
                let row = current_row(conn, id)?;
                check_revision(&row, expected)?;
                row
            }
            None => super::live_row(conn, id)?,
        };
        if row.status()? == ResultStatus::Confirmed {
            return answer(conn, row);
        }
        let who = by.name();
        let counts_now = match by {
            Reviewer::Pass(pass) => {
                tablemate(conn, &row, pass)?;
                if row.status()? == ResultStatus::Rejected {
                    return Err(Error::Conflict(said!("api-result-was-rejected-organiser-corrects", id = id)));
                }
                // One confirmation per player and revision, whichever of their passes
                // (a lost phone's, the new one's) gives it.
                let voted: Option<i64> = result_reviews::table
                    .filter(result_reviews::result_id.eq(id))
                    .filter(result_reviews::revision.eq(row.revision))
                    .filter(result_reviews::player_id.eq(pass.player_id))
                    .select(result_reviews::id)
                    .first(conn)
                    .optional()?;
                if voted.is_none() {
                    diesel::insert_into(result_reviews::table)
                        .values((
                            result_reviews::result_id.eq(id),
                            result_reviews::revision.eq(row.revision),
                            result_reviews::verdict.eq(CONFIRMED),
                            result_reviews::reviewer.eq(&who),
                            result_reviews::player_id.eq(Some(pass.player_id)),
                            result_reviews::pass_id.eq(Some(pass.id)),
                            result_reviews::at.eq(now()),
                        ))
                        .execute(conn)?;
                }
                let confirmations: i64 = result_reviews::table
                    .filter(result_reviews::result_id.eq(id))
                    .filter(result_reviews::revision.eq(row.revision))
                    .filter(result_reviews::verdict.eq(CONFIRMED))
                    .count()
                    .get_result(conn)?;
                let counts = confirmations >= i64::from(row.confirmations_needed);
                if voted.is_none() {
                    let detail = json!({"revision": row.revision, "confirmations": confirmations, "needed": row.confirmations_needed, "counts": counts, "player": pass.player, "pass": pass.id});
                    audit::log(conn, Actor::Token(&who), AuditAction::ResultConfirmed, Some(row.league_id), Some(id), detail)?;
                }
                counts
            }
            Reviewer::Token(_) => {
                let detail = json!({"revision": row.revision, "accepted_from": row.status, "counts": true});
                audit::log(conn, Actor::Token(&who), AuditAction::ResultConfirmed, Some(row.league_id), Some(id), detail)?;
                true
            }
        };
        if !counts_now {
            return answer(conn, row);
        }
        // It counts from now on: a revision of the league, as a new result gets one.
        let league = leagues::bump(conn, row.league_id)?;
        let revision = row.revision + 1;
        let confirmed: ResultRow = diesel::update(results::table.find(id))
            .set((
                results::status.eq(ResultStatus::Confirmed.slug()),
                results::revision.eq(revision),
                results::updated_at.eq(now()),
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        changes::log(conn, league.id, league.revision, Subject::Result(id))?;
        history::append(conn, id, revision, Action::Confirmed, &who, Some(&row.record), Some(&row.record))?;
        // The reviews of the revision confirmed go with it to the new revision.
        diesel::update(
            result_reviews::table.filter(result_reviews::result_id.eq(id)).filter(result_reviews::revision.eq(row.revision)),
        )
        .set(result_reviews::revision.eq(revision))
        .execute(conn)?;
        let stored = answer(conn, confirmed)?;
        queue::enqueue(conn, Change::Recorded(&stored))?;
        Ok(stored)
    })
}

/// A tablemate rejects pending result `id` with `reason`; the organiser settles it.
pub fn reject(conn: &mut DbConn, id: i64, by: Reviewer, reason: &str) -> Result<StoredResult> {
    spielstand_core::names::check_text("reason", reason, 200).map_err(Error::from)?;
    conn.write(|conn| {
        conn.lock(Lock::Result(id))?;
        let row = super::live_row(conn, id)?;
        let Reviewer::Pass(pass) = by else {
            return Err(Error::InsufficientScope(said!("api-tablemate-rejects-result-their-night", id = id)));
        };
        tablemate(conn, &row, pass)?;
        match row.status()? {
            ResultStatus::Pending => {}
            ResultStatus::Rejected => {
                return Err(Error::Conflict(said!("api-result-was-rejected-already-organiser", id = id)));
            }
            ResultStatus::Confirmed => {
                return Err(Error::Conflict(said!("api-result-counts-already-ask-organiser", id = id)));
            }
        }
        let who = by.name();
        let revision = row.revision + 1;
        let rejected: ResultRow = diesel::update(results::table.find(id))
            .set((
                results::status.eq(ResultStatus::Rejected.slug()),
                results::revision.eq(revision),
                results::updated_at.eq(now()),
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        diesel::insert_into(result_reviews::table)
            .values((
                result_reviews::result_id.eq(id),
                result_reviews::revision.eq(revision),
                result_reviews::verdict.eq(REJECTED),
                result_reviews::reviewer.eq(&who),
                result_reviews::player_id.eq(Some(pass.player_id)),
                result_reviews::pass_id.eq(Some(pass.id)),
                result_reviews::reason.eq(Some(reason)),
                result_reviews::at.eq(now()),
            ))
            .execute(conn)?;
        history::append(conn, id, revision, Action::Rejected, &who, Some(&row.record), Some(&row.record))?;
        let detail = json!({"revision": revision, "reason": reason, "player": pass.player, "pass": pass.id});
        audit::log(conn, Actor::Token(&who), AuditAction::ResultRejected, Some(row.league_id), Some(id), detail)?;
        answer(conn, rejected)
    })
}

//! Recording, correcting and deleting a result: each one transaction that checks the
//! record against the game's and the league's rules, bumps the league's revision and logs
//! the change for the tables, appends to the result's history, queues webhook deliveries
//! and, for a new result, settles its idempotency key.

use super::{Precondition, ResultRow, check_revision, current_row, history, review, view};
use crate::db::schema::{result_players, results};
use crate::db::{DbConn, Lock};
use crate::error::{Error, Result};
use crate::store::changes::{self, Subject};
use crate::store::passes::Pass;
use crate::store::seating;
use crate::store::{audit, events, leagues, name_key, now, players};
use crate::webhooks::queue::{self, Change};
use diesel::prelude::*;
use spielstand_core::{GameRecord, Slug};
use spielstand_wire::AuditAction;
use spielstand_wire::{Action, ResultSource, ResultStatus, StoredResult, TokenScope};
use std::collections::HashMap;

/// Who made a change, for the audit trail and what it may change; and the idempotency
/// key to settle with it.
pub struct WriteContext<'a> {
    pub token_name: &'a str,
    pub scope: TokenScope,
    /// Where a new result was imported from.
    pub source: Option<&'a ResultSource>,
    /// The night pass entering it, if a member enters it (then `token_name` is the pass's
    /// label): it must be the pass's own table's result, and it waits for confirmation.
    pub pass: Option<&'a Pass>,
}

impl WriteContext<'_> {
    /// Writes a result's change into the audit trail.
    /// Writes a change of the result stored as `row` into the audit trail; the row's
    /// columns say which game and day, so its record need not be read.
    fn audit(&self, conn: &mut DbConn, action: AuditAction, row: &ResultRow, revision: i64) -> Result<()> {
        let detail = serde_json::json!({"game": row.game, "played_on": row.played_on, "revision": revision});
        audit::log(conn, audit::Actor::Token(self.token_name), action, Some(row.league_id), Some(row.id), detail)
    }
}

/// A record checked against the game's rules with the players' stored names.
struct Prepared {
    record: GameRecord,
    record_json: String,
    /// (seat, player id, place, team)
    seats: Vec<Seat>,
}

/// Resolves the seated players (case-insensitively) to stored players, rewrites the
/// record with their stored names, and checks it with core.
fn prepare(conn: &mut DbConn, mut record: GameRecord) -> Result<Prepared> {
    spielstand_core::dates::check_played("played_on", record.played_on, chrono::Utc::now().date_naive())?;
    record.players_in_seat_order()?;
    let names: Vec<(String, String)> =
        record.players.iter().enumerate().map(|(i, p)| (format!("players[{i}].player"), p.player.clone())).collect();
    let rows = players::resolve(conn, &names)?;
    let canonical: HashMap<String, String> = rows.iter().map(|r| (r.name_key.clone(), r.name.clone())).collect();
    record.map_player_names(|n| canonical.get(&name_key(n)).cloned().unwrap_or_else(|| n.to_owned()));
    let evaluation = record.evaluate()?;
    let seats = record
        .players
        .iter()
        .zip(&rows)
        .map(|(sp, row)| {
            let placing = evaluation.placings.iter().find(|p| p.player == sp.player);
            let place = placing.map_or(0, |p| p.place) as i32;
            (sp.seat as i32, row.id, place, placing.and_then(|p| p.team).map(|t| t as i32))
        })
        .collect();
    let record_json = serde_json::to_string(&record)?;
    Ok(Prepared { record, record_json, seats })
}

/// (seat, player id, place, team) of one seated player.
type Seat = (i32, i64, i32, Option<i32>);

fn insert_seats(conn: &mut DbConn, result_id: i64, seats: &[Seat]) -> Result<()> {
    // Row by row: MultiConnection cannot batch inserts, and a game has at most six seats.
    for &(seat, player_id, place, team) in seats {
        diesel::insert_into(result_players::table)
            .values((
                result_players::result_id.eq(result_id),
                result_players::seat.eq(seat),
                result_players::player_id.eq(player_id),
                result_players::place.eq(place),
                result_players::team.eq(team),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Records a result in a league; with an idempotency key, the key is settled with the
/// stored response in the same transaction, so a replay can never count it twice.
pub fn create(conn: &mut DbConn, league_id: i64, record: GameRecord, ctx: &WriteContext) -> Result<StoredResult> {
    conn.write(|conn| {
        // A member's entry waits for its table (no new revision: no table changes yet);
        // the league's row is locked all the same, so that two entries for one table
        // queue, and the second finds the first.
        let league = match ctx.pass {
            None => leagues::bump(conn, league_id)?,
            Some(_) => {
                conn.lock(Lock::League(league_id))?;
                leagues::row(conn, league_id)?
            }
        };
        let rules = league.rules()?;
        rules.admits(record.game(), record.played_on)?;
        // The league's game options in force are written into the result: a later change
        // of the league's options never rewrites it.
        let mut record = record;
        rules.game_options.apply(&mut record.outcome)?;
        if let Some(pass) = ctx.pass {
            match record.event_id {
                None => record.event_id = Some(pass.event_id),
                Some(other) if other != pass.event_id => {
                    return Err(Error::InvalidBody(said!(
                        "api-event-id-enters-results-club",
                        label = pass.label(),
                        event_id = pass.event_id,
                        other = other
                    )));
                }
                Some(_) => {}
            }
        }
        if let Some(event_id) = record.event_id {
            events::admit(conn, league_id, event_id, record.played_on, false)?;
        }
        let prepared = prepare(conn, record)?;
        let needed = match ctx.pass {
            Some(pass) => {
                let players: Vec<i64> = prepared.seats.iter().map(|s| s.1).collect();
                let table = seating::table_of(
                    conn,
                    pass.event_id,
                    pass.player_id,
                    &pass.player,
                    prepared.record.game(),
                    &players,
                )?;
                (rules.confirmations as usize).min(table.saturating_sub(1)) as i32
            }
            None => 0,
        };
        let status = if needed > 0 { ResultStatus::Pending } else { ResultStatus::Confirmed };
        // Counted at once (a token's result, or `confirmations: 0`): a new revision. A
        // member's entry that counts at once bumps it here, as a token's does above.
        let league = match (ctx.pass, status) {
            (Some(_), ResultStatus::Confirmed) => leagues::bump(conn, league_id)?,
            _ => league,
        };
        let t = now();
        let row: ResultRow = diesel::insert_into(results::table)
            .values((
                results::league_id.eq(league_id),
                results::game.eq(prepared.record.game().slug()),
                results::played_on.eq(prepared.record.played_on),
                results::record.eq(&prepared.record_json),
                results::revision.eq(1i64),
                results::created_at.eq(t),
                results::updated_at.eq(t),
                results::event_id.eq(prepared.record.event_id),
                results::source.eq(ctx.source.map(|s| s.system.as_str())),
                results::source_id.eq(ctx.source.map(|s| s.id.as_str())),
                results::status.eq(status.slug()),
                results::confirmations_needed.eq(needed),
                results::entered_by_pass.eq(ctx.pass.map(|p| p.id)),
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        insert_seats(conn, row.id, &prepared.seats)?;
        history::append(conn, row.id, 1, Action::Recorded, ctx.token_name, None, Some(&prepared.record_json))?;
        ctx.audit(conn, AuditAction::ResultRecorded, &row, 1)?;
        let counts = status == ResultStatus::Confirmed;
        let mut stored = view(row, prepared.record)?;
        if counts {
            changes::log(conn, league_id, league.revision, Subject::Result(stored.id))?;
            queue::enqueue(conn, Change::Recorded(&stored))?;
        }
        if ctx.pass.is_some() {
            stored.review = review::of(conn, stored.id, stored.revision)?;
        }
        Ok(stored)
    })
}

/// Replaces a result's record, if its revision meets `expected`.
pub fn update(
    conn: &mut DbConn,
    id: i64,
    expected: &Precondition,
    record: GameRecord,
    ctx: &WriteContext,
) -> Result<StoredResult> {
    conn.write(|conn| {
        conn.lock(Lock::Result(id))?;
        let old = current_row(conn, id)?;
        check_revision(&old, expected)?;
        // A result that does not count yet changes no table: no new revision.
        let counts = old.status()? == ResultStatus::Confirmed;
        let league = if counts { leagues::bump(conn, old.league_id)? } else { leagues::row(conn, old.league_id)? };
        let rules = league.rules()?;
        rules.admits(record.game(), record.played_on)?;
        let mut record = record;
        rules.game_options.apply(&mut record.outcome)?;
        if let Some(event_id) = record.event_id {
            events::admit(conn, league.id, event_id, record.played_on, old.event_id == Some(event_id))?;
        }
        let prepared = prepare(conn, record)?;
        let revision = old.revision + 1;
        let row: ResultRow = diesel::update(results::table.find(id))
            .set((
                results::game.eq(prepared.record.game().slug()),
                results::played_on.eq(prepared.record.played_on),
                results::record.eq(&prepared.record_json),
                results::revision.eq(revision),
                results::updated_at.eq(now()),
                results::event_id.eq(prepared.record.event_id),
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        diesel::delete(result_players::table.filter(result_players::result_id.eq(id))).execute(conn)?;
        insert_seats(conn, id, &prepared.seats)?;
        if counts {
            changes::log(conn, league.id, league.revision, Subject::Result(id))?;
        }
        history::append(
            conn,
            id,
            revision,
            Action::Corrected,
            ctx.token_name,
            Some(&old.record),
            Some(&prepared.record_json),
        )?;
        ctx.audit(conn, AuditAction::ResultCorrected, &row, revision)?;
        let mut stored = view(row, prepared.record)?;
        if counts {
            queue::enqueue(conn, Change::Corrected(&stored))?;
        } else {
            stored.review = review::of(conn, id, revision)?;
        }
        Ok(stored)
    })
}

/// Deletes a result, if its revision meets `expected`. Its history stays. Answers the
/// club night it named, if any.
pub fn delete(conn: &mut DbConn, id: i64, expected: &Precondition, ctx: &WriteContext) -> Result<Option<i64>> {
    conn.write(|conn| {
        conn.lock(Lock::Result(id))?;
        let old = current_row(conn, id)?;
        check_revision(&old, expected)?;
        let counts = old.status()? == ResultStatus::Confirmed;
        if counts {
            let league = leagues::bump(conn, old.league_id)?;
            changes::log(conn, league.id, league.revision, Subject::Result(id))?;
        }
        let revision = old.revision + 1;
        diesel::update(results::table.find(id))
            .set((results::revision.eq(revision), results::deleted_at.eq(Some(now())), results::updated_at.eq(now())))
            .execute(conn)?;
        history::append(conn, id, revision, Action::Deleted, ctx.token_name, Some(&old.record), None)?;
        ctx.audit(conn, AuditAction::ResultDeleted, &old, revision)?;
        if counts {
            queue::enqueue(conn, Change::Deleted { league_id: old.league_id, result_id: id, revision })?;
        }
        Ok(old.event_id)
    })
}

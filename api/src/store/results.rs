use super::{leagues, now, players, utc};
use crate::db::DbConn;
use crate::db::schema::{players as players_t, result_history, result_players, results};
use crate::error::{Error, Result};
use crate::model::{Action, HistoryEntry, ResultPage, StoredResult};
use crate::store::changes::{self, Subject};
use crate::store::idempotency;
use crate::store::webhooks::{self, Change};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use spielstand_core::Slug;
use spielstand_core::{GameKind, GameRecord, LeagueResult, Placing};
use std::collections::HashMap;

#[derive(Debug, Clone, Queryable)]
pub struct ResultRow {
    pub id: i64,
    pub league_id: i64,
    pub game: String,
    pub played_on: NaiveDate,
    pub record: String,
    pub revision: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub deleted_at: Option<NaiveDateTime>,
}

/// Which results of a league to list.
#[derive(Debug, Clone, Copy)]
pub struct ResultFilter {
    pub game: Option<GameKind>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub page: u32,
    pub per_page: u32,
}

/// The `If-Match` condition of a correction or deletion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Precondition {
    /// `*`: any current revision.
    Any,
    /// One of these revisions (entity tags that are not revisions never match).
    Revisions(Vec<i64>),
}

impl Precondition {
    fn admits(&self, revision: i64) -> bool {
        match self {
            Precondition::Any => true,
            Precondition::Revisions(r) => r.contains(&revision),
        }
    }
}

/// Who made a change, for the audit trail; and the idempotency key to settle with it.
pub struct WriteContext<'a> {
    pub token_name: &'a str,
    /// The claimed key and its fence.
    pub idempotency_key: Option<(&'a str, NaiveDateTime)>,
}

/// A record checked against the game's rules with the players' stored names.
struct Prepared {
    record: GameRecord,
    record_json: String,
    /// (seat, player id, place)
    seats: Vec<(i32, i64, i32)>,
}

/// Resolves the seated players (case-insensitively) to stored players, rewrites the
/// record with their stored names, and checks it with core.
fn prepare(conn: &mut DbConn, mut record: GameRecord) -> Result<Prepared> {
    record.players_in_seat_order()?;
    let names: Vec<(String, String)> =
        record.players.iter().enumerate().map(|(i, p)| (format!("players[{i}].player"), p.player.clone())).collect();
    let rows = players::resolve(conn, &names)?;
    let canonical: HashMap<String, String> = rows.iter().map(|r| (r.name_key.clone(), r.name.clone())).collect();
    record.map_player_names(|n| canonical.get(&super::name_key(n)).cloned().unwrap_or_else(|| n.to_owned()));
    let evaluation = record.evaluate()?;
    let seats = record
        .players
        .iter()
        .zip(&rows)
        .map(|(sp, row)| {
            let place = evaluation.placings.iter().find(|p| p.player == sp.player).map_or(0, |p| p.place);
            (sp.seat as i32, row.id, place as i32)
        })
        .collect();
    let record_json = serde_json::to_string(&record)?;
    Ok(Prepared { record, record_json, seats })
}

fn insert_seats(conn: &mut DbConn, result_id: i64, seats: &[(i32, i64, i32)]) -> Result<()> {
    // Row by row: MultiConnection cannot batch inserts, and a game has at most six seats.
    for &(seat, player_id, place) in seats {
        diesel::insert_into(result_players::table)
            .values((
                result_players::result_id.eq(result_id),
                result_players::seat.eq(seat),
                result_players::player_id.eq(player_id),
                result_players::place.eq(place),
            ))
            .execute(conn)?;
    }
    Ok(())
}

fn log(
    conn: &mut DbConn,
    result_id: i64,
    revision: i64,
    action: Action,
    token_name: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> Result<()> {
    diesel::insert_into(result_history::table)
        .values((
            result_history::result_id.eq(result_id),
            result_history::revision.eq(revision),
            result_history::action.eq(action.slug()),
            result_history::token_name.eq(token_name),
            result_history::at.eq(now()),
            result_history::record_before.eq(before),
            result_history::record_after.eq(after),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a result in a league; with an idempotency key, the key is settled with the
/// stored response in the same transaction, so a replay can never count it twice.
pub fn create(conn: &mut DbConn, league_id: i64, record: GameRecord, ctx: &WriteContext) -> Result<StoredResult> {
    conn.write(|conn| {
        let league = leagues::bump(conn, league_id)?;
        league.rules()?.admits(record.game(), record.played_on)?;
        let prepared = prepare(conn, record)?;
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
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        insert_seats(conn, row.id, &prepared.seats)?;
        changes::log(conn, league_id, league.revision, Subject::Result(row.id))?;
        log(conn, row.id, 1, Action::Recorded, ctx.token_name, None, Some(&prepared.record_json))?;
        let stored = view(row, prepared.record)?;
        webhooks::enqueue(conn, Change::Recorded(&stored))?;
        if let Some((key, fence)) = ctx.idempotency_key {
            idempotency::settle(conn, key, fence, 201, &serde_json::to_string(&stored)?)?;
        }
        Ok(stored)
    })
}

fn live_row(conn: &mut DbConn, id: i64) -> Result<ResultRow> {
    let row: ResultRow =
        results::table.find(id).first(conn).optional()?.ok_or_else(|| Error::not_found(format!("result {id}")))?;
    if row.deleted_at.is_some() {
        return Err(Error::NotFound(format!("result {id} was deleted; its history is still available")));
    }
    Ok(row)
}

fn check_revision(row: &ResultRow, expected: &Precondition) -> Result<()> {
    if !expected.admits(row.revision) {
        return Err(Error::PreconditionFailed(format!(
            "If-Match: result {} is at revision {} (ETag \"{}\"); reload it and apply the change again",
            row.id, row.revision, row.revision
        )));
    }
    Ok(())
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
        let old = live_row(conn, id)?;
        check_revision(&old, expected)?;
        let league = leagues::bump(conn, old.league_id)?;
        league.rules()?.admits(record.game(), record.played_on)?;
        let prepared = prepare(conn, record)?;
        let revision = old.revision + 1;
        let row: ResultRow = diesel::update(results::table.find(id))
            .set((
                results::game.eq(prepared.record.game().slug()),
                results::played_on.eq(prepared.record.played_on),
                results::record.eq(&prepared.record_json),
                results::revision.eq(revision),
                results::updated_at.eq(now()),
            ))
            .returning(results::all_columns)
            .get_result(conn)?;
        diesel::delete(result_players::table.filter(result_players::result_id.eq(id))).execute(conn)?;
        insert_seats(conn, id, &prepared.seats)?;
        changes::log(conn, league.id, league.revision, Subject::Result(id))?;
        log(conn, id, revision, Action::Corrected, ctx.token_name, Some(&old.record), Some(&prepared.record_json))?;
        let stored = view(row, prepared.record)?;
        webhooks::enqueue(conn, Change::Corrected(&stored))?;
        Ok(stored)
    })
}

/// Deletes a result, if its revision meets `expected`. Its history stays.
pub fn delete(conn: &mut DbConn, id: i64, expected: &Precondition, ctx: &WriteContext) -> Result<()> {
    conn.write(|conn| {
        let old = live_row(conn, id)?;
        check_revision(&old, expected)?;
        let league = leagues::bump(conn, old.league_id)?;
        changes::log(conn, league.id, league.revision, Subject::Result(id))?;
        let revision = old.revision + 1;
        diesel::update(results::table.find(id))
            .set((results::revision.eq(revision), results::deleted_at.eq(Some(now())), results::updated_at.eq(now())))
            .execute(conn)?;
        log(conn, id, revision, Action::Deleted, ctx.token_name, Some(&old.record), None)?;
        webhooks::enqueue(conn, Change::Deleted { league_id: old.league_id, result_id: id, revision })
    })
}

fn view(row: ResultRow, record: GameRecord) -> Result<StoredResult> {
    let evaluation = record
        .evaluate()
        .map_err(|e| Error::Internal(format!("stored result {} no longer passes the rules: {e}", row.id)))?;
    Ok(StoredResult {
        id: row.id,
        league_id: row.league_id,
        revision: row.revision,
        record,
        placings: evaluation.placings,
        rangeln: evaluation.rangeln,
        created_at: utc(row.created_at),
        updated_at: utc(row.updated_at),
    })
}

/// Stored rows as the API shows them: with every player's current name.
fn views(conn: &mut DbConn, rows: Vec<ResultRow>) -> Result<Vec<StoredResult>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let seats: Vec<(i64, i32, String)> = result_players::table
        .inner_join(players_t::table)
        .filter(result_players::result_id.eq_any(&ids))
        .select((result_players::result_id, result_players::seat, players_t::name))
        .load(conn)?;
    let mut current: HashMap<(i64, i32), String> = HashMap::with_capacity(seats.len());
    for (result_id, seat, name) in seats {
        current.insert((result_id, seat), name);
    }
    rows.into_iter()
        .map(|row| {
            let mut record: GameRecord = serde_json::from_str(&row.record)?;
            let by_old_name: HashMap<String, String> = record
                .players
                .iter()
                .filter_map(|sp| current.get(&(row.id, sp.seat as i32)).map(|now| (sp.player.clone(), now.clone())))
                .collect();
            record.map_player_names(|n| by_old_name.get(n).cloned().unwrap_or_else(|| n.to_owned()));
            view(row, record)
        })
        .collect()
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<StoredResult> {
    conn.read(|conn| {
        let row = live_row(conn, id)?;
        Ok(views(conn, vec![row])?.remove(0))
    })
}

pub fn list(conn: &mut DbConn, league_id: i64, filter: ResultFilter) -> Result<ResultPage> {
    conn.read(|conn| {
        leagues::row(conn, league_id)?;
        let query = || {
            let mut q = results::table
                .filter(results::league_id.eq(league_id))
                .filter(results::deleted_at.is_null())
                .into_boxed();
            if let Some(game) = filter.game {
                q = q.filter(results::game.eq(game.slug()));
            }
            if let Some(from) = filter.from {
                q = q.filter(results::played_on.ge(from));
            }
            if let Some(to) = filter.to {
                q = q.filter(results::played_on.le(to));
            }
            q
        };
        let total: i64 = query().count().get_result(conn)?;
        let offset = i64::from(filter.page - 1) * i64::from(filter.per_page);
        let rows: Vec<ResultRow> = query()
            .order((results::played_on.desc(), results::id.desc()))
            .limit(i64::from(filter.per_page))
            .offset(offset)
            .load(conn)?;
        Ok(ResultPage { items: views(conn, rows)?, page: filter.page, per_page: filter.per_page, total })
    })
}

type HistoryRow = (i64, i64, i64, String, String, NaiveDateTime, Option<String>, Option<String>);

pub fn history(conn: &mut DbConn, id: i64) -> Result<Vec<HistoryEntry>> {
    conn.read(|conn| {
        let exists: Option<i64> = results::table.find(id).select(results::id).first(conn).optional()?;
        if exists.is_none() {
            return Err(Error::not_found(format!("result {id}")));
        }
        let rows: Vec<HistoryRow> =
            result_history::table.filter(result_history::result_id.eq(id)).order(result_history::id).load(conn)?;
        let parse = |json: Option<String>| json.map(|j| serde_json::from_str::<GameRecord>(&j)).transpose();
        rows.into_iter()
            .map(|(_, _, revision, action, token_name, at, before, after)| {
                Ok(HistoryEntry {
                    revision,
                    action: Action::from_slug(&action)
                        .ok_or_else(|| Error::Internal(format!("unknown action {action}")))?,
                    at: utc(at),
                    token_name,
                    before: parse(before)?,
                    after: parse(after)?,
                })
            })
            .collect()
    })
}

/// Every live result, in any league, of the games `player_id` has played, up to `as_of`.
pub fn for_player_ratings(conn: &mut DbConn, player_id: i64, as_of: Option<NaiveDate>) -> Result<Vec<LeagueResult>> {
    conn.read(|conn| {
        let games: Vec<String> = results::table
            .inner_join(result_players::table)
            .filter(result_players::player_id.eq(player_id))
            .filter(results::deleted_at.is_null())
            .select(results::game)
            .distinct()
            .load(conn)?;
        let mut query = results::table
            .inner_join(result_players::table.inner_join(players_t::table))
            .filter(results::game.eq_any(&games))
            .filter(results::deleted_at.is_null())
            .into_boxed();
        if let Some(day) = as_of {
            query = query.filter(results::played_on.le(day));
        }
        let rows: Vec<(i64, String, NaiveDate, i32, String)> = query
            .order((results::id, result_players::seat))
            .select((results::id, results::game, results::played_on, result_players::place, players_t::name))
            .load(conn)?;
        group_placings(rows)
    })
}

/// Folds (result id, game, day, place, name) rows, ordered by result, into results.
fn group_placings(rows: Vec<(i64, String, NaiveDate, i32, String)>) -> Result<Vec<LeagueResult>> {
    let mut out: Vec<LeagueResult> = Vec::new();
    for (id, game, played_on, place, name) in rows {
        if out.last().is_none_or(|r| r.id != id) {
            let game = game.parse().map_err(|e| Error::Internal(format!("result {id}: {e}")))?;
            out.push(LeagueResult { id, game, played_on, placings: Vec::new() });
        }
        out.last_mut().expect("pushed above").placings.push(Placing { player: name, place: place as u32 });
    }
    Ok(out)
}

//! Results as the API lists and shows them: with every player's current name.

use super::{ResultRow, counted, live_row, view};
use crate::db::DbConn;
use crate::db::schema::{players, result_players, results};
use crate::error::Result;
use crate::store::leagues;
use diesel::prelude::*;
use spielstand_core::{GameRecord, Slug};
use spielstand_wire::{DEFAULT_PER_PAGE, ResultPage, ResultStatus, ResultsParams, StatusFilter, StoredResult};
use std::collections::HashMap;

/// Stored rows as the API shows them: with every player's current name.
fn views(conn: &mut DbConn, rows: Vec<ResultRow>) -> Result<Vec<StoredResult>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let seats: Vec<(i64, i32, String)> = result_players::table
        .inner_join(players::table)
        .filter(result_players::result_id.eq_any(&ids))
        .select((result_players::result_id, result_players::seat, players::name))
        .load(conn)?;
    let mut current: HashMap<(i64, i32), String> = HashMap::with_capacity(seats.len());
    for (result_id, seat, name) in seats {
        current.insert((result_id, seat), name);
    }
    rows.into_iter()
        .map(|row| {
            let mut record: GameRecord =
                crate::store::stored_json(&row.record, || said!("api-stored-result-record", id = row.id))?;
            let by_old_name: HashMap<String, String> = record
                .players
                .iter()
                .filter_map(|sp| current.get(&(row.id, sp.seat as i32)).map(|now| (sp.player.clone(), now.clone())))
                .collect();
            record.map_player_names(|n| by_old_name.get(n).cloned().unwrap_or_else(|| n.to_owned()));
            // Every read of a result a member entered says who entered and confirmed it
            // (a few per night; a token's results need no query).
            let entered_by_pass = row.entered_by_pass.is_some();
            let mut stored = view(row, record)?;
            if entered_by_pass {
                stored.review = super::review::of(conn, stored.id, stored.revision)?;
            }
            Ok(stored)
        })
        .collect()
}

/// The results with these ids (deleted ones included), in id order; call with at most a
/// thousand ids at once.
pub fn by_ids(conn: &mut DbConn, ids: &[i64]) -> Result<Vec<StoredResult>> {
    let rows: Vec<ResultRow> = results::table.filter(results::id.eq_any(ids)).order(results::id).load(conn)?;
    views(conn, rows)
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<StoredResult> {
    conn.read(|conn| {
        let row = live_row(conn, id)?;
        Ok(views(conn, vec![row])?.remove(0))
    })
}

/// A page of the league's results that `filter` asks for, latest first: its page from 1
/// (default 1) of `per_page` (default [`DEFAULT_PER_PAGE`]), as the handler checked them.
pub fn list(conn: &mut DbConn, league_id: i64, filter: &ResultsParams) -> Result<ResultPage> {
    let (page, per_page) = (filter.page.unwrap_or(1).max(1), filter.per_page.unwrap_or(DEFAULT_PER_PAGE));
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
            if let Some(event) = filter.event {
                q = q.filter(results::event_id.eq(event));
            }
            let status = match filter.status.unwrap_or_default() {
                StatusFilter::Confirmed => Some(ResultStatus::Confirmed),
                StatusFilter::Pending => Some(ResultStatus::Pending),
                StatusFilter::Rejected => Some(ResultStatus::Rejected),
                StatusFilter::All => None,
            };
            if let Some(status) = status {
                q = q.filter(results::status.eq(status.slug()));
            }
            q
        };
        let total: i64 = query().count().get_result(conn)?;
        let offset = i64::from(page - 1) * i64::from(per_page);
        let rows: Vec<ResultRow> = query()
            .order((results::played_on.desc(), results::id.desc()))
            .limit(i64::from(per_page))
            .offset(offset)
            .load(conn)?;
        Ok(ResultPage { items: views(conn, rows)?, page, per_page, total })
    })
}

/// The games of a club night that count, in the order they were recorded.
pub fn of_event(conn: &mut DbConn, event_id: i64) -> Result<Vec<StoredResult>> {
    let rows: Vec<ResultRow> =
        results::table.filter(results::event_id.eq(event_id)).filter(counted()).order(results::id).load(conn)?;
    views(conn, rows)
}

/// Every live game of a club night, counted or not (pending and rejected entries with
/// their reviews), in the order they were entered: what the night's pages show.
pub fn entered_at(conn: &mut DbConn, event_id: i64) -> Result<Vec<StoredResult>> {
    let rows: Vec<ResultRow> = results::table
        .filter(results::event_id.eq(event_id))
        .filter(results::deleted_at.is_null())
        .order(results::id)
        .load(conn)?;
    views(conn, rows)
}

//! One person, one player: merging a duplicate player into the one kept, and undoing it
//! exactly.
//!
//! A merge moves the merged player's seats (in every league, deleted results included, so
//! that a result restored from its history cannot bring the duplicate back) to the kept
//! player and remembers exactly which seats it moved; the merged name then resolves to the
//! kept player. The undo moves exactly those seats back, so results recorded in between
//! stay with the player they were recorded for. Both touch only `result_players`: the
//! stored records keep the names they were recorded with and are shown with their seats'
//! current players, so every table, rating and history follows from the seats alone.

use super::{now, players};
use crate::db::schema::{event_attendees, events, player_merge_seats, player_merges, players as players_t};
use crate::db::schema::{result_players, results};
use crate::db::{DbConn, Lock};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::changes::{self, Subject};
use crate::store::leagues;
use crate::store::results::by_ids;
use crate::webhooks::queue::{self, Change};
use diesel::prelude::*;
use serde_json::json;
use spielstand_wire::{AuditAction, PlayerMerge, ResultStatus};
use std::collections::BTreeMap;

/// Merges player `from` into player `into`, audited as done `by`.
///
/// Refused: the same player twice (422); a player merged already, or a kept player who was
/// merged himself (409: merge into the one kept instead); two players who sat in the same
/// game (409, naming it: one person cannot have two seats); a merged player checked in to
/// a night not closed yet (409: the draw would seat both).
pub fn merge(conn: &mut DbConn, by: Actor, from: i64, into: i64) -> Result<PlayerMerge> {
    if from == into {
        return Err(Error::InvalidBody(said!("api-into-player-cannot-merged-into", from = from)));
    }
    conn.write(|conn| {
        conn.lock(Lock::Players)?;
        let (merged, kept) = (players::get(conn, from)?, players::get(conn, into)?);
        if let Some(other) = merged.merged_into {
            return Err(Error::Conflict(said!(
                "api-was-merged-into-player-already",
                name = merged.name,
                other = other
            )));
        }
        if let Some(other) = kept.merged_into {
            return Err(Error::Conflict(said!("api-was-merged-into-player-merge", name = kept.name, other = other)));
        }
        let theirs: Vec<i64> = result_players::table
            .filter(result_players::player_id.eq(into))
            .select(result_players::result_id)
            .load(conn)?;
        let shared: Option<(i64, String, chrono::NaiveDate)> = results::table
            .inner_join(result_players::table)
            .filter(result_players::player_id.eq(from))
            .filter(results::id.eq_any(&theirs))
            .select((results::id, results::game, results::played_on))
            .order(results::id)
            .first(conn)
            .optional()?;
        if let Some((result, game, day)) = shared {
            return Err(Error::Conflict(said!(
                "api-both-sat-same-game-result",
                name = merged.name,
                name2 = kept.name,
                game = game,
                day = day,
                result = result
            )));
        }
        let open_night: Option<String> = event_attendees::table
            .inner_join(events::table)
            .filter(event_attendees::player_id.eq(from))
            .filter(events::closed_at.is_null())
            .select(events::title)
            .first(conn)
            .optional()?;
        if let Some(title) = open_night {
            return Err(Error::Conflict(said!("api-checked-club-night-check-them", name = merged.name, title = title)));
        }
        let merge_id: i64 = diesel::insert_into(player_merges::table)
            .values((
                player_merges::from_id.eq(from),
                player_merges::into_id.eq(into),
                player_merges::merged_at.eq(now()),
            ))
            .returning(player_merges::id)
            .get_result(conn)?;
        let seats: Vec<(i64, i32)> = result_players::table
            .filter(result_players::player_id.eq(from))
            .select((result_players::result_id, result_players::seat))
            .load(conn)?;
        for &(result_id, seat) in &seats {
            diesel::insert_into(player_merge_seats::table)
                .values((
                    player_merge_seats::merge_id.eq(merge_id),
                    player_merge_seats::result_id.eq(result_id),
                    player_merge_seats::seat.eq(seat),
                ))
                .execute(conn)?;
        }
        diesel::update(result_players::table.filter(result_players::player_id.eq(from)))
            .set(result_players::player_id.eq(into))
            .execute(conn)?;
        diesel::update(players_t::table.find(from)).set(players_t::merged_into.eq(into)).execute(conn)?;
        let moved: Vec<i64> = seats.iter().map(|&(result, _)| result).collect();
        let leagues = touch(conn, &moved, &[from, into])?;
        let detail = json!({"from": merged.name, "into": kept.name, "seats": seats.len(), "leagues": leagues});
        audit::log(conn, by, AuditAction::PlayerMerged, None, Some(from), detail)?;
        Ok(PlayerMerge { player: players::get(conn, from)?, into: kept, seats_moved: seats.len() as u64, leagues })
    })
}

/// Undoes the merge of player `from` (a 409 if it is not merged): exactly the seats the
/// merge moved go back, and the name stands for itself again. Audited as done `by`.
pub fn unmerge(conn: &mut DbConn, by: Actor, from: i64) -> Result<PlayerMerge> {
    conn.write(|conn| {
        conn.lock(Lock::Players)?;
        let merged = players::get(conn, from)?;
        let Some(into) = merged.merged_into else {
            return Err(Error::Conflict(said!("api-not-merged-into-anyone", name = merged.name)));
        };
        let merge_id: i64 = player_merges::table
            .filter(player_merges::from_id.eq(from))
            .filter(player_merges::undone_at.is_null())
            .order(player_merges::id.desc())
            .select(player_merges::id)
            .first(conn)?;
        let seats: Vec<(i64, i32)> = player_merge_seats::table
            .filter(player_merge_seats::merge_id.eq(merge_id))
            .select((player_merge_seats::result_id, player_merge_seats::seat))
            .load(conn)?;
        let mut moved = Vec::with_capacity(seats.len());
        for &(result_id, seat) in &seats {
            // A seat still held by the kept player goes back (a correction in between may
            // have seated someone else there: that stays as corrected).
            let n = diesel::update(result_players::table.find((result_id, seat)))
                .filter(result_players::player_id.eq(into))
                .set(result_players::player_id.eq(from))
                .execute(conn)?;
            if n > 0 {
                moved.push(result_id);
            }
        }
        diesel::update(player_merges::table.find(merge_id)).set(player_merges::undone_at.eq(now())).execute(conn)?;
        diesel::update(players_t::table.find(from)).set(players_t::merged_into.eq(None::<i64>)).execute(conn)?;
        let leagues = touch(conn, &moved, &[from, into])?;
        let kept = players::get(conn, into)?;
        let detail = json!({"from": merged.name, "into": kept.name, "seats": moved.len(), "leagues": leagues});
        audit::log(conn, by, AuditAction::PlayerUnmerged, None, Some(from), detail)?;
        Ok(PlayerMerge { player: players::get(conn, from)?, into: kept, seats_moved: moved.len() as u64, leagues })
    })
}

/// Gives every league of the `moved` results new revisions, logging each moved result (so
/// the tables re-read exactly those) and the two players (their names), and queues each
/// live moved result for the league's webhooks as corrected: it shows another player now.
/// Returns the leagues, by id.
fn touch(conn: &mut DbConn, moved: &[i64], people: &[i64]) -> Result<Vec<i64>> {
    let mut by_league: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    let mut live = Vec::new();
    for chunk in moved.chunks(1000) {
        let rows: Vec<(i64, i64, Option<chrono::NaiveDateTime>, String)> = results::table
            .filter(results::id.eq_any(chunk))
            .select((results::league_id, results::id, results::deleted_at, results::status))
            .load(conn)?;
        for (league, result, deleted_at, status) in rows {
            by_league.entry(league).or_default().push(result);
            // Webhooks hear of results that count only.
            if deleted_at.is_none() && status == ResultStatus::Confirmed.slug() {
                live.push(result);
            }
        }
    }
    for (&league, results) in &mut by_league {
        results.sort_unstable();
        results.dedup();
        // The change log holds one subject per revision: a revision for each.
        for &result in results.iter() {
            let revision = leagues::bump(conn, league)?.revision;
            changes::log(conn, league, revision, Subject::Result(result))?;
        }
        for &player in people {
            let revision = leagues::bump(conn, league)?.revision;
            changes::log(conn, league, revision, Subject::Player(player))?;
        }
    }
    for chunk in live.chunks(1000) {
        for stored in by_ids(conn, chunk)? {
            queue::enqueue(conn, Change::Corrected(&stored))?;
        }
    }
    Ok(by_league.into_keys().collect())
}

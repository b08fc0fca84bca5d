//! A whole league in one document, read in one snapshot.

use crate::db::DbConn;
use crate::db::schema::{players, result_players, results};
use crate::error::Result;
use crate::model::{EXPORT_FORMAT, LeagueExport, Player};
use crate::store::{events, leagues, results as stored, utc};
use diesel::prelude::*;

/// Results read per query: keeps the list of ids in one statement well under SQLite's
/// limit on bound parameters.
const CHUNK: usize = 1000;

/// League `league_id` with its players, club nights and every live result, as one
/// consistent snapshot.
pub fn export(conn: &mut DbConn, league_id: i64) -> Result<LeagueExport> {
    conn.read(|conn| {
        let league = leagues::get(conn, league_id)?;
        let ids: Vec<i64> = results::table
            .filter(results::league_id.eq(league_id))
            .filter(results::deleted_at.is_null())
            .order(results::id)
            .select(results::id)
            .load(conn)?;
        let mut all = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(CHUNK) {
            all.extend(stored::by_ids(conn, chunk)?);
        }
        let seated: Vec<(i64, String, chrono::NaiveDateTime)> = players::table
            .filter(
                players::id.eq_any(
                    result_players::table
                        .inner_join(results::table)
                        .filter(results::league_id.eq(league_id))
                        .filter(results::deleted_at.is_null())
                        .select(result_players::player_id),
                ),
            )
            .order(players::name)
            .select((players::id, players::name, players::created_at))
            .load(conn)?;
        Ok(LeagueExport {
            format: EXPORT_FORMAT.to_owned(),
            exported_at: chrono::Utc::now(),
            league,
            players: seated
                .into_iter()
                .map(|(id, name, created_at)| Player { id, name, created_at: utc(created_at) })
                .collect(),
            events: events::list(conn, league_id)?,
            results: all,
        })
    })
}

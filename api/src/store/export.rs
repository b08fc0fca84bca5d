//! A whole league in one document, read in one snapshot and written as it is read: the
//! results go into the JSON a chunk at a time, so that the document, not the league's
//! results as objects, is what the export holds in memory.

use crate::db::DbConn;
use crate::db::schema::{players, result_players, results};
use crate::error::Result;
use crate::store::{events, leagues, results as stored, utc};
use diesel::prelude::*;
use spielstand_wire::{EXPORT_FORMAT, LeagueExport, Player};

/// Results read per query: keeps the list of ids in one statement well under SQLite's
/// limit on bound parameters.
const CHUNK: usize = 1000;

/// League `league_id` with its players, club nights and every live result, as one
/// consistent snapshot: the JSON of a [`LeagueExport`], its results written a chunk at a
/// time.
pub fn export_json(conn: &mut DbConn, league_id: i64) -> Result<Vec<u8>> {
    conn.read(|conn| {
        let ids = live_ids(conn, league_id)?;
        let head = LeagueExport {
            format: EXPORT_FORMAT.to_owned(),
            exported_at: chrono::Utc::now(),
            league: leagues::get(conn, league_id)?,
            players: seated(conn, league_id)?,
            events: events::list(conn, league_id)?,
            results: Vec::new(),
        };
        // The head's JSON ends with `"results":[]}`: the results go between the brackets.
        let mut out = serde_json::to_vec(&head)?;
        let closing = out.split_off(out.len() - 2);
        debug_assert_eq!(closing, b"]}");
        for (i, chunk) in ids.chunks(CHUNK).enumerate() {
            for (j, result) in stored::by_ids(conn, chunk)?.iter().enumerate() {
                if i > 0 || j > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut out, result)?;
            }
        }
        out.extend_from_slice(&closing);
        Ok(out)
    })
}

fn live_ids(conn: &mut DbConn, league_id: i64) -> Result<Vec<i64>> {
    Ok(results::table
        .filter(results::league_id.eq(league_id))
        .filter(crate::store::results::counted())
        .order(results::id)
        .select(results::id)
        .load(conn)?)
}

/// Every player seated in a live result of the league, by name.
fn seated(conn: &mut DbConn, league_id: i64) -> Result<Vec<Player>> {
    let seated: Vec<(i64, String, chrono::NaiveDateTime)> = players::table
        .filter(
            players::id.eq_any(
                result_players::table
                    .inner_join(results::table)
                    .filter(results::league_id.eq(league_id))
                    .filter(crate::store::results::counted())
                    .select(result_players::player_id),
            ),
        )
        .order(players::name)
        .select((players::id, players::name, players::created_at))
        .load(conn)?;
    Ok(seated
        .into_iter()
        .map(|(id, name, created_at)| Player { id, name, created_at: utc(created_at), merged_into: None })
        .collect())
}

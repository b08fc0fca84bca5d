use super::{name_key, now, unique_as_conflict, utc};
use crate::db::schema::{leagues, players, result_players, results};
use crate::db::{DbConn, Lock};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::changes::{self, Subject};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::json;
use spielstand_core::{lookalike_key, same_name};
use spielstand_wire::UnknownName;
use spielstand_wire::{AuditAction, Player};

#[derive(Debug, Clone, Queryable)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub name_key: String,
    pub created_at: NaiveDateTime,
    pub merged_into: Option<i64>,
}

impl From<PlayerRow> for Player {
    fn from(r: PlayerRow) -> Player {
        Player { id: r.id, name: r.name, created_at: utc(r.created_at), merged_into: r.merged_into }
    }
}

fn taken(name: &str) -> impl FnOnce() -> crate::said::Said + '_ {
    move || said!("api-player-name-taken", name = format!("{name:?}"))
}

/// 409 if `name` looks the same as another player's name (UTS #39 skeleton) without
/// being it: nobody reading a table could tell the two apart.
fn refuse_lookalike(conn: &mut DbConn, name: &str, except: Option<i64>) -> Result<()> {
    let key = lookalike_key(name);
    let rows: Vec<(i64, String)> = players::table.select((players::id, players::name)).load(conn)?;
    match rows
        .into_iter()
        .find(|(id, other)| Some(*id) != except && !same_name(other, name) && lookalike_key(other) == key)
    {
        Some((id, other)) => Err(Error::Conflict(said!(
            "api-name-looks-same-as-existing",
            name = format!("{:?}", name),
            other = format!("{:?}", other),
            id = id
        ))),
        None => Ok(()),
    }
}

/// Brings every stored name key to the current comparison (NFKC and full case folding;
/// plain lower case in older databases): run once when a server starts. A key that would now
/// collide with another player's is left as it was, and said in the log.
pub fn rekey(conn: &mut DbConn) -> Result<usize> {
    conn.write(|conn| {
        let rows: Vec<(i64, String, String)> =
            players::table.select((players::id, players::name, players::name_key)).load(conn)?;
        let mut changed = 0;
        for (id, name, key) in rows {
            let new = name_key(&name);
            if new == key {
                continue;
            }
            let clash: Option<i64> =
                players::table.filter(players::name_key.eq(&new)).select(players::id).first(conn).optional()?;
            if let Some(other) = clash {
                tracing::warn!(player = id, other, name, "two players' names now compare equal; rename one of them");
                continue;
            }
            diesel::update(players::table.find(id)).set(players::name_key.eq(&new)).execute(conn)?;
            changed += 1;
        }
        Ok(changed)
    })
}

/// Adds a player, audited as done `by`.
pub fn create(conn: &mut DbConn, by: Actor, name: &str) -> Result<Player> {
    spielstand_core::check_name(name)?;
    conn.write(|conn| {
        conn.lock(Lock::Players)?;
        refuse_lookalike(conn, name, None)?;
        let row: PlayerRow = diesel::insert_into(players::table)
            .values((players::name.eq(name), players::name_key.eq(name_key(name)), players::created_at.eq(now())))
            .returning(players::all_columns)
            .get_result(conn)
            .map_err(|e| unique_as_conflict(e, taken(name)))?;
        audit::log(conn, by, AuditAction::PlayerCreated, None, Some(row.id), json!({"name": row.name}))?;
        Ok(row.into())
    })
}

pub fn list(conn: &mut DbConn) -> Result<Vec<Player>> {
    let rows: Vec<PlayerRow> = players::table.order((players::name_key, players::id)).load(conn)?;
    Ok(rows.into_iter().map(Player::from).collect())
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<Player> {
    players::table
        .find(id)
        .first::<PlayerRow>(conn)
        .optional()?
        .map(Player::from)
        .ok_or_else(|| Error::NotFound(said!("api-player-does-not-exist", id = id)))
}

/// Renames a player. Every league the player has results in gets a new revision, since
/// its standings now show the new name. Audited as done `by`.
pub fn rename(conn: &mut DbConn, by: Actor, id: i64, name: &str) -> Result<Player> {
    spielstand_core::check_name(name)?;
    conn.write(|conn| {
        conn.lock(Lock::Players)?;
        let before = get(conn, id)?;
        refuse_lookalike(conn, name, Some(id))?;
        let row: PlayerRow = diesel::update(players::table.find(id))
            .set((players::name.eq(name), players::name_key.eq(name_key(name))))
            .returning(players::all_columns)
            .get_result(conn)
            .optional()
            .map_err(|e| unique_as_conflict(e, taken(name)))?
            .ok_or_else(|| Error::NotFound(said!("api-player-does-not-exist", id = id)))?;
        let affected = results::table
            .inner_join(result_players::table)
            .filter(result_players::player_id.eq(id))
            .select(results::league_id);
        let bumped: Vec<(i64, i64)> = diesel::update(leagues::table.filter(leagues::id.eq_any(affected)))
            .set(leagues::revision.eq(leagues::revision + 1))
            .returning((leagues::id, leagues::revision))
            .get_results(conn)?;
        for (league_id, revision) in bumped {
            changes::log(conn, league_id, revision, Subject::Player(id))?;
        }
        let detail = json!({"before": before.name, "after": row.name});
        audit::log(conn, by, AuditAction::PlayerRenamed, None, Some(id), detail)?;
        Ok(row.into())
    })
}

/// Looks up players by name, case-insensitively, in the order given. `field` names the
/// request field for the error (`players[2].player`). The name of a merged player stands
/// for the player kept: the row returned is the kept one's.
pub fn resolve(conn: &mut DbConn, names: &[(String, String)]) -> Result<Vec<PlayerRow>> {
    let keys: Vec<String> = names.iter().map(|(_, n)| name_key(n)).collect();
    let mut rows: Vec<PlayerRow> = players::table.filter(players::name_key.eq_any(&keys)).load(conn)?;
    let kept_ids: Vec<i64> = rows.iter().filter_map(|r| r.merged_into).collect();
    if !kept_ids.is_empty() {
        let kept: Vec<PlayerRow> = players::table.filter(players::id.eq_any(&kept_ids)).load(conn)?;
        for row in &mut rows {
            if let Some(into) = row.merged_into {
                let key = std::mem::take(&mut row.name_key);
                *row = kept.iter().find(|k| k.id == into).cloned().expect("merged_into references a player");
                // Still found under the merged name's key.
                row.name_key = key;
            }
        }
    }
    let missing: Vec<&(String, String)> =
        names.iter().zip(&keys).filter(|(_, key)| !rows.iter().any(|r| &r.name_key == *key)).map(|(n, _)| n).collect();
    if !missing.is_empty() {
        // Only now, on the way to an error, are all names read: for the suggestions. Every
        // unknown name is answered at once, so that three typos take one try, not three.
        let known: Vec<String> = players::table.select(players::name).load(conn)?;
        let unknown = missing
            .into_iter()
            .map(|(field, name)| UnknownName {
                field: field.clone(),
                name: name.clone(),
                suggestions: spielstand_core::similar::closest(name, known.iter().map(String::as_str)),
            })
            .collect();
        return Err(Error::UnknownPlayers(unknown));
    }
    Ok(keys.iter().map(|key| rows.iter().find(|r| &r.name_key == key).cloned().expect("found above")).collect())
}

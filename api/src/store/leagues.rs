use super::{name_key, now, unique_as_conflict, utc};
use crate::db::DbConn;
use crate::db::schema::leagues;
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::changes::{self, Subject};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::json;
use spielstand_core::LeagueRules;
use spielstand_wire::{AuditAction, League, LeagueInput};

#[derive(Debug, Clone, Queryable)]
pub struct LeagueRow {
    pub id: i64,
    pub name: String,
    pub name_key: String,
    pub rules: String,
    pub revision: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl LeagueRow {
    pub fn rules(&self) -> Result<LeagueRules> {
        crate::store::stored_json(&self.rules, || said!("api-stored-league-rules", id = self.id))
    }

    pub fn into_league(self) -> Result<League> {
        Ok(League {
            rules: self.rules()?,
            id: self.id,
            name: self.name,
            revision: self.revision,
            created_at: utc(self.created_at),
            updated_at: utc(self.updated_at),
        })
    }
}

fn check(input: &LeagueInput) -> Result<String> {
    spielstand_core::check_name(&input.name).map_err(|e| Error::InvalidBody(said!("api-name", e = e)))?;
    input.rules.validate()?;
    Ok(serde_json::to_string(&input.rules)?)
}

/// Every player a team table's rosters name must exist (a 422 naming the first that does
/// not, with the closest names): a typo would otherwise count nobody.
fn check_rosters(conn: &mut DbConn, rules: &spielstand_core::LeagueRules) -> Result<()> {
    let names: Vec<(String, String)> = rules
        .teams
        .iter()
        .enumerate()
        .flat_map(|(i, team)| {
            team.players.iter().enumerate().map(move |(j, p)| (format!("rules.teams[{i}].players[{j}]"), p.clone()))
        })
        .collect();
    if !names.is_empty() {
        super::players::resolve(conn, &names)?;
    }
    Ok(())
}

fn taken(name: &str) -> impl FnOnce() -> crate::said::Said + '_ {
    move || said!("api-league-name-taken", name = format!("{name:?}"))
}

/// Adds a league, audited as done `by`.
pub fn create(conn: &mut DbConn, by: Actor, input: &LeagueInput) -> Result<League> {
    let rules = check(input)?;
    conn.write(|conn| {
        check_rosters(conn, &input.rules)?;
        let t = now();
        let row: LeagueRow = diesel::insert_into(leagues::table)
            .values((
                leagues::name.eq(&input.name),
                leagues::name_key.eq(name_key(&input.name)),
                leagues::rules.eq(&rules),
                leagues::revision.eq(1i64),
                leagues::created_at.eq(t),
                leagues::updated_at.eq(t),
            ))
            .returning(leagues::all_columns)
            .get_result(conn)
            .map_err(|e| unique_as_conflict(e, taken(&input.name)))?;
        let league = row.into_league()?;
        let detail = json!({"name": league.name, "rules": league.rules});
        audit::log(conn, by, AuditAction::LeagueCreated, Some(league.id), Some(league.id), detail)?;
        Ok(league)
    })
}

pub fn list(conn: &mut DbConn) -> Result<Vec<League>> {
    let rows: Vec<LeagueRow> = leagues::table.order((leagues::name_key, leagues::id)).load(conn)?;
    rows.into_iter().map(LeagueRow::into_league).collect()
}

pub fn row(conn: &mut DbConn, id: i64) -> Result<LeagueRow> {
    leagues::table
        .find(id)
        .first(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist", id = id)))
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<League> {
    row(conn, id)?.into_league()
}

/// Replaces name and rules. Results already stored stay; those the new rules do not
/// admit (another season, a game no longer counted) simply stop counting. Audited as done
/// `by`, with the name and rules before and after.
pub fn update(conn: &mut DbConn, by: Actor, id: i64, input: &LeagueInput) -> Result<League> {
    let rules = check(input)?;
    conn.write(|conn| {
        check_rosters(conn, &input.rules)?;
        let before = get(conn, id)?;
        let row: LeagueRow = diesel::update(leagues::table.find(id))
            .set((
                leagues::name.eq(&input.name),
                leagues::name_key.eq(name_key(&input.name)),
                leagues::rules.eq(&rules),
                leagues::revision.eq(leagues::revision + 1),
                leagues::updated_at.eq(now()),
            ))
            .returning(leagues::all_columns)
            .get_result(conn)
            .optional()
            .map_err(|e| unique_as_conflict(e, taken(&input.name)))?
            .ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist", id = id)))?;
        changes::log(conn, row.id, row.revision, Subject::League)?;
        let after = row.into_league()?;
        let detail = json!({
            "before": {"name": before.name, "rules": before.rules},
            "after": {"name": after.name, "rules": after.rules},
        });
        audit::log(conn, by, AuditAction::LeagueChanged, Some(id), Some(id), detail)?;
        Ok(after)
    })
}

/// Marks a change of the league's results; returns the row as it is now. Called first
/// in a result's write transaction, so writes to one league queue on this row. The
/// caller logs what changed under the new revision (`changes::log`).
pub fn bump(conn: &mut DbConn, id: i64) -> Result<LeagueRow> {
    diesel::update(leagues::table.find(id))
        .set(leagues::revision.eq(leagues::revision + 1))
        .returning(leagues::all_columns)
        .get_result(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist", id = id)))
}

/// Every league's current revision (a full check of what a process knows).
pub fn revisions(conn: &mut DbConn) -> Result<Vec<(i64, i64)>> {
    Ok(leagues::table.select((leagues::id, leagues::revision)).load(conn)?)
}

/// The league's current revision, cheaply: keys the standings cache.
pub fn revision(conn: &mut DbConn, id: i64) -> Result<i64> {
    leagues::table
        .find(id)
        .select(leagues::revision)
        .first(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist", id = id)))
}

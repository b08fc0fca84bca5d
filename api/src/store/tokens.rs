//! Write tokens. Only a SHA-256 hash of each token is stored; tokens are 256 random bits,
//! so a fast hash is enough.

use super::audit::{self, Actor};
use super::{now, unique_as_conflict, utc};
use crate::db::DbConn;
use crate::db::schema::{leagues, tokens};
use crate::error::{Error, Result};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};
use spielstand_wire::{AuditAction, TokenScope};

const PREFIX: &str = "spst_";

#[derive(Debug, Clone, serde::Serialize)]
pub struct TokenInfo {
    pub name: String,
    pub scope: TokenScope,
    pub league_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Who is writing: a known, unrevoked token, what it may do and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub name: String,
    pub scope: TokenScope,
    /// The one league it may change; `None`: every league.
    pub league_id: Option<i64>,
}

/// A token as listed: name, scope, league, created, revoked.
type TokenRow = (String, String, Option<i64>, NaiveDateTime, Option<NaiveDateTime>);

/// A scope as stored: one this server does not know is refused, never read as another
/// (a newer version's scope may be narrower or wider than any this one knows).
pub fn scope_of(name: &str, stored: &str) -> Result<TokenScope> {
    stored
        .parse()
        .map_err(|_| Error::UnknownStored(said!("api-stored-token-scope", value = format!("{stored:?}"), name = name)))
}

pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Creates a token named `name` with `scope`, limited to `league_id` if given, and
/// returns it; it cannot be shown again.
pub fn create(conn: &mut DbConn, name: &str, scope: TokenScope, league_id: Option<i64>) -> Result<String> {
    spielstand_core::check_name(name)?;
    // The audit trail and a result's history name a night pass "pass of Anna, night 3";
    // a token of that name could pass for one (and change what the pass entered).
    if spielstand_core::name_key(name).starts_with("pass of") {
        return Err(Error::InvalidBody(said!("api-name-token-names-may-not", name = format!("{:?}", name))));
    }
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = format!("{PREFIX}{}", hex::encode(secret));
    conn.write(|conn| {
        if let Some(league) = league_id {
            let found: Option<i64> = leagues::table.find(league).select(leagues::id).first(conn).optional()?;
            found.ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist-2", league = league)))?;
        }
        // Token names compare as player names do: `TABLE` is the token `table`.
        let names: Vec<String> = tokens::table.select(tokens::name).load(conn)?;
        if let Some(taken) = names.iter().find(|n| spielstand_core::same_name(n, name)) {
            return Err(Error::Conflict(said!(
                "api-token-named-already-exists-same",
                taken = format!("{:?}", taken),
                name = format!("{:?}", name)
            )));
        }
        diesel::insert_into(tokens::table)
            .values((
                tokens::name.eq(name),
                tokens::hash.eq(hash(&token)),
                tokens::created_at.eq(now()),
                tokens::scope.eq(scope.slug()),
                tokens::league_id.eq(league_id),
            ))
            .execute(conn)
            .map_err(|e| unique_as_conflict(e, || said!("api-token-name-taken", name = format!("{name:?}"))))?;
        let detail = serde_json::json!({"name": name, "scope": scope, "league_id": league_id});
        audit::log(conn, Actor::CommandLine, AuditAction::TokenCreated, league_id, None, detail)?;
        Ok(token)
    })
}

pub fn list(conn: &mut DbConn) -> Result<Vec<TokenInfo>> {
    let rows: Vec<TokenRow> = tokens::table
        .order(tokens::name)
        .select((tokens::name, tokens::scope, tokens::league_id, tokens::created_at, tokens::revoked_at))
        .load(conn)?;
    rows.into_iter()
        .map(|(name, scope, league_id, created_at, revoked_at)| {
            Ok(TokenInfo {
                scope: scope_of(&name, &scope)?,
                name,
                league_id,
                created_at: utc(created_at),
                revoked_at: revoked_at.map(utc),
            })
        })
        .collect()
}

/// Revokes the token named `name`; revoking twice is harmless.
pub fn revoke(conn: &mut DbConn, name: &str) -> Result<()> {
    conn.write(|conn| {
        let found: Option<Option<NaiveDateTime>> =
            tokens::table.filter(tokens::name.eq(name)).select(tokens::revoked_at).first(conn).optional()?;
        match found {
            None => Err(Error::NotFound(said!("api-token-does-not-exist-2", name = format!("{:?}", name)))),
            Some(Some(_)) => Ok(()),
            Some(None) => {
                diesel::update(tokens::table.filter(tokens::name.eq(name)))
                    .set(tokens::revoked_at.eq(Some(now())))
                    .execute(conn)?;
                let detail = serde_json::json!({"name": name});
                audit::log(conn, Actor::CommandLine, AuditAction::TokenRevoked, None, None, detail)?;
                // What the token set up stops acting in its name until an admin says so.
                let paused = crate::store::webhooks::pause_of_token(conn, name)?;
                for (id, league_id, url) in &paused {
                    let detail = serde_json::json!({"url": url, "revoked_token": name});
                    audit::log(
                        conn,
                        Actor::CommandLine,
                        AuditAction::WebhookPaused,
                        Some(*league_id),
                        Some(*id),
                        detail,
                    )?;
                }
                if !paused.is_empty() {
                    tracing::info!(token = name, webhooks = paused.len(), "webhooks of a revoked token paused");
                }
                Ok(())
            }
        }
    })
}

/// Who the token is, if it is known and not revoked.
pub fn authenticate(conn: &mut DbConn, token: &str) -> Result<Caller> {
    let found: Option<(String, Option<NaiveDateTime>, String, Option<i64>)> = tokens::table
        .filter(tokens::hash.eq(hash(token)))
        .select((tokens::name, tokens::revoked_at, tokens::scope, tokens::league_id))
        .first(conn)
        .optional()?;
    match found {
        None => Err(Error::UnknownToken),
        Some((name, Some(_), ..)) => Err(Error::Revoked(name)),
        Some((name, None, scope, league_id)) => Ok(Caller { scope: scope_of(&name, &scope)?, name, league_id }),
    }
}

//! Write tokens. Only a SHA-256 hash of each token is stored; tokens are 256 random bits,
//! so a fast hash is enough.

use super::{now, unique_as_conflict, utc};
use crate::db::DbConn;
use crate::db::schema::tokens;
use crate::error::{Error, Result};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};

const PREFIX: &str = "spst_";

#[derive(Debug, Clone, serde::Serialize)]
pub struct TokenInfo {
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Creates a token named `name` and returns it; it cannot be shown again.
pub fn create(conn: &mut DbConn, name: &str) -> Result<String> {
    spielstand_core::check_name(name)?;
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = format!("{PREFIX}{}", hex::encode(secret));
    conn.write(|conn| {
        diesel::insert_into(tokens::table)
            .values((tokens::name.eq(name), tokens::hash.eq(hash(&token)), tokens::created_at.eq(now())))
            .execute(conn)
            .map_err(|e| unique_as_conflict(e, || format!("a token named {name:?} already exists")))?;
        Ok(token)
    })
}

pub fn list(conn: &mut DbConn) -> Result<Vec<TokenInfo>> {
    let rows: Vec<(String, NaiveDateTime, Option<NaiveDateTime>)> =
        tokens::table.order(tokens::name).select((tokens::name, tokens::created_at, tokens::revoked_at)).load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(name, created_at, revoked_at)| TokenInfo {
            name,
            created_at: utc(created_at),
            revoked_at: revoked_at.map(utc),
        })
        .collect())
}

/// Revokes the token named `name`; revoking twice is harmless.
pub fn revoke(conn: &mut DbConn, name: &str) -> Result<()> {
    conn.write(|conn| {
        let found: Option<Option<NaiveDateTime>> =
            tokens::table.filter(tokens::name.eq(name)).select(tokens::revoked_at).first(conn).optional()?;
        match found {
            None => Err(Error::not_found(format!("token {name:?}"))),
            Some(Some(_)) => Ok(()),
            Some(None) => {
                diesel::update(tokens::table.filter(tokens::name.eq(name)))
                    .set(tokens::revoked_at.eq(Some(now())))
                    .execute(conn)?;
                Ok(())
            }
        }
    })
}

/// The name of the token, if it is known and not revoked.
pub fn authenticate(conn: &mut DbConn, token: &str) -> Result<String> {
    let found: Option<(String, Option<NaiveDateTime>)> = tokens::table
        .filter(tokens::hash.eq(hash(token)))
        .select((tokens::name, tokens::revoked_at))
        .first(conn)
        .optional()?;
    match found {
        None => Err(Error::UnknownToken),
        Some((name, Some(_))) => Err(Error::Revoked(name)),
        Some((name, None)) => Ok(name),
    }
}

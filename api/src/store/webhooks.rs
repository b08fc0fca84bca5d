//! Registered webhooks: one URL and secret per registration, at most
//! [`MAX_PER_LEAGUE`] per league. Each registration, deletion and enabling writes its
//! audit entry in its own transaction.

use crate::db::schema::{leagues, webhook_deliveries as deliveries, webhooks};
use crate::db::{DbConn, Lock, now, utc};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::webhooks::egress::{Egress, Refused};
use actix_web::http::Uri;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use rand::RngCore;
use regex::Regex;
use serde_json::json;
use spielstand_wire::webhook::{MAX_URL_CHARS, URL_PATTERN};
use spielstand_wire::{AuditAction, NewWebhook, Webhook};
use std::sync::LazyLock;

/// Every webhook costs a queue row per change of its league's results; a club needs a few.
pub const MAX_PER_LEAGUE: i64 = 20;

type WebhookRow = (i64, i64, String, String, String, NaiveDateTime, Option<NaiveDateTime>);

fn view((id, league_id, url, _secret, token_name, created_at, paused_at): WebhookRow) -> Webhook {
    Webhook { id, league_id, url, token_name, created_at: utc(created_at), paused_at: paused_at.map(utc) }
}

/// Only absolute `http` and `https` URLs with a host: anything else cannot be POSTed to.
fn check_url(url: &str) -> Result<()> {
    let bad = |why: &str| Err(Error::InvalidBody(said!("api-url", why = why)));
    if url.chars().count() > MAX_URL_CHARS {
        return bad(&format!("longer than {MAX_URL_CHARS} characters"));
    }
    let Ok(uri) = url.parse::<Uri>() else { return bad(&format!("{url:?} is not a URL")) };
    if !matches!(uri.scheme_str(), Some("http" | "https")) {
        return bad(&format!("{url:?}: use an http:// or https:// URL"));
    }
    if uri.host().is_none_or(str::is_empty) {
        return bad(&format!("{url:?} names no host"));
    }
    if uri.authority().is_some_and(|a| a.as_str().contains('@')) {
        return bad("credentials in the URL would be sent in clear with every delivery; put a secret in the path");
    }
    static PATTERN: LazyLock<Regex> = LazyLock::new(|| Regex::new(URL_PATTERN).expect("URL_PATTERN is a regex"));
    if !PATTERN.is_match(url) {
        return bad(&format!(
            "{url:?}: a webhook URL has a host name or IPv4 address, no fragment, and percent-encodes every other character (see the pattern in the API's document)"
        ));
    }
    Ok(())
}

/// Where `url` points must be public, unless the operator allowed its host: 422 naming
/// the address otherwise. Resolves the host name: call it off the async threads. A host
/// that does not resolve (yet) is accepted: every delivery checks again.
pub fn check_egress(url: &str, egress: &Egress) -> Result<()> {
    let Ok(uri) = url.parse::<Uri>() else { return Ok(()) };
    let Some(host) = uri.host() else { return Ok(()) };
    let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
    match egress.resolve(host, port) {
        Err(Refused::NotPublic(ip)) => {
            Err(Error::InvalidBody(said!("api-url-not-public-address-webhooks", host = host, ip = ip)))
        }
        Ok(_) | Err(Refused::Unresolved) => Ok(()),
    }
}

/// Registers `url` for league `league_id`, with a new secret that is returned this once.
/// The webhook belongs to the token `token_name` (paused when it is revoked); the
/// registration is audited as done by it.
pub fn create(conn: &mut DbConn, league_id: i64, url: &str, token_name: &str) -> Result<NewWebhook> {
    check_url(url)?;
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    let secret = hex::encode(key);
    conn.write(|conn| {
        conn.lock(Lock::League(league_id))?;
        league_exists(conn, league_id)?;
        let existing: i64 = webhooks::table.filter(webhooks::league_id.eq(league_id)).count().get_result(conn)?;
        if existing >= MAX_PER_LEAGUE {
            return Err(Error::Conflict(said!(
                "api-league-has-webhooks-most-allowed",
                league_id = league_id,
                existing = existing
            )));
        }
        let row: WebhookRow = diesel::insert_into(webhooks::table)
            .values((
                webhooks::league_id.eq(league_id),
                webhooks::url.eq(url),
                webhooks::secret.eq(&secret),
                webhooks::token_name.eq(token_name),
                webhooks::created_at.eq(now()),
            ))
            .returning(webhooks::all_columns)
            .get_result(conn)?;
        let webhook = view(row);
        let detail = json!({"url": webhook.url});
        audit::log(
            conn,
            Actor::Token(token_name),
            AuditAction::WebhookRegistered,
            Some(league_id),
            Some(webhook.id),
            detail,
        )?;
        Ok(NewWebhook { webhook, secret: secret.clone() })
    })
}

pub fn list(conn: &mut DbConn, league_id: i64) -> Result<Vec<Webhook>> {
    conn.read(|conn| {
        league_exists(conn, league_id)?;
        let rows: Vec<WebhookRow> =
            webhooks::table.filter(webhooks::league_id.eq(league_id)).order(webhooks::id).load(conn)?;
        Ok(rows.into_iter().map(view).collect())
    })
}

pub fn get(conn: &mut DbConn, id: i64) -> Result<Webhook> {
    webhooks::table
        .find(id)
        .first::<WebhookRow>(conn)
        .optional()?
        .map(view)
        .ok_or_else(|| Error::NotFound(said!("api-webhook-does-not-exist", id = id)))
}

/// A webhook paused by a revocation: (id, league id, URL).
pub type Paused = (i64, i64, String);

/// Pauses every webhook registered by the token named `token_name` (it was revoked):
/// their deliveries wait until an admin enables them. Runs in the revocation's
/// transaction; returns the webhooks it paused, for the audit trail.
pub fn pause_of_token(conn: &mut DbConn, token_name: &str) -> Result<Vec<Paused>> {
    Ok(diesel::update(
        webhooks::table.filter(webhooks::token_name.eq(token_name)).filter(webhooks::paused_at.is_null()),
    )
    .set(webhooks::paused_at.eq(Some(now())))
    .returning((webhooks::id, webhooks::league_id, webhooks::url))
    .get_results(conn)?)
}

/// Enables a paused webhook again: what waited is delivered. Audited as done `by`.
pub fn enable(conn: &mut DbConn, by: Actor, id: i64) -> Result<Webhook> {
    conn.write(|conn| {
        let hook = diesel::update(webhooks::table.find(id))
            .set(webhooks::paused_at.eq(None::<NaiveDateTime>))
            .returning(webhooks::all_columns)
            .get_result::<WebhookRow>(conn)
            .optional()?
            .map(view)
            .ok_or_else(|| Error::NotFound(said!("api-webhook-does-not-exist", id = id)))?;
        let detail = json!({"url": hook.url});
        audit::log(conn, by, AuditAction::WebhookEnabled, Some(hook.league_id), Some(id), detail)?;
        Ok(hook)
    })
}

/// Removes a webhook and its deliveries, pending ones included: nothing more is sent to
/// it. Audited as done `by`.
pub fn delete(conn: &mut DbConn, by: Actor, id: i64) -> Result<()> {
    conn.write(|conn| {
        let before = get(conn, id)?;
        diesel::delete(deliveries::table.filter(deliveries::webhook_id.eq(id))).execute(conn)?;
        diesel::delete(webhooks::table.find(id)).execute(conn)?;
        let detail = json!({"url": before.url});
        audit::log(conn, by, AuditAction::WebhookDeleted, Some(before.league_id), Some(id), detail)
    })
}

/// Webhooks hang off a league, so an unknown league is a 404. Only the id is read: the
/// league's rules are the store's business.
fn league_exists(conn: &mut DbConn, id: i64) -> Result<()> {
    leagues::table
        .find(id)
        .select(leagues::id)
        .first::<i64>(conn)
        .optional()?
        .map(drop)
        .ok_or_else(|| Error::NotFound(said!("api-league-does-not-exist", id = id)))
}

#[cfg(test)]
mod tests {
    use super::check_url;
    use proptest::prelude::*;
    use spielstand_wire::webhook::URL_PATTERN;

    proptest! {
        /// Every URL the OpenAPI document's pattern admits is one the server registers.
        #[test]
        fn urls_the_document_admits_are_accepted(
            url in proptest::string::string_regex(URL_PATTERN.trim_start_matches('^').trim_end_matches('$')).unwrap()
        ) {
            prop_assume!(url.chars().count() <= spielstand_wire::webhook::MAX_URL_CHARS);
            prop_assert!(check_url(&url).is_ok(), "{:?}", url);
        }
    }

    #[test]
    fn the_pattern_refuses_what_the_server_refuses() {
        let pattern = regex::Regex::new(URL_PATTERN).unwrap();
        for refused in [
            "https://",
            "ftp://a.de/",
            "https://user:pw@a.de/",
            "https://a.de/ x",
            "a.de/hook",
            "https://0*",
            "https://a.de/#x",
        ] {
            assert!(check_url(refused).is_err(), "{refused}");
            assert!(!pattern.is_match(refused), "{refused}");
        }
        assert!(pattern.is_match("https://tsv-beispiel.de:8443/spielstand-hook?club=7"));
    }
}

//! Webhooks and their delivery queue. A change of a result queues one delivery per
//! webhook of its league inside the change's own transaction, so a delivery exists
//! exactly when the change was committed; the delivery worker (`delivery.rs`) works the queue off.

use super::{leagues, now, utc};
use crate::db::DbConn;
use crate::db::schema::{webhook_deliveries as deliveries, webhooks};
use crate::error::{Error, Result};
use crate::model::{Action, Delivery, DeliveryPage, DeliveryStatus, NewWebhook, StoredResult, Webhook, WebhookEvent};
use actix_web::http::Uri;
use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use rand::RngCore;
use regex::Regex;
use spielstand_core::Slug;
use spielstand_wire::webhook::{MAX_URL_CHARS, URL_PATTERN};
use std::sync::LazyLock;

/// Every webhook costs a queue row per change of its league's results; a club needs a few.
pub const MAX_PER_LEAGUE: i64 = 20;

/// A change of a result, as webhooks hear of it.
pub enum Change<'a> {
    Recorded(&'a StoredResult),
    Corrected(&'a StoredResult),
    Deleted { league_id: i64, result_id: i64, revision: i64 },
}

/// Queues `change` for every webhook of its league. Runs inside the change's transaction.
pub fn enqueue(conn: &mut DbConn, change: Change) -> Result<()> {
    let (action, league_id, result_id, revision, result) = match change {
        Change::Recorded(r) => (Action::Recorded, r.league_id, r.id, r.revision, Some(r)),
        Change::Corrected(r) => (Action::Corrected, r.league_id, r.id, r.revision, Some(r)),
        Change::Deleted { league_id, result_id, revision } => (Action::Deleted, league_id, result_id, revision, None),
    };
    let hooks: Vec<i64> = webhooks::table
        .filter(webhooks::league_id.eq(league_id))
        .select(webhooks::id)
        .order(webhooks::id)
        .load(conn)?;
    if hooks.is_empty() {
        return Ok(());
    }
    let t = now();
    let event = WebhookEvent {
        id: uuid::Uuid::new_v4().to_string(),
        action,
        occurred_at: utc(t),
        league_id,
        result_id,
        revision,
        result: result.cloned(),
    };
    let payload = serde_json::to_string(&event)?;
    // Row by row: MultiConnection cannot batch inserts, and a league has few webhooks.
    for webhook_id in hooks {
        diesel::insert_into(deliveries::table)
            .values((
                deliveries::webhook_id.eq(webhook_id),
                deliveries::event_id.eq(&event.id),
                deliveries::action.eq(action.slug()),
                deliveries::result_id.eq(result_id),
                deliveries::payload.eq(&payload),
                deliveries::status.eq(DeliveryStatus::Pending.slug()),
                deliveries::attempts.eq(0),
                deliveries::next_attempt_at.eq(t),
                deliveries::created_at.eq(t),
            ))
            .execute(conn)?;
    }
    Ok(())
}

type WebhookRow = (i64, i64, String, String, String, NaiveDateTime);

fn view((id, league_id, url, _secret, token_name, created_at): WebhookRow) -> Webhook {
    Webhook { id, league_id, url, token_name, created_at: utc(created_at) }
}

/// Only absolute `http` and `https` URLs with a host: anything else cannot be POSTed to.
fn check_url(url: &str) -> Result<()> {
    let bad = |why: &str| Err(Error::InvalidBody(format!("url: {why}")));
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

/// Registers `url` for league `league_id`, with a new secret that is returned this once.
pub fn create(conn: &mut DbConn, league_id: i64, url: &str, token_name: &str) -> Result<NewWebhook> {
    check_url(url)?;
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    let secret = hex::encode(key);
    conn.write(|conn| {
        leagues::row(conn, league_id)?;
        let existing: i64 = webhooks::table.filter(webhooks::league_id.eq(league_id)).count().get_result(conn)?;
        if existing >= MAX_PER_LEAGUE {
            return Err(Error::Conflict(format!(
                "league {league_id} has {existing} webhooks, the most allowed; delete one first"
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
        Ok(NewWebhook { webhook: view(row), secret: secret.clone() })
    })
}

pub fn list(conn: &mut DbConn, league_id: i64) -> Result<Vec<Webhook>> {
    conn.read(|conn| {
        leagues::row(conn, league_id)?;
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
        .ok_or_else(|| Error::not_found(format!("webhook {id}")))
}

/// Removes a webhook and its deliveries, pending ones included: nothing more is sent to it.
pub fn delete(conn: &mut DbConn, id: i64) -> Result<()> {
    conn.write(|conn| {
        diesel::delete(deliveries::table.filter(deliveries::webhook_id.eq(id))).execute(conn)?;
        match diesel::delete(webhooks::table.find(id)).execute(conn)? {
            0 => Err(Error::not_found(format!("webhook {id}"))),
            _ => Ok(()),
        }
    })
}

/// Which deliveries of a webhook to list.
#[derive(Debug, Clone, Copy)]
pub struct DeliveryFilter {
    pub status: Option<DeliveryStatus>,
    pub page: u32,
    pub per_page: u32,
}

#[derive(Debug, Queryable)]
struct DeliveryRow {
    id: i64,
    webhook_id: i64,
    event_id: String,
    action: String,
    result_id: i64,
    payload: String,
    status: String,
    attempts: i32,
    next_attempt_at: NaiveDateTime,
    _locked_until: Option<NaiveDateTime>,
    _lease: Option<String>,
    last_attempt_at: Option<NaiveDateTime>,
    last_status: Option<i32>,
    last_error: Option<String>,
    created_at: NaiveDateTime,
    delivered_at: Option<NaiveDateTime>,
}

impl DeliveryRow {
    fn into_delivery(self) -> Result<Delivery> {
        let id = self.id;
        let status = DeliveryStatus::from_slug(&self.status)
            .ok_or_else(|| Error::Internal(format!("delivery {id}: unknown status {}", self.status)))?;
        let action = Action::from_slug(&self.action)
            .ok_or_else(|| Error::Internal(format!("delivery {id}: unknown action {}", self.action)))?;
        Ok(Delivery {
            id,
            webhook_id: self.webhook_id,
            event_id: self.event_id,
            action,
            result_id: self.result_id,
            status,
            attempts: self.attempts,
            next_attempt_at: (status == DeliveryStatus::Pending).then(|| utc(self.next_attempt_at)),
            last_attempt_at: self.last_attempt_at.map(utc),
            last_status: self.last_status,
            last_error: self.last_error,
            created_at: utc(self.created_at),
            delivered_at: self.delivered_at.map(utc),
            payload: serde_json::from_str(&self.payload)?,
        })
    }
}

/// A webhook's deliveries, newest first.
pub fn deliveries(conn: &mut DbConn, webhook_id: i64, filter: DeliveryFilter) -> Result<DeliveryPage> {
    conn.read(|conn| {
        get(conn, webhook_id)?;
        let query = || {
            let mut q = deliveries::table.filter(deliveries::webhook_id.eq(webhook_id)).into_boxed();
            if let Some(status) = filter.status {
                q = q.filter(deliveries::status.eq(status.slug()));
            }
            q
        };
        let total: i64 = query().count().get_result(conn)?;
        let rows: Vec<DeliveryRow> = query()
            .order(deliveries::id.desc())
            .limit(i64::from(filter.per_page))
            .offset(i64::from(filter.page - 1) * i64::from(filter.per_page))
            .load(conn)?;
        let items = rows.into_iter().map(DeliveryRow::into_delivery).collect::<Result<_>>()?;
        Ok(DeliveryPage { items, page: filter.page, per_page: filter.per_page, total })
    })
}

/// A delivery a worker holds a lease on.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    /// Proves the lease when the outcome is recorded.
    pub lease: String,
    pub url: String,
    pub secret: String,
    pub event_id: String,
    pub payload: String,
    /// Attempts made before this one.
    pub attempts: i32,
}

/// Leases up to `limit` due deliveries, oldest due first, for `lease_for`. Each lease is
/// taken by an UPDATE that succeeds only while no one else holds the row, so processes
/// sharing the database never work on one delivery at once; a lease whose holder died
/// runs out, and the row is due again.
pub fn claim_due(conn: &mut DbConn, limit: i64, lease_for: TimeDelta) -> Result<Vec<Claimed>> {
    let t = now();
    let free = || {
        deliveries::status
            .eq(DeliveryStatus::Pending.slug())
            .and(deliveries::next_attempt_at.le(t))
            .and(deliveries::locked_until.is_null().or(deliveries::locked_until.lt(t)).assume_not_null())
    };
    let due: Vec<i64> = deliveries::table
        .filter(free())
        .order((deliveries::next_attempt_at, deliveries::id))
        .select(deliveries::id)
        .limit(limit)
        .load(conn)?;
    let mut claimed = Vec::with_capacity(due.len());
    for id in due {
        let lease = uuid::Uuid::new_v4().to_string();
        let taken = diesel::update(deliveries::table.find(id).filter(free()))
            .set((deliveries::locked_until.eq(Some(t + lease_for)), deliveries::lease.eq(Some(&lease))))
            .execute(conn)?;
        if taken == 0 {
            continue;
        }
        let (url, secret, event_id, payload, attempts) = deliveries::table
            .inner_join(webhooks::table)
            .filter(deliveries::id.eq(id))
            .select((webhooks::url, webhooks::secret, deliveries::event_id, deliveries::payload, deliveries::attempts))
            .first(conn)?;
        claimed.push(Claimed { id, lease, url, secret, event_id, payload, attempts });
    }
    Ok(claimed)
}

/// How an attempt went.
#[derive(Debug, Clone)]
pub enum Outcome {
    Delivered {
        status: u16,
    },
    /// Failed; tried again at `at`.
    Retry {
        status: Option<u16>,
        error: String,
        at: NaiveDateTime,
    },
    /// Failed, and that was the last attempt.
    GiveUp {
        status: Option<u16>,
        error: String,
    },
}

/// Records the outcome of an attempt and frees the row. Returns false when the lease was
/// no longer held (it ran out and another process took the row): then nothing is written.
pub fn finish(conn: &mut DbConn, claimed: &Claimed, outcome: &Outcome) -> Result<bool> {
    let t = now();
    let (status, next_attempt_at, last_status, last_error, delivered_at) = match outcome {
        Outcome::Delivered { status } => (DeliveryStatus::Delivered, t, Some(*status), None, Some(t)),
        Outcome::Retry { status, error, at } => (DeliveryStatus::Pending, *at, *status, Some(error.as_str()), None),
        Outcome::GiveUp { status, error } => (DeliveryStatus::Failed, t, *status, Some(error.as_str()), None),
    };
    let updated = diesel::update(
        deliveries::table
            .find(claimed.id)
            .filter(deliveries::lease.eq(&claimed.lease))
            .filter(deliveries::status.eq(DeliveryStatus::Pending.slug())),
    )
    .set((
        deliveries::status.eq(status.slug()),
        deliveries::attempts.eq(claimed.attempts + 1),
        deliveries::next_attempt_at.eq(next_attempt_at),
        deliveries::locked_until.eq(None::<NaiveDateTime>),
        deliveries::lease.eq(None::<String>),
        deliveries::last_attempt_at.eq(Some(t)),
        deliveries::last_status.eq(last_status.map(i32::from)),
        deliveries::last_error.eq(last_error),
        deliveries::delivered_at.eq(delivered_at),
    ))
    .execute(conn)?;
    Ok(updated == 1)
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

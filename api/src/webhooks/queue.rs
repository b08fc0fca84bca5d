//! The delivery queue. A change of a result queues one delivery per webhook of its league
//! inside the change's own transaction, so a delivery exists exactly when the change was
//! committed; the worker ([`super::delivery`]) leases due deliveries and records how each
//! attempt went.

use crate::db::schema::{webhook_deliveries as deliveries, webhooks};
use crate::db::{DbConn, now, utc};
use crate::error::{Error, Result};
use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use spielstand_core::Slug;
use spielstand_wire::{Action, Delivery, DeliveryPage, DeliveryStatus, StoredResult, WebhookEvent};
use std::collections::HashMap;

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
            .ok_or_else(|| Error::internal(format!("delivery {id}: unknown status {}", self.status)))?;
        let action = Action::from_slug(&self.action)
            .ok_or_else(|| Error::internal(format!("delivery {id}: unknown action {}", self.action)))?;
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

/// A webhook's deliveries, newest first; the caller has checked the webhook exists.
pub fn deliveries(conn: &mut DbConn, webhook_id: i64, filter: DeliveryFilter) -> Result<DeliveryPage> {
    conn.read(|conn| {
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
    /// [`host_of`] its URL.
    pub host: String,
    pub url: String,
    pub secret: String,
    pub event_id: String,
    pub payload: String,
    /// Attempts made before this one.
    pub attempts: i32,
}

/// The receiving host of a webhook URL, port included (`host:port`): deliveries are
/// rationed per host, so a slow receiver uses up only its own share.
pub fn host_of(url: &str) -> String {
    match url.parse::<actix_web::http::Uri>() {
        Ok(uri) => {
            let host = uri.host().unwrap_or_default().to_ascii_lowercase();
            let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("http") { 80 } else { 443 });
            format!("{host}:{port}")
        }
        // Registered URLs always parse; a stored oddity is its own host.
        Err(_) => url.to_owned(),
    }
}

/// Leases up to `limit` due deliveries, oldest due first, for `lease_for`, never more than
/// `per_host` in flight to one host counting `in_flight` (this worker's deliveries still
/// under way, by host): deliveries to a host that is at its share wait, and the rest go
/// on. Each lease is taken by an UPDATE that succeeds only while no one else holds the
/// row, so processes sharing the database never work on one delivery at once; a lease
/// whose holder died runs out, and the row is due again.
pub fn claim_due(
    conn: &mut DbConn,
    limit: usize,
    lease_for: TimeDelta,
    per_host: usize,
    in_flight: &HashMap<String, usize>,
) -> Result<Vec<Claimed>> {
    let t = now();
    let free = || {
        deliveries::status
            .eq(DeliveryStatus::Pending.slug())
            .and(deliveries::next_attempt_at.le(t))
            .and(deliveries::locked_until.is_null().or(deliveries::locked_until.lt(t)).assume_not_null())
    };
    // A paused webhook's deliveries wait (its token was revoked).
    let hosts: HashMap<i64, String> = webhooks::table
        .filter(webhooks::paused_at.is_null())
        .select((webhooks::id, webhooks::url))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .map(|(id, url)| (id, host_of(&url)))
        .collect();
    let mut busy = in_flight.clone();
    let mut claimed = Vec::new();
    // Each pass asks only for webhooks whose host has room, so a host with a long queue
    // cannot fill the window and starve the others.
    while claimed.len() < limit {
        let open: Vec<i64> = hosts
            .iter()
            .filter(|(_, host)| busy.get(*host).copied().unwrap_or(0) < per_host)
            .map(|(&id, _)| id)
            .collect();
        if open.is_empty() {
            break;
        }
        let due: Vec<(i64, i64)> = deliveries::table
            .filter(free())
            .filter(deliveries::webhook_id.eq_any(&open))
            .order((deliveries::next_attempt_at, deliveries::id))
            .select((deliveries::id, deliveries::webhook_id))
            .limit((limit - claimed.len()) as i64)
            .load(conn)?;
        let mut progressed = false;
        for (id, webhook_id) in due {
            let host = &hosts[&webhook_id];
            if busy.get(host).copied().unwrap_or(0) >= per_host {
                continue;
            }
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
                .select((
                    webhooks::url,
                    webhooks::secret,
                    deliveries::event_id,
                    deliveries::payload,
                    deliveries::attempts,
                ))
                .first(conn)?;
            *busy.entry(host.clone()).or_default() += 1;
            claimed.push(Claimed { id, lease, host: host.clone(), url, secret, event_id, payload, attempts });
            progressed = true;
        }
        // Nothing leased in a pass: nothing due where there is room (or other processes
        // took it first).
        if !progressed {
            break;
        }
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

/// Gives back leases this process holds (it is shutting down): the rows are due at once
/// for another process instead of when the leases would run out. A delivery still under
/// way records nothing afterwards ([`finish`] finds its lease gone); at worst the
/// receiver gets the event twice, which the event id lets it see.
pub fn release(conn: &mut DbConn, leases: &[String]) -> Result<usize> {
    if leases.is_empty() {
        return Ok(0);
    }
    Ok(diesel::update(deliveries::table.filter(deliveries::lease.eq_any(leases)))
        .set((deliveries::locked_until.eq(None::<NaiveDateTime>), deliveries::lease.eq(None::<String>)))
        .execute(conn)?)
}

/// Deliveries waiting to be sent (due now or later), for the metrics.
pub fn depth(conn: &mut DbConn) -> Result<i64> {
    Ok(deliveries::table.filter(deliveries::status.eq(DeliveryStatus::Pending.slug())).count().get_result(conn)?)
}

//! Members at the table: a club night's join code, the night passes members get with it,
//! and the organiser's sessions on a phone (docs/organisers.md "A club night with phones").
//!
//! A pass acts for one player at one night: it enters that player's table's result and
//! confirms or rejects a tablemate's, nothing else (`http::access`). It ends when the
//! night is closed, 18 hours after it was given, or when the organiser revokes it. Only
//! hashes of passes, sign-in codes and sessions are kept, as of tokens.

use super::audit::{self, Actor};
use super::{now, utc};
use crate::db::schema::{
    app_sessions, events, join_codes, join_requests, night_passes, players, sign_in_codes, tokens,
};
use crate::db::{DbConn, Lock};
use crate::error::{Error, JoinRefusal, PassGone, Result};
use crate::store::events as nights;
use crate::store::seating;
use crate::store::tokens::{Caller, hash};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use rand::Rng;
use serde_json::json;
use spielstand_wire::{AuditAction, JoinCode, NightPass, PassEnd, PassInfo, PlayerRef};
pub use spielstand_wire::{JOIN_CODE_LENGTH, normalise_code, pass_label as label, shown_code};

/// How long a pass, and a join code, act at most.
pub const PASS_HOURS: i64 = 18;
/// How long a sign-in code of `token create --qr` may be used.
pub const SIGN_IN_MINUTES: i64 = 10;
/// How long an organiser's session on a phone lasts.
pub const SESSION_DAYS: i64 = 30;

const PASS_PREFIX: &str = "spsp_";
const SESSION_PREFIX: &str = "spss_";
/// Crockford's base 32: no I, L, O or U, so nothing is misread from a projector.
const CODE_ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A pass as the access check knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pass {
    pub id: i64,
    pub event_id: i64,
    pub league_id: i64,
    pub player_id: i64,
    pub player: String,
    /// Waits for the organiser (a move to a new phone, a check-in): it acts only once
    /// they let it.
    pub waiting: bool,
}

impl Pass {
    /// How the audit trail and a result's history name it: "pass of Anna, night 3".
    pub fn label(&self) -> String {
        label(&self.player, self.event_id)
    }

    /// The label in German words, for what is said to a German reader.
    pub fn label_de(&self) -> String {
        format!("Zugang von {}, Abend {}", self.player, self.event_id)
    }
}

/// Is `secret` shaped as a night pass (and so not a token)?
pub fn is_pass(secret: &str) -> bool {
    secret.starts_with(PASS_PREFIX)
}

/// Is `secret` shaped as an organiser's session?
pub fn is_session(secret: &str) -> bool {
    secret.starts_with(SESSION_PREFIX)
}

fn secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    format!("{prefix}{}", hex::encode(bytes))
}

/// The night of a join code, or a pass, must be open.
fn open_night(conn: &mut DbConn, event_id: i64) -> Result<nights::EventRow> {
    let night = nights::row(conn, event_id)?;
    if night.closed_at.is_some() {
        return Err(Error::EventClosed(said!(
            "api-club-night-closed-members-join",
            event_id = event_id,
            title = format!("{:?}", night.title)
        )));
    }
    Ok(night)
}

/// Makes a new join code for night `event_id` (the night's previous one stops working),
/// audited as done `by`. `url_of` turns the code into the page members open.
pub fn create_join_code(
    conn: &mut DbConn,
    by: Actor,
    by_name: &str,
    event_id: i64,
    check_in: bool,
    url_of: impl Fn(&str) -> String,
) -> Result<JoinCode> {
    conn.write(|conn| {
        let night = open_night(conn, event_id)?;
        let t = now();
        let expires = t + Duration::hours(PASS_HOURS);
        diesel::update(
            join_codes::table.filter(join_codes::event_id.eq(event_id)).filter(join_codes::revoked_at.is_null()),
        )
        .set(join_codes::revoked_at.eq(Some(t)))
        .execute(conn)?;
        // 40 random bits: a code cannot be guessed in the few tries the throttle allows.
        let mut rng = rand::rng();
        let code: String =
            (0..JOIN_CODE_LENGTH).map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char).collect();
        diesel::insert_into(join_codes::table)
            .values((
                join_codes::event_id.eq(event_id),
                join_codes::code.eq(&code),
                join_codes::check_in.eq(i32::from(check_in)),
                join_codes::created_by.eq(by_name),
                join_codes::created_at.eq(t),
                join_codes::expires_at.eq(expires),
            ))
            .execute(conn)?;
        let detail = json!({"night": night.title, "expires_at": utc(expires), "check_in": check_in});
        audit::log(conn, by, AuditAction::JoinCodeCreated, Some(night.league_id), Some(event_id), detail)?;
        Ok(JoinCode { url: url_of(&code), code: shown_code(&code), expires_at: utc(expires) })
    })
}

/// The night's join code now in force, if any: (code, expires at).
pub fn current_code(conn: &mut DbConn, event_id: i64) -> Result<Option<(String, NaiveDateTime)>> {
    Ok(join_codes::table
        .filter(join_codes::event_id.eq(event_id))
        .filter(join_codes::revoked_at.is_null())
        .filter(join_codes::expires_at.gt(now()))
        .order(join_codes::id.desc())
        .select((join_codes::code, join_codes::expires_at))
        .first(conn)
        .optional()?)
}

/// What a join code opens: its night, and whether joining checks a member in.
#[derive(Debug, Clone)]
pub struct CodeNight {
    pub code_id: i64,
    pub event_id: i64,
    pub league_id: i64,
    pub title: String,
    pub check_in: bool,
}

/// The open night of `code` (as typed); a 404 for a code that is unknown, replaced or
/// expired (the caller counts it against the address's quota); `NightOver` for the code
/// of a night that is closed (its final table is public).
pub fn night_of_code(conn: &mut DbConn, code: &str) -> Result<CodeNight> {
    let code = normalise_code(code);
    let found: Option<(i64, i64, i32, NaiveDateTime, Option<NaiveDateTime>)> = join_codes::table
        .filter(join_codes::code.eq(&code))
        .select((
            join_codes::id,
            join_codes::event_id,
            join_codes::check_in,
            join_codes::expires_at,
            join_codes::revoked_at,
        ))
        .first(conn)
        .optional()?;
    let unknown = || Error::NotFound(said!("api-not-code-open-club-night", code = shown_code(&code)));
    let Some((code_id, event_id, check_in, expires_at, revoked_at)) = found else { return Err(unknown()) };
    if revoked_at.is_some() || expires_at <= now() {
        // The last code of a night that is over still opens its final table.
        if nights::row(conn, event_id)?.closed_at.is_some() && revoked_at.is_none() {
            return Err(Error::NightOver(event_id));
        }
        return Err(unknown());
    }
    let night = nights::row(conn, event_id)?;
    if night.closed_at.is_some() {
        return Err(Error::NightOver(event_id));
    }
    Ok(CodeNight { code_id, event_id, league_id: night.league_id, title: night.title, check_in: check_in != 0 })
}

/// A member joins the night of `code` as `player`: checked in where the code allows it,
/// given a pass. One pass acts for a player at a night at a time: a second join is a 409
/// (someone else holding the code cannot take over a player who has joined), unless the
/// member asks the organiser (`ask`): then the pass waits until the organiser lets it act
/// (`approve`, which ends the other phone's pass) or says no. The same for a member not
/// checked in where the code does not check in. A member whose pass the organiser revoked
/// joins that night again only once let back in (`readmit`).
pub fn join(conn: &mut DbConn, code: &str, player: &PlayerRef, ask: bool) -> Result<NightPass> {
    conn.write(|conn| {
        let night = night_of_code(conn, code)?;
        // Joins of one night queue: one live pass per player, also when two phones ask
        // for the same name at the same moment.
        conn.lock(Lock::Night(night.event_id))?;
        let (player_id, name) = seating::resolve_one(conn, "player", player)?;
        let t = now();
        let kept_out: Option<i64> = night_passes::table
            .filter(night_passes::event_id.eq(night.event_id))
            .filter(night_passes::player_id.eq(player_id))
            .filter(night_passes::ended_how.eq(PassEnd::Revoked.slug()))
            .filter(night_passes::readmitted_at.is_null())
            .select(night_passes::id)
            .first(conn)
            .optional()?;
        let refused = |why| Error::Join { why, player: name.clone(), night: night.title.clone() };
        if kept_out.is_some() {
            return Err(refused(JoinRefusal::KeptOut));
        }
        let present = seating::attendees(conn, night.event_id)?.iter().any(|a| a.player_id == player_id);
        let actor = label(&name, night.event_id);
        let acting: Option<i64> = live(night.event_id, player_id, t)
            .filter(night_passes::waiting.eq(0))
            .select(night_passes::id)
            .first(conn)
            .optional()?;
        let waiting = match (acting.is_some(), present || night.check_in) {
            (false, true) => false,
            _ if ask => true,
            (true, _) => return Err(refused(JoinRefusal::OnOtherPhone)),
            (false, false) => return Err(refused(JoinRefusal::NotCheckedIn)),
        };
        if !present && !waiting {
            seating::check_in(conn, Actor::Token(&actor), night.event_id, &[PlayerRef::Id(player_id)])?;
        }
        if waiting {
            // One request per player: asking again from a third phone replaces it.
            diesel::update(live(night.event_id, player_id, t).filter(night_passes::waiting.eq(1)))
                .set((night_passes::revoked_at.eq(Some(t)), night_passes::ended_how.eq(Some(PassEnd::Replaced.slug()))))
                .execute(conn)?;
        }
        let pass = secret(PASS_PREFIX);
        let expires = t + Duration::hours(PASS_HOURS);
        diesel::insert_into(night_passes::table)
            .values((
                night_passes::event_id.eq(night.event_id),
                night_passes::player_id.eq(player_id),
                night_passes::join_code_id.eq(night.code_id),
                night_passes::hash.eq(hash(&pass)),
                night_passes::created_at.eq(t),
                night_passes::expires_at.eq(expires),
                night_passes::waiting.eq(i32::from(waiting)),
            ))
            .execute(conn)?;
        let detail = json!({"player": name, "night": night.title, "expires_at": utc(expires), "waiting": waiting});
        audit::log(
            conn,
            Actor::Token(&actor),
            AuditAction::PassIssued,
            Some(night.league_id),
            Some(night.event_id),
            detail,
        )?;
        Ok(NightPass { pass, event_id: night.event_id, player: name, expires_at: utc(expires), waiting })
    })
}

/// The passes of one player at one night that have not ended (acting or waiting).
type Live = diesel::dsl::Filter<
    diesel::dsl::Filter<
        diesel::dsl::Filter<
            diesel::dsl::Filter<night_passes::table, diesel::dsl::Eq<night_passes::event_id, i64>>,
            diesel::dsl::Eq<night_passes::player_id, i64>,
        >,
        diesel::dsl::IsNull<night_passes::revoked_at>,
    >,
    diesel::dsl::Gt<night_passes::expires_at, NaiveDateTime>,
>;

/// The passes of `player_id` at night `event_id` that have not ended at `at`.
fn live(event_id: i64, player_id: i64, at: NaiveDateTime) -> Live {
    night_passes::table
        .filter(night_passes::event_id.eq(event_id))
        .filter(night_passes::player_id.eq(player_id))
        .filter(night_passes::revoked_at.is_null())
        .filter(night_passes::expires_at.gt(at))
}

/// The pass `secret` is, while it lives: known, not ended, not expired, its night open.
/// A waiting pass is answered too (its page shows that it waits); the access check lets
/// it do nothing.
pub fn authenticate(conn: &mut DbConn, secret: &str) -> Result<Pass> {
    type Row =
        (i64, i64, i64, String, NaiveDateTime, Option<NaiveDateTime>, i64, Option<NaiveDateTime>, i32, Option<String>);
    let found: Option<Row> = night_passes::table
        .inner_join(events::table)
        .inner_join(players::table)
        .filter(night_passes::hash.eq(hash(secret)))
        .select((
            night_passes::id,
            night_passes::event_id,
            night_passes::player_id,
            players::name,
            night_passes::expires_at,
            night_passes::revoked_at,
            events::league_id,
            events::closed_at,
            night_passes::waiting,
            night_passes::ended_how,
        ))
        .first(conn)
        .optional()?;
    let Some((id, event_id, player_id, player, expires_at, revoked_at, league_id, closed_at, waiting, ended_how)) =
        found
    else {
        return Err(Error::UnknownToken);
    };
    let ended = |how: PassGone| Err(Error::PassEnded { player: player.clone(), night: event_id, how });
    if revoked_at.is_some() {
        return match ended_how.as_deref().map(str::parse::<PassEnd>) {
            Some(Ok(PassEnd::Moved)) => ended(PassGone::Moved),
            Some(Ok(PassEnd::Declined)) => ended(PassGone::Declined),
            Some(Ok(PassEnd::Replaced)) => ended(PassGone::Replaced),
            Some(Ok(PassEnd::Revoked)) => ended(PassGone::Revoked),
            Some(Err(_)) | None => {
                Err(Error::UnknownStored(said!("api-end-night-pass", ended_how = format!("{:?}", ended_how), id = id)))
            }
        };
    }
    if closed_at.is_some() {
        return ended(PassGone::Closed);
    }
    if expires_at <= now() {
        return ended(PassGone::Expired);
    }
    Ok(Pass { id, event_id, league_id, player_id, player, waiting: waiting != 0 })
}

/// What the organiser does to a member's passes at a night (`revoke`, `approve`,
/// `decline`, `readmit`): done `by`, at night `event_id`, to player `player_id`.
pub type Step = for<'a> fn(&mut DbConn, Actor<'a>, i64, i64) -> Result<()>;

/// Revokes the passes of player `player_id` at night `event_id`, acting or waiting (a 404
/// if none lives), audited as done `by`: the member joins that night again only once the
/// organiser lets them back in (`readmit`).
pub fn revoke(conn: &mut DbConn, by: Actor, event_id: i64, player_id: i64) -> Result<()> {
    conn.write(|conn| {
        let night = nights::row(conn, event_id)?;
        conn.lock(Lock::Night(event_id))?;
        let t = now();
        let n = diesel::update(live(event_id, player_id, t))
            .set((night_passes::revoked_at.eq(Some(t)), night_passes::ended_how.eq(Some(PassEnd::Revoked.slug()))))
            .execute(conn)?;
        if n == 0 {
            return Err(Error::NotFound(said!(
                "api-pass-player-club-night-does",
                player_id = player_id,
                event_id = event_id
            )));
        }
        let name: String = players::table.find(player_id).select(players::name).first(conn)?;
        let detail = json!({"player": name, "night": night.title});
        audit::log(conn, by, AuditAction::PassRevoked, Some(night.league_id), Some(event_id), detail)
    })
}

/// Lets a member the organiser kept out of night `event_id` back in: they may join again
/// (a 404 when no revoked pass keeps them out).
pub fn readmit(conn: &mut DbConn, by: Actor, event_id: i64, player_id: i64) -> Result<()> {
    conn.write(|conn| {
        let night = nights::row(conn, event_id)?;
        conn.lock(Lock::Night(event_id))?;
        let n = diesel::update(
            night_passes::table
                .filter(night_passes::event_id.eq(event_id))
                .filter(night_passes::player_id.eq(player_id))
                .filter(night_passes::ended_how.eq(PassEnd::Revoked.slug()))
                .filter(night_passes::readmitted_at.is_null()),
        )
        .set(night_passes::readmitted_at.eq(Some(now())))
        .execute(conn)?;
        if n == 0 {
            return Err(Error::NotFound(said!(
                "api-revoked-pass-player-club-night",
                player_id = player_id,
                event_id = event_id
            )));
        }
        let name: String = players::table.find(player_id).select(players::name).first(conn)?;
        let detail = json!({"player": name, "night": night.title, "readmitted": true});
        audit::log(conn, by, AuditAction::PassIssued, Some(night.league_id), Some(event_id), detail)
    })
}

/// The organiser lets player `player_id`'s waiting pass at night `event_id` act: the pass
/// on their other phone ends (`moved`), and a member not checked in is checked in. A 404
/// when none waits.
pub fn approve(conn: &mut DbConn, by: Actor, event_id: i64, player_id: i64) -> Result<()> {
    conn.write(|conn| {
        let night = open_night(conn, event_id)?;
        conn.lock(Lock::Night(event_id))?;
        let t = now();
        let waiting: Option<i64> = live(event_id, player_id, t)
            .filter(night_passes::waiting.eq(1))
            .select(night_passes::id)
            .first(conn)
            .optional()?;
        let Some(waiting) = waiting else {
            return Err(Error::NotFound(said!(
                "api-waiting-pass-player-club-night",
                player_id = player_id,
                event_id = event_id
            )));
        };
        let moved = diesel::update(live(event_id, player_id, t).filter(night_passes::waiting.eq(0)))
            .set((night_passes::revoked_at.eq(Some(t)), night_passes::ended_how.eq(Some(PassEnd::Moved.slug()))))
            .execute(conn)?;
        let present = seating::attendees(conn, event_id)?.iter().any(|a| a.player_id == player_id);
        if !present {
            seating::check_in(conn, by, event_id, &[PlayerRef::Id(player_id)])?;
        }
        diesel::update(night_passes::table.find(waiting)).set(night_passes::waiting.eq(0)).execute(conn)?;
        let name: String = players::table.find(player_id).select(players::name).first(conn)?;
        let detail =
            json!({"player": name, "night": night.title, "approved": true, "moved": moved > 0, "checked_in": !present});
        audit::log(conn, by, AuditAction::PassIssued, Some(night.league_id), Some(event_id), detail)
    })
}

/// The organiser says no to player `player_id`'s waiting pass at night `event_id` (a 404
/// when none waits); the member may ask again.
pub fn decline(conn: &mut DbConn, by: Actor, event_id: i64, player_id: i64) -> Result<()> {
    conn.write(|conn| {
        let night = nights::row(conn, event_id)?;
        conn.lock(Lock::Night(event_id))?;
        let t = now();
        let n = diesel::update(live(event_id, player_id, t).filter(night_passes::waiting.eq(1)))
            .set((night_passes::revoked_at.eq(Some(t)), night_passes::ended_how.eq(Some(PassEnd::Declined.slug()))))
            .execute(conn)?;
        if n == 0 {
            return Err(Error::NotFound(said!(
                "api-waiting-pass-player-club-night",
                player_id = player_id,
                event_id = event_id
            )));
        }
        let name: String = players::table.find(player_id).select(players::name).first(conn)?;
        let detail = json!({"player": name, "night": night.title, "how": PassEnd::Declined.slug()});
        audit::log(conn, by, AuditAction::PassRevoked, Some(night.league_id), Some(event_id), detail)
    })
}

/// A name typed on night `event_id`'s join page that is nobody's: kept for the
/// organiser's page (once per name while it is open).
pub fn ask_for_name(conn: &mut DbConn, event_id: i64, name: &str) -> Result<()> {
    spielstand_core::names::check_text("name", name, 64).map_err(Error::from)?;
    conn.write(|conn| {
        conn.lock(Lock::Night(event_id))?;
        let open: Vec<String> = join_requests::table
            .filter(join_requests::event_id.eq(event_id))
            .filter(join_requests::settled_at.is_null())
            .select(join_requests::name)
            .load(conn)?;
        if open.len() < MAX_ASKED && !open.iter().any(|n| spielstand_core::names::same_name(n, name)) {
            diesel::insert_into(join_requests::table)
                .values((
                    join_requests::event_id.eq(event_id),
                    join_requests::name.eq(name),
                    join_requests::created_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Names asked for at one night, at most: a page cannot fill the organiser's with them.
const MAX_ASKED: usize = 20;

/// The names asked for at night `event_id` that the organiser has not settled: (id, name).
pub fn asked_names(conn: &mut DbConn, event_id: i64) -> Result<Vec<(i64, String)>> {
    Ok(join_requests::table
        .filter(join_requests::event_id.eq(event_id))
        .filter(join_requests::settled_at.is_null())
        .order(join_requests::id)
        .select((join_requests::id, join_requests::name))
        .load(conn)?)
}

/// The organiser settled the name asked for as `id` at night `event_id` (added and
/// checked in, or dismissed).
pub fn settle_name(conn: &mut DbConn, event_id: i64, id: i64) -> Result<()> {
    let n = diesel::update(
        join_requests::table.filter(join_requests::id.eq(id)).filter(join_requests::event_id.eq(event_id)),
    )
    .set(join_requests::settled_at.eq(Some(now())))
    .execute(conn)?;
    if n == 0 {
        return Err(Error::NotFound(said!("api-name-request-club-night-does-2", id = id, event_id = event_id)));
    }
    Ok(())
}

/// The passes given at night `event_id`, latest first.
pub fn list(conn: &mut DbConn, event_id: i64) -> Result<Vec<PassInfo>> {
    nights::row(conn, event_id)?;
    type Row = (
        i64,
        i64,
        String,
        NaiveDateTime,
        NaiveDateTime,
        Option<NaiveDateTime>,
        i32,
        Option<String>,
        Option<NaiveDateTime>,
    );
    let rows: Vec<Row> = night_passes::table
        .inner_join(players::table)
        .filter(night_passes::event_id.eq(event_id))
        .order(night_passes::id.desc())
        .select((
            night_passes::id,
            night_passes::player_id,
            players::name,
            night_passes::created_at,
            night_passes::expires_at,
            night_passes::revoked_at,
            night_passes::waiting,
            night_passes::ended_how,
            night_passes::readmitted_at,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, player_id, player, created_at, expires_at, revoked_at, waiting, ended_how, readmitted_at)| {
            // A value this server does not know is refused, never read as the likeliest.
            let ended_how = ended_how
                .map(|how| {
                    how.parse::<PassEnd>().map_err(|_| {
                        Error::UnknownStored(said!("api-end-night-pass-2", how = format!("{:?}", how), id = id))
                    })
                })
                .transpose()?;
            Ok(PassInfo {
                id,
                player_id,
                player,
                created_at: utc(created_at),
                expires_at: utc(expires_at),
                revoked_at: revoked_at.map(utc),
                waiting: waiting != 0 && revoked_at.is_none(),
                ended_how,
                readmitted_at: readmitted_at.map(utc),
            })
        })
        .collect()
}

/// A one-time sign-in code for the token named `token_name` (`token create --qr`): opens
/// a session on the phone that scans it, within [`SIGN_IN_MINUTES`].
pub fn sign_in_code(conn: &mut DbConn, token_name: &str) -> Result<String> {
    conn.write(|conn| {
        let token_id: i64 = tokens::table
            .filter(tokens::name.eq(token_name))
            .filter(tokens::revoked_at.is_null())
            .select(tokens::id)
            .first(conn)
            .optional()?
            .ok_or_else(|| {
                Error::NotFound(said!("api-token-does-not-exist", token_name = format!("{:?}", token_name)))
            })?;
        let code = secret("");
        let t = now();
        diesel::insert_into(sign_in_codes::table)
            .values((
                sign_in_codes::hash.eq(hash(&code)),
                sign_in_codes::token_id.eq(token_id),
                sign_in_codes::created_at.eq(t),
                sign_in_codes::expires_at.eq(t + Duration::minutes(SIGN_IN_MINUTES)),
            ))
            .execute(conn)?;
        Ok(code)
    })
}

/// A session for a token, made once its holder proved it: with a sign-in code (used up
/// here) or by typing the token itself. Returns the session's secret and its caller.
pub fn open_session(conn: &mut DbConn, with: SignIn) -> Result<(String, Caller, NaiveDateTime)> {
    conn.write(|conn| {
        let t = now();
        let (token_id, how) = match with {
            SignIn::Code(code) => {
                // Used up by the statement that uses it: of several requests with one
                // code, the database lets exactly one update the row (PostgreSQL makes
                // the others wait for its lock and then finds `used_at` set).
                let token_id: Option<i64> = diesel::update(
                    sign_in_codes::table
                        .filter(sign_in_codes::hash.eq(hash(code)))
                        .filter(sign_in_codes::used_at.is_null())
                        .filter(sign_in_codes::expires_at.gt(t)),
                )
                .set(sign_in_codes::used_at.eq(Some(t)))
                .returning(sign_in_codes::token_id)
                .get_result(conn)
                .optional()?;
                (token_id.ok_or(Error::Unauthorized)?, "sign-in code")
            }
            SignIn::Token(token) => {
                crate::store::tokens::authenticate(conn, token)?;
                let id: i64 = tokens::table.filter(tokens::hash.eq(hash(token))).select(tokens::id).first(conn)?;
                (id, "token")
            }
        };
        let session = secret(SESSION_PREFIX);
        let expires = t + Duration::days(SESSION_DAYS);
        diesel::insert_into(app_sessions::table)
            .values((
                app_sessions::hash.eq(hash(&session)),
                app_sessions::token_id.eq(token_id),
                app_sessions::created_at.eq(t),
                app_sessions::expires_at.eq(expires),
            ))
            .execute(conn)?;
        let caller = session_caller(conn, &session)?;
        audit::log(
            conn,
            Actor::Token(&caller.name),
            AuditAction::SignedIn,
            caller.league_id,
            None,
            json!({"with": how}),
        )?;
        Ok((session, caller, expires))
    })
}

/// How an organiser proves a token on a phone.
#[derive(Debug, Clone, Copy)]
pub enum SignIn<'a> {
    /// The one-time code of `token create --qr`.
    Code(&'a str),
    /// The token itself, typed or pasted.
    Token(&'a str),
}

/// The token a session acts for, while both last.
pub fn session_caller(conn: &mut DbConn, session: &str) -> Result<Caller> {
    type Row = (NaiveDateTime, Option<NaiveDateTime>, String, Option<NaiveDateTime>, String, Option<i64>);
    let found: Option<Row> = app_sessions::table
        .inner_join(tokens::table)
        .filter(app_sessions::hash.eq(hash(session)))
        .select((
            app_sessions::expires_at,
            app_sessions::ended_at,
            tokens::name,
            tokens::revoked_at,
            tokens::scope,
            tokens::league_id,
        ))
        .first(conn)
        .optional()?;
    match found {
        None => Err(Error::UnknownToken),
        Some((_, _, name, Some(_), ..)) => Err(Error::Revoked(name)),
        Some((expires_at, ended_at, ..)) if ended_at.is_some() || expires_at <= now() => Err(Error::UnknownToken),
        Some((_, _, name, None, scope, league_id)) => {
            Ok(Caller { scope: crate::store::tokens::scope_of(&name, &scope)?, name, league_id })
        }
    }
}

/// Ends a session (signing out).
pub fn end_session(conn: &mut DbConn, session: &str) -> Result<()> {
    conn.write(|conn| {
        diesel::update(app_sessions::table.filter(app_sessions::hash.eq(hash(session))))
            .set(app_sessions::ended_at.eq(Some(now())))
            .execute(conn)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_made_of_letters_that_read_as_typed() {
        assert!(CODE_ALPHABET.iter().all(|c| !b"ILOU".contains(c)));
        assert_eq!(CODE_ALPHABET.len(), 32);
    }
}

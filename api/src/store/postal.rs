//! Hase und Igel by post (docs/organisers.md "A postal game"): the game master's games,
//! the hares' orders, and the rounds core's adjudicator resolved.
//!
//! Every change to a game (orders arriving, a round resolved by the game master or at
//! its deadline) holds its league's row, so that they queue: an order is kept for the
//! round it names only while that round is unresolved and its deadline ahead, and a round
//! is resolved once (its row's key; the deadline sweep checks the deadline again under
//! the lock, so two processes sweeping at once resolve it once). Nobody reads another
//! hare's orders before its round is resolved: they are published with the round.

use super::{now, utc};
use crate::db::schema::{postal_games, postal_hares, postal_orders, postal_rounds};
use crate::db::{DbConn, Lock};
use crate::error::{Error, Result};
use crate::store::audit::{self, Actor};
use crate::store::owners::{self, Owned};
use crate::store::passes::Pass;
use crate::store::postal_mails;
use crate::store::results::{self, WriteContext};
use crate::store::tokens::hash;
use crate::store::{leagues, players};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use rand::Rng;
use serde::{Deserialize, Serialize};
use spielstand_core::postspiel::{self, Board, GameState, Lang, Order, Orders, RefusalCode};
use spielstand_core::{GameKind, GameRecord, Outcome, SeatedPlayer};
use spielstand_wire::{
    AuditAction, MAX_POSTAL_HARES, MAX_POSTAL_ROUNDS, MAX_ROUND_DAYS, PostalCode, PostalGame, PostalGameCreated,
    PostalGameInput, PostalHare, PostalLine, PostalOrderReceipt, PostalOrderShown, PostalOrdersInput,
    PostalOrdersReceipt, PostalPlace, PostalRound, TokenScope,
};

/// How a hare's code starts: it is no token and no night pass.
const CODE_PREFIX: &str = "spgc_";
/// The furthest ahead a first deadline may lie.
const MAX_DAYS_AHEAD: i64 = 366;
/// Who resolved a round that resolved itself at its deadline.
pub const AT_DEADLINE: &str = "deadline";

/// Is `secret` shaped as a hare's code?
pub fn is_code(secret: &str) -> bool {
    secret.starts_with(CODE_PREFIX)
}

/// A hare of one game, as the access check knows it: by its code, or by a night pass of
/// the game's league held by the hare's player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HareCaller {
    pub game_id: i64,
    pub seat: i32,
    pub player_id: i64,
    /// The hare's name in the game.
    pub name: String,
}

impl HareCaller {
    /// How an order's sender is kept: "hare Anna, postal game 3".
    pub fn label(&self) -> String {
        format!("hare {}, postal game {}", self.name, self.game_id)
    }

    /// The label in German words, for what is said to a German reader.
    pub fn label_de(&self) -> String {
        format!("Hase {}, Postspiel {}", self.name, self.game_id)
    }
}

/// Who sends orders: the game master (a token of the league) for any hare, or a hare for
/// itself.
#[derive(Debug, Clone, Copy)]
pub enum Sender<'a> {
    Master(&'a str),
    Hare(&'a HareCaller),
}

/// What resolves a round.
#[derive(Debug, Clone, Copy)]
pub enum Trigger<'a> {
    /// The game master, naming the round it resolves (a second click resolves nothing).
    Master { token: &'a str, round: u32 },
    /// The deadline sweep: only if the deadline has passed.
    Deadline,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = postal_games)]
struct GameRow {
    id: i64,
    league_id: i64,
    title: String,
    state: String,
    round_days: i32,
    deadline: Option<NaiveDateTime>,
    result_id: Option<i64>,
    created_at: NaiveDateTime,
}

impl GameRow {
    fn state(&self) -> Result<GameState> {
        crate::store::stored_json(&self.state, || said!("api-stored-postal-state", game = self.id))
    }
}

/// One line of a report as kept: both languages, so that the page and the feed need no
/// adjudicator to say it again.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredLine {
    hare: String,
    phase: String,
    de: String,
    en: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = postal_rounds)]
struct RoundRow {
    game_id: i64,
    round: i32,
    orders: String,
    lines: String,
    state: String,
    resolved_by: String,
    resolved_at: NaiveDateTime,
}

fn row(conn: &mut DbConn, id: i64) -> Result<GameRow> {
    postal_games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| Error::NotFound(said!("api-no-postal-game-id", id = id)))
}

/// The players of game `id` by seat.
fn seats(conn: &mut DbConn, id: i64) -> Result<Vec<(i32, i64)>> {
    Ok(postal_hares::table
        .filter(postal_hares::game_id.eq(id))
        .order(postal_hares::seat)
        .select((postal_hares::seat, postal_hares::player_id))
        .load(conn)?)
}

fn hares(state: &GameState, seats: &[(i32, i64)]) -> Vec<PostalHare> {
    let positions = state.positions();
    state
        .hares
        .iter()
        .zip(seats)
        .zip(positions)
        .map(|((hare, &(seat, player_id)), position)| PostalHare {
            seat: seat as u32,
            player_id,
            name: hare.name.clone(),
            position,
            field: hare.field,
            carrots: hare.carrots,
            lettuces: hare.lettuces,
            pending: hare.pending.map(|p| <&'static str>::from(p).to_owned()),
            finished: hare.finished,
        })
        .collect()
}

fn to_wire(row: &GameRow, seats: &[(i32, i64)]) -> Result<PostalGame> {
    let state = row.state()?;
    Ok(PostalGame {
        id: row.id,
        league_id: row.league_id,
        title: row.title.clone(),
        round: state.round,
        round_limit: state.round_limit.unwrap_or(state.round),
        round_days: row.round_days as u32,
        deadline: row.deadline.map(utc),
        finished: state.finished,
        result_id: row.result_id,
        board: if state.board.is_default() { "default".to_owned() } else { state.board.to_string() },
        hares: hares(&state, seats),
        created_at: utc(row.created_at),
    })
}

/// Makes a postal game of league `league_id`'s players, made by the token `by`: every hare
/// on the start, round 1 due at `first_deadline`. Answers each hare's code, once.
pub fn create(conn: &mut DbConn, by: &str, league_id: i64, input: PostalGameInput) -> Result<PostalGameCreated> {
    let t = now();
    let invalid = |message: crate::said::Said| Err(Error::InvalidBody(message));
    let title = input.title.trim();
    if title.is_empty() || title.chars().count() > 120 {
        return invalid(said!("api-postal-title-length"));
    }
    if !(2..=MAX_POSTAL_HARES).contains(&input.players.len()) {
        return invalid(said!("api-postal-hares", max = MAX_POSTAL_HARES, count = input.players.len()));
    }
    if !(1..=MAX_POSTAL_ROUNDS).contains(&input.round_limit) {
        return invalid(said!("api-postal-round-limit", max = MAX_POSTAL_ROUNDS));
    }
    if !(1..=MAX_ROUND_DAYS).contains(&input.round_days) {
        return invalid(said!("api-postal-round-days", max = MAX_ROUND_DAYS));
    }
    let deadline = input.first_deadline.naive_utc();
    if deadline <= t {
        return invalid(said!("api-postal-deadline-passed", deadline = input.first_deadline.to_rfc3339()));
    }
    if deadline > t + Duration::days(MAX_DAYS_AHEAD) {
        return invalid(said!("api-postal-deadline-far", days = MAX_DAYS_AHEAD));
    }
    let board = match input.board.as_deref() {
        None => Board::default_board(),
        Some(text) => text.parse::<Board>().map_err(|e| Error::InvalidBody(said!("api-board", e = e)))?,
    };
    let master_address = match input.master_address.as_deref() {
        Some(address) => Some(mail_address("master_address", address)?),
        None => None,
    };
    // Each address of a hare of the game, by the player named.
    let mut addresses: Vec<(String, String)> = Vec::with_capacity(input.addresses.len());
    for (named, address) in &input.addresses {
        let key = spielstand_core::name_key(named);
        if !input.players.iter().any(|p| spielstand_core::name_key(p) == key) {
            return invalid(said!("api-postal-address-no-hare", named = named.as_str()));
        }
        addresses.push((key, mail_address(&format!("addresses.{named}"), address)?));
    }
    conn.write(|conn| {
        conn.lock(Lock::League(league_id))?;
        let league = leagues::row(conn, league_id)?;
        league.rules()?.admits(GameKind::HaseUndIgel, deadline.date())?;
        let fields: Vec<(String, String)> =
            input.players.iter().enumerate().map(|(i, name)| (format!("players[{i}]"), name.clone())).collect();
        let rows = players::resolve(conn, &fields)?;
        for (j, row) in rows.iter().enumerate() {
            if let Some(i) = rows[..j].iter().position(|earlier| earlier.id == row.id) {
                return invalid(said!("api-postal-player-twice", j = j, name = row.name, i = i));
            }
        }
        let mut state = GameState::new(rows.iter().map(|r| r.name.clone()));
        state.board = board;
        state.round_limit = Some(input.round_limit);
        state.check().map_err(|e| Error::InvalidBody(said!("api-players", e = e)))?;
        let id: i64 = diesel::insert_into(postal_games::table)
            .values((
                postal_games::league_id.eq(league_id),
                postal_games::title.eq(title),
                postal_games::state.eq(serde_json::to_string(&state).map_err(|e| Error::internal(e.to_string()))?),
                postal_games::round_days.eq(input.round_days as i32),
                postal_games::deadline.eq(Some(deadline)),
                postal_games::created_by.eq(by),
                postal_games::created_at.eq(t),
                postal_games::updated_at.eq(t),
                postal_games::master_address.eq(&master_address),
            ))
            .returning(postal_games::id)
            .get_result(conn)?;
        let mut codes = Vec::with_capacity(rows.len());
        for (i, (player, named)) in rows.iter().zip(&input.players).enumerate() {
            let code = new_code();
            let key = spielstand_core::name_key(named);
            let address = addresses.iter().find(|(k, _)| *k == key).map(|(_, a)| a.clone());
            diesel::insert_into(postal_hares::table)
                .values((
                    postal_hares::game_id.eq(id),
                    postal_hares::seat.eq(i as i32 + 1),
                    postal_hares::player_id.eq(player.id),
                    postal_hares::code_hash.eq(hash(&code)),
                    postal_hares::address.eq(address),
                ))
                .execute(conn)?;
            codes.push(PostalCode { player: player.name.clone(), code });
        }
        let hares: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        let detail = serde_json::json!({"title": title, "hares": hares});
        audit::log(conn, Actor::Token(by), AuditAction::PostalGameCreated, Some(league_id), Some(id), detail)?;
        let game = to_wire(&row(conn, id)?, &seats(conn, id)?)?;
        Ok(PostalGameCreated { game, codes })
    })
}

/// A mail address as the mail server takes it (`name@domain`), or a refusal naming `field`.
fn mail_address(field: &str, address: &str) -> Result<String> {
    let address = address.trim();
    address.parse::<lettre::Address>().map(|a| a.to_string()).map_err(|e| {
        Error::InvalidBody(said!("api-postal-address", field = field, address = address, e = e.to_string()))
    })
}

/// A hare's code: the prefix and 128 random bits; only its hash is kept.
fn new_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill(&mut bytes);
    format!("{CODE_PREFIX}{}", hex::encode(bytes))
}

/// The seat (from 0) of the hare `named` in `state`, names compared as everywhere; else
/// a refusal listing the game's hares.
fn hare_named(state: &GameState, game_id: i64, named: &str) -> Result<usize> {
    let key = spielstand_core::name_key(named);
    state.hares.iter().position(|h| spielstand_core::name_key(&h.name) == key).ok_or_else(|| {
        let names: Vec<&str> = state.hares.iter().map(|h| h.name.as_str()).collect();
        Error::InvalidBody(said!(
            "api-player-no-hare-postal-game",
            named = named,
            game_id = game_id,
            join = names.join(", ")
        ))
    })
}

/// The seat (from 0) of the hare of game `game_id` whose address `from` is (compared as
/// mail servers do: the domain in any case); a refusal when it is nobody's.
fn hare_of_address(conn: &mut DbConn, game_id: i64, from: &str) -> Result<usize> {
    let from = mail_address("from", from)?;
    let same = |a: &str| {
        let (local, domain) = a.rsplit_once('@').unwrap_or((a, ""));
        let (from_local, from_domain) = from.rsplit_once('@').unwrap_or((&from, ""));
        local == from_local && domain.eq_ignore_ascii_case(from_domain)
    };
    let kept: Vec<(i32, Option<String>)> = postal_hares::table
        .filter(postal_hares::game_id.eq(game_id))
        .select((postal_hares::seat, postal_hares::address))
        .load(conn)?;
    kept.into_iter()
        .find(|(_, address)| address.as_deref().is_some_and(same))
        .map(|(seat, _)| seat as usize - 1)
        .ok_or_else(|| Error::InsufficientScope(said!("api-postal-address-unknown", from = from.as_str())))
}

/// A new code for the hare `player` of game `game_id` (one lost or seen by another): the
/// old code stops working at once. Answered once, as the codes are when a game is made.
/// Refused once the game is over: no orders are taken then.
pub fn reissue_code(conn: &mut DbConn, by: &str, game_id: i64, player: &str) -> Result<PostalCode> {
    change(conn, game_id, |conn, game, state, _| {
        if state.finished {
            return Err(Error::Conflict(said!("api-postal-game-over-takes-no", game_id = game_id)));
        }
        let i = hare_named(&state, game_id, player)?;
        let code = new_code();
        diesel::update(postal_hares::table.find((game_id, i as i32 + 1)))
            .set(postal_hares::code_hash.eq(hash(&code)))
            .execute(conn)?;
        let name = state.hares[i].name.clone();
        let detail = serde_json::json!({"hare": name});
        audit::log(
            conn,
            Actor::Token(by),
            AuditAction::PostalCodeReissued,
            Some(game.league_id),
            Some(game_id),
            detail,
        )?;
        Ok(PostalCode { player: name, code })
    })
}

/// Game `id` as it stands.
pub fn get(conn: &mut DbConn, id: i64) -> Result<PostalGame> {
    let game = row(conn, id)?;
    to_wire(&game, &seats(conn, id)?)
}

/// League `league_id`'s postal games, latest first.
pub fn list(conn: &mut DbConn, league_id: i64) -> Result<Vec<PostalGame>> {
    leagues::row(conn, league_id)?;
    let rows: Vec<GameRow> = postal_games::table
        .filter(postal_games::league_id.eq(league_id))
        .order(postal_games::id.desc())
        .select(GameRow::as_select())
        .load(conn)?;
    // Every game's hares in one read, not one per game.
    let ids: Vec<i64> = rows.iter().map(|game| game.id).collect();
    let all: Vec<(i64, i32, i64)> = postal_hares::table
        .filter(postal_hares::game_id.eq_any(&ids))
        .order((postal_hares::game_id, postal_hares::seat))
        .select((postal_hares::game_id, postal_hares::seat, postal_hares::player_id))
        .load(conn)?;
    rows.iter()
        .map(|game| {
            let seats: Vec<(i32, i64)> =
                all.iter().filter(|(id, ..)| *id == game.id).map(|&(_, seat, player)| (seat, player)).collect();
            to_wire(game, &seats)
        })
        .collect()
}

/// The hare whose code `secret` is.
pub fn authenticate(conn: &mut DbConn, secret: &str) -> Result<HareCaller> {
    let (game_id, seat, player_id): (i64, i32, i64) = postal_hares::table
        .filter(postal_hares::code_hash.eq(hash(secret)))
        .select((postal_hares::game_id, postal_hares::seat, postal_hares::player_id))
        .first(conn)
        .optional()?
        .ok_or(Error::UnknownCode)?;
    hare_at(conn, game_id, seat, player_id)
}

fn hare_at(conn: &mut DbConn, game_id: i64, seat: i32, player_id: i64) -> Result<HareCaller> {
    let state = row(conn, game_id)?.state()?;
    let name = state
        .hares
        .get(seat as usize - 1)
        .ok_or_else(|| Error::internal(format!("postal game {game_id} has no hare in seat {seat}")))?
        .name
        .clone();
    Ok(HareCaller { game_id, seat, player_id, name })
}

/// The hare of game `game_id` a night pass stands for: its player's, when the night is of
/// the game's league. `None`: the pass's player is no hare of the game (or no such game).
pub fn hare_of_pass(conn: &mut DbConn, game_id: i64, pass: &Pass) -> Result<Option<HareCaller>> {
    let found: Option<(i64, i32)> = postal_hares::table
        .inner_join(postal_games::table)
        .filter(postal_hares::game_id.eq(game_id))
        .filter(postal_hares::player_id.eq(pass.player_id))
        .select((postal_games::league_id, postal_hares::seat))
        .first(conn)
        .optional()?;
    match found {
        Some((league_id, seat)) if league_id == pass.league_id => {
            Ok(Some(hare_at(conn, game_id, seat, pass.player_id)?))
        }
        _ => Ok(None),
    }
}

/// Runs `change` on game `game_id` in one transaction that holds the game's league's row,
/// so that every change to a game queues behind the others; `change` gets the game as it
/// is then, its state and the time.
fn change<T>(
    conn: &mut DbConn,
    game_id: i64,
    change: impl FnOnce(&mut DbConn, GameRow, GameState, NaiveDateTime) -> Result<T>,
) -> Result<T> {
    let league_id = owners::league_of(conn, Owned::PostalGame, game_id)?
        .ok_or_else(|| Error::NotFound(said!("api-no-postal-game-id-2", game_id = game_id)))?;
    conn.write(|conn| {
        conn.lock(Lock::League(league_id))?;
        let game = row(conn, game_id)?;
        let state = game.state()?;
        change(conn, game, state, now())
    })
}

/// Refusals an order for the round after the next one gets when it arrives: those that
/// do not depend on where the hares will stand. The rest is decided when its round is
/// resolved (void, reported with its code).
fn known_ahead(code: RefusalCode) -> bool {
    use RefusalCode::*;
    matches!(code, ForwardZero | ConditionFuture | ConditionStale | ConditionUnknownHare | HareFinished | GameOver)
}

/// Keeps a hare's orders for the next round, or the next two, each replacing what was
/// sent for its round before. Refused: a finished game, a passed deadline, a round not
/// next or after next, an order that does not read, and one that breaks a rule where that
/// is known when it arrives (the rule named).
pub fn send(conn: &mut DbConn, game_id: i64, sender: Sender, input: PostalOrdersInput) -> Result<PostalOrdersReceipt> {
    if input.orders.is_empty() || input.orders.len() > 2 {
        return Err(Error::InvalidBody(said!("api-orders-one-order-next-round")));
    }
    change(conn, game_id, |conn, game, state, t| {
        if state.finished {
            return Err(Error::Conflict(said!("api-postal-game-over-takes-no", game_id = game_id)));
        }
        if let Some(deadline) = game.deadline.filter(|d| *d <= t) {
            return Err(Error::Conflict(said!(
                "api-deadline-round-passed-orders-are",
                round = state.round,
                to_rfc3339 = utc(deadline).to_rfc3339()
            )));
        }
        let (seat, name, sent_by) = match sender {
            Sender::Hare(hare) => {
                if input.from.is_some() {
                    return Err(Error::InvalidBody(said!("api-postal-from-master")));
                }
                if let Some(named) = input
                    .player
                    .as_deref()
                    .filter(|n| spielstand_core::name_key(n) != spielstand_core::name_key(&hare.name))
                {
                    return Err(Error::InsufficientScope(said!(
                        "api-player-sends-s-orders-only",
                        label = hare.label(),
                        name = hare.name,
                        named = named
                    )));
                }
                (hare.seat, hare.name.clone(), hare.label())
            }
            Sender::Master(token) => {
                // An order mail fed in as received: its sender must be a hare's address,
                // and the hare it names, if any, that one.
                let by_address = match input.from.as_deref() {
                    Some(from) => Some(hare_of_address(conn, game_id, from)?),
                    None => None,
                };
                let i = match (input.player.as_deref(), by_address) {
                    (Some(named), Some(seat)) => {
                        let i = hare_named(&state, game_id, named)?;
                        if i != seat {
                            return Err(Error::InsufficientScope(said!(
                                "api-postal-address-other-hare",
                                from = input.from.clone().unwrap_or_default(),
                                named = named
                            )));
                        }
                        i
                    }
                    (Some(named), None) => hare_named(&state, game_id, named)?,
                    (None, Some(seat)) => seat,
                    (None, None) => return Err(Error::InvalidBody(said!("api-postal-master-names-hare"))),
                };
                (i as i32 + 1, state.hares[i].name.clone(), token.to_owned())
            }
        };
        let mut receipts = Vec::with_capacity(input.orders.len());
        for (i, sent) in input.orders.iter().enumerate() {
            let field = format!("orders[{i}]");
            if input.orders[..i].iter().any(|earlier| earlier.round == sent.round) {
                return Err(Error::InvalidBody(said!(
                    "api-round-second-order-round",
                    field = field,
                    round = sent.round
                )));
            }
            let last = state.round_limit.unwrap_or(u32::MAX);
            if sent.round != state.round && sent.round != state.round + 1 || sent.round > last {
                let rounds = if state.round < last {
                    format!("{} or {}", state.round, state.round + 1)
                } else {
                    state.round.to_string()
                };
                return Err(Error::InvalidBody(said!(
                    "api-round-orders-are-taken-round",
                    field = field,
                    rounds = rounds,
                    round = sent.round
                )));
            }
            if sent.order.contains(['\n', '\r']) || sent.order.chars().count() > 300 {
                return Err(Error::InvalidBody(said!("api-order-one-line-most-characters", field = field)));
            }
            let order: Order = sent.order.parse().map_err(|reason: String| Error::OrderUnreadable {
                index: i,
                round: sent.round,
                hare: name.clone(),
                order: sent.order.clone(),
                reason,
            })?;
            let mut at = state.clone();
            at.round = sent.round;
            let orders = Orders([(name.clone(), order.clone())].into_iter().collect());
            if let Err(refusals) = postspiel::validate(&at, &orders) {
                let ahead = sent.round > state.round;
                if let Some(refusal) = refusals.into_iter().find(|r| !ahead || known_ahead(r.code)) {
                    return Err(Error::OrderRefused {
                        field: format!("{field}.order"),
                        round: sent.round,
                        order: order.to_string(),
                        refusal: Box::new(refusal),
                    });
                }
            }
            let key = (
                postal_orders::game_id.eq(game_id),
                postal_orders::round.eq(sent.round as i32),
                postal_orders::seat.eq(seat),
            );
            let replaced =
                diesel::delete(postal_orders::table.filter(key.0).filter(key.1).filter(key.2)).execute(conn)? > 0;
            diesel::insert_into(postal_orders::table)
                .values((
                    postal_orders::game_id.eq(game_id),
                    postal_orders::round.eq(sent.round as i32),
                    postal_orders::seat.eq(seat),
                    postal_orders::order_text.eq(order.to_string()),
                    postal_orders::sent_by.eq(&sent_by),
                    postal_orders::sent_at.eq(t),
                ))
                .execute(conn)?;
            receipts.push(PostalOrderReceipt { round: sent.round, order: order.to_string(), replaced });
        }
        // What the game master sends for a hare is the game master's action; a hare's own
        // orders are the hare's (its code or pass, no token).
        if let Sender::Master(token) = sender {
            let rounds: Vec<u32> = receipts.iter().map(|r| r.round).collect();
            let detail = serde_json::json!({"hare": name, "rounds": rounds});
            audit::log(
                conn,
                Actor::Token(token),
                AuditAction::PostalOrdersSent,
                Some(game.league_id),
                Some(game_id),
                detail,
            )?;
        }
        Ok(PostalOrdersReceipt { player: name, orders: receipts })
    })
}

/// Games whose round is due: the deadline sweep resolves them.
pub fn due(conn: &mut DbConn) -> Result<Vec<i64>> {
    Ok(postal_games::table
        .filter(postal_games::deadline.le(now()))
        .order(postal_games::deadline)
        .select(postal_games::id)
        .load(conn)?)
}

/// Resolves game `game_id`'s next round with the orders kept for it (a hare without one
/// hops, docs/rules.md "NMR"), publishes them with the report, and sets the next deadline (the last
/// one plus the game's days, counted from now if the round was late). When the game ends
/// it becomes a Hase und Igel result of its league. `None`: `Trigger::Deadline` found the
/// round not due (another process resolved it).
pub fn resolve(conn: &mut DbConn, game_id: i64, trigger: Trigger) -> Result<Option<u32>> {
    change(conn, game_id, |conn, game, state, t| {
        let league_id = game.league_id;
        let by = match trigger {
            Trigger::Deadline if game.deadline.is_none_or(|d| d > t) => return Ok(None),
            Trigger::Deadline => AT_DEADLINE,
            Trigger::Master { .. } if state.finished => {
                return Err(Error::Conflict(said!("api-postal-game-over-no-round", game_id = game_id)));
            }
            Trigger::Master { round, .. } if round != state.round => {
                return Err(Error::Conflict(said!(
                    "api-round-not-next-round-postal",
                    round = round,
                    game_id = game_id,
                    round2 = state.round
                )));
            }
            Trigger::Master { token, .. } => token,
        };
        let round = state.round;
        let kept: Vec<(i32, String)> = postal_orders::table
            .filter(postal_orders::game_id.eq(game_id))
            .filter(postal_orders::round.eq(round as i32))
            .select((postal_orders::seat, postal_orders::order_text))
            .load(conn)?;
        let mut orders = Orders::default();
        for (seat, text) in &kept {
            let hare = state.hares.get(*seat as usize - 1).ok_or_else(|| Error::internal("an order of no seat"))?;
            let order: Order = text.parse().map_err(|e| Error::internal(format!("a kept order does not read: {e}")))?;
            orders.0.insert(hare.name.clone(), order);
        }
        let resolution = postspiel::resolve(&state, &orders).map_err(|e| Error::internal(e.to_string()))?;
        let shown: Vec<PostalOrderShown> = state
            .hares
            .iter()
            .map(|hare| PostalOrderShown {
                hare: hare.name.clone(),
                order: orders.get(&hare.name).map(Order::to_string),
            })
            .collect();
        let lines: Vec<StoredLine> = resolution
            .report
            .lines
            .iter()
            .map(|line| StoredLine {
                hare: line.hare.clone(),
                phase: line.phase.to_string(),
                de: line.happening.text(Lang::De),
                en: line.happening.text(Lang::En),
            })
            .collect();
        let after = serde_json::to_string(&resolution.state).map_err(|e| Error::internal(e.to_string()))?;
        diesel::insert_into(postal_rounds::table)
            .values((
                postal_rounds::game_id.eq(game_id),
                postal_rounds::round.eq(round as i32),
                postal_rounds::orders.eq(serde_json::to_string(&shown).map_err(|e| Error::internal(e.to_string()))?),
                postal_rounds::lines.eq(serde_json::to_string(&lines).map_err(|e| Error::internal(e.to_string()))?),
                postal_rounds::state.eq(&after),
                postal_rounds::resolved_by.eq(by),
                postal_rounds::resolved_at.eq(t),
            ))
            .execute(conn)?;
        diesel::delete(
            postal_orders::table
                .filter(postal_orders::game_id.eq(game_id))
                .filter(postal_orders::round.le(round as i32)),
        )
        .execute(conn)?;
        // The report by mail, sent by the mail task: the round never waits for it.
        let names: Vec<String> = state.hares.iter().map(|h| h.name.clone()).collect();
        postal_mails::queue(conn, game_id, round, &names)?;
        let (deadline, result_id) = if resolution.state.finished {
            (None, record_result(conn, league_id, game_id, &resolution.state, by, t)?)
        } else {
            let last = game.deadline.unwrap_or(t).max(t);
            (Some(last + Duration::days(i64::from(game.round_days))), None)
        };
        diesel::update(postal_games::table.find(game_id))
            .set((
                postal_games::state.eq(&after),
                postal_games::deadline.eq(deadline),
                postal_games::result_id.eq(result_id),
                postal_games::updated_at.eq(t),
            ))
            .execute(conn)?;
        if let Trigger::Master { token, .. } = trigger {
            let detail = serde_json::json!({"round": round});
            audit::log(
                conn,
                Actor::Token(token),
                AuditAction::PostalRoundResolved,
                Some(league_id),
                Some(game_id),
                detail,
            )?;
        }
        Ok(Some(round))
    })
}

/// The finished game as a Hase und Igel result of its league, played on the day it ended:
/// its hares under their players' names now (a player renamed since is found). `None`
/// when no hare reached the goal (a result needs a winner), or when the league refuses the
/// result (its season is over, say): the game ends all the same, and the warning says why.
fn record_result(
    conn: &mut DbConn,
    league_id: i64,
    game_id: i64,
    state: &GameState,
    by: &str,
    t: NaiveDateTime,
) -> Result<Option<i64>> {
    let Some(mut result) = postspiel::league_result(state) else { return Ok(None) };
    let seats = seats(conn, game_id)?;
    let mut names = std::collections::HashMap::new();
    for (hare, &(_, player_id)) in state.hares.iter().zip(&seats) {
        names.insert(hare.name.clone(), players::get(conn, player_id)?.name);
    }
    let now_named = |name: &mut String| {
        if let Some(current) = names.get(name.as_str()) {
            *name = current.clone();
        }
    };
    result.order.0.iter_mut().flatten().for_each(now_named);
    result.finishers.iter_mut().for_each(|f| now_named(&mut f.player));
    let record = GameRecord {
        played_on: t.date(),
        players: state
            .hares
            .iter()
            .enumerate()
            .map(|(i, hare)| SeatedPlayer { player: names[&hare.name].clone(), seat: i as u32 + 1 })
            .collect(),
        outcome: Outcome::HaseUndIgel(result),
        event_id: None,
    };
    let label = format!("postal game {game_id} ({by})");
    let ctx = WriteContext { token_name: &label, scope: TokenScope::Record, source: None, pass: None };
    // A refusal leaves the game over without a result rather than a round that can never
    // be resolved; the savepoint undoes what the refused write began.
    match conn.write(|conn| results::create(conn, league_id, record, &ctx)) {
        Ok(stored) => Ok(Some(stored.id)),
        Err(e @ (Error::Internal(_) | Error::Unavailable(_))) => Err(e),
        Err(refused) => {
            tracing::warn!(game_id, league_id, error = %refused, "the finished postal game was not recorded in its league");
            Ok(None)
        }
    }
}

/// A stored round as the API answers it; `result_id` is the game's league result, shown
/// with the round that ended the game. Its `text` is left to the caller, which words the
/// whole report (`render::postal::round_text`).
fn round_to_wire(row: RoundRow, lang: Lang, seats: &[(i32, i64)], result_id: Option<i64>) -> Result<PostalRound> {
    // Whatever of a round does not read (written by a newer spielstand, or edited by
    // hand) is refused, naming the round: never shown in part.
    let (game, round) = (row.game_id, row.round);
    let whose = || said!("api-stored-postal-round", round = round, game = game);
    let lines: Vec<StoredLine> = crate::store::stored_json(&row.lines, whose)?;
    let mut orders: Vec<PostalOrderShown> = crate::store::stored_json(&row.orders, whose)?;
    // Kept in the English text form, which reads back as the order it was: said again in
    // the language asked for.
    for shown in &mut orders {
        if let Some(text) = shown.order.as_mut() {
            let order: Order = text.parse().map_err(|e: String| {
                tracing::warn!(error = e, "a stored order this server does not read");
                Error::UnknownStored(whose())
            })?;
            *text = order.text(lang);
        }
    }
    let state: GameState = crate::store::stored_json(&row.state, whose)?;
    Ok(PostalRound {
        game_id: row.game_id,
        round: row.round as u32,
        resolved_at: utc(row.resolved_at),
        resolved_by: row.resolved_by,
        orders,
        lines: lines
            .into_iter()
            .map(|l| PostalLine { hare: l.hare, phase: l.phase, text: if lang == Lang::De { l.de } else { l.en } })
            .collect(),
        game_over: state.finished,
        ranking: if state.finished { ranking(&state) } else { Vec::new() },
        result_id: result_id.filter(|_| state.finished),
        hares: hares(&state, seats),
        text: String::new(),
    })
}

/// The final ranking of a finished game.
fn ranking(state: &GameState) -> Vec<PostalPlace> {
    spielstand_core::postspiel::final_order(state)
        .into_iter()
        .map(|p| PostalPlace {
            field: state.index_of(&p.name).map_or(0, |i| state.hares[i].field),
            place: p.place,
            name: p.name,
            finished: p.finished,
            carrots: p.carrots,
            lettuces: p.lettuces,
            round: p.round,
        })
        .collect()
}

/// Round `round` of game `game_id`, once resolved (404 before: nothing of a round is
/// public until then).
pub fn round(conn: &mut DbConn, game_id: i64, round: u32, lang: Lang) -> Result<PostalRound> {
    let game = row(conn, game_id)?;
    let found: Option<RoundRow> =
        postal_rounds::table.find((game_id, round as i32)).select(RoundRow::as_select()).first(conn).optional()?;
    let found = found.ok_or_else(|| {
        Error::NotFound(said!("api-round-postal-game-not-resolved", round = round, game_id = game_id))
    })?;
    round_to_wire(found, lang, &seats(conn, game_id)?, game.result_id)
}

/// Every resolved round of game `game_id`, the latest first.
pub fn rounds(conn: &mut DbConn, game_id: i64, lang: Lang) -> Result<Vec<PostalRound>> {
    let game = row(conn, game_id)?;
    let rows: Vec<RoundRow> = postal_rounds::table
        .filter(postal_rounds::game_id.eq(game_id))
        .order(postal_rounds::round.desc())
        .select(RoundRow::as_select())
        .load(conn)?;
    let seats = seats(conn, game_id)?;
    rows.into_iter().map(|r| round_to_wire(r, lang, &seats, game.result_id)).collect()
}

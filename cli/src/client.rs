//! The HTTP transport to the spielstand server. `spielstand_wire::calls` knows the API's
//! paths, query parameters, headers and bodies; a [`Client`] sends one of its [`Call`]s
//! ([`Client::send`]) with the token when the call needs one, and turns the answer into
//! the call's type, a problem+json answer and a transport failure into a [`CliError`]
//! (telling "the server said no" from "the server was not reached"). The few helpers here
//! that make more than one call or carry logic: reading every page of head-to-head, and
//! finding a league or a player by what people type.

use crate::config::Settings;
use crate::error::{CliError, Problem, Result, describe, one_line};
use crate::positions;
use crate::t;
use serde::de::DeserializeOwned;
use serde_json::Value;
use spielstand_core::{GameKind, same_name};
use spielstand_wire::calls::{self, Call, CallError, IntoCall};
use spielstand_wire::headers::{IDEMPOTENT_REPLAYED, READ_AFTER, WRITE_POSITION};
use spielstand_wire::{HeadToHead, HeadToHeadParams, League, MAX_PAIRS_PER_PAGE, Player};
use std::time::Duration;
use ureq::http;

/// Largest response body read (a page of 500 results is well below it).
const MAX_BODY: u64 = 64 * 1024 * 1024;

pub struct Client {
    agent: ureq::Agent,
    pub server: String,
    token: Option<String>,
}

/// A successful answer.
#[derive(Debug)]
pub struct Reply {
    /// The `ETag` header, quotes included.
    pub etag: Option<String>,
    /// The JSON body; `null` when there was none (204).
    pub body: Value,
    /// `Idempotent-Replayed: true`: the server had already stored this request.
    pub replayed: bool,
}

impl Reply {
    /// The `If-Match` value for a change of what this reply read: the revision asked for,
    /// else the ETag it came with, else the revision in its body.
    pub fn if_match(&self, asked: Option<i64>, revision: i64) -> String {
        match (asked, &self.etag) {
            (Some(asked), _) => format!("\"{asked}\""),
            (None, Some(etag)) => etag.clone(),
            (None, None) => format!("\"{revision}\""),
        }
    }
}

impl Client {
    pub fn new(settings: &Settings) -> Client {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(5)))
            .timeout_global(Some(Duration::from_secs(30)))
            .user_agent(format!("spielstand-cli/{}", env!("CARGO_PKG_VERSION")))
            .build();
        Client { agent: config.into(), server: settings.server.clone(), token: settings.token.clone() }
    }

    /// The same client sending `token` instead of its own: a hare's code for its orders.
    pub fn with_token(&self, token: &str) -> Client {
        Client { agent: self.agent.clone(), server: self.server.clone(), token: Some(token.to_owned()) }
    }

    /// Sends `call` (with the token when it needs one) and reads its answer as `T`, with
    /// the [`Reply`] it came in (its `ETag`, its JSON as sent, whether it was a replay).
    pub fn send<T: DeserializeOwned>(&self, call: impl IntoCall<T>) -> Result<(T, Reply)> {
        let call = built(call.into_call())?;
        let reply = self.request(&call)?;
        let answer = call.answer(reply.body.clone()).map_err(|e| {
            CliError::server(&self.server, t!("client-unexpected-answer", error = e.to_string()), Some(e.into()))
        })?;
        Ok((answer, reply))
    }

    /// Sends `call` and leaves its answer as it came: for a call answered without a body
    /// (a delete, a check-out), whose JSON, if any, nobody reads as `T`.
    pub fn send_untyped<T>(&self, call: impl IntoCall<T>) -> Result<Reply> {
        self.request(&built(call.into_call())?)
    }

    /// Sends `call`; its answer as JSON.
    fn request<T>(&self, call: &Call<T>) -> Result<Reply> {
        let mut request = http::Request::builder()
            .method(call.method.as_str())
            .uri(call.url(&self.server))
            .header("Accept", "application/json");
        if call.with_token
            && let Some(token) = &self.token
        {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        for (name, value) in &call.headers {
            request = request.header(*name, value.as_str());
        }
        if call.body.is_some() {
            request = request.header("Content-Type", "application/json");
        }
        self.run(request.body(call.body.clone().unwrap_or_default()))
    }

    fn run(&self, request: http::Result<http::Request<Vec<u8>>>) -> Result<Reply> {
        let mut request = request.map_err(|e| CliError::input_from(format!("--server {}: {e}", self.server), e))?; // not text: a flag and its value
        // Problem details (a broken rule, say) in the command's language.
        request
            .headers_mut()
            .insert(http::header::ACCEPT_LANGUAGE, http::HeaderValue::from_static(crate::lang::current().code()));
        // This client's last write: whatever is read now includes it (`positions`).
        if let Some(value) =
            positions::last(&self.server).and_then(|p| http::HeaderValue::from_str(&p.to_string()).ok())
        {
            request.headers_mut().insert(READ_AFTER, value);
        }
        let mut response = self.agent.run(request).map_err(|e| self.transport(e))?;
        let status = response.status().as_u16();
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        if let Some(position) = header(WRITE_POSITION).and_then(|p| p.parse().ok()) {
            positions::remember(&self.server, position);
        }
        let etag = header("etag");
        let replayed = header(IDEMPOTENT_REPLAYED).is_some_and(|v| v.eq_ignore_ascii_case("true"));
        let text = response.body_mut().with_config().limit(MAX_BODY).read_to_string().map_err(|e| self.transport(e))?;
        if (200..300).contains(&status) {
            let body = if text.trim().is_empty() {
                Value::Null
            } else {
                serde_json::from_str(&text).map_err(|e| {
                    CliError::server(&self.server, t!("client-not-json", status = u32::from(status)), Some(e.into()))
                })?
            };
            return Ok(Reply { etag, body, replayed });
        }
        let problem = serde_json::from_str::<Problem>(&text).unwrap_or_else(|_| Problem {
            suggestions: Vec::new(),
            unknown_names: Vec::new(),
            refused_order: None,
            kind: String::new(),
            title: http::StatusCode::from_u16(status)
                .ok()
                .and_then(|s| s.canonical_reason())
                .unwrap_or("error")
                .to_owned(),
            status,
            detail: format!(
                "{}{}",
                t!("client-http-status", status = u32::from(status), server = &self.server),
                text.lines()
                    .next()
                    .map(|l| format!(": {}", l.chars().take(200).collect::<String>()))
                    .unwrap_or_default()
            ),
            request_id: None,
        });
        if status >= 500 {
            Err(CliError::Server {
                server: self.server.clone(),
                message: describe(&problem),
                problem: Some(Box::new(problem)),
                cause: None,
            })
        } else {
            Err(CliError::Rejected(Box::new(problem)))
        }
    }

    /// A failure to talk to the server, its `ureq` error (or the system's, beneath it) kept
    /// as the cause.
    fn transport(&self, e: ureq::Error) -> CliError {
        let server = self.server.as_str();
        match e {
            ureq::Error::Io(e) => {
                let reason = match e.kind() {
                    std::io::ErrorKind::ConnectionRefused => t!("client-connection-refused"),
                    _ => one_line(&e.to_string()),
                };
                CliError::unreachable(server, reason, e)
            }
            ureq::Error::BadUri(ref m) => CliError::input_from(format!("--server {server}: {m}"), e), // not text: a flag
            ureq::Error::Http(ref h) => CliError::input_from(t!("client-cannot-build", error = h.to_string()), e),
            ureq::Error::Protocol(ref p) => {
                CliError::server(server, t!("client-invalid-http", error = p.to_string()), Some(e.into()))
            }
            ureq::Error::Timeout(ref timeout) => {
                CliError::unreachable(server, t!("client-timeout", timeout = timeout.to_string()), e)
            }
            ureq::Error::HostNotFound => CliError::unreachable(server, t!("client-host-not-found"), e),
            other => CliError::unreachable(server, one_line(&other.to_string()), other),
        }
    }
}

/// What takes more than one call.
impl Client {
    /// How every two players of a league (or of one game) fared against each other, or
    /// one player against everyone: every page, read at one revision of the league (a
    /// write between two pages starts the reading over, as the order may have changed).
    pub fn head_to_head(&self, league: i64, game: Option<GameKind>, player: Option<i64>) -> Result<HeadToHead> {
        const ATTEMPTS: usize = 5;
        let query = HeadToHeadParams { game, player, page: None, per_page: Some(MAX_PAIRS_PER_PAGE) };
        'read: for _ in 0..ATTEMPTS {
            let (mut all, _) = self.send(calls::get_head_to_head(league, &query))?;
            let mut page = all.page;
            while (all.pairs.len() as i64) < all.total {
                page += 1;
                let paged = HeadToHeadParams { page: Some(page), ..query };
                let (next, _) = self.send(calls::get_head_to_head(league, &paged))?;
                if next.league_revision != all.league_revision {
                    continue 'read;
                }
                if next.pairs.is_empty() {
                    break;
                }
                all.pairs.extend(next.pairs);
            }
            all.per_page = all.pairs.len().max(1) as u32;
            return Ok(all);
        }
        // Busy: results arrive faster than the pages can be read.
        Err(CliError::server(&self.server, t!("client-head-to-head-busy", attempts = ATTEMPTS), None))
    }
}

/// A call built, or the input error of one that could not be (a body or query that does
/// not encode).
fn built<T>(call: Result<Call<T>, CallError>) -> Result<Call<T>> {
    call.map_err(|e| CliError::input_from(t!("client-cannot-encode", error = e.to_string()), e))
}

/// Finding things by what people type: a league by name or id, a player by name.
impl Client {
    /// Every league, with its JSON.
    pub fn all_leagues(&self) -> Result<Vec<(League, Value)>> {
        let (leagues, reply) = self.send(calls::list_leagues())?;
        let values = match reply.body {
            Value::Array(values) => values,
            _ => Vec::new(),
        };
        Ok(leagues.into_iter().zip(values).collect())
    }

    /// A league by id (when `reference` is a number naming one) or by name, compared
    /// case-insensitively as the server does.
    pub fn resolve_league(&self, reference: &str) -> Result<(League, Value)> {
        let reference = reference.trim();
        if let Ok(id) = reference.parse::<i64>() {
            match self.send(calls::get_league(id)) {
                Ok((league, reply)) => return Ok((league, reply.body)),
                Err(CliError::Rejected(p)) if p.status == 404 => {}
                Err(e) => return Err(e),
            }
        }
        let leagues = self.all_leagues()?;
        if let Some(found) = leagues.iter().find(|(l, _)| same_name(&l.name, reference)) {
            return Ok(found.clone());
        }
        let known: Vec<String> = leagues.iter().map(|(l, _)| format!("{} ({})", l.name, l.id)).collect();
        let league = format!("{reference:?}");
        Err(CliError::NotFound(if known.is_empty() {
            t!("client-no-league-yet", league = league)
        } else {
            t!("client-no-such-league", league = league, leagues = known.join(", "))
        }))
    }

    /// A player by name, compared case-insensitively as the server does; also the JSON.
    /// The name of a merged player stands for the player kept, as on the server: that one
    /// is returned, and a note on standard error says so.
    pub fn find_player(&self, name: &str) -> Result<(Player, Value)> {
        let (players, reply) = self.send(calls::list_players())?;
        let mut index = Self::named(&players, name)?;
        if let Some(into) = players[index].merged_into
            && let Some(kept) = players.iter().position(|p| p.id == into)
        {
            eprintln!("{}", t!("client-merged", merged = &players[index].name, kept = &players[kept].name));
            index = kept;
        }
        Ok((players[index].clone(), reply.body[index].clone()))
    }

    /// A player by name as stored, a merged one itself (to undo its merge).
    pub fn find_player_as_named(&self, name: &str) -> Result<Player> {
        let (players, _) = self.send(calls::list_players())?;
        Ok(players[Self::named(&players, name)?].clone())
    }

    fn named(players: &[Player], name: &str) -> Result<usize> {
        players
            .iter()
            .position(|p| same_name(&p.name, name.trim()))
            .ok_or_else(|| CliError::NotFound(t!("client-no-such-player", quoted = format!("{name:?}"), name = name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use spielstand_wire::{AuditParams, StandingsParams};

    #[test]
    fn queries_are_written_as_the_server_reads_them() {
        let query = StandingsParams {
            game: Some(GameKind::Rangeln),
            as_of: NaiveDate::from_ymd_opt(2026, 11, 20),
            ..Default::default()
        };
        assert_eq!(
            calls::get_standings(3, &query).unwrap().url("http://h:1"),
            "http://h:1/api/v1/leagues/3/standings?game=rangeln&as_of=2026-11-20"
        );
        assert_eq!(
            calls::get_standings(3, &StandingsParams::default()).unwrap().url("http://h:1/"),
            "http://h:1/api/v1/leagues/3/standings"
        );
        let audit = AuditParams { token_name: Some("Küche & Tisch".into()), ..Default::default() };
        assert_eq!(calls::list_audit(&audit).unwrap().query, "token_name=K%C3%BCche+%26+Tisch");
    }

    #[test]
    fn a_closed_port_is_unreachable() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let client = Client::new(&Settings { server: format!("http://127.0.0.1:{port}"), token: None });
        let err = client.send(calls::health()).unwrap_err();
        assert_eq!(err.exit_code(), 3, "{err}");
        assert!(err.is_transient());
        // The system's own error stays beneath, for --verbose.
        let cause = std::error::Error::source(&err).and_then(|c| c.downcast_ref::<std::io::Error>());
        assert_eq!(cause.map(std::io::Error::kind), Some(std::io::ErrorKind::ConnectionRefused), "{err:?}");
    }

    #[test]
    fn a_call_that_does_not_encode_keeps_why() {
        let not_json = serde_json::from_str::<i32>("x").unwrap_err();
        let err = built::<()>(Err(CallError::Body(not_json))).unwrap_err();
        assert_eq!(err.exit_code(), 2, "{err}");
        assert!(std::error::Error::source(&err).is_some_and(|c| c.is::<CallError>()), "{err:?}");
    }
}

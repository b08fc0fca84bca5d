//! HTTP to the spielstand server: requests, problem+json errors, and telling "the server
//! said no" from "the server was not reached".

use crate::config::Settings;
use crate::error::{CliError, Problem, Result, describe, one_line};
use crate::positions;
use crate::t;
use serde::de::DeserializeOwned;
use serde_json::Value;
use spielstand_core::{GameKind, GameRecord, same_name};
use spielstand_wire::calls::{self, Call, CallError, IntoCall};
use spielstand_wire::headers::{IDEMPOTENT_REPLAYED, READ_AFTER, WRITE_POSITION};
use spielstand_wire::{
    Attendee, AuditPage, AuditParams, BatchInput, BatchOutcome, CheckIn, DrawInput, Event, EventInput, EventReport,
    GameParams, HeadToHead, HeadToHeadParams, Health, HistoryEntry, League, LeagueExport, LeagueInput,
    LeaguePlayerRatings, LeaguePlayerStats, LeagueRatingAccuracy, MAX_PAIRS_PER_PAGE, Player, PlayerMerge,
    PlayerRatings, PlayerRatingsParams, PostalGame, PostalGameCreated, PostalGameInput, PostalOrdersInput,
    PostalOrdersReceipt, PostalRound, ReportParams, ResultPage, ResultsParams, Round, Standings, StandingsParams,
    StoredResult, TeamStandings, TokenName,
};
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

    /// Sends `call` (with the token when it needs one) and reads its answer as `T`.
    fn send<T: DeserializeOwned>(&self, call: impl IntoCall<T>) -> Result<(T, Reply)> {
        let call = built(call.into_call())?;
        let reply = self.send_untyped(&call)?;
        let answer = call.answer(reply.body.clone()).map_err(|e| CliError::Server {
            server: self.server.clone(),
            message: t!("client-unexpected-answer", error = e.to_string()),
        })?;
        Ok((answer, reply))
    }

    /// Sends `call`; its answer as JSON.
    fn send_untyped<T>(&self, call: &Call<T>) -> Result<Reply> {
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
        let mut request = request.map_err(|e| CliError::input(format!("--server {}: {e}", self.server)))?; // not text: a flag and its value
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
                serde_json::from_str(&text).map_err(|_| CliError::Server {
                    server: self.server.clone(),
                    message: t!("client-not-json", status = u32::from(status)),
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
            Err(CliError::Server { server: self.server.clone(), message: describe(&problem) })
        } else {
            Err(CliError::Rejected(Box::new(problem)))
        }
    }

    fn transport(&self, e: ureq::Error) -> CliError {
        let unreachable = |reason: String| CliError::Unreachable { server: self.server.clone(), reason };
        match e {
            ureq::Error::BadUri(m) => CliError::input(format!("--server {}: {m}", self.server)), // not text: a flag
            ureq::Error::Http(e) => CliError::input(t!("client-cannot-build", error = e.to_string())),
            ureq::Error::Protocol(e) => CliError::Server {
                server: self.server.clone(),
                message: t!("client-invalid-http", error = e.to_string()),
            },
            ureq::Error::Timeout(timeout) => unreachable(t!("client-timeout", timeout = timeout.to_string())),
            ureq::Error::HostNotFound => unreachable(t!("client-host-not-found")),
            ureq::Error::Io(e) => unreachable(match e.kind() {
                std::io::ErrorKind::ConnectionRefused => t!("client-connection-refused"),
                _ => one_line(&e.to_string()),
            }),
            other => unreachable(one_line(&other.to_string())),
        }
    }
}

/// The HTTP API, one method per endpoint: the only place that knows its paths, query
/// parameters and headers. Each answer comes typed, with the [`Reply`] it came in (its
/// `ETag`, its JSON as sent, whether it was a replay).
impl Client {
    pub fn health(&self) -> Result<(Health, Reply)> {
        self.send(calls::health())
    }

    /// The token's name and scope (a check that the token works).
    pub fn token(&self) -> Result<(TokenName, Reply)> {
        self.send(calls::check_token())
    }

    pub fn players(&self) -> Result<(Vec<Player>, Reply)> {
        self.send(calls::list_players())
    }

    pub fn create_player(&self, name: &str) -> Result<(Player, Reply)> {
        self.send(calls::create_player(name))
    }

    pub fn rename_player(&self, id: i64, name: &str) -> Result<(Player, Reply)> {
        self.send(calls::rename_player(id, name))
    }

    pub fn merge_player(&self, from: i64, into: i64) -> Result<(PlayerMerge, Reply)> {
        self.send(calls::merge_player(from, into))
    }

    pub fn unmerge_player(&self, from: i64) -> Result<(PlayerMerge, Reply)> {
        self.send(calls::unmerge_player(from))
    }

    pub fn player_ratings(&self, id: i64, query: &PlayerRatingsParams) -> Result<(PlayerRatings, Reply)> {
        self.send(calls::player_ratings(id, query))
    }

    pub fn leagues(&self) -> Result<(Vec<League>, Reply)> {
        self.send(calls::list_leagues())
    }

    pub fn league(&self, id: i64) -> Result<(League, Reply)> {
        self.send(calls::get_league(id))
    }

    pub fn create_league(&self, input: &LeagueInput) -> Result<(League, Reply)> {
        self.send(calls::create_league(input))
    }

    pub fn update_league(&self, id: i64, input: &LeagueInput) -> Result<(League, Reply)> {
        self.send(calls::update_league(id, input))
    }

    /// One page of a league's results, latest first.
    pub fn results(&self, league: i64, query: &ResultsParams) -> Result<(ResultPage, Reply)> {
        self.send(calls::list_results(league, query))
    }

    /// One result; its revision is the reply's `ETag`.
    pub fn result(&self, id: i64) -> Result<(StoredResult, Reply)> {
        self.send(calls::get_result(id))
    }

    pub fn result_history(&self, id: i64) -> Result<(Vec<HistoryEntry>, Reply)> {
        self.send(calls::result_history(id))
    }

    /// Records a result; sending it again with the same key stores it once.
    pub fn record_result(
        &self,
        league: i64,
        record: &GameRecord,
        idempotency_key: &str,
    ) -> Result<(StoredResult, Reply)> {
        self.send(calls::record_result(league, record, Some(idempotency_key)))
    }

    /// Replaces a result's record, if it is still at the revision `if_match` names.
    pub fn correct_result(&self, id: i64, if_match: &str, record: &GameRecord) -> Result<(StoredResult, Reply)> {
        self.send(calls::correct_result(id, if_match, record))
    }

    pub fn delete_result(&self, id: i64, if_match: &str) -> Result<Reply> {
        self.send_untyped(&calls::delete_result(id, if_match))
    }

    /// Records up to 1,000 results at once; each item is answered on its own.
    pub fn record_batch(&self, league: i64, batch: &BatchInput) -> Result<(BatchOutcome, Reply)> {
        self.send(calls::record_results_batch(league, batch))
    }

    /// The whole league as one document.
    pub fn export(&self, league: i64) -> Result<(LeagueExport, Reply)> {
        self.send(calls::export_league(league))
    }

    /// One page of the audit trail, latest first (an admin token's).
    pub fn audit(&self, query: &AuditParams) -> Result<(AuditPage, Reply)> {
        self.send(calls::list_audit(query))
    }

    /// A player's record in a league.
    pub fn player_stats(&self, league: i64, player: i64) -> Result<(LeaguePlayerStats, Reply)> {
        self.send(calls::get_player_stats(league, player))
    }

    pub fn player_league_ratings(
        &self,
        league: i64,
        player: i64,
        query: &GameParams,
    ) -> Result<(LeaguePlayerRatings, Reply)> {
        self.send(calls::get_player_league_ratings(league, player, query))
    }

    pub fn create_event(&self, league: i64, input: &EventInput) -> Result<(Event, Reply)> {
        self.send(calls::create_event(league, input))
    }

    pub fn events(&self, league: i64) -> Result<(Vec<Event>, Reply)> {
        self.send(calls::list_events(league))
    }

    pub fn event(&self, id: i64) -> Result<(EventReport, Reply)> {
        self.send(calls::get_event(id))
    }

    pub fn check_in(&self, event: i64, players: &CheckIn) -> Result<(Vec<Attendee>, Reply)> {
        self.send(calls::check_in(event, players))
    }

    pub fn check_out(&self, event: i64, player: i64) -> Result<Reply> {
        self.send_untyped(&calls::check_out(event, player))
    }

    pub fn draw_round(&self, event: i64, input: &DrawInput) -> Result<(Round, Reply)> {
        self.send(calls::draw_round(event, input))
    }

    pub fn rounds(&self, event: i64) -> Result<(Vec<Round>, Reply)> {
        self.send(calls::list_rounds(event))
    }

    pub fn rating_accuracy(&self, league: i64, query: &GameParams) -> Result<(LeagueRatingAccuracy, Reply)> {
        self.send(calls::get_rating_accuracy(league, query))
    }

    pub fn close_event(&self, id: i64) -> Result<(Event, Reply)> {
        self.send(calls::close_event(id))
    }

    pub fn create_postal_game(&self, league: i64, input: &PostalGameInput) -> Result<(PostalGameCreated, Reply)> {
        self.send(calls::create_postal_game(league, input))
    }

    pub fn postal_game(&self, id: i64) -> Result<(PostalGame, Reply)> {
        self.send(calls::get_postal_game(id))
    }

    /// Sent with `code` (a hare's) instead of the token, when given.
    pub fn send_postal_orders(
        &self,
        id: i64,
        input: &PostalOrdersInput,
        code: Option<&str>,
    ) -> Result<(PostalOrdersReceipt, Reply)> {
        match code {
            Some(code) => {
                let hare =
                    Client { agent: self.agent.clone(), server: self.server.clone(), token: Some(code.to_owned()) };
                hare.send(calls::send_postal_orders(id, input))
            }
            None => self.send(calls::send_postal_orders(id, input)),
        }
    }

    pub fn resolve_postal_round(&self, id: i64, round: u32, query: &ReportParams) -> Result<(PostalRound, Reply)> {
        self.send(calls::resolve_postal_round(id, round, query))
    }

    pub fn postal_round(&self, id: i64, round: u32, query: &ReportParams) -> Result<(PostalRound, Reply)> {
        self.send(calls::get_postal_round(id, round, query))
    }

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
        Err(CliError::Server {
            server: self.server.clone(),
            message: t!("client-head-to-head-busy", attempts = ATTEMPTS),
        })
    }

    pub fn standings(&self, league: i64, query: &StandingsParams) -> Result<(Standings, Reply)> {
        self.send(calls::get_standings(league, query))
    }

    /// The league's team table.
    pub fn team_standings(&self, league: i64, query: &StandingsParams) -> Result<(TeamStandings, Reply)> {
        self.send(calls::get_team_standings(league, query))
    }
}

/// A call built, or the input error of one that could not be (a body or query that does
/// not encode).
fn built<T>(call: Result<Call<T>, CallError>) -> Result<Call<T>> {
    call.map_err(|e| CliError::input(t!("client-cannot-encode", error = e.to_string())))
}

/// Finding things by what people type: a league by name or id, a player by name.
impl Client {
    /// Every league, with its JSON.
    pub fn all_leagues(&self) -> Result<Vec<(League, Value)>> {
        let (leagues, reply) = self.leagues()?;
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
            match self.league(id) {
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
        let (players, reply) = self.players()?;
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
        let (players, _) = self.players()?;
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
        let err = client.health().unwrap_err();
        assert_eq!(err.exit_code(), 3, "{err}");
        assert!(err.is_transient());
    }
}

//! The HTTP API as the calls a client makes: one function per operation the Rust clients
//! use, named by its `operationId`, that builds its method, path, query (by the operation's
//! query type, [`crate::query`]), headers and body, and names the type of its answer (JSON,
//! but for the CSV tables, which answer text). No I/O: the CLI, the benchmarks and the
//! tests each send a [`Call`] with their own HTTP stack, so they share every path and
//! parameter and none spells one out for itself. `api/tests/it/protocol.rs` holds every
//! call to its operation in the document.

use crate::query::{Query, encode};
use crate::{
    AuditPage, AuditParams, BatchInput, BatchOutcome, CheckIn, DeliveryPage, DrawInput, Event, EventInput, EventReport,
    GameParams, HeadToHead, HeadToHeadParams, Health, HistoryEntry, JoinCode, JoinCodeInput, JoinInput, League,
    LeagueExport, LeagueInput, LeaguePlayerRatings, LeaguePlayerStats, LeagueRatingAccuracy, MergeRequest, NewWebhook,
    NightPass, PassInfo, Player, PlayerMerge, PlayerName, PlayerRatings, PlayerRatingsParams, PostalCode,
    PostalCodeInput, PostalGame, PostalGameCreated, PostalGameInput, PostalMail, PostalOrdersInput,
    PostalOrdersReceipt, PostalResolveInput, PostalRound, Ready, RejectInput, ReportParams, ResultPage, ResultsParams,
    Round, ScoreRequest, ScoreResponse, Standings, StandingsParams, StoredResult, TeamStandings, TokenName, Webhook,
    WebhookInput,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use spielstand_core::{GameInfo, GameRecord};
use std::marker::PhantomData;

/// An HTTP method of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// One request to the API and the type of its answer `T` (`()` for none).
#[derive(Debug, Clone)]
pub struct Call<T> {
    /// The document's `operationId`.
    pub operation: &'static str,
    pub method: Method,
    /// Below `/api/v1`, with its parameters filled in.
    pub path: String,
    /// Encoded, without `?`; empty for none.
    pub query: String,
    /// Besides `Authorization`, `Accept` and `Content-Type`.
    pub headers: Vec<(&'static str, String)>,
    /// JSON, when the call sends a body.
    pub body: Option<Vec<u8>>,
    /// Does it carry the token? Every write does but the two anyone may send (scoring a
    /// round, joining a night), and a read that needs it or shows more with it.
    pub with_token: bool,
    answer: PhantomData<fn() -> T>,
}

/// A call that could not be built: a query or body that does not encode.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("the query does not encode: {0}")]
    Query(#[from] serde_urlencoded::ser::Error),
    #[error("the body does not encode: {0}")]
    Body(#[from] serde_json::Error),
}

pub type Built<T> = Result<Call<T>, CallError>;

/// A call, or one that may not have been built: what a client's send takes.
pub trait IntoCall<T> {
    fn into_call(self) -> Built<T>;
}

impl<T> IntoCall<T> for Call<T> {
    fn into_call(self) -> Built<T> {
        Ok(self)
    }
}

impl<T> IntoCall<T> for Built<T> {
    fn into_call(self) -> Built<T> {
        self
    }
}

impl<T> Call<T> {
    fn new(operation: &'static str, method: Method, path: String) -> Call<T> {
        Call {
            operation,
            method,
            path,
            query: String::new(),
            headers: Vec::new(),
            body: None,
            with_token: method != Method::Get,
            answer: PhantomData,
        }
    }

    fn query(mut self, query: &impl Query) -> Built<T> {
        self.query = encode(query)?;
        Ok(self)
    }

    fn body(mut self, body: &impl Serialize) -> Built<T> {
        self.body = Some(serde_json::to_vec(body)?);
        Ok(self)
    }

    fn header(mut self, name: &'static str, value: String) -> Call<T> {
        self.headers.push((name, value));
        self
    }

    fn with_token(mut self) -> Call<T> {
        self.with_token = true;
        self
    }

    fn without_token(mut self) -> Call<T> {
        self.with_token = false;
        self
    }

    /// The URL of the call on the server at `base` (`http://host:port`).
    pub fn url(&self, base: &str) -> String {
        let base = base.trim_end_matches('/');
        match self.query.as_str() {
            "" => format!("{base}/api/v1{}", self.path),
            query => format!("{base}/api/v1{}?{query}", self.path),
        }
    }

    /// The same request, its answer left as JSON.
    pub fn untyped(self) -> Call<serde_json::Value> {
        let Call { operation, method, path, query, headers, body, with_token, .. } = self;
        Call { operation, method, path, query, headers, body, with_token, answer: PhantomData }
    }
}

impl<T: DeserializeOwned> Call<T> {
    /// The answer's JSON body as `T` (`null` for a call without one). A CSV table's
    /// answer (`Call<String>`) is text, not JSON: its body is read as it is.
    pub fn answer(&self, body: serde_json::Value) -> Result<T, serde_json::Error> {
        serde_json::from_value(body)
    }
}

fn get<T>(operation: &'static str, path: String) -> Call<T> {
    Call::new(operation, Method::Get, path)
}

fn write<T>(operation: &'static str, method: Method, path: String) -> Call<T> {
    Call::new(operation, method, path)
}

pub fn health() -> Call<Health> {
    get("health", "/health".into())
}

pub fn ready() -> Call<Ready> {
    get("ready", "/ready".into())
}

pub fn list_games() -> Call<Vec<GameInfo>> {
    get("list_games", "/games".into())
}

/// Scores a Rangeln round without storing it: anyone may, so it carries no token.
pub fn score_rangeln_round(request: &ScoreRequest) -> Built<ScoreResponse> {
    write("score_rangeln_round", Method::Post, "/rangeln/score".into()).without_token().body(request)
}

pub fn check_token() -> Call<TokenName> {
    get("check_token", "/token".into()).with_token()
}

pub fn list_players() -> Call<Vec<Player>> {
    get("list_players", "/players".into())
}

pub fn create_player(name: &str) -> Built<Player> {
    write("create_player", Method::Post, "/players".into()).body(&PlayerName { name: name.to_owned() })
}

pub fn get_player(id: i64) -> Call<Player> {
    get("get_player", format!("/players/{id}"))
}

pub fn rename_player(id: i64, name: &str) -> Built<Player> {
    write("rename_player", Method::Patch, format!("/players/{id}")).body(&PlayerName { name: name.to_owned() })
}

pub fn merge_player(from: i64, into: i64) -> Built<PlayerMerge> {
    write("merge_player", Method::Post, format!("/players/{from}/merge")).body(&MergeRequest { into })
}

pub fn unmerge_player(from: i64) -> Call<PlayerMerge> {
    write("unmerge_player", Method::Post, format!("/players/{from}/unmerge"))
}

pub fn player_ratings(id: i64, query: &PlayerRatingsParams) -> Built<PlayerRatings> {
    get("player_ratings", format!("/players/{id}/ratings")).query(query)
}

pub fn list_leagues() -> Call<Vec<League>> {
    get("list_leagues", "/leagues".into())
}

pub fn get_league(id: i64) -> Call<League> {
    get("get_league", format!("/leagues/{id}"))
}

pub fn create_league(input: &LeagueInput) -> Built<League> {
    write("create_league", Method::Post, "/leagues".into()).body(input)
}

pub fn update_league(id: i64, input: &LeagueInput) -> Built<League> {
    write("update_league", Method::Put, format!("/leagues/{id}")).body(input)
}

pub fn list_results(league: i64, query: &ResultsParams) -> Built<ResultPage> {
    get("list_results", format!("/leagues/{league}/results")).query(query)
}

pub fn get_result(id: i64) -> Call<StoredResult> {
    get("get_result", format!("/results/{id}"))
}

/// With the token: the history then names the tokens that made each change.
pub fn result_history(id: i64) -> Call<Vec<HistoryEntry>> {
    get("result_history", format!("/results/{id}/history")).with_token()
}

/// Records a result; sent again with the same `idempotency_key`, it is stored once.
pub fn record_result(league: i64, record: &GameRecord, idempotency_key: Option<&str>) -> Built<StoredResult> {
    let call = write("record_result", Method::Post, format!("/leagues/{league}/results"));
    let call = match idempotency_key {
        Some(key) => call.header(crate::headers::IDEMPOTENCY_KEY, key.to_owned()),
        None => call,
    };
    call.body(record)
}

/// Replaces a result's record, if it is still at the revision `if_match` names (an ETag,
/// quotes included).
pub fn correct_result(id: i64, if_match: &str, record: &GameRecord) -> Built<StoredResult> {
    write("correct_result", Method::Put, format!("/results/{id}")).header("If-Match", if_match.to_owned()).body(record)
}

pub fn delete_result(id: i64, if_match: &str) -> Call<()> {
    write("delete_result", Method::Delete, format!("/results/{id}")).header("If-Match", if_match.to_owned())
}

/// A tablemate's confirmation, sent with their night pass; or the organiser's acceptance
/// of a rejected result, sent with a token and the revision it accepts in `if_match` (an
/// ETag, quotes included).
pub fn confirm_result(id: i64, if_match: Option<&str>) -> Call<StoredResult> {
    let call = write("confirm_result", Method::Post, format!("/results/{id}/confirm"));
    match if_match {
        Some(revision) => call.header("If-Match", revision.to_owned()),
        None => call,
    }
}

/// A tablemate's rejection, sent with their night pass (or a token).
pub fn reject_result(id: i64, reason: &str) -> Built<StoredResult> {
    write("reject_result", Method::Post, format!("/results/{id}/reject"))
        .body(&RejectInput { reason: reason.to_owned() })
}

pub fn record_results_batch(league: i64, batch: &BatchInput) -> Built<BatchOutcome> {
    write("record_results_batch", Method::Post, format!("/leagues/{league}/results/batch")).body(batch)
}

pub fn export_league(league: i64) -> Call<LeagueExport> {
    get("export_league", format!("/leagues/{league}/export"))
}

pub fn list_audit(query: &AuditParams) -> Built<AuditPage> {
    get("list_audit", "/audit".into()).with_token().query(query)
}

pub fn get_player_stats(league: i64, player: i64) -> Call<LeaguePlayerStats> {
    get("get_player_stats", format!("/leagues/{league}/players/{player}/stats"))
}

pub fn get_player_league_ratings(league: i64, player: i64, query: &GameParams) -> Built<LeaguePlayerRatings> {
    get("get_player_league_ratings", format!("/leagues/{league}/players/{player}/ratings")).query(query)
}

pub fn create_event(league: i64, input: &EventInput) -> Built<Event> {
    write("create_event", Method::Post, format!("/leagues/{league}/events")).body(input)
}

pub fn list_events(league: i64) -> Call<Vec<Event>> {
    get("list_events", format!("/leagues/{league}/events"))
}

pub fn get_event(id: i64) -> Call<EventReport> {
    get("get_event", format!("/events/{id}"))
}

pub fn update_event(id: i64, input: &EventInput) -> Built<Event> {
    write("update_event", Method::Put, format!("/events/{id}")).body(input)
}

pub fn delete_event(id: i64) -> Call<()> {
    write("delete_event", Method::Delete, format!("/events/{id}"))
}

pub fn check_in(event: i64, players: &CheckIn) -> Built<Vec<crate::Attendee>> {
    write("check_in", Method::Post, format!("/events/{event}/attendees")).body(players)
}

pub fn check_out(event: i64, player: i64) -> Call<()> {
    write("check_out", Method::Delete, format!("/events/{event}/attendees/{player}"))
}

pub fn draw_round(event: i64, input: &DrawInput) -> Built<Round> {
    write("draw_round", Method::Post, format!("/events/{event}/rounds")).body(input)
}

/// Draws round `number` (from 1) of the night again.
pub fn redraw_round(event: i64, number: u32, input: &DrawInput) -> Built<Round> {
    write("redraw_round", Method::Put, format!("/events/{event}/rounds/{number}")).body(input)
}

pub fn list_rounds(event: i64) -> Call<Vec<Round>> {
    get("list_rounds", format!("/events/{event}/rounds"))
}

/// A new join code for the night; without `input`, no body: the code's defaults.
pub fn create_join_code(event: i64, input: Option<&JoinCodeInput>) -> Built<JoinCode> {
    let call = write("create_join_code", Method::Post, format!("/events/{event}/join-codes"));
    match input {
        Some(input) => call.body(input),
        None => Ok(call),
    }
}

/// A member joins a night with its code: anyone may, so it carries no token.
pub fn join_night(input: &JoinInput) -> Built<NightPass> {
    write("join_night", Method::Post, "/join".into()).without_token().body(input)
}

/// The night's passes, for the organiser: a read that needs the token.
pub fn list_passes(event: i64) -> Call<Vec<PassInfo>> {
    get("list_passes", format!("/events/{event}/passes")).with_token()
}

pub fn revoke_pass(event: i64, player: i64) -> Call<()> {
    write("revoke_pass", Method::Delete, format!("/events/{event}/passes/{player}"))
}

pub fn approve_pass(event: i64, player: i64) -> Call<()> {
    write("approve_pass", Method::Post, format!("/events/{event}/passes/{player}/approve"))
}

pub fn decline_pass(event: i64, player: i64) -> Call<()> {
    write("decline_pass", Method::Post, format!("/events/{event}/passes/{player}/decline"))
}

pub fn readmit_pass(event: i64, player: i64) -> Call<()> {
    write("readmit_pass", Method::Post, format!("/events/{event}/passes/{player}/readmit"))
}

pub fn close_event(id: i64) -> Call<Event> {
    write("close_event", Method::Post, format!("/events/{id}/close"))
}

pub fn get_rating_accuracy(league: i64, query: &GameParams) -> Built<LeagueRatingAccuracy> {
    get("get_rating_accuracy", format!("/leagues/{league}/ratings/accuracy")).query(query)
}

pub fn get_head_to_head(league: i64, query: &HeadToHeadParams) -> Built<HeadToHead> {
    get("get_head_to_head", format!("/leagues/{league}/head-to-head")).query(query)
}

pub fn get_standings(league: i64, query: &StandingsParams) -> Built<Standings> {
    get("get_standings", format!("/leagues/{league}/standings")).query(query)
}

pub fn get_team_standings(league: i64, query: &StandingsParams) -> Built<TeamStandings> {
    get("get_team_standings", format!("/leagues/{league}/standings/teams")).query(query)
}

/// The table as CSV: its answer is text, not JSON.
pub fn get_standings_csv(league: i64, query: &StandingsParams) -> Built<String> {
    get("get_standings_csv", format!("/leagues/{league}/standings.csv")).query(query)
}

/// The teams' table as CSV: its answer is text, not JSON.
pub fn get_team_standings_csv(league: i64, query: &StandingsParams) -> Built<String> {
    get("get_team_standings_csv", format!("/leagues/{league}/standings/teams.csv")).query(query)
}

/// The league's webhooks (never their secrets): reads that need the token, as every
/// webhook call does.
pub fn list_webhooks(league: i64) -> Call<Vec<Webhook>> {
    get("list_webhooks", format!("/leagues/{league}/webhooks")).with_token()
}

/// Registers a webhook: the only answer that shows its secret.
pub fn create_webhook(league: i64, url: &str) -> Built<NewWebhook> {
    write("create_webhook", Method::Post, format!("/leagues/{league}/webhooks"))
        .body(&WebhookInput { url: url.to_owned() })
}

pub fn get_webhook(id: i64) -> Call<Webhook> {
    get("get_webhook", format!("/webhooks/{id}")).with_token()
}

pub fn delete_webhook(id: i64) -> Call<()> {
    write("delete_webhook", Method::Delete, format!("/webhooks/{id}"))
}

/// Resumes a webhook paused when its token was revoked.
pub fn enable_webhook(id: i64) -> Call<Webhook> {
    write("enable_webhook", Method::Post, format!("/webhooks/{id}/enable"))
}

/// The webhook's deliveries, the first page of all of them (its filters are read by hand:
/// no client sends them).
pub fn list_deliveries(id: i64) -> Call<DeliveryPage> {
    get("list_deliveries", format!("/webhooks/{id}/deliveries")).with_token()
}

pub fn list_postal_games(league: i64) -> Call<Vec<PostalGame>> {
    get("list_postal_games", format!("/leagues/{league}/postal-games"))
}

pub fn create_postal_game(league: i64, input: &PostalGameInput) -> Built<PostalGameCreated> {
    write("create_postal_game", Method::Post, format!("/leagues/{league}/postal-games")).body(input)
}

pub fn get_postal_game(id: i64) -> Call<PostalGame> {
    get("get_postal_game", format!("/postal-games/{id}"))
}

/// Sent with the game master's token, or a hare's code as the token.
pub fn send_postal_orders(id: i64, input: &PostalOrdersInput) -> Built<PostalOrdersReceipt> {
    write("send_postal_orders", Method::Put, format!("/postal-games/{id}/orders")).body(input)
}

pub fn resolve_postal_round(id: i64, round: u32, query: &ReportParams) -> Built<PostalRound> {
    write("resolve_postal_round", Method::Post, format!("/postal-games/{id}/resolve"))
        .query(query)?
        .body(&PostalResolveInput { round })
}

pub fn get_postal_round(id: i64, round: u32, query: &ReportParams) -> Built<PostalRound> {
    get("get_postal_round", format!("/postal-games/{id}/rounds/{round}")).query(query)
}

/// A new code for the hare `player` (the old one stops working).
pub fn reissue_postal_code(id: i64, player: &str) -> Built<PostalCode> {
    write("reissue_postal_code", Method::Post, format!("/postal-games/{id}/codes"))
        .body(&PostalCodeInput { player: player.to_owned() })
}

/// The game's report mails, for its game master.
pub fn list_postal_mails(id: i64) -> Call<Vec<PostalMail>> {
    get("list_postal_mails", format!("/postal-games/{id}/mails")).with_token()
}

/// Every call above, with sample arguments (ids 1, 2, 3): what the test holds to the
/// document, operation by operation. A new call belongs here too.
pub fn every_call() -> Result<Vec<Call<serde_json::Value>>, CallError> {
    let record: GameRecord = serde_json::from_value(serde_json::json!({
        "played_on": "2026-11-20", "game": "mensch-aergere-dich-nicht",
        "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}],
        "detail": {"order": [["Anna"], ["Ben"]]}
    }))?;
    let rules = spielstand_core::LeagueRules::new(vec![spielstand_core::GameKind::Rangeln]);
    let league = LeagueInput { name: "Liga".into(), rules };
    let check_in_anna: CheckIn = serde_json::from_value(serde_json::json!({"players": ["Anna"]}))?;
    let event: EventInput = serde_json::from_value(serde_json::json!({"title": "Abend", "date": "2026-11-20"}))?;
    let draw: DrawInput = serde_json::from_value(serde_json::json!({"game": "rangeln", "method": "random"}))?;
    let postal: PostalGameInput = serde_json::from_value(serde_json::json!({
        "title": "Post", "players": ["Anna", "Ben"], "round_limit": 30,
        "first_deadline": "2026-12-01T18:00:00Z", "round_days": 7
    }))?;
    let orders: PostalOrdersInput =
        serde_json::from_value(serde_json::json!({"orders": [{"round": 1, "order": "vor 3"}]}))?;
    let score: ScoreRequest = serde_json::from_value(serde_json::json!({
        "players": ["Anna", "Ben", "Cleo"], "round": {"scores": {"Anna": 0, "Ben": 0, "Cleo": 0}}
    }))?;
    let join: JoinInput = serde_json::from_value(serde_json::json!({"code": "ABCD-EFGH", "player": "Anna"}))?;
    Ok(vec![
        health().untyped(),
        ready().untyped(),
        list_games().untyped(),
        score_rangeln_round(&score)?.untyped(),
        check_token().untyped(),
        list_players().untyped(),
        create_player("Anna")?.untyped(),
        get_player(1).untyped(),
        rename_player(1, "Anna")?.untyped(),
        merge_player(1, 2)?.untyped(),
        unmerge_player(1).untyped(),
        player_ratings(1, &PlayerRatingsParams::every())?.untyped(),
        list_leagues().untyped(),
        get_league(1).untyped(),
        create_league(&league)?.untyped(),
        update_league(1, &league)?.untyped(),
        list_results(1, &ResultsParams::every())?.untyped(),
        get_result(1).untyped(),
        result_history(1).untyped(),
        record_result(1, &record, Some("key"))?.untyped(),
        correct_result(1, "\"1\"", &record)?.untyped(),
        delete_result(1, "\"1\"").untyped(),
        confirm_result(1, Some("\"1\"")).untyped(),
        confirm_result(1, None).untyped(),
        reject_result(1, "wrong")?.untyped(),
        record_results_batch(1, &BatchInput { items: Vec::new() })?.untyped(),
        export_league(1).untyped(),
        list_audit(&AuditParams::every())?.untyped(),
        get_player_stats(1, 2).untyped(),
        get_player_league_ratings(1, 2, &GameParams::every())?.untyped(),
        create_event(1, &event)?.untyped(),
        list_events(1).untyped(),
        get_event(1).untyped(),
        update_event(1, &event)?.untyped(),
        delete_event(1).untyped(),
        check_in(1, &check_in_anna)?.untyped(),
        check_out(1, 2).untyped(),
        draw_round(1, &draw)?.untyped(),
        redraw_round(1, 1, &draw)?.untyped(),
        list_rounds(1).untyped(),
        create_join_code(1, Some(&JoinCodeInput { check_in: Some(false) }))?.untyped(),
        create_join_code(1, None)?.untyped(),
        join_night(&join)?.untyped(),
        list_passes(1).untyped(),
        revoke_pass(1, 2).untyped(),
        approve_pass(1, 2).untyped(),
        decline_pass(1, 2).untyped(),
        readmit_pass(1, 2).untyped(),
        close_event(1).untyped(),
        get_rating_accuracy(1, &GameParams::every())?.untyped(),
        get_head_to_head(1, &HeadToHeadParams::every())?.untyped(),
        get_standings(1, &StandingsParams::every())?.untyped(),
        get_team_standings(1, &StandingsParams::every())?.untyped(),
        get_standings_csv(1, &StandingsParams::every())?.untyped(),
        get_team_standings_csv(1, &StandingsParams::every())?.untyped(),
        list_webhooks(1).untyped(),
        create_webhook(1, "https://tsv-beispiel.de/spielstand-hook")?.untyped(),
        get_webhook(1).untyped(),
        delete_webhook(1).untyped(),
        enable_webhook(1).untyped(),
        list_deliveries(1).untyped(),
        list_postal_games(1).untyped(),
        create_postal_game(1, &postal)?.untyped(),
        get_postal_game(1).untyped(),
        send_postal_orders(1, &orders)?.untyped(),
        resolve_postal_round(1, 1, &ReportParams::every())?.untyped(),
        get_postal_round(1, 1, &ReportParams::every())?.untyped(),
        reissue_postal_code(1, "Anna")?.untyped(),
        list_postal_mails(1).untyped(),
    ])
}

//! Test harness: the real application on a real SQLite file in a temp dir.

pub mod phones;
pub mod process;
pub mod smtp;
pub mod tiny;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{Method, StatusCode, header::HeaderMap};
use actix_web::test as at;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use spielstand_api::db::{self, DatabaseUrl};
use spielstand_api::store::tokens;
use spielstand_api::{AppState, app};
use spielstand_wire::TokenScope;
use spielstand_wire::calls::{self, IntoCall};
use spielstand_wire::{League, LeagueInput, ResultsParams};
use tempfile::TempDir;

pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body read as `T`, a `spielstand_wire` type (or one of core's, which travel as
    /// they are). A body that is not a `T` fails the test with the status and what came back.
    pub fn body<T: DeserializeOwned>(&self) -> T {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "{} answered, not a {} ({e}): {}",
                self.status,
                std::any::type_name::<T>(),
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts an RFC 9457 problem with this status and type, and returns its detail.
    pub fn problem(&self, status: u16, kind: &str) -> String {
        assert_eq!(self.status.as_u16(), status, "body: {}", String::from_utf8_lossy(&self.body));
        assert_eq!(self.header("content-type"), Some("application/problem+json"));
        let p = self.json();
        assert_eq!(p["type"], format!("/problems/{kind}"), "{p}");
        assert_eq!(p["status"], status);
        p["detail"].as_str().expect("a detail").to_owned()
    }
}

/// The variable naming a PostgreSQL server (any database on it) for the tests; each test
/// creates a database of its own there and drops it afterwards.
pub const POSTGRES_ENV: &str = "SPIELSTAND_TEST_POSTGRES_URL";
/// The server `.ci/run` starts: trust authentication on the loopback address.
pub const POSTGRES_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// Runs `statements` on the database at `url` directly, past the server: what a newer
/// version or a hand edit could have left there.
pub fn sql(url: &DatabaseUrl, statements: &str) {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    let url = url.expose();
    let done = if url.starts_with("postgres") {
        diesel::PgConnection::establish(&url).unwrap().batch_execute(statements)
    } else {
        diesel::SqliteConnection::establish(&url).unwrap().batch_execute(statements)
    };
    done.unwrap_or_else(|e| panic!("{statements}: {e}"));
}

/// A fresh, empty database for one test.
pub struct TestDb {
    pub url: DatabaseUrl,
    _dir: Option<TempDir>,
    _drop: Option<DropDatabase>,
}

impl TestDb {
    /// A new SQLite file in a temp dir.
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        let url = DatabaseUrl::parse(dir.path().join("spielstand.db").to_str().unwrap()).unwrap();
        TestDb { url, _dir: Some(dir), _drop: None }
    }

    /// A database at `url` that the caller made and cleans up.
    pub fn at_url(url: &str) -> TestDb {
        TestDb { url: DatabaseUrl::parse(url).unwrap(), _dir: None, _drop: None }
    }

    /// A SQLite file at `path`, which the caller cleans up.
    pub fn at(path: std::path::PathBuf) -> TestDb {
        TestDb { url: DatabaseUrl::parse(path.to_str().unwrap()).unwrap(), _dir: None, _drop: None }
    }

    /// A new database on the PostgreSQL server named by `SPIELSTAND_TEST_POSTGRES_URL`
    /// (the local server by default). The tests calling this are `#[ignore = "needs
    /// PostgreSQL ..."]`: `cargo test -- --include-ignored` runs them, and a server that is
    /// not there fails them, never skips them.
    pub fn postgres() -> TestDb {
        let admin = std::env::var(POSTGRES_ENV).unwrap_or_else(|_| POSTGRES_DEFAULT.to_owned());
        use diesel::{Connection, RunQueryDsl};
        let name = format!("spielstand_test_{}", uuid::Uuid::new_v4().simple());
        let mut conn =
            diesel::PgConnection::establish(&admin).unwrap_or_else(|e| panic!("{POSTGRES_ENV}={admin}: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut conn).unwrap();
        let base = admin.split('?').next().unwrap();
        let url = format!("{}/{name}", &base[..base.rfind('/').unwrap()]);
        TestDb { url: DatabaseUrl::parse(&url).unwrap(), _dir: None, _drop: Some(DropDatabase { admin, name }) }
    }
}

struct DropDatabase {
    admin: String,
    name: String,
}

impl Drop for DropDatabase {
    fn drop(&mut self) {
        use diesel::{Connection, RunQueryDsl};
        if let Ok(mut conn) = diesel::PgConnection::establish(&self.admin) {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)).execute(&mut conn);
        }
    }
}

pub struct TestApi<S> {
    pub service: S,
    /// The application's state, to look at what it computed.
    pub state: actix_web::web::Data<AppState>,
    pub token: String,
    pub url: DatabaseUrl,
    // Dropped last: the service, and with it the pool, must go before the database.
    _db: TestDb,
}

pub async fn start(
    db: TestDb,
) -> TestApi<impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>>
{
    start_with(db, spielstand_api::Options::default()).await
}

/// As [`start`], with the server's `options` (the tests' webhook receivers allowed).
pub async fn start_with(
    db: TestDb,
    options: spielstand_api::Options,
) -> TestApi<impl Service<actix_http::Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>>
{
    let url = db.url.clone();
    let pool = db::open(&url, 4).unwrap();
    let token = tokens::create(&mut pool.get().unwrap(), "test-club", TokenScope::Admin, None).unwrap();
    // The tests' webhook receivers listen on this machine.
    let options = spielstand_api::Options { egress: local_receivers(), ..options };
    let state = AppState::with_options(pool, &url, options);
    let service = at::init_service(app(state.clone())).await;
    TestApi { service, state, token, url, _db: db }
}

/// The egress policy with the tests' receivers on 127.0.0.1 allowed.
pub fn local_receivers() -> spielstand_api::webhooks::egress::Egress {
    spielstand_api::webhooks::egress::Egress::allowing(["127.0.0.1".to_owned()])
}

/// Defines the test `$name` twice: `$name::sqlite`, and `$name::postgres` against a fresh
/// PostgreSQL database (ignored unless asked for: it needs the server).
macro_rules! api_test {
    ($name:ident, |$api:ident| $body:block) => {
        api_test!($name, spielstand_api::Options::default(), |$api| $body);
    };
    ($name:ident, $options:expr, |$api:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[actix_web::test]
            async fn sqlite() {
                let $api = crate::common::start_with(crate::common::TestDb::sqlite(), $options).await;
                $body
            }

            #[actix_web::test]
            #[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
            async fn postgres() {
                let $api = crate::common::start_with(crate::common::TestDb::postgres(), $options).await;
                $body
            }
        }
    };
}

impl<S, B> TestApi<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    pub async fn send(&self, req: at::TestRequest) -> Response {
        let res = at::call_service(&self.service, req.to_request()).await;
        let status = res.status();
        let headers = res.headers().clone();
        // A live stream never ends by itself: its status and headers are the answer.
        let streaming = headers.get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
        let body = if streaming { Vec::new() } else { at::read_body(res).await.to_vec() };
        Response { status, headers, body }
    }

    /// The request a call of `wire::calls` makes, as the CLI sends it: its method, path,
    /// query, headers and body, with the test token when the call carries one. A test adds
    /// to it what it is about (a client's address, a header the call does not send).
    pub fn request<T>(&self, call: impl IntoCall<T>) -> at::TestRequest {
        request_with(call, Some(&self.token))
    }

    /// Sends a call of `wire::calls` as the CLI does: its method, path, query, headers and
    /// body, with the test token when the call carries one.
    pub async fn call<T>(&self, call: impl IntoCall<T>) -> Response {
        self.send(self.request(call)).await
    }

    /// Sends a call with `bearer` (a night pass, a hare's code, another token) as its
    /// token, whether or not the call would carry the test token. (The request is made at
    /// once: the answer's future holds on to nothing of `bearer`.)
    pub fn call_as<T, C: IntoCall<T>>(
        &self,
        bearer: &str,
        call: C,
    ) -> impl Future<Output = Response> + use<'_, S, B, T, C> {
        self.send(self.request_as(bearer, call))
    }

    /// The request of a call with `bearer` as its token, as [`TestApi::call_as`] sends it.
    pub fn request_as<T>(&self, bearer: &str, call: impl IntoCall<T>) -> at::TestRequest {
        request_with(call, None).insert_header(("authorization", format!("Bearer {bearer}")))
    }

    /// The text answer of a call that must succeed (a CSV table).
    pub async fn text(&self, call: impl IntoCall<String>) -> String {
        let call = call.into_call().unwrap_or_else(|e| panic!("the call does not build: {e}"));
        let operation = call.operation;
        let r = self.call(call).await;
        assert!(r.status.is_success(), "{operation}: {} {}", r.status, String::from_utf8_lossy(&r.body));
        String::from_utf8(r.body).unwrap_or_else(|e| panic!("{operation}: not UTF-8 ({e})"))
    }

    /// The answer of a call that must succeed, as the type the call names.
    pub async fn answer<T: DeserializeOwned>(&self, call: impl IntoCall<T>) -> T {
        let call = call.into_call().unwrap_or_else(|e| panic!("the call does not build: {e}"));
        let operation = call.operation;
        let r = self.call(call).await;
        assert!(r.status.is_success(), "{operation}: {} {}", r.status, String::from_utf8_lossy(&r.body));
        let json = if r.body.is_empty() { Value::Null } else { r.json() };
        serde_json::from_value(json).unwrap_or_else(|e| panic!("{operation}: not its answer ({e}): {}", r.json()))
    }

    /// Records `record` (a game record as JSON: `mensch(..)`, `rangeln(..)`) in league
    /// `league`, typed and sent as the CLI sends it.
    pub async fn record(&self, league: i64, record: &Value) -> Response {
        let record: spielstand_core::GameRecord =
            serde_json::from_value(record.clone()).unwrap_or_else(|e| panic!("not a game record ({e}): {record}"));
        self.call(calls::record_result(league, &record, None)).await
    }

    pub async fn get(&self, path: &str) -> Response {
        self.send(at::TestRequest::get().uri(path)).await
    }

    /// A read with the test token.
    pub async fn get_with_token(&self, path: &str) -> Response {
        self.send(at::TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {}", self.token))))
            .await
    }

    /// A write with the test token and a JSON body.
    pub async fn write(&self, method: Method, path: &str, body: &Value) -> Response {
        self.send(
            at::TestRequest::default()
                .method(method)
                .uri(path)
                .insert_header(("authorization", format!("Bearer {}", self.token)))
                .set_json(body),
        )
        .await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.write(Method::POST, path, body).await
    }

    pub async fn add_players(&self, names: &[&str]) {
        for name in names {
            let r = self.call(calls::create_player(name)).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
        }
    }

    /// Every live result of a league as the API lists them, seats in order (the order
    /// the ratings are replayed in), for a computation from scratch.
    pub async fn league_results(&self, league: i64) -> Vec<spielstand_core::LeagueResult> {
        let mut all = Vec::new();
        for page in 1.. {
            let query = ResultsParams { per_page: Some(500), page: Some(page), ..Default::default() };
            let body = self.answer(calls::list_results(league, &query)).await;
            if body.items.is_empty() {
                break;
            }
            for item in body.items {
                let mut seats: Vec<(u32, String)> =
                    item.record.players.iter().map(|p| (p.seat, p.player.clone())).collect();
                seats.sort();
                let placing = |name: &str| item.placings.iter().find(|p| p.player == name).unwrap().clone();
                all.push(spielstand_core::LeagueResult {
                    id: item.id,
                    game: item.record.game(),
                    played_on: item.record.played_on,
                    placings: seats.into_iter().map(|(_, player)| placing(&player)).collect(),
                });
            }
        }
        all
    }

    pub async fn add_league(&self, body: Value) -> i64 {
        let input: LeagueInput = serde_json::from_value(body).unwrap_or_else(|e| panic!("not a league ({e})"));
        let r = self.call(calls::create_league(&input)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
        r.body::<League>().id
    }
}

/// The request of `call`, with `token` when the call carries one.
fn request_with<T>(call: impl IntoCall<T>, token: Option<&str>) -> at::TestRequest {
    let call = call.into_call().unwrap_or_else(|e| panic!("the call does not build: {e}"));
    let method = Method::from_bytes(call.method.as_str().as_bytes()).expect("an HTTP method");
    let mut req = at::TestRequest::default().method(method).uri(&call.url(""));
    if let Some(token) = token.filter(|_| call.with_token) {
        req = req.insert_header(("authorization", format!("Bearer {token}")));
    }
    for (name, value) in &call.headers {
        req = req.insert_header((*name, value.as_str()));
    }
    if let Some(body) = call.body {
        req = req.insert_header(("content-type", "application/json")).set_payload(body);
    }
    req
}

/// `value` as the input type `T` a call sends (a `spielstand_wire` body, a game record):
/// the JSON a test writes, typed as the CLI would send it.
pub fn input<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("not a {} ({e}): {value}", std::any::type_name::<T>()))
}

/// A day as the API writes it: `day("2026-03-01")`.
pub fn day(date: &str) -> chrono::NaiveDate {
    date.parse().unwrap_or_else(|e| panic!("{date}: {e}"))
}

/// The bare scores of round `round` (from 0) of a Rangeln record: its
/// `detail.rounds[round].scores`.
pub fn round_scores(record: &spielstand_core::GameRecord, round: usize) -> &std::collections::BTreeMap<String, i32> {
    let spielstand_core::Outcome::Rangeln(detail) = &record.outcome else { panic!("not Rangeln: {record:?}") };
    let spielstand_core::rangeln::RoundInput::Scores(scores) = &detail.rounds[round] else {
        panic!("round {round} is not bare scores: {record:?}")
    };
    scores
}

/// A Mensch result body: `order` as "Anna,Ben,Cleo=Dora".
/// A partner game of Mensch ärgere Dich nicht: `teams` as "Anna+Cleo,Ben+Dora", seated
/// with partners opposite, and the order of teams as "Ben+Dora,Anna+Cleo".
pub fn partners(date: &str, teams: &str, order: &str) -> Value {
    let teams: Vec<Vec<&str>> = teams.split(',').map(|t| t.split('+').collect()).collect();
    let longest = teams.iter().map(Vec::len).max().unwrap_or(0);
    let seated: Vec<&str> = (0..longest).flat_map(|i| teams.iter().filter_map(move |t| t.get(i).copied())).collect();
    let players: Vec<Value> = seated.iter().enumerate().map(|(i, p)| json!({"player": p, "seat": i + 1})).collect();
    let order: Vec<Vec<&str>> = order.split(',').map(|g| g.split(['+', '=']).collect()).collect();
    json!({"played_on": date, "players": players, "game": "mensch-aergere-dich-nicht", "detail": {"order": order, "teams": teams}})
}

pub fn mensch(date: &str, order: &str) -> Value {
    let groups: Vec<Vec<&str>> = order.split(',').map(|g| g.split('=').collect()).collect();
    let players: Vec<Value> =
        groups.iter().flatten().enumerate().map(|(i, p)| json!({"player": p, "seat": i + 1})).collect();
    json!({"played_on": date, "players": players, "game": "mensch-aergere-dich-nicht", "detail": {"order": groups}})
}

/// A Rangeln result from bare round scores, one row per round.
pub fn rangeln(date: &str, players: &[&str], rounds: &[&[i32]]) -> Value {
    let seated: Vec<Value> = players.iter().enumerate().map(|(i, p)| json!({"player": p, "seat": i + 1})).collect();
    let rounds: Vec<Value> = rounds
        .iter()
        .map(|scores| json!({"scores": players.iter().zip(scores.iter()).map(|(p, s)| (p.to_string(), json!(s))).collect::<serde_json::Map<_, _>>()}))
        .collect();
    json!({"played_on": date, "players": seated, "game": "rangeln", "detail": {"rounds": rounds}})
}

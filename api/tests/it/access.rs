//! Every operation of the route table, tried with every kind of token against league 1
//! and league 2, and the answer held to what the document declares (the operation's
//! `security` scope) and to the league limit: an operation added later is tried too, and
//! cannot escape the check.

use crate::common::{TestDb, mensch, start};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_wire::TokenScope;
use spielstand_wire::{AuditPage, Event, NewWebhook, Problem, StoredResult};

/// The kinds of caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caller {
    NoToken,
    WrongToken,
    Revoked,
    Record,
    RecordOfLeague1,
    AdminOfLeague1,
    Admin,
    /// A member's night pass at league 1's night.
    PassOfNight1,
    /// A hare's code of league 1's postal game.
    HareOfGame1,
}

const CALLERS: [Caller; 9] = [
    Caller::NoToken,
    Caller::WrongToken,
    Caller::Revoked,
    Caller::Record,
    Caller::RecordOfLeague1,
    Caller::AdminOfLeague1,
    Caller::Admin,
    Caller::PassOfNight1,
    Caller::HareOfGame1,
];

impl Caller {
    fn scope(self) -> Option<TokenScope> {
        match self {
            Caller::Record | Caller::RecordOfLeague1 | Caller::Revoked => Some(TokenScope::Record),
            Caller::AdminOfLeague1 | Caller::Admin => Some(TokenScope::Admin),
            _ => None,
        }
    }

    fn limited(self) -> bool {
        matches!(self, Caller::RecordOfLeague1 | Caller::AdminOfLeague1)
    }
}

/// What an operation is tried on: a league's things, or nothing in particular.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    League(usize),
    /// No league in the path.
    Unbound,
}

/// The operations whose path names no league, and whether a token limited to one league
/// may call them: the project's decisions (docs/security.md), one line each, so that a new
/// such operation fails here until it is decided.
const UNBOUND: &[(&str, bool)] = &[
    ("check_token", true),
    ("create_player", true),
    ("rename_player", false),
    ("merge_player", false),
    ("unmerge_player", false),
    ("create_league", false),
    ("list_audit", true),
];

/// The things of one league the paths name.
#[derive(Debug, Clone, Copy)]
struct Things {
    league: i64,
    event: i64,
    webhook: i64,
    result: i64,
    postal_game: i64,
}

/// `path` with its parameters filled for `target`; `None` when the path names nothing
/// of a league (then it is tried once, unbound).
fn fill(path: &str, target: Target, leagues: &[Things; 2], player: i64) -> String {
    let Target::League(i) = target else { return path.replace("{id}", &player.to_string()) };
    let t = leagues[i];
    let id = if path.contains("/leagues/{id}") {
        t.league
    } else if path.contains("/events/{id}") || path.contains("/nights/{id}") {
        t.event
    } else if path.contains("/webhooks/{id}") {
        t.webhook
    } else if path.contains("/results/{id}") {
        t.result
    } else if path.contains("/postal-games/{id}") {
        t.postal_game
    } else {
        player
    };
    path.replace("{id}", &id.to_string()).replace("{player_id}", &player.to_string())
}

/// Does `path` name a thing of a league?
fn league_bound(path: &str) -> bool {
    ["/leagues/{id}", "/events/{id}", "/nights/{id}", "/webhooks/{id}", "/results/{id}", "/postal-games/{id}"]
        .iter()
        .any(|p| path.contains(p))
}

/// Every (method, path, operation id, scope the document declares) of the route table.
fn operations() -> Vec<(Method, String, String, Option<TokenScope>)> {
    let doc = serde_json::to_value(spielstand_api::http::openapi()).unwrap();
    let mut found = Vec::new();
    let mut passes = PASSES.lock().unwrap();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else { continue };
            let Some(id) = op["operationId"].as_str() else { continue };
            // `security: [{"bearer": ["admin"]}]` needs that scope; an alternative without
            // a token (`{}`) or none at all: anyone.
            let alternatives = op["security"].as_array().cloned().unwrap_or_default();
            let anyone =
                alternatives.is_empty() || alternatives.iter().any(|a| a.as_object().is_some_and(|o| o.is_empty()));
            let pass = alternatives.iter().any(|a| a.get("pass").is_some());
            passes.insert(id.to_owned(), pass);
            let hare = alternatives.iter().any(|a| a.get("hare").is_some());
            HARES.lock().unwrap().insert(id.to_owned(), hare);
            let scope = if anyone {
                None
            } else {
                let scopes = alternatives[0]["bearer"].as_array().cloned().unwrap_or_default();
                Some(match scopes.first().and_then(Value::as_str) {
                    Some("admin") => TokenScope::Admin,
                    Some("record") => TokenScope::Record,
                    other => panic!("{id}: a token without a declared scope ({other:?})"),
                })
            };
            found.push((method, path.clone(), id.to_owned(), scope));
        }
    }
    found
}

/// The pages that sign an organiser in with what their form sends.
const SIGNS_IN: [&str; 2] = ["sign_in", "sign_in_code"];

/// The operations a night pass may call (the document's `pass` alternative), as read by
/// `operations()`.
static PASSES: std::sync::Mutex<std::collections::BTreeMap<String, bool>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// The operations a hare's code may call (the document's `hare` alternative).
static HARES: std::sync::Mutex<std::collections::BTreeMap<String, bool>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// The answer `caller` must get: `Ok(())` for "let through" (anything but 401 and 403),
/// else the status and problem type.
fn expected(caller: Caller, scope: Option<TokenScope>, id: &str, target: Target) -> Result<(), (u16, &'static str)> {
    let Some(needed) = scope else { return Ok(()) };
    let refused = Err((403, "insufficient-scope"));
    match caller {
        Caller::NoToken | Caller::WrongToken => return Err((401, "unauthorized")),
        Caller::Revoked => return Err((403, "token-revoked")),
        // A pass acts at its own night: league 1's results (the store checks the table)
        // and that night; never on a result of no night, never elsewhere.
        Caller::PassOfNight1 => {
            let may = PASSES.lock().unwrap().get(id).copied().unwrap_or(false);
            return match (may, target) {
                // League 1's results and its night; a result of no night is no result of
                // the pass's night.
                (true, Target::League(0)) if ["record_result", "member_enter"].contains(&id) => Ok(()),
                // Anna's pass sends Anna's orders in league 1's postal game.
                (true, Target::League(0)) if id == "send_postal_orders" => Ok(()),
                _ => refused,
            };
        }
        // A hare's code sends its orders in its own game, and nothing else.
        Caller::HareOfGame1 => {
            let may = HARES.lock().unwrap().get(id).copied().unwrap_or(false);
            return if may && target == Target::League(0) { Ok(()) } else { refused };
        }
        _ => {}
    }
    if needed == TokenScope::Admin && caller.scope() != Some(TokenScope::Admin) {
        return refused;
    }
    // A record token closes only the nights it started; these were started by the admin.
    if ["close_event", "organiser_close"].contains(&id) && caller.scope() != Some(TokenScope::Admin) {
        return refused;
    }
    if !caller.limited() {
        return Ok(());
    }
    match target {
        Target::League(0) => Ok(()),
        Target::League(_) => refused,
        Target::Unbound => {
            let (_, may) = UNBOUND.iter().find(|(op, _)| *op == id).unwrap_or_else(|| {
                panic!("{id} names no league: decide in UNBOUND whether a token of one league may call it")
            });
            if *may { Ok(()) } else { refused }
        }
    }
}

async fn every_operation_with_every_token(db: fn() -> TestDb) {
    let operations = operations();
    assert!(operations.len() > 40, "the route table: {}", operations.len());
    for caller in CALLERS {
        let api = start(db()).await;
        let pool = spielstand_api::db::open(&api.url, 1).unwrap();
        let mut conn = pool.get().unwrap();
        api.add_players(&["Anna", "Ben"]).await;
        let mut things = Vec::new();
        let mut leagues_made = Vec::new();
        for name in ["Liga Eins", "Liga Zwei"] {
            leagues_made.push(
                api.add_league(
                    json!({"name": name, "rules": {"games": ["mensch-aergere-dich-nicht", "hase-und-igel"]}}),
                )
                .await,
            );
        }
        let mut token = match caller {
            Caller::NoToken => None,
            Caller::WrongToken => Some("not-a-token".to_owned()),
            Caller::Revoked => {
                let token = tokens::create(&mut conn, "revoked", TokenScope::Record, None).unwrap();
                tokens::revoke(&mut conn, "revoked").unwrap();
                Some(token)
            }
            Caller::Record => Some(tokens::create(&mut conn, "record", TokenScope::Record, None).unwrap()),
            Caller::Admin => Some(tokens::create(&mut conn, "admin", TokenScope::Admin, None).unwrap()),
            Caller::RecordOfLeague1 => {
                Some(tokens::create(&mut conn, "record-1", TokenScope::Record, Some(leagues_made[0])).unwrap())
            }
            Caller::AdminOfLeague1 => {
                Some(tokens::create(&mut conn, "admin-1", TokenScope::Admin, Some(leagues_made[0])).unwrap())
            }
            // Made below, once league 1 has its night, or its postal game.
            Caller::PassOfNight1 | Caller::HareOfGame1 => None,
        };
        for league in leagues_made {
            // The result is recorded by the caller where it may record, so that a record
            // token corrects its own; elsewhere by the club's admin.
            let body = mensch("2026-11-20", "Anna,Ben");
            let path = format!("/api/v1/leagues/{league}/results");
            let mut recorded = None;
            if let Some(token) = token.as_ref().filter(|_| caller.scope().is_some() && caller != Caller::Revoked) {
                let r = api.send(with_token(TestRequest::post().uri(&path).set_json(&body), Some(token))).await;
                recorded = (r.status == StatusCode::CREATED).then(|| r.body::<StoredResult>().id);
            }
            let result = match recorded {
                Some(id) => id,
                None => api.post(&path, &body).await.body::<StoredResult>().id,
            };
            let event = api
                .post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "Abend", "date": "2026-11-20"}))
                .await
                .body::<Event>()
                .id;
            let webhook = api
                .post(&format!("/api/v1/leagues/{league}/webhooks"), &json!({"url": "http://127.0.0.1:9/hook"}))
                .await;
            assert_eq!(webhook.status, StatusCode::CREATED, "{:?}", webhook.json());
            let first_deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
            let postal = api
                .post(
                    &format!("/api/v1/leagues/{league}/postal-games"),
                    &json!({"title": "Post", "players": ["Anna", "Ben"], "round_limit": 5,
                            "first_deadline": first_deadline, "round_days": 7}),
                )
                .await;
            assert_eq!(postal.status, StatusCode::CREATED, "{:?}", postal.json());
            let postal: spielstand_wire::PostalGameCreated = postal.body();
            if caller == Caller::HareOfGame1 && things.is_empty() {
                token = Some(postal.codes[0].code.clone());
            }
            things.push(Things {
                league,
                event,
                webhook: webhook.body::<NewWebhook>().webhook.id,
                result,
                postal_game: postal.game.id,
            });
        }
        let leagues = [things[0], things[1]];
        assert_eq!(leagues[0].league, 1, "the limited tokens are of league 1");
        if caller == Caller::PassOfNight1 {
            token = Some(night_pass(&api, leagues[0].event).await);
        }
        for (method, path, id, scope) in &operations {
            let targets: &[Target] =
                if league_bound(path) { &[Target::League(1), Target::League(0)] } else { &[Target::Unbound] };
            for &target in targets {
                let plain = fill(path, target, &leagues, 1);
                for spelling in SPELLINGS {
                    let uri = spelling.spell(&plain);
                    // As the server's own pages send it: the pages' forms refuse other sites
                    // (tried in `probes.rs`).
                    let mut req = TestRequest::default()
                        .method(method.clone())
                        .uri(&uri)
                        .insert_header(("sec-fetch-site", "same-origin"));
                    if [Method::POST, Method::PUT, Method::PATCH].contains(method) {
                        req = req.set_json(json!({}));
                    }
                    if plain.contains("/results/") && [Method::PUT, Method::DELETE].contains(method) {
                        req = req.insert_header(("if-match", "\"1\""));
                    }
                    let r = api.send(with_token(req, token.as_deref())).await;
                    let status = r.status.as_u16();
                    let context = format!(
                        "{caller:?} {method} {uri} ({id}, {spelling:?}): {status} {}",
                        String::from_utf8_lossy(&r.body)
                    );
                    let kind = || r.body::<Problem>().kind;
                    match (spelling.routes(&plain), expected(caller, *scope, id, target)) {
                        // Spelt as actix routes the plain path: the plain path's rule.
                        // Signing in checks the token (or code) the form sends, not the
                        // caller's: a wrong one is its own 401.
                        (Routes::AsPlain, Ok(())) if SIGNS_IN.contains(&id.as_str()) => {
                            assert_ne!(status, 403, "{context}")
                        }
                        (Routes::AsPlain, Ok(())) => assert!(!matches!(status, 401 | 403), "{context}"),
                        (Routes::AsPlain, Err((want, want_kind))) => {
                            assert_eq!(status, want, "{context}");
                            assert_eq!(kind(), format!("/problems/{want_kind}"), "{context}");
                        }
                        // No route: 404 before any handler or check runs.
                        (Routes::Nowhere, _) => {
                            assert_eq!(status, 404, "{context}");
                            assert_eq!(kind(), "/problems/no-route", "{context}");
                        }
                        // A parameter that is no id: the rule's refusal where it refuses,
                        // else the path's 400; never the handler.
                        (Routes::BadParameter, Err((want, want_kind))) if status == want => {
                            assert_eq!(kind(), format!("/problems/{want_kind}"), "{context}")
                        }
                        (Routes::BadParameter, _) => {
                            assert_eq!(status, 400, "{context}");
                            assert_eq!(kind(), "/problems/invalid-path", "{context}");
                        }
                        // An encoded slash joins two segments into one: the path of
                        // another route, answered under that route's rule (a parameter
                        // that is no id: 400; no such method there: 405), or of none.
                        (Routes::Elsewhere, _) => {
                            assert!((400..500).contains(&status), "{context}");
                            let kind = kind();
                            assert!(
                                [
                                    "/problems/invalid-path",
                                    "/problems/no-route",
                                    "/problems/method-not-allowed",
                                    "/problems/unauthorized",
                                    "/problems/insufficient-scope",
                                    "/problems/token-revoked",
                                    "/problems/not-found",
                                ]
                                .contains(&kind.as_str()),
                                "{context}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The spellings of a path every operation is tried in (docs/security.md: "One route, one
/// rule").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spelling {
    Plain,
    /// The first letter of every segment percent-encoded, lower-case hex: `/%61pi/%76%31/...`.
    FirstLetterEncoded,
    /// Every unreserved character but the slashes percent-encoded, upper-case hex.
    AllEncoded,
    /// `//` before the last segment.
    DoubledSlash,
    /// `/./` before the last segment.
    DotSegment,
    /// `/x/../` before the last segment.
    DotDotSegment,
    /// A `;` parameter on the first segment: `/api;x=1/v1/...`.
    Parameter,
    /// A `;` parameter on the id: `/leagues/2;x=1/webhooks`.
    ParameterOnId,
    TrailingSlash,
    /// The slash before the last segment percent-encoded: `/leagues/2%2Fwebhooks`. It
    /// separates no segments: the path is another route's (with a parameter that is no
    /// id) or none.
    EncodedSlash,
}

const SPELLINGS: [Spelling; 10] = [
    Spelling::Plain,
    Spelling::FirstLetterEncoded,
    Spelling::AllEncoded,
    Spelling::DoubledSlash,
    Spelling::DotSegment,
    Spelling::DotDotSegment,
    Spelling::Parameter,
    Spelling::ParameterOnId,
    Spelling::TrailingSlash,
    Spelling::EncodedSlash,
];

/// Where a spelling of a path goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Routes {
    /// Where the plain path goes, under its rule.
    AsPlain,
    /// Nowhere: 404.
    Nowhere,
    /// To the plain path's route, with a parameter that is not an id.
    BadParameter,
    /// To another route than the plain path's, or none: never a success.
    Elsewhere,
}

fn encode(c: char, upper: bool) -> String {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf).bytes().map(|b| if upper { format!("%{b:02X}") } else { format!("%{b:02x}") }).collect()
}

impl Spelling {
    fn spell(self, plain: &str) -> String {
        let (head, last) = plain.rsplit_once('/').expect("a path");
        match self {
            Spelling::Plain => plain.to_owned(),
            Spelling::FirstLetterEncoded => plain
                .split('/')
                .map(|segment| match segment.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
                    Some((i, c)) => format!("{}{}{}", &segment[..i], encode(c, false), &segment[i + 1..]),
                    None => segment.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("/"),
            Spelling::AllEncoded => {
                plain.chars().map(|c| if c == '/' { "/".to_owned() } else { encode(c, true) }).collect()
            }
            Spelling::DoubledSlash => format!("{head}//{last}"),
            Spelling::DotSegment => format!("{head}/./{last}"),
            Spelling::DotDotSegment => format!("{head}/x/../{last}"),
            Spelling::Parameter => {
                let rest = plain.strip_prefix('/').expect("absolute");
                let (first, rest) = rest.split_once('/').unwrap_or((rest, ""));
                if rest.is_empty() { format!("/{first};x=1") } else { format!("/{first};x=1/{rest}") }
            }
            Spelling::ParameterOnId => {
                let mut segments: Vec<String> = plain.split('/').map(str::to_owned).collect();
                if let Some(id) = segments.iter_mut().find(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())) {
                    id.push_str(";x=1");
                }
                segments.join("/")
            }
            Spelling::TrailingSlash => format!("{plain}/"),
            Spelling::EncodedSlash => format!("{}%2F{last}", if head.is_empty() { "/" } else { head }),
        }
    }

    /// Where `self` of `plain` goes.
    fn routes(self, plain: &str) -> Routes {
        match self {
            Spelling::Plain | Spelling::FirstLetterEncoded | Spelling::AllEncoded => Routes::AsPlain,
            Spelling::ParameterOnId if self.spell(plain) == plain => Routes::AsPlain,
            Spelling::ParameterOnId => Routes::BadParameter,
            Spelling::EncodedSlash => Routes::Elsewhere,
            _ => Routes::Nowhere,
        }
    }
}

/// A night pass of Anna at night `event`, made as a member gets one.
async fn night_pass<S, B>(api: &crate::common::TestApi<S>, event: i64) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let code: spielstand_wire::JoinCode =
        api.post(&format!("/api/v1/events/{event}/join-codes"), &json!({})).await.body();
    let r =
        api.send(TestRequest::post().uri("/api/v1/join").set_json(json!({"code": code.code, "player": "Anna"}))).await;
    r.body::<spielstand_wire::NightPass>().pass
}

fn with_token(req: TestRequest, token: Option<&str>) -> TestRequest {
    match token {
        Some(token) => req.insert_header(("authorization", format!("Bearer {token}"))),
        None => req,
    }
}

#[actix_web::test]
async fn every_operation_with_every_token_sqlite() {
    every_operation_with_every_token(TestDb::sqlite).await;
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
async fn every_operation_with_every_token_postgres() {
    every_operation_with_every_token(TestDb::postgres).await;
}

api_test!(a_token_of_one_league_reads_that_league_s_audit_only, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let first = api.add_league(json!({"name": "Liga Eins", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let second = api.add_league(json!({"name": "Liga Zwei", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    api.add_players(&["Anna", "Ben"]).await;
    for league in [first, second] {
        let r = api.post(&format!("/api/v1/leagues/{league}/results"), &mensch("2026-11-20", "Anna,Ben")).await;
        assert_eq!(r.status, StatusCode::CREATED);
    }
    let token = tokens::create(&mut pool.get().unwrap(), "admin-1", TokenScope::Admin, Some(first)).unwrap();
    let read = |query: &str| with_token(TestRequest::get().uri(&format!("/api/v1/audit{query}")), Some(&token));
    let answer = api.send(read("")).await;
    let all: AuditPage = answer.body();
    let entries = &all.items;
    assert!(!entries.is_empty());
    assert!(entries.iter().all(|e| e.league_id == Some(first)), "{}", answer.json());
    assert_eq!(api.send(read(&format!("?league_id={first}"))).await.body::<AuditPage>().total, all.total);
    let detail = api.send(read(&format!("?league_id={second}"))).await.problem(403, "insufficient-scope");
    assert!(detail.contains(&format!("league {first} only")), "{detail}");
    // The club's admin reads every league's entries.
    let everything = api.get_with_token("/api/v1/audit").await;
    assert!(everything.body::<AuditPage>().total > all.total, "{}", everything.json());
});

/// What the spy around the application saw of one request: the rule the access check
/// held it to, if the check ran.
type Seen = std::rc::Rc<std::cell::RefCell<Option<Option<&'static str>>>>;

/// Any spelling of any operation's path, by any caller: a request that reaches further
/// than the access check was held to the rule of the operation actix routed it to, and a
/// caller that rule refuses never gets further than the check. The spy sits outside the
/// whole application and reads the mark the check leaves (`access::Checked`).
#[test]
fn any_request_past_the_check_passed_its_operation_s_rule() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let operations = operations();
    let mut runner = TestRunner::new(Config { cases: 12, failure_persistence: None, ..Config::default() });
    // (operation, caller, target, characters to encode, upper-case hex, a structural fault)
    let request = (
        0..operations.len(),
        0..CALLERS.len(),
        0..2usize,
        prop::collection::vec(any::<bool>(), 64),
        any::<bool>(),
        0..12usize,
    );
    runner
        .run(&prop::collection::vec(request, 40), |requests| {
            actix_web::rt::System::new().block_on(walk(&operations, requests));
            Ok(())
        })
        .unwrap();
}

async fn walk(
    operations: &[(Method, String, String, Option<TokenScope>)],
    requests: Vec<(usize, usize, usize, Vec<bool>, bool, usize)>,
) {
    use actix_web::dev::Service;
    use actix_web::middleware::from_fn;
    use spielstand_api::http::access::Checked;
    let db = crate::common::TestDb::sqlite();
    let pool = spielstand_api::db::open(&db.url, 2).unwrap();
    let mut conn = pool.get().unwrap();
    let admin = tokens::create(&mut conn, "admin", TokenScope::Admin, None).unwrap();
    let options = spielstand_api::Options { egress: crate::common::local_receivers(), ..Default::default() };
    let state = spielstand_api::AppState::with_options(pool.clone(), &db.url, options);
    let seen: Seen = Default::default();
    let spy = seen.clone();
    let app = actix_web::test::init_service(spielstand_api::app(state).wrap(from_fn(
        move |req: actix_web::dev::ServiceRequest, next: actix_web::middleware::Next<_>| {
            let spy = spy.clone();
            async move {
                let res = next.call(req).await?;
                let checked = actix_web::HttpMessage::extensions(res.request()).get::<Checked>().map(|c| c.0.operation);
                *spy.borrow_mut() = Some(checked);
                Ok::<_, actix_web::Error>(res)
            }
        },
    )))
    .await;
    let send = |req: TestRequest| app.call(req.to_request());
    let with = |req: TestRequest, token: &str| req.insert_header(("authorization", format!("Bearer {token}")));
    for name in ["Anna", "Ben"] {
        send(with(TestRequest::post().uri("/api/v1/players").set_json(json!({"name": name})), &admin)).await.unwrap();
    }
    let mut things = Vec::new();
    let mut hare_codes = Vec::new();
    for name in ["Liga Eins", "Liga Zwei"] {
        let body = json!({"name": name, "rules": {"games": ["mensch-aergere-dich-nicht", "hase-und-igel"]}});
        let league: spielstand_wire::League = actix_web::test::read_body_json(
            send(with(TestRequest::post().uri("/api/v1/leagues").set_json(body), &admin)).await.unwrap(),
        )
        .await;
        let path = format!("/api/v1/leagues/{}/results", league.id);
        let result: StoredResult = actix_web::test::read_body_json(
            send(with(TestRequest::post().uri(&path).set_json(mensch("2026-11-20", "Anna,Ben")), &admin))
                .await
                .unwrap(),
        )
        .await;
        let path = format!("/api/v1/leagues/{}/events", league.id);
        let event: Event = actix_web::test::read_body_json(
            send(with(
                TestRequest::post().uri(&path).set_json(json!({"title": "Abend", "date": "2026-11-20"})),
                &admin,
            ))
            .await
            .unwrap(),
        )
        .await;
        let path = format!("/api/v1/leagues/{}/webhooks", league.id);
        let webhook: NewWebhook = actix_web::test::read_body_json(
            send(with(TestRequest::post().uri(&path).set_json(json!({"url": "http://127.0.0.1:9/hook"})), &admin))
                .await
                .unwrap(),
        )
        .await;
        let path = format!("/api/v1/leagues/{}/postal-games", league.id);
        let first_deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
        let body = json!({"title": "Post", "players": ["Anna", "Ben"], "round_limit": 5,
                          "first_deadline": first_deadline, "round_days": 7});
        let postal: spielstand_wire::PostalGameCreated = actix_web::test::read_body_json(
            send(with(TestRequest::post().uri(&path).set_json(body), &admin)).await.unwrap(),
        )
        .await;
        hare_codes.push(postal.codes[0].code.clone());
        things.push(Things {
            league: league.id,
            event: event.id,
            webhook: webhook.webhook.id,
            result: result.id,
            postal_game: postal.game.id,
        });
    }
    let leagues = [things[0], things[1]];
    let revoked = tokens::create(&mut conn, "revoked", TokenScope::Record, None).unwrap();
    tokens::revoke(&mut conn, "revoked").unwrap();
    // A pass of league 1's night, as a member gets one.
    let code: spielstand_wire::JoinCode = actix_web::test::read_body_json(
        send(with(
            TestRequest::post().uri(&format!("/api/v1/events/{}/join-codes", leagues[0].event)).set_json(json!({})),
            &admin,
        ))
        .await
        .unwrap(),
    )
    .await;
    let joined: spielstand_wire::NightPass = actix_web::test::read_body_json(
        send(TestRequest::post().uri("/api/v1/join").set_json(json!({"code": code.code, "player": "Anna"})))
            .await
            .unwrap(),
    )
    .await;
    let night_pass = joined.pass;
    let token_of = |caller: Caller| -> Option<String> {
        let mut conn = pool.get().unwrap();
        let name = format!("{caller:?}-{}", uuid_like());
        match caller {
            Caller::NoToken => None,
            Caller::WrongToken => Some("not-a-token".to_owned()),
            Caller::Revoked => Some(revoked.clone()),
            Caller::Record => Some(tokens::create(&mut conn, &name, TokenScope::Record, None).unwrap()),
            Caller::Admin => Some(admin.clone()),
            Caller::RecordOfLeague1 => Some(tokens::create(&mut conn, &name, TokenScope::Record, Some(1)).unwrap()),
            Caller::AdminOfLeague1 => Some(tokens::create(&mut conn, &name, TokenScope::Admin, Some(1)).unwrap()),
            Caller::PassOfNight1 => Some(night_pass.clone()),
            Caller::HareOfGame1 => Some(hare_codes[0].clone()),
        }
    };
    for (op, caller, target, encode_mask, upper, fault) in requests {
        let (method, path, id, scope) = &operations[op];
        let caller = CALLERS[caller];
        let target = if league_bound(path) { Target::League(target) } else { Target::Unbound };
        let plain = fill(path, target, &leagues, 1);
        // One structural fault in about half the requests: no route (or a bad id).
        let faults = [
            Spelling::DoubledSlash,
            Spelling::DotSegment,
            Spelling::DotDotSegment,
            Spelling::Parameter,
            Spelling::ParameterOnId,
            Spelling::TrailingSlash,
        ];
        let faulty = faults.get(fault).copied().filter(|f| f.spell(&plain) != plain);
        let spelt = faulty.map_or(plain.clone(), |f| f.spell(&plain));
        // Then characters percent-encoded at random: actix decodes them before it routes.
        let uri: String = spelt
            .chars()
            .enumerate()
            .map(|(i, c)| if c != '/' && encode_mask[i % encode_mask.len()] { encode(c, upper) } else { c.to_string() })
            .collect();
        let mut req = TestRequest::default().method(method.clone()).uri(&uri);
        if [Method::POST, Method::PUT, Method::PATCH].contains(method) {
            req = req.set_json(json!({}));
        }
        if let Some(token) = token_of(caller) {
            req = with(req, &token);
        }
        *seen.borrow_mut() = None;
        let res = send(req).await.unwrap();
        let status = res.status().as_u16();
        // A live stream's body never ends: its status is the answer.
        drop(res);
        let checked = seen.borrow_mut().take().expect("the spy saw the request");
        let context = format!("{caller:?} {method} {uri} ({id}): {status}, checked as {checked:?}");
        // The check ran for no other operation than the one actix routed to.
        if let Some(operation) = checked {
            assert_eq!(operation, id, "{context}");
        }
        let refused_by_rule = expected(caller, *scope, id, target).is_err();
        let stopped_before_handler = matches!(status, 401 | 403 | 404 | 405 | 400);
        // A thing an earlier request deleted belongs to no league any more: the check lets
        // it through to the handler's 404, as for anyone.
        let gone = status == 404 && checked.is_some();
        if refused_by_rule && !gone {
            assert!(stopped_before_handler && checked.is_none(), "{context}");
        }
        if !stopped_before_handler {
            assert_eq!(checked, Some(id.as_str()), "{context}");
        }
        if faulty.is_some() {
            assert!(matches!(status, 400 | 401 | 403 | 404), "{context}");
        }
    }
}

/// A name no other token of the test has.
fn uuid_like() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The request line as written on the wire, to a real server on 127.0.0.1: no client
/// library between the test and the server tidies the path (dot segments, encodings).
fn raw(base: &str, method: &str, target: &str, token: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let address = base.strip_prefix("http://").unwrap();
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

/// The hole this test was written for: a record token of league 1 created a webhook in
/// league 2 (its secret returned) by spelling `webhooks` as `%77ebhooks`. On the real
/// binary, over a real socket: every spelling is refused and nothing is created.
fn encoded_paths_meet_the_same_rule(db: crate::common::TestDb) {
    use crate::common::process::{BIN, Server, token};
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (_, _) = server.post("/leagues", &admin, &json!({"name": "Eins", "rules": {"games": ["rangeln"]}}));
    let (_, _) = server.post("/leagues", &admin, &json!({"name": "Zwei", "rules": {"games": ["rangeln"]}}));
    let out = std::process::Command::new(BIN)
        .args([
            "--database-url",
            &db.url.expose(),
            "token",
            "create",
            "--name",
            "tisch",
            "--scope",
            "record",
            "--league",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let limited = String::from_utf8(out.stdout).unwrap().lines().last().unwrap().to_owned();
    let hook = r#"{"url": "http://127.0.0.1:9/hook"}"#;
    for target in [
        "/api/v1/leagues/2/webhooks",
        "/api/v1/leagues/2/%77ebhooks",
        "/api/v1/leagues/2/%77%65%62%68%6F%6F%6B%73",
        "/api/%76%31/leagues/%32/webhooks",
        "/api/v1/%6ceagues/2/webhooks",
    ] {
        let (status, answer) = raw(&server.base, "POST", target, &limited, hook);
        assert_eq!(status, 403, "{target}: {answer}");
        assert!(answer.contains("insufficient-scope"), "{target}: {answer}");
    }
    for target in [
        "/api/v1/leagues/2/./webhooks",
        "/api/v1/leagues/2/x/../webhooks",
        "/api/v1/leagues/2//webhooks",
        "/api/v1/leagues/2/webhooks/",
        "/api/v1/leagues/2/webhooks;x=1",
    ] {
        let (status, answer) = raw(&server.base, "POST", target, &limited, hook);
        assert_eq!(status, 404, "{target}: {answer}");
        assert!(answer.contains("no-route"), "{target}: {answer}");
    }
    for target in ["/api/v1/%6ceagues", "/api/%76%31/leagues"] {
        let (status, answer) = raw(&server.base, "POST", target, &limited, r#"{"name": "Drei"}"#);
        assert_eq!(status, 403, "{target}: {answer}");
    }
    let (status, answer) = raw(&server.base, "POST", "/api/%76%31/players/2/unmerge", &limited, "{}");
    assert_eq!(status, 403, "{answer}");
    // League 2 has no webhook, and no third league exists.
    let listed: Vec<spielstand_wire::Webhook> = server.get_as("/leagues/2/webhooks", &admin);
    assert!(listed.is_empty(), "{listed:?}");
    let leagues: Vec<spielstand_wire::League> = server.get_as("/leagues", &admin);
    assert_eq!(leagues.len(), 2);
    // The same spellings by a token that may: created, as by the plain path.
    let (status, answer) = raw(&server.base, "POST", "/api/v1/leagues/1/%77ebhooks", &limited, hook);
    assert_eq!(status, 403, "a record token manages no webhooks: {answer}");
    let (status, answer) = raw(&server.base, "POST", "/api/v1/leagues/2/%77ebhooks", &admin, hook);
    assert_eq!(status, 201, "{answer}");
    // The documentation keeps its frame and content policies however it is spelt.
    for target in ["/docs/", "/%64ocs/", "/d%6Fcs/index.html"] {
        let (status, answer) = raw(&server.base, "GET", target, &admin, "");
        assert_eq!(status, 200, "{target}: {answer}");
        let head = answer.to_ascii_lowercase();
        assert!(head.contains("x-frame-options: deny"), "{target}: {answer}");
        assert!(head.contains("content-security-policy: default-src 'none'"), "{target}: {answer}");
    }
}

#[test]
fn encoded_paths_meet_the_same_rule_sqlite() {
    encoded_paths_meet_the_same_rule(crate::common::TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn encoded_paths_meet_the_same_rule_postgres() {
    encoded_paths_meet_the_same_rule(crate::common::TestDb::postgres());
}

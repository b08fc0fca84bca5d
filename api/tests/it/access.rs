//! Every operation of the route table, tried with every kind of token against league 1
//! and league 2, and the answer held to what the document declares (the operation's
//! `security` scope) and to the league limit: an operation added later is tried too, and
//! cannot escape the check.

use crate::common::{TestDb, mensch, start};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::model::TokenScope;
use spielstand_api::store::tokens;
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
}

const CALLERS: [Caller; 7] = [
    Caller::NoToken,
    Caller::WrongToken,
    Caller::Revoked,
    Caller::Record,
    Caller::RecordOfLeague1,
    Caller::AdminOfLeague1,
    Caller::Admin,
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
/// may call them: the project's decisions (README, Security), one line each, so that a new
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
}

/// `path` with its parameters filled for `target`; `None` when the path names nothing
/// of a league (then it is tried once, unbound).
fn fill(path: &str, target: Target, leagues: &[Things; 2], player: i64) -> String {
    let Target::League(i) = target else { return path.replace("{id}", &player.to_string()) };
    let t = leagues[i];
    let id = if path.contains("/leagues/{id}") {
        t.league
    } else if path.contains("/events/{id}") {
        t.event
    } else if path.contains("/webhooks/{id}") {
        t.webhook
    } else if path.contains("/results/{id}") {
        t.result
    } else {
        player
    };
    path.replace("{id}", &id.to_string()).replace("{player_id}", &player.to_string())
}

/// Does `path` name a thing of a league?
fn league_bound(path: &str) -> bool {
    ["/leagues/{id}", "/events/{id}", "/webhooks/{id}", "/results/{id}"].iter().any(|p| path.contains(p))
}

/// Every (method, path, operation id, scope the document declares) of the route table.
fn operations() -> Vec<(Method, String, String, Option<TokenScope>)> {
    let doc = serde_json::to_value(spielstand_api::http::openapi()).unwrap();
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else { continue };
            let Some(id) = op["operationId"].as_str() else { continue };
            // `security: [{"bearer": ["admin"]}]` needs that scope; an alternative without
            // a token (`{}`) or none at all: anyone.
            let alternatives = op["security"].as_array().cloned().unwrap_or_default();
            let anyone =
                alternatives.is_empty() || alternatives.iter().any(|a| a.as_object().is_some_and(|o| o.is_empty()));
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

/// The answer `caller` must get: `Ok(())` for "let through" (anything but 401 and 403),
/// else the status and problem type.
fn expected(caller: Caller, scope: Option<TokenScope>, id: &str, target: Target) -> Result<(), (u16, &'static str)> {
    let Some(needed) = scope else { return Ok(()) };
    let refused = Err((403, "insufficient-scope"));
    match caller {
        Caller::NoToken | Caller::WrongToken => return Err((401, "unauthorized")),
        Caller::Revoked => return Err((403, "token-revoked")),
        _ => {}
    }
    if needed == TokenScope::Admin && caller.scope() != Some(TokenScope::Admin) {
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
            leagues_made
                .push(api.add_league(json!({"name": name, "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await);
        }
        let token = match caller {
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
            things.push(Things { league, event, webhook: webhook.body::<NewWebhook>().webhook.id, result });
        }
        let leagues = [things[0], things[1]];
        assert_eq!(leagues[0].league, 1, "the limited tokens are of league 1");
        for (method, path, id, scope) in &operations {
            let targets: &[Target] =
                if league_bound(path) { &[Target::League(1), Target::League(0)] } else { &[Target::Unbound] };
            for &target in targets {
                let uri = fill(path, target, &leagues, 1);
                let mut req = TestRequest::default().method(method.clone()).uri(&uri);
                if [Method::POST, Method::PUT, Method::PATCH].contains(method) {
                    req = req.set_json(json!({}));
                }
                if uri.contains("/results/") && [Method::PUT, Method::DELETE].contains(method) {
                    req = req.insert_header(("if-match", "\"1\""));
                }
                let r = api.send(with_token(req, token.as_deref())).await;
                let status = r.status.as_u16();
                let context =
                    format!("{caller:?} {method} {uri} ({id}): {status} {}", String::from_utf8_lossy(&r.body));
                match expected(caller, *scope, id, target) {
                    Ok(()) => assert!(!matches!(status, 401 | 403), "{context}"),
                    Err((want, kind)) => {
                        assert_eq!(status, want, "{context}");
                        assert_eq!(r.body::<Problem>().kind, format!("/problems/{kind}"), "{context}");
                    }
                }
            }
        }
    }
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

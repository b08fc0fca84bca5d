//! The HTTP protocol around every operation: health and the catalogue, the committed
//! document, problems for every protocol error, tokens checked before bodies, failed
//! authentication throttled, write quotas behind a trusted proxy.

use crate::common::mensch;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_api::store::tokens;
use spielstand_core::catalogue::PiecesPerPlayer;
use spielstand_core::{GameInfo, GameKind};
use spielstand_wire::{Health, Player};

api_test!(health_and_the_game_catalogue, |api| {
    let r = api.get("/api/v1/health").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body::<Health>().status, "ok");
    let games: Vec<GameInfo> = api.get("/api/v1/games").await.body();
    let slugs: Vec<GameKind> = games.iter().map(|g| g.slug).collect();
    assert_eq!(
        slugs,
        [
            GameKind::Rangeln,
            GameKind::MenschAergereDichNicht,
            GameKind::Ghostbuster,
            GameKind::LaufRauf,
            GameKind::HaseUndIgel
        ]
    );
    assert_eq!(games[1].name, "Mensch ärgere Dich nicht");
    assert_eq!(games[0].pieces_per_player[0], PiecesPerPlayer { players: 3, pieces: 8 });
});

#[test]
fn openapi_yaml_is_up_to_date() {
    let committed = include_str!("../../../openapi.yaml");
    let generated = spielstand_api::openapi_yaml();
    assert!(
        committed == generated,
        "openapi.yaml differs from the API's document. Regenerate it with:\n    cargo run -p spielstand-api -- openapi > openapi.yaml"
    );
}

/// Free text people read (a night's title and location, a rejection's reason) is
/// documented with the pattern the server checks it by, so that a client (and the contract
/// test) never sends what the schema allows and the server refuses.
#[test]
fn free_text_is_documented_as_the_server_checks_it() {
    let document = serde_json::to_value(spielstand_api::http::openapi()).unwrap();
    let schemas = &document["components"]["schemas"];
    for (schema, field) in [("EventInput", "title"), ("EventInput", "location"), ("RejectInput", "reason")] {
        let pattern = &schemas[schema]["properties"][field]["pattern"];
        assert_eq!(pattern, spielstand_core::names::TEXT_PATTERN, "{schema}.{field}");
    }
}

api_test!(every_protocol_error_is_a_problem, |api| {
    let auth = ("authorization", format!("Bearer {}", api.token));
    let req = |body: &'static str, ct: Option<&'static str>| {
        let mut r = TestRequest::post().uri("/api/v1/players").insert_header(auth.clone()).set_payload(body);
        if let Some(ct) = ct {
            r = r.insert_header(("content-type", ct));
        }
        r
    };
    api.send(req("{\"name\": ", Some("application/json"))).await.problem(400, "malformed-json");
    api.send(req("{\"name\": \"A\"} x", Some("application/json"))).await.problem(400, "malformed-json");
    let d = api.send(req("{\"name\": 5}", Some("application/json"))).await.problem(422, "invalid-body");
    assert!(d.starts_with("name: invalid type: integer `5`"), "{d}");
    let d = api.send(req("{}", Some("application/json; charset=utf-8"))).await.problem(422, "invalid-body");
    assert!(d.contains("missing field `name`"), "{d}");
    api.send(req("name=Anna", Some("application/x-www-form-urlencoded"))).await.problem(415, "unsupported-media-type");
    api.send(req("{\"name\": \"Anna\"}", None)).await.problem(415, "unsupported-media-type");
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(70_000));
    let r = api
        .send(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(auth.clone())
                .insert_header(("content-type", "application/json"))
                .set_payload(big),
        )
        .await;
    r.problem(413, "payload-too-large");

    api.get("/api/v1/nothing-here").await.problem(404, "no-route");
    let landing = api.get("/").await;
    assert_eq!(landing.status.as_u16(), 200, "the start page");
    assert_eq!(landing.header("content-type"), Some("text/html; charset=utf-8"));
    let r = api.send(TestRequest::delete().uri("/api/v1/players")).await;
    r.problem(405, "method-not-allowed");
    assert_eq!(r.header("allow"), Some("GET, POST"));
    let r = api.send(TestRequest::post().uri("/api/v1/results/5")).await;
    r.problem(405, "method-not-allowed");
    assert_eq!(r.header("allow"), Some("GET, PUT, DELETE"));
    assert!(r.header("x-request-id").is_some());
    let d = api
        .send(
            TestRequest::post()
                .uri("/api/v1/leagues/1/results")
                .insert_header(auth.clone())
                .insert_header(("idempotency-key", ""))
                .set_json(mensch("2026-01-01", "A,B")),
        )
        .await
        .problem(400, "invalid-header");
    assert!(d.starts_with("Idempotency-Key"), "{d}");
});

api_test!(writes_need_a_valid_unrevoked_token, |api| {
    let body = json!({"name": "Anna"});
    let r = api.send(TestRequest::post().uri("/api/v1/players").set_json(&body)).await;
    r.problem(401, "unauthorized");
    assert_eq!(r.header("www-authenticate"), Some("Bearer"));
    let r = api
        .send(
            TestRequest::post().uri("/api/v1/players").insert_header(("authorization", "Bearer nope")).set_json(&body),
        )
        .await;
    let detail = r.problem(401, "unauthorized");
    assert!(detail.starts_with("the token sent is not known here"), "{detail}");
    let me = api
        .send(TestRequest::get().uri("/api/v1/token").insert_header(("authorization", format!("Bearer {}", api.token))))
        .await;
    // As JSON: exactly these members, `league_id` written as null.
    assert_eq!(me.json(), json!({"name": "test-club", "scope": "admin", "league_id": null}));
    api.get("/api/v1/token").await.problem(401, "unauthorized");
    let r = api
        .send(TestRequest::post().uri("/api/v1/players").insert_header(("authorization", "Basic abc")).set_json(&body))
        .await;
    r.problem(401, "unauthorized");

    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    tokens::revoke(&mut pool.get().unwrap(), "test-club").unwrap();
    api.post("/api/v1/players", &body).await.problem(403, "token-revoked");
    let me = api
        .send(TestRequest::get().uri("/api/v1/token").insert_header(("authorization", format!("Bearer {}", api.token))))
        .await;
    me.problem(403, "token-revoked");
    assert_eq!(api.get("/api/v1/players").await.body::<Vec<Player>>().len(), 0, "reads stay public");
});

api_test!(the_token_is_checked_before_the_body, |api| {
    // A wrong token with a body of the wrong type, or one declared too large: the token
    // is what is answered, and the body is never read.
    let wrong = ("authorization", "Bearer spst_wrong");
    let r = api
        .send(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(wrong)
                .insert_header(("content-type", "text/plain"))
                .set_payload("Anna"),
        )
        .await;
    r.problem(401, "unauthorized");
    let r = api
        .send(
            TestRequest::post()
                .uri("/api/v1/leagues")
                .insert_header(wrong)
                .insert_header(("content-type", "application/json"))
                .insert_header(("content-length", "10000000")),
        )
        .await;
    r.problem(401, "unauthorized");
    // With the right token the body is checked as before; the public scoring endpoint
    // still needs no token.
    let r = api
        .send(
            TestRequest::post()
                .uri("/api/v1/players")
                .insert_header(("authorization", format!("Bearer {}", api.token)))
                .insert_header(("content-type", "text/plain"))
                .set_payload("Anna"),
        )
        .await;
    r.problem(415, "unsupported-media-type");
    let score = json!({"players": ["A", "B", "C"], "round": {"scores": {"A": 0, "B": 0, "C": 0}}});
    let r = api.send(TestRequest::post().uri("/api/v1/rangeln/score").insert_header(wrong).set_json(&score)).await;
    assert_eq!(r.status, StatusCode::OK);
});

api_test!(failed_authentication_is_throttled_per_address, |api| {
    let from = |ip: &str, token: &str| {
        TestRequest::post()
            .uri("/api/v1/players")
            .peer_addr(format!("{ip}:4711").parse().unwrap())
            .insert_header(("authorization", format!("Bearer {token}")))
            .set_json(json!({"name": "Anna"}))
    };
    // A burst of 20 failures a minute, then 429 with Retry-After.
    for _ in 0..20 {
        api.send(from("192.0.2.1", "spst_wrong")).await.problem(401, "unauthorized");
    }
    let r = api.send(from("192.0.2.1", "spst_wrong")).await;
    r.problem(429, "too-many-requests");
    let retry: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=3).contains(&retry), "one failure's worth of quota comes back every 3 s: {retry}");
    // While it waits, the address gets 429 even with the right token: no guessing faster.
    api.send(from("192.0.2.1", &api.token)).await.problem(429, "too-many-requests");
    // Another address is not held up, and reads stay open.
    assert_eq!(api.send(from("192.0.2.2", &api.token)).await.status, StatusCode::CREATED);
    let read = api.send(TestRequest::get().uri("/api/v1/players").peer_addr("192.0.2.1:4711".parse().unwrap())).await;
    assert_eq!(read.status, StatusCode::OK);
});

/// A server that limits writes per address, behind a trusted proxy: the proxy's
/// `X-Forwarded-For` names the client; anyone else's is ignored.
#[actix_web::test]
async fn write_quotas_per_client_behind_a_trusted_proxy() {
    use spielstand_api::http::throttle::ThrottleOptions;
    let db = crate::common::TestDb::sqlite();
    let pool = spielstand_api::db::open(&db.url, 2).unwrap();
    let token = spielstand_api::store::tokens::create(
        &mut pool.get().unwrap(),
        "proxy-tests",
        spielstand_wire::TokenScope::Admin,
        None,
    )
    .unwrap();
    let throttle = ThrottleOptions { writes_per_minute: 2, ..Default::default() };
    let state = spielstand_api::AppState::with_options(
        pool,
        &db.url,
        spielstand_api::Options { throttle, trusted_proxies: vec!["10.0.0.1".parse().unwrap()], ..Default::default() },
    );
    let service = actix_web::test::init_service(spielstand_api::app(state)).await;
    let write = |peer: &str, forwarded_for: Option<&str>, name: &str| {
        let mut req = TestRequest::post()
            .uri("/api/v1/players")
            .peer_addr(format!("{peer}:4711").parse().unwrap())
            .insert_header(("authorization", format!("Bearer {token}")))
            .set_json(json!({"name": name}));
        if let Some(client) = forwarded_for {
            req = req.insert_header(("x-forwarded-for", client));
        }
        req.to_request()
    };
    // Two writes for 198.51.100.7 through the proxy, then 429 for it...
    assert_eq!(
        (actix_web::test::call_service(&service, write("10.0.0.1", Some("198.51.100.7"), "A1")).await)
            .status()
            .as_u16(),
        201
    );
    assert_eq!(
        (actix_web::test::call_service(&service, write("10.0.0.1", Some("198.51.100.7"), "A2")).await)
            .status()
            .as_u16(),
        201
    );
    let r = actix_web::test::call_service(&service, write("10.0.0.1", Some("198.51.100.7"), "A3")).await;
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    // ...but not for another client behind the same proxy.
    assert_eq!(
        (actix_web::test::call_service(&service, write("10.0.0.1", Some("198.51.100.8"), "B1")).await)
            .status()
            .as_u16(),
        201
    );
    // An untrusted peer's X-Forwarded-For counts for nothing: its own address is limited.
    assert_eq!(
        (actix_web::test::call_service(&service, write("203.0.113.9", Some("198.51.100.50"), "C1")).await)
            .status()
            .as_u16(),
        201
    );
    assert_eq!(
        (actix_web::test::call_service(&service, write("203.0.113.9", Some("198.51.100.51"), "C2")).await)
            .status()
            .as_u16(),
        201
    );
    assert_eq!(
        (actix_web::test::call_service(&service, write("203.0.113.9", Some("198.51.100.52"), "C3")).await)
            .status()
            .as_u16(),
        429
    );
}

/// Every integer bound of the document fits the integer's format, so that any client can
/// hold it: an int64 no larger than 2^63 - 1, an int32 within 32 bits.
#[test]
fn integer_bounds_fit_their_formats() {
    fn walk(value: &serde_json::Value, path: &str, bad: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                let range = match map.get("format").and_then(|f| f.as_str()) {
                    Some("int64") => Some((i64::MIN as i128, i64::MAX as i128)),
                    Some("int32") => Some((i32::MIN as i128, i32::MAX as i128)),
                    _ => None,
                };
                if let Some((low, high)) = range {
                    for bound in ["minimum", "maximum"] {
                        let Some(n) = map.get(bound) else { continue };
                        let exact = n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from));
                        if !exact.is_some_and(|v| (low..=high).contains(&v)) {
                            bad.push(format!("{path}: {bound} {n}"));
                        }
                    }
                }
                for (key, child) in map {
                    walk(child, &format!("{path}/{key}"), bad);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(child, &format!("{path}/{i}"), bad);
                }
            }
            _ => {}
        }
    }
    // The document as generated: `openapi_yaml_is_up_to_date` holds the committed one to it.
    let doc = serde_json::to_value(spielstand_api::openapi()).unwrap();
    let mut bad = Vec::new();
    walk(&doc, "", &mut bad);
    assert!(bad.is_empty(), "{bad:#?}");
}

/// Operations with a query that no client of this workspace sends: pages and pictures for
/// browsers (the phones' app too), feeds for feed readers, and a webhook's deliveries,
/// read by hand.
const QUERIES_FOR_BROWSERS: &[&str] = &[
    "embed_standings",
    "embed_team_standings",
    "embed_event",
    "embed_event_tables",
    "embed_player",
    "embed_ratings_chart",
    "embed_race_chart",
    "embed_player_ratings_chart",
    "results_feed",
    "list_deliveries",
    "find_night",
    "member_page",
    "organiser_correct",
    "postal_game_feed",
    "postal_game_page",
    "postal_round_page",
];

/// Query parameters are part of the contract: every parameter the document lists for an
/// operation a client sends is written by that operation's query type in `wire` (the
/// client's only way to write a query), and nothing else is; a new operation with a query
/// must either get a type there or be named above as one no client sends.
#[test]
fn every_query_parameter_of_the_document_is_sent_by_its_type() {
    let document = serde_json::to_value(spielstand_api::http::openapi()).unwrap();
    let typed = spielstand_wire::query::every_query();
    let mut documented = std::collections::BTreeMap::new();
    for (_, item) in document["paths"].as_object().unwrap() {
        for (_, operation) in item.as_object().unwrap() {
            let Some(id) = operation["operationId"].as_str() else { continue };
            let mut names: Vec<String> = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "query")
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect();
            names.sort();
            documented.insert(id.to_owned(), names);
        }
    }
    let mut covered = Vec::new();
    for query in typed {
        let mut written = query.names.expect("every query type writes every parameter");
        written.sort();
        for id in query.operations {
            let names = documented.get(*id).unwrap_or_else(|| panic!("{id} is not an operation of the document"));
            assert_eq!(names, &written, "{id}: the document's query parameters, and what its type writes");
            covered.push(*id);
        }
    }
    for (id, names) in &documented {
        if !names.is_empty() && !covered.contains(&id.as_str()) {
            assert!(
                QUERIES_FOR_BROWSERS.contains(&id.as_str()),
                "{id} takes {names:?}, which no query type of spielstand-wire writes"
            );
        }
    }
}

/// The calls every Rust client shares (`spielstand_wire::calls`) are the document's
/// operations: each one's method and path, its query parameters and its headers are
/// those of the operation it names.
#[test]
fn every_shared_call_is_its_operation_in_the_document() {
    let document = serde_json::to_value(spielstand_api::http::openapi()).unwrap();
    let calls = spielstand_wire::calls::every_call().unwrap();
    assert!(calls.len() >= 30, "{}", calls.len());
    for call in calls {
        let found = document["paths"].as_object().unwrap().iter().find_map(|(template, item)| {
            let operation = item.get(call.method.as_str().to_lowercase())?;
            (operation["operationId"] == call.operation).then_some((template, operation))
        });
        let (template, operation) = found
            .unwrap_or_else(|| panic!("{} {} is no operation of the document", call.operation, call.method.as_str()));
        let pattern = template.split('/').map(|s| if s.starts_with('{') { "[^/]+" } else { s }).collect::<Vec<_>>();
        let pattern = regex::Regex::new(&format!("^{}$", pattern.join("/"))).unwrap();
        assert!(
            pattern.is_match(&format!("/api/v1{}", call.path)),
            "{}: {} is not {template}",
            call.operation,
            call.path
        );
        let documented = |place: &str| -> Vec<String> {
            operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == place)
                .map(|p| p["name"].as_str().unwrap().to_lowercase())
                .collect()
        };
        for (name, _) in form_urlencoded::parse(call.query.as_bytes()) {
            assert!(documented("query").contains(&name.to_lowercase()), "{}: query {name}", call.operation);
        }
        for (name, _) in &call.headers {
            assert!(documented("header").contains(&name.to_lowercase()), "{}: header {name}", call.operation);
        }
        let body = operation.get("requestBody");
        if call.body.is_some() {
            assert!(body.is_some(), "{}: a body the operation does not take", call.operation);
        } else {
            assert!(body.is_none_or(|b| b["required"] != true), "{}: no body, though required", call.operation);
        }
    }
}

//! Token scopes: what a `record` token (the table laptop's) may write, what needs an
//! `admin` token, and a token limited to one league; endpoint by endpoint.

use crate::common::mensch;
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_wire::TokenScope;

/// A request with `token` and, for writes, a JSON body; `if_match` if given.
fn request(token: &str, method: Method, path: &str, body: Option<&Value>, if_match: Option<&str>) -> TestRequest {
    let mut req =
        TestRequest::default().method(method).uri(path).insert_header(("authorization", format!("Bearer {token}")));
    if let Some(body) = body {
        req = req.set_json(body);
    }
    if let Some(tag) = if_match {
        req = req.insert_header(("if-match", tag));
    }
    req
}

api_test!(a_record_token_records_and_an_admin_token_administers, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let laptop = tokens::create(&mut pool.get().unwrap(), "table-laptop", TokenScope::Record, None).unwrap();
    let as_laptop = |method: Method, path: &str, body: Option<&Value>, if_match: Option<&str>| {
        request(&laptop, method, path, body, if_match)
    };
    let me = api.send(as_laptop(Method::GET, "/api/v1/token", None, None)).await;
    assert_eq!(me.json(), json!({"name": "table-laptop", "scope": "record", "league_id": null}));

    // What the table needs: players, results, a club night.
    let r = api.send(as_laptop(Method::POST, "/api/v1/players", Some(&json!({"name": "Anna"})), None)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let anna = r.json()["id"].as_i64().unwrap();
    api.add_players(&["Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let results = format!("/api/v1/leagues/{league}/results");
    let r = api.send(as_laptop(Method::POST, &results, Some(&mensch("2026-03-01", "Anna,Ben")), None)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let own = r.json()["id"].as_i64().unwrap();
    let night = json!({"title": "Clubabend", "date": "2026-03-01"});
    let r = api.send(as_laptop(Method::POST, &format!("/api/v1/leagues/{league}/events"), Some(&night), None)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let event = r.json()["id"].as_i64().unwrap();

    // Its own result it may correct and delete, naming the revision; never with `*`.
    let own_path = format!("/api/v1/results/{own}");
    let fixed = mensch("2026-03-01", "Ben,Anna");
    let detail =
        api.send(as_laptop(Method::PUT, &own_path, Some(&fixed), Some("*"))).await.problem(403, "insufficient-scope");
    assert!(detail.contains("If-Match: * needs a token of scope admin"), "{detail}");
    let r = api.send(as_laptop(Method::PUT, &own_path, Some(&fixed), Some("\"1\""))).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());

    // A result another token recorded is the admin's to change.
    let r = api.post(&results, &mensch("2026-03-02", "Cleo,Ben")).await;
    let theirs = format!("/api/v1/results/{}", r.json()["id"].as_i64().unwrap());
    let detail =
        api.send(as_laptop(Method::PUT, &theirs, Some(&fixed), Some("\"1\""))).await.problem(403, "insufficient-scope");
    assert!(detail.contains("recorded by another token") && detail.contains("scope admin"), "{detail}");
    api.send(as_laptop(Method::DELETE, &theirs, None, Some("\"1\""))).await.problem(403, "insufficient-scope");
    assert_eq!(api.get(&theirs).await.json()["revision"], 1, "unchanged");
    let r = api.send(as_laptop(Method::DELETE, &own_path, None, Some("\"2\""))).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);

    // Everything else needs admin, and a refused write changes nothing.
    let league_path = format!("/api/v1/leagues/{league}");
    let before = api.get(&league_path).await.json();
    let narrowed = json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"], "season": {"from": "2027-01-01"}}});
    let refused: Vec<(Method, String, Option<Value>)> = vec![
        (Method::POST, "/api/v1/leagues".into(), Some(json!({"name": "Neu", "rules": {"games": ["rangeln"]}}))),
        (Method::PUT, league_path.clone(), Some(narrowed)),
        (Method::PATCH, format!("/api/v1/players/{anna}"), Some(json!({"name": "Annabelle"}))),
        (Method::POST, format!("/api/v1/leagues/{league}/webhooks"), Some(json!({"url": "https://example.org/hook"}))),
        (Method::GET, format!("/api/v1/leagues/{league}/webhooks"), None),
        (Method::PUT, format!("/api/v1/events/{event}"), Some(json!({"title": "Anders", "date": "2026-03-01"}))),
        (Method::DELETE, format!("/api/v1/events/{event}"), None),
    ];
    for (method, path, body) in refused {
        let what = format!("{method} {path}");
        let r = api.send(as_laptop(method, &path, body.as_ref(), None)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{what}: {:?}", r.json());
        assert_eq!(r.json()["type"], "/problems/insufficient-scope", "{what}");
        assert!(
            r.json()["detail"].as_str().unwrap().contains("needs a token of scope admin"),
            "{what}: {:?}",
            r.json()
        );
    }
    assert_eq!(api.get(&league_path).await.json(), before);
    assert_eq!(api.get(&format!("/api/v1/players/{anna}")).await.json()["name"], "Anna");
    assert_eq!(api.get(&format!("/api/v1/events/{event}")).await.json()["title"], "Clubabend");
    // The admin token may do all of it.
    let r = api.write(Method::PATCH, &format!("/api/v1/players/{anna}"), &json!({"name": "Annabelle"})).await;
    assert_eq!(r.status, StatusCode::OK);
});

api_test!(a_token_limited_to_one_league_changes_only_that_league, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let rules = json!({"games": ["mensch-aergere-dich-nicht"]});
    let own = api.add_league(json!({"name": "Winterliga", "rules": rules})).await;
    let other = api.add_league(json!({"name": "Sommerliga", "rules": rules})).await;
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let laptop = tokens::create(&mut pool.get().unwrap(), "winter-laptop", TokenScope::Record, Some(own)).unwrap();
    assert_eq!(
        tokens::create(&mut pool.get().unwrap(), "nowhere", TokenScope::Record, Some(999)).unwrap_err().status(),
        StatusCode::NOT_FOUND
    );
    let me = api.send(request(&laptop, Method::GET, "/api/v1/token", None, None)).await;
    assert_eq!(me.json()["league_id"], own);

    let game = mensch("2026-03-01", "Anna,Ben");
    let r =
        api.send(request(&laptop, Method::POST, &format!("/api/v1/leagues/{own}/results"), Some(&game), None)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let path = format!("/api/v1/leagues/{other}/results");
    let detail =
        api.send(request(&laptop, Method::POST, &path, Some(&game), None)).await.problem(403, "insufficient-scope");
    assert!(detail.contains(&format!("may act in league {own} only")), "{detail}");
    let night = json!({"title": "Abend", "date": "2026-03-01"});
    let path = format!("/api/v1/leagues/{other}/events");
    api.send(request(&laptop, Method::POST, &path, Some(&night), None)).await.problem(403, "insufficient-scope");
    // Players are shared: any record token adds them.
    let r = api.send(request(&laptop, Method::POST, "/api/v1/players", Some(&json!({"name": "Cleo"})), None)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    // Nothing reached the other league.
    assert_eq!(api.get(&format!("/api/v1/leagues/{other}/results")).await.json()["items"], json!([]));
});

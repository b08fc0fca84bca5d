//! One domain for every input, the same on both backends: what the API refuses (duplicate
//! keys, unknown fields, dates outside docs/rules.md "Dates", control characters in filters,
//! invisible or line-breaking characters in text people read) is a 422 naming it, never a
//! silent default and never a 500, and changes nothing. And `HEAD` answers every `GET`.

use crate::common::{day, input, mensch};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_wire::calls;
use spielstand_wire::{AuditParams, Player, ResultPage, ResultsParams};

api_test!(bodies_refuse_duplicate_keys_and_unknown_fields, |api| {
    // A raw body: serde_json's `json!` cannot hold a key twice.
    let raw = |path: &str, body: &str| {
        TestRequest::post()
            .uri(path)
            .insert_header(("authorization", format!("Bearer {}", api.token)))
            .insert_header(("content-type", "application/json"))
            .set_payload(body.to_owned())
    };
    let d = api.send(raw("/api/v1/players", r#"{"name": "Dup1", "name": "Dup2"}"#)).await.problem(422, "invalid-body");
    assert_eq!(d, "name: this key is given twice");
    let d = api.post("/api/v1/players", &json!({"name": "Extra", "admin": true})).await.problem(422, "invalid-body");
    assert!(d.starts_with("admin: unknown field"), "{d}");
    let d = api.post("/api/v1/players", &json!({"nmae": "Extra"})).await.problem(422, "invalid-body");
    assert!(d.contains("did you mean `name`?"), "{d}");
    assert_eq!(api.call(calls::list_players()).await.body::<Vec<Player>>().len(), 0, "no player was created");

    api.add_players(&["Anna", "Ben"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["hase-und-igel", "mensch-aergere-dich-nicht"]}})).await;
    // Bodies that are no `GameRecord`, sent as they are.
    let results = format!("/api/v1/leagues/{league}/results");
    // A misspelt field deep in a game's detail, which once stored `lettuces: 0`.
    let hare = json!({"played_on": "2026-05-01", "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}],
        "game": "hase-und-igel",
        "detail": {"order": [["Anna"], ["Ben"]], "finishers": [{"player": "Anna", "carrots": 3, "lettuce": 2}]}});
    let d = api.post(&results, &hare).await.problem(422, "invalid-body");
    assert!(d.contains("lettuce") && d.contains("did you mean `lettuces`?"), "{d}");
    let mut nested = mensch("2026-05-01", "Anna,Ben");
    nested["players"][1]["sear"] = json!(3);
    let d = api.post(&results, &nested).await.problem(422, "invalid-body");
    assert!(d.starts_with("players[1].sear: unknown field") && d.contains("`seat`"), "{d}");
    let dup = r#"{"played_on": "2026-05-01", "game": "mensch-aergere-dich-nicht",
        "players": [{"player": "Anna", "seat": 1, "seat": 2}, {"player": "Ben", "seat": 2}],
        "detail": {"order": [["Anna"], ["Ben"]]}}"#;
    let d = api.send(raw(&results, dup)).await.problem(422, "invalid-body");
    assert_eq!(d, "players[0].seat: this key is given twice");
    let stored = api.answer(calls::list_results(league, &Default::default())).await;
    assert_eq!(stored.total, 0, "no result was stored");
});

api_test!(dates_outside_the_domain_are_refused_before_the_database_sees_them, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    // Dates as written, in bodies and queries: no call writes most of them.
    let results = format!("/api/v1/leagues/{league}/results");
    // PostgreSQL once answered 500 to the first; SQLite stored the others as text.
    for date in ["-4713-01-01", "+10000-01-01", "0000-01-01", "1899-12-31", "9999-12-31"] {
        let d = api.post(&results, &mensch(date, "Anna,Ben")).await.problem(422, "date-out-of-range");
        assert!(d.contains("played_on"), "{date}: {d}");
        let night = json!({"title": "Abend", "date": date});
        let d = api.post(&format!("/api/v1/leagues/{league}/events"), &night).await.problem(422, "date-out-of-range");
        assert!(d.contains("date"), "{date}: {d}");
    }
    // Filters: the same lower bound, up to 9999-12-31; without a token too.
    // `%2B` is `+` (a bare `+` in a query string is a space).
    for query in ["to=-4713-01-01", "from=%2B10000-01-01", "to=1899-12-31", "from=0000-01-01"] {
        let d = api.get(&format!("{results}?{query}")).await.problem(422, "date-out-of-range");
        let key = query.split('=').next().unwrap();
        assert!(d.starts_with(key), "{query}: {d}");
    }
    for path in [
        format!("/api/v1/leagues/{league}/standings?as_of=-4713-01-01"),
        format!("/api/v1/leagues/{league}/standings?as_of=%2B10000-01-01"),
    ] {
        api.get(&path).await.problem(422, "date-out-of-range");
    }
    let bounds = ResultsParams { from: Some(day("1900-01-01")), to: Some(day("9999-12-31")), ..Default::default() };
    let r = api.call(calls::list_results(league, &bounds)).await;
    assert_eq!(r.status, StatusCode::OK, "the bounds themselves are in the domain");
    // A season is a filter: the same domain.
    let d = api
        .post("/api/v1/leagues", &json!({"name": "S", "rules": {"games": ["rangeln"], "season": {"from": "-4713-01-01", "to": "2026-12-31"}}}))
        .await
        .problem(422, "date-out-of-range");
    assert!(d.contains("season"), "{d}");
    let stored = api.answer(calls::list_results(league, &Default::default())).await;
    assert_eq!(stored.total, 0, "nothing was stored");
});

api_test!(text_people_read_holds_no_hidden_characters, |api| {
    // U+2028 breaks a line in many viewers; a bidi override reorders what follows it.
    for name in ["Anna\u{2028}Ben", "Anna\u{2029}", "A\u{202E}nna", "An\u{200B}na"] {
        api.call(calls::create_player(name)).await.problem(422, "invalid-name");
    }
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    for (field, text) in [("title", "Club\u{202E}abend"), ("title", "Club\nabend"), ("location", "Vereins\u{200B}heim")]
    {
        let mut night = json!({"title": "Clubabend", "date": "2026-03-01"});
        night[field] = json!(text);
        let d = api.call(calls::create_event(league, &input(night))).await.problem(422, "invalid-body");
        assert!(d.starts_with(field), "{d}");
    }
    for id in ["play\u{202E}1", "play\u{200D}1", "play\u{2028}1"] {
        let items = json!({"items": [{"idempotency_key": "k1", "source": {"system": "bgstats", "id": id},
            "record": mensch("2026-03-01", "Anna,Ben")}]});
        let d = api.call(calls::record_results_batch(league, &input(items))).await.problem(422, "invalid-body");
        assert!(d.contains("source.id"), "{d}");
    }
    assert_eq!(api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().total, 0);
    // A team's name is shown as a player's is: the same rules.
    let long = "T".repeat(10_000);
    for team in ["Team\u{202E}A", "Team\u{200B}A", "Team\r\nA", "Team\0A", long.as_str(), " Team"] {
        let rules = json!({"games": ["mensch-aergere-dich-nicht"], "teams": [{"name": team, "players": ["Anna"]}]});
        let r = api.call(calls::update_league(league, &input(json!({"name": "L", "rules": rules})))).await;
        r.problem(422, "invalid-name");
    }
    // Dates in bodies are written exactly YYYY-MM-DD: as written, no call would.
    for date in ["2026-3-1", " 2026-03-01", "2026-03-01 ", "2026-03-1"] {
        let d = api
            .post(&format!("/api/v1/leagues/{league}/results"), &mensch(date, "Anna,Ben"))
            .await
            .problem(422, "invalid-body");
        assert!(d.starts_with("played_on") && d.contains("YYYY-MM-DD"), "{date}: {d}");
        let night = json!({"title": "Clubabend", "date": date});
        let d = api.post(&format!("/api/v1/leagues/{league}/events"), &night).await.problem(422, "invalid-body");
        assert!(d.starts_with("date"), "{date}: {d}");
    }
    let season = json!({"name": "S2", "rules": {"games": ["rangeln"], "season": {"from": "2026-1-1"}}});
    let d = api.post("/api/v1/leagues", &season).await.problem(422, "invalid-body");
    assert!(d.starts_with("rules.season.from"), "{d}");
    assert_eq!(api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().total, 0);
    // A NUL in a text filter never reaches the database.
    let r = api.call(calls::list_audit(&AuditParams { token_name: Some("\0".into()), ..Default::default() })).await;
    let d = r.problem(400, "invalid-query");
    assert!(d.starts_with("token_name"), "{d}");
});

api_test!(head_answers_every_get_route_without_a_body, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let r = api.record(league, &mensch("2026-03-01", "Anna,Ben")).await;
    assert_eq!(r.status, StatusCode::CREATED);
    for path in [
        format!("/api/v1/leagues/{league}/standings"),
        format!("/api/v1/leagues/{league}/standings.csv"),
        format!("/api/v1/leagues/{league}/export"),
        format!("/embed/leagues/{league}/standings"),
        "/api/v1/health".to_owned(),
        "/docs/".to_owned(),
        "/openapi.json".to_owned(),
    ] {
        let get = api.get(&path).await;
        assert_eq!(get.status, StatusCode::OK, "GET {path}");
        let head = api.send(TestRequest::default().method(Method::HEAD).uri(&path)).await;
        assert_eq!(head.status, get.status, "HEAD {path}");
        assert!(head.body.is_empty(), "HEAD {path} has no body");
        for name in ["content-type", "etag", "cache-control"] {
            assert_eq!(head.header(name), get.header(name), "HEAD {path}: {name}");
        }
    }
    // A route without GET answers HEAD as it answers GET: 405.
    let head = api.send(TestRequest::default().method(Method::HEAD).uri("/api/v1/leagues/1/results/batch")).await;
    let get = api.get("/api/v1/leagues/1/results/batch").await;
    assert_eq!(head.status, get.status);
    assert!(head.body.is_empty());
});

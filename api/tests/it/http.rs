//! The HTTP API end to end: the real App on a real SQLite file.

use crate::common;
use crate::common::{mensch, rangeln};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::{idempotency, tokens};

api_test!(health_and_the_game_catalogue, |api| {
    let r = api.get("/api/v1/health").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json()["status"], "ok");
    let games = api.get("/api/v1/games").await.json();
    let slugs: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["rangeln", "mensch-aergere-dich-nicht", "ghostbuster", "lauf-rauf", "hase-und-igel"]);
    assert_eq!(games[1]["name"], "Mensch ärgere Dich nicht");
    assert_eq!(games[0]["pieces_per_player"][0], json!({"players": 3, "pieces": 8}));
});

api_test!(players_are_unique_case_insensitively_and_unicode_round_trips_byte_exact, |api| {
    let names = ["Jürgen Groß", "Ωμέγα", "李小龙", "Zoë 🎲", "<script>alert(1)</script>"];
    api.add_players(&names).await;
    let listed = api.get("/api/v1/players").await;
    let listed: Vec<String> =
        listed.json().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    for name in names {
        assert!(listed.iter().any(|l| l.as_bytes() == name.as_bytes()), "{name} not in {listed:?}");
    }
    // Full case folding (issue 14): ß and SS are one name.
    api.post("/api/v1/players", &json!({"name": "JÜRGEN GROSS"})).await.problem(409, "conflict");
    api.post("/api/v1/players", &json!({"name": "jürgen groß"})).await.problem(409, "conflict");

    let r = api.post("/api/v1/players", &json!({"name": "Anna"})).await;
    let id = r.json()["id"].as_i64().unwrap();
    assert_eq!(r.header("location"), Some(format!("/api/v1/players/{id}").as_str()));
    assert_eq!(api.get(&format!("/api/v1/players/{id}")).await.json()["name"], "Anna");
    let renamed = api.write(Method::PATCH, &format!("/api/v1/players/{id}"), &json!({"name": "Anna-Lena"})).await;
    assert_eq!(renamed.json()["name"], "Anna-Lena");
    api.write(Method::PATCH, &format!("/api/v1/players/{id}"), &json!({"name": "ωμέγα"}))
        .await
        .problem(409, "conflict");
    api.write(Method::PATCH, "/api/v1/players/9999", &json!({"name": "X"})).await.problem(404, "not-found");
    api.get("/api/v1/players/9999").await.problem(404, "not-found");
    let detail = api.post("/api/v1/players", &json!({"name": "A,B"})).await.problem(422, "invalid-name");
    assert!(detail.contains("','"), "{detail}");
    api.post("/api/v1/players", &json!({"name": ""})).await.problem(422, "empty-name");
    api.get("/api/v1/players/abc").await.problem(400, "invalid-path");
    // A bad field deep inside a result's detail is named by its path.
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["rangeln"]}})).await;
    let mut body = common::rangeln("2026-01-01", &["Anna", "Ωμέγα", "李小龙"], &[&[0, 0, 0][..]; 3]);
    body["detail"]["rounds"][2]["scores"]["李小龙"] = json!("viel");
    let d = api.post(&format!("/api/v1/leagues/{league}/results"), &body).await.problem(422, "invalid-body");
    assert!(d.starts_with("detail.rounds[2].scores.李小龙: invalid type: string \"viel\""), "{d}");
});

api_test!(leagues_are_created_listed_and_updated, |api| {
    let id = api
        .add_league(json!({"name": "Winterliga", "rules": {"games": ["rangeln"], "season": {"from": "2026-10-01", "to": "2027-03-31"}, "points": {"kind": "table", "table": [10, 6, 4]}}}))
        .await;
    let league = api.get(&format!("/api/v1/leagues/{id}")).await.json();
    assert_eq!(league["rules"]["points"], json!({"kind": "table", "table": [10, 6, 4]}));
    assert_eq!(league["rules"]["tie_breakers"], json!(["wins", "average-place", "head-to-head"]));
    assert_eq!(league["revision"], 1);
    let updated = api
        .write(
            Method::PUT,
            &format!("/api/v1/leagues/{id}"),
            &json!({"name": "Winterliga 26/27", "rules": {"games": ["rangeln", "lauf-rauf"]}}),
        )
        .await
        .json();
    assert_eq!(updated["rules"]["games"], json!(["rangeln", "lauf-rauf"]));
    assert_eq!(updated["revision"], 2);
    assert_eq!(api.get("/api/v1/leagues").await.json().as_array().unwrap().len(), 1);
    api.post("/api/v1/leagues", &json!({"name": "winterliga 26/27", "rules": {"games": ["rangeln"]}}))
        .await
        .problem(409, "conflict");
    api.post("/api/v1/leagues", &json!({"name": "X", "rules": {"games": []}})).await.problem(422, "no-games");
    let d = api
        .post("/api/v1/leagues", &json!({"name": "X", "rules": {"games": ["rangeln"], "season": {"from": "2026-05-01", "to": "2026-04-01"}}}))
        .await
        .problem(422, "season-reversed");
    assert!(d.contains("2026-04-01"), "{d}");
    let d = api
        .post("/api/v1/leagues", &json!({"name": "X", "rules": {"games": ["chess"]}}))
        .await
        .problem(422, "invalid-body");
    assert!(d.starts_with("rules.games[0]: unknown variant `chess`"), "{d}");
    api.write(Method::PUT, "/api/v1/leagues/77", &json!({"name": "X", "rules": {"games": ["rangeln"]}}))
        .await
        .problem(404, "not-found");
});

api_test!(results_are_recorded_corrected_deleted_and_audited, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}})).await;
    let path = format!("/api/v1/leagues/{league}/results");

    // Names resolve case-insensitively and are stored as the players are named.
    let r = api
        .post(&path, &rangeln("2026-11-20", &["anna", "BEN", "Cleo"], &[&[-7, 6, 1], &[-6, 6, 1], &[-6, 6, 1]]))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("etag"), Some("\"1\""));
    let result = r.json();
    let id = result["id"].as_i64().unwrap();
    assert_eq!(result["record"]["players"][0]["player"], "Anna");
    assert_eq!(result["record"]["detail"]["rounds"][0]["scores"]["Ben"], 6);
    assert_eq!(
        result["placings"],
        json!([{"player": "Anna", "place": 1}, {"player": "Ben", "place": 2}, {"player": "Cleo", "place": 3}])
    );
    assert_eq!(result["rangeln"]["totals"][0]["total"], -19);

    let got = api.get(&format!("/api/v1/results/{id}")).await;
    assert_eq!(got.header("etag"), Some("\"1\""));
    assert_eq!(got.json()["record"], result["record"]);

    // Correction: If-Match required, stale rejected, current accepted.
    let fixed = rangeln("2026-11-20", &["Anna", "Ben", "Cleo"], &[&[7, 6, 1], &[6, 6, 1], &[6, 6, 1]]);
    let put = |if_match: Option<&str>| {
        let mut req = TestRequest::put()
            .uri(&format!("/api/v1/results/{id}"))
            .insert_header(("authorization", format!("Bearer {}", api.token)))
            .set_json(&fixed);
        if let Some(tag) = if_match {
            req = req.insert_header(("if-match", tag.to_owned()));
        }
        req
    };
    api.send(put(None)).await.problem(428, "precondition-required");
    api.send(put(Some("\"7\""))).await.problem(412, "precondition-failed");
    let r = api.send(put(Some("\"1\""))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("etag"), Some("\"2\""));
    assert_eq!(r.json()["rangeln"]["totals"][0]["total"], 19);
    api.send(put(Some("\"1\""))).await.problem(412, "precondition-failed");
    let any = api.send(put(Some("*"))).await;
    assert_eq!(any.header("etag"), Some("\"3\""), "If-Match: * matches any current revision");
    let fixed_rev = 3;

    // Listing with filters and pages.
    api.post(&path, &mensch("2026-11-21", "Dora,Cleo,Anna=Ben")).await;
    api.post(&path, &mensch("2026-11-22", "Ben,Anna")).await;
    let all = api.get(&format!("{path}?per_page=2")).await.json();
    assert_eq!(all["total"], 3);
    assert_eq!(all["items"].as_array().unwrap().len(), 2);
    assert_eq!(all["items"][0]["record"]["played_on"], "2026-11-22");
    let page2 = api.get(&format!("{path}?per_page=2&page=2")).await.json();
    assert_eq!(page2["items"][0]["id"], id);
    let only = api.get(&format!("{path}?game=mensch-aergere-dich-nicht&from=2026-11-22")).await.json();
    assert_eq!(only["total"], 1);
    let d = api.get(&format!("{path}?game=chess")).await.problem(400, "invalid-query");
    assert!(d.starts_with("game:"), "{d}");
    api.get(&format!("{path}?from=yesterday")).await.problem(400, "invalid-query");
    api.get(&format!("{path}?per_page=0")).await.problem(400, "invalid-query");
    api.get("/api/v1/leagues/99/results").await.problem(404, "not-found");

    // Deletion, then the audit trail.
    let del = |tag: &str| {
        TestRequest::delete()
            .uri(&format!("/api/v1/results/{id}"))
            .insert_header(("authorization", format!("Bearer {}", api.token)))
            .insert_header(("if-match", tag.to_owned()))
    };
    api.send(del("\"2\"")).await.problem(412, "precondition-failed");
    api.send(del("W/\"3\"")).await.problem(412, "precondition-failed");
    assert_eq!(api.send(del("\"9\", \"3\"")).await.status, StatusCode::NO_CONTENT);
    api.get(&format!("/api/v1/results/{id}")).await.problem(404, "not-found");
    assert_eq!(api.get(&path).await.json()["total"], 2);
    // The public sees what changed and when, but not which token: that is for callers
    // with a token.
    let public = api.get(&format!("/api/v1/results/{id}/history")).await.json();
    assert!(public.as_array().unwrap().iter().all(|h| h["token_name"].is_null()), "{public}");
    let history = api.write(Method::GET, &format!("/api/v1/results/{id}/history"), &json!({})).await.json();
    let actions: Vec<(&str, i64, &str)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["action"].as_str().unwrap(), h["revision"].as_i64().unwrap(), h["token_name"].as_str().unwrap()))
        .collect();
    assert_eq!(
        actions,
        [
            ("recorded", 1, "test-club"),
            ("corrected", 2, "test-club"),
            ("corrected", fixed_rev, "test-club"),
            ("deleted", 4, "test-club")
        ]
    );
    assert_eq!(history[0]["before"], serde_json::Value::Null);
    assert_eq!(history[1]["before"]["detail"]["rounds"][0]["scores"]["Anna"], -7);
    assert_eq!(history[1]["after"]["detail"]["rounds"][0]["scores"]["Anna"], 7);
    assert_eq!(history[3]["after"], serde_json::Value::Null);
    api.get("/api/v1/results/12345/history").await.problem(404, "not-found");
});

api_test!(rule_violations_are_422_naming_what_is_wrong_and_store_nothing, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api
        .add_league(json!({"name": "L", "rules": {"games": ["rangeln", "hase-und-igel"], "season": {"from": "2026-01-01", "to": "2026-12-31"}}}))
        .await;
    let path = format!("/api/v1/leagues/{league}/results");

    let board = "A A A A A A . . .\n. . . . . . . . .\nB B B B B B . . .\n. . . . . . . . .\nC C C C C C . . .\n. . . . . . . . .\nD D D D D D . . .\n. . . . . . . . .\nA . . . . . . . .\n";
    let mut body = rangeln("2026-11-20", &["Anna", "Ben", "Cleo", "Dora"], &[&[0, 0, 0, 0][..]; 4]);
    body["detail"]["rounds"][1] = json!({"board": board});
    let d = api.post(&path, &body).await.problem(422, "piece-count");
    assert_eq!(d, "round 2: Anna has 7 pieces on the board, expected 6");

    body["detail"]["rounds"][1] = json!({"board": board.replace("A . . . . . . . .\n", "A . x . . . . . .\n")});
    let d = api.post(&path, &body).await.problem(422, "board-symbol");
    assert_eq!(d, "round 2: line 9, column 5: unexpected 'x', expected '.' or a piece 'A'..'E'");

    let d = api
        .post(&path, &rangeln("2025-12-31", &["Anna", "Ben", "Cleo"], &[&[0, 0, 0][..]; 3]))
        .await
        .problem(422, "outside-season");
    assert!(d.contains("2025-12-31"), "{d}");
    api.post(&path, &mensch("2026-05-01", "Anna,Ben")).await.problem(422, "game-not-in-league");
    let d = api
        .post(&path, &rangeln("2026-05-01", &["Anna", "Ben", "Zoe"], &[&[0, 0, 0][..]; 3]))
        .await
        .problem(422, "invalid-body");
    assert_eq!(d, "players[2].player: there is no player named \"Zoe\"; add the player first");
    let hare = json!({"played_on": "2026-05-01", "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}], "game": "hase-und-igel",
        "detail": {"order": [["Anna"], ["Ben"]], "finishers": [{"player": "Anna", "carrots": 11}]}});
    let d = api.post(&path, &hare).await.problem(422, "hare-carrots");
    assert_eq!(d, "Anna finished in place 1 with 11 carrots, at most 10 are allowed");
    assert_eq!(api.get(&path).await.json()["total"], 0);
    assert_eq!(
        api.get(&format!("/api/v1/leagues/{league}")).await.json()["revision"],
        1,
        "failed writes change nothing"
    );
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
    assert_eq!(api.get("/api/v1/players").await.json(), json!([]), "reads stay public");
});

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
    api.get("/").await.problem(404, "no-route");
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

api_test!(players_short_of_the_minimum_games_are_listed_last_without_a_place, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"], "min_games": 2}})).await;
    let results = format!("/api/v1/leagues/{league}/results");
    api.post(&results, &mensch("2026-11-20", "Dora,Anna,Ben")).await;
    api.post(&results, &mensch("2026-11-21", "Anna,Ben,Cleo")).await;
    api.post(&results, &mensch("2026-11-22", "Cleo,Ben")).await;
    let table = api.get(&format!("/api/v1/leagues/{league}/standings")).await.json();
    let rows: Vec<(Value, bool, &str)> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["place"].clone(), r["ranked"].as_bool().unwrap(), r["player"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rows,
        [(json!(1), true, "Anna"), (json!(2), true, "Cleo"), (json!(3), true, "Ben"), (Value::Null, false, "Dora")]
    );
    let csv = api.get(&format!("/api/v1/leagues/{league}/standings.csv")).await;
    let last = String::from_utf8(csv.body).unwrap().lines().last().unwrap().to_owned();
    assert!(last.starts_with(",Dora,1,1,"), "{last}");
    let page = api.get(&format!("/embed/leagues/{league}/standings")).await;
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<tr class=\"unranked\"><td class=\"place\">–</td>"), "{html}");
    // A league without a minimum ranks everyone.
    let rules = json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}});
    assert_eq!(api.write(Method::PUT, &format!("/api/v1/leagues/{league}"), &rules).await.status, StatusCode::OK);
    let table = api.get(&format!("/api/v1/leagues/{league}/standings")).await.json();
    assert!(table["rows"].as_array().unwrap().iter().all(|r| r["ranked"] == true && r["place"].is_u64()), "{table}");
});

api_test!(player_statistics_and_head_to_head_by_hand, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let results = format!("/api/v1/leagues/{league}/results");
    for (day, order) in [
        ("2026-03-01", "Anna,Ben,Cleo"),
        ("2026-03-02", "Ben,Anna=Cleo"),
        ("2026-03-03", "Anna,Cleo"),
        ("2026-03-03", "Anna,Ben"),
    ] {
        assert_eq!(api.post(&results, &mensch(day, order)).await.status, StatusCode::CREATED);
    }
    let players = api.get("/api/v1/players").await.json();
    let id =
        |name: &str| players.as_array().unwrap().iter().find(|p| p["name"] == name).unwrap()["id"].as_i64().unwrap();
    let stats_path = format!("/api/v1/leagues/{league}/players/{}/stats", id("Anna"));
    let stats = api.get(&stats_path).await;
    assert_eq!(stats.status, StatusCode::OK);
    let stats = stats.json();
    let all = &stats["overall"];
    // Places 1, 2, 1, 1: three wins, the last two in a row, on the last night 3 March.
    for (field, value) in [
        ("played", json!(4)),
        ("wins", json!(3)),
        ("win_rate", json!(0.75)),
        ("average_place", json!(1.25)),
        ("best_place", json!(1)),
        ("worst_place", json!(2)),
        ("current_streak", json!(2)),
        ("longest_streak", json!(2)),
        ("last_night", json!("2026-03-03")),
    ] {
        assert_eq!(all[field], value, "{field}: {stats}");
    }
    assert_eq!((stats["player"].clone(), stats["league_id"].clone()), (json!("Anna"), json!(league)));
    let table = api.get(&format!("/api/v1/leagues/{league}/standings")).await.json();
    assert_eq!(all["points"], table["rows"][0]["points"]);
    assert_eq!(all["rating_display"], table["rows"][0]["rating_display"]);
    let before = api.get(&format!("/api/v1/leagues/{league}/standings?as_of=2026-03-02")).await.json();
    let before = before["rows"].as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap().clone();
    let change = table["rows"][0]["rating_display"].as_f64().unwrap() - before["rating_display"].as_f64().unwrap();
    assert_eq!(all["rating_change"].as_f64().unwrap(), change);
    assert_eq!(stats["games"][0]["game"], "mensch-aergere-dich-nicht");
    assert_eq!(stats["games"][0]["played"], 4);

    // A head-to-head's pairs as [player, opponent, games, ahead, behind, ties].
    let pair_rows = |h2h: &Value| -> Vec<Value> {
        h2h["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| json!([p["player"], p["opponent"], p["games"], p["ahead"], p["behind"], p["ties"]]))
            .collect()
    };
    let h2h = api.get(&format!("/api/v1/leagues/{league}/head-to-head")).await.json();
    let pairs = pair_rows(&h2h);
    assert_eq!(
        pairs,
        [json!(["Anna", "Ben", 3, 2, 1, 0]), json!(["Anna", "Cleo", 3, 2, 0, 1]), json!(["Ben", "Cleo", 2, 2, 0, 0])]
    );

    // A player without games has a record of nothing; unknown ids are 404 problems.
    let dora = api.get(&format!("/api/v1/leagues/{league}/players/{}/stats", id("Dora"))).await.json();
    assert_eq!(
        (dora["player"].clone(), dora["overall"].clone(), dora["games"].clone()),
        (json!("Dora"), Value::Null, json!([]))
    );
    api.get(&format!("/api/v1/leagues/{league}/players/999999/stats")).await.problem(404, "not-found");
    api.get("/api/v1/leagues/999999/head-to-head").await.problem(404, "not-found");
    assert_eq!((h2h["page"].clone(), h2h["per_page"].clone(), h2h["total"].clone()), (json!(1), json!(1000), json!(3)));
    assert_eq!(h2h["player_id"], Value::Null);

    // Pages of the same list, and one player's pairs with that player first.
    let page = |query: String| {
        let api = &api;
        async move {
            let h2h = api.get(&format!("/api/v1/leagues/{league}/head-to-head?{query}")).await.json();
            (pair_rows(&h2h), h2h["total"].clone())
        }
    };
    let (first, total) = page("per_page=2".into()).await;
    let (second, _) = page("per_page=2&page=2".into()).await;
    assert_eq!(([first, second].concat(), total), (pairs.clone(), json!(3)));
    assert_eq!(page("per_page=2&page=3".into()).await, (vec![], json!(3)));
    let (cleo, total) = page(format!("player={}", id("Cleo"))).await;
    assert_eq!(
        (cleo, total),
        (vec![json!(["Cleo", "Anna", 3, 0, 2, 1]), json!(["Cleo", "Ben", 2, 0, 2, 0])], json!(2))
    );
    assert_eq!(page(format!("player={}", id("Dora"))).await, (vec![], json!(0)));
    api.get(&format!("/api/v1/leagues/{league}/head-to-head?player=999999")).await.problem(404, "not-found");
    for bad in ["page=0", "per_page=0", "per_page=5001", "player=anna"] {
        api.get(&format!("/api/v1/leagues/{league}/head-to-head?{bad}")).await.problem(400, "invalid-query");
    }
    api.get(&format!("/api/v1/leagues/{league}/head-to-head?game=chess")).await.problem(400, "invalid-query");

    // Cached per revision like the tables: 304 until the next write changes them.
    let first = api.get(&stats_path).await;
    let etag = first.header("etag").unwrap().to_owned();
    let again = api.send(TestRequest::get().uri(&stats_path).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    api.post(&results, &mensch("2026-03-04", "Ben,Anna")).await;
    let after = api.get(&stats_path).await;
    assert_ne!(after.header("etag"), Some(etag.as_str()));
    assert_eq!(
        (after.json()["overall"]["played"].clone(), after.json()["overall"]["current_streak"].clone()),
        (json!(5), json!(0))
    );
});

api_test!(standings_have_strong_etags_304_and_follow_every_write, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}})).await;
    let path = format!("/api/v1/leagues/{league}/standings");
    let empty = api.get(&path).await;
    assert_eq!(empty.json()["rows"], json!([]));
    let results = format!("/api/v1/leagues/{league}/results");
    api.post(&results, &rangeln("2026-11-20", &["Anna", "Ben", "Cleo"], &[&[-7, 6, 1], &[-6, 6, 1], &[-6, 6, 1]]))
        .await;

    let first = api.get(&path).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), Some("public, no-cache"));
    let etag = first.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"') && !etag.starts_with("W/"), "strong ETag: {etag}");
    assert_ne!(Some(etag.as_str()), empty.header("etag"));
    let rows = first.json()["rows"].clone();
    let mut first_row = rows[0].clone();
    let first_row = first_row.as_object_mut().unwrap();
    for field in ["rating", "rating_uncertainty", "rating_display"] {
        assert!(first_row.remove(field).unwrap().is_f64(), "{field}");
    }
    assert_eq!(
        json!(first_row),
        json!({"place": 1, "ranked": true, "player": "Anna", "played": 1, "wins": 1, "points": 2.0, "average_place": 1.0, "head_to_head": null})
    );

    let again = api.send(TestRequest::get().uri(&path).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    assert!(again.body.is_empty());

    // A new result changes the table and its ETag at once.
    api.post(&results, &mensch("2026-11-21", "Cleo,Ben,Anna")).await;
    let after = api.send(TestRequest::get().uri(&path).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(after.header("etag"), Some(etag.as_str()));
    assert_eq!(after.json()["rows"][0]["points"], 2.0);

    // as_of and game filters.
    let asof = api.get(&format!("{path}?as_of=2026-11-20")).await.json();
    assert_eq!(asof["rows"][0]["player"], "Anna");
    assert_eq!(asof["as_of"], "2026-11-20");
    let only = api.get(&format!("{path}?game=mensch-aergere-dich-nicht")).await.json();
    assert_eq!(only["rows"][0]["player"], "Cleo");
    assert_eq!(only["rows"][0]["played"], 1);
    api.get(&format!("{path}?as_of=2026-13-01")).await.problem(400, "invalid-query");
    api.get("/api/v1/leagues/42/standings").await.problem(404, "not-found");

    // A rename shows in the standings even though no result changed.
    let anna = api.get("/api/v1/players").await.json()[0]["id"].as_i64().unwrap();
    api.write(Method::PATCH, &format!("/api/v1/players/{anna}"), &json!({"name": "Anna-Lena"})).await;
    let renamed = api.get(&format!("{path}?as_of=2026-11-20")).await.json();
    assert_eq!(renamed["rows"][0]["player"], "Anna-Lena");
    let result = api.get(&results).await.json();
    assert_eq!(result["items"][1]["record"]["players"][0]["player"], "Anna-Lena");
    assert_eq!(result["items"][1]["record"]["detail"]["rounds"][0]["scores"]["Anna-Lena"], -7);
});

api_test!(idempotency_keys_replay_reject_changes_and_guard_concurrency, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let path = format!("/api/v1/leagues/{league}/results");
    let post = |key: &str, body: serde_json::Value| {
        TestRequest::post()
            .uri(&path)
            .insert_header(("authorization", format!("Bearer {}", api.token)))
            .insert_header(("idempotency-key", key.to_owned()))
            .set_json(body)
    };
    let first = api.send(post("key-1", mensch("2026-11-20", "Anna,Ben"))).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let replay = api.send(post("key-1", mensch("2026-11-20", "Anna,Ben"))).await;
    assert_eq!(replay.status, StatusCode::CREATED);
    assert_eq!(replay.json(), first.json());
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.header("etag"), first.header("etag"));
    assert_eq!(replay.header("location"), first.header("location"));
    assert_eq!(api.get(&path).await.json()["total"], 1);

    api.send(post("key-1", mensch("2026-11-20", "Ben,Anna"))).await.problem(422, "idempotency-key-reused");

    // A request still in flight under a key: a concurrent duplicate gets 409.
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let claimed = idempotency::claim(&mut pool.get().unwrap(), "key-2", "someone else's fingerprint").unwrap();
    assert!(matches!(claimed, idempotency::Claim::Fresh(_)));
    // Same key, same fingerprint as the in-flight one needs the same body: compute it the server's way.
    let r = api.send(post("key-2", mensch("2026-11-21", "Anna,Ben"))).await;
    r.problem(422, "idempotency-key-reused");

    // A failed request frees its key for a corrected retry.
    api.send(post("key-3", mensch("2026-11-22", "Anna,Zoe"))).await.problem(422, "invalid-body");
    let ok = api.send(post("key-3", mensch("2026-11-22", "Anna,Ben"))).await;
    assert_eq!(ok.status, StatusCode::CREATED);
    assert_eq!(api.get(&path).await.json()["total"], 2);
});

api_test!(a_concurrent_duplicate_gets_409, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let path = format!("/api/v1/leagues/{league}/results");
    let body = mensch("2026-11-20", "Anna,Ben");
    let record: spielstand_core::GameRecord = serde_json::from_value(body.clone()).unwrap();
    let fingerprint = idempotency::fingerprint(league, &record).unwrap();
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    assert!(matches!(
        idempotency::claim(&mut pool.get().unwrap(), "busy", &fingerprint).unwrap(),
        idempotency::Claim::Fresh(_)
    ));
    let r = api
        .send(
            TestRequest::post()
                .uri(&path)
                .insert_header(("authorization", format!("Bearer {}", api.token)))
                .insert_header(("idempotency-key", "busy"))
                .set_json(&body),
        )
        .await;
    r.problem(409, "idempotency-key-in-progress");
    assert_eq!(api.get(&path).await.json()["total"], 0);
});

api_test!(an_abandoned_claim_is_taken_over_and_its_owner_can_no_longer_settle, |api| {
    use diesel::prelude::*;
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let body = mensch("2026-11-20", "Anna,Ben");
    let record: spielstand_core::GameRecord = serde_json::from_value(body.clone()).unwrap();
    let fingerprint = idempotency::fingerprint(league, &record).unwrap();
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let idempotency::Claim::Fresh(fence) = idempotency::claim(&mut conn, "died", &fingerprint).unwrap() else {
        panic!("a fresh claim")
    };
    // The process that claimed the key died a minute ago.
    let long_ago = fence - chrono::TimeDelta::seconds(60);
    diesel::sql_query("UPDATE idempotency_keys SET started_at = $1 WHERE idem_key = 'died'")
        .bind::<diesel::sql_types::Timestamp, _>(long_ago)
        .execute(&mut **conn)
        .unwrap();
    let retry = TestRequest::post()
        .uri(&format!("/api/v1/leagues/{league}/results"))
        .insert_header(("authorization", format!("Bearer {}", api.token)))
        .insert_header(("idempotency-key", "died"))
        .set_json(&body);
    assert_eq!(api.send(retry).await.status, StatusCode::CREATED);
    // Had the first request merely been slow, it could not settle now, so it stores nothing.
    let late = conn.write(|c| idempotency::settle(c, "died", long_ago, 201, "{}"));
    assert!(matches!(late, Err(spielstand_api::error::Error::IdempotencyInProgress(_))), "{late:?}");
    assert_eq!(api.get(&format!("/api/v1/leagues/{league}/results")).await.json()["total"], 1);
});

api_test!(rangeln_rounds_are_scored_without_storing, |api| {
    let board = "# round 1\n. . . . . . . . .\n. . . . . . . . .\n. . . A A A . . .\n. . . A . A . . .\n. . . A . A . . .\n. . . A . . . . .\nB B B B B B B B .\nC C C C C C C C .\n. . . . . . . . .\n";
    let r = api
        .post("/api/v1/rangeln/score", &json!({"players": ["Anna", "Ben", "Cleo"], "round": {"board": board}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    // Anna: three on -2, five on +2. Ben: a3 -1, b3 +1, c3..g3 -2 each, h3 +1. Cleo: a2 -1, b2..h2 +1 each.
    assert_eq!(
        r.json()["scores"],
        json!([{"player": "Anna", "score": 4}, {"player": "Ben", "score": -9}, {"player": "Cleo", "score": 6}])
    );
    let rings = json!({"players": ["A", "B", "C"], "round": {"rings": {"A": {"plus2": 8}, "B": {"plus2": 1, "plus1": 7}, "C": {"minus1": 8}}}});
    api.post("/api/v1/rangeln/score", &rings).await.problem(422, "ring-overfull");
    let bad = json!({"players": ["A", "B", "C"], "round": {"board": "nonsense"}});
    let d = api.post("/api/v1/rangeln/score", &bad).await.problem(422, "board-symbol");
    assert_eq!(d, "line 1, column 1: unexpected 'n', expected '.' or a piece 'A'..'E'");
});

api_test!(ratings_after_corrections_equal_ratings_entered_right, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let lauf = |date: &str, order: &str| {
        let mut body = mensch(date, order);
        body["game"] = json!("lauf-rauf");
        body["detail"]["edition"] = json!("published");
        body["detail"]["cards"] = json!(true);
        body
    };
    let games = [("2026-03-01", "Anna,Ben,Cleo"), ("2026-03-02", "Cleo,Anna,Ben"), ("2026-03-03", "Ben,Anna=Cleo")];
    // League "right": entered right in the first place.
    let right = api.add_league(json!({"name": "Right", "rules": {"games": ["lauf-rauf"]}})).await;
    for (date, order) in games {
        assert_eq!(
            api.post(&format!("/api/v1/leagues/{right}/results"), &lauf(date, order)).await.status,
            StatusCode::CREATED
        );
    }
    // League "fixed": the second game entered wrong and corrected, plus a mistake deleted.
    let fixed = api.add_league(json!({"name": "Fixed", "rules": {"games": ["lauf-rauf"]}})).await;
    let path = format!("/api/v1/leagues/{fixed}/results");
    api.post(&path, &lauf(games[0].0, games[0].1)).await;
    let wrong = api.post(&path, &lauf("2026-02-27", "Ben,Cleo,Anna")).await.json()["id"].as_i64().unwrap();
    let mistake = api.post(&path, &lauf("2026-03-02", "Anna,Cleo,Ben")).await.json()["id"].as_i64().unwrap();
    api.post(&path, &lauf(games[2].0, games[2].1)).await;
    let standings = |league: i64| format!("/api/v1/leagues/{league}/standings");
    let before = api.get(&standings(fixed)).await.json()["rows"].clone();
    let auth = ("authorization", format!("Bearer {}", api.token));
    let fix = TestRequest::put()
        .uri(&format!("/api/v1/results/{wrong}"))
        .insert_header(auth.clone())
        .insert_header(("if-match", "\"1\""))
        .set_json(lauf(games[1].0, games[1].1));
    assert_eq!(api.send(fix).await.status, StatusCode::OK);
    let delete = TestRequest::delete()
        .uri(&format!("/api/v1/results/{mistake}"))
        .insert_header(auth)
        .insert_header(("if-match", "*"));
    assert_eq!(api.send(delete).await.status, StatusCode::NO_CONTENT);

    let after = api.get(&standings(fixed)).await.json()["rows"].clone();
    let expected = api.get(&standings(right)).await.json()["rows"].clone();
    assert_ne!(before, after);
    assert_eq!(after, expected, "a corrected league rates exactly as one entered right");
    for row in expected.as_array().unwrap() {
        let (mu, sigma, shown) = (
            row["rating"].as_f64().unwrap(),
            row["rating_uncertainty"].as_f64().unwrap(),
            row["rating_display"].as_f64().unwrap(),
        );
        assert!((shown - (mu - 3.0 * sigma)).abs() < 1e-9, "{row}");
        assert!(sigma < 25.0 / 3.0);
    }
    let early = api.get(&format!("/api/v1/leagues/{right}/standings?as_of=2026-03-01")).await.json();
    assert_eq!(early["rows"][0]["player"], "Anna");
    assert_ne!(
        early["rows"][0]["rating"],
        expected.as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap()["rating"]
    );

    // Per player and game, across both leagues, with history.
    let anna = api.get("/api/v1/players").await.json()[0]["id"].as_i64().unwrap();
    let ratings = api.get(&format!("/api/v1/players/{anna}/ratings")).await.json();
    assert_eq!(ratings["player"]["name"], "Anna");
    let games = ratings["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["game"], "lauf-rauf");
    let history = games[0]["history"].as_array().unwrap();
    assert_eq!(history.len(), 6, "three games in each league");
    assert_eq!(history.last().unwrap()["rating"], games[0]["current"]["rating"]);
    assert_eq!(history[0]["place"], 1);
    let dates: Vec<&str> = history.iter().map(|h| h["played_on"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{dates:?}");
    let early = api.get(&format!("/api/v1/players/{anna}/ratings?as_of=2026-03-01")).await.json();
    assert_eq!(early["games"][0]["history"].as_array().unwrap().len(), 2);
    api.get("/api/v1/players/999/ratings").await.problem(404, "not-found");
    api.get(&format!("/api/v1/players/{anna}/ratings?as_of=soon")).await.problem(400, "invalid-query");
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

api_test!(tables_follow_every_change_incrementally_and_equal_a_recomputation, |api| {
    use spielstand_core::{GameKind, LeagueRules, StandingsQuery};
    use std::sync::atomic::Ordering::Relaxed;
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    let league = api
        .add_league(
            json!({"name": "Live", "rules": {"games": ["mensch-aergere-dich-nicht", "ghostbuster", "lauf-rauf"]}}),
        )
        .await;
    let results = format!("/api/v1/leagues/{league}/results");
    let views: Vec<(String, StandingsQuery)> = vec![
        (String::new(), StandingsQuery::default()),
        (
            "?game=mensch-aergere-dich-nicht".into(),
            StandingsQuery { game: Some(GameKind::MenschAergereDichNicht), as_of: None },
        ),
        ("?as_of=2026-03-05".into(), StandingsQuery { game: None, as_of: chrono::NaiveDate::from_ymd_opt(2026, 3, 5) }),
    ];
    let counters = api.state.tables.counters();
    let check = |what: &'static str| {
        let api = &api;
        let views = &views;
        async move {
            let league_body = api.get(&format!("/api/v1/leagues/{league}")).await.json();
            let rules: LeagueRules = serde_json::from_value(league_body["rules"].clone()).unwrap();
            let all = api.league_results(league).await;
            for (query, view) in views {
                let served = api.get(&format!("/api/v1/leagues/{league}/standings{query}")).await.json();
                let expected = serde_json::to_value(spielstand_core::rated_standings(&rules, &all, *view)).unwrap();
                assert_eq!(served["rows"], expected, "{what}: {query}");
                assert_eq!(served["league_revision"], league_body["revision"], "{what}: {query}");
            }
        }
    };
    check("empty").await;
    assert_eq!(counters.full_loads.load(Relaxed), 1, "the league is read in full once");
    for (date, order) in
        [("2026-03-01", "Anna,Ben,Cleo"), ("2026-03-08", "Dora,Anna,Emil,Ben"), ("2026-03-04", "Cleo,Ben=Emil")]
    {
        assert_eq!(api.post(&results, &mensch(date, order)).await.status, StatusCode::CREATED);
        check("recorded").await;
    }
    // Appended after the last game of the season so far, and backdated before all of them.
    let late = api.post(&results, &mensch("2026-03-09", "Emil,Dora")).await.json()["id"].as_i64().unwrap();
    check("appended").await;
    let early = api.post(&results, &mensch("2026-02-01", "Ben,Anna,Dora")).await.json()["id"].as_i64().unwrap();
    check("backdated").await;
    // A correction that moves a result to another day and changes its places.
    let fix = TestRequest::put()
        .uri(&format!("/api/v1/results/{early}"))
        .insert_header(("authorization", format!("Bearer {}", api.token)))
        .insert_header(("if-match", "\"1\""))
        .set_json(mensch("2026-03-06", "Dora,Ben,Anna"));
    assert_eq!(api.send(fix).await.status, StatusCode::OK);
    check("corrected").await;
    let delete = TestRequest::delete()
        .uri(&format!("/api/v1/results/{late}"))
        .insert_header(("authorization", format!("Bearer {}", api.token)))
        .insert_header(("if-match", "*"));
    assert_eq!(api.send(delete).await.status, StatusCode::NO_CONTENT);
    check("deleted").await;
    let ben = api.get("/api/v1/players").await.json().as_array().unwrap().iter().find(|p| p["name"] == "Ben").unwrap()
        ["id"]
        .clone();
    let renamed = api.write(Method::PATCH, &format!("/api/v1/players/{ben}"), &json!({"name": "Benedikt"})).await;
    assert_eq!(renamed.status, StatusCode::OK);
    check("renamed").await;
    let standings = api.get(&format!("/api/v1/leagues/{league}/standings")).await.json();
    assert!(standings["rows"].as_array().unwrap().iter().any(|r| r["player"] == "Benedikt"), "{standings}");
    let rules = json!({"name": "Live", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"], "season": {"from": "2026-03-02"}, "tie_breakers": ["head-to-head", "wins"]}});
    assert_eq!(api.write(Method::PUT, &format!("/api/v1/leagues/{league}"), &rules).await.status, StatusCode::OK);
    check("new rules").await;
    assert_eq!(counters.full_loads.load(Relaxed), 1, "every change was applied, none reloaded the league");
    assert!(counters.catch_ups.load(Relaxed) >= 8);

    // Many readers at once after a write: one computation serves them all.
    let r = api.post(&results, &mensch("2026-03-10", "Anna,Emil")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let renders = counters.renders.load(Relaxed);
    let path = format!("/api/v1/leagues/{league}/standings");
    let readers = (0..32).map(|_| api.get(&path));
    let bodies: Vec<Vec<u8>> = futures_util::future::join_all(readers).await.into_iter().map(|r| r.body).collect();
    assert!(bodies.windows(2).all(|w| w[0] == w[1]), "every reader got the same table");
    assert_eq!(counters.renders.load(Relaxed), renders + 1, "32 concurrent readers, one computation");
    assert_eq!(counters.full_loads.load(Relaxed), 1);
});

api_test!(integers_written_with_a_fraction_of_zero_are_integers, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let path = format!("/api/v1/leagues/{league}/results");
    // JSON Schema's integer admits 1.0, and generated clients may send it.
    let mut body = mensch("2026-03-01", "Anna,Ben");
    body["players"][0]["seat"] = json!(1.0);
    body["players"][1]["seat"] = json!(2.0);
    let r = api.post(&path, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["record"]["players"][0]["seat"], json!(1));
    body["players"][1]["seat"] = json!(2.5);
    let detail = api.post(&path, &body).await.problem(422, "invalid-body");
    assert!(detail.starts_with("players[1].seat: invalid type: floating point `2.5`"), "{detail}");
});

api_test!(lookalike_and_invisible_names_are_refused, |api| {
    api.add_players(&["Anna", "Jörg", "Paul"]).await;
    // Another script, the same look: 409 naming the player it looks like.
    for lookalike in ["\u{410}nna", "PauI"] {
        let detail = api.post("/api/v1/players", &json!({"name": lookalike})).await.problem(409, "conflict");
        assert!(detail.contains("looks the same as the existing player"), "{lookalike:?}: {detail}");
    }
    // Invisible characters: refused outright.
    for hidden in ["An\u{200d}na", "Anna\u{200b}", "\u{feff}Anna", "\u{202e}annA", "Anna\u{E0041}"] {
        api.post("/api/v1/players", &json!({"name": hidden})).await.problem(422, "invalid-name");
    }
    // "Jörg" decomposed is "Jörg": the same name, taken.
    api.post("/api/v1/players", &json!({"name": "Jo\u{308}rg"})).await.problem(409, "conflict");
    api.post("/api/v1/players", &json!({"name": "GROSS"})).await;
    api.post("/api/v1/players", &json!({"name": "Groß"})).await.problem(409, "conflict");
    // Renaming into a lookalike is refused too; renaming to one's own name in capitals is not.
    let players = api.get("/api/v1/players").await.json();
    let ben = players.as_array().unwrap().iter().find(|p| p["name"] == "Paul").unwrap()["id"].as_i64().unwrap();
    let r = api.write(Method::PATCH, &format!("/api/v1/players/{ben}"), &json!({"name": "\u{410}nna"})).await;
    r.problem(409, "conflict");
    let r = api.write(Method::PATCH, &format!("/api/v1/players/{ben}"), &json!({"name": "PAUL"})).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(api.get("/api/v1/players").await.json().as_array().unwrap().len(), 4);
});

api_test!(names_stored_under_the_old_comparison_are_rekeyed_at_start, |api| {
    use diesel::RunQueryDsl;
    api.add_players(&["Groß"]).await;
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    // As a server before NFKC and case folding stored it: lower case only.
    diesel::sql_query("UPDATE players SET name_key = 'groß'").execute(&mut **conn).unwrap();
    drop(conn);
    let _restarted = spielstand_api::AppState::new(pool.clone(), &api.url);
    let mut conn = pool.get().unwrap();
    #[derive(diesel::QueryableByName)]
    struct Key {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name_key: String,
    }
    let keys: Vec<Key> = diesel::sql_query("SELECT name_key FROM players").load(&mut **conn).unwrap();
    assert_eq!(keys.iter().map(|k| k.name_key.as_str()).collect::<Vec<_>>(), ["gross"]);
    api.post("/api/v1/players", &json!({"name": "GROSS"})).await.problem(409, "conflict");
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
        spielstand_api::model::TokenScope::Admin,
        None,
    )
    .unwrap();
    let throttle = ThrottleOptions {
        writes_per_minute: 2,
        trusted_proxies: vec!["10.0.0.1".parse().unwrap()],
        ..Default::default()
    };
    let state = spielstand_api::AppState::with_options(
        pool,
        &db.url,
        spielstand_api::Options { throttle, ..Default::default() },
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

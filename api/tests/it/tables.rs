//! League tables and what is made of the same state: places, statistics, head-to-head,
//! ratings; strong ETags and 304; every change followed incrementally and equal to a
//! recomputation.

use crate::common::{mensch, rangeln};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};

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

//! Results end to end on the real App: recorded, corrected, deleted with their history,
//! Rangeln rounds scored without storing, and JSON integers as clients write them.

use crate::common::{mensch, rangeln};
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::json;

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

//! Results end to end on the real App: recorded, corrected, deleted with their history,
//! Rangeln rounds scored without storing, and JSON integers as clients write them.

use crate::common::{day, input, mensch, rangeln, round_scores};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_core::rangeln::PlayerScore;
use spielstand_core::{GameKind, Placing};
use spielstand_wire::calls;
use spielstand_wire::{Action, HistoryEntry, ResultPage, ResultsParams, ScoreResponse, StoredResult};

api_test!(results_are_recorded_corrected_deleted_and_audited, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}})).await;

    // Names resolve case-insensitively and are stored as the players are named.
    let r = api
        .record(league, &rangeln("2026-11-20", &["anna", "BEN", "Cleo"], &[&[-7, 6, 1], &[-6, 6, 1], &[-6, 6, 1]]))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("etag"), Some("\"1\""));
    let result: StoredResult = r.body();
    let id = result.id;
    assert_eq!(result.record.players[0].player, "Anna");
    assert_eq!(round_scores(&result.record, 0)["Ben"], 6);
    let placing = |player: &str, place| Placing::alone(player, place);
    assert_eq!(result.placings, [placing("Anna", 1), placing("Ben", 2), placing("Cleo", 3)]);
    assert_eq!(result.rangeln.as_ref().unwrap().totals[0].total, -19);

    let got = api.call(calls::get_result(id)).await;
    assert_eq!(got.header("etag"), Some("\"1\""));
    assert_eq!(got.body::<StoredResult>().record, result.record);

    // Correction: If-Match required, stale rejected, current accepted.
    let fixed = rangeln("2026-11-20", &["Anna", "Ben", "Cleo"], &[&[7, 6, 1], &[6, 6, 1], &[6, 6, 1]]);
    // Without If-Match, as no call sends a correction.
    let unconditional = TestRequest::put()
        .uri(&format!("/api/v1/results/{id}"))
        .insert_header(("authorization", format!("Bearer {}", api.token)))
        .set_json(&fixed);
    api.send(unconditional).await.problem(428, "precondition-required");
    let fixed = input(fixed);
    let put = |if_match: &str| api.call(calls::correct_result(id, if_match, &fixed));
    put("\"7\"").await.problem(412, "precondition-failed");
    let r = put("\"1\"").await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("etag"), Some("\"2\""));
    assert_eq!(r.body::<StoredResult>().rangeln.unwrap().totals[0].total, 19);
    put("\"1\"").await.problem(412, "precondition-failed");
    let any = put("*").await;
    assert_eq!(any.header("etag"), Some("\"3\""), "If-Match: * matches any current revision");
    let fixed_rev = 3;

    // Listing with filters and pages.
    api.record(league, &mensch("2026-11-21", "Dora,Cleo,Anna=Ben")).await;
    api.record(league, &mensch("2026-11-22", "Ben,Anna")).await;
    let list = |query: ResultsParams| api.call(calls::list_results(league, &query));
    let all: ResultPage = list(ResultsParams { per_page: Some(2), ..Default::default() }).await.body();
    assert_eq!(all.total, 3);
    assert_eq!(all.items.len(), 2);
    assert_eq!(all.items[0].record.played_on, day("2026-11-22"));
    let page2: ResultPage = list(ResultsParams { per_page: Some(2), page: Some(2), ..Default::default() }).await.body();
    assert_eq!(page2.items[0].id, id);
    let mensch_from = ResultsParams {
        game: Some(GameKind::MenschAergereDichNicht),
        from: Some(day("2026-11-22")),
        ..Default::default()
    };
    let only: ResultPage = list(mensch_from).await.body();
    assert_eq!(only.total, 1);
    // A game and a day no `ResultsParams` writes.
    let path = format!("/api/v1/leagues/{league}/results");
    let d = api.get(&format!("{path}?game=chess")).await.problem(400, "invalid-query");
    assert!(d.starts_with("game:"), "{d}");
    api.get(&format!("{path}?from=yesterday")).await.problem(400, "invalid-query");
    list(ResultsParams { per_page: Some(0), ..Default::default() }).await.problem(400, "invalid-query");
    api.call(calls::list_results(99, &Default::default())).await.problem(404, "not-found");

    // Deletion, then the audit trail.
    let del = |tag: &str| api.call(calls::delete_result(id, tag));
    del("\"2\"").await.problem(412, "precondition-failed");
    del("W/\"3\"").await.problem(412, "precondition-failed");
    // Entity tags compare as strings (RFC 9110's strong comparison), not as numbers.
    del("\"03\"").await.problem(412, "precondition-failed");
    del("\"3.0\"").await.problem(412, "precondition-failed");
    del("\" 3\"").await.problem(412, "precondition-failed");
    assert_eq!(del("\"9\", \"3\"").await.status, StatusCode::NO_CONTENT);
    // A deleted result meets no If-Match: 412, naming the deletion.
    let gone = del("\"3\"").await.problem(412, "precondition-failed");
    assert!(gone.contains("was deleted"), "{gone}");
    api.call(calls::get_result(id)).await.problem(404, "not-found");
    assert_eq!(list(ResultsParams::default()).await.body::<ResultPage>().total, 2);
    // The public sees what changed and when, but not which token: that is for callers
    // with a token (the call sends one: the public's read is written out).
    let public = api.get(&format!("/api/v1/results/{id}/history")).await;
    assert!(public.body::<Vec<HistoryEntry>>().iter().all(|h| h.token_name.is_none()), "{}", public.json());
    let history: Vec<HistoryEntry> = api.answer(calls::result_history(id)).await;
    let actions: Vec<(Action, i64, &str)> =
        history.iter().map(|h| (h.action, h.revision, h.token_name.as_deref().unwrap())).collect();
    assert_eq!(
        actions,
        [
            (Action::Recorded, 1, "test-club"),
            (Action::Corrected, 2, "test-club"),
            (Action::Corrected, fixed_rev, "test-club"),
            (Action::Deleted, 4, "test-club")
        ]
    );
    assert_eq!(history[0].before, None);
    assert_eq!(round_scores(history[1].before.as_ref().unwrap(), 0)["Anna"], -7);
    assert_eq!(round_scores(history[1].after.as_ref().unwrap(), 0)["Anna"], 7);
    assert_eq!(history[3].after, None);
    // Without the token, as the public reads it.
    api.get("/api/v1/results/12345/history").await.problem(404, "not-found");
});

api_test!(rangeln_rounds_are_scored_without_storing, |api| {
    let board = "# round 1\n. . . . . . . . .\n. . . . . . . . .\n. . . A A A . . .\n. . . A . A . . .\n. . . A . A . . .\n. . . A . . . . .\nB B B B B B B B .\nC C C C C C C C .\n. . . . . . . . .\n";
    let scored = |request: serde_json::Value| calls::score_rangeln_round(&input(request));
    let r = api.call(scored(json!({"players": ["Anna", "Ben", "Cleo"], "round": {"board": board}}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    // Anna: three on -2, five on +2. Ben: a3 -1, b3 +1, c3..g3 -2 each, h3 +1. Cleo: a2 -1, b2..h2 +1 each.
    let score = |player: &str, score| PlayerScore { player: player.to_owned(), score };
    assert_eq!(r.body::<ScoreResponse>().scores, [score("Anna", 4), score("Ben", -9), score("Cleo", 6)]);
    let rings = json!({"players": ["A", "B", "C"], "round": {"rings": {"A": {"plus2": 8}, "B": {"plus2": 1, "plus1": 7}, "C": {"minus1": 8}}}});
    api.call(scored(rings)).await.problem(422, "ring-overfull");
    let bad = json!({"players": ["A", "B", "C"], "round": {"board": "nonsense"}});
    let d = api.call(scored(bad)).await.problem(422, "board-symbol");
    assert_eq!(d, "line 1, column 1: unexpected 'n', expected '.' or a piece 'A'..'E'");
});

api_test!(integers_written_with_a_fraction_of_zero_are_integers, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    // JSON Schema's integer admits 1.0, and generated clients may send it: as written, as
    // no typed client would.
    let path = format!("/api/v1/leagues/{league}/results");
    let mut body = mensch("2026-03-01", "Anna,Ben");
    body["players"][0]["seat"] = json!(1.0);
    body["players"][1]["seat"] = json!(2.0);
    let r = api.post(&path, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    // As JSON: the seat comes back written as the integer 1, not as 1.0.
    assert_eq!(r.json()["record"]["players"][0]["seat"], json!(1));
    body["players"][1]["seat"] = json!(2.5);
    let detail = api.post(&path, &body).await.problem(422, "invalid-body");
    assert!(detail.starts_with("players[1].seat: invalid type: floating point `2.5`"), "{detail}");
});

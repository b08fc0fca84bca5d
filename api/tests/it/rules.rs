//! League game options, the joint check of bare Rangeln scores and the Rangeln referee,
//! end to end on the real App.

use crate::common::{input, mensch, rangeln};
use actix_web::http::StatusCode;
use serde_json::{Value, json};
use spielstand_core::finishing::{ColourMode, Edition, HouseRule, LaufRaufOptions, LaufRaufResult, MenschResult};
use spielstand_core::{GameRecord, Outcome};
use spielstand_wire::calls;
use spielstand_wire::{League, LeagueInput, Problem, ResultPage, ScoreResponse, StoredResult};

/// A Lauf Rauf! record's detail.
fn lauf_rauf_detail(record: &GameRecord) -> &LaufRaufResult {
    let Outcome::LaufRauf(detail) = &record.outcome else { panic!("not Lauf Rauf!: {record:?}") };
    detail
}

/// A Mensch ärgere Dich nicht record's detail.
fn mensch_detail(record: &GameRecord) -> &MenschResult {
    let Outcome::MenschAergereDichNicht(detail) = &record.outcome else { panic!("not Mensch: {record:?}") };
    detail
}

fn lauf_rauf(date: &str, order: &[&str], detail: Value) -> Value {
    let players: Vec<Value> = order.iter().enumerate().map(|(i, p)| json!({"player": p, "seat": i + 1})).collect();
    let mut detail = detail;
    detail["order"] = json!(order.iter().map(|p| vec![p]).collect::<Vec<_>>());
    json!({"played_on": date, "players": players, "game": "lauf-rauf", "detail": detail})
}

api_test!(results_take_the_leagues_game_options_and_keep_them, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let rules = json!({"games": ["lauf-rauf", "mensch-aergere-dich-nicht"], "game_options": {
        "lauf-rauf": {"edition": "revised", "cards": true},
        "mensch-aergere-dich-nicht": {"house_rules": ["backward-capture"]}
    }});
    let league = api.add_league(json!({"name": "Bergliga", "rules": rules})).await;

    // The order is enough: edition and cards are the league's, written into the result.
    let r = api.record(league, &lauf_rauf("2026-04-01", &["Anna", "Ben", "Cleo"], json!({}))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let created: StoredResult = r.body();
    let first = created.id;
    assert_eq!(lauf_rauf_detail(&created.record).edition, Some(Edition::Revised));
    assert_eq!(lauf_rauf_detail(&created.record).cards, Some(true));

    // Stating the same is fine; stating another is refused, naming both.
    let same = lauf_rauf("2026-04-01", &["Ben", "Anna"], json!({"edition": "revised"}));
    assert_eq!(api.record(league, &same).await.status, StatusCode::CREATED);
    let r = api.record(league, &lauf_rauf("2026-04-01", &["Ben", "Anna"], json!({"edition": "published"}))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body::<Problem>().kind, "/problems/option-conflict");
    assert_eq!(
        r.body::<Problem>().detail,
        "this result states edition published, but the league plays lauf-rauf with edition revised"
    );
    let r = api.record(league, &lauf_rauf("2026-04-01", &["Ben", "Anna"], json!({"cards": false}))).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/option-conflict");

    // Mensch: house rules compare as sets; the default colours are written down.
    let mut mensch = crate::common::mensch("2026-04-02", "Cleo,Anna");
    let r = api.record(league, &mensch).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let created: StoredResult = r.body();
    assert_eq!(mensch_detail(&created.record).house_rules, Some(vec![HouseRule::BackwardCapture]));
    assert_eq!(mensch_detail(&created.record).colours, Some(ColourMode::OneEach));
    mensch["detail"]["house_rules"] = json!(["barriers"]);
    assert_eq!(api.record(league, &mensch).await.body::<Problem>().kind, "/problems/option-conflict");

    // The league changes its options: old results keep theirs, new ones take the new.
    let mut changed: League = api.call(calls::get_league(league)).await.body();
    changed.rules.game_options.lauf_rauf =
        Some(LaufRaufOptions { edition: Some(Edition::Published), cards: Some(false) });
    let r =
        api.call(calls::update_league(league, &LeagueInput { name: "Bergliga".into(), rules: changed.rules })).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let old: StoredResult = api.call(calls::get_result(first)).await.body();
    let old = lauf_rauf_detail(&old.record);
    assert_eq!((old.edition, old.cards), (Some(Edition::Revised), Some(true)));
    let r = api.record(league, &lauf_rauf("2026-04-03", &["Cleo", "Ben"], json!({}))).await;
    let created: StoredResult = r.body();
    assert_eq!(lauf_rauf_detail(&created.record).edition, Some(Edition::Published));
    assert_eq!(lauf_rauf_detail(&created.record).cards, Some(false));

    // Without league options a Lauf Rauf! result must say; options for a game the league
    // does not count are refused.
    let bare = api.add_league(json!({"name": "Ohne", "rules": {"games": ["lauf-rauf"]}})).await;
    let r = api.record(bare, &lauf_rauf("2026-04-01", &["Anna", "Ben"], json!({"cards": true}))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body::<Problem>().kind, "/problems/option-missing");
    let other_game = input(
        json!({"name": "Falsch", "rules": {"games": ["rangeln"], "game_options": {"lauf-rauf": {"cards": true}}}}),
    );
    let r = api.call(calls::create_league(&other_game)).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/options-for-other-game");
    // Options Rangeln does not have: no `LeagueInput`.
    let r = api
        .post(
            "/api/v1/leagues",
            &json!({"name": "Falsch", "rules": {"games": ["rangeln"], "game_options": {"rangeln": {}}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body::<Problem>().kind, "/problems/invalid-body");
});

api_test!(bare_scores_must_be_possible_together, |api| {
    let score = |scores: Value| {
        calls::score_rangeln_round(&input(json!({"players": ["Anna", "Ben", "Cleo"], "round": {"scores": scores}})))
    };
    let r = api.call(score(json!({"Anna": 16, "Ben": 16, "Cleo": 16}))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body::<Problem>().kind, "/problems/scores-impossible");
    assert!(
        r.body::<Problem>().detail.starts_with("no board gives these scores at once (Anna +16, Ben +16, Cleo +16)")
    );
    let r = api.call(score(json!({"Anna": 16, "Ben": 8, "Cleo": 8}))).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());

    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Ringliga", "rules": {"games": ["rangeln"]}})).await;
    let game = rangeln("2026-05-01", &["Anna", "Ben", "Cleo"], &[&[2, 1, 0], &[16, 16, 16], &[0, 0, 0]]);
    let r = api.record(league, &game).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body::<Problem>().detail.starts_with("round 2: no board gives these scores at once"), "{:?}", r.json());
    assert_eq!(api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().items.len(), 0);
});

/// A round of three, placed and moved: Anna, Ben and Cleo place round robin, then move.
fn moves() -> Value {
    json!({
        "placements": [
            ["Anna", "b2"], ["Ben", "c2"], ["Cleo", "d2"], ["Anna", "f2"], ["Ben", "g2"], ["Cleo", "h2"],
            ["Anna", "b4"], ["Ben", "c4"], ["Cleo", "d4"], ["Anna", "f4"], ["Ben", "g4"], ["Cleo", "h4"],
            ["Anna", "b6"], ["Ben", "c6"], ["Cleo", "d6"], ["Anna", "f6"], ["Ben", "g6"], ["Cleo", "h6"],
            ["Anna", "b8"], ["Ben", "c8"], ["Cleo", "d8"], ["Anna", "f8"], ["Ben", "g8"], ["Cleo", "h8"]
        ],
        "turns": [
            {"player": "Anna", "paths": ["b2-b3", "f2-f3", "b4-a4", "f4-e4", "b6-a6", "f6-f7"]},
            {"player": "Ben", "paths": ["c2-c1-d1", "g2-g1-f1", "c4-c5-b5"]},
            {"player": "Cleo", "paths": ["h8-i8-i7-i6-i5-i4-i3"]}
        ]
    })
}

api_test!(the_referee_scores_moves_and_names_the_illegal_step, |api| {
    let players = json!(["Anna", "Ben", "Cleo"]);
    let score = |round: Value| calls::score_rangeln_round(&input(json!({"players": players, "round": round})));
    let r = api.call(score(json!({"moves": moves()}))).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let scored: ScoreResponse = r.body();
    let board = scored.board.clone().unwrap();
    assert_eq!(board.lines().count(), 9);
    // The board answered scores exactly like the moves.
    let again = api.call(score(json!({"board": board}))).await;
    let again: ScoreResponse = again.body();
    assert_eq!(again.scores, scored.scores);
    assert_eq!(again.board, scored.board);

    let mut bad = moves();
    bad["placements"][6] = json!(["Anna", "c3"]);
    let r = api.call(score(json!({"moves": bad}))).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/placement-adjacent");
    assert_eq!(r.body::<Problem>().detail, "placement 7: Anna may not place on c3, next to their own piece on b2");
    let mut bad = moves();
    bad["turns"][1]["paths"] = json!(["c2-c1-d1", "g2-g1-f1", "c4-c5-c4"]);
    let r = api.call(score(json!({"moves": bad}))).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/step-revisit", "{:?}", r.json());
    let mut bad = moves();
    bad["turns"][1]["paths"] = json!(["c2-c1-d1-e1-e2"]);
    let r = api.call(score(json!({"moves": bad}))).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/allowance");
    assert!(
        r.body::<Problem>()
            .detail
            .starts_with("turn of Ben, path 1 (c2-c1-d1-e1-e2): Ben's allowance as second player of 3")
    );
    // In German, the referee's words too: where, the allowance, what the turn made.
    // (Sent with the token, as it was written: the scorer reads none.)
    let german = api
        .send(api.request_as(&api.token, score(json!({"moves": bad}))).insert_header(("accept-language", "de")))
        .await;
    let detail = german.problem(422, "allowance");
    assert!(
        detail.starts_with("Zug von Ben, Weg 1 (c2-c1-d1-e1-e2): Ben darf als zweiter Spieler von 3: "),
        "{detail}"
    );
    assert!(!detail.contains("allowance") && !detail.contains("path") && !detail.contains("step"), "{detail}");
    // A path that is not cells joined by '-' is a bad body, naming the field: no
    // `ScoreRequest`, sent as it is.
    let mut bad = moves();
    bad["turns"][0]["paths"][0] = json!("b2-z9");
    let r = api.post("/api/v1/rangeln/score", &json!({"players": players, "round": {"moves": bad}})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    // In a stored game round r is started by seat r: round 1 by Anna, whose moves these are.
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Schiedsliga", "rules": {"games": ["rangeln"]}})).await;
    let mut game = rangeln("2026-05-01", &["Anna", "Ben", "Cleo"], &[&[0, 0, 0], &[1, 0, -1], &[0, 0, 0]]);
    game["detail"]["rounds"][0] = json!({"moves": moves()});
    let r = api.record(league, &game).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    assert_eq!(r.body::<StoredResult>().rangeln.unwrap().rounds[0].board, Some(board));
    // Round 2 is Ben's to start: the same moves are out of turn there.
    game["detail"]["rounds"][1] = json!({"moves": moves()});
    let r = api.record(league, &game).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/out-of-turn");
    assert_eq!(r.body::<Problem>().detail, "round 2, placement 1: it is Ben's turn, not Anna's");
});

api_test!(rule_violations_are_422_naming_what_is_wrong_and_store_nothing, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api
        .add_league(json!({"name": "L", "rules": {"games": ["rangeln", "hase-und-igel"], "season": {"from": "2026-01-01", "to": "2026-12-31"}}}))
        .await;

    let board = "A A A A A A . . .\n. . . . . . . . .\nB B B B B B . . .\n. . . . . . . . .\nC C C C C C . . .\n. . . . . . . . .\nD D D D D D . . .\n. . . . . . . . .\nA . . . . . . . .\n";
    let mut body = rangeln("2026-11-20", &["Anna", "Ben", "Cleo", "Dora"], &[&[0, 0, 0, 0][..]; 4]);
    body["detail"]["rounds"][1] = json!({"board": board});
    let d = api.record(league, &body).await.problem(422, "piece-count");
    assert_eq!(d, "round 2: Anna has 7 pieces on the board, expected 6");

    body["detail"]["rounds"][1] = json!({"board": board.replace("A . . . . . . . .\n", "A . x . . . . . .\n")});
    let d = api.record(league, &body).await.problem(422, "board-symbol");
    assert_eq!(d, "round 2: line 9, column 5: unexpected 'x', expected '.' or a piece 'A'..'E'");

    let d = api
        .record(league, &rangeln("2025-12-31", &["Anna", "Ben", "Cleo"], &[&[0, 0, 0][..]; 3]))
        .await
        .problem(422, "outside-season");
    assert!(d.contains("2025-12-31"), "{d}");
    api.record(league, &mensch("2026-05-01", "Anna,Ben")).await.problem(422, "game-not-in-league");
    let d = api
        .record(league, &rangeln("2026-05-01", &["Anna", "Ben", "Zoe"], &[&[0, 0, 0][..]; 3]))
        .await
        .problem(422, "invalid-body");
    assert_eq!(d, "players[2].player: there is no player named \"Zoe\"; add the player first");
    let hare = json!({"played_on": "2026-05-01", "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}], "game": "hase-und-igel",
        "detail": {"order": [["Anna"], ["Ben"]], "finishers": [{"player": "Anna", "carrots": 11}]}});
    let d = api.record(league, &hare).await.problem(422, "hare-carrots");
    assert_eq!(d, "Anna finished in place 1 with 11 carrots, at most 10 are allowed");
    // In German when the request prefers German to English; type, code and every other
    // member unchanged, so that scripts keep working.
    let hare: GameRecord = input(hare);
    let asked = |accept: &'static str| {
        api.request(calls::record_result(league, &hare, None)).insert_header(("accept-language", accept))
    };
    for accept in ["de-DE,de;q=0.9,en;q=0.8", "fr-FR, de;q=0.5, en;q=0.3", "de"] {
        let german = api.send(asked(accept)).await;
        assert_eq!(german.header("content-language"), Some("de"), "{accept}");
        let d = german.problem(422, "hare-carrots");
        assert_eq!(d, "Anna ist auf Platz 1 mit 11 Karotten ins Ziel gekommen, erlaubt sind höchstens 10", "{accept}");
        assert_eq!(german.json()["type"], "/problems/hare-carrots");
    }
    for accept in ["en-GB, de;q=0.5", "fr", "*"] {
        let english = api.send(asked(accept)).await;
        assert_eq!(english.header("content-language"), Some("en"), "{accept}");
        assert_eq!(
            english.problem(422, "hare-carrots"),
            "Anna finished in place 1 with 11 carrots, at most 10 are allowed"
        );
    }
    assert_eq!(api.answer(calls::list_results(league, &Default::default())).await.total, 0);
    assert_eq!(api.call(calls::get_league(league)).await.body::<League>().revision, 1, "failed writes change nothing");
});

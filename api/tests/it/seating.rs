//! A night of several tables on the real App: check-in, draws, recording by table, and how
//! good the ratings are.

use crate::common::{input, mensch};
use actix_web::http::StatusCode;
use serde_json::{Value, json};
use spielstand_core::GameKind;
use spielstand_wire::calls;
use spielstand_wire::{Attendee, EventReport, GameParams, LeagueRatingAccuracy, Round};

fn parse<T: serde::de::DeserializeOwned>(r: &crate::common::Response) -> T {
    serde_json::from_slice(&r.body).unwrap_or_else(|e| {
        panic!("{} not a {}: {e}: {}", r.status, std::any::type_name::<T>(), String::from_utf8_lossy(&r.body))
    })
}

fn table_players(round: &Round, table: usize) -> Vec<String> {
    round.tables[table].seats.iter().map(|s| s.player.clone()).collect()
}

api_test!(a_night_checks_in_draws_tables_and_records_them, |api| {
    let names = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans"];
    api.add_players(&names).await;
    let league =
        api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht", "rangeln"]}})).await;
    // History, so the ratings differ: Anna beats everyone, Hans loses.
    for order in ["Anna,Ben,Cleo,Dora", "Anna,Emil,Fritz,Hans", "Greta,Ben,Dora,Hans", "Anna,Cleo,Greta,Hans"] {
        let r = api.record(league, &mensch("2026-03-01", order)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    }
    let night = api.call(calls::create_event(league, &input(json!({"title": "Abend", "date": "2026-03-08"})))).await;
    let night = night.json()["id"].as_i64().unwrap();

    // Check-in by name and by id; a second check-in changes nothing; check-out.
    let check_in = |players: Value| api.call(calls::check_in(night, &input(json!({ "players": players }))));
    let hans =
        api.call(calls::list_players()).await.json().as_array().unwrap().iter().find(|p| p["name"] == "Hans").unwrap()
            ["id"]
            .as_i64()
            .unwrap();
    let r = check_in(json!(["Anna", "ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", hans])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let present: Vec<Attendee> = parse(&r);
    assert_eq!(present.iter().map(|a| a.player.as_str()).collect::<Vec<_>>(), names, "names as registered");
    assert_eq!(parse::<Vec<Attendee>>(&check_in(json!(["Anna"])).await).len(), 8);
    let r = api.call(calls::check_out(night, hans)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    api.call(calls::check_out(night, hans)).await.problem(404, "not-found");
    let report: EventReport = parse(&api.call(calls::get_event(night)).await);
    assert_eq!(report.attendees.len(), 7);
    assert!(report.attendees.iter().all(|a| a.player != "Hans"));
    let detail = check_in(json!(["Anan"])).await.problem(422, "invalid-body");
    assert!(detail.contains("Anna"), "a suggestion: {detail}");

    // A random draw: 7 players of Lauf Rauf sit at 4 + 3; the seed is shown and redraws
    // the same tables.
    let draw = |body: Value| api.call(calls::draw_round(night, &input(body)));
    let redraw = |number: u32, body: Value| api.call(calls::redraw_round(night, number, &input(body)));
    let r = draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seed": 42})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let first: Round = parse(&r);
    assert_eq!((first.number, first.seed), (1, 42));
    assert_eq!(first.tables.iter().map(|t| t.seats.len()).collect::<Vec<_>>(), [4, 3]);
    for table in &first.tables {
        let sum: f64 = table.seats.iter().map(|s| s.prediction.win).sum();
        assert!((sum - 1.0).abs() < 1e-9, "predictions of table {} sum to {sum}", table.number);
        assert!(table.seats[0].start && table.seats.iter().skip(1).all(|s| !s.start));
        assert_eq!(table.result_id, None);
    }
    let again: Round =
        parse(&redraw(1, json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seed": 42})).await);
    assert_eq!(again.tables, first.tables, "same seed, same draw");
    // Anna, the strongest, is her table's favourite.
    let anna_table = first.tables.iter().find(|t| t.seats.iter().any(|s| s.player == "Anna")).unwrap();
    let anna = anna_table.seats.iter().find(|s| s.player == "Anna").unwrap();
    assert_eq!(anna.prediction.place, 1, "{anna_table:?}");

    // The laptop at table 1 records its game in seat order: the table is done, and the
    // round can no longer be drawn again.
    let seats = table_players(&first, 0);
    let mut game = mensch("2026-03-08", &seats.join(","));
    game["event_id"] = json!(night);
    let r = api.record(league, &game).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let result_id = r.json()["id"].as_i64().unwrap();
    let listed: Vec<Round> = parse(&api.call(calls::list_rounds(night)).await);
    assert_eq!(listed[0].tables[0].result_id, Some(result_id));
    assert_eq!(listed[0].tables[1].result_id, None);
    let detail =
        redraw(1, json!({"game": "mensch-aergere-dich-nicht", "method": "random"})).await.problem(409, "conflict");
    assert!(detail.contains("table 1"), "{detail}");
    let report: EventReport = parse(&api.call(calls::get_event(night)).await);
    assert_eq!(report.rounds, listed, "the night shows its rounds");

    // A second round, swiss: seat 1 goes to someone who has not started tonight.
    let second: Round = parse(&draw(json!({"game": "mensch-aergere-dich-nicht", "method": "swiss", "seed": 7})).await);
    assert_eq!(second.number, 2);
    let starters: Vec<&str> = first.tables.iter().map(|t| t.seats[0].player.as_str()).collect();
    for table in &second.tables {
        let fresh = table.seats.iter().any(|s| !starters.contains(&s.player.as_str()));
        assert!(
            !fresh || !starters.contains(&table.seats[0].player.as_str()),
            "{:?} starts again",
            table.seats[0].player
        );
    }
    // Balanced with pins and an apart pair, honoured.
    let third: Round = parse(
        &draw(json!({
            "game": "mensch-aergere-dich-nicht", "method": "balanced", "pin": {"Anna": 2}, "apart": [["Ben", "Cleo"]]
        }))
        .await,
    );
    let table_of = |name: &str| third.tables.iter().find(|t| t.seats.iter().any(|s| s.player == name)).unwrap().number;
    assert_eq!(table_of("Anna"), 2);
    assert_ne!(table_of("Ben"), table_of("Cleo"));
    assert!(third.seed <= spielstand_wire::MAX_SEED, "a drawn seed any JSON client reads exactly");
});

api_test!(a_draw_that_cannot_be_made_is_refused_naming_the_conflict, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    let league = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let night = api.call(calls::create_event(league, &input(json!({"title": "Abend", "date": "2026-03-08"})))).await;
    let night = night.json()["id"].as_i64().unwrap();
    let draw = |body: Value| api.call(calls::draw_round(night, &input(body)));
    // Nobody present yet: no table can be made.
    draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random"})).await.problem(422, "tables-impossible");
    api.call(calls::check_in(night, &input(json!({"players": ["Anna", "Ben", "Cleo", "Dora"]})))).await;
    let d = draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "pin": {"Anna": 3}}))
        .await
        .problem(422, "pin-table-missing");
    assert_eq!(d, "Anna is pinned to table 3, but the draw has 1 table(s)");
    let d = draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2, "pin": {"Anna": 1, "Ben": 1}, "apart": [["Ben", "Anna"]]}))
        .await
        .problem(422, "apart-pinned-together");
    assert!(d.contains("Ben and Anna"), "{d}");
    let d = draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "pin": {"Emil": 1}}))
        .await
        .problem(422, "not-checked-in");
    assert!(d.starts_with("Emil"), "{d}");
    draw(json!({"game": "rangeln", "method": "random"})).await.problem(422, "game-not-in-league");
    draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 9}))
        .await
        .problem(422, "table-size-out-of-range");
    // A member no `DrawInput` has, sent as it is.
    let d = api
        .post(
            &format!("/api/v1/events/{night}/rounds"),
            &json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seats": 2}),
        )
        .await;
    assert_eq!(d.status, StatusCode::UNPROCESSABLE_ENTITY, "unknown field: {}", String::from_utf8_lossy(&d.body));
    assert!(String::from_utf8_lossy(&d.body).contains("seats"));
    let d = draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seed": 9007199254740992_u64})).await;
    assert_eq!(d.status, StatusCode::UNPROCESSABLE_ENTITY);
    let random = input(json!({"game": "mensch-aergere-dich-nicht", "method": "random"}));
    api.call(calls::redraw_round(night, 4, &random)).await.problem(404, "not-found");
    assert!(parse::<Vec<Round>>(&api.call(calls::list_rounds(night)).await).is_empty(), "nothing refused was kept");
    // A closed night seats nobody.
    assert_eq!(api.call(calls::close_event(night)).await.status, StatusCode::OK);
    draw(json!({"game": "mensch-aergere-dich-nicht", "method": "random"})).await.problem(409, "event-closed");
});

api_test!(rating_accuracy_is_served_per_revision_against_the_uniform_guess, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let accuracy = |game: Option<GameKind>| calls::get_rating_accuracy(league, &GameParams { game });
    let empty: LeagueRatingAccuracy = parse(&api.call(accuracy(None)).await);
    assert_eq!((empty.accuracy.games, empty.accuracy.model.log_loss), (0, None));
    // Three games of three players, then one of two.
    for (date, order) in [
        ("2026-03-01", "Anna,Ben,Cleo"),
        ("2026-03-01", "Anna,Cleo,Ben"),
        ("2026-03-01", "Anna,Ben,Cleo"),
        ("2026-03-02", "Ben,Cleo"),
    ] {
        assert_eq!(api.record(league, &mensch(date, order)).await.status, StatusCode::CREATED);
    }
    let r = api.call(accuracy(None)).await;
    let got: LeagueRatingAccuracy = parse(&r);
    assert_eq!(got.accuracy.games, 4);
    // The uniform guess, by hand: 1/3 three times, then 1/2.
    let base = got.accuracy.baseline;
    let close = |a: Option<f64>, b: f64| assert!((a.unwrap() - b).abs() < 1e-12, "{a:?} vs {b}");
    close(base.favourite_won, (3.0 / 3.0 + 0.5) / 4.0);
    close(base.log_loss, (3.0 * 3f64.ln() + 2f64.ln()) / 4.0);
    close(base.brier, (3.0 * (4.0 / 9.0 + 2.0 / 9.0) + 0.5) / 4.0);
    // Anna won the first game as one of three equal favourites, then as the favourite.
    assert!(got.accuracy.model.log_loss.unwrap() < base.log_loss.unwrap(), "{got:?}");
    let etag = r.header("etag").unwrap().to_owned();
    let again = api.send(api.request(accuracy(None)).insert_header(("if-none-match", etag))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let one_game: LeagueRatingAccuracy = parse(&api.call(accuracy(Some(GameKind::MenschAergereDichNicht))).await);
    assert_eq!(one_game.accuracy, got.accuracy);
    // A game there is none of.
    api.get(&format!("/api/v1/leagues/{league}/ratings/accuracy?game=schach")).await.problem(400, "invalid-query");
});

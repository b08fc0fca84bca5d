//! Leagues end to end on the real App: created, listed, updated.

use crate::common::input;
use serde_json::json;
use spielstand_core::{GameKind, PointsScheme, TieBreaker};
use spielstand_wire::League;
use spielstand_wire::calls;

api_test!(leagues_are_created_listed_and_updated, |api| {
    let id = api
        .add_league(json!({"name": "Winterliga", "rules": {"games": ["rangeln"], "season": {"from": "2026-10-01", "to": "2027-03-31"}, "points": {"kind": "table", "table": [10, 6, 4]}}}))
        .await;
    let league: League = api.call(calls::get_league(id)).await.body();
    assert_eq!(league.rules.points, PointsScheme::Table { table: vec![10, 6, 4] });
    assert_eq!(league.rules.tie_breakers, [TieBreaker::Wins, TieBreaker::AveragePlace, TieBreaker::HeadToHead]);
    assert_eq!(league.revision, 1);
    let renamed = input(json!({"name": "Winterliga 26/27", "rules": {"games": ["rangeln", "lauf-rauf"]}}));
    let updated: League = api.call(calls::update_league(id, &renamed)).await.body();
    assert_eq!(updated.rules.games, [GameKind::Rangeln, GameKind::LaufRauf]);
    assert_eq!(updated.revision, 2);
    assert_eq!(api.call(calls::list_leagues()).await.body::<Vec<League>>().len(), 1);
    let create = |league: serde_json::Value| api.call(calls::create_league(&input(league)));
    create(json!({"name": "winterliga 26/27", "rules": {"games": ["rangeln"]}})).await.problem(409, "conflict");
    create(json!({"name": "X", "rules": {"games": []}})).await.problem(422, "no-games");
    let d = create(
        json!({"name": "X", "rules": {"games": ["rangeln"], "season": {"from": "2026-05-01", "to": "2026-04-01"}}}),
    )
    .await
    .problem(422, "season-reversed");
    assert!(d.contains("2026-04-01"), "{d}");
    // A game there is none of: no `LeagueInput`, sent as it is.
    let d = api
        .post("/api/v1/leagues", &json!({"name": "X", "rules": {"games": ["chess"]}}))
        .await
        .problem(422, "invalid-body");
    assert!(d.starts_with("rules.games[0]: unknown variant `chess`"), "{d}");
    let x = input(json!({"name": "X", "rules": {"games": ["rangeln"]}}));
    api.call(calls::update_league(77, &x)).await.problem(404, "not-found");
});

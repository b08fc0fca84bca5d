//! One person, one player: a merge counts two players as one in every league and view; its
//! undo returns every view to what it was; results recorded in between stay with the
//! player kept; two players of one game are never merged.

use crate::common::{mensch, partners};
use actix_web::http::StatusCode;
use serde_json::{Value, json};
use spielstand_core::{LeagueRules, StandingsQuery};
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, HeadToHeadParams, League, Player, PlayerMerge, Problem, ResultsParams,
    Standings, StoredResult,
};

/// Every view of `leagues` a reader may ask for, as served, without what changes with any
/// write (revisions, the time of an export): standings, head-to-head, league ratings,
/// each player's statistics and ratings in the league, the player's own ratings, the
/// export and the results.
async fn views<S, B>(api: &crate::common::TestApi<S>, leagues: &[i64], players: &[i64]) -> Vec<(String, Value)>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for key in ["league_revision", "revision", "exported_at", "request_id"] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let pairs = HeadToHeadParams { per_page: Some(100), ..Default::default() };
    let results = ResultsParams { per_page: Some(100), ..Default::default() };
    let mut reads = Vec::new();
    for &league in leagues {
        reads.extend([
            calls::get_standings(league, &Default::default()).unwrap().untyped(),
            calls::get_standings_csv(league, &Default::default()).unwrap().untyped(),
            calls::get_head_to_head(league, &pairs).unwrap().untyped(),
            calls::get_rating_accuracy(league, &Default::default()).unwrap().untyped(),
            calls::export_league(league).untyped(),
            calls::list_results(league, &results).unwrap().untyped(),
        ]);
        for &player in players {
            reads.push(calls::get_player_stats(league, player).untyped());
            reads.push(calls::get_player_league_ratings(league, player, &Default::default()).unwrap().untyped());
        }
    }
    for &player in players {
        reads.push(calls::player_ratings(player, &Default::default()).unwrap().untyped());
    }
    let mut out = Vec::new();
    for call in reads {
        let path = call.url("");
        let r = api.call(call).await;
        let mut body = match serde_json::from_slice(&r.body) {
            Ok(json) => json,
            Err(_) => Value::String(String::from_utf8_lossy(&r.body).into_owned()),
        };
        strip(&mut body);
        out.push((path, json!({"status": r.status.as_u16(), "body": body})));
    }
    out
}

async fn player_id<S, B>(api: &crate::common::TestApi<S>, name: &str) -> i64
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    api.call(calls::list_players()).await.body::<Vec<Player>>().into_iter().find(|p| p.name == name).unwrap().id
}

api_test!(a_merge_counts_two_players_as_one_and_its_undo_restores_every_view, |api| {
    api.add_players(&["Jörg", "Joerg", "Anna", "Ben", "Cleo"]).await;
    let liga =
        api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"]}})).await;
    let pokal = api.add_league(json!({"name": "Pokal", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (joerg_umlaut, joerg) = (player_id(&api, "Jörg").await, player_id(&api, "Joerg").await);
    let (anna, ben) = (player_id(&api, "Anna").await, player_id(&api, "Ben").await);
    for (league, date, order) in [
        (liga, "2026-03-01", "Jörg,Anna,Ben"),
        (liga, "2026-03-02", "Anna,Joerg,Cleo"),
        (liga, "2026-03-03", "Ben,Jörg"),
        (pokal, "2026-03-01", "Joerg,Ben"),
        (pokal, "2026-03-04", "Cleo,Jörg,Anna"),
    ] {
        let r = api.record(league, &mensch(date, order)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.json());
    }
    // A partner game, and a result deleted later: the merge moves its seat too.
    let teams = partners("2026-03-05", "Joerg+Anna,Ben+Cleo", "Ben+Cleo,Joerg+Anna");
    assert_eq!(api.record(liga, &teams).await.status, StatusCode::CREATED);
    let people = [joerg_umlaut, joerg, anna, ben];
    let before = views(&api, &[liga, pokal], &people).await;
    assert!(before.iter().all(|(_, v)| v["status"] == 200), "every view is there to compare: {before:?}");
    let revisions = |league: i64| {
        let api = &api;
        async move { api.call(calls::get_league(league)).await.body::<League>().revision }
    };
    let (liga_revision, pokal_revision) = (revisions(liga).await, revisions(pokal).await);

    let r = api.call(calls::merge_player(joerg, joerg_umlaut)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.json());
    let merge: PlayerMerge = r.body();
    assert_eq!((merge.player.merged_into, merge.into.id, merge.seats_moved), (Some(joerg_umlaut), joerg_umlaut, 3));
    assert_eq!(merge.leagues, [liga, pokal]);
    assert!(revisions(liga).await > liga_revision && revisions(pokal).await > pokal_revision);
    // Every view now equals a computation from scratch with the two as one person.
    for league in [liga, pokal] {
        let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
        let rules: LeagueRules = api.call(calls::get_league(league)).await.body::<League>().rules;
        let all = api.league_results(league).await;
        assert!(all.iter().flat_map(|r| &r.placings).all(|p| p.player != "Joerg"), "the merged name is gone");
        assert_eq!(table.rows, spielstand_core::rated_standings(&rules, &all, StandingsQuery::default()));
    }
    let table: Standings = api.call(calls::get_standings(liga, &Default::default())).await.body();
    assert_eq!(table.rows.iter().find(|r| r.row.player == "Jörg").unwrap().row.played, 4);
    // The merged player is still there and says whom it stands for.
    assert_eq!(api.answer(calls::get_player(joerg)).await.merged_into, Some(joerg_umlaut));
    // Both are in the audit trail.
    let merged = AuditParams { action: Some(AuditAction::PlayerMerged), ..Default::default() };
    let audit: AuditPage = api.answer(calls::list_audit(&merged)).await;
    assert_eq!(audit.items.len(), 1);
    assert_eq!(audit.items[0].detail["into"], "Jörg");

    // Undone: every view exactly as before.
    let r = api.call(calls::unmerge_player(joerg)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.json());
    assert_eq!(r.body::<PlayerMerge>().seats_moved, 3);
    let after = views(&api, &[liga, pokal], &people).await;
    for ((path, was), (_, is)) in before.iter().zip(&after) {
        assert_eq!(was, is, "{path}");
    }
    assert_eq!(api.answer(calls::get_player(joerg)).await.merged_into, None);
    let unmerged = AuditParams { action: Some(AuditAction::PlayerUnmerged), ..Default::default() };
    let audit: AuditPage = api.answer(calls::list_audit(&unmerged)).await;
    assert_eq!(audit.items.len(), 1);
    api.call(calls::unmerge_player(joerg)).await.problem(409, "conflict");

    // Merged again, a result recorded in between under the merged name goes to the player
    // kept (and stays there after the undo); every view equals a from-scratch computation.
    assert_eq!(api.call(calls::merge_player(joerg, joerg_umlaut)).await.status, StatusCode::OK);
    let r = api.record(liga, &mensch("2026-03-06", "Joerg,Anna")).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let between: StoredResult = r.body();
    assert_eq!(between.placings[0].player, "Jörg", "the merged name resolves to the kept player");
    api.call(calls::unmerge_player(joerg)).await;
    let shown: StoredResult = api.answer(calls::get_result(between.id)).await;
    assert_eq!(shown.placings[0].player, "Jörg", "recorded in between: stays with the kept player");
    for league in [liga, pokal] {
        let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
        let rules: LeagueRules = api.call(calls::get_league(league)).await.body::<League>().rules;
        let all = api.league_results(league).await;
        assert_eq!(table.rows, spielstand_core::rated_standings(&rules, &all, StandingsQuery::default()));
    }
    let table: Standings = api.call(calls::get_standings(liga, &Default::default())).await.body();
    let played = |name: &str| table.rows.iter().find(|r| r.row.player == name).unwrap().row.played;
    assert_eq!((played("Jörg"), played("Joerg")), (3, 2));
});

api_test!(two_players_of_one_game_are_never_merged, |api| {
    api.add_players(&["Jörg", "Joerg", "Anna"]).await;
    let liga = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    api.record(liga, &mensch("2026-03-01", "Anna,Joerg")).await;
    let r = api.record(liga, &mensch("2026-03-02", "Jörg,Anna,Joerg")).await;
    let shared = r.body::<StoredResult>().id;
    let (keep, away) = (player_id(&api, "Jörg").await, player_id(&api, "Joerg").await);
    let revision = api.call(calls::get_league(liga)).await.body::<League>().revision;
    let r = api.call(calls::merge_player(away, keep)).await;
    let detail = r.problem(409, "conflict");
    assert!(
        detail.contains(&format!(
            "Joerg and Jörg both sat in the same game (mensch-aergere-dich-nicht on 2026-03-02, result {shared})"
        )),
        "{detail}"
    );
    assert_eq!(api.call(calls::get_league(liga)).await.body::<League>().revision, revision, "nothing changed");
    assert_eq!(api.answer(calls::get_player(away)).await.merged_into, None);
    // Other refusals: itself, an unknown field, unknown players, a chain of merges.
    let itself = api.call(calls::merge_player(away, away)).await;
    assert!(itself.problem(422, "invalid-body").contains("cannot be merged into itself"));
    // A member no `MergeRequest` has, sent as it is.
    let extra = api.post(&format!("/api/v1/players/{away}/merge"), &json!({"into": keep, "force": true})).await;
    assert!(extra.body::<Problem>().detail.contains("unknown field `force`"), "{}", extra.json());
    api.call(calls::merge_player(away, 999_999)).await.problem(404, "not-found");
    api.call(calls::merge_player(999_999, keep)).await.problem(404, "not-found");
    let anna = player_id(&api, "Anna").await;
    api.add_players(&["Dora"]).await;
    let dora = player_id(&api, "Dora").await;
    assert_eq!(api.call(calls::merge_player(dora, anna)).await.status, StatusCode::OK);
    let chain = api.call(calls::merge_player(keep, dora)).await;
    assert!(chain.problem(409, "conflict").contains("merge into the player kept instead"));
    let twice = api.call(calls::merge_player(dora, keep)).await;
    assert!(twice.problem(409, "conflict").contains("undo that merge first"));
});

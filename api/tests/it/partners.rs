//! Partner games (docs/rules.md "Partners") end to end: teams in the result's detail, places
//! and points per team, ratings of teams, head-to-head without partners, the league's
//! option making partners the rule, and every refusal with nothing kept.

use crate::common::{mensch, partners};
use actix_web::http::StatusCode;
use serde_json::json;
use spielstand_core::{LeagueRules, Placing, StandingsQuery};
use spielstand_wire::calls;
use spielstand_wire::{
    HeadToHead, HeadToHeadParams, League, PlayerRatings, Problem, ResultPage, Standings, StoredResult,
};

api_test!(a_partner_game_is_scored_and_rated_by_teams, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]).await;
    let league = api.add_league(json!({"name": "Paare", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    // Names in any case: the stored teams and order carry the players' own names.
    let r = api.record(league, &partners("2026-04-01", "anna+Cleo,Ben+Dora", "Ben+Dora,anna+Cleo")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.json());
    let stored: StoredResult = r.body();
    let raw = r.json();
    assert_eq!(raw["record"]["detail"]["teams"], json!([["Anna", "Cleo"], ["Ben", "Dora"]]));
    assert_eq!(raw["record"]["detail"]["order"], json!([["Ben", "Dora"], ["Anna", "Cleo"]]));
    let placings: Vec<(&str, u32, Option<u32>)> =
        stored.placings.iter().map(|p| (p.player.as_str(), p.place, p.team)).collect();
    assert_eq!(placings, [("Ben", 1, Some(2)), ("Dora", 1, Some(2)), ("Anna", 2, Some(1)), ("Cleo", 2, Some(1))]);
    // Three teams of two on the 6-player side; the two teams not home share the last place.
    let six = partners("2026-04-02", "Anna+Dora,Ben+Emil,Cleo+Fritz", "Cleo+Fritz,Anna+Dora=Ben+Emil");
    assert_eq!(api.record(league, &six).await.status, StatusCode::CREATED);
    assert_eq!(api.record(league, &mensch("2026-04-03", "Anna,Ben,Cleo")).await.status, StatusCode::CREATED);

    // The first read of the table loads the league in full: teams come from the store.
    let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
    let rules: LeagueRules = api.call(calls::get_league(league)).await.body::<League>().rules;
    let all = api.league_results(league).await;
    assert!(all.iter().any(|r| r.placings.iter().any(|p| p.team.is_some())));
    assert_eq!(table.rows, spielstand_core::rated_standings(&rules, &all, StandingsQuery::default()));
    // Players beaten, counted per team: game 1 gives Ben and Dora 1 (one team beaten);
    // game 2 gives Cleo and Fritz 2, the two teams sharing the last place half a point
    // each; game 3 (alone) gives Anna 2 and Ben 1.
    let points: Vec<(&str, f64)> = table.rows.iter().map(|r| (r.row.player.as_str(), r.row.points)).collect();
    let of = |name: &str| points.iter().find(|(p, _)| *p == name).unwrap().1;
    assert_eq!(
        [of("Anna"), of("Ben"), of("Cleo"), of("Dora"), of("Emil"), of("Fritz")],
        [2.5, 2.5, 2.0, 1.5, 0.5, 2.0]
    );
    // The player's own ratings replay the same team games.
    let rating = |name: &str| table.rows.iter().find(|r| r.row.player == name).unwrap().skill;
    let fritz = api.call(calls::list_players()).await.json();
    let fritz = fritz.as_array().unwrap().iter().find(|p| p["name"] == "Fritz").unwrap()["id"].as_i64().unwrap();
    let ratings: PlayerRatings = api.answer(calls::player_ratings(fritz, &Default::default())).await;
    assert_eq!(ratings.games[0].current, rating("Fritz"), "the player's ratings replay the same team games");

    // Head-to-head: partners are neither above nor below each other.
    let h2h: HeadToHead = api
        .answer(calls::get_head_to_head(league, &HeadToHeadParams { per_page: Some(100), ..Default::default() }))
        .await;
    let pair = |a: &str, b: &str| {
        h2h.pairs.iter().find(|p| (p.player == a && p.opponent == b) || (p.player == b && p.opponent == a)).cloned()
    };
    assert!(pair("Ben", "Emil").is_none(), "partners in their only game together");
    assert!(pair("Cleo", "Fritz").is_none());
    let ben_dora = pair("Ben", "Dora").unwrap();
    assert_eq!((ben_dora.games, ben_dora.ties), (1, 1), "partners in game 1, level opponents in game 2");
    let anna_cleo = pair("Anna", "Cleo").unwrap();
    assert_eq!(anna_cleo.games, 2, "partners in game 1, opponents in games 2 and 3");
    let anna_ben = pair("Anna", "Ben").unwrap();
    assert_eq!((anna_ben.games, anna_ben.ties), (3, 1), "behind, level (both not home), ahead");
});

api_test!(partner_games_are_checked_and_a_league_can_make_them_the_rule, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    let options = json!({"mensch-aergere-dich-nicht": {"partners": true}, "ghostbuster": {"partners": false}});
    let rules = json!({"games": ["mensch-aergere-dich-nicht", "ghostbuster"], "game_options": options});
    let league = api.add_league(json!({"name": "Immer zu zweit", "rules": rules})).await;
    // A team naming someone who is not at the table.
    let mut stranger = partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Anna+Cleo,Ben+Dora");
    stranger["detail"]["teams"] = json!([["Anna", "Cleo"], ["Ben", "Emil"]]);
    let refused = [
        (
            mensch("2026-04-01", "Anna,Ben,Cleo,Dora"),
            "teams-required",
            "the league plays mensch-aergere-dich-nicht with partners: the result must state its teams",
        ),
        (
            partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Ben+Anna,Dora+Cleo"),
            "team-split",
            "Anna and Cleo are partners, so they share one place: list a team's members together in the order",
        ),
        (
            partners("2026-04-01", "Anna+Cleo+Ben,Dora", "Anna+Cleo+Ben,Dora"),
            "team-sizes",
            "teams of 3+1 for 4 players: partners play two teams of two on the 4-player side, two teams of three or three teams of two on the 6-player side",
        ),
        (stranger, "unknown-player", "Emil does not play in this game"),
        (partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Anna+Cleo=Ben+Dora"), "no-winner", ""),
    ];
    for (body, code, detail) in refused {
        let r = api.record(league, &body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{code}: {}", r.json());
        let problem: Problem = r.body();
        assert_eq!(problem.kind, format!("/problems/{code}"), "{}", problem.detail);
        if !detail.is_empty() {
            assert_eq!(problem.detail, detail);
        }
    }
    // Ghostbuster in this league is never played with partners.
    let mut ghost = partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Anna+Cleo,Ben+Dora");
    ghost["game"] = json!("ghostbuster");
    let r = api.record(league, &ghost).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/option-conflict");
    // An unknown member of the detail is refused, naming it: no `GameRecord`, sent as it is.
    let mut extra = partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Anna+Cleo,Ben+Dora");
    extra["detail"]["team"] = json!(1);
    let r = api.post(&format!("/api/v1/leagues/{league}/results"), &extra).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body::<Problem>().detail.contains("unknown field `team`"), "{}", r.json());
    let page: ResultPage = api.call(calls::list_results(league, &Default::default())).await.body();
    assert!(page.items.is_empty(), "nothing refused was kept");
    let ok = api.record(league, &partners("2026-04-01", "Anna+Cleo,Ben+Dora", "Anna+Cleo,Ben+Dora")).await;
    assert_eq!(ok.status, StatusCode::CREATED);
    let placings: Vec<Placing> = ok.body::<StoredResult>().placings;
    assert!(placings.iter().all(|p| p.team.is_some()));
});

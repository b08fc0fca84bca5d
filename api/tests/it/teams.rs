//! The team table: a league's fixed teams ranked by their members' points, computed by
//! hand, from the same state as the table of players, as JSON, CSV and the embed page.

use crate::common::{day, input, mensch};
use actix_web::http::StatusCode;
use serde_json::json;
use spielstand_core::{LeagueRules, StandingsQuery};
use spielstand_wire::calls;
use spielstand_wire::{League, Problem, Standings, StandingsParams, TeamStandings};

api_test!(a_team_table_by_hand_in_every_form, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]).await;
    let teams = json!([
        {"name": "TSV 1", "players": ["Anna", "Ben"]},
        {"name": "TSV 2", "players": ["Cleo", "Dora"]},
        {"name": "Gäste", "players": ["Emil", "fritz"]}
    ]);
    let league = api
        .add_league(json!({"name": "Vereine", "rules": {"games": ["mensch-aergere-dich-nicht"], "teams": teams}}))
        .await;
    // Players beaten: Anna 2, Cleo 1, Emil 0; Dora 1, Ben 0; Emil 2, Ben 1, Cleo 0.
    for (date, order) in [("2026-03-01", "Anna,Cleo,Emil"), ("2026-03-02", "Dora,Ben"), ("2026-03-03", "Emil,Ben,Cleo")]
    {
        assert_eq!(api.record(league, &mensch(date, order)).await.status, StatusCode::CREATED);
    }
    let teams = || calls::get_team_standings(league, &Default::default());
    let r = api.call(teams()).await;
    assert_eq!(r.status, StatusCode::OK);
    let table: TeamStandings = r.body();
    let rows: Vec<(u32, &str, f64)> = table.rows.iter().map(|r| (r.place, r.team.as_str(), r.points)).collect();
    // TSV 2 and Gäste level on points, wins, average place and head-to-head: they share 2nd.
    assert_eq!(rows, [(1, "TSV 1", 3.0), (2, "Gäste", 2.0), (2, "TSV 2", 2.0)]);
    assert_eq!(r.json()["by"], "team");
    assert_eq!(table.rows[1].players, ["Emil", "fritz"]);
    // The same as from scratch, and the table of players is unchanged beside it.
    let rules: LeagueRules = api.call(calls::get_league(league)).await.body::<League>().rules;
    let all = api.league_results(league).await;
    assert_eq!(table.rows, spielstand_core::team_standings(&rules, &all, StandingsQuery::default()));
    let players = api.call(calls::get_standings(league, &Default::default())).await;
    assert_eq!(players.json()["by"], "player");
    assert_eq!(players.body::<Standings>().rows.len(), 5);
    // ETag and 304 as for every table.
    let etag = r.header("etag").unwrap().to_owned();
    let again = api.send(api.request(teams()).insert_header(("if-none-match", etag.as_str()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    // A new result moves the team table: Cleo beats Emil, TSV 2 ahead of TSV 1 on wins.
    api.record(league, &mensch("2026-03-04", "Cleo,Emil")).await;
    let table: TeamStandings = api.answer(teams()).await;
    let rows: Vec<(u32, &str)> = table.rows.iter().map(|r| (r.place, r.team.as_str())).collect();
    assert_eq!(rows, [(1, "TSV 2"), (2, "TSV 1"), (3, "Gäste")]);
    let before: TeamStandings = api
        .answer(calls::get_team_standings(
            league,
            &StandingsParams { as_of: Some(day("2026-03-03")), ..Default::default() },
        ))
        .await;
    assert_eq!(before.rows[0].team, "TSV 1");
    // CSV and the embed page show the same table.
    let csv = api.call(calls::get_team_standings_csv(league, &Default::default())).await;
    let text = String::from_utf8(csv.body.to_vec()).unwrap();
    assert!(
        text.starts_with(
            "place,team,players,points,played,wins,average_place,head_to_head\r\n1,TSV 2,Cleo+Dora,3,4,2,"
        ),
        "{text}"
    );
    let page = api.get(&format!("/embed/leagues/{league}/standings/teams?lang=en")).await;
    let html = String::from_utf8(page.body.to_vec()).unwrap();
    let first = html.find("TSV 2").unwrap();
    assert!(first < html.find("TSV 1").unwrap() && html.contains("Cleo</bdi>, <bdi>Dora"), "{html}");
    // `Accept: text/csv` on the JSON path gives the same CSV, as for the table of players.
    let path = format!("/api/v1/leagues/{league}/standings/teams");
    let asked = api.send(actix_web::test::TestRequest::get().uri(&path).insert_header(("accept", "text/csv"))).await;
    assert_eq!(asked.body, csv.body);

    // The team table moved to its own path: `by=team` on the table of players (JSON, CSV,
    // the page) is a 400 naming where it is now, never the other table; `by=player`,
    // which older clients send, is the table of players.
    for (old, new) in [
        (format!("/api/v1/leagues/{league}/standings?by=team"), format!("/api/v1/leagues/{league}/standings/teams")),
        (
            format!("/api/v1/leagues/{league}/standings.csv?game=mensch-aergere-dich-nicht&by=team"),
            format!("/api/v1/leagues/{league}/standings/teams.csv"),
        ),
        (
            format!("/embed/leagues/{league}/standings?by=team&lang=en"),
            format!("/embed/leagues/{league}/standings/teams"),
        ),
    ] {
        let detail = api.get(&old).await.problem(400, "invalid-query");
        assert!(detail.contains(&new), "{old}: {detail}");
    }
    let by_player = api.get(&format!("/api/v1/leagues/{league}/standings?by=player")).await;
    assert_eq!(by_player.body::<Standings>().rows.len(), 5);

    // Rosters are checked: an unknown player (with a suggestion), a player on two teams,
    // an unknown field.
    let bad = |teams: serde_json::Value| json!({"name": "Vereine", "rules": {"games": ["mensch-aergere-dich-nicht"], "teams": teams}});
    let update = |teams: serde_json::Value| api.call(calls::update_league(league, &input(bad(teams))));
    let r = update(json!([{"name": "A", "players": ["Anne"]}])).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body::<Problem>().detail.contains("rules.teams[0].players[0]"), "{}", r.json());
    let r = update(json!([{"name": "A", "players": ["Anna"]}, {"name": "B", "players": ["anna"]}])).await;
    assert_eq!(r.body::<Problem>().kind, "/problems/team-member-twice");
    // A member no `TeamRoster` has, sent as it is.
    let r = api
        .write(
            actix_web::http::Method::PUT,
            &format!("/api/v1/leagues/{league}"),
            &bad(json!([{"name": "A", "players": ["Anna"], "captain": "Anna"}])),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body::<Problem>().detail.contains("captain"), "{}", r.json());
    assert_eq!(api.answer(teams()).await.rows.len(), 3, "nothing refused was kept");
});

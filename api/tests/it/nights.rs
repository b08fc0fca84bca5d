//! Club nights and the pictures of a season, end to end on the real App.

use crate::common::{day, input, mensch};
use actix_web::http::StatusCode;
use serde_json::json;
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, Event, EventInput, EventReport, LeaguePlayerRatings, Player, Problem,
    ResultPage, ResultsParams, Standings, StandingsParams, StoredResult,
};

/// A league of four with three nights on distinct dates and one game outside any night.
/// Returns (league id, night ids in date order).
async fn season<S, B>(api: &crate::common::TestApi<S>) -> (i64, Vec<i64>)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let mut nights = Vec::new();
    for (title, date) in
        [("Erster Abend", "2026-03-01"), ("Zweiter Abend", "2026-03-08"), ("Dritter Abend", "2026-03-15")]
    {
        let night = EventInput { title: title.into(), date: day(date), location: Some("Vereinsheim".into()) };
        let r = api.call(calls::create_event(league, &night)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
        let night: Event = r.body();
        assert_eq!(night.games, 0);
        nights.push(night.id);
    }
    for (night, date, order) in [
        (0, "2026-03-01", "Anna,Ben,Cleo"),
        (0, "2026-03-01", "Ben,Cleo,Anna"),
        (1, "2026-03-08", "Cleo,Dora,Anna=Ben"),
        (2, "2026-03-15", "Dora,Anna"),
    ] {
        let mut game = mensch(date, order);
        game["event_id"] = json!(nights[night]);
        let r = api.record(league, &game).await;
        assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
        assert_eq!(r.body::<StoredResult>().record.event_id, Some(nights[night]));
    }
    // A game on a day between nights, at no night.
    assert_eq!(api.record(league, &mensch("2026-03-10", "Anna,Dora")).await.status, StatusCode::CREATED);
    (league, nights)
}

api_test!(club_nights_group_games_and_give_matchday_tables, |api| {
    let (league, nights) = season(&api).await;
    let list: Vec<Event> = api.call(calls::list_events(league)).await.body();
    let shown: Vec<(&str, i64)> = list.iter().map(|e| (e.title.as_str(), e.games)).collect();
    assert_eq!(shown, [("Erster Abend", 2), ("Zweiter Abend", 1), ("Dritter Abend", 1)]);

    // The first night by hand: Mensch points 2/1/0 for three players. Anna 2+0, Ben 1+2,
    // Cleo 0+1: Ben 3 points and the night's only winner.
    let first = api.call(calls::get_event(nights[0])).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").unwrap().to_owned();
    let first: EventReport = first.body();
    assert_eq!(first.event.title, "Erster Abend");
    assert_eq!(first.event.date, day("2026-03-01"));
    assert_eq!(first.event.location.as_deref(), Some("Vereinsheim"));
    assert_eq!(first.winners, ["Ben"]);
    assert_eq!(first.players, ["Ben", "Anna", "Cleo"]);
    assert_eq!(first.results.len(), 2);
    let night_table: Vec<(Option<u32>, &str, f64)> =
        first.table.iter().map(|r| (r.place, r.player.as_str(), r.points)).collect();
    assert_eq!(night_table, [(Some(1), "Ben", 3.0), (Some(2), "Anna", 2.0), (Some(3), "Cleo", 1.0)]);
    // Nothing before the first night: everyone is new in the table.
    assert!(first.table_change.iter().all(|m| m.place_before.is_none() && m.points_before == 0.0));

    // The second night moves the table: Cleo wins it and climbs; Dora comes in.
    let second: EventReport = api.call(calls::get_event(nights[1])).await.body();
    assert_eq!(second.winners, ["Cleo"]);
    let cleo = second.table_change.iter().find(|m| m.player == "Cleo").unwrap();
    assert_eq!((cleo.place_before, cleo.points_before), (Some(3), 1.0));
    let as_of = |date: &str| StandingsParams { as_of: Some(day(date)), ..Default::default() };
    let after: Standings = api.answer(calls::get_standings(league, &as_of("2026-03-08"))).await;
    let moved: Vec<(&str, Option<u32>, f64)> =
        second.table_change.iter().map(|m| (m.player.as_str(), m.place_after, m.points_after)).collect();
    let table: Vec<(&str, Option<u32>, f64)> =
        after.rows.iter().map(|r| (r.row.player.as_str(), r.row.place, r.row.points)).collect();
    assert_eq!(moved, table, "the move ends in the table as of the night's date");

    // after_event is the table as of the night's date, for every night (distinct dates).
    for (night, date) in nights.iter().zip(["2026-03-01", "2026-03-08", "2026-03-15"]) {
        let after_night = StandingsParams { after_event: Some(*night), ..Default::default() };
        let matchday: Standings = api.answer(calls::get_standings(league, &after_night)).await;
        let plain: Standings = api.answer(calls::get_standings(league, &as_of(date))).await;
        assert_eq!(matchday.rows, plain.rows, "after night {night}");
        assert_eq!(matchday.as_of, Some(day(date)));
    }
    let embed = api.get(&format!("/embed/leagues/{league}/standings?after_event={}", nights[0])).await;
    assert_eq!(embed.status, StatusCode::OK);

    // Cached like the tables: 304 until something changes; a new game of the night changes it.
    let again =
        api.send(api.request(calls::get_event(nights[0])).insert_header(("if-none-match", etag.as_str()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let mut late = mensch("2026-03-01", "Cleo,Anna");
    late["event_id"] = json!(nights[0]);
    assert_eq!(api.record(league, &late).await.status, StatusCode::CREATED);
    let changed = api.call(calls::get_event(nights[0])).await;
    assert_ne!(changed.header("etag").unwrap(), etag);
    assert_eq!(changed.body::<EventReport>().results.len(), 3);
    let at_night = ResultsParams { event: Some(nights[0]), ..Default::default() };
    let only: ResultPage = api.answer(calls::list_results(league, &at_night)).await;
    assert_eq!(only.total, 3);
});

api_test!(club_nights_refuse_bad_input_and_change_nothing, |api| {
    let (league, nights) = season(&api).await;
    let other = api.add_league(json!({"name": "Sommerliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let before: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();

    // A game on another date than its night: 422 naming both dates.
    let mut wrong_day = mensch("2026-03-02", "Anna,Ben");
    wrong_day["event_id"] = json!(nights[0]);
    let detail = api.record(league, &wrong_day).await.problem(422, "event-mismatch");
    assert!(detail.contains("2026-03-01") && detail.contains("2026-03-02"), "{detail}");
    // A night of another league, and one that does not exist.
    let night = |title: &str, date: &str| EventInput { title: title.into(), date: day(date), location: None };
    let foreign: Event = api.answer(calls::create_event(other, &night("Fremd", "2026-03-01"))).await;
    let mut elsewhere = mensch("2026-03-01", "Anna,Ben");
    elsewhere["event_id"] = json!(foreign.id);
    api.record(league, &elsewhere).await.problem(422, "event-mismatch");
    elsewhere["event_id"] = json!(999_999);
    api.record(league, &elsewhere).await.problem(422, "invalid-body");
    // The table is as it was.
    assert_eq!(api.call(calls::get_standings(league, &Default::default())).await.body::<Standings>().rows, before.rows);

    let after = |night: i64| StandingsParams { after_event: Some(night), ..Default::default() };
    api.call(calls::get_standings(league, &after(foreign.id))).await.problem(422, "event-mismatch");
    api.call(calls::get_standings(league, &after(999999))).await.problem(404, "not-found");
    let both = StandingsParams { as_of: Some(day("2026-02-01")), ..after(nights[1]) };
    let both = api.call(calls::get_standings(league, &both)).await;
    assert_eq!(both.body::<Standings>().as_of, Some(day("2026-02-01")), "with both, the earlier day");
    api.call(calls::get_event(999999)).await.problem(404, "not-found");
    api.call(calls::list_events(999999)).await.problem(404, "not-found");
    api.call(calls::create_event(999999, &night("X", "2026-03-01"))).await.problem(404, "not-found");
    api.call(calls::create_event(league, &night(" ", "2026-03-01"))).await.problem(422, "invalid-body");
    // No date: no `EventInput`.
    api.post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "X"})).await.problem(422, "invalid-body");

    // A night with games keeps its date and cannot be deleted; renamed it may be.
    let detail =
        api.call(calls::update_event(nights[0], &night("Auftakt", "2026-03-02"))).await.problem(422, "invalid-body");
    assert!(detail.contains("2026-03-01"), "{detail}");
    api.call(calls::delete_event(nights[0])).await.problem(409, "conflict");
    let renamed = api.call(calls::update_event(nights[0], &night("Auftakt", "2026-03-01"))).await;
    let night_now: Event = renamed.body();
    assert_eq!((renamed.status, night_now.title.as_str(), night_now.location), (StatusCode::OK, "Auftakt", None));
    // An empty night moves and goes.
    assert_eq!(api.call(calls::update_event(foreign.id, &night("Fremd", "2026-04-01"))).await.status, StatusCode::OK);
    assert_eq!(api.call(calls::delete_event(foreign.id)).await.status, StatusCode::NO_CONTENT);
    api.call(calls::get_event(foreign.id)).await.problem(404, "not-found");
});

/// The y of every point of a polyline, in order.
fn points(line: &roxmltree::Node) -> Vec<(f64, f64)> {
    line.attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

api_test!(pictures_draw_one_line_per_player_in_the_order_of_the_data, |api| {
    let (league, _) = season(&api).await;
    let players: Vec<Player> = api.call(calls::list_players()).await.body();
    let id = |name: &str| players.iter().find(|p| p.name == name).unwrap().id;
    let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
    let order: Vec<&str> = table.rows.iter().map(|r| r.row.player.as_str()).collect();

    for (path, measure) in [("ratings.svg", "rating"), ("race.svg", "points")] {
        let r = api.get(&format!("/embed/leagues/{league}/{path}?lang=en&theme=dark")).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert!(r.header("content-type").unwrap().starts_with("image/svg+xml"));
        let etag = r.header("etag").unwrap().to_owned();
        let text = String::from_utf8(r.body.clone()).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert!(root.children().any(|n| n.has_tag_name("title")) && root.children().any(|n| n.has_tag_name("desc")));
        assert!(
            !text.contains("<script") && !text.contains("@import") && !text.contains("href"),
            "{path}: nothing to run or load"
        );
        let lines: Vec<roxmltree::Node> = doc.descendants().filter(|n| n.has_tag_name("polyline")).collect();
        let names: Vec<&str> = lines.iter().map(|l| l.attribute("data-player").unwrap()).collect();
        assert_eq!(names, order, "{path}: one line per player, in table order");
        // Each line's points follow its data: days left to right, values up and down as
        // the JSON says.
        for line in &lines {
            let name = line.attribute("data-player").unwrap();
            let drawn = points(line);
            assert!(drawn.windows(2).all(|w| w[0].0 < w[1].0), "{path} {name}: days in order");
            let values: Vec<f64> = if measure == "rating" {
                let line: LeaguePlayerRatings =
                    api.answer(calls::get_player_league_ratings(league, id(name), &Default::default())).await;
                line.points.iter().map(|p| p.skill.rating_display).collect()
            } else {
                // Cumulative points by night: the table as of each day the player played.
                let mut values = Vec::new();
                for date in ["2026-03-01", "2026-03-08", "2026-03-10", "2026-03-15"] {
                    let as_of = StandingsParams { as_of: Some(day(date)), ..Default::default() };
                    let then: Standings = api.answer(calls::get_standings(league, &as_of)).await;
                    let that_day = ResultsParams { from: Some(day(date)), to: Some(day(date)), ..Default::default() };
                    let played_that_day = api
                        .answer(calls::list_results(league, &that_day))
                        .await
                        .items
                        .iter()
                        .any(|r| r.placings.iter().any(|p| p.player == name));
                    if played_that_day {
                        values.push(then.rows.iter().find(|r| r.row.player == name).unwrap().row.points);
                    }
                }
                values
            };
            assert_eq!(drawn.len(), values.len(), "{path} {name}");
            for (w, v) in drawn.windows(2).zip(values.windows(2)) {
                // Up on the page is a larger value.
                assert_eq!(
                    w[1].1.total_cmp(&w[0].1),
                    v[0].total_cmp(&v[1]),
                    "{path} {name}: {values:?} drawn as {drawn:?}"
                );
            }
        }
        // ETag by revision: 304 until the next result.
        let again = api
            .send(
                actix_web::test::TestRequest::get()
                    .uri(&format!("/embed/leagues/{league}/{path}?lang=en&theme=dark"))
                    .insert_header(("if-none-match", etag.as_str())),
            )
            .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);
        let german = api.get(&format!("/embed/leagues/{league}/{path}?limit=2")).await;
        let german = String::from_utf8(german.body).unwrap();
        assert_eq!(german.matches("<polyline").count(), 2, "limit");
        assert!(german.contains("lang=\"de\"") && german.contains("ss-light"));
        api.get(&format!("/embed/leagues/{league}/{path}?limit=0")).await.problem(400, "invalid-query");
        api.get(&format!("/embed/leagues/999999/{path}")).await.problem(404, "not-found");
    }

    let one = api.get(&format!("/embed/leagues/{league}/players/{}/ratings.svg?lang=en", id("Anna"))).await;
    let text = String::from_utf8(one.body).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("polyline")).count(), 1);
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("polygon")).count(), 1, "the uncertainty band");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap().text().unwrap();
    assert!(title.starts_with("Anna's rating"), "{title}");
    api.get(&format!("/embed/leagues/{league}/players/999999/ratings.svg")).await.problem(404, "not-found");

    // The pages: a night and a player.
    let night = api.get(&format!("/embed/events/{}", 1)).await;
    assert_eq!(night.status, StatusCode::OK);
    let html = String::from_utf8(night.body).unwrap();
    assert!(
        html.contains("Sieger des Abends") && html.contains("<span class=\"winners\"><bdi>Ben</bdi></span>"),
        "{html}"
    );
    let page = api.get(&format!("/embed/leagues/{league}/players/{}?lang=en", id("Anna"))).await;
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<h1><bdi>Anna</bdi></h1>") && html.contains("<svg") && html.contains("Win rate"), "{html}");
    let standings = String::from_utf8(api.get(&format!("/embed/leagues/{league}/standings")).await.body).unwrap();
    assert!(
        standings.contains("href=\"ratings.svg?lang=de&amp;theme=light\"") && standings.contains("href=\"race.svg?")
    );
});

api_test!(a_closed_night_takes_no_new_games_and_dates_names_and_house_rules_are_checked, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api
        .add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht", "ghostbuster"]}}))
        .await;
    let december = EventInput { title: "Clubabend Dezember".into(), date: day("2026-11-20"), location: None };
    let night = api.call(calls::create_event(league, &december)).await;
    assert_eq!(night.status, StatusCode::CREATED);
    let created: Event = night.body();
    assert_eq!(created.closed_at, None);
    let id = created.id;
    let mut game = mensch("2026-11-20", "Anna,Ben");
    game["event_id"] = json!(id);
    let first = api.record(league, &game).await;
    assert_eq!(first.status, StatusCode::CREATED);

    let closed = api.call(calls::close_event(id)).await;
    assert_eq!(closed.status, StatusCode::OK, "{:?}", closed.json());
    let closed_event: Event = closed.body();
    let closed_at = closed_event.closed_at;
    assert!(closed_at.is_some(), "{closed_at:?}");
    assert_eq!(closed_event.games, 1);
    // Closing again changes nothing, and is audited once.
    let again = api.call(calls::close_event(id)).await;
    assert_eq!(again.body::<Event>().closed_at, closed_at);
    let audit = api
        .call(calls::list_audit(&AuditParams { action: Some(AuditAction::EventClosed), ..Default::default() }))
        .await;
    assert_eq!(audit.body::<AuditPage>().total, 1, "{:?}", audit.json());
    let detail = api.record(league, &game).await.problem(409, "event-closed");
    assert!(
        detail.contains("club night") && detail.contains("\"Clubabend Dezember\", 2026-11-20) was closed"),
        "{detail}"
    );
    // Its own game may still be corrected.
    let result = first.body::<StoredResult>().id;
    let mut corrected = mensch("2026-11-20", "Ben,Anna");
    corrected["event_id"] = json!(id);
    let fix = api.call(calls::correct_result(result, "\"1\"", &input(corrected))).await;
    assert_eq!(fix.status, StatusCode::OK, "{:?}", fix.json());
    assert_eq!(api.call(calls::get_event(id)).await.body::<EventReport>().event.closed_at, closed_at);
    assert_eq!(api.call(calls::close_event(999999)).await.status, StatusCode::NOT_FOUND);

    // Dates: a game is never played after tomorrow, nor before 1900; nor is a night held.
    for date in ["2099-01-01", "1899-12-31"] {
        let detail = api.record(league, &mensch(date, "Anna,Ben")).await.problem(422, "date-out-of-range");
        assert!(detail.contains(date) && detail.contains("dates run from 1900-01-01 to"), "{detail}");
    }
    let future = EventInput { title: "Zukunft".into(), date: day("2099-01-01"), location: None };
    let detail = api.call(calls::create_event(league, &future)).await.problem(422, "date-out-of-range");
    assert!(detail.starts_with("date: 2099-01-01 is out of range"), "{detail}");

    // A name nobody has: the closest names, in the detail and as a list.
    let typo = api.record(league, &mensch("2026-11-21", "Cleo,Bne")).await;
    let detail = typo.problem(422, "invalid-body");
    assert!(detail.contains("there is no player named \"Bne\" (did you mean Ben?)"), "{detail}");
    assert_eq!(typo.body::<Problem>().suggestions, ["Ben"]);
    let nobody = api.record(league, &mensch("2026-11-21", "Cleo,Xaver")).await;
    // As JSON: the member is left out, not sent empty.
    assert_eq!(nobody.json().get("suggestions"), None, "no list when nothing is close");
    // Every name nobody has at once, each with its closest names: one try for three typos.
    let typos = api.record(league, &mensch("2026-11-21", "Cloe,Bne,Xaver")).await;
    let detail = typos.problem(422, "invalid-body");
    assert!(
        detail.contains("players[0].player: there is no player named \"Cloe\" (did you mean Cleo?)")
            && detail.contains("players[1].player: there is no player named \"Bne\" (did you mean Ben?)")
            && detail.contains("\"Xaver\"")
            && detail.ends_with("add the players first"),
        "{detail}"
    );
    let problem = typos.body::<Problem>();
    let named: Vec<(&str, &[String])> =
        problem.unknown_names.iter().map(|n| (n.name.as_str(), n.suggestions.as_slice())).collect();
    assert_eq!(named, [("Cloe", &["Cleo".to_owned()][..]), ("Bne", &["Ben".to_owned()][..]), ("Xaver", &[][..])]);
    assert_eq!(problem.suggestions, ["Cleo"], "the first name's, as before");

    // Ghostbuster has no captures.
    let mut ghost = mensch("2026-11-21", "Anna,Ben");
    ghost["game"] = json!("ghostbuster");
    ghost["detail"]["house_rules"] = json!(["backward-capture"]);
    let detail = api.record(league, &ghost).await.problem(422, "house-rule-not-for-game");
    assert!(detail.contains("Ghostbuster has no captures"), "{detail}");
    // Nor barriers: its text forbids blocking one's own piece (docs/rules.md "Ghostbuster
    // ärgere dich nicht").
    ghost["detail"]["house_rules"] = json!(["barriers"]);
    let detail = api.record(league, &ghost).await.problem(422, "house-rule-not-for-game");
    assert!(detail.contains("eigene Figur blockieren"), "{detail}");
});

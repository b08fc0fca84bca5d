//! League tables and what is made of the same state: places, statistics, head-to-head,
//! ratings; strong ETags and 304; every change followed incrementally and equal to a
//! recomputation.

use crate::common::{day, input, mensch, partners, rangeln, round_scores};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::json;
use spielstand_api::read::cache::View;
use spielstand_api::read::replica::Reads;
use spielstand_api::read::tables::{Newest, Tables};
use spielstand_core::{GameKind, PairRecord};
use spielstand_wire::calls;
use spielstand_wire::{
    CsvLocale, HeadToHead, HeadToHeadParams, League, LeaguePlayerStats, Player, PlayerRatings, PlayerRatingsParams,
    ResultPage, Standings, StandingsParams, StoredResult,
};

/// A head-to-head pair: player, opponent, games, ahead, behind, ties.
fn pair(player: &str, opponent: &str, games: u32, ahead: u32, behind: u32, ties: u32) -> PairRecord {
    PairRecord { player: player.to_owned(), opponent: opponent.to_owned(), games, ahead, behind, ties }
}

api_test!(players_short_of_the_minimum_games_are_listed_last_without_a_place, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"], "min_games": 2}})).await;
    api.record(league, &mensch("2026-11-20", "Dora,Anna,Ben")).await;
    api.record(league, &mensch("2026-11-21", "Anna,Ben,Cleo")).await;
    api.record(league, &mensch("2026-11-22", "Cleo,Ben")).await;
    let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
    let rows: Vec<(Option<u32>, bool, &str)> =
        table.rows.iter().map(|r| (r.row.place, r.row.ranked, r.row.player.as_str())).collect();
    assert_eq!(rows, [(Some(1), true, "Anna"), (Some(2), true, "Cleo"), (Some(3), true, "Ben"), (None, false, "Dora")]);
    let csv = api.call(calls::get_standings_csv(league, &Default::default())).await;
    let last = String::from_utf8(csv.body).unwrap().lines().last().unwrap().to_owned();
    assert!(last.starts_with(",Dora,1,1,"), "{last}");
    // For a German spreadsheet: semicolons and decimal commas; every figure with at most
    // two decimals in both.
    let german = StandingsParams { locale: Some(CsvLocale::De), ..Default::default() };
    let text = api.text(calls::get_standings_csv(league, &german)).await;
    let lines: Vec<&str> = text.lines().collect();
    // German Excel's expectation: a byte order mark, German column names.
    assert!(lines[0].starts_with("\u{FEFF}Platz;Spieler;Spiele;Siege;Punkte;Durchschnittsplatz;"), "{text}");
    let first: Vec<&str> = lines[1].split(';').collect();
    assert_eq!(first[..2], ["1", "Anna"], "{text}");
    for figure in &first[4..] {
        assert!(!figure.contains('.'), "decimal commas: {text}");
        let decimals = figure.split_once(',').map_or(0, |(_, d)| d.len());
        assert!(decimals <= 2, "two places at most: {text}");
    }
    let english = api.text(calls::get_standings_csv(league, &Default::default())).await;
    for figure in english.lines().nth(1).unwrap().split(',').skip(4) {
        assert!(figure.split_once('.').map_or(0, |(_, d)| d.len()) <= 2, "two places at most: {english}");
    }
    assert_eq!(
        english.lines().nth(1).unwrap().replace(',', ";").replace('.', ","),
        lines[1],
        "the same figures in both"
    );
    // A locale `CsvLocale` does not write.
    let wrong = api.get(&format!("/api/v1/leagues/{league}/standings.csv?locale=fr")).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "an unknown locale is refused, naming it");
    let page = api.get(&format!("/embed/leagues/{league}/standings")).await;
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<tr class=\"unranked\"><td class=\"place\">–</td>"), "{html}");
    // A league without a minimum ranks everyone.
    let rules = input(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}}));
    assert_eq!(api.call(calls::update_league(league, &rules)).await.status, StatusCode::OK);
    let table = api.call(calls::get_standings(league, &Default::default())).await;
    assert!(table.body::<Standings>().rows.iter().all(|r| r.row.ranked && r.row.place.is_some()), "{}", table.json());
});

api_test!(player_statistics_and_head_to_head_by_hand, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    for (day, order) in [
        ("2026-03-01", "Anna,Ben,Cleo"),
        ("2026-03-02", "Ben,Anna=Cleo"),
        ("2026-03-03", "Anna,Cleo"),
        ("2026-03-03", "Anna,Ben"),
    ] {
        assert_eq!(api.record(league, &mensch(day, order)).await.status, StatusCode::CREATED);
    }
    let players: Vec<Player> = api.call(calls::list_players()).await.body();
    let id = |name: &str| players.iter().find(|p| p.name == name).unwrap().id;
    let anna_stats = || calls::get_player_stats(league, id("Anna"));
    let answer = api.call(anna_stats()).await;
    assert_eq!(answer.status, StatusCode::OK);
    let stats: LeaguePlayerStats = answer.body();
    let all = stats.stats.overall.as_ref().unwrap();
    // Places 1, 2, 1, 1: three wins, the last two in a row, on the last night 3 March.
    assert_eq!(all.played, 4, "played: {}", answer.json());
    assert_eq!(all.wins, 3, "wins: {}", answer.json());
    assert_eq!(all.win_rate, 0.75, "win_rate: {}", answer.json());
    assert_eq!(all.average_place, 1.25, "average_place: {}", answer.json());
    assert_eq!(all.best_place, 1, "best_place: {}", answer.json());
    assert_eq!(all.worst_place, 2, "worst_place: {}", answer.json());
    assert_eq!(all.current_streak, 2, "current_streak: {}", answer.json());
    assert_eq!(all.longest_streak, 2, "longest_streak: {}", answer.json());
    assert_eq!(all.last_night, day("2026-03-03"), "last_night: {}", answer.json());
    assert_eq!((stats.stats.player.as_str(), stats.league_id), ("Anna", league));
    let table: Standings = api.call(calls::get_standings(league, &Default::default())).await.body();
    assert_eq!(all.points, table.rows[0].row.points);
    assert_eq!(all.skill.rating_display, table.rows[0].skill.rating_display);
    let before: Standings = api
        .answer(calls::get_standings(league, &StandingsParams { as_of: Some(day("2026-03-02")), ..Default::default() }))
        .await;
    let before = before.rows.iter().find(|r| r.row.player == "Anna").unwrap().clone();
    let change = table.rows[0].skill.rating_display - before.skill.rating_display;
    assert_eq!(all.rating_change, change);
    assert_eq!(stats.stats.games[0].game, Some(GameKind::MenschAergereDichNicht));
    assert_eq!(stats.stats.games[0].played, 4);

    // A head-to-head's pairs: player, opponent, games, ahead, behind, ties.
    let h2h: HeadToHead = api.answer(calls::get_head_to_head(league, &Default::default())).await;
    let pairs = h2h.pairs.clone();
    assert_eq!(
        pairs,
        [pair("Anna", "Ben", 3, 2, 1, 0), pair("Anna", "Cleo", 3, 2, 0, 1), pair("Ben", "Cleo", 2, 2, 0, 0)]
    );

    // A player without games has a record of nothing; unknown ids are 404 problems.
    let dora: LeaguePlayerStats = api.answer(calls::get_player_stats(league, id("Dora"))).await;
    assert_eq!((dora.stats.player.as_str(), dora.stats.overall, dora.stats.games.len()), ("Dora", None, 0));
    api.call(calls::get_player_stats(league, 999999)).await.problem(404, "not-found");
    api.call(calls::get_head_to_head(999999, &Default::default())).await.problem(404, "not-found");
    assert_eq!((h2h.page, h2h.per_page, h2h.total), (1, 1000, 3));
    assert_eq!(h2h.player_id, None);

    // Pages of the same list, and one player's pairs with that player first.
    let page = |query: HeadToHeadParams| {
        let api = &api;
        async move {
            let h2h: HeadToHead = api.answer(calls::get_head_to_head(league, &query)).await;
            (h2h.pairs, h2h.total)
        }
    };
    let pages = |page: u32| HeadToHeadParams { per_page: Some(2), page: Some(page), ..Default::default() };
    let of = |player: i64| HeadToHeadParams { player: Some(player), ..Default::default() };
    let (first, total) = page(HeadToHeadParams { per_page: Some(2), ..Default::default() }).await;
    let (second, _) = page(pages(2)).await;
    assert_eq!(([first, second].concat(), total), (pairs.clone(), 3));
    assert_eq!(page(pages(3)).await, (vec![], 3));
    let (cleo, total) = page(of(id("Cleo"))).await;
    assert_eq!((cleo, total), (vec![pair("Cleo", "Anna", 3, 0, 2, 1), pair("Cleo", "Ben", 2, 0, 2, 0)], 2));
    assert_eq!(page(of(id("Dora"))).await, (vec![], 0));
    api.call(calls::get_head_to_head(league, &of(999999))).await.problem(404, "not-found");
    // Queries out of range, or that no `HeadToHeadParams` writes.
    for bad in ["page=0", "per_page=0", "per_page=5001", "player=anna"] {
        api.get(&format!("/api/v1/leagues/{league}/head-to-head?{bad}")).await.problem(400, "invalid-query");
    }
    api.get(&format!("/api/v1/leagues/{league}/head-to-head?game=chess")).await.problem(400, "invalid-query");

    // Cached per revision like the tables: 304 until the next write changes them.
    let first = api.call(anna_stats()).await;
    let etag = first.header("etag").unwrap().to_owned();
    let again = api.send(api.request(anna_stats()).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    api.record(league, &mensch("2026-03-04", "Ben,Anna")).await;
    let after = api.call(anna_stats()).await;
    assert_ne!(after.header("etag"), Some(etag.as_str()));
    let overall = after.body::<LeaguePlayerStats>().stats.overall.unwrap();
    assert_eq!((overall.played, overall.current_streak), (5, 0));
});

api_test!(standings_have_strong_etags_304_and_follow_every_write, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}})).await;
    let table = || calls::get_standings(league, &Default::default());
    let empty = api.call(table()).await;
    assert_eq!(empty.body::<Standings>().rows.len(), 0);
    api.record(league, &rangeln("2026-11-20", &["Anna", "Ben", "Cleo"], &[&[-7, 6, 1], &[-6, 6, 1], &[-6, 6, 1]]))
        .await;

    let first = api.call(table()).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), Some("public, no-cache"));
    let etag = first.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"') && !etag.starts_with("W/"), "strong ETag: {etag}");
    assert_ne!(Some(etag.as_str()), empty.header("etag"));
    // The row as JSON, to hold its exact members: nothing more, `head_to_head` written as null.
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

    let again = api.send(api.request(table()).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    assert!(again.body.is_empty());

    // A new result changes the table and its ETag at once.
    api.record(league, &mensch("2026-11-21", "Cleo,Ben,Anna")).await;
    let after = api.send(api.request(table()).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(after.header("etag"), Some(etag.as_str()));
    assert_eq!(after.body::<Standings>().rows[0].row.points, 2.0);

    // as_of and game filters.
    let as_of = StandingsParams { as_of: Some(day("2026-11-20")), ..Default::default() };
    let asof: Standings = api.answer(calls::get_standings(league, &as_of)).await;
    assert_eq!(asof.rows[0].row.player, "Anna");
    assert_eq!(asof.as_of, Some(day("2026-11-20")));
    let mensch_only = StandingsParams { game: Some(GameKind::MenschAergereDichNicht), ..Default::default() };
    let only: Standings = api.answer(calls::get_standings(league, &mensch_only)).await;
    assert_eq!(only.rows[0].row.player, "Cleo");
    assert_eq!(only.rows[0].row.played, 1);
    // A day there is none of.
    api.get(&format!("/api/v1/leagues/{league}/standings?as_of=2026-13-01")).await.problem(400, "invalid-query");
    api.call(calls::get_standings(42, &Default::default())).await.problem(404, "not-found");

    // A rename shows in the standings even though no result changed.
    let anna = api.call(calls::list_players()).await.body::<Vec<Player>>()[0].id;
    api.call(calls::rename_player(anna, "Anna-Lena")).await;
    let renamed: Standings = api.answer(calls::get_standings(league, &as_of)).await;
    assert_eq!(renamed.rows[0].row.player, "Anna-Lena");
    let result: ResultPage = api.answer(calls::list_results(league, &Default::default())).await;
    assert_eq!(result.items[1].record.players[0].player, "Anna-Lena");
    assert_eq!(round_scores(&result.items[1].record, 0)["Anna-Lena"], -7);
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
        assert_eq!(api.record(right, &lauf(date, order)).await.status, StatusCode::CREATED);
    }
    // League "fixed": the second game entered wrong and corrected, plus a mistake deleted.
    let fixed = api.add_league(json!({"name": "Fixed", "rules": {"games": ["lauf-rauf"]}})).await;
    api.record(fixed, &lauf(games[0].0, games[0].1)).await;
    let wrong = api.record(fixed, &lauf("2026-02-27", "Ben,Cleo,Anna")).await.body::<StoredResult>().id;
    let mistake = api.record(fixed, &lauf("2026-03-02", "Anna,Cleo,Ben")).await.body::<StoredResult>().id;
    api.record(fixed, &lauf(games[2].0, games[2].1)).await;
    let standings = |league: i64| calls::get_standings(league, &Default::default());
    let before = api.answer(standings(fixed)).await.rows;
    let fix = calls::correct_result(wrong, "\"1\"", &input(lauf(games[1].0, games[1].1)));
    assert_eq!(api.call(fix).await.status, StatusCode::OK);
    assert_eq!(api.call(calls::delete_result(mistake, "*")).await.status, StatusCode::NO_CONTENT);

    let after = api.answer(standings(fixed)).await.rows;
    let expected = api.answer(standings(right)).await.rows;
    assert_ne!(before, after);
    assert_eq!(after, expected, "a corrected league rates exactly as one entered right");
    for row in &expected {
        let (mu, sigma, shown) = (row.skill.rating, row.skill.rating_uncertainty, row.skill.rating_display);
        assert!((shown - (mu - 3.0 * sigma)).abs() < 1e-9, "{row:?}");
        assert!(sigma < 25.0 / 3.0);
    }
    let early: Standings = api
        .answer(calls::get_standings(right, &StandingsParams { as_of: Some(day("2026-03-01")), ..Default::default() }))
        .await;
    assert_eq!(early.rows[0].row.player, "Anna");
    assert_ne!(early.rows[0].skill.rating, expected.iter().find(|r| r.row.player == "Anna").unwrap().skill.rating);

    // Per player and game, across both leagues, with history.
    let anna = api.call(calls::list_players()).await.body::<Vec<Player>>()[0].id;
    let ratings: PlayerRatings = api.answer(calls::player_ratings(anna, &Default::default())).await;
    assert_eq!(ratings.player.name, "Anna");
    let games = &ratings.games;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game, GameKind::LaufRauf);
    let history = &games[0].history;
    assert_eq!(history.len(), 6, "three games in each league");
    assert_eq!(history.last().unwrap().skill.rating, games[0].current.rating);
    assert_eq!(history[0].place, 1);
    let dates: Vec<chrono::NaiveDate> = history.iter().map(|h| h.played_on).collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{dates:?}");
    let early: PlayerRatings =
        api.answer(calls::player_ratings(anna, &PlayerRatingsParams { as_of: Some(day("2026-03-01")) })).await;
    assert_eq!(early.games[0].history.len(), 2);
    api.call(calls::player_ratings(999, &Default::default())).await.problem(404, "not-found");
    // A day no `PlayerRatingsParams` writes.
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
    let views: Vec<(StandingsParams, StandingsQuery)> = vec![
        (StandingsParams::default(), StandingsQuery::default()),
        (
            StandingsParams { game: Some(GameKind::MenschAergereDichNicht), ..Default::default() },
            StandingsQuery { game: Some(GameKind::MenschAergereDichNicht), as_of: None },
        ),
        (
            StandingsParams { as_of: Some(day("2026-03-05")), ..Default::default() },
            StandingsQuery { game: None, as_of: chrono::NaiveDate::from_ymd_opt(2026, 3, 5) },
        ),
    ];
    let counters = api.state.tables.counters();
    let check = |what: &'static str| {
        let api = &api;
        let views = &views;
        async move {
            let league_body: League = api.call(calls::get_league(league)).await.body();
            let rules: LeagueRules = league_body.rules;
            let all = api.league_results(league).await;
            for (query, view) in views {
                let served: Standings = api.answer(calls::get_standings(league, query)).await;
                let expected = spielstand_core::rated_standings(&rules, &all, *view);
                assert_eq!(served.rows, expected, "{what}: {query:?}");
                assert_eq!(served.league_revision, league_body.revision, "{what}: {query:?}");
            }
        }
    };
    check("empty").await;
    assert_eq!(counters.full_loads.load(Relaxed), 1, "the league is read in full once");
    for (date, order) in
        [("2026-03-01", "Anna,Ben,Cleo"), ("2026-03-08", "Dora,Anna,Emil,Ben"), ("2026-03-04", "Cleo,Ben=Emil")]
    {
        assert_eq!(api.record(league, &mensch(date, order)).await.status, StatusCode::CREATED);
        check("recorded").await;
    }
    // A partner game: the teams are rated as teams and scored by the teams' places.
    let partner_game = partners("2026-03-03", "Anna+Cleo,Ben+Dora", "Ben+Dora,Anna+Cleo");
    assert_eq!(api.record(league, &partner_game).await.status, StatusCode::CREATED);
    check("partners").await;
    // Appended after the last game of the season so far, and backdated before all of them.
    let late = api.record(league, &mensch("2026-03-09", "Emil,Dora")).await.body::<StoredResult>().id;
    check("appended").await;
    let early = api.record(league, &mensch("2026-02-01", "Ben,Anna,Dora")).await.body::<StoredResult>().id;
    check("backdated").await;
    // A correction that moves a result to another day and changes its places.
    let fix = calls::correct_result(early, "\"1\"", &input(mensch("2026-03-06", "Dora,Ben,Anna")));
    assert_eq!(api.call(fix).await.status, StatusCode::OK);
    check("corrected").await;
    assert_eq!(api.call(calls::delete_result(late, "*")).await.status, StatusCode::NO_CONTENT);
    check("deleted").await;
    let ben =
        api.call(calls::list_players()).await.body::<Vec<Player>>().into_iter().find(|p| p.name == "Ben").unwrap().id;
    let renamed = api.call(calls::rename_player(ben, "Benedikt")).await;
    assert_eq!(renamed.status, StatusCode::OK);
    check("renamed").await;
    let standings = api.call(calls::get_standings(league, &Default::default())).await;
    assert!(standings.body::<Standings>().rows.iter().any(|r| r.row.player == "Benedikt"), "{}", standings.json());
    let rules = input(
        json!({"name": "Live", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"], "season": {"from": "2026-03-02"}, "tie_breakers": ["head-to-head", "wins"]}}),
    );
    assert_eq!(api.call(calls::update_league(league, &rules)).await.status, StatusCode::OK);
    check("new rules").await;
    assert_eq!(counters.full_loads.load(Relaxed), 1, "every change was applied, none reloaded the league");
    assert!(counters.catch_ups.load(Relaxed) >= 8);

    // Many readers at once after a write: one computation serves them all.
    let r = api.record(league, &mensch("2026-03-10", "Anna,Emil")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let renders = counters.renders.load(Relaxed);
    let readers = (0..32).map(|_| api.call(calls::get_standings(league, &Default::default())));
    let bodies: Vec<Vec<u8>> = futures_util::future::join_all(readers).await.into_iter().map(|r| r.body).collect();
    assert!(bodies.windows(2).all(|w| w[0] == w[1]), "every reader got the same table");
    assert_eq!(counters.renders.load(Relaxed), renders + 1, "32 concurrent readers, one computation");
    assert_eq!(counters.full_loads.load(Relaxed), 1);
});

// A table in every encoding a client accepts, made once per revision: gzip and brotli
// decode to the plain JSON, each has its own ETag (304 for its own), `Vary` says so, a
// client that accepts none gets the plain bytes, and a new result changes all three.
api_test!(tables_are_served_compressed_as_the_client_accepts, |api| {
    use std::io::Read;
    let names: Vec<String> = (0..40).map(|i| format!("Spielerin {i:02}")).collect();
    api.add_players(&names.iter().map(String::as_str).collect::<Vec<_>>()).await;
    let players: Vec<Player> = api.call(calls::list_players()).await.body();
    let league = api.add_league(json!({"name": "Groß", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    for pair in names.chunks(4) {
        assert_eq!(api.record(league, &mensch("2026-03-01", &pair.join(","))).await.status, StatusCode::CREATED);
    }
    // Each encoding asked for by hand: what the test is about.
    let path = format!("/api/v1/leagues/{league}/standings");
    let get = |encoding: Option<&'static str>, tag: Option<String>| {
        let mut request = TestRequest::get().uri(&path);
        if let Some(encoding) = encoding {
            request = request.insert_header(("accept-encoding", encoding));
        }
        if let Some(tag) = tag {
            request = request.insert_header(("if-none-match", tag));
        }
        request
    };
    let plain = api.send(get(None, None)).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.header("content-encoding").is_none());
    let json = plain.body.to_vec();
    assert!(json.len() > 2000, "a table worth compressing: {} bytes", json.len());

    let gz = api.send(get(Some("gzip"), None)).await;
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert!(gz.header("vary").unwrap().contains("Accept-Encoding"), "{:?}", gz.header("vary"));
    assert!(gz.body.len() * 5 <= json.len(), "{} of {} bytes", gz.body.len(), json.len());
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&gz.body[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, json);

    let br = api.send(get(Some("gzip, deflate, br"), None)).await;
    assert_eq!(br.header("content-encoding"), Some("br"));
    let mut unbrotlied = Vec::new();
    brotli::Decompressor::new(&br.body[..], 4096).read_to_end(&mut unbrotlied).unwrap();
    assert_eq!(unbrotlied, json);

    let tags: Vec<String> = [&plain, &gz, &br].iter().map(|r| r.header("etag").unwrap().to_owned()).collect();
    assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2], "{tags:?}");
    assert_eq!(api.send(get(Some("gzip"), Some(tags[1].clone()))).await.status, StatusCode::NOT_MODIFIED);
    assert_eq!(
        api.send(get(Some("gzip"), Some(tags[0].clone()))).await.status,
        StatusCode::OK,
        "another representation's tag"
    );
    // Refusing identity and offering nothing known: the plain bytes all the same.
    let odd = api.send(get(Some("zstd"), None)).await;
    assert!(odd.header("content-encoding").is_none());
    assert_eq!(odd.body.to_vec(), json);

    // The CSV, the embeddable page and the pictures too: made once per revision, in every
    // encoding.
    for (other, kind) in [
        (format!("/api/v1/leagues/{league}/standings.csv?locale=de"), "text/csv"),
        (format!("/embed/leagues/{league}/standings?lang=en&theme=dark"), "text/html"),
        (format!("/embed/leagues/{league}/standings?limit=5"), "text/html"),
        (format!("/embed/leagues/{league}/players/{}", players[0].id), "text/html"),
        (format!("/embed/leagues/{league}/ratings.svg?lang=en"), "image/svg+xml"),
        (format!("/embed/leagues/{league}/race.svg?theme=dark"), "image/svg+xml"),
    ] {
        let plain = api.send(TestRequest::get().uri(&other)).await;
        assert!(plain.header("content-type").unwrap().starts_with(kind));
        let gz = api.send(TestRequest::get().uri(&other).insert_header(("accept-encoding", "gzip"))).await;
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{other}");
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&gz.body[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain.body.to_vec(), "{other}");
        let again = api.send(TestRequest::get().uri(&other).insert_header(("accept-encoding", "gzip"))).await;
        assert_eq!(again.header("etag"), gz.header("etag"), "the same bytes, made once: {other}");
        assert_ne!(plain.header("etag"), gz.header("etag"));
    }

    api.record(league, &mensch("2026-03-02", "Spielerin 39,Spielerin 00")).await;
    let after = api.send(get(Some("gzip"), Some(tags[1].clone()))).await;
    assert_eq!(after.status, StatusCode::OK, "a new result, new bytes in every encoding");
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&after.body[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, api.send(get(None, None)).await.body.to_vec());
});

// A cache of 40 KB: a few leagues held whole, the others demoted to their packed JSON.
api_test!(
    a_demoted_league_answers_its_json_from_memory_byte_for_byte_until_it_changes,
    spielstand_api::Options { cache_bytes: 40_000, ..Default::default() },
    |api| {
        use std::io::Read;
        use std::sync::atomic::Ordering::Relaxed;
        let names: Vec<String> = (0..16).map(|i| format!("Spieler {i:02}")).collect();
        api.add_players(&names.iter().map(String::as_str).collect::<Vec<_>>()).await;
        let mut leagues = Vec::new();
        for n in 0..8 {
            let league = api
                .add_league(json!({"name": format!("Liga {n}"), "rules": {"games": ["mensch-aergere-dich-nicht"]}}))
                .await;
            for (k, four) in names.chunks(4).enumerate() {
                let date = format!("2026-03-{:02}", k + n + 1);
                let result = mensch(&date, &four.join(","));
                assert_eq!(api.record(league, &result).await.status, StatusCode::CREATED);
            }
            leagues.push(league);
        }
        let get = |league: i64, encoding: Option<&'static str>, tag: Option<&str>| {
            let mut request = TestRequest::get().uri(&format!("/api/v1/leagues/{league}/standings"));
            if let Some(encoding) = encoding {
                request = request.insert_header(("accept-encoding", encoding));
            }
            if let Some(tag) = tag {
                request = request.insert_header(("if-none-match", tag.to_owned()));
            }
            request
        };
        let gunzip = |bytes: &[u8]| {
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(bytes).read_to_end(&mut plain).unwrap();
            plain
        };
        // Each league read as JSON, plain and gzip (so that its gzip form exists to pack).
        let mut first = Vec::new();
        for &league in &leagues {
            let plain = api.send(get(league, None, None)).await;
            let gz = api.send(get(league, Some("gzip"), None)).await;
            assert_eq!(gz.header("content-encoding"), Some("gzip"));
            assert_eq!(gunzip(&gz.body), plain.body);
            first.push((plain, gz));
        }
        let renders = || api.state.tables.counters().renders.load(Relaxed);
        let before = renders();
        // The first league was demoted long ago: its JSON is still answered, the same
        // bytes and ETags, in both encodings, and 304 for either tag, without a render.
        let (plain, gz) = &first[0];
        let again = api.send(get(leagues[0], Some("gzip, br"), None)).await;
        assert_eq!(again.status, StatusCode::OK);
        assert_eq!(again.header("content-encoding"), Some("gzip"), "packed: gzip is what is kept");
        assert_eq!((again.body.as_slice(), again.header("etag")), (gz.body.as_slice(), gz.header("etag")));
        assert!(again.header("vary").unwrap().contains("Accept-Encoding"));
        let inflated = api.send(get(leagues[0], None, None)).await;
        assert!(inflated.header("content-encoding").is_none());
        assert_eq!((inflated.body.as_slice(), inflated.header("etag")), (plain.body.as_slice(), plain.header("etag")));
        for (encoding, tag) in [(None, plain.header("etag")), (Some("gzip"), gz.header("etag"))] {
            assert_eq!(api.send(get(leagues[0], encoding, tag)).await.status, StatusCode::NOT_MODIFIED);
        }
        assert_eq!(renders(), before, "answered from the packed JSON");
        // What needs the whole view (CSV) renders it again: the league was demoted.
        let csv = api.call(calls::get_standings_csv(leagues[1], &Default::default())).await;
        assert_eq!(csv.status, StatusCode::OK);
        assert_eq!(renders(), before + 1, "the CSV needed the whole view back");
        // A change: the packed JSON is of an older revision, never served again.
        let result = mensch("2026-04-01", "Spieler 15,Spieler 00");
        assert_eq!(api.record(leagues[2], &result).await.status, StatusCode::CREATED);
        let changed = api.send(get(leagues[2], Some("gzip"), Some(first[2].1.header("etag").unwrap()))).await;
        assert_eq!(changed.status, StatusCode::OK);
        let table: Standings = serde_json::from_slice(&gunzip(&changed.body)).unwrap();
        let fresh = Tables::new(64 << 20, 128);
        let whole = fresh
            .get(
                &Reads::primary(),
                &api.state.pool,
                leagues[2],
                View::Table { game: None, as_of: None },
                Newest::Acknowledged,
            )
            .await
            .unwrap();
        assert_eq!(gunzip(&changed.body), whole.json.plain.bytes.to_vec(), "equal to a computation from the database");
        assert_eq!(table.rows.iter().find(|r| r.row.player == "Spieler 15").unwrap().row.played, 2);
    }
);

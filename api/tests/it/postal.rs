//! Hase und Igel by post through the API, on both backends: a whole game of four hares
//! played to its end (orders sent with the hares' codes, German and English, one hare
//! silent in round 1, the next round's orders sent ahead; every round compared with core's
//! adjudicator; the end recorded as a league result), who may send and resolve what, what
//! is refused when it arrives, that nothing of a round is public before it is resolved,
//! a round resolved once however often it is asked for, and the pages and the feed.

use crate::common::{Response, TestApi, input};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_core::postspiel::{self, GameState, Lang, Orders, careful_orders};
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, Event, JoinCode, JoinCodeInput, JoinInput, NightPass, PlayerRef, PostalGame,
    PostalGameCreated, PostalOrdersInput, PostalOrdersReceipt, PostalRound, Problem, RefusedOrder, ReportLang,
    ReportParams, StoredResult, TokenScope,
};

const HARES: [&str; 4] = ["Anna", "Ben", "Cleo", "Dora"];

fn in_days(days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::days(days)).to_rfc3339()
}

async fn league<S, B>(api: &TestApi<S>) -> i64
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    api.add_players(&HARES).await;
    api.add_players(&["Emil"]).await;
    api.add_league(json!({"name": "Postliga", "rules": {"games": ["hase-und-igel", "mensch-aergere-dich-nicht"]}}))
        .await
}

async fn create<S, B>(api: &TestApi<S>, league: i64, round_limit: u32) -> PostalGameCreated
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let game = input(json!({"title": "Herbstpost", "players": HARES, "round_limit": round_limit,
                            "first_deadline": in_days(7), "round_days": 7}));
    let r = api.call(calls::create_postal_game(league, &game)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    r.body()
}

/// Orders sent with `secret` (a hare's code, a pass or a token).
async fn send<S, B>(api: &TestApi<S>, game: i64, secret: &str, body: Value) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    send_in(api, game, secret, body, "en").await
}

/// As [`send`], the problem's detail asked for in `language` (`Accept-Language`).
async fn send_in<S, B>(api: &TestApi<S>, game: i64, secret: &str, body: Value, language: &str) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let orders: PostalOrdersInput = input(body);
    let req = api.request_as(secret, calls::send_postal_orders(game, &orders));
    api.send(req.insert_header(("accept-language", language.to_owned()))).await
}

/// The game master resolves `round`, the report in English.
async fn resolve<S, B>(api: &TestApi<S>, game: i64, round: u32) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    api.call(calls::resolve_postal_round(game, round, &ReportParams { lang: Some(ReportLang::En) })).await
}

fn code<'a>(created: &'a PostalGameCreated, player: &str) -> &'a str {
    &created.codes.iter().find(|c| c.player == player).unwrap().code
}

fn text(r: &Response) -> String {
    String::from_utf8_lossy(&r.body).into_owned()
}

api_test!(four_hares_play_a_whole_postal_game_to_a_league_result, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 30).await;
    let game = created.game.id;
    assert_eq!(created.game.round, 1);
    assert_eq!(created.game.hares.len(), 4);
    assert!(created.game.hares.iter().all(|h| h.field == 0 && h.carrots == 98 && h.lettuces == 3));
    let mut local = GameState::new(HARES);
    local.round_limit = Some(30);
    let mut round = 1;
    let mut sent_ahead: Option<Orders> = None;
    let mut last: Option<PostalRound> = None;
    while !local.finished {
        let orders = sent_ahead.take().unwrap_or_else(|| careful_orders(&local));
        for (name, order) in &orders.0 {
            // Dora sends nothing in round 1 (NMR); her round-2 order was sent ahead.
            if round == 1 && name == "Dora" {
                continue;
            }
            let words = if round % 2 == 0 { order.text(Lang::De) } else { order.text(Lang::En) };
            let r = send(&api, game, code(&created, name), json!({"orders": [{"round": round, "order": words}]})).await;
            // An order sent ahead is refused now only where its rule was known then.
            assert_eq!(r.status, StatusCode::OK, "round {round}, {name}: {words}: {}", text(&r));
            let receipt: PostalOrdersReceipt = r.body();
            assert_eq!(receipt.player, *name);
            assert_eq!(receipt.orders[0].order, order.to_string());
        }
        let mut played = orders.clone();
        if round == 1 {
            played.0.remove("Dora");
        }
        let expected = postspiel::resolve(&local, &played).unwrap();
        // Round 1: Dora's order for round 2 goes in ahead, with her night-less code.
        if round == 1 {
            let ahead = careful_orders(&expected.state);
            let dora = ahead.get("Dora").unwrap().clone();
            let r =
                send(&api, game, code(&created, "Dora"), json!({"orders": [{"round": 2, "order": dora.to_string()}]}))
                    .await;
            assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
            let mut next = careful_orders(&expected.state);
            next.0.insert("Dora".into(), dora);
            sent_ahead = Some(next);
        }
        let r = resolve(&api, game, round).await;
        assert_eq!(r.status, StatusCode::OK, "round {round}: {}", text(&r));
        let report: PostalRound = r.body();
        assert_eq!(report.round, round);
        let lines: Vec<String> = report.lines.iter().map(|l| format!("{} {}: {}", l.phase, l.hare, l.text)).collect();
        assert_eq!(lines, expected.report.text(Lang::En), "round {round}");
        for (hare, after) in report.hares.iter().zip(&expected.state.hares) {
            assert_eq!(
                (hare.field, hare.carrots, hare.lettuces, hare.finished),
                (after.field, after.carrots, after.lettuces, after.finished),
                "round {round}: {}",
                after.name
            );
        }
        let dora = report.orders.iter().find(|o| o.hare == "Dora").unwrap();
        assert_eq!(dora.order.is_none(), round == 1, "round {round}: Dora's order {:?}", dora.order);
        local = expected.state;
        last = Some(report);
        round += 1;
        assert!(round <= 31, "the game did not end within its round limit");
    }
    let game_now: PostalGame = api.call(calls::get_postal_game(game)).await.body();
    assert!(game_now.finished);
    assert_eq!(game_now.deadline, None);
    let result_id = game_now.result_id.expect("a finished game with a winner is a league result");
    // The last report says so, and ranks the finishers first in their places.
    let last = last.expect("a round was resolved");
    assert_eq!(last.result_id, Some(result_id));
    assert!(last.text.contains(&format!("Recorded as a league result (#{result_id}).")), "{}", last.text);
    let finishers: Vec<u32> = last.ranking.iter().filter(|p| p.finished).map(|p| p.place).collect();
    assert_eq!(finishers, (1..=finishers.len() as u32).collect::<Vec<_>>());
    let result: StoredResult = api.call(calls::get_result(result_id)).await.body();
    assert_eq!(result.record.game(), spielstand_core::GameKind::HaseUndIgel);
    let expected = postspiel::league_result(&local).unwrap();
    let winner = &expected.order.0[0][0];
    let first: Vec<&str> = result.placings.iter().filter(|p| p.place == 1).map(|p| p.player.as_str()).collect();
    assert_eq!(first, [winner.as_str()]);
    // The league table counts it.
    let table: Value = api.call(calls::get_standings(league, &Default::default())).await.json();
    assert_eq!(table["rows"].as_array().unwrap().len(), 4, "{table}");
    // Over: no more orders, no more rounds.
    let r = send(&api, game, code(&created, "Anna"), json!({"orders": [{"round": round, "order": "vor 1"}]})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", text(&r));
    let r = resolve(&api, game, round).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", text(&r));
});

api_test!(a_round_is_secret_until_resolved_and_resolved_once, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 10).await;
    let game = created.game.id;
    let r = send(&api, game, code(&created, "Anna"), json!({"orders": [{"round": 1, "order": "vor 2"}]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
    assert!(!r.body::<PostalOrdersReceipt>().orders[0].replaced);
    // Replaced: the last one counts.
    let r = send(&api, game, code(&created, "Anna"), json!({"orders": [{"round": 1, "order": "forward 3"}]})).await;
    assert!(r.body::<PostalOrdersReceipt>().orders[0].replaced);
    // Nothing of it anywhere before the round is resolved.
    let reads = [
        api.call(calls::get_postal_game(game)).await,
        api.call(calls::list_postal_games(league)).await,
        api.get(&format!("/api/v1/postal-games/{game}/rounds.atom")).await,
        api.get(&format!("/embed/postal-games/{game}")).await,
    ];
    for (r, what) in reads.iter().zip(["the game", "the league's games", "the feed", "the page"]) {
        assert_eq!(r.status, StatusCode::OK, "{what}");
        let body = text(r);
        assert!(!body.contains("forward") && !body.contains("vor 2"), "{what}: {body}");
    }
    let report = |round: u32, lang: Option<ReportLang>| calls::get_postal_round(game, round, &ReportParams { lang });
    assert_eq!(api.call(report(1, None)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(api.get(&format!("/embed/postal-games/{game}/rounds/1")).await.status, StatusCode::NOT_FOUND);
    // Two clicks at once: one round resolved, the other click told so.
    let (a, b) = futures_util::future::join(resolve(&api, game, 1), resolve(&api, game, 1)).await;
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} / {}", text(&a), text(&b));
    let round: PostalRound = api.answer(report(1, Some(ReportLang::En))).await;
    let anna = round.orders.iter().find(|o| o.hare == "Anna").unwrap();
    assert_eq!(anna.order.as_deref(), Some("forward 3"));
    assert!(round.orders.iter().filter(|o| o.hare != "Anna").all(|o| o.order.is_none()));
    // Resolved as the adjudicator resolves the last order sent; without orders a hare
    // hops one field (docs/rules.md "NMR").
    let mut start = GameState::new(HARES);
    start.round_limit = Some(10);
    let expected = postspiel::resolve(&start, &Orders::from_text("Anna: forward 3").unwrap()).unwrap();
    let fields: Vec<u32> = round.hares.iter().map(|h| h.field).collect();
    assert_eq!(fields, expected.state.hares.iter().map(|h| h.field).collect::<Vec<_>>());
    assert!(round.lines.iter().any(|l| l.hare == "Ben" && l.text.contains("no orders")), "{:?}", round.lines);
    let game_now: PostalGame = api.call(calls::get_postal_game(game)).await.body();
    assert_eq!(game_now.round, 2);
    let first = created.game.deadline.unwrap();
    assert_eq!(game_now.deadline, Some(first + chrono::Duration::days(7)), "resolved early: the schedule is kept");
    // An old round again is 409 and names the round that is next.
    let r = resolve(&api, game, 1).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert!(text(&r).contains("round 2 is"), "{}", text(&r));
});

api_test!(orders_that_cannot_be_are_refused_when_they_arrive, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 10).await;
    let game = created.game.id;
    let anna = code(&created, "Anna");
    let refused = |r: Response, needle: &str| {
        let detail = r.problem(422, "invalid-body");
        assert!(detail.contains(needle), "{needle:?} not in {detail}");
    };
    // Forty fields cost 820 carrots: the rule is named.
    refused(send(&api, game, anna, json!({"orders": [{"round": 1, "order": "vor 40"}]})).await, "carrots-short");
    // In German for a German client, the rule's code the same.
    let r = send_in(&api, game, anna, json!({"orders": [{"round": 1, "order": "vor 40"}]}), "de-DE, de;q=0.9").await;
    assert_eq!(r.header("content-language"), Some("de"));
    let detail = r.problem(422, "invalid-body");
    assert_eq!(detail, "orders[0].order: Anna: nicht genug Möhren (carrots-short)");
    // Backwards with no hedgehog behind the start.
    refused(send(&api, game, anna, json!({"orders": [{"round": 1, "order": "zurück"}]})).await, "no-hedgehog-behind");
    refused(send(&api, game, anna, json!({"orders": [{"round": 1, "order": "hüpfen"}]})).await, "orders[0].order");
    refused(
        send(&api, game, anna, json!({"orders": [{"round": 1, "order": "vor 1"}, {"round": 3, "order": "vor 1"}]}))
            .await,
        "orders[1].round: orders are taken for round 1 or 2, not 3",
    );
    refused(
        send(&api, game, anna, json!({"orders": [{"round": 1, "order": "vor 1"}, {"round": 1, "order": "vor 2"}]}))
            .await,
        "orders[1].round: a second order for round 1",
    );
    refused(
        send(
            &api,
            game,
            anna,
            json!({"orders": [{"round": 2, "order": "wenn nach Runde 2 Möhren > 3 dann vor 1 sonst vor 2"}]}),
        )
        .await,
        "condition-future",
    );
    refused(send(&api, game, anna, json!({"orders": [{"round": 1, "order": "vor 1\nBen: vor 9"}]})).await, "one line");
    refused(send(&api, game, anna, json!({"orders": []})).await, "orders:");
    // A member no `PostalOrdersInput` has.
    let colour = json!({"orders": [{"round": 1, "order": "vor 1"}], "colour": "red"});
    let r = api
        .send(
            TestRequest::put()
                .uri(&format!("/api/v1/postal-games/{game}/orders"))
                .insert_header(("authorization", format!("Bearer {anna}")))
                .set_json(colour),
        )
        .await;
    refused(r, "colour");
    // A rule that depends on where the hare will stand is decided with its round: ahead,
    // "vor 40" is kept (and void if still too dear then).
    let r = send(&api, game, anna, json!({"orders": [{"round": 2, "order": "vor 40"}]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
    // Nothing refused was kept: round 1 resolves with no order from Anna.
    assert_eq!(resolve(&api, game, 1).await.status, StatusCode::OK);
    let round: PostalRound = api.answer(calls::get_postal_round(game, 1, &Default::default())).await;
    assert!(round.orders.iter().all(|o| o.order.is_none()), "{:?}", round.orders);
    // Round 2: the order sent ahead is void when carried out, and said so.
    let r = resolve(&api, game, 2).await;
    let round: PostalRound = r.body();
    assert!(round.lines.iter().any(|l| l.hare == "Anna" && l.text.contains("carrots-short")), "{:?}", round.lines);
    // A game that cannot be: refused whole, nothing made.
    let base = json!({"title": "x", "players": ["Anna", "Ben"], "round_limit": 5, "first_deadline": in_days(1), "round_days": 3});
    let with = |key: &str, value: Value| {
        let mut body = base.clone();
        body[key] = value;
        body
    };
    for (body, needle) in [
        (with("first_deadline", json!("2020-01-01T00:00:00Z")), "first_deadline: 2020-01-01"),
        (with("first_deadline", json!(in_days(400))), "first_deadline: more than 366 days"),
        (with("players", json!(["Anna", "anna"])), "players[1]: Anna is players[0] already"),
        (with("players", json!(["Anna"])), "players: a postal game has 2 to 6 hares"),
        (with("players", json!(["Anna", "Bem"])), "Bem"),
        (with("round_limit", json!(0)), "round_limit"),
        (with("round_days", json!(61)), "round_days"),
        (with("board", json!("nonsense")), "board:"),
        (with("title", json!("  ")), "title"),
    ] {
        let r = api.call(calls::create_postal_game(league, &input(body))).await;
        refused(r, needle);
    }
    // A member no `PostalGameInput` has.
    let r = api.post(&format!("/api/v1/leagues/{league}/postal-games"), &with("extra", json!(1))).await;
    refused(r, "extra");
    let games: Vec<PostalGame> = api.answer(calls::list_postal_games(league)).await;
    assert_eq!(games.len(), 1);
    // A league without Hase und Igel has no postal game.
    let other = api.add_league(json!({"name": "Nur Mensch", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let r = api.call(calls::create_postal_game(other, &input(base))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", text(&r));
});

api_test!(a_refused_order_says_which_and_a_wrong_code_sends_the_hare_to_the_game_master, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 10).await;
    let game = created.game.id;
    let anna = code(&created, "Anna");
    // The second of two orders breaks a rule: which order, its round, hare and code, for a
    // client to say in its reader's words; the detail as it was.
    let two = json!({"orders": [{"round": 1, "order": "vor 1"}, {"round": 2, "order": "vor 0"}]});
    let r = send(&api, game, anna, two.clone()).await;
    let detail = r.problem(422, "invalid-body");
    assert!(detail.starts_with("orders[1].order: forward moves at least 1 field (rule forward-zero: "), "{detail}");
    let refused = RefusedOrder {
        field: "orders[1].order".into(),
        round: 2,
        hare: "Anna".into(),
        order: "forward 0".into(),
        code: Some("forward-zero".into()),
        reason: "forward moves at least 1 field".into(),
    };
    assert_eq!(r.body::<Problem>().refused_order, Some(refused.clone()));
    // The same to a German client, but the detail.
    let r = send_in(&api, game, anna, two, "de-DE, de;q=0.9").await;
    assert_eq!(
        r.problem(422, "invalid-body"),
        "orders[1].order: Anna: vorwärts heißt mindestens ein Feld (forward-zero)"
    );
    assert_eq!(r.body::<Problem>().refused_order, Some(refused));
    // An order that does not read: as it was sent, without a code.
    let r = send(&api, game, anna, json!({"orders": [{"round": 1, "order": "hüpfen 3"}]})).await;
    let detail = r.problem(422, "invalid-body");
    assert!(detail.starts_with("orders[0].order: expected vor/forward N"), "{detail}");
    let refused = r.body::<Problem>().refused_order.expect("the order that does not read");
    assert_eq!(
        (refused.field.as_str(), refused.round, refused.hare.as_str(), refused.order.as_str(), refused.code),
        ("orders[0].order", 1, "Anna", "hüpfen 3", None)
    );
    assert_eq!(detail, format!("orders[0].order: {}", refused.reason));
    // The game master's order for a hare names that hare; a problem of no order has none.
    let bens = input(json!({"player": "ben", "orders": [{"round": 1, "order": "zurück"}]}));
    let r = api.call(calls::send_postal_orders(game, &bens)).await;
    r.problem(422, "invalid-body");
    let refused = r.body::<Problem>().refused_order.expect("Ben's order");
    assert_eq!((refused.hare.as_str(), refused.order.as_str()), ("Ben", "back"));
    assert_eq!(refused.code.as_deref(), Some("no-hedgehog-behind"));
    let r = send(&api, game, anna, json!({"orders": [{"round": 3, "order": "vor 1"}]})).await;
    r.problem(422, "invalid-body");
    assert_eq!(r.body::<Problem>().refused_order, None);

    // A hare's code nobody has: said as a code, sending the player to the game master.
    let order = json!({"orders": [{"round": 1, "order": "vor 1"}]});
    let r = send_in(&api, game, "spgc_0000", order.clone(), "de-DE, de;q=0.9").await;
    assert_eq!(r.header("content-language"), Some("de"));
    assert_eq!(r.header("www-authenticate"), Some("Bearer"));
    assert_eq!(
        r.problem(401, "unauthorized"),
        "Der gesendete Hasen-Code ist hier nicht bekannt (vertippt, oder sein Spiel gibt es nicht mehr): Frag die Spielleitung nach deinem Code"
    );
    assert_eq!(
        send(&api, game, "spgc_0000", order.clone()).await.problem(401, "unauthorized"),
        "the hare code sent is not known here (mistyped, or its game is gone): ask the game master for your code"
    );
    // A token nobody has is still a token.
    let detail = send(&api, game, "no-such-token", order).await.problem(401, "unauthorized");
    assert!(detail.contains("spielstand-api token create"), "{detail}");
});

api_test!(who_may_send_and_resolve, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 10).await;
    let game = created.game.id;
    let other = create(&api, league, 10).await;
    let anna = code(&created, "Anna");
    let order = |player: Option<&str>| match player {
        Some(p) => json!({"player": p, "orders": [{"round": 1, "order": "vor 1"}]}),
        None => json!({"orders": [{"round": 1, "order": "vor 1"}]}),
    };
    // Her own orders, named or not.
    assert_eq!(send(&api, game, anna, order(None)).await.status, StatusCode::OK);
    assert_eq!(send(&api, game, anna, order(Some("anna"))).await.status, StatusCode::OK);
    // Not Ben's, not in another game, not resolving, not anything else.
    send(&api, game, anna, order(Some("Ben"))).await.problem(403, "insufficient-scope");
    send(&api, other.game.id, anna, order(None)).await.problem(403, "insufficient-scope");
    api.call_as(anna, calls::resolve_postal_round(game, 1, &Default::default()))
        .await
        .problem(403, "insufficient-scope");
    api.call_as(anna, calls::create_player("Fritz")).await.problem(403, "insufficient-scope");
    // No credential, or a made-up code.
    let r =
        api.send(TestRequest::put().uri(&format!("/api/v1/postal-games/{game}/orders")).set_json(order(None))).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    send(&api, game, "spgc_0000", order(None)).await.problem(401, "unauthorized");
    // The game master names the hare; without a name, or a name of no hare, refused.
    let as_master = |player: Option<&str>| calls::send_postal_orders(game, &input(order(player)));
    let r = api.call(as_master(Some("Ben"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
    assert_eq!(r.body::<PostalOrdersReceipt>().player, "Ben");
    api.call(as_master(None)).await.problem(422, "invalid-body");
    api.call(as_master(Some("Emil"))).await.problem(422, "invalid-body");
    // A record token of another league neither sends nor resolves here.
    let elsewhere = api.add_league(json!({"name": "Andere", "rules": {"games": ["hase-und-igel"]}})).await;
    let limited =
        api.state.db(move |conn| tokens::create(conn, "andere", TokenScope::Record, Some(elsewhere))).await.unwrap();
    send(&api, game, &limited, order(Some("Ben"))).await.problem(403, "insufficient-scope");
    api.call_as(&limited, calls::resolve_postal_round(game, 1, &Default::default()))
        .await
        .problem(403, "insufficient-scope");
    // A night pass of the league sends its player's orders; Emil's pass is no hare's.
    let night = input(json!({"title": "Clubabend", "date": chrono::Utc::now().date_naive().to_string()}));
    let event: Event = api.call(calls::create_event(league, &night)).await.body();
    let code_of_night: JoinCode =
        api.call(calls::create_join_code(event.id, Some(&JoinCodeInput::default()))).await.body();
    let pass = |player: &'static str| {
        let join = JoinInput {
            code: code_of_night.code.clone(),
            player: PlayerRef::Name(player.to_owned()),
            ask_organiser: None,
        };
        let api = &api;
        async move {
            let r = api.call(calls::join_night(&join)).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", text(&r));
            r.body::<NightPass>().pass
        }
    };
    let cleo = pass("Cleo").await;
    let r = send(&api, game, &cleo, order(None)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
    assert_eq!(r.body::<PostalOrdersReceipt>().player, "Cleo");
    let emil = pass("Emil").await;
    send(&api, game, &emil, order(None)).await.problem(403, "insufficient-scope");
    // The percent-encoded path is the same route, held to the same rule.
    let r = api
        .send(
            TestRequest::put()
                .uri(&format!("/api/v1/postal-games/{}/%6Frders", other.game.id))
                .insert_header(("authorization", format!("Bearer {anna}")))
                .set_json(order(None)),
        )
        .await;
    r.problem(403, "insufficient-scope");
});

api_test!(a_round_is_a_page_in_both_languages_and_a_feed_entry, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 10).await;
    let game = created.game.id;
    send(&api, game, code(&created, "Ben"), json!({"orders": [{"round": 1, "order": "vor 3"}]})).await;
    assert_eq!(resolve(&api, game, 1).await.status, StatusCode::OK);
    let de = text(&api.get(&format!("/embed/postal-games/{game}/rounds/1")).await);
    assert!(de.contains("<html lang=\"de\"") && de.contains("Runde 1") && de.contains("Möhren"), "{de}");
    assert!(de.contains("kein Zug eingegangen (NMR)") && de.contains("Ben</bdi>: vor 3"), "orders in German: {de}");
    let en = text(&api.get(&format!("/embed/postal-games/{game}/rounds/1?lang=en")).await);
    assert!(en.contains("Round 1") && en.contains("forward 3") && en.contains("no orders received (NMR)"), "{en}");
    let page = text(&api.get(&format!("/embed/postal-games/{game}?lang=en")).await);
    assert!(page.contains("Next round 2 of 10") && page.contains("Herbstpost"), "{page}");
    let feed = api.get(&format!("/api/v1/postal-games/{game}/rounds.atom?lang=en")).await;
    assert_eq!(feed.header("content-type"), Some("application/atom+xml; charset=utf-8"));
    let xml = text(&feed);
    assert_eq!(xml.matches("<entry>").count(), 1, "{xml}");
    assert!(xml.contains(&format!("/embed/postal-games/{game}/rounds/1?lang=en")), "{xml}");
    let etag = feed.header("etag").unwrap().to_owned();
    let again = api
        .send(
            TestRequest::get()
                .uri(&format!("/api/v1/postal-games/{game}/rounds.atom?lang=en"))
                .insert_header(("if-none-match", etag)),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(resolve(&api, game, 2).await.status, StatusCode::OK);
    let xml = text(&api.get(&format!("/api/v1/postal-games/{game}/rounds.atom")).await);
    assert_eq!(xml.matches("<entry>").count(), 2, "{xml}");
    assert!(xml.contains("Herbstpost: Runde 2"), "{xml}");
    assert_eq!(api.get("/embed/postal-games/999/rounds/1").await.status, StatusCode::NOT_FOUND);
});

api_test!(a_lost_code_is_reissued_by_the_game_master_and_the_old_one_ends, |api| {
    let league = league(&api).await;
    let created = create(&api, league, 1).await;
    let game = created.game.id;
    let old = code(&created, "Anna").to_owned();
    let order = json!({"orders": [{"round": 1, "order": "vor 1"}]});
    // The game master's token; names compare as everywhere.
    let r = api.call(calls::reissue_postal_code(game, "anna")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", text(&r));
    let new: spielstand_wire::PostalCode = r.body();
    assert_eq!(new.player, "Anna");
    assert!(new.code.starts_with("spgc_") && new.code != old);
    // The old code ends at once; the new one sends Anna's orders, and only hers.
    send(&api, game, &old, order.clone()).await.problem(401, "unauthorized");
    assert_eq!(send(&api, game, &new.code, order.clone()).await.status, StatusCode::OK);
    let bens = json!({"player": "Ben", "orders": [{"round": 1, "order": "vor 1"}]});
    send(&api, game, &new.code, bens).await.problem(403, "insufficient-scope");
    // Ben's code is untouched.
    assert_eq!(send(&api, game, code(&created, "Ben"), order.clone()).await.status, StatusCode::OK);
    // A hare reissues no code, not even its own.
    api.call_as(&new.code, calls::reissue_postal_code(game, "Anna")).await.problem(403, "insufficient-scope");
    // Nobody of the game, no such game, a body it does not read.
    let detail = api.call(calls::reissue_postal_code(game, "Emil")).await.problem(422, "invalid-body");
    assert!(detail.contains("Emil") && detail.contains("Anna, Ben, Cleo, Dora"), "{detail}");
    api.call(calls::reissue_postal_code(9999, "Anna")).await.problem(404, "not-found");
    // A member no `PostalCodeInput` has.
    api.post(&format!("/api/v1/postal-games/{game}/codes"), &json!({"player": "Anna", "round": 1}))
        .await
        .problem(422, "invalid-body");
    // The game master sends Cleo's orders, received by post.
    let cleo = input(json!({"player": "Cleo", "orders": [{"round": 1, "order": "vor 2"}]}));
    assert_eq!(api.call(calls::send_postal_orders(game, &cleo)).await.status, StatusCode::OK);
    // Over: no codes, as no orders.
    assert_eq!(resolve(&api, game, 1).await.status, StatusCode::OK);
    api.call(calls::reissue_postal_code(game, "Anna")).await.problem(409, "conflict");
    // The game master's actions are in the audit trail, for a client that asks for them.
    let asked = AuditParams { league_id: Some(league), postal: Some(true), ..Default::default() };
    let all: AuditPage = api.answer(calls::list_audit(&asked)).await;
    let postal: Vec<(AuditAction, Value)> =
        all.items.iter().filter(|e| e.action.is_postal()).map(|e| (e.action, e.detail.clone())).collect();
    assert_eq!(
        postal,
        [
            (AuditAction::PostalRoundResolved, json!({"round": 1})),
            (AuditAction::PostalOrdersSent, json!({"hare": "Cleo", "rounds": [1]})),
            (AuditAction::PostalCodeReissued, json!({"hare": "Anna"})),
            (AuditAction::PostalGameCreated, json!({"title": "Herbstpost", "hares": HARES})),
        ]
    );
    assert!(all.items.iter().filter(|e| e.action.is_postal()).all(|e| e.subject_id == Some(game)));
    // A client that does not ask (one written before they existed) reads every page as
    // before: none of them, nor counted.
    let before =
        api.call(calls::list_audit(&AuditParams { league_id: Some(league), ..Default::default() })).await.json();
    let actions: Vec<&str> =
        before["items"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert!(actions.iter().all(|a| !a.starts_with("postal_")), "{actions:?}");
    assert_eq!(before["total"], all.total - 4);
    // Named, it is listed either way.
    let named = AuditParams { action: Some(AuditAction::PostalCodeReissued), ..Default::default() };
    assert_eq!(api.answer(calls::list_audit(&named)).await.total, 1);
});

api_test!(a_round_s_report_tells_the_players_the_same_facts_in_both_languages, |api| {
    let league = league(&api).await;
    // Two rounds: the game ends with nobody in the goal, so no league result.
    let created = create(&api, league, 2).await;
    let game = created.game.id;
    let mut local = GameState::new(HARES);
    local.round_limit = Some(2);
    for round in 1..=2u32 {
        let mut orders = careful_orders(&local);
        // Ben is silent in round 1 (NMR).
        if round == 1 {
            orders.0.remove("Ben");
        }
        for (name, order) in &orders.0 {
            let r = send(
                &api,
                game,
                code(&created, name),
                json!({"orders": [{"round": round, "order": order.to_string()}]}),
            )
            .await;
            assert_eq!(r.status, StatusCode::OK, "{}", text(&r));
        }
        let expected = postspiel::resolve(&local, &orders).unwrap();
        let en: PostalRound = resolve(&api, game, round).await.body();
        let de: PostalRound =
            api.answer(calls::get_postal_round(game, round, &ReportParams { lang: Some(ReportLang::De) })).await;
        // The race positions as the adjudicator has them, the same in both languages.
        let positions = expected.state.positions();
        for report in [&en, &de] {
            let shown: Vec<u32> = report.hares.iter().map(|h| h.position).collect();
            assert_eq!(shown, positions, "round {round}");
        }
        let facts = |r: &PostalRound| {
            let hares: Vec<_> = r
                .hares
                .iter()
                .map(|h| (h.name.clone(), h.position, h.field, h.carrots, h.lettuces, h.pending.clone(), h.finished))
                .collect();
            (hares, r.ranking.clone(), r.result_id, r.game_over, r.lines.len())
        };
        assert_eq!(facts(&en), facts(&de), "round {round}");
        // A legend of the phases; NMR said once, by the report's line.
        assert!(en.text.contains("Phases: 1 orders · 2 hare events"), "{}", en.text);
        assert!(de.text.contains("Phasen: 1 Züge · 2 Hasenereignisse"), "{}", de.text);
        assert_eq!(en.text.matches("NMR").count(), usize::from(round == 1), "{}", en.text);
        assert_eq!(de.text.matches("NMR").count(), usize::from(round == 1), "{}", de.text);
        // Each hare by race position, with what it must do next.
        for hare in &de.hares {
            let line = format!(
                "  {}. {}: Feld {} · Möhren {} · Salate {}",
                hare.position, hare.name, hare.field, hare.carrots, hare.lettuces
            );
            assert!(de.text.contains(&line), "{line:?} in {}", de.text);
            if hare.pending.as_deref() == Some("leave") {
                assert!(de.text.contains(&format!("{line} · muss das Salatfeld verlassen")), "{}", de.text);
            }
        }
        local = expected.state;
    }
    // The last round: the end said once, the ranking, and no league result.
    let en: PostalRound =
        api.answer(calls::get_postal_round(game, 2, &ReportParams { lang: Some(ReportLang::En) })).await;
    let de: PostalRound =
        api.answer(calls::get_postal_round(game, 2, &ReportParams { lang: Some(ReportLang::De) })).await;
    assert!(en.game_over && en.result_id.is_none());
    let order = postspiel::final_order(&local);
    let ranked: Vec<(u32, &str, bool)> = en.ranking.iter().map(|p| (p.place, p.name.as_str(), p.finished)).collect();
    let expected: Vec<(u32, &str, bool)> = order.iter().map(|p| (p.place, p.name.as_str(), p.finished)).collect();
    assert_eq!(ranked, expected);
    assert_eq!(en.text.matches("The game is over.").count(), 1, "{}", en.text);
    assert_eq!(de.text.matches("Das Spiel ist zu Ende.").count(), 1, "{}", de.text);
    assert!(en.text.contains("No hare reached the goal: no result was recorded for the league."), "{}", en.text);
    assert!(
        de.text.contains("Kein Hase hat das Ziel erreicht: für die Liga wurde kein Ergebnis erfasst."),
        "{}",
        de.text
    );
    // The ranking in its order, in both.
    for (report, ranking) in [(&en, "Final ranking:"), (&de, "Endstand:")] {
        let from = report.text.find(ranking).unwrap_or_else(|| panic!("{ranking} in {}", report.text));
        let mut at = from;
        for place in &report.ranking {
            let line = format!("  {}. {}: ", place.place, place.name);
            at = at + report.text[at..].find(&line).unwrap_or_else(|| panic!("{line:?} after {at} in {}", report.text));
        }
    }
    // The page and the feed say the same.
    let page = text(&api.get(&format!("/embed/postal-games/{game}/rounds/2")).await);
    assert!(page.contains("<th scope=\"col\">Position</th>") && page.contains("Endstand"), "{page}");
    assert!(page.contains("Kein Hase hat das Ziel erreicht") && page.contains("Phasen: 1 Züge"), "{page}");
    let feed = text(&api.get(&format!("/api/v1/postal-games/{game}/rounds.atom?lang=en")).await);
    let last = format!("  1. {}: ", en.ranking[0].name);
    assert!(feed.contains(&last) && feed.contains("No hare reached the goal"), "{feed}");
    assert_eq!(feed.matches("Phases: 1 orders").count(), 2, "a legend in each entry: {feed}");
});

/// Two real server processes on one database, each sweeping deadlines every second: a
/// round whose deadline passes is resolved once, by the deadline, with the orders that
/// arrived (the rest NMR); orders for it are refused from then on.
fn a_round_resolves_itself_at_its_deadline_once(db: crate::common::TestDb) {
    use crate::common::process::{Server, agent, seed, token, typed};
    let token = token(&db);
    let env = [("SPIELSTAND_POSTAL_CHECK_S", "1".to_owned())];
    let first = Server::start(&db, &env);
    let second = Server::start(&db, &env);
    let (league, _) = seed(&first, &token, &HARES, &["hase-und-igel"]);
    let deadline = chrono::Utc::now() + chrono::Duration::seconds(3);
    let (status, created) = first.post(
        &format!("/leagues/{league}/postal-games"),
        &token,
        &json!({"title": "Eilpost", "players": HARES, "round_limit": 5,
                "first_deadline": deadline.to_rfc3339(), "round_days": 2}),
    );
    assert_eq!(status, 201, "{created}");
    let created: PostalGameCreated = typed(&created);
    let game = created.game.id;
    let put = |server: &Server, secret: &str, body: Value| {
        let mut res = agent()
            .put(&format!("{}/postal-games/{game}/orders", server.api))
            .header("Authorization", &format!("Bearer {secret}"))
            .send_json(body)
            .unwrap();
        (res.status().as_u16(), res.body_mut().read_to_string().unwrap())
    };
    let (status, body) = put(&second, code(&created, "Anna"), json!({"orders": [{"round": 1, "order": "vor 2"}]}));
    assert_eq!(status, 200, "{body}");
    let waited = std::time::Instant::now();
    let round: PostalRound = loop {
        let mut res = agent().get(&format!("{}/postal-games/{game}/rounds/1?lang=en", first.api)).call().unwrap();
        if res.status() == 200 {
            break res.body_mut().read_json().unwrap();
        }
        assert!(waited.elapsed() < std::time::Duration::from_secs(20), "round 1 was not resolved at its deadline");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert!(chrono::Utc::now() >= deadline);
    assert_eq!(round.resolved_by, "deadline");
    let shown: Vec<(&str, Option<&str>)> = round.orders.iter().map(|o| (o.hare.as_str(), o.order.as_deref())).collect();
    assert_eq!(shown, [("Anna", Some("forward 2")), ("Ben", None), ("Cleo", None), ("Dora", None)]);
    // Once: two more sweeps of both processes later, the game waits for round 2, due two
    // days after the first deadline.
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let game_now: PostalGame = second.answer(&token, calls::get_postal_game(game));
    assert_eq!(game_now.round, 2);
    let next = game_now.deadline.unwrap();
    assert!(next > chrono::Utc::now() + chrono::Duration::hours(47), "{next}");
    let mut res = agent().get(&format!("{}/postal-games/{game}/rounds/2", first.api)).call().unwrap();
    assert_eq!(res.status(), 404, "{}", res.body_mut().read_to_string().unwrap());
    // Round 1's orders are closed; round 2's are taken.
    let (status, body) = put(&first, code(&created, "Ben"), json!({"orders": [{"round": 1, "order": "vor 1"}]}));
    assert_eq!(status, 422, "{body}");
    let (status, body) = put(&first, code(&created, "Ben"), json!({"orders": [{"round": 2, "order": "vor 1"}]}));
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_round_resolves_itself_at_its_deadline_once_sqlite() {
    a_round_resolves_itself_at_its_deadline_once(crate::common::TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn a_round_resolves_itself_at_its_deadline_once_postgres() {
    a_round_resolves_itself_at_its_deadline_once(crate::common::TestDb::postgres());
}

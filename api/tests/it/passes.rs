//! Members at the table, through the API: join codes, night passes, results entered with
//! a pass waiting for their tablemates (`pending`), confirmed or rejected, and settled by
//! the organiser; a pending result changes nothing anyone reads, on both backends.

use crate::common::phones::{join, night, today};
use crate::common::{Response, TestApi, input};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_wire::TokenScope;
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, DeliveryPage, Event, EventReport, JoinCode, JoinCodeInput, JoinInput,
    NewWebhook, NightPass, PassInfo, PlayerRef, ResultPage, ResultStatus, ResultsParams, Round, StatusFilter,
    StoredResult,
};

fn mensch(order: &[&str]) -> Value {
    crate::common::mensch(&today(), &order.join(","))
}

/// The names at each table of `round`.
fn tables(round: &Round) -> Vec<Vec<String>> {
    round.tables.iter().map(|t| t.seats.iter().map(|s| s.player.clone()).collect()).collect()
}

/// Everything anyone reads of league `league` that a result would change.
async fn everything<S, B>(api: &TestApi<S>, league: i64, night: i64) -> Vec<String>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut seen = Vec::new();
    let reads = [
        calls::get_standings(league, &Default::default()).unwrap().untyped(),
        calls::get_standings_csv(league, &Default::default()).unwrap().untyped(),
        calls::get_head_to_head(league, &Default::default()).unwrap().untyped(),
        calls::get_rating_accuracy(league, &Default::default()).unwrap().untyped(),
        calls::export_league(league).untyped(),
        calls::list_results(league, &Default::default()).unwrap().untyped(),
        calls::list_events(league).untyped(),
        calls::get_league(league).untyped(),
        calls::player_ratings(1, &Default::default()).unwrap().untyped(),
    ];
    for call in reads {
        let operation = call.operation;
        let r = api.call(call).await;
        assert_eq!(r.status, StatusCode::OK, "{operation}");
        seen.push(format!("{operation} {:?} {}", r.header("etag"), String::from_utf8_lossy(&r.body)));
    }
    // Feeds and pages, which no client of `calls` reads.
    for path in [
        format!("/api/v1/leagues/{league}/results.atom"),
        format!("/embed/leagues/{league}/standings"),
        format!("/embed/leagues/{league}/ratings.svg"),
    ] {
        let r = api.get(&path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        seen.push(format!("{path} {:?} {}", r.header("etag"), String::from_utf8_lossy(&r.body)));
    }
    let report: EventReport = api.call(calls::get_event(night)).await.body();
    seen.push(format!("{:?} {:?} {:?}", report.results, report.table, report.winners));
    seen
}

api_test!(members_join_with_the_night_s_code_and_act_at_their_night_only, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let other = api.add_league(json!({"name": "Sommerliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (night, round, code) = night(&api, league).await;
    assert_eq!(code.code.len(), 9, "ABCD-EFGH: {}", code.code);
    assert!(code.url.ends_with(&format!("/n/{}", code.code)), "{}", code.url);
    let hours = (code.expires_at - chrono::Utc::now()).num_minutes();
    assert!((17 * 60..=18 * 60).contains(&hours), "expires in {hours} minutes");

    // Typed as people type it.
    let typed = code.code.to_lowercase().replace('-', " ");
    let r = join(&api, &typed, "anna").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let cookie = r.header("set-cookie").unwrap().to_owned();
    for part in ["spielstand_pass=spsp_", "HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(cookie.contains(part), "{part}: {cookie}");
    }
    let anna: NightPass = r.body();
    assert_eq!((anna.event_id, anna.player.as_str()), (night, "Anna"));
    // One pass per player and night: someone else with the code cannot take Anna over.
    let d = join(&api, &code.code, "Anna").await.problem(409, "conflict");
    assert!(d.contains("Anna"), "{d}");
    // Emil is not checked in: the default code checks him in.
    let emil: NightPass = join(&api, &code.code, "Emil").await.body();
    let report: EventReport = api.call(calls::get_event(night)).await.body();
    assert!(report.attendees.iter().any(|a| a.player == "Emil"), "Emil checked in by joining");
    let _ = emil;
    // A mistyped name gets suggestions.
    let r = join(&api, &code.code, "Clea").await;
    let p = r.json();
    assert_eq!(r.status.as_u16(), 422, "{p}");
    assert!(p["suggestions"].as_array().unwrap().iter().any(|s| s == "Cleo"), "{p}");

    // What the pass may do, and where.
    let mine = tables(&round).into_iter().find(|t| t.contains(&"Anna".to_owned())).unwrap();
    let theirs = tables(&round).into_iter().find(|t| !t.contains(&"Anna".to_owned())).unwrap();
    let d = api
        .call_as(&anna.pass, calls::record_result(other, &input(mensch(&[&mine[0], &mine[1]])), None))
        .await
        .problem(403, "insufficient-scope");
    assert!(d.contains("pass of Anna"), "{d}");
    let league_x = json!({"name": "X", "rules": {"games": ["rangeln"]}});
    api.call_as(&anna.pass, calls::create_league(&input(league_x))).await.problem(403, "insufficient-scope");
    let draw = json!({"game": "mensch-aergere-dich-nicht", "method": "random"});
    api.call_as(&anna.pass, calls::draw_round(night, &input(draw))).await.problem(403, "insufficient-scope");
    api.call_as(&anna.pass, calls::revoke_pass(night, 1)).await.problem(403, "insufficient-scope");
    // Another table's result, or another set of players: refused, naming the table.
    let d = api
        .call_as(&anna.pass, calls::record_result(league, &input(mensch(&[&theirs[0], &theirs[1]])), None))
        .await
        .problem(422, "invalid-body");
    assert!(d.contains("exactly its players") && d.contains(&mine[1]), "{d}");

    // The organiser lists and revokes passes; a revoked pass acts no more, and its player
    // joins again only once the organiser lets them back in.
    let listed: Vec<PassInfo> = api.answer(calls::list_passes(night)).await;
    assert_eq!(listed.iter().map(|p| p.player.as_str()).collect::<Vec<_>>(), ["Emil", "Anna"]);
    let anna_id = listed.iter().find(|p| p.player == "Anna").unwrap().player_id;
    let r = api.call(calls::revoke_pass(night, anna_id)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let d = api
        .call_as(&anna.pass, calls::record_result(league, &input(mensch(&[&mine[0], &mine[1]])), None))
        .await
        .problem(403, "token-revoked");
    assert!(d.contains("revoked"), "{d}");
    api.call(calls::revoke_pass(night, anna_id)).await.problem(404, "not-found");
    let d = join(&api, &code.code, "Anna").await.problem(403, "insufficient-scope");
    assert!(d.contains("let you back in"), "{d}");
    assert_eq!(api.call(calls::readmit_pass(night, anna_id)).await.status, StatusCode::NO_CONTENT);
    api.call(calls::readmit_pass(night, anna_id)).await.problem(404, "not-found");
    let listed: Vec<PassInfo> = api.answer(calls::list_passes(night)).await;
    let revoked = listed.iter().find(|p| p.player == "Anna").unwrap();
    assert_eq!(revoked.ended_how, Some(spielstand_wire::PassEnd::Revoked));
    assert!(revoked.readmitted_at.is_some());
    let again: NightPass = join(&api, &code.code, "Anna").await.body();
    // A closed night ends every pass.
    let r = api.call(calls::close_event(night)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let r = api.call_as(&again.pass, calls::record_result(league, &input(mensch(&[&mine[0], &mine[1]])), None)).await;
    let d = r.problem(403, "token-revoked");
    assert!(d.contains("closed"), "{d}");
    // The code of a night that is over takes nobody in.
    join(&api, &code.code, "Ben").await.problem(409, "event-closed");
    // The audit names the passes.
    let issued = AuditParams { action: Some(AuditAction::PassIssued), ..Default::default() };
    let audit: AuditPage = api.answer(calls::list_audit(&issued)).await;
    assert!(audit.items.iter().any(|e| e.token_name.as_deref() == Some(&*format!("pass of Anna, night {night}"))));
});

api_test!(wrong_join_codes_are_throttled_per_address, |api| {
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let (_, _, code) = night(&api, league).await;
    let try_code = |code: &str| {
        let join = JoinInput { code: code.to_owned(), player: PlayerRef::Name("Anna".into()), ask_organiser: None };
        api.send(api.request(calls::join_night(&join)).peer_addr("192.0.2.7:4711".parse().unwrap()))
    };
    // Eight bytes that are not eight letters: a code nobody has, not a panic.
    join(&api, "\u{8a}\u{95d73}\u{84}", "\u{0}!z\u{19}%").await.problem(404, "not-found");
    for n in 0..5 {
        try_code(&format!("ZZZZ-ZZZ{n}")).await.problem(404, "not-found");
    }
    let r = try_code("ZZZZ-ZZZ9").await;
    r.problem(429, "too-many-requests");
    assert!(r.header("retry-after").is_some());
    // Over the quota, the right code waits too: codes cannot be tried faster.
    try_code(&code.code).await.problem(429, "too-many-requests");
    // Another address is not held up.
    let r = join(&api, &code.code, "Anna").await;
    assert_eq!(r.status, StatusCode::CREATED);
});

api_test!(a_pending_result_changes_nothing_until_confirmed, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let hook: NewWebhook = api.call(calls::create_webhook(league, "http://127.0.0.1:9/hook")).await.body();
    let (night, round, code) = night(&api, league).await;
    let table = tables(&round).into_iter().next().unwrap();
    let (first, second) = (table[0].clone(), table[1].clone());
    let enterer: NightPass = join(&api, &code.code, &first).await.body();
    let mate: NightPass = join(&api, &code.code, &second).await.body();
    let before = everything(&api, league, night).await;

    let record = input(mensch(&[&second, &first]));
    let entered = |key: &str| api.call_as(&enterer.pass, calls::record_result(league, &record, Some(key)));
    let r = entered("phone-1").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let pending: StoredResult = r.body();
    assert_eq!(pending.status, ResultStatus::Pending);
    assert_eq!(pending.record.event_id, Some(night), "the pass's night");
    let review = pending.review.clone().unwrap();
    assert_eq!((review.entered_by.as_str(), review.needed), (&*format!("pass of {first}, night {night}"), 1));
    // Sent again (the phone did not hear the answer): the same answer, nothing new.
    let replay = entered("phone-1").await;
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.body::<StoredResult>().id, pending.id);
    // Nothing anyone reads changed: tables, ratings, statistics, export, feeds, lists.
    for (b, a) in before.iter().zip(everything(&api, league, night).await) {
        assert_eq!(*b, a, "a pending result changed what people read");
    }
    let deliveries: DeliveryPage = api.answer(calls::list_deliveries(hook.webhook.id)).await;
    assert_eq!(deliveries.total, 0, "no webhook hears of a pending result");
    // The night's page shows its table as waiting; its games and table are as before.
    let page = String::from_utf8(api.get(&format!("/embed/events/{night}")).await.body).unwrap();
    assert!(page.contains("wartet auf Bestätigung"), "{page}");
    // It is listed when asked for, and shown as pending at its table.
    let pending_only = ResultsParams { status: Some(StatusFilter::Pending), ..Default::default() };
    let listed: ResultPage = api.answer(calls::list_results(league, &pending_only)).await;
    assert_eq!(listed.items.iter().map(|r| r.id).collect::<Vec<_>>(), [pending.id]);
    let rounds: Vec<Round> = api.call(calls::list_rounds(night)).await.body();
    let at_table = rounds[0].tables.iter().find(|t| t.result_id == Some(pending.id)).expect("matched to its table");
    assert_eq!(at_table.result_status, Some(ResultStatus::Pending));
    // A second entry for the table is refused, naming the first.
    let d = api
        .call_as(&mate.pass, calls::record_result(league, &input(mensch(&[&first, &second])), None))
        .await
        .problem(409, "conflict");
    assert!(d.contains(&format!("result {}", pending.id)) && d.contains("pending"), "{d}");

    // The one who entered it cannot confirm it; a tablemate can.
    let confirm = |pass: &str| api.call_as(pass, calls::confirm_result(pending.id, None));
    let d = confirm(&enterer.pass).await.problem(403, "insufficient-scope");
    assert!(d.contains("another player of the table"), "{d}");
    let r = confirm(&mate.pass).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let confirmed: StoredResult = r.body();
    assert_eq!(confirmed.status, ResultStatus::Confirmed);
    assert_eq!(confirmed.review.unwrap().confirmed_by, [format!("pass of {second}, night {night}")]);
    // Now it counts everywhere, exactly as a token's result would.
    let after = everything(&api, league, night).await;
    for (b, a) in before.iter().zip(&after) {
        if b.starts_with("player_ratings ") && ![&first, &second].contains(&&"Anna".to_owned()) {
            continue;
        }
        assert_ne!(b, a, "unchanged after the confirmation: {}", b.split(' ').next().unwrap());
    }
    let standings: Value = api.call(calls::get_standings(league, &Default::default())).await.json();
    assert_eq!(standings["rows"][0]["player"], second.as_str());
    let deliveries: DeliveryPage = api.answer(calls::list_deliveries(hook.webhook.id)).await;
    assert_eq!(
        deliveries.items.iter().map(|d| d.result_id).collect::<Vec<_>>(),
        [pending.id],
        "one delivery, as recorded"
    );
    // Confirming again changes nothing.
    assert_eq!(confirm(&mate.pass).await.body::<StoredResult>().revision, confirmed.revision);
    let history: Vec<Value> = api.call(calls::result_history(pending.id)).await.body();
    let actions: Vec<&str> = history.iter().map(|h| h["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["recorded", "confirmed"]);
});

api_test!(rejected_results_wait_for_the_organiser_and_the_league_sets_how_many_confirm, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api
        .add_league(
            json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"], "confirmations": 0}}),
        )
        .await;
    let (night, round, code) = night(&api, league).await;
    let [one, two] = [tables(&round)[0].clone(), tables(&round)[1].clone()];
    // `confirmations: 0`: a member's entry counts at once.
    let pass: NightPass = join(&api, &code.code, &one[0]).await.body();
    let r = api.call_as(&pass.pass, calls::record_result(league, &input(mensch(&[&one[0], &one[1]])), None)).await;
    let counted: StoredResult = r.body();
    assert_eq!(counted.status, ResultStatus::Confirmed);
    assert_eq!(api.call(calls::get_standings(league, &Default::default())).await.json()["rows"][0]["played"], 1);
    // Beyond 5 confirmations a table of six has not enough tablemates.
    let six = json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"], "confirmations": 6}});
    let d = api.call(calls::update_league(league, &input(six))).await.problem(422, "confirmations-out-of-range");
    assert!(d.contains('6'), "{d}");
    let one_mate = json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"], "confirmations": 1}});
    let r = api.call(calls::update_league(league, &input(one_mate))).await;
    assert_eq!(r.status, StatusCode::OK);

    // The other table: entered, then rejected with a reason by the tablemate.
    let enterer: NightPass = join(&api, &code.code, &two[0]).await.body();
    let mate: NightPass = join(&api, &code.code, &two[1]).await.body();
    let entered: StoredResult = api
        .call_as(&enterer.pass, calls::record_result(league, &input(mensch(&[&two[0], &two[1]])), None))
        .await
        .body();
    assert_eq!(entered.status, ResultStatus::Pending);
    let reject = |pass: &str, reason: &str| api.call_as(pass, calls::reject_result(entered.id, reason));
    reject(&enterer.pass, "wrong").await.problem(403, "insufficient-scope");
    reject(&mate.pass, "").await.problem(422, "invalid-body");
    let r = reject(&mate.pass, &format!("{} won, not {}", two[1], two[0])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let rejected: StoredResult = r.body();
    assert_eq!(rejected.status, ResultStatus::Rejected);
    let rejection = rejected.review.unwrap().rejection.unwrap();
    assert_eq!(rejection.by, format!("pass of {}, night {night}", two[1]));
    assert_eq!(
        api.call(calls::get_standings(league, &Default::default())).await.json()["rows"].as_array().unwrap().len(),
        2
    );
    // A tablemate cannot confirm a rejected result; the organiser corrects and accepts it.
    api.call_as(&mate.pass, calls::confirm_result(entered.id, None)).await.problem(409, "conflict");
    let record_token = tokens::create(
        &mut spielstand_api::db::open(&api.url, 1).unwrap().get().unwrap(),
        "tisch",
        TokenScope::Record,
        Some(league),
    )
    .unwrap();
    let revision = format!("\"{}\"", rejected.revision);
    let r = api
        .call_as(&record_token, calls::correct_result(entered.id, &revision, &input(mensch(&[&two[1], &two[0]]))))
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "a record token of the league settles a member's entry: {}",
        String::from_utf8_lossy(&r.body)
    );
    let corrected: StoredResult = r.body();
    assert_eq!(corrected.status, ResultStatus::Rejected, "corrected, not yet accepted");
    assert_eq!(
        api.call(calls::get_standings(league, &Default::default())).await.json()["rows"].as_array().unwrap().len(),
        2
    );
    let revision = format!("\"{}\"", corrected.revision);
    let r = api.call_as(&record_token, calls::confirm_result(entered.id, Some(&revision))).await;
    let accepted: StoredResult = r.body();
    assert_eq!(accepted.status, ResultStatus::Confirmed);
    let standings: Value = api.call(calls::get_standings(league, &Default::default())).await.json();
    assert_eq!(standings["rows"].as_array().unwrap().len(), 4, "{standings}");
    let rows = standings["rows"].as_array().unwrap();
    let winner = rows.iter().find(|r| r["player"] == two[1].as_str()).unwrap();
    assert_eq!(winner["wins"], 1, "the corrected order counts: {standings}");

    // Another entry, rejected, then deleted by the organiser: gone without a trace in the
    // tables.
    let draw = json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2, "seed": 8});
    let next: Round = api.call(calls::draw_round(night, &input(draw))).await.body();
    let table = tables(&next).into_iter().find(|t| t.contains(&two[0]) || t.contains(&two[1])).unwrap();
    let passes = [(&two[0], &enterer), (&two[1], &mate)];
    let (entering, other) = (table[0].clone(), table[1].clone());
    let pass_of = |name: &str| passes.iter().find(|(n, _)| **n == name).map(|(_, p)| p.pass.clone());
    let entering_pass = match pass_of(&entering) {
        Some(p) => p,
        None => join(&api, &code.code, &entering).await.body::<NightPass>().pass,
    };
    let other_pass = match pass_of(&other) {
        Some(p) => p,
        None => join(&api, &code.code, &other).await.body::<NightPass>().pass,
    };
    let second: StoredResult = api
        .call_as(&entering_pass, calls::record_result(league, &input(mensch(&[&entering, &other])), None))
        .await
        .body();
    let r = api.call_as(&other_pass, calls::reject_result(second.id, "never played")).await;
    let rejected: StoredResult = r.body();
    assert_eq!(rejected.status, ResultStatus::Rejected);
    let before = api.call(calls::get_standings(league, &Default::default())).await.body;
    let r = api.call(calls::delete_result(second.id, &format!("\"{}\"", rejected.revision))).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(
        api.call(calls::get_standings(league, &Default::default())).await.body,
        before,
        "deleting it changed no table"
    );
    let rounds: Vec<Round> = api.call(calls::list_rounds(night)).await.body();
    assert!(rounds[1].tables.iter().all(|t| t.result_id != Some(second.id)), "the table is open again");
});

/// Reads the next `event: night` frame of an SSE stream: its `data` as JSON.
fn next_frame(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> Option<Value> {
    let mut event = None;
    for line in lines.by_ref() {
        let line = line.ok()?;
        if let Some(name) = line.strip_prefix("event: ") {
            event = Some(name.to_owned());
        } else if let Some(data) = line.strip_prefix("data: ")
            && event.as_deref() == Some("night")
        {
            return Some(serde_json::from_str(data).unwrap());
        }
    }
    None
}

/// A night followed live over a real connection: a frame at once, one after each change
/// (in both languages, rendered by the server), and the end when the night closes.
fn a_night_is_followed_live(db: crate::common::TestDb) {
    use crate::common::process::{Server, agent, call_with, token, typed};
    use std::io::BufRead;
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) =
        crate::common::process::seed(&server, &admin, &["Anna", "Ben", "Cleo", "Dora"], &["mensch-aergere-dich-nicht"]);
    let tonight = input(json!({"title": "Clubabend", "date": today()}));
    let (status, night) = server.call(&admin, calls::create_event(league, &tonight));
    assert_eq!(status, 201, "{night}");
    let night = typed::<Event>(&night).id;
    let agent = agent();
    // The stream is no JSON call: read as it comes.
    let res = agent.get(&format!("{}/events/{night}/stream", server.api)).call().unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers().get("content-type").unwrap(), "text/event-stream");
    assert_eq!(res.headers().get("cache-control").unwrap(), "no-store");
    let mut lines = std::io::BufReader::new(res.into_body().into_reader()).lines();
    let first = next_frame(&mut lines).expect("a frame at once");
    assert_eq!(first["report"]["id"], night);
    assert!(first["html"]["de"].as_str().unwrap().contains("Noch keine Runde"), "{first}");
    assert!(first["html"]["en"].as_str().unwrap().contains("No round drawn yet"), "{first}");
    // A check-in and a draw: each followed by a frame showing it.
    let players = input(json!({"players": ["Anna", "Ben", "Cleo", "Dora"]}));
    let (status, _) = call_with(&agent, &server.base, &admin, calls::check_in(night, &players));
    assert_eq!(status, 200);
    let frame = next_frame(&mut lines).unwrap();
    assert_eq!(frame["report"]["attendees"].as_array().unwrap().len(), 4, "{frame}");
    let draw = input(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2}));
    let (status, _) = call_with(&agent, &server.base, &admin, calls::draw_round(night, &draw));
    assert_eq!(status, 201);
    let mut frame = next_frame(&mut lines).unwrap();
    // Frames are built once for all followers and may take two changes together.
    while frame["report"]["rounds"].as_array().unwrap().is_empty() {
        frame = next_frame(&mut lines).unwrap();
    }
    assert!(frame["html"]["de"].as_str().unwrap().contains("Tisch 1"), "{frame}");
    // Closing the night ends the stream; a closed night's stream answers 204.
    let (status, _) = call_with(&agent, &server.base, &admin, calls::close_event(night));
    assert_eq!(status, 200);
    let mut last = None;
    while let Some(frame) = next_frame(&mut lines) {
        last = Some(frame);
    }
    assert!(last.is_some_and(|f| !f["report"]["closed_at"].is_null()), "the last frame says it closed");
    assert_eq!(agent.get(&format!("{}/events/{night}/stream", server.api)).call().unwrap().status(), 204);
}

#[test]
fn a_night_is_followed_live_sqlite() {
    a_night_is_followed_live(crate::common::TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn a_night_is_followed_live_postgres() {
    a_night_is_followed_live(crate::common::TestDb::postgres());
}

async fn ask<S, B>(api: &TestApi<S>, code: &str, player: &str) -> Response
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let join =
        JoinInput { code: code.to_owned(), player: PlayerRef::Name(player.to_owned()), ask_organiser: Some(true) };
    api.call(calls::join_night(&join)).await
}

/// What a pass may do now: 201 entering nothing valid is never reached, so a read of the
/// pass's own night through an operation it may call (confirming result 0) tells: 403
/// `insufficient-scope` while it waits, 403 `token-revoked` once it ended, else 404.
async fn acts<S, B>(api: &TestApi<S>, pass: &str) -> (u16, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let r = api.call_as(pass, calls::confirm_result(999999, None)).await;
    (r.status.as_u16(), r.json()["type"].as_str().unwrap_or_default().to_owned())
}

api_test!(a_member_moves_to_a_new_phone_with_the_organiser_s_yes, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (night, _, code) = night(&api, league).await;
    let first: NightPass = join(&api, &code.code, "Anna").await.body();
    assert!(!first.waiting);
    // The phone lost its cookie: a plain join is refused, naming what to do.
    let d = join(&api, &code.code, "Anna").await.problem(409, "conflict");
    assert!(d.contains("ask_organiser"), "{d}");
    // Asked for: a pass that waits and does nothing, while the old one still acts.
    let r = ask(&api, &code.code, "Anna").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let second: NightPass = r.body();
    assert!(second.waiting);
    assert_eq!(acts(&api, &second.pass).await, (403, "/problems/insufficient-scope".to_owned()));
    assert_eq!(acts(&api, &first.pass).await.0, 404, "the old phone acts until the organiser says yes");
    let listed: Vec<PassInfo> = api.answer(calls::list_passes(night)).await;
    assert!(listed.iter().any(|p| p.player == "Anna" && p.waiting));
    // Asked again from a third phone: that request replaces the second.
    let third: NightPass = ask(&api, &code.code, "Anna").await.body();
    assert_eq!(acts(&api, &second.pass).await, (403, "/problems/token-revoked".to_owned()));
    // The organiser says yes: the third acts, the first ends (moved).
    let anna = listed.iter().find(|p| p.player == "Anna").unwrap().player_id;
    assert_eq!(api.call(calls::approve_pass(night, anna)).await.status, StatusCode::NO_CONTENT);
    api.call(calls::approve_pass(night, anna)).await.problem(404, "not-found");
    assert_eq!(acts(&api, &third.pass).await.0, 404);
    let (status, kind) = acts(&api, &first.pass).await;
    assert_eq!((status, kind.as_str()), (403, "/problems/token-revoked"));
    let listed: Vec<PassInfo> = api.answer(calls::list_passes(night)).await;
    let ends: Vec<Option<spielstand_wire::PassEnd>> =
        listed.iter().filter(|p| p.player == "Anna").map(|p| p.ended_how).collect();
    use spielstand_wire::PassEnd::{Moved, Replaced};
    assert_eq!(ends, [None, Some(Replaced), Some(Moved)], "latest first");
    // A request the organiser declines ends, and the member may ask again.
    let fourth: NightPass = ask(&api, &code.code, "Anna").await.body();
    assert_eq!(api.call(calls::decline_pass(night, anna)).await.status, StatusCode::NO_CONTENT);
    assert_eq!(acts(&api, &fourth.pass).await.1, "/problems/token-revoked");
    assert_eq!(acts(&api, &third.pass).await.0, 404, "declining a request leaves the pass that acts");
    // A pass may not approve, decline or readmit.
    api.call_as(&third.pass, calls::approve_pass(night, anna)).await.problem(403, "insufficient-scope");
});

api_test!(a_member_not_checked_in_asks_the_organiser, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (night, _, _) = night(&api, league).await;
    // A code that does not check members in.
    let code: JoinCode =
        api.call(calls::create_join_code(night, Some(&JoinCodeInput { check_in: Some(false) }))).await.body();
    let d = join(&api, &code.code, "Emil").await.problem(422, "invalid-body");
    assert!(d.contains("not checked in"), "{d}");
    let waiting: NightPass = ask(&api, &code.code, "Emil").await.body();
    assert!(waiting.waiting);
    let report: EventReport = api.call(calls::get_event(night)).await.body();
    assert!(!report.attendees.iter().any(|a| a.player == "Emil"), "not checked in while the pass waits");
    let players: Vec<Value> = api.call(calls::list_players()).await.body();
    let emil = players.iter().find(|p| p["name"] == "Emil").unwrap()["id"].as_i64().unwrap();
    assert_eq!(api.call(calls::approve_pass(night, emil)).await.status, StatusCode::NO_CONTENT);
    let report: EventReport = api.call(calls::get_event(night)).await.body();
    assert!(report.attendees.iter().any(|a| a.player == "Emil"), "checked in by the organiser's yes");
    assert_eq!(acts(&api, &waiting.pass).await.0, 404);
});

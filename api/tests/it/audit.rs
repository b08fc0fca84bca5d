//! The audit trail: every change through the API, and tokens made on the command line,
//! with who made it; readable by admin tokens only, in pages, filtered.

use crate::common::{input, mensch};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_wire::TokenScope;
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, Event, JoinCodeInput, JoinInput, NewWebhook, Player, PlayerRef, ResultPage,
    StoredResult, Webhook,
};

/// The audit trail as `query` asks for it.
fn audit(query: AuditParams) -> calls::Built<AuditPage> {
    calls::list_audit(&query)
}

api_test!(every_change_is_audited_with_its_token_and_only_admins_read_it, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let laptop = tokens::create(&mut pool.get().unwrap(), "table-laptop", TokenScope::Record, None).unwrap();

    api.add_players(&["Anna", "Ben"]).await;
    let anna = api.call(calls::list_players()).await.body::<Vec<Player>>()[0].id;
    let rules = json!({"games": ["mensch-aergere-dich-nicht"]});
    let league = api.add_league(json!({"name": "Winterliga", "rules": rules})).await;
    let narrowed = json!({"games": ["mensch-aergere-dich-nicht"], "season": {"from": "2026-01-01"}});
    let r = api.call(calls::update_league(league, &input(json!({"name": "Winterliga", "rules": narrowed})))).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.call(calls::rename_player(anna, "Annabelle")).await;
    assert_eq!(r.status, StatusCode::OK);
    // The table laptop records a result; the admin deletes it.
    let body = input(mensch("2026-03-01", "Annabelle,Ben"));
    let r = api.call_as(&laptop, calls::record_result(league, &body, None)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let result = r.body::<StoredResult>().id;
    let r = api.call(calls::delete_result(result, "*")).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = api.call(calls::create_webhook(league, "http://127.0.0.1:9/hook")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let hook = r.body::<NewWebhook>().webhook.id;
    // A refused change leaves no trace but its refusal.
    let r = api.call(calls::rename_player(anna, "Ben")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    // Revoking the token pauses its webhook: both on the command line.
    tokens::revoke(&mut pool.get().unwrap(), "table-laptop").unwrap();

    let page = api.call(audit(AuditParams::default())).await;
    assert_eq!(page.status, StatusCode::OK, "{:?}", page.json());
    let trail: AuditPage = page.body();
    let items = &trail.items;
    let seen: Vec<(AuditAction, Option<&str>)> =
        items.iter().rev().map(|e| (e.action, e.token_name.as_deref())).collect();
    let admin = Some("test-club");
    assert_eq!(
        seen,
        vec![
            (AuditAction::TokenCreated, None),
            (AuditAction::TokenCreated, None),
            (AuditAction::PlayerCreated, admin),
            (AuditAction::PlayerCreated, admin),
            (AuditAction::LeagueCreated, admin),
            (AuditAction::LeagueChanged, admin),
            (AuditAction::PlayerRenamed, admin),
            (AuditAction::ResultRecorded, Some("table-laptop")),
            (AuditAction::ResultDeleted, admin),
            (AuditAction::WebhookRegistered, admin),
            (AuditAction::TokenRevoked, None),
        ],
        "the harness's admin token, then the laptop's: {}",
        page.json()
    );
    assert_eq!(trail.total, 11);
    // Latest first, ids growing with time.
    let ids: Vec<i64> = items.iter().map(|e| e.id).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
    let entry = |action: AuditAction| items.iter().find(|e| e.action == action).unwrap().clone();
    // `detail` is free-form JSON in the wire type too: read as JSON.
    let changed = entry(AuditAction::LeagueChanged);
    assert_eq!(changed.league_id, Some(league));
    assert_eq!(changed.detail["before"]["rules"]["season"]["from"], Value::Null);
    assert_eq!(changed.detail["after"]["rules"]["season"]["from"], "2026-01-01");
    assert_eq!(entry(AuditAction::PlayerRenamed).detail, json!({"before": "Anna", "after": "Annabelle"}));
    assert_eq!(entry(AuditAction::PlayerRenamed).subject_id, Some(anna));
    let recorded = entry(AuditAction::ResultRecorded);
    assert_eq!((recorded.subject_id, recorded.league_id), (Some(result), Some(league)));
    assert_eq!(recorded.detail["game"], "mensch-aergere-dich-nicht");
    assert_eq!(entry(AuditAction::WebhookRegistered).detail["url"], "http://127.0.0.1:9/hook");
    assert_eq!(entry(AuditAction::TokenRevoked).detail["name"], "table-laptop");
    assert!(items.iter().all(|e| e.action != AuditAction::WebhookPaused), "the laptop registered no webhook");

    // Filters and pages.
    let only: AuditPage =
        api.call(audit(AuditParams { token_name: Some("table-laptop".into()), ..Default::default() })).await.body();
    assert_eq!(only.total, 1);
    let second_page = AuditParams { league_id: Some(league), per_page: Some(2), page: Some(2), ..Default::default() };
    let in_league: AuditPage = api.call(audit(second_page)).await.body();
    assert_eq!((in_league.total, in_league.items.len()), (5, 2));
    let renames: AuditPage =
        api.call(audit(AuditParams { action: Some(AuditAction::PlayerRenamed), ..Default::default() })).await.body();
    assert_eq!(renames.items[0].subject_id, Some(anna));
    // An action there is none of: no `AuditAction` writes it.
    api.get_with_token("/api/v1/audit?action=player_deleted").await.problem(400, "invalid-query");
    api.call(audit(AuditParams { per_page: Some(0), ..Default::default() })).await.problem(400, "invalid-query");

    // Admin only.
    let reader = tokens::create(&mut pool.get().unwrap(), "reader", TokenScope::Record, None).unwrap();
    api.call_as(&reader, audit(AuditParams::default())).await.problem(403, "insufficient-scope");
    api.send(TestRequest::get().uri("/api/v1/audit")).await.problem(401, "unauthorized");

    // A webhook whose token is revoked is paused, and that is written down too.
    let organiser = tokens::create(&mut pool.get().unwrap(), "organiser", TokenScope::Admin, None).unwrap();
    let r = api.call_as(&organiser, calls::create_webhook(league, "http://127.0.0.1:9/other")).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let other = r.body::<NewWebhook>().webhook.id;
    tokens::revoke(&mut pool.get().unwrap(), "organiser").unwrap();
    let paused: AuditPage =
        api.call(audit(AuditParams { action: Some(AuditAction::WebhookPaused), ..Default::default() })).await.body();
    assert_eq!(paused.items[0].subject_id, Some(other));
    assert_eq!(paused.items[0].detail["revoked_token"], "organiser");
    let r = api.call(calls::enable_webhook(other)).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.call(calls::delete_webhook(hook)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    // Club nights: created, changed (a read inside the write's transaction), deleted.
    let night = input(json!({"title": "Clubabend", "date": "2026-03-05"}));
    let r = api.call(calls::create_event(league, &night)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let night = r.body::<Event>().id;
    let renamed = input(json!({"title": "Spieleabend", "date": "2026-03-05"}));
    let r = api.call(calls::update_event(night, &renamed)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let r = api.call(calls::delete_event(night)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let latest: AuditPage = api.call(audit(AuditParams { per_page: Some(5), ..Default::default() })).await.body();
    let actions: Vec<AuditAction> = latest.items.iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        [
            AuditAction::EventDeleted,
            AuditAction::EventChanged,
            AuditAction::EventCreated,
            AuditAction::WebhookDeleted,
            AuditAction::WebhookEnabled
        ]
    );
    let changed = &latest.items[1].detail;
    assert_eq!(
        (changed["before"]["title"].as_str(), changed["after"]["title"].as_str()),
        (Some("Clubabend"), Some("Spieleabend"))
    );
});

/// Makes every audit insert fail (`on`), or lets it through again: a trigger on the real
/// database, so a write that left its entry to a second transaction would be caught.
fn refuse_audit(url: &spielstand_api::db::DatabaseUrl, on: bool) {
    use diesel::RunQueryDsl;
    let pool = spielstand_api::db::open(url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let sqlite = matches!(&**conn, spielstand_api::db::DbConn::Sqlite(_));
    let statements: &[&str] = match (sqlite, on) {
        (true, true) => &["CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log \
                 BEGIN SELECT RAISE(ABORT, 'audit refused by the test'); END"],
        (true, false) => &["DROP TRIGGER audit_refused"],
        (false, true) => &[
            "CREATE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$",
            "CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log \
             FOR EACH ROW EXECUTE FUNCTION audit_refused()",
        ],
        (false, false) => &["DROP TRIGGER audit_refused ON audit_log", "DROP FUNCTION audit_refused()"],
    };
    for sql in statements {
        diesel::sql_query(*sql).execute(&mut **conn).unwrap();
    }
}

// For every audit action, one write that makes it, tried twice: with the audit insert
// failing, the write is refused and nothing it would have changed is changed (everything
// the API and the token list show is as before); with the audit working, the write stands
// and exactly one entry of its action is added. The write and its entry commit or roll
// back together, on both backends (on PostgreSQL no group commit wraps the handler).
api_test!(every_audited_write_and_its_entry_commit_or_roll_back_together, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let conn = || pool.get().unwrap();
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let post = api.add_league(json!({"name": "Postliga", "rules": {"games": ["hase-und-igel"]}})).await;
    let second = tokens::create(&mut conn(), "second", TokenScope::Admin, None).unwrap();
    let anna = api.call(calls::list_players()).await.body::<Vec<Player>>()[0].id;

    // Everything a write here could change, as the API and the token list show it.
    let snapshot = || {
        let (api, conn) = (&api, &conn);
        async move {
            let mut seen = Vec::new();
            // All read with the token, as JSON.
            let every_postal = AuditParams { per_page: Some(100), postal: Some(true), ..Default::default() };
            for call in [
                calls::list_players().untyped(),
                calls::list_leagues().untyped(),
                calls::list_events(league).untyped(),
                calls::list_results(league, &Default::default()).unwrap().untyped(),
                calls::list_audit(&every_postal).unwrap().untyped(),
                calls::list_postal_games(post).untyped(),
                calls::list_webhooks(league).untyped(),
            ] {
                seen.push(api.call_as(&api.token, call).await.json());
            }
            // Each night with its attendees and rounds.
            for night in api.answer(calls::list_events(league)).await {
                seen.push(api.call(calls::get_event(night.id)).await.json());
            }
            let tokens: Vec<(String, bool)> =
                tokens::list(&mut conn()).unwrap().into_iter().map(|t| (t.name, t.revoked_at.is_some())).collect();
            seen.push(json!(tokens));
            seen
        }
    };
    let entries = |action: &'static str| {
        let api = &api;
        async move {
            let action = Some(action.parse().unwrap_or_else(|_| panic!("no action {action}")));
            api.answer(audit(AuditParams { action, ..Default::default() })).await.total
        }
    };
    let status = |r: crate::common::Response| r.status.as_u16();
    let stored = |r: Result<(), spielstand_api::error::Error>| if r.is_ok() { 200 } else { 500 };

    // `$write` is an expression giving a status; it runs once refused, once standing.
    macro_rules! both_ways {
        ($action:literal, $write:expr) => {{
            refuse_audit(&api.url, true);
            let before = snapshot().await;
            let refused: u16 = $write;
            assert!(refused >= 500, "{}: the write went through without its audit entry ({refused})", $action);
            assert!(snapshot().await == before, "{}: a refused write changed something", $action);
            refuse_audit(&api.url, false);
            let had = entries($action).await;
            let stood: u16 = $write;
            assert!(stood < 300, "{}: the write failed with the audit working ({stood})", $action);
            assert_eq!(entries($action).await, had + 1, "{}: the write stood, its entry is missing", $action);
        }};
    }

    both_ways!("player_created", status(api.call(calls::create_player("Cleo")).await));
    both_ways!("player_renamed", status(api.call(calls::rename_player(anna, "Annabelle")).await));
    let summer = input(json!({"name": "Sommerliga", "rules": {"games": ["lauf-rauf"]}}));
    both_ways!("league_created", status(api.call(calls::create_league(&summer)).await));
    let more_games =
        input(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"]}}));
    both_ways!("league_changed", status(api.call(calls::update_league(league, &more_games)).await));
    let night = input(json!({"title": "Clubabend", "date": "2026-03-05"}));
    both_ways!("event_created", status(api.call(calls::create_event(league, &night)).await));
    let events: Vec<Event> = api.call(calls::list_events(league)).await.body();
    let night = events[0].id;
    let renamed = input(json!({"title": "Spieleabend", "date": "2026-03-05"}));
    both_ways!("event_changed", status(api.call(calls::update_event(night, &renamed)).await));
    let present = input(json!({"players": ["Annabelle", "Ben"]}));
    both_ways!("attendees_changed", status(api.call(calls::check_in(night, &present)).await));
    let round = input(json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seed": 1}));
    both_ways!("round_drawn", status(api.call(calls::draw_round(night, &round)).await));
    // Members at the table, at a night of their own.
    let today = chrono::Utc::now().date_naive().to_string();
    let tonight: Event =
        api.call(calls::create_event(league, &input(json!({"title": "Heute", "date": today})))).await.body();
    api.call(calls::check_in(tonight.id, &present)).await;
    api.call(calls::draw_round(tonight.id, &round)).await;
    let defaults = JoinCodeInput::default();
    both_ways!("join_code_created", status(api.call(calls::create_join_code(tonight.id, Some(&defaults))).await));
    let code: spielstand_wire::JoinCode = api.call(calls::create_join_code(tonight.id, Some(&defaults))).await.body();
    let join = |player: &str| {
        calls::join_night(&JoinInput {
            code: code.code.clone(),
            player: PlayerRef::Name(player.to_owned()),
            ask_organiser: None,
        })
    };
    let anna: spielstand_wire::NightPass = api.call(join("Annabelle")).await.body();
    both_ways!("pass_issued", status(api.call(join("Ben")).await));
    let ben_id =
        api.call(calls::list_players()).await.body::<Vec<Player>>().into_iter().find(|p| p.name == "Ben").unwrap().id;
    both_ways!("pass_revoked", status(api.call(calls::revoke_pass(tonight.id, ben_id)).await));
    // Revoked, Ben joins again once let back in.
    assert_eq!(api.call(calls::readmit_pass(tonight.id, ben_id)).await.status.as_u16(), 204);
    let ben: spielstand_wire::NightPass = api.call(join("Ben")).await.body();
    let entered = input(mensch(&today, "Ben,Annabelle"));
    let enter = || api.call_as(&anna.pass, calls::record_result(league, &entered, None));
    let pending: StoredResult = enter().await.body();
    both_ways!("result_confirmed", status(api.call(calls::confirm_result(pending.id, None)).await));
    api.call(calls::draw_round(tonight.id, &round)).await;
    let pending: StoredResult = enter().await.body();
    both_ways!(
        "result_rejected",
        status(api.call_as(&ben.pass, calls::reject_result(pending.id, "Ben war Zweiter")).await)
    );
    both_ways!(
        "signed_in",
        stored(
            spielstand_api::store::passes::open_session(
                &mut conn(),
                spielstand_api::store::passes::SignIn::Token(&api.token)
            )
            .map(drop)
        )
    );
    both_ways!("event_closed", status(api.call(calls::close_event(night)).await));
    both_ways!("event_deleted", status(api.call(calls::delete_event(night)).await));

    both_ways!("result_recorded", status(api.record(league, &mensch("2026-03-01", "Annabelle,Ben")).await));
    let result = api.call(calls::list_results(league, &Default::default())).await.body::<ResultPage>().items[0].id;
    let corrected = input(mensch("2026-03-01", "Ben,Annabelle"));
    both_ways!("result_corrected", status(api.call(calls::correct_result(result, "*", &corrected)).await));
    both_ways!("result_deleted", status(api.call(calls::delete_result(result, "*")).await));

    // The second admin registers a webhook; revoking it pauses the webhook (two actions in
    // the revocation's transaction); the first admin enables and deletes it.
    let hook_url = "http://127.0.0.1:9/hook";
    both_ways!("webhook_registered", status(api.call_as(&second, calls::create_webhook(league, hook_url)).await));
    let hook = api.call(calls::list_webhooks(league)).await.body::<Vec<Webhook>>()[0].id;
    both_ways!("token_revoked", stored(tokens::revoke(&mut conn(), "second")));
    let paused = api.call(calls::get_webhook(hook)).await;
    assert!(paused.body::<Webhook>().paused_at.is_some(), "revoking its token paused the webhook: {}", paused.json());
    assert_eq!(entries("webhook_paused").await, 1, "the pause is audited with the revocation");
    both_ways!("webhook_enabled", status(api.call(calls::enable_webhook(hook)).await));
    both_ways!("webhook_deleted", status(api.call(calls::delete_webhook(hook)).await));
    both_ways!("token_created", stored(tokens::create(&mut conn(), "third", TokenScope::Record, None).map(drop)));
    let dora = api.call(calls::create_player("Dora")).await.json()["id"].as_i64().unwrap();
    api.record(league, &mensch("2026-03-02", "Dora,Annabelle")).await;
    let ben = api
        .call(calls::list_players())
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ben")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    both_ways!("player_merged", status(api.call(calls::merge_player(dora, ben)).await));
    both_ways!("player_unmerged", status(api.call(calls::unmerge_player(dora)).await));

    // A postal game's master: the game, a hare's orders received by post, a lost code, a
    // round resolved before its deadline.
    let deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let postal = input(json!({"title": "Herbstpost", "players": ["Annabelle", "Ben"], "round_limit": 5,
                              "first_deadline": deadline, "round_days": 7}));
    both_ways!("postal_game_created", status(api.call(calls::create_postal_game(post, &postal)).await));
    let games = api.call(calls::list_postal_games(post)).await.json();
    let game = games[0]["id"].as_i64().unwrap();
    let orders = input(json!({"player": "Ben", "orders": [{"round": 1, "order": "vor 2"}]}));
    both_ways!("postal_orders_sent", status(api.call(calls::send_postal_orders(game, &orders)).await));
    both_ways!("postal_code_reissued", status(api.call(calls::reissue_postal_code(game, "Ben")).await));
    both_ways!(
        "postal_round_resolved",
        status(api.call(calls::resolve_postal_round(game, 1, &Default::default())).await)
    );

    // Every action the audit knows was tried: a new action needs its write here.
    let tried: i64 = {
        let mut n = 0;
        for action in spielstand_wire::AuditAction::all() {
            n += i64::from(entries(action.slug()).await > 0);
        }
        n
    };
    assert_eq!(tried, spielstand_wire::AuditAction::all().len() as i64);
});

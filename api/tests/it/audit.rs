//! The audit trail: every change through the API, and tokens made on the command line,
//! with who made it; readable by admin tokens only, in pages, filtered.

use crate::common::mensch;
use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use spielstand_api::store::tokens;
use spielstand_wire::TokenScope;
use spielstand_wire::calls;
use spielstand_wire::{AuditAction, AuditPage, Event, NewWebhook, Player, ResultPage, StoredResult, Webhook};

fn as_token(token: &str, method: Method, path: &str) -> TestRequest {
    TestRequest::default().method(method).uri(path).insert_header(("authorization", format!("Bearer {token}")))
}

api_test!(every_change_is_audited_with_its_token_and_only_admins_read_it, |api| {
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let laptop = tokens::create(&mut pool.get().unwrap(), "table-laptop", TokenScope::Record, None).unwrap();
    let audit = |token: &str, query: &str| as_token(token, Method::GET, &format!("/api/v1/audit{query}"));

    api.add_players(&["Anna", "Ben"]).await;
    let anna = api.call(calls::list_players()).await.body::<Vec<Player>>()[0].id;
    let rules = json!({"games": ["mensch-aergere-dich-nicht"]});
    let league = api.add_league(json!({"name": "Winterliga", "rules": rules})).await;
    let narrowed = json!({"games": ["mensch-aergere-dich-nicht"], "season": {"from": "2026-01-01"}});
    let r = api
        .write(Method::PUT, &format!("/api/v1/leagues/{league}"), &json!({"name": "Winterliga", "rules": narrowed}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.call(calls::rename_player(anna, "Annabelle")).await;
    assert_eq!(r.status, StatusCode::OK);
    // The table laptop records a result; the admin deletes it.
    let body = mensch("2026-03-01", "Annabelle,Ben");
    let r =
        api.send(as_token(&laptop, Method::POST, &format!("/api/v1/leagues/{league}/results")).set_json(&body)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let result = r.body::<StoredResult>().id;
    let r = api
        .send(
            as_token(&api.token, Method::DELETE, &format!("/api/v1/results/{result}")).insert_header(("if-match", "*")),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = api.post(&format!("/api/v1/leagues/{league}/webhooks"), &json!({"url": "http://127.0.0.1:9/hook"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.json());
    let hook = r.body::<NewWebhook>().webhook.id;
    // A refused change leaves no trace but its refusal.
    let r = api.call(calls::rename_player(anna, "Ben")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    // Revoking the token pauses its webhook: both on the command line.
    tokens::revoke(&mut pool.get().unwrap(), "table-laptop").unwrap();

    let page = api.send(audit(&api.token, "")).await;
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
    let only: AuditPage = api.send(audit(&api.token, "?token_name=table-laptop")).await.body();
    assert_eq!(only.total, 1);
    let in_league: AuditPage =
        api.send(audit(&api.token, &format!("?league_id={league}&per_page=2&page=2"))).await.body();
    assert_eq!((in_league.total, in_league.items.len()), (5, 2));
    let renames: AuditPage = api.send(audit(&api.token, "?action=player_renamed")).await.body();
    assert_eq!(renames.items[0].subject_id, Some(anna));
    api.send(audit(&api.token, "?action=player_deleted")).await.problem(400, "invalid-query");
    api.send(audit(&api.token, "?per_page=0")).await.problem(400, "invalid-query");

    // Admin only.
    let reader = tokens::create(&mut pool.get().unwrap(), "reader", TokenScope::Record, None).unwrap();
    api.send(audit(&reader, "")).await.problem(403, "insufficient-scope");
    api.send(TestRequest::get().uri("/api/v1/audit")).await.problem(401, "unauthorized");

    // A webhook whose token is revoked is paused, and that is written down too.
    let organiser = tokens::create(&mut pool.get().unwrap(), "organiser", TokenScope::Admin, None).unwrap();
    let r = api
        .send(
            as_token(&organiser, Method::POST, &format!("/api/v1/leagues/{league}/webhooks"))
                .set_json(json!({"url": "http://127.0.0.1:9/other"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let other = r.body::<NewWebhook>().webhook.id;
    tokens::revoke(&mut pool.get().unwrap(), "organiser").unwrap();
    let paused: AuditPage = api.send(audit(&api.token, "?action=webhook_paused")).await.body();
    assert_eq!(paused.items[0].subject_id, Some(other));
    assert_eq!(paused.items[0].detail["revoked_token"], "organiser");
    let r = api.write(Method::POST, &format!("/api/v1/webhooks/{other}/enable"), &json!({})).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = api.send(as_token(&api.token, Method::DELETE, &format!("/api/v1/webhooks/{hook}"))).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    // Club nights: created, changed (a read inside the write's transaction), deleted.
    let night = json!({"title": "Clubabend", "date": "2026-03-05"});
    let r = api.post(&format!("/api/v1/leagues/{league}/events"), &night).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let night_path = format!("/api/v1/events/{}", r.body::<Event>().id);
    let r = api.write(Method::PUT, &night_path, &json!({"title": "Spieleabend", "date": "2026-03-05"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.json());
    let r = api.write(Method::DELETE, &night_path, &json!(null)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let latest: AuditPage = api.send(audit(&api.token, "?per_page=5")).await.body();
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
            for path in [
                "/api/v1/players".to_owned(),
                "/api/v1/leagues".to_owned(),
                format!("/api/v1/leagues/{league}/events"),
                format!("/api/v1/leagues/{league}/results"),
                "/api/v1/audit?per_page=100&postal=true".to_owned(),
                format!("/api/v1/leagues/{post}/postal-games"),
            ] {
                seen.push(api.get_with_token(&path).await.json());
            }
            seen.push(api.get_with_token(&format!("/api/v1/leagues/{league}/webhooks")).await.json());
            // Each night with its attendees and rounds.
            for night in api.call(calls::list_events(league)).await.json().as_array().unwrap() {
                seen.push(api.get(&format!("/api/v1/events/{}", night["id"])).await.json());
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
            let page: AuditPage = api.get_with_token(&format!("/api/v1/audit?action={action}")).await.body();
            page.total
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
    both_ways!(
        "league_created",
        status(api.post("/api/v1/leagues", &json!({"name": "Sommerliga", "rules": {"games": ["lauf-rauf"]}})).await)
    );
    both_ways!(
        "league_changed",
        status(
            api.write(
                Method::PUT,
                &format!("/api/v1/leagues/{league}"),
                &json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht", "lauf-rauf"]}})
            )
            .await
        )
    );
    let night = json!({"title": "Clubabend", "date": "2026-03-05"});
    both_ways!("event_created", status(api.post(&format!("/api/v1/leagues/{league}/events"), &night).await));
    let events: Vec<Event> = api.call(calls::list_events(league)).await.body();
    let night_path = format!("/api/v1/events/{}", events[0].id);
    let renamed = json!({"title": "Spieleabend", "date": "2026-03-05"});
    both_ways!("event_changed", status(api.write(Method::PUT, &night_path, &renamed).await));
    let present = json!({"players": ["Annabelle", "Ben"]});
    both_ways!("attendees_changed", status(api.post(&format!("{night_path}/attendees"), &present).await));
    let round = json!({"game": "mensch-aergere-dich-nicht", "method": "random", "seed": 1});
    both_ways!("round_drawn", status(api.post(&format!("{night_path}/rounds"), &round).await));
    // Members at the table, at a night of their own.
    let today = chrono::Utc::now().date_naive().to_string();
    let tonight: Event =
        api.post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "Heute", "date": today})).await.body();
    let tonight_path = format!("/api/v1/events/{}", tonight.id);
    api.post(&format!("{tonight_path}/attendees"), &present).await;
    api.post(&format!("{tonight_path}/rounds"), &round).await;
    both_ways!("join_code_created", status(api.post(&format!("{tonight_path}/join-codes"), &json!({})).await));
    let code: spielstand_wire::JoinCode = api.post(&format!("{tonight_path}/join-codes"), &json!({})).await.body();
    let join =
        |player: &str| TestRequest::post().uri("/api/v1/join").set_json(json!({"code": code.code, "player": player}));
    let anna: spielstand_wire::NightPass = api.send(join("Annabelle")).await.body();
    both_ways!("pass_issued", status(api.send(join("Ben")).await));
    let ben_id =
        api.call(calls::list_players()).await.body::<Vec<Player>>().into_iter().find(|p| p.name == "Ben").unwrap().id;
    both_ways!(
        "pass_revoked",
        status(api.write(Method::DELETE, &format!("{tonight_path}/passes/{ben_id}"), &json!(null)).await)
    );
    // Revoked, Ben joins again once let back in.
    assert_eq!(api.post(&format!("{tonight_path}/passes/{ben_id}/readmit"), &json!({})).await.status.as_u16(), 204);
    let ben: spielstand_wire::NightPass = api.send(join("Ben")).await.body();
    let by_pass = |pass: &str, path: &str| {
        TestRequest::post().uri(path).insert_header(("authorization", format!("Bearer {pass}")))
    };
    let enter =
        || by_pass(&anna.pass, &format!("/api/v1/leagues/{league}/results")).set_json(mensch(&today, "Ben,Annabelle"));
    let pending: StoredResult = api.send(enter()).await.body();
    both_ways!(
        "result_confirmed",
        status(api.send(as_token(&api.token, Method::POST, &format!("/api/v1/results/{}/confirm", pending.id))).await)
    );
    api.post(&format!("{tonight_path}/rounds"), &round).await;
    let pending: StoredResult = api.send(enter()).await.body();
    both_ways!(
        "result_rejected",
        status(
            api.send(
                by_pass(&ben.pass, &format!("/api/v1/results/{}/reject", pending.id))
                    .set_json(json!({"reason": "Ben war Zweiter"}))
            )
            .await
        )
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
    both_ways!("event_closed", status(api.post(&format!("{night_path}/close"), &json!({})).await));
    both_ways!("event_deleted", status(api.write(Method::DELETE, &night_path, &json!(null)).await));

    let results = format!("/api/v1/leagues/{league}/results");
    both_ways!("result_recorded", status(api.post(&results, &mensch("2026-03-01", "Annabelle,Ben")).await));
    let result = api.get(&results).await.body::<ResultPage>().items[0].id;
    let corrected = mensch("2026-03-01", "Ben,Annabelle");
    both_ways!(
        "result_corrected",
        status(
            api.send(
                as_token(&api.token, Method::PUT, &format!("/api/v1/results/{result}"))
                    .insert_header(("if-match", "*"))
                    .set_json(&corrected)
            )
            .await
        )
    );
    both_ways!(
        "result_deleted",
        status(
            api.send(
                as_token(&api.token, Method::DELETE, &format!("/api/v1/results/{result}"))
                    .insert_header(("if-match", "*"))
            )
            .await
        )
    );

    // The second admin registers a webhook; revoking it pauses the webhook (two actions in
    // the revocation's transaction); the first admin enables and deletes it.
    let hook_body = json!({"url": "http://127.0.0.1:9/hook"});
    both_ways!(
        "webhook_registered",
        status(
            api.send(
                as_token(&second, Method::POST, &format!("/api/v1/leagues/{league}/webhooks")).set_json(&hook_body)
            )
            .await
        )
    );
    let hook = api.get_with_token(&format!("/api/v1/leagues/{league}/webhooks")).await.body::<Vec<Webhook>>()[0].id;
    both_ways!("token_revoked", stored(tokens::revoke(&mut conn(), "second")));
    let paused = api.get_with_token(&format!("/api/v1/webhooks/{hook}")).await;
    assert!(paused.body::<Webhook>().paused_at.is_some(), "revoking its token paused the webhook: {}", paused.json());
    assert_eq!(entries("webhook_paused").await, 1, "the pause is audited with the revocation");
    both_ways!("webhook_enabled", status(api.post(&format!("/api/v1/webhooks/{hook}/enable"), &json!({})).await));
    both_ways!(
        "webhook_deleted",
        status(api.send(as_token(&api.token, Method::DELETE, &format!("/api/v1/webhooks/{hook}"))).await)
    );
    both_ways!("token_created", stored(tokens::create(&mut conn(), "third", TokenScope::Record, None).map(drop)));
    let dora = api.call(calls::create_player("Dora")).await.json()["id"].as_i64().unwrap();
    api.post(&results, &mensch("2026-03-02", "Dora,Annabelle")).await;
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
    let postal = json!({"title": "Herbstpost", "players": ["Annabelle", "Ben"], "round_limit": 5,
                        "first_deadline": deadline, "round_days": 7});
    both_ways!("postal_game_created", status(api.post(&format!("/api/v1/leagues/{post}/postal-games"), &postal).await));
    let games = api.get(&format!("/api/v1/leagues/{post}/postal-games")).await.json();
    let game = games[0]["id"].as_i64().unwrap();
    let orders = json!({"player": "Ben", "orders": [{"round": 1, "order": "vor 2"}]});
    both_ways!(
        "postal_orders_sent",
        status(api.write(Method::PUT, &format!("/api/v1/postal-games/{game}/orders"), &orders).await)
    );
    both_ways!("postal_code_reissued", status(api.call(calls::reissue_postal_code(game, "Ben")).await));
    both_ways!(
        "postal_round_resolved",
        status(api.post(&format!("/api/v1/postal-games/{game}/resolve"), &json!({"round": 1})).await)
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

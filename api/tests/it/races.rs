//! Writers at once, on the real binary over real sockets: each race fires 12 requests from
//! 12 threads released together, and exactly the writes the rules allow win, the others
//! get 412 or 409, and the history, audit trail and webhook deliveries hold exactly one
//! entry per write that won. SQLite serialises writers by its one write lock; PostgreSQL
//! by the locks each write takes (`db::Lock`): both must give the same answers.

use crate::common::process::{Server, agent, call_with, token, typed};
use crate::common::{TestDb, input};
use spielstand_core::GameRecord;
use spielstand_wire::calls;
use spielstand_wire::{
    AuditAction, AuditPage, AuditParams, DeliveryPage, HistoryEntry, NewWebhook, Player, StoredResult, Webhook,
};
use std::sync::{Arc, Barrier};

const RACERS: usize = 12;

/// Sends `RACERS` calls at once, the i-th built by `call(i)`. The statuses, in the racers'
/// order.
fn race<T>(server: &Server, token: &str, call: impl Fn(usize) -> calls::Built<T>) -> Vec<u16> {
    let barrier = Arc::new(Barrier::new(RACERS));
    let handles: Vec<_> = (0..RACERS)
        .map(|i| {
            let call = call(i).unwrap_or_else(|e| panic!("the call does not build: {e}")).untyped();
            let (barrier, token, base) = (barrier.clone(), token.to_owned(), server.base.clone());
            std::thread::spawn(move || {
                let agent = agent();
                barrier.wait();
                call_with(&agent, &base, &token, call).0
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

fn get<T: serde::de::DeserializeOwned>(server: &Server, token: &str, path: &str) -> T {
    typed(&server.get(path, token))
}

fn audit_of(server: &Server, token: &str, action: AuditAction, subject: i64) -> usize {
    let query = AuditParams { action: Some(action), per_page: Some(500), ..Default::default() };
    let page: AuditPage = server.answer(token, calls::list_audit(&query));
    page.items.iter().filter(|e| e.subject_id == Some(subject)).count()
}

fn deliveries_of(server: &Server, token: &str, webhook: i64, result: i64, action: &str) -> usize {
    // A page size, which no call of the deliveries sends.
    let page: DeliveryPage = get(server, token, &format!("/webhooks/{webhook}/deliveries?per_page=500"));
    page.items.iter().filter(|d| d.result_id == result && serde_json::to_value(d.action).unwrap() == action).count()
}

fn mensch(order: &[&str]) -> GameRecord {
    input(crate::common::mensch("2026-11-20", &order.join(",")))
}

fn conditional_writes_race(db: TestDb) {
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) =
        crate::common::process::seed(&server, &admin, &["Anna", "Ben", "Cleo"], &["mensch-aergere-dich-nicht"]);
    let (status, hook) = server.call(&admin, calls::create_webhook(league, "http://127.0.0.1:9/hook"));
    assert_eq!(status, 201, "{hook}");
    let webhook = typed::<NewWebhook>(&hook).webhook.id;
    let (status, created) = server.call(&admin, calls::record_result(league, &mensch(&["Anna", "Ben", "Cleo"]), None));
    assert_eq!(status, 201, "{created}");
    let result = typed::<StoredResult>(&created).id;

    // Twelve corrections of revision 1, each a different order: one wins.
    let orders = [["Ben", "Anna", "Cleo"], ["Cleo", "Ben", "Anna"], ["Anna", "Cleo", "Ben"]];
    let statuses = race(&server, &admin, |i| calls::correct_result(result, "\"1\"", &mensch(&orders[i % 3])));
    assert_eq!((count(&statuses, 200), count(&statuses, 412)), (1, RACERS - 1), "{statuses:?}");
    let history: Vec<HistoryEntry> = server.answer(&admin, calls::result_history(result));
    assert_eq!(history.iter().map(|h| h.revision).collect::<Vec<_>>(), [1, 2], "{history:?}");
    let stored: StoredResult = server.answer(&admin, calls::get_result(result));
    assert_eq!(Some(&stored.record), history[1].after.as_ref(), "the record stored is the one the history says");
    assert_eq!(audit_of(&server, &admin, AuditAction::ResultCorrected, result), 1);
    assert_eq!(deliveries_of(&server, &admin, webhook, result, "corrected"), 1);

    // Twelve deletions of revision 2: one wins; the others meet a deleted result (412).
    let statuses = race(&server, &admin, |_| Ok(calls::delete_result(result, "\"2\"")));
    assert_eq!((count(&statuses, 204), count(&statuses, 412)), (1, RACERS - 1), "{statuses:?}");
    let history: Vec<HistoryEntry> = server.answer(&admin, calls::result_history(result));
    assert_eq!(history.iter().map(|h| h.revision).collect::<Vec<_>>(), [1, 2, 3], "{history:?}");
    assert_eq!(audit_of(&server, &admin, AuditAction::ResultDeleted, result), 1);
    assert_eq!(deliveries_of(&server, &admin, webhook, result, "deleted"), 1);
}

fn identity_races(db: TestDb) {
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = crate::common::process::seed(&server, &admin, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    let players: Vec<Player> = server.answer(&admin, calls::list_players());
    let (anna, ben) = (players[0].id, players[1].id);

    // Opposite merges at once: one wins, the rest are refused; never a cycle.
    let statuses = race(&server, &admin, |i| {
        let (from, into) = if i % 2 == 0 { (anna, ben) } else { (ben, anna) };
        calls::merge_player(from, into)
    });
    assert_eq!((count(&statuses, 200), count(&statuses, 409)), (1, RACERS - 1), "{statuses:?}");
    let players: Vec<Player> = server.answer(&admin, calls::list_players());
    let merged: Vec<&Player> = players.iter().filter(|p| p.merged_into.is_some()).collect();
    assert_eq!(merged.len(), 1, "{players:?}");
    assert_eq!(audit_of(&server, &admin, AuditAction::PlayerMerged, merged[0].id), 1);

    // Names that look alike, added at once: one player.
    let names = ["Paul", "PauI", "Pau\u{0406}", "\u{0420}aul"];
    let statuses = race(&server, &admin, |i| calls::create_player(names[i % names.len()]));
    assert_eq!((count(&statuses, 201), count(&statuses, 409)), (1, RACERS - 1), "{statuses:?}");
    let players: Vec<Player> = server.answer(&admin, calls::list_players());
    let pauls =
        players.iter().filter(|p| spielstand_core::lookalike_key(&p.name) == spielstand_core::lookalike_key("Paul"));
    assert_eq!(pauls.count(), 1, "{players:?}");

    // The cap of 20 webhooks a league: 18 registered, 12 more at once, 2 of them taken.
    for i in 0..18 {
        let (status, body) = server.call(&admin, calls::create_webhook(league, &format!("http://127.0.0.1:9/{i}")));
        assert_eq!(status, 201, "{body}");
    }
    let statuses = race(&server, &admin, |i| calls::create_webhook(league, &format!("http://127.0.0.1:9/r{i}")));
    assert_eq!((count(&statuses, 201), count(&statuses, 409)), (2, RACERS - 2), "{statuses:?}");
    let hooks: Vec<Webhook> = server.answer(&admin, calls::list_webhooks(league));
    assert_eq!(hooks.len(), 20);
    let registered = AuditParams {
        action: Some(AuditAction::WebhookRegistered),
        league_id: Some(league),
        per_page: Some(500),
        ..Default::default()
    };
    assert_eq!(server.answer(&admin, calls::list_audit(&registered)).total, 20);
}

#[test]
fn conditional_writes_race_sqlite() {
    conditional_writes_race(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn conditional_writes_race_postgres() {
    conditional_writes_race(TestDb::postgres());
}

#[test]
fn identity_races_sqlite() {
    identity_races(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn identity_races_postgres() {
    identity_races(TestDb::postgres());
}

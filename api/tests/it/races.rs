//! Writers at once, on the real binary over real sockets: each race fires 12 requests from
//! 12 threads released together, and exactly the writes the rules allow win, the others
//! get 412 or 409, and the history, audit trail and webhook deliveries hold exactly one
//! entry per write that won. SQLite serialises writers by its one write lock; PostgreSQL
//! by the locks each write takes (`db::Lock`): both must give the same answers.

use crate::common::TestDb;
use crate::common::process::{Server, agent, token, typed};
use serde_json::{Value, json};
use spielstand_wire::{AuditPage, DeliveryPage, HistoryEntry, NewWebhook, Player, StoredResult};
use std::sync::{Arc, Barrier};

const RACERS: usize = 12;

/// Sends `RACERS` requests at once, the i-th built by `request(i)`: (method, path under
/// `/api/v1`, extra header, body). The statuses, in the racers' order.
fn race(
    server: &Server,
    token: &str,
    request: impl Fn(usize) -> (&'static str, String, Option<(&'static str, String)>, Value),
) -> Vec<u16> {
    let barrier = Arc::new(Barrier::new(RACERS));
    let handles: Vec<_> = (0..RACERS)
        .map(|i| {
            let (method, path, header, body) = request(i);
            let url = format!("{}{path}", server.api);
            let (barrier, token) = (barrier.clone(), token.to_owned());
            std::thread::spawn(move || {
                let agent = agent();
                let auth = format!("Bearer {token}");
                barrier.wait();
                let answer = match method {
                    "PUT" => {
                        let mut req = agent.put(&url).header("Authorization", &auth);
                        if let Some((name, value)) = &header {
                            req = req.header(*name, value);
                        }
                        req.send_json(&body)
                    }
                    "DELETE" => {
                        let mut req = agent.delete(&url).header("Authorization", &auth);
                        if let Some((name, value)) = &header {
                            req = req.header(*name, value);
                        }
                        req.call()
                    }
                    _ => agent.post(&url).header("Authorization", &auth).send_json(&body),
                };
                answer.unwrap().status().as_u16()
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

fn audit_of(server: &Server, token: &str, action: &str, subject: i64) -> usize {
    let page: AuditPage = get(server, token, &format!("/audit?action={action}&per_page=500"));
    page.items.iter().filter(|e| e.subject_id == Some(subject)).count()
}

fn deliveries_of(server: &Server, token: &str, webhook: i64, result: i64, action: &str) -> usize {
    let page: DeliveryPage = get(server, token, &format!("/webhooks/{webhook}/deliveries?per_page=500"));
    page.items.iter().filter(|d| d.result_id == result && serde_json::to_value(d.action).unwrap() == action).count()
}

fn mensch(order: &[&str]) -> Value {
    crate::common::mensch("2026-11-20", &order.join(","))
}

fn conditional_writes_race(db: TestDb) {
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) =
        crate::common::process::seed(&server, &admin, &["Anna", "Ben", "Cleo"], &["mensch-aergere-dich-nicht"]);
    let (status, hook) =
        server.post(&format!("/leagues/{league}/webhooks"), &admin, &json!({"url": "http://127.0.0.1:9/hook"}));
    assert_eq!(status, 201, "{hook}");
    let webhook = typed::<NewWebhook>(&hook).webhook.id;
    let (status, created) =
        server.post(&format!("/leagues/{league}/results"), &admin, &mensch(&["Anna", "Ben", "Cleo"]));
    assert_eq!(status, 201, "{created}");
    let result = typed::<StoredResult>(&created).id;

    // Twelve corrections of revision 1, each a different order: one wins.
    let orders = [["Ben", "Anna", "Cleo"], ["Cleo", "Ben", "Anna"], ["Anna", "Cleo", "Ben"]];
    let statuses = race(&server, &admin, |i| {
        ("PUT", format!("/results/{result}"), Some(("If-Match", "\"1\"".to_owned())), mensch(&orders[i % 3]))
    });
    assert_eq!((count(&statuses, 200), count(&statuses, 412)), (1, RACERS - 1), "{statuses:?}");
    let history: Vec<HistoryEntry> = get(&server, &admin, &format!("/results/{result}/history"));
    assert_eq!(history.iter().map(|h| h.revision).collect::<Vec<_>>(), [1, 2], "{history:?}");
    let stored: StoredResult = get(&server, &admin, &format!("/results/{result}"));
    assert_eq!(Some(&stored.record), history[1].after.as_ref(), "the record stored is the one the history says");
    assert_eq!(audit_of(&server, &admin, "result_corrected", result), 1);
    assert_eq!(deliveries_of(&server, &admin, webhook, result, "corrected"), 1);

    // Twelve deletions of revision 2: one wins; the others meet a deleted result (412).
    let statuses = race(&server, &admin, |_| {
        ("DELETE", format!("/results/{result}"), Some(("If-Match", "\"2\"".to_owned())), Value::Null)
    });
    assert_eq!((count(&statuses, 204), count(&statuses, 412)), (1, RACERS - 1), "{statuses:?}");
    let history: Vec<HistoryEntry> = get(&server, &admin, &format!("/results/{result}/history"));
    assert_eq!(history.iter().map(|h| h.revision).collect::<Vec<_>>(), [1, 2, 3], "{history:?}");
    assert_eq!(audit_of(&server, &admin, "result_deleted", result), 1);
    assert_eq!(deliveries_of(&server, &admin, webhook, result, "deleted"), 1);
}

fn identity_races(db: TestDb) {
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = crate::common::process::seed(&server, &admin, &["Anna", "Ben"], &["mensch-aergere-dich-nicht"]);
    let players: Vec<Player> = get(&server, &admin, "/players");
    let (anna, ben) = (players[0].id, players[1].id);

    // Opposite merges at once: one wins, the rest are refused; never a cycle.
    let statuses = race(&server, &admin, |i| {
        let (from, into) = if i % 2 == 0 { (anna, ben) } else { (ben, anna) };
        ("POST", format!("/players/{from}/merge"), None, json!({"into": into}))
    });
    assert_eq!((count(&statuses, 200), count(&statuses, 409)), (1, RACERS - 1), "{statuses:?}");
    let players: Vec<Player> = get(&server, &admin, "/players");
    let merged: Vec<&Player> = players.iter().filter(|p| p.merged_into.is_some()).collect();
    assert_eq!(merged.len(), 1, "{players:?}");
    assert_eq!(audit_of(&server, &admin, "player_merged", merged[0].id), 1);

    // Names that look alike, added at once: one player.
    let names = ["Paul", "PauI", "Pau\u{0406}", "\u{0420}aul"];
    let statuses =
        race(&server, &admin, |i| ("POST", "/players".to_owned(), None, json!({"name": names[i % names.len()]})));
    assert_eq!((count(&statuses, 201), count(&statuses, 409)), (1, RACERS - 1), "{statuses:?}");
    let players: Vec<Player> = get(&server, &admin, "/players");
    let pauls =
        players.iter().filter(|p| spielstand_core::lookalike_key(&p.name) == spielstand_core::lookalike_key("Paul"));
    assert_eq!(pauls.count(), 1, "{players:?}");

    // The cap of 20 webhooks a league: 18 registered, 12 more at once, 2 of them taken.
    for i in 0..18 {
        let (status, body) = server.post(
            &format!("/leagues/{league}/webhooks"),
            &admin,
            &json!({"url": format!("http://127.0.0.1:9/{i}")}),
        );
        assert_eq!(status, 201, "{body}");
    }
    let statuses = race(&server, &admin, |i| {
        ("POST", format!("/leagues/{league}/webhooks"), None, json!({"url": format!("http://127.0.0.1:9/r{i}")}))
    });
    assert_eq!((count(&statuses, 201), count(&statuses, 409)), (2, RACERS - 2), "{statuses:?}");
    let hooks: Vec<Value> = get(&server, &admin, &format!("/leagues/{league}/webhooks"));
    assert_eq!(hooks.len(), 20);
    assert_eq!(
        get::<AuditPage>(&server, &admin, &format!("/audit?action=webhook_registered&league_id={league}&per_page=500"))
            .total,
        20
    );
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

//! For club websites: the embeddable page and script, CSV, the Atom feed, and webhooks
//! with their delivery queue (a receiver on 127.0.0.1 checks every signature).

use crate::common;
use crate::common::process::{self, Server};
use crate::common::tiny::{Answer, Request, Tiny};
use crate::common::{TestDb, input, mensch, rangeln};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use spielstand_api::db;
use spielstand_api::webhooks::delivery::{self, DeliveryConfig};
use spielstand_wire::calls;
use spielstand_wire::{
    Action, Delivery, DeliveryPage, DeliveryStatus, NewWebhook, Problem, Standings, StoredResult, Webhook,
};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

const NAMES: [&str; 4] = ["Jürgen Groß", "Ωμέγα", "李小龙", "<script>alert(1)</script>"];

/// Players with names in several scripts (and one that is markup), a league, and two
/// results: Jürgen wins the first, 李小龙 the second. Returns the league id.
macro_rules! seed {
    ($api:expr) => {{
        $api.add_players(&NAMES).await;
        let league = $api
            .add_league(json!({"name": "Vereinsliga Süd", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}}))
            .await;
        let r = $api.record(league, &mensch("2026-11-20", "Jürgen Groß,Ωμέγα,<script>alert(1)</script>=李小龙")).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
        let r = $api.record(league, &mensch("2026-11-21", "李小龙,Jürgen Groß,Ωμέγα")).await;
        assert_eq!(r.status, StatusCode::CREATED);
        league
    }};
}

fn text(body: &[u8]) -> String {
    String::from_utf8(body.to_vec()).expect("UTF-8")
}

api_test!(the_embedded_page_is_self_contained_escaped_and_frameable, |api| {
    let league = seed!(api);
    let path = format!("/embed/leagues/{league}/standings");
    let r = api.get(&path).await;
    assert_eq!(r.status, StatusCode::OK, "{}", text(&r.body));
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(r.header("cache-control"), Some("public, no-cache"));
    assert_eq!(r.header("cross-origin-resource-policy"), Some("cross-origin"));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert!(r.header("x-frame-options").is_none(), "any site may frame it");
    let policy = r.header("content-security-policy").unwrap();
    assert!(policy.contains("frame-ancestors *") && policy.contains("default-src 'none'"), "{policy}");
    let etag = r.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"') && etag.ends_with('"'), "strong: {etag}");

    let html = text(&r.body);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"de\" class=\"light\">"), "{html}");
    assert!(html.contains("<meta charset=\"utf-8\">") && html.contains("name=\"viewport\""));
    for absent in ["<script", "<link", "src=", "@import", "url("] {
        assert!(!html.contains(absent), "no {absent} in a self-contained page");
    }
    assert!(html.contains("--spielstand-bg:") && html.contains("@media (max-width: 360px)"));
    assert!(html.contains("<th scope=\"col\" class=\"place\">Platz</th>") && html.contains(">Ø Platz<"));
    assert!(html.contains("<span class=\"league\"><bdi>Vereinsliga Süd</bdi></span>"));
    assert!(html.contains("<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>"), "markup is shown as text");
    // The rows in table order: Jürgen 4 points, 李小龙 3, Ωμέγα 2, <script> 1.
    let order: Vec<usize> = NAMES
        .iter()
        .map(|n| html.find(&format!("<bdi>{}</bdi>", n.replace('<', "&lt;").replace('>', "&gt;"))).unwrap())
        .collect();
    assert!(order[0] < order[1] && order[2] < order[1] && order[1] < order[3], "{order:?}");
    assert!(html.contains("<td class=\"avg\">1,50</td>"), "German decimals: {html}");

    // The same caching as the JSON: 304, and a new ETag after a write.
    let again = api.send(TestRequest::get().uri(&path).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    let json = api.call(calls::get_standings(league, &Default::default())).await;
    assert_ne!(json.header("etag"), Some(etag.as_str()), "each representation has its own tag");
    api.record(league, &mensch("2026-11-22", "Ωμέγα,李小龙")).await;
    let after = api.send(TestRequest::get().uri(&path).insert_header(("if-none-match", etag.clone()))).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(after.header("etag"), Some(etag.as_str()));

    // Options.
    let en = text(&api.get(&format!("{path}?lang=en&theme=dark&limit=2")).await.body);
    assert!(en.contains("<html lang=\"en\" class=\"dark\">") && en.contains(">Place</th>"), "{en}");
    assert_eq!(en.matches("class=\"player\"><bdi>").count(), 2, "two players shown");
    assert!(en.contains("2 of 4 players"));
    let game = text(&api.get(&format!("{path}?game=mensch-aergere-dich-nicht&as_of=2026-11-20")).await.body);
    assert!(game.contains("Mensch ärgere Dich nicht · Stand 20.11.2026"), "{game}");
    assert_eq!(game.matches("class=\"player\"><bdi>").count(), 4);
    for bad in ["lang=fr", "theme=blue", "limit=0", "limit=1001", "limit=x", "as_of=2026-02-30"] {
        api.get(&format!("{path}?{bad}")).await.problem(400, "invalid-query");
    }
    api.get("/embed/leagues/999/standings").await.problem(404, "not-found");
    let r = api.send(TestRequest::post().uri(&path)).await;
    r.problem(405, "method-not-allowed");
    assert_eq!(r.header("allow"), Some("GET"));
});

api_test!(every_answer_is_nosniff_and_the_docs_cannot_be_framed, |api| {
    for path in ["/api/v1/health", "/api/v1/players/999", "/docs/", "/no/such/path", "/openapi.json"] {
        let r = api.get(path).await;
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{path}");
    }
    let docs = api.get("/docs/").await;
    assert_eq!(docs.header("x-frame-options"), Some("DENY"));
    assert!(docs.header("content-security-policy").unwrap().contains("frame-ancestors 'none'"));
    assert!(
        docs.header("content-security-policy").unwrap().contains("script-src 'self'"),
        "no inline or foreign script"
    );
    // A right-to-left league name is isolated like a player's name (a direction-changing
    // control is refused outright), and the embedded table stays frameable by any site.
    let league = api.add_league(json!({"name": "ליגת 2026", "rules": {"games": ["rangeln"]}})).await;
    let page = api.get(&format!("/embed/leagues/{league}/standings")).await;
    assert!(text(&page.body).contains("<span class=\"league\"><bdi>ליגת 2026</bdi></span>"));
    let reversed = input(json!({"name": "\u{202E}agiL", "rules": {"games": ["rangeln"]}}));
    let r = api.call(calls::create_league(&reversed)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.header("content-security-policy").unwrap().contains("frame-ancestors *"));
    assert_eq!(page.header("x-frame-options"), None);
});

api_test!(an_empty_league_says_so, |api| {
    let league = api.add_league(json!({"name": "Neu", "rules": {"games": ["rangeln"]}})).await;
    let html = text(&api.get(&format!("/embed/leagues/{league}/standings")).await.body);
    assert!(html.contains("Noch keine Ergebnisse."), "{html}");
});

api_test!(the_script_is_served_for_any_site, |api| {
    let r = api.get("/embed/spielstand.js").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(r.header("cross-origin-resource-policy"), Some("cross-origin"));
    let script = text(&r.body);
    assert!(script.contains("data-spielstand-league") && script.contains("\"Ø Platz\""));
    assert!(script.contains("\"mensch-aergere-dich-nicht\":\"Mensch ärgere Dich nicht\""));
    assert!(!script.contains("innerHTML"), "names are inserted as text only");
    let etag = r.header("etag").unwrap().to_owned();
    let again = api.send(TestRequest::get().uri("/embed/spielstand.js").insert_header(("if-none-match", etag))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    // The JSON it reads is readable from any origin.
    let cors =
        api.send(TestRequest::get().uri("/api/v1/leagues").insert_header(("origin", "https://tsv-beispiel.de"))).await;
    assert_eq!(cors.header("access-control-allow-origin"), Some("https://tsv-beispiel.de"));
});

api_test!(csv_by_its_own_url_and_by_accept, |api| {
    let league = seed!(api);
    let csv = api.call(calls::get_standings_csv(league, &Default::default())).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8; header=present"));
    assert_eq!(csv.header("cache-control"), Some("public, no-cache"));
    let body = text(&csv.body);
    let lines: Vec<&str> = body.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "place,player,played,wins,points,average_place,head_to_head,rating_display,rating,rating_uncertainty"
    );
    assert_eq!(lines.len(), 6, "header, four rows, and the final line break: {body:?}");
    let players: Vec<&str> = lines[1..5].iter().map(|l| l.split(',').nth(1).unwrap()).collect();
    let json = api.call(calls::get_standings(league, &Default::default())).await;
    let expected: Vec<String> = json.body::<Standings>().rows.into_iter().map(|r| r.row.player).collect();
    assert_eq!(players, expected);

    let negotiated = api
        .send(
            TestRequest::get()
                .uri(&format!("/api/v1/leagues/{league}/standings"))
                .insert_header(("accept", "text/csv")),
        )
        .await;
    assert_eq!(negotiated.body, csv.body);
    assert_eq!(negotiated.header("content-type"), csv.header("content-type"));
    assert_eq!(negotiated.header("etag"), csv.header("etag"));
    for r in [&negotiated, &json] {
        assert!(r.header("vary").unwrap().split(',').any(|v| v.trim() == "Accept"), "{:?}", r.header("vary"));
    }
    assert_ne!(json.header("etag"), csv.header("etag"));
    let browser = api
        .send(
            TestRequest::get()
                .uri(&format!("/api/v1/leagues/{league}/standings"))
                .insert_header(("accept", "text/html,application/xhtml+xml,*/*;q=0.8")),
        )
        .await;
    assert_eq!(browser.header("content-type"), Some("application/json"));
    let etag = csv.header("etag").unwrap().to_owned();
    let cached = api
        .send(api.request(calls::get_standings_csv(league, &Default::default())).insert_header(("if-none-match", etag)))
        .await;
    assert_eq!(cached.status, StatusCode::NOT_MODIFIED);
    api.call(calls::get_standings_csv(77, &Default::default())).await.problem(404, "not-found");
});

fn feed(body: &[u8]) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(std::str::from_utf8(body).unwrap()).expect("well-formed XML")
}

const ATOM: &str = "http://www.w3.org/2005/Atom";

fn child<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<roxmltree::Node<'a, 'a>> {
    node.children().find(|c| c.has_tag_name((ATOM, name)))
}

fn child_text<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> &'a str {
    child(node, name).and_then(|c| c.text()).unwrap_or_else(|| panic!("<{name}> with text"))
}

api_test!(feed_links_come_from_the_public_url_never_from_host, |api| {
    let league = seed!(api);
    let path = format!("/api/v1/leagues/{league}/results.atom");
    let spoofed = |req: TestRequest| {
        req.insert_header(("host", "evil.example"))
            .insert_header(("forwarded", "host=evil.example;proto=https"))
            .insert_header(("x-forwarded-host", "evil.example"))
    };
    let relative = api.send(spoofed(TestRequest::get().uri(&path))).await;
    let text = String::from_utf8(relative.body.clone()).unwrap();
    assert!(!text.contains("evil.example"), "{text}");
    assert!(text.contains(&format!("href=\"{path}\"")), "{text}");
    assert!(relative.header("cache-control").unwrap().contains("public"));

    let options = spielstand_api::Options {
        public_url: Some("https://tsv-beispiel.de/liga/".parse().unwrap()),
        ..Default::default()
    };
    let state = spielstand_api::AppState::with_options(api.state.pool.clone(), &api.url, options);
    let service = actix_web::test::init_service(spielstand_api::app(state)).await;
    let res = actix_web::test::call_service(&service, spoofed(TestRequest::get().uri(&path)).to_request()).await;
    let text = String::from_utf8(actix_web::test::read_body(res).await.to_vec()).unwrap();
    assert!(!text.contains("evil.example"), "{text}");
    assert!(text.contains(&format!("href=\"https://tsv-beispiel.de/liga{path}\"")), "{text}");
    assert!(text.contains("href=\"https://tsv-beispiel.de/liga/api/v1/results/"), "{text}");
});

api_test!(the_atom_feed_has_every_required_element_and_follows_changes, |api| {
    let league = seed!(api);
    let path = format!("/api/v1/leagues/{league}/results.atom");
    let r = api.get(&path).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/atom+xml; charset=utf-8"));
    let doc = feed(&r.body);
    let root = doc.root_element();
    assert!(root.has_tag_name((ATOM, "feed")));
    // RFC 4287 4.1.1: id, title, updated; author (here on the feed); a self link.
    assert!(child_text(root, "id").starts_with("urn:uuid:"));
    assert_eq!(child_text(root, "title"), "Vereinsliga Süd: Ergebnisse");
    chrono::DateTime::parse_from_rfc3339(child_text(root, "updated")).unwrap();
    assert!(child(root, "author").and_then(|a| child(a, "name")).is_some());
    let links: Vec<_> = root.children().filter(|c| c.has_tag_name((ATOM, "link"))).collect();
    assert!(links.iter().any(|l| l.attribute("rel") == Some("self") && l.attribute("href").unwrap().ends_with(&path)));
    let entries: Vec<_> = root.children().filter(|c| c.has_tag_name((ATOM, "entry"))).collect();
    assert_eq!(entries.len(), 2);
    let mut ids = Vec::new();
    for entry in &entries {
        let id = child_text(*entry, "id");
        assert!(id.starts_with("urn:uuid:") && uuid::Uuid::parse_str(&id[9..]).is_ok(), "{id}");
        ids.push(id.to_owned());
        chrono::DateTime::parse_from_rfc3339(child_text(*entry, "updated")).unwrap();
        let link = child(*entry, "link").unwrap();
        assert_eq!(link.attribute("rel"), Some("alternate"));
        // No public URL configured: links relative to the feed, never from Host.
        assert!(link.attribute("href").unwrap().starts_with("/api/v1/results/"), "{:?}", link.attribute("href"));
    }
    assert_ne!(ids[0], ids[1]);
    assert_eq!(child_text(entries[0], "title"), "Mensch ärgere Dich nicht, 21.11.2026: Sieg für 李小龙");
    assert_eq!(
        child_text(entries[1], "content"),
        "1. Jürgen Groß · 2. Ωμέγα · 3. <script>alert(1)</script>, 李小龙",
        "markup in names is text, escaped in the XML"
    );
    assert!(text(&r.body).contains("3. &lt;script&gt;alert(1)&lt;/script&gt;"));

    // The same ids on every fetch, the same bytes made once per revision (and compressed
    // once); a correction updates its entry, a deletion removes it.
    let renders = api.state.tables.counters().renders.load(std::sync::atomic::Ordering::Relaxed);
    let second = api.get(&path).await;
    assert_eq!(second.body, r.body);
    assert_eq!(second.header("etag"), r.header("etag"));
    let gz = api.send(TestRequest::get().uri(&path).insert_header(("accept-encoding", "gzip"))).await;
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert_ne!(gz.header("etag"), r.header("etag"));
    let mut unzipped = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz.body[..]), &mut unzipped).unwrap();
    assert_eq!(unzipped, r.body);
    assert_eq!(
        api.state.tables.counters().renders.load(std::sync::atomic::Ordering::Relaxed),
        renders,
        "the feed is not made again for the same revision"
    );
    let result_id = link_id(child(entries[0], "link").unwrap());
    let fix = calls::correct_result(result_id, "\"1\"", &input(mensch("2026-11-21", "Ωμέγα,Jürgen Groß,李小龙")));
    assert_eq!(api.call(fix).await.status, StatusCode::OK);
    let corrected = api.get(&path).await;
    let doc = feed(&corrected.body);
    let first = doc.root_element().children().find(|c| c.has_tag_name((ATOM, "entry"))).unwrap();
    assert_eq!(child_text(first, "id"), ids[0]);
    assert_eq!(child_text(first, "title"), "Mensch ärgere Dich nicht, 21.11.2026: Sieg für Ωμέγα");
    assert_eq!(api.call(calls::delete_result(result_id, "*")).await.status, StatusCode::NO_CONTENT);
    let after = api.get(&path).await;
    let doc = feed(&after.body);
    assert_eq!(doc.root_element().children().filter(|c| c.has_tag_name((ATOM, "entry"))).count(), 1);
    assert!(child_text(doc.root_element(), "updated") >= child_text(feed(&corrected.body).root_element(), "updated"));

    let en = api.get(&format!("{path}?lang=en&game=rangeln")).await;
    assert!(child_text(feed(&en.body).root_element(), "title").starts_with("Vereinsliga Süd: Results (Rangeln)"));
    api.get("/api/v1/leagues/999/results.atom").await.problem(404, "not-found");
});

fn link_id(link: roxmltree::Node) -> i64 {
    link.attribute("href").unwrap().rsplit('/').next().unwrap().parse().unwrap()
}

api_test!(webhooks_are_registered_listed_and_deleted_with_the_token, |api| {
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["rangeln"]}})).await;
    // Without the token, as no call sends them.
    let path = format!("/api/v1/leagues/{league}/webhooks");
    let body = json!({"url": "http://127.0.0.1:9/hook"});
    api.send(TestRequest::post().uri(&path).set_json(&body)).await.problem(401, "unauthorized");
    api.send(TestRequest::get().uri(&path)).await.problem(401, "unauthorized");
    let hook_url = "http://127.0.0.1:9/hook";
    let r = api.call(calls::create_webhook(league, hook_url)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", text(&r.body));
    let created: NewWebhook = r.body();
    let id = created.webhook.id;
    assert_eq!(r.header("location"), Some(format!("/api/v1/webhooks/{id}").as_str()));
    let secret = created.secret.as_str();
    assert!(secret.len() == 64 && secret.chars().all(|c| c.is_ascii_hexdigit()), "{secret}");
    assert_eq!(created.webhook.token_name, "test-club");

    // The secret's absence is a matter of the JSON: read as JSON.
    let listed = api.call(calls::list_webhooks(league)).await;
    assert_eq!(listed.body::<Vec<Webhook>>().len(), 1);
    assert!(listed.json()[0].get("secret").is_none(), "the secret is shown once");
    let one = api.call(calls::get_webhook(id)).await;
    assert_eq!(one.body::<Webhook>().url, "http://127.0.0.1:9/hook");
    assert!(one.json().get("secret").is_none());

    for (url, why) in [
        ("ftp://example.org/x", "http://"),
        ("not a url", "not a URL"),
        ("https://user:pw@example.org/x", "credentials"),
        ("/relative/path", "http://"),
    ] {
        let d = api.call(calls::create_webhook(league, url)).await.problem(422, "invalid-body");
        assert!(d.starts_with("url: ") && d.contains(why), "{url}: {d}");
    }
    api.call(calls::create_webhook(999, hook_url)).await.problem(404, "not-found");
    api.call(calls::list_webhooks(999)).await.problem(404, "not-found");

    let gone = api.call(calls::delete_webhook(id)).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    api.call(calls::delete_webhook(id)).await.problem(404, "not-found");
    api.call(calls::list_deliveries(id)).await.problem(404, "not-found");
    for _ in 0..20 {
        assert_eq!(api.call(calls::create_webhook(league, hook_url)).await.status, StatusCode::CREATED);
    }
    api.call(calls::create_webhook(league, hook_url)).await.problem(409, "conflict");
});

api_test!(every_committed_change_and_only_those_queue_a_delivery, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league =
        api.add_league(json!({"name": "L", "rules": {"games": ["rangeln", "mensch-aergere-dich-nicht"]}})).await;
    let other = api.add_league(json!({"name": "M", "rules": {"games": ["rangeln"]}})).await;
    let hook: NewWebhook = api.call(calls::create_webhook(league, "http://127.0.0.1:9/a")).await.body();
    let hook_id = hook.webhook.id;

    let id = api.record(league, &mensch("2026-11-20", "Anna,Ben,Cleo")).await.body::<StoredResult>().id;
    // Rejected and foreign writes queue nothing.
    api.record(league, &mensch("2026-11-20", "Anna,Nobody")).await.problem(422, "invalid-body");
    api.record(other, &rangeln("2026-11-20", &["Anna", "Ben", "Cleo"], &[&[1, 0, -1]])).await;
    let reversed = input(mensch("2026-11-20", "Cleo,Ben,Anna"));
    api.call(calls::correct_result(id, "\"9\"", &reversed)).await.problem(412, "precondition-failed");
    assert_eq!(api.call(calls::correct_result(id, "\"1\"", &reversed)).await.status, StatusCode::OK);
    assert_eq!(api.call(calls::delete_result(id, "\"2\"")).await.status, StatusCode::NO_CONTENT);

    let answer = api.call(calls::list_deliveries(hook_id)).await;
    let page: DeliveryPage = answer.body();
    assert_eq!(page.total, 3, "{}", answer.json());
    let items = &page.items;
    let actions: Vec<Action> = items.iter().map(|d| d.action).collect();
    assert_eq!(actions, [Action::Deleted, Action::Corrected, Action::Recorded], "latest first");
    for d in items {
        assert_eq!(d.status, DeliveryStatus::Pending);
        assert_eq!(d.attempts, 0);
        assert!(d.next_attempt_at.is_some());
        assert_eq!(d.payload.id, d.event_id);
        assert_eq!(d.payload.league_id, league);
        assert_eq!(d.payload.result_id, id);
    }
    assert_eq!(items[2].payload.revision, 1);
    assert_eq!(items[2].payload.result.as_ref().unwrap().placings[0].player, "Anna");
    assert_eq!(items[1].payload.revision, 2);
    assert_eq!(items[1].payload.result.as_ref().unwrap().placings[0].player, "Cleo");
    assert_eq!(items[0].payload.revision, 3);
    assert!(items[0].payload.result.is_none());
    let pending = api.get_with_token(&format!("/api/v1/webhooks/{hook_id}/deliveries?status=delivered")).await;
    assert_eq!(pending.body::<DeliveryPage>().total, 0);
    let bad = api.get_with_token(&format!("/api/v1/webhooks/{hook_id}/deliveries?per_page=0")).await;
    bad.problem(400, "invalid-query");
});

/// A delivery worker in this test's process, on its own pool, as `serve` runs it.
fn worker(api_url: &spielstand_api::db::DatabaseUrl, config: DeliveryConfig) -> actix_web::rt::task::JoinHandle<()> {
    let pool = db::open(api_url, 2).unwrap();
    actix_web::rt::spawn(delivery::run(pool, config, delivery::Leases::default()))
}

fn quick(retry_base_ms: u64, max_attempts: u32) -> DeliveryConfig {
    DeliveryConfig {
        poll_interval: Duration::from_millis(20),
        retry_base: Duration::from_millis(retry_base_ms),
        max_attempts,
        timeout: Duration::from_secs(5),
        egress: crate::common::local_receivers(),
        ..DeliveryConfig::default()
    }
}

/// Checks what the receiver got: a JSON POST whose signature verifies under `secret`.
fn verify(request: &Request, secret: &str) -> Value {
    assert_eq!(request.method, "POST");
    assert_eq!(request.headers.get("content-type").map(String::as_str), Some("application/json"));
    let signature = request.headers.get("x-spielstand-signature").expect("a signature");
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(&request.body);
    let hex = signature.strip_prefix("sha256=").expect("sha256=<hex>");
    mac.verify_slice(&hex::decode(hex).unwrap()).expect("the signature verifies with the webhook's secret");
    let event: Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(request.headers.get("x-spielstand-event-id").map(String::as_str), event["id"].as_str());
    event
}

/// Polls the deliveries of `hook` until `done` holds for the newest one.
async fn wait_for_delivery<S, B>(api: &common::TestApi<S>, hook: i64, done: impl Fn(&Delivery) -> bool) -> Delivery
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let answer = api.call(calls::list_deliveries(hook)).await;
        let page: DeliveryPage = answer.body();
        if let Some(newest) = page.items.first().filter(|d| done(d)) {
            return newest.clone();
        }
        assert!(std::time::Instant::now() < deadline, "delivery did not get there: {}", answer.json());
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
}

api_test!(events_arrive_signed_with_the_webhooks_secret, |api| {
    let receiver = Tiny::start(|_, _| Answer::status(204));
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let hook: NewWebhook = api.call(calls::create_webhook(league, &receiver.url("/hook?club=1"))).await.body();
    let secret = hook.secret.clone();
    let running = worker(&api.url, quick(100, 3));
    // As JSON, to hold the delivered copy to it member by member.
    let recorded = api.record(league, &mensch("2026-11-20", "Ben,Anna")).await.json();

    let delivered = wait_for_delivery(&api, hook.webhook.id, |d| d.status == DeliveryStatus::Delivered).await;
    running.abort();
    let got = receiver.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].path, "/hook?club=1");
    let event = verify(&got[0], &secret);
    assert_eq!(event["action"], "recorded");
    assert_eq!(event["result"], recorded, "the result exactly as the API returned it");
    assert_eq!(got[0].headers.get("x-spielstand-delivery"), Some(&delivered.id.to_string()));
    assert_eq!(delivered.attempts, 1);
    assert_eq!(delivered.last_status, Some(204));
    assert_eq!(delivered.last_error, None);
    assert_eq!(delivered.next_attempt_at, None);
    assert!(delivered.delivered_at.is_some());
    // A wrong secret does not verify.
    let mut mac = Hmac::<Sha256>::new_from_slice(b"not the secret").unwrap();
    mac.update(&got[0].body);
    let header = got[0].headers["x-spielstand-signature"].strip_prefix("sha256=").unwrap().to_owned();
    assert!(mac.verify_slice(&hex::decode(header).unwrap()).is_err());
});

api_test!(a_failing_receiver_gets_retries_with_backoff_until_it_answers, |api| {
    // 500, then 503, then 200.
    let receiver = Tiny::start(|n, _| match n {
        0 => Answer::status(500),
        1 => Answer::status(503),
        _ => Answer::status(200),
    });
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let hook = api.call(calls::create_webhook(league, &receiver.url("/"))).await.body::<NewWebhook>();
    let (hook_id, secret) = (hook.webhook.id, hook.secret.clone());
    let base = 300;
    let running = worker(&api.url, quick(base, 5));
    api.record(league, &mensch("2026-11-20", "Ben,Anna")).await;

    let failed_once = wait_for_delivery(&api, hook_id, |d| d.attempts == 1).await;
    assert_eq!(failed_once.status, DeliveryStatus::Pending);
    assert_eq!(failed_once.last_status, Some(500));
    assert_eq!(failed_once.last_error.as_deref(), Some("status 500"));
    assert!(failed_once.next_attempt_at.unwrap() > failed_once.last_attempt_at.unwrap());
    let delivered = wait_for_delivery(&api, hook_id, |d| d.status == DeliveryStatus::Delivered).await;
    running.abort();
    assert_eq!(delivered.attempts, 3);
    assert_eq!(delivered.last_status, Some(200));
    let got = receiver.received();
    assert_eq!(got.len(), 3, "one request per attempt");
    let ids: Vec<Value> = got.iter().map(|r| verify(r, &secret)["id"].clone()).collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "every retry carries the same event id");
    let (first, second) = (got[1].at - got[0].at, got[2].at - got[1].at);
    assert!(first >= Duration::from_millis(base), "first retry after the base wait: {first:?}");
    assert!(second >= Duration::from_millis(2 * base), "the wait doubles: {second:?}");
});

api_test!(a_delivery_is_given_up_after_the_last_attempt, |api| {
    let receiver = Tiny::start(|_, _| Answer::status(410));
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let hook = api.call(calls::create_webhook(league, &receiver.url("/"))).await.body::<NewWebhook>();
    let running = worker(&api.url, quick(50, 2));
    api.record(league, &mensch("2026-11-20", "Ben,Anna")).await;
    let failed = wait_for_delivery(&api, hook.webhook.id, |d| d.status == DeliveryStatus::Failed).await;
    // A witness instead of a pause: the worker delivers a later change to another
    // receiver, so it has had its chances to try the failed delivery again.
    let witness = Tiny::start(|_, _| Answer::status(200));
    let other = api.call(calls::create_webhook(league, &witness.url("/"))).await.body::<NewWebhook>();
    api.record(league, &mensch("2026-11-21", "Anna,Ben")).await;
    wait_for_delivery(&api, other.webhook.id, |d| d.status == DeliveryStatus::Delivered).await;
    running.abort();
    assert_eq!(failed.attempts, 2);
    assert_eq!(failed.last_status, Some(410));
    assert_eq!(failed.next_attempt_at, None);
    // The witness's change went to this receiver too, as a delivery of its own.
    let tries = receiver
        .received()
        .iter()
        .filter(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["id"] == failed.event_id.as_str())
        .count();
    assert_eq!(tries, 2, "nothing after the last attempt");
    let failed_only: DeliveryPage =
        api.get_with_token(&format!("/api/v1/webhooks/{}/deliveries?status=failed", hook.webhook.id)).await.body();
    assert_eq!(failed_only.total, 1);
});

api_test!(webhooks_reach_public_addresses_only, |api| {
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    // This server allows 127.0.0.1 as written, as an operator would for a local receiver;
    // every other way to reach this machine or a private network is refused.
    for url in [
        "http://localhost:9/hook",
        "http://2130706433/hook",
        "http://127.1/hook",
        "http://0x7f000001/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://10.0.0.1/hook",
        "http://192.168.178.1/hook",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
    ] {
        let r = api.call(calls::create_webhook(league, url)).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {:?}", r.json());
        assert_eq!(r.body::<Problem>().kind, "/problems/invalid-body", "{url}");
    }
    let detail =
        api.call(calls::create_webhook(league, "http://169.254.169.254/latest")).await.body::<Problem>().detail;
    assert!(detail.contains("169.254.169.254, not a public address"), "{detail}");
    assert_eq!(api.answer(calls::list_webhooks(league)).await.len(), 0, "nothing registered");

    // At delivery the policy holds again: a worker that does not allow 127.0.0.1 sends
    // nothing there, and says why in general terms only.
    let receiver = Tiny::start(|_, _| Answer::status(204));
    api.add_players(&["Anna", "Ben"]).await;
    let hook = api.call(calls::create_webhook(league, &receiver.url("/"))).await.body::<NewWebhook>();
    let strict = DeliveryConfig { egress: Default::default(), ..quick(50, 1) };
    let running = worker(&api.url, strict);
    api.record(league, &mensch("2026-11-20", "Ben,Anna")).await;
    let failed = wait_for_delivery(&api, hook.webhook.id, |d| d.status == DeliveryStatus::Failed).await;
    running.abort();
    assert_eq!(failed.last_error.as_deref(), Some("refused: the receiver's address is not public"));
    assert_eq!(failed.last_status, None);
    assert!(receiver.received().is_empty(), "nothing reached the receiver");
});

api_test!(delivery_errors_say_what_kind_of_failure_and_nothing_more, |api| {
    // A port nobody listens on: the OS says "Connection refused (os error 111)"; the API
    // says "connection failed", so the delivery log cannot tell open ports from closed.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let url = format!("http://127.0.0.1:{closed}/hook");
    let hook = api.call(calls::create_webhook(league, &url)).await.body::<NewWebhook>();
    let running = worker(&api.url, quick(50, 1));
    api.record(league, &mensch("2026-11-20", "Ben,Anna")).await;
    let failed = wait_for_delivery(&api, hook.webhook.id, |d| d.status == DeliveryStatus::Failed).await;
    running.abort();
    assert_eq!(failed.last_error.as_deref(), Some("connection failed"));
    let receiver = Tiny::start(|_, _| Answer::status(503));
    let hook = api.call(calls::create_webhook(league, &receiver.url("/"))).await.body::<NewWebhook>();
    let running = worker(&api.url, quick(50, 1));
    api.record(league, &mensch("2026-11-21", "Anna,Ben")).await;
    let failed = wait_for_delivery(&api, hook.webhook.id, |d| d.status == DeliveryStatus::Failed).await;
    running.abort();
    assert_eq!(failed.last_error.as_deref(), Some("status 503"));
});

api_test!(a_revoked_tokens_webhooks_pause_until_an_admin_enables_them, |api| {
    let receiver = Tiny::start(|_, _| Answer::status(204));
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    // The webhook is registered under a second admin token, which is then revoked.
    let pool = db::open(&api.url, 1).unwrap();
    let other = spielstand_api::store::tokens::create(
        &mut pool.get().unwrap(),
        "website-admin",
        spielstand_wire::TokenScope::Admin,
        None,
    )
    .unwrap();
    let hook: NewWebhook = api.call_as(&other, calls::create_webhook(league, &receiver.url("/"))).await.body();
    let hook_id = hook.webhook.id;
    assert_eq!(hook.webhook.paused_at, None);
    spielstand_api::store::tokens::revoke(&mut pool.get().unwrap(), "website-admin").unwrap();
    let paused = api.call(calls::get_webhook(hook_id)).await;
    assert!(paused.body::<Webhook>().paused_at.is_some(), "{}", paused.json());

    // A result while paused: queued, not sent. The witness is a webhook of the same
    // league that is not paused: once the worker has delivered the same change to it, it
    // has seen the paused one's delivery and left it.
    let witness = Tiny::start(|_, _| Answer::status(200));
    let other = api.call(calls::create_webhook(league, &witness.url("/"))).await.body::<NewWebhook>();
    let running = worker(&api.url, quick(50, 3));
    api.record(league, &mensch("2026-11-20", "Ben,Anna")).await;
    wait_for_delivery(&api, other.webhook.id, |d| d.status == DeliveryStatus::Delivered).await;
    assert!(receiver.received().is_empty(), "nothing while paused");
    let waiting: DeliveryPage = api.answer(calls::list_deliveries(hook_id)).await;
    assert_eq!(waiting.items[0].status, DeliveryStatus::Pending);

    // An admin enables it; what waited is delivered.
    let enabled = api.call(calls::enable_webhook(hook_id)).await;
    assert_eq!(enabled.status, StatusCode::OK);
    assert_eq!(enabled.body::<Webhook>().paused_at, None);
    wait_for_delivery(&api, hook_id, |d| d.status == DeliveryStatus::Delivered).await;
    running.abort();
    assert_eq!(receiver.received().len(), 1);
});

api_test!(a_slow_receiver_never_holds_up_deliveries_to_another_host, |api| {
    // The slow receiver answers nothing until the test lets it: every fast delivery must
    // arrive while the slow host's first requests hang, whatever the machine's speed.
    let gate = Arc::new((Mutex::new(false), Condvar::new()));
    let held = gate.clone();
    let slow = Tiny::start(move |_, _| {
        let (open, opened) = &*held;
        let _open = opened.wait_while(open.lock().unwrap(), |open| !*open).unwrap();
        Answer::status(200)
    });
    let fast = Tiny::start(|_, _| Answer::status(200));
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    for receiver in [&slow, &fast] {
        let r = api.call(calls::create_webhook(league, &receiver.url("/"))).await;
        assert_eq!(r.status, StatusCode::CREATED);
    }
    // Queued before the worker starts: the oldest due are the slow receiver's and the
    // fast one's in turn, more than fit in one host's share.
    const EVENTS: usize = 8;
    for day in 1..=EVENTS {
        let order = if day % 2 == 0 { "Anna,Ben" } else { "Ben,Anna" };
        api.record(league, &mensch(&format!("2026-10-{day:02}"), order)).await;
    }
    let running = worker(&api.url, quick(50, 3));
    // Polled without blocking: the worker runs on this test's thread. The deadline only
    // bounds a failure: a worker that waited for the slow host would never get there.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while fast.received().len() < EVENTS {
        assert!(std::time::Instant::now() < deadline, "the fast receiver got {} of {EVENTS}", fast.received().len());
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
    }
    let slow_meanwhile = slow.received().len();
    let (open, opened) = &*gate;
    *open.lock().unwrap() = true;
    opened.notify_all();
    running.abort();
    assert_eq!(fast.received().len(), EVENTS);
    assert!(slow_meanwhile <= 2, "{slow_meanwhile} sent to the slow host at once");
});

api_test!(two_workers_on_one_database_never_send_a_delivery_twice, |api| {
    // A slow receiver keeps deliveries in flight while the other worker looks for work.
    let receiver = Tiny::start(|_, _| {
        std::thread::sleep(Duration::from_millis(30));
        Answer::status(200)
    });
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let hook = api.call(calls::create_webhook(league, &receiver.url("/"))).await.body::<NewWebhook>();
    let secret = hook.secret.clone();
    let config = DeliveryConfig { in_flight: 3, ..quick(50, 3) };
    let workers = [worker(&api.url, config.clone()), worker(&api.url, config)];
    const EVENTS: usize = 24;
    for day in 0..EVENTS {
        let order = if day % 2 == 0 { "Anna,Ben" } else { "Ben,Anna" };
        api.record(league, &mensch(&format!("2026-10-{:02}", day + 1), order)).await;
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let page =
            api.get_with_token(&format!("/api/v1/webhooks/{}/deliveries?status=delivered", hook.webhook.id)).await;
        if page.body::<DeliveryPage>().total == EVENTS as i64 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{}", page.json());
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    for w in workers {
        w.abort();
    }
    // A second send of a delivery would be in flight to the receiver now: wait until no
    // request is being answered, then count.
    receiver.wait_idle(Duration::from_secs(30));
    let got = receiver.received();
    let mut ids: Vec<String> = got.iter().map(|r| verify(r, &secret)["id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), EVENTS);
    assert_eq!(got.len(), EVENTS, "every event exactly once");
});

/// A server killed (SIGKILL) with a delivery still owed sends it after its restart:
/// the queue is in the database.
fn deliveries_survive_a_restart(db: TestDb) {
    // The receiver's port is known but nobody listens yet: attempts fail until it does.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let env = |retry_ms: u64| {
        vec![
            ("SPIELSTAND_WEBHOOK_POLL_MS", "50".to_owned()),
            ("SPIELSTAND_WEBHOOK_RETRY_BASE_MS", retry_ms.to_string()),
            ("SPIELSTAND_WEBHOOK_TIMEOUT_MS", "2000".to_owned()),
        ]
    };
    let token = process::token(&db);
    // The retry comes 3 s after the first attempt: after the restart below.
    let server = Server::start(&db, &env(3_000));
    for name in ["Anna", "Ben"] {
        assert_eq!(server.call(&token, calls::create_player(name)).0, 201);
    }
    let league = input(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}}));
    let league = server.answer(&token, calls::create_league(&league)).id;
    let url = format!("http://127.0.0.1:{port}/after-restart");
    let hook = server.answer(&token, calls::create_webhook(league, &url));
    let (hook_id, secret) = (hook.webhook.id, hook.secret.clone());
    let (status, _) = server.call(&token, calls::record_result(league, &input(mensch("2026-11-20", "Ben,Anna")), None));
    assert_eq!(status, 201);
    // The first attempt fails (connection refused); the server dies before the retry.
    let deliveries = |server: &Server| server.answer(&token, calls::list_deliveries(hook_id));
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while deliveries(&server).items.first().map(|d| d.attempts) != Some(1) {
        assert!(std::time::Instant::now() < deadline, "no first attempt");
        std::thread::sleep(Duration::from_millis(20));
    }
    let owed = deliveries(&server).items[0].clone();
    assert_eq!(owed.status, DeliveryStatus::Pending);
    assert_eq!(owed.last_error.as_deref(), Some("connection failed"), "{owed:?}");
    server.kill();

    let receiver = Tiny::on(std::net::TcpListener::bind(("127.0.0.1", port)).unwrap(), |_, _| Answer::status(200));
    let server = Server::start(&db, &env(3_000));
    let got = receiver.wait_for(1, Duration::from_secs(30));
    let event = verify(&got[0], &secret);
    assert_eq!(got[0].path, "/after-restart");
    assert_eq!(event["id"], owed.event_id.as_str());
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let now = deliveries(&server).items[0].clone();
        if now.status == DeliveryStatus::Delivered {
            assert_eq!(now.attempts, 2);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{now:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(receiver.received().len(), 1);
}

#[test]
fn deliveries_survive_a_restart_on_sqlite() {
    deliveries_survive_a_restart(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn deliveries_survive_a_restart_on_postgres() {
    deliveries_survive_a_restart(TestDb::postgres());
}

/// The contract run starts the server this way, and lets schemathesis register made-up
/// URLs: nothing may be sent to them.
#[test]
fn a_server_told_not_to_deliver_sends_nothing() {
    // The witness: a delivering server, started the same way beside it, posts its result
    // after the silent one; once the receiver has that delivery, the silent server had as
    // long to deliver as the other needed, and its path must still be untouched.
    let receiver = Tiny::start(|_, _| Answer::status(200));
    let setup = |db: &TestDb, quiet: bool, path: &str| {
        let token = process::token(db);
        let mut env = vec![("SPIELSTAND_WEBHOOK_POLL_MS", "20".to_owned())];
        if quiet {
            env.push(("SPIELSTAND_NO_WEBHOOK_DELIVERY", "true".to_owned()));
        }
        let server = Server::start(db, &env);
        for name in ["Anna", "Ben"] {
            server.call(&token, calls::create_player(name));
        }
        let league = input(json!({"name": "L", "rules": {"games": ["mensch-aergere-dich-nicht"]}}));
        let league = server.answer(&token, calls::create_league(&league)).id;
        let hook = server.answer(&token, calls::create_webhook(league, &receiver.url(path)));
        (server, token, league, hook.webhook.id)
    };
    let (quiet_db, loud_db) = (TestDb::sqlite(), TestDb::sqlite());
    let (quiet, quiet_token, quiet_league, quiet_hook) = setup(&quiet_db, true, "/quiet");
    let (loud, loud_token, loud_league, _) = setup(&loud_db, false, "/loud");
    let result = input(mensch("2026-11-20", "Ben,Anna"));
    assert_eq!(quiet.call(&quiet_token, calls::record_result(quiet_league, &result, None)).0, 201);
    assert_eq!(loud.call(&loud_token, calls::record_result(loud_league, &result, None)).0, 201);
    let got = receiver.wait_for(1, Duration::from_secs(30));
    assert!(got.iter().all(|r| r.path == "/loud"), "the silent server delivered: {got:?}");
    let queued: DeliveryPage = quiet.answer(&quiet_token, calls::list_deliveries(quiet_hook));
    assert_eq!(queued.items[0].status, DeliveryStatus::Pending, "queued for a process that delivers");
}

//! A club night with phones, as plain form posts without JavaScript, on the real binary:
//! the organiser signs in with a token and makes a join code; two members join with it,
//! one enters their table's result, the other confirms it; at the other table an entry
//! is rejected and the organiser corrects and accepts it. Every page is a strict-CSP
//! page with no inline script, every name is escaped, and a form posted from another
//! site is refused.

use crate::common::TestDb;
use crate::common::process::{Server, post_with, token, typed};
use serde_json::{Value, json};
use spielstand_wire::{Event, Round, StoredResult};
use std::collections::BTreeMap;

/// A browser without JavaScript: follows nothing by itself (the test reads each 303),
/// keeps cookies, and says where its forms come from, as browsers do.
struct Browser {
    agent: ureq::Agent,
    base: String,
    cookies: BTreeMap<String, String>,
    lang: &'static str,
}

/// An answer: status, headers (lower-case names) and body.
struct Page {
    status: u16,
    headers: BTreeMap<String, String>,
    body: String,
}

impl Page {
    fn location(&self) -> &str {
        self.headers.get("location").map_or("", String::as_str)
    }
}

impl Browser {
    fn new(base: &str) -> Browser {
        let agent: ureq::Agent =
            ureq::Agent::config_builder().http_status_as_error(false).max_redirects(0).build().into();
        Browser { agent, base: base.to_owned(), cookies: BTreeMap::new(), lang: "de" }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn keep(&mut self, res: &ureq::http::Response<ureq::Body>) {
        for value in res.headers().get_all("set-cookie") {
            let text = value.to_str().unwrap();
            let pair = text.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if text.contains("Max-Age=0") || value.is_empty() {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
    }

    fn read(&mut self, mut res: ureq::http::Response<ureq::Body>) -> Page {
        self.keep(&res);
        let headers =
            res.headers().iter().map(|(k, v)| (k.as_str().to_owned(), v.to_str().unwrap_or("").to_owned())).collect();
        Page { status: res.status().as_u16(), headers, body: res.body_mut().read_to_string().unwrap_or_default() }
    }

    fn get(&mut self, path: &str) -> Page {
        let res = self
            .agent
            .get(&format!("{}{path}", self.base))
            .header("Cookie", &self.cookie_header())
            .header("Accept-Language", self.lang)
            .header("Accept", "text/html")
            .call()
            .unwrap();
        self.read(res)
    }

    /// A form post from this server's own page (`same_site`), or from another site's.
    fn post_from(&mut self, path: &str, fields: &[(&str, &str)], same_site: bool) -> Page {
        let body: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
        let origin = if same_site { self.base.clone() } else { "https://evil.example".to_owned() };
        let res = self
            .agent
            .post(&format!("{}{path}", self.base))
            .header("Cookie", &self.cookie_header())
            .header("Accept-Language", self.lang)
            .header("Accept", "text/html")
            .header("Origin", &origin)
            .header("Sec-Fetch-Site", if same_site { "same-origin" } else { "cross-site" })
            .content_type("application/x-www-form-urlencoded")
            .send(body.as_bytes())
            .unwrap();
        self.read(res)
    }

    fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_from(path, fields, true)
    }
}

/// A page of the app: 200, a strict policy, nothing inline that runs, nothing styled
/// inline.
fn strict(page: &Page, what: &str) {
    assert_eq!(page.status, 200, "{what}: {}", page.body);
    let policy = page.headers.get("content-security-policy").unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), "{what}: {policy}");
    assert_eq!(page.headers.get("x-frame-options").map(String::as_str), Some("DENY"), "{what}");
    let body = &page.body;
    for script in body.match_indices("<script").map(|(i, _)| &body[i..body[i..].find('>').unwrap() + i]) {
        assert!(script.contains(" src="), "{what}: an inline script: {script}");
    }
    assert!(!body.contains(" style=\"") && !body.contains(" onclick="), "{what}: inline style or handler");
}

fn app_night(db: TestDb) {
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (league, _) = crate::common::process::seed(
        &server,
        &admin,
        &["Anna", "Ben", "Cleo", "Dora", "<script>alert(1)</script>"],
        &["mensch-aergere-dich-nicht"],
    );
    let today = chrono::Local::now().date_naive().to_string();
    let (_, night) =
        server.post(&format!("/leagues/{league}/events"), &admin, &json!({"title": "Clubabend", "date": today}));
    let night = typed::<Event>(&night).id;
    let agent = crate::common::process::agent();
    let (status, _) = post_with(
        &agent,
        &format!("{}/events/{night}/attendees", server.api),
        &admin,
        &json!({"players": ["Anna", "Ben", "Cleo", "Dora"]}),
    );
    assert_eq!(status, 200);
    let (status, round) = post_with(
        &agent,
        &format!("{}/events/{night}/rounds", server.api),
        &admin,
        &json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 2, "pin": {"Anna": 1, "Ben": 1, "Cleo": 2, "Dora": 2}}),
    );
    assert_eq!(status, 201, "{round}");
    // A late arrival whose name is markup: listed on the join page, escaped.
    let (status, _) = post_with(
        &agent,
        &format!("{}/events/{night}/attendees", server.api),
        &admin,
        &json!({"players": ["<script>alert(1)</script>"]}),
    );
    assert_eq!(status, 200);
    let round: Round = typed(&round);
    let ids: BTreeMap<String, i64> =
        round.tables.iter().flat_map(|t| t.seats.iter().map(|s| (s.player.clone(), s.player_id))).collect();

    // The organiser signs in on a tablet with the token, once; a wrong token is refused.
    let mut tablet = Browser::new(&server.base);
    let refused = tablet.post("/app/sign-in", &[("token", "spst_wrong")]);
    assert_eq!(refused.status, 401, "{}", refused.body);
    let signed = tablet.post("/app/sign-in", &[("token", &admin)]);
    assert_eq!((signed.status, signed.location()), (303, "/app/organiser"));
    assert!(tablet.cookies.contains_key("spielstand_session"));
    let home = tablet.get("/app/organiser");
    strict(&home, "the organiser's page");
    assert!(home.body.contains(&format!("/app/organiser/nights/{night}")), "{}", home.body);
    let made = tablet.post(&format!("/app/organiser/nights/{night}/join-code"), &[]);
    assert_eq!(made.status, 303, "{}", made.body);
    let page = tablet.get(&format!("/app/organiser/nights/{night}"));
    strict(&page, "the organiser's night");
    let code = page.body.split("<strong>").nth(1).and_then(|s| s.split("</strong>").next()).unwrap().to_owned();
    assert_eq!(code.len(), 9, "the code on the page: {code}");
    assert!(page.body.contains("<svg"), "and its QR code");
    // The projector's page shows the code to the organiser only.
    let projector = tablet.get(&format!("/embed/events/{night}/tables"));
    assert!(projector.body.contains(&code), "the organiser's projector shows the code");
    assert_eq!(projector.headers.get("cache-control").map(String::as_str), Some("private, no-store"));
    let public = Browser::new(&server.base).get(&format!("/embed/events/{night}/tables"));
    assert!(!public.body.contains(&code), "a public page must not show the code");

    // Anna joins on her phone: the code's page lists the night's players, escaped.
    let mut anna = Browser::new(&server.base);
    let join = anna.get(&format!("/n/{code}"));
    strict(&join, "the join page");
    assert!(
        join.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !join.body.contains("<script>alert"),
        "escaped"
    );
    let joined = anna.post(&format!("/n/{code}"), &[("player", &ids["Anna"].to_string())]);
    assert_eq!((joined.status, joined.location()), (303, &*format!("/app/nights/{night}")));
    assert!(anna.cookies["spielstand_pass"].starts_with("spsp_"));
    let mine = anna.get(&format!("/app/nights/{night}"));
    strict(&mine, "the member's night");
    assert!(mine.body.contains("Dein Tisch") && mine.body.contains("Ben"), "{}", mine.body);
    // A form sent from another site with her cookie is refused, and changes nothing.
    let forged = anna.post_from(&format!("/app/nights/{night}/results"), &[("place-1", "1"), ("place-2", "2")], false);
    assert_eq!(forged.status, 403, "{}", forged.body);
    // She enters her table's result: Ben won.
    let seat_of = |name: &str| round.tables[0].seats.iter().find(|s| s.player == name).unwrap().seat.to_string();
    let (anna_seat, ben_seat) = (seat_of("Anna"), seat_of("Ben"));
    let entered = anna.post(
        &format!("/app/nights/{night}/results"),
        &[(&*format!("place-{anna_seat}"), "2"), (&*format!("place-{ben_seat}"), "1")],
    );
    assert_eq!(entered.status, 303, "{}", entered.body);
    let waiting = anna.get(&format!("/app/nights/{night}"));
    assert!(waiting.body.contains("wartet auf Bestätigung"), "{}", waiting.body);
    let standings = crate::common::process::get(&agent, &format!("{}/leagues/{league}/standings", server.api));
    assert!(standings["rows"].as_array().unwrap().is_empty(), "pending counts nowhere: {standings}");

    // Ben joins on his phone, in English, and confirms.
    let mut ben = Browser::new(&server.base);
    ben.lang = "en";
    ben.post(&format!("/n/{code}"), &[("player", &ids["Ben"].to_string())]);
    let page = ben.get(&format!("/app/nights/{night}"));
    assert!(page.body.contains("That's right") && page.body.contains("lang=\"en\""), "{}", page.body);
    let result_id = page.body.split("/app/results/").nth(1).and_then(|s| s.split('/').next()).unwrap().to_owned();
    let confirmed = ben.post(&format!("/app/results/{result_id}/confirm"), &[]);
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    // His phone keeps its write for its next reads: the table it reads has it, not the
    // one before (which another reader may still be served for a moment).
    assert!(ben.cookies.contains_key("spielstand_read_after"), "{:?}", ben.cookies);
    let table = ben.get(&format!("/api/v1/leagues/{league}/standings"));
    assert_eq!(table.headers.get("x-spielstand-behind-ms").map(String::as_str), Some("0"), "{:?}", table.headers);
    let standings: Value = serde_json::from_str(&table.body).unwrap();
    assert_eq!(standings["rows"][0]["player"], "Ben", "{standings}");

    // The other table: Cleo enters, Dora rejects with a reason, the organiser corrects and
    // accepts it.
    let mut cleo = Browser::new(&server.base);
    cleo.post(&format!("/n/{code}"), &[("player", &ids["Cleo"].to_string())]);
    let seat_of = |name: &str| round.tables[1].seats.iter().find(|s| s.player == name).unwrap().seat.to_string();
    let (cleo_seat, dora_seat) = (seat_of("Cleo"), seat_of("Dora"));
    cleo.post(
        &format!("/app/nights/{night}/results"),
        &[(&*format!("place-{cleo_seat}"), "1"), (&*format!("place-{dora_seat}"), "2")],
    );
    let mut dora = Browser::new(&server.base);
    dora.post(&format!("/n/{code}"), &[("player", &ids["Dora"].to_string())]);
    let page = dora.get(&format!("/app/nights/{night}"));
    let other = page.body.split("/app/results/").nth(1).and_then(|s| s.split('/').next()).unwrap().to_owned();
    let rejected = dora.post(&format!("/app/results/{other}/reject"), &[("reason", "Dora hat gewonnen")]);
    assert_eq!(rejected.status, 303, "{}", rejected.body);
    let page = tablet.get(&format!("/app/organiser/nights/{night}"));
    assert!(page.body.contains("Dora hat gewonnen") && page.body.contains("abgelehnt"), "{}", page.body);
    let form = tablet.get(&format!("/app/organiser/results/{other}"));
    strict(&form, "the correction form");
    let stored: StoredResult = typed(&crate::common::process::get(&agent, &format!("{}/results/{other}", server.api)));
    let corrected = tablet.post(
        &format!("/app/organiser/results/{other}?revision={}", stored.revision),
        &[(&*format!("place-{cleo_seat}"), "2"), (&*format!("place-{dora_seat}"), "1")],
    );
    assert_eq!(corrected.status, 303, "{}", corrected.body);
    let after: StoredResult = typed(&crate::common::process::get(&agent, &format!("{}/results/{other}", server.api)));
    assert_eq!(after.status, spielstand_wire::ResultStatus::Confirmed);
    assert_eq!(after.placings.iter().find(|p| p.place == 1).unwrap().player, "Dora");
    let standings: Value = crate::common::process::get(&agent, &format!("{}/leagues/{league}/standings", server.api));
    assert_eq!(standings["rows"].as_array().unwrap().len(), 4, "{standings}");

    // The organiser revokes Dora's pass: her page asks her to join again.
    let revoked = tablet.post(&format!("/app/organiser/nights/{night}/passes/{}/revoke", ids["Dora"]), &[]);
    assert_eq!(revoked.status, 303);
    let ended = dora.get(&format!("/app/nights/{night}"));
    assert!(ended.body.contains("gilt nicht mehr") && !dora.cookies.contains_key("spielstand_pass"), "{}", ended.body);
    // A code that opens nothing, tried too often from one address: 429 with Retry-After.
    let mut guesser = Browser::new(&server.base);
    for n in 0..5 {
        assert_eq!(guesser.get(&format!("/n/ZZZZ-ZZZ{n}")).status, 404);
    }
    let blocked = guesser.get("/n/ZZZZ-ZZZ9");
    assert_eq!(blocked.status, 429);
    assert!(blocked.headers.contains_key("retry-after"));
    // The start page, in English when asked for (and remembered).
    let mut visitor = Browser::new(&server.base);
    let landing = visitor.get("/?lang=en");
    strict(&landing, "the start page");
    assert!(landing.body.contains("Join in") && landing.body.contains("Clubabend"), "{}", landing.body);
    assert_eq!(visitor.cookies.get("spielstand_lang").map(String::as_str), Some("en"));
}

#[test]
fn a_club_night_with_phones_as_plain_forms_sqlite() {
    app_night(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn a_club_night_with_phones_as_plain_forms_postgres() {
    app_night(TestDb::postgres());
}

/// `--lan`, as the phone chapter starts: the server says where phones reach it and prints
/// the organiser's sign-in QR code; the code's link, and every join link after it, name this
/// machine's address on its network (never loopback). A server without it says on the
/// organiser's page that phones cannot reach it. (The test's own requests go to 127.0.0.1.)
#[test]
fn a_server_for_the_club_s_network_names_its_address_everywhere() {
    let db = TestDb::sqlite();
    let admin = token(&db);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = Server::start_bound(
        &db,
        &[("SPIELSTAND_LAN", "true".to_owned()), ("LANG", "de_DE.UTF-8".to_owned())],
        &format!("0.0.0.0:{port}"),
    );
    let expected = spielstand_api::lan::phones_address(&spielstand_api::lan::addresses())
        .map_or_else(|| format!("http://127.0.0.1:{port}"), |ip| spielstand_api::lan::url(ip, port));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let link = loop {
        let log = server.log.lock().unwrap().clone();
        if let Some(link) = log.iter().find_map(|l| l.trim().strip_prefix(&format!("{expected}/app/sign-in/"))) {
            assert!(log.iter().any(|l| l.contains("spielstand ist im Netz des Vereins erreichbar unter:")), "{log:?}");
            assert!(
                !expected.contains("127.0.0.1") || log.iter().any(|l| l.contains("keine Netzwerkadresse")),
                "{log:?}"
            );
            break link.to_owned();
        }
        assert!(std::time::Instant::now() < deadline, "no sign-in link naming {expected}: {log:?}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    // The tablet signs in with the QR code's link.
    let mut tablet = Browser::new(&server.base);
    let page = tablet.post(&format!("/app/sign-in/{link}"), &[]);
    assert_eq!((page.status, page.location()), (303, "/app/organiser"), "{}", page.body);
    let (status, league) = post_with(
        &ureq::Agent::new_with_defaults(),
        &format!("{}/leagues", server.api),
        &admin,
        &json!({"name": "Donnerstagsrunde", "rules": {"games": ["mensch-aergere-dich-nicht"]}}),
    );
    assert_eq!(status, 201, "{league}");
    let page = tablet.post(&format!("/app/organiser/leagues/{}/nights", league["id"]), &[("title", "Clubabend")]);
    assert_eq!(page.status, 303, "{}", page.body);
    let night = page.location().split('?').next().unwrap().to_owned();
    let page = tablet.post(&format!("{night}/join-code"), &[]);
    assert_eq!(page.status, 303, "{}", page.body);
    let page = tablet.get(&night);
    assert!(page.body.contains(&format!("{expected}/n")), "the join link names {expected}: {}", page.body);
    assert!(!page.body.contains("Handys erreichen diesen Server so nicht"), "{}", page.body);

    // Without --lan: links name loopback, and the organiser's page says so.
    let db = TestDb::sqlite();
    let admin = token(&db);
    let server = Server::start(&db, &[]);
    let (_, league) = post_with(
        &ureq::Agent::new_with_defaults(),
        &format!("{}/leagues", server.api),
        &admin,
        &json!({"name": "Donnerstagsrunde", "rules": {"games": ["mensch-aergere-dich-nicht"]}}),
    );
    let mut tablet = Browser::new(&server.base);
    assert_eq!(tablet.post("/app/sign-in", &[("token", &admin)]).status, 303);
    let page = tablet.post(&format!("/app/organiser/leagues/{}/nights", league["id"]), &[("title", "Clubabend")]);
    let night = page.location().split('?').next().unwrap().to_owned();
    let page = tablet.get(&night);
    assert!(page.body.contains("Handys erreichen diesen Server so nicht"), "{}", page.body);
}

//! What a determined member or a slow attacker tried, held: a member confirming their own
//! result with a new pass, one-time codes and passes taken twice at once, cookie-setting
//! forms posted from other sites, forwarded headers from anyone, live-stream places and
//! connections taken by one address, and bodies that never finish.

use crate::common::phones::{join, night, today, with_pass};
use crate::common::process::{Server, agent, connect, token};
use crate::common::{Response, TestApi, TestDb};
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{self as at, TestRequest};
use serde_json::{Value, json};
use spielstand_wire::{Event, JoinCode, NightPass, PassInfo, ResultStatus, Round, StoredResult};
use std::time::{Duration, Instant};

async fn passes<S, B>(api: &TestApi<S>, night: i64) -> Vec<PassInfo>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    api.get_with_token(&format!("/api/v1/events/{night}/passes")).await.body()
}

api_test!(a_confirmation_is_a_players_whatever_pass_carries_it, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (night, round, code) = night(&api, league).await;
    let table: Vec<String> = round.tables[0].seats.iter().map(|s| s.player.clone()).collect();
    let (first, second) = (table[0].clone(), table[1].clone());
    let enterer: NightPass = join(&api, &code.code, &first).await.body();
    let record = crate::common::mensch(&today(), &format!("{first},{second}"));
    let r = api
        .send(with_pass(
            TestRequest::post().uri(&format!("/api/v1/leagues/{league}/results")).set_json(&record),
            &enterer.pass,
        ))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    let pending: StoredResult = r.body();
    let players: Vec<Value> = api.get("/api/v1/players").await.body();
    let first_id = players.iter().find(|p| p["name"] == first.as_str()).unwrap()["id"].as_i64().unwrap();
    let confirm = |pass: String| {
        api.send(with_pass(TestRequest::post().uri(&format!("/api/v1/results/{}/confirm", pending.id)), &pass))
    };

    // The member who entered it has their pass revoked (or loses it) and joins again: the
    // new pass is still theirs, and cannot confirm what they entered.
    let r = api
        .write(actix_web::http::Method::DELETE, &format!("/api/v1/events/{night}/passes/{first_id}"), &json!({}))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", String::from_utf8_lossy(&r.body));
    // Kept out until the organiser lets them back in; then the new pass is still theirs.
    join(&api, &code.code, &first).await.problem(403, "insufficient-scope");
    readmit(&api, night, first_id).await;
    let again: NightPass = join(&api, &code.code, &first).await.body();
    let d = confirm(again.pass.clone()).await.problem(403, "insufficient-scope");
    assert!(d.contains("another player of the table"), "{d}");
    let still: StoredResult = api.get(&format!("/api/v1/results/{}", pending.id)).await.body();
    assert_eq!(still.status, ResultStatus::Pending, "not confirmed by its own player");

    // A tablemate confirms: the review names the player and the pass, as the organiser
    // sees it.
    let mate: NightPass = join(&api, &code.code, &second).await.body();
    let r = confirm(mate.pass.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    let confirmed: StoredResult = r.body();
    assert_eq!(confirmed.status, ResultStatus::Confirmed);
    let review = confirmed.review.unwrap();
    let listed = passes(&api, night).await;
    let pass_of = |name: &str| listed.iter().filter(|p| p.player == name).map(|p| p.id).min().unwrap();
    assert_eq!(review.entered_by_player, first);
    assert_eq!(review.entered_with_pass, pass_of(&first), "the pass it was entered with");
    assert_eq!(review.confirmations.len(), 1);
    assert_eq!(review.confirmations[0].player, second);
    assert_eq!(review.confirmations[0].pass, Some(pass_of(&second)));
    // The organiser's page says who entered and confirmed, with which pass.
    let page = String::from_utf8(
        api.send(
            TestRequest::get()
                .uri(&format!("/app/organiser/nights/{night}?lang=en"))
                .cookie(actix_web::cookie::Cookie::new("spielstand_session", session(&api).await)),
        )
        .await
        .body,
    )
    .unwrap();
    assert!(
        page.contains(&format!("Entered by {first} (pass {})", pass_of(&first)))
            && page.contains(&format!("confirmed by {second} (pass {})", pass_of(&second))),
        "{page}"
    );
});

api_test!(a_tablemate_with_two_passes_confirms_once, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora", "Emil"]).await;
    // Three at a table, two confirmations needed: one player's two passes are one.
    let league = api
        .add_league(
            json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"], "confirmations": 2}}),
        )
        .await;
    let event: Event = api
        .post(&format!("/api/v1/leagues/{league}/events"), &json!({"title": "Clubabend", "date": today()}))
        .await
        .body();
    api.post(&format!("/api/v1/events/{}/attendees", event.id), &json!({"players": ["Anna", "Ben", "Cleo"]})).await;
    let round: Round = api
        .post(
            &format!("/api/v1/events/{}/rounds", event.id),
            &json!({"game": "mensch-aergere-dich-nicht", "method": "random", "size": 3, "seed": 7}),
        )
        .await
        .body();
    let code: JoinCode = api.post(&format!("/api/v1/events/{}/join-codes", event.id), &json!({})).await.body();
    let seats: Vec<String> = round.tables[0].seats.iter().map(|s| s.player.clone()).collect();
    let enterer: NightPass = join(&api, &code.code, &seats[0]).await.body();
    let record = crate::common::mensch(&today(), &seats.join(","));
    let pending: StoredResult = api
        .send(with_pass(
            TestRequest::post().uri(&format!("/api/v1/leagues/{league}/results")).set_json(&record),
            &enterer.pass,
        ))
        .await
        .body();
    assert_eq!(pending.review.as_ref().unwrap().needed, 2);
    let mate: NightPass = join(&api, &code.code, &seats[1]).await.body();
    let confirm = |pass: String| {
        api.send(with_pass(TestRequest::post().uri(&format!("/api/v1/results/{}/confirm", pending.id)), &pass))
    };
    assert_eq!(confirm(mate.pass.clone()).await.body::<StoredResult>().status, ResultStatus::Pending);
    // The same player's second pass (the organiser moved them to a new phone).
    let players: Vec<Value> = api.get("/api/v1/players").await.body();
    let id = players.iter().find(|p| p["name"] == seats[1].as_str()).unwrap()["id"].as_i64().unwrap();
    api.write(actix_web::http::Method::DELETE, &format!("/api/v1/events/{}/passes/{id}", event.id), &json!({})).await;
    readmit(&api, event.id, id).await;
    let second: NightPass = join(&api, &code.code, &seats[1]).await.body();
    let r: StoredResult = confirm(second.pass).await.body();
    assert_eq!(r.status, ResultStatus::Pending, "one player, one confirmation");
    assert_eq!(r.review.unwrap().confirmations.len(), 1);
});

/// Lets player `player` join night `night` again after the organiser revoked their pass.
async fn readmit<S, B>(api: &TestApi<S>, night: i64, player: i64)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let r = api.post(&format!("/api/v1/events/{night}/passes/{player}/readmit"), &json!({})).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", String::from_utf8_lossy(&r.body));
}

/// A session of the test token on a phone, as its cookie's value.
async fn session<S, B>(api: &TestApi<S>) -> String
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let r = api
        .send(
            TestRequest::post()
                .uri("/app/sign-in")
                .insert_header(("sec-fetch-site", "same-origin"))
                .set_form([("token", api.token.as_str())]),
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", String::from_utf8_lossy(&r.body));
    cookie(&r, "spielstand_session").expect("a session cookie")
}

fn cookie(r: &Response, name: &str) -> Option<String> {
    r.headers
        .get_all("set-cookie")
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| actix_web::cookie::Cookie::parse(v.to_owned()).ok())
        .find(|c| c.name() == name && !c.value().is_empty())
        .map(|c| c.value().to_owned())
}

api_test!(a_one_time_sign_in_code_opens_one_session_under_twelve_at_once, |api| {
    for round in 0..5 {
        let code = {
            let mut conn = api.state.pool.get().unwrap();
            spielstand_api::store::passes::sign_in_code(&mut conn, "test-club").unwrap()
        };
        let uses = (0..12).map(|_| {
            at::call_service(
                &api.service,
                TestRequest::post()
                    .uri(&format!("/app/sign-in/{code}"))
                    .insert_header(("sec-fetch-site", "same-origin"))
                    .to_request(),
            )
        });
        let statuses: Vec<u16> =
            futures_util::future::join_all(uses).await.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 303).count(), 1, "round {round}: {statuses:?}");
        assert!(statuses.iter().all(|s| matches!(s, 303 | 401)), "round {round}: {statuses:?}");
    }
});

api_test!(one_player_gets_one_pass_under_twelve_joins_at_once, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let (night, _, code) = night(&api, league).await;
    for (round, player) in ["Anna", "Ben", "Cleo"].iter().enumerate() {
        let joins = (0..12).map(|_| {
            at::call_service(
                &api.service,
                TestRequest::post()
                    .uri("/api/v1/join")
                    .set_json(json!({"code": code.code, "player": player}))
                    .to_request(),
            )
        });
        let statuses: Vec<u16> =
            futures_util::future::join_all(joins).await.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "round {round}: {statuses:?}");
    }
    let live = passes(&api, night).await.into_iter().filter(|p| p.revoked_at.is_none()).count();
    assert_eq!(live, 3);
});

// Every form of the pages (the operations tagged `app` that change something), posted
// from another site, is refused before it does anything, with a credential or without:
// signing in (login CSRF), joining a night, signing out included.
api_test!(the_pages_forms_refuse_other_sites, |api| {
    let document = spielstand_api::openapi();
    let mut forms = Vec::new();
    for (path, item) in &document.paths.paths {
        for (method, operation) in
            [("POST", &item.post), ("PUT", &item.put), ("PATCH", &item.patch), ("DELETE", &item.delete)]
        {
            if let Some(op) =
                operation.as_ref().filter(|op| op.tags.as_ref().is_some_and(|t| t.iter().any(|t| t == "app")))
            {
                forms.push((
                    method,
                    path.replace("{id}", "1").replace("{code}", "ABCDEFGH").replace("{player_id}", "1"),
                    op.operation_id.clone().unwrap(),
                ));
            }
        }
    }
    for must in ["sign_in", "sign_in_code", "sign_out", "join_form"] {
        assert!(forms.iter().any(|f| f.2 == must), "{must} is a form of the pages: {forms:?}");
    }
    let cross_site: [&[(&str, &str)]; 5] = [
        &[("origin", "https://evil.example")],
        &[("sec-fetch-site", "cross-site"), ("origin", "https://evil.example")],
        &[("sec-fetch-site", "same-site")],
        &[("origin", "null")],
        // Neither header: a browser always sends one of them with a form post.
        &[],
    ];
    for (method, path, operation) in &forms {
        for headers in cross_site {
            // With a credential (a form that needs one says first when it is missing).
            let mut req = TestRequest::default()
                .method(method.parse().unwrap())
                .uri(path)
                .set_form([("token", api.token.as_str())])
                .insert_header(("authorization", format!("Bearer {}", api.token)))
                .insert_header(("host", "127.0.0.1:8080"));
            for header in headers {
                req = req.insert_header(*header);
            }
            let r = api.send(req).await;
            let d = r.problem(403, "insufficient-scope");
            assert!(d.contains("cross-site request refused"), "{operation} {headers:?}: {d}");
            assert!(cookie(&r, "spielstand_session").is_none() && cookie(&r, "spielstand_pass").is_none());
        }
    }
    // From the server's own page: signed in. By the host the request names, or by the
    // browser's own word.
    for headers in [&[("origin", "http://127.0.0.1:8080")][..], &[("sec-fetch-site", "same-origin")]] {
        let mut req = TestRequest::post()
            .uri("/app/sign-in")
            .insert_header(("host", "127.0.0.1:8080"))
            .set_form([("token", api.token.as_str())]);
        for header in headers {
            req = req.insert_header(*header);
        }
        let r = api.send(req).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{headers:?}: {}", String::from_utf8_lossy(&r.body));
        assert!(cookie(&r, "spielstand_session").is_some());
    }
    // A forwarded host is nobody's word but a trusted proxy's: with none configured, a
    // page of evil.example cannot claim to be this server.
    let r = api
        .send(
            TestRequest::post()
                .uri("/app/sign-in")
                .insert_header(("host", "127.0.0.1:8080"))
                .insert_header(("x-forwarded-host", "evil.example"))
                .insert_header(("forwarded", "host=evil.example"))
                .insert_header(("origin", "http://evil.example"))
                .set_form([("token", api.token.as_str())]),
        )
        .await;
    r.problem(403, "insufficient-scope");
});

api_test!(
    a_trusted_proxy_names_the_host_for_the_origin_check,
    spielstand_api::Options { trusted_proxies: vec!["10.0.0.1".parse().unwrap()], ..Default::default() },
    |api| {
        let post = |peer: &str| {
            TestRequest::post()
                .uri("/app/sign-in")
                .peer_addr(format!("{peer}:4711").parse().unwrap())
                .insert_header(("host", "127.0.0.1:8080"))
                .insert_header(("x-forwarded-host", "liga.example.org"))
                .insert_header(("origin", "https://liga.example.org"))
                .set_form([("token", api.token.as_str())])
        };
        assert_eq!(api.send(post("10.0.0.1")).await.status, StatusCode::SEE_OTHER, "through the proxy");
        api.send(post("192.0.2.7")).await.problem(403, "insufficient-scope");
    }
);

api_test!(
    one_address_takes_only_its_share_of_the_live_streams,
    spielstand_api::Options { streams_per_address: 3, ..Default::default() },
    |api| {
        api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
        let league =
            api.add_league(json!({"name": "Winterliga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
        let (night, _, _) = night(&api, league).await;
        let follow = |peer: &str| {
            at::call_service(
                &api.service,
                TestRequest::get()
                    .uri(&format!("/api/v1/events/{night}/stream"))
                    .peer_addr(format!("{peer}:4711").parse().unwrap())
                    .to_request(),
            )
        };
        // The streams stay open while their answers are held.
        let mut held = Vec::new();
        for _ in 0..3 {
            let r = follow("192.0.2.1").await;
            assert_eq!(r.status(), StatusCode::OK);
            held.push(r);
        }
        let over = follow("192.0.2.1").await;
        assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(over.headers().contains_key("retry-after"));
        // Another address keeps its places.
        let other = follow("192.0.2.2").await;
        assert_eq!(other.status(), StatusCode::OK);
        // A stream that ends gives its place back.
        held.pop();
        assert_eq!(follow("192.0.2.1").await.status(), StatusCode::OK);
        drop(other);
    }
);

/// Writes `head` and then `body` a piece at a time to `address` from `source`, and reads
/// the status line of the answer and when it came.
fn slow_post(address: &str, source: Option<&str>, head: &str, body: &[u8], pause: Duration) -> (String, Duration) {
    use std::io::{Read, Write};
    let started = Instant::now();
    let mut stream = connect(address, source);
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    stream.set_nonblocking(true).unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let mut sent = 0;
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                answer.extend_from_slice(&buf[..n]);
                if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                    break;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => break,
        }
        if sent < body.len() {
            if stream.write_all(&body[sent..sent + 1]).is_err() {
                break;
            }
            sent += 1;
        }
        if started.elapsed() > Duration::from_secs(30) {
            break;
        }
        std::thread::sleep(pause);
    }
    (String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned(), started.elapsed())
}

/// Form bodies meet the same deadline as JSON: each of the forms that sets a cookie or
/// enters a result, fed a byte every 200 ms, is answered 408 at the deadline (500 ms
/// here), without any credential.
#[test]
fn slow_form_bodies_are_cut_off_at_the_deadline() {
    let db = TestDb::sqlite();
    token(&db);
    let server = Server::start(&db, &[("SPIELSTAND_BODY_TIMEOUT_MS", "500".to_owned())]);
    let address = server.base.strip_prefix("http://").unwrap().to_owned();
    for path in ["/app/sign-in", "/n/ABCDEFGH", "/app/nights/1/results", "/app/sign-out"] {
        let body = b"token=spst_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let (status, took) = slow_post(&address, None, &head, body, Duration::from_millis(200));
        // `/app/nights/1/results` needs a pass: refused before its body is read, and
        // signing out reads none; answered at once, they hold nothing either.
        let expected = match path {
            "/app/nights/1/results" => "HTTP/1.1 401",
            "/app/sign-out" => "HTTP/1.1 303",
            _ => "HTTP/1.1 408",
        };
        assert!(status.starts_with(expected), "{path}: {status}");
        assert!(took < Duration::from_secs(3), "{path}: held {took:?}");
    }
}

/// A few hundred slow clients on one machine (another loopback address) hold at most
/// their address's share of connections; `/api/v1/health` and an ordinary member keep
/// being answered meanwhile. The server may open 512 files (a small machine's limit it
/// cannot raise): 256 connections in all, which the slow clients alone would fill.
#[test]
fn a_few_hundred_slow_clients_leave_room_for_everyone_else() {
    let db = TestDb::sqlite();
    token(&db);
    let server = Server::start_limited(
        &db,
        &[("SPIELSTAND_BODY_TIMEOUT_MS", "10000".to_owned()), ("SPIELSTAND_CONNECTIONS_PER_ADDRESS", "64".to_owned())],
        (512, 512),
    );
    let address = server.base.strip_prefix("http://").unwrap().to_owned();
    let (_, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    rlimit::setrlimit(rlimit::Resource::NOFILE, hard.min(4096), hard).unwrap();
    let slow = 300;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let refused = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let attackers: Vec<_> = (0..slow)
        .map(|_| {
            let (address, stop, refused) = (address.clone(), stop.clone(), refused.clone());
            std::thread::spawn(move || {
                use std::io::{Read, Write};
                // Each client keeps coming back: a form that never finishes, a byte a second.
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let mut stream = connect(&address, Some("127.0.0.2"));
                    stream.set_read_timeout(Some(Duration::from_millis(1000))).unwrap();
                    let head = format!(
                        "POST /app/sign-in HTTP/1.1\r\nHost: {address}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"
                    );
                    if stream.write_all(head.as_bytes()).is_err() {
                        continue;
                    }
                    let mut buf = [0u8; 512];
                    loop {
                        match stream.read(&mut buf) {
                            Ok(0) => break,
                            Ok(n) => {
                                if buf[..n].starts_with(b"HTTP/1.1 503") {
                                    refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                }
                                break;
                            }
                            Err(_) => {}
                        }
                        if stop.load(std::sync::atomic::Ordering::Relaxed) || stream.write_all(b"t").is_err() {
                            break;
                        }
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    let agent = agent();
    let mut waits = Vec::new();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(12) {
        let t = Instant::now();
        let health = agent.get(&format!("{}/health", server.api)).call().unwrap();
        assert_eq!(health.status(), 200);
        waits.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(50));
    }
    // An ordinary member's read meanwhile.
    let t = Instant::now();
    assert_eq!(agent.get(&format!("{}/leagues", server.api)).call().unwrap().status(), 200);
    let read = t.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for attacker in attackers {
        attacker.join().unwrap();
    }
    waits.sort();
    let p99 = waits[waits.len() * 99 / 100];
    let max = *waits.last().unwrap();
    let refused = refused.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!(
        "{slow} slow clients: /health p99 {p99:?}, max {max:?} over {} requests; a read {read:?}; {refused} connections refused at once",
        waits.len()
    );
    assert!(refused > 0, "the clients over their address's share were refused");
    assert!(max < Duration::from_secs(1), "/health waited {max:?} behind {slow} slow clients");
    assert!(read < Duration::from_secs(1), "a read waited {read:?}");
}

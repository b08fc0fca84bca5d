//! A postal game by mail, on both backends: the real server with `--smtp-url` pointing at
//! a real SMTP server on 127.0.0.1. Each resolved round's report goes to every hare with an
//! address and to the game master, in German with its umlauts in subject and body; a mail
//! server that is down holds no round up, the failure is kept for the game master and the
//! mail sent once the server is back; an order mail is fed in by its sender's address.

use crate::common::process::{Server, agent, seed, token, typed};
use crate::common::smtp::SmtpSink;
use crate::common::{TestDb, input};
use mail_parser::MessageParser;
use serde_json::json;
use spielstand_wire::calls;
use spielstand_wire::{PostalGameCreated, PostalMail, PostalRound, ReportLang, ReportParams};
use std::time::{Duration, Instant};

const HARES: [&str; 3] = ["Jörg", "Anna", "Ben"];

/// The mails of game `game` as its game master sees them, once `done` holds of them (at
/// most 20 s).
fn mails_when(server: &Server, token: &str, game: i64, done: impl Fn(&[PostalMail]) -> bool) -> Vec<PostalMail> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mails: Vec<PostalMail> = server.answer(token, calls::list_postal_mails(game));
        if done(&mails) || Instant::now() > deadline {
            return mails;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn reports_are_mailed_and_retried(db: TestDb) {
    let mut sink = SmtpSink::start();
    let token = token(&db);
    let env = [
        ("SPIELSTAND_SMTP_URL", format!("smtp://127.0.0.1:{}", sink.port)),
        ("SPIELSTAND_MAIL_FROM", "Spielleitung Grünkohl <post@club.example>".to_owned()),
        ("SPIELSTAND_MAIL_CHECK_S", "1".to_owned()),
        ("SPIELSTAND_MAIL_RETRY_S", "1".to_owned()),
    ];
    let server = Server::start(&db, &env);
    let (league, _) = seed(&server, &token, &HARES, &["hase-und-igel"]);
    let deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let postal = input(json!({"title": "Grünkohlpost", "players": HARES, "round_limit": 5, "first_deadline": deadline,
                              "round_days": 7, "addresses": {"jörg": "joerg@club.example", "Anna": "anna@club.example"},
                              "master_address": "spielleitung@club.example"}));
    let (status, created) = server.call(&token, calls::create_postal_game(league, &postal));
    assert_eq!(status, 201, "{created}");
    let created: PostalGameCreated = typed(&created);
    let game = created.game.id;
    // The addresses are the game master's to know: the public game shows none.
    let (_, public) = server.call(&token, calls::get_postal_game(game));
    assert!(!public.to_string().contains("club.example"), "{public}");

    // Round 1: Jörg's order mail, fed in by the game master, found by its sender.
    let orders = |body: serde_json::Value| server.call(&token, calls::send_postal_orders(game, &input(body)));
    let (status, body) = orders(json!({"from": "Joerg@CLUB.example", "orders": [{"round": 1, "order": "vor 1"}]}));
    assert_eq!(status, 403, "no such address, the case of its local part counts: {body}");
    let (status, body) = orders(json!({"from": "joerg@CLUB.example", "orders": [{"round": 1, "order": "vor 2"}]}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["player"], "Jörg");
    let (status, body) =
        orders(json!({"from": "anna@club.example", "player": "Ben", "orders": [{"round": 1, "order": "vor 1"}]}));
    assert_eq!(status, 403, "Anna's address sends no orders of Ben's: {body}");
    let german = ReportParams { lang: Some(ReportLang::De) };
    let (status, round) = server.call(&token, calls::resolve_postal_round(game, 1, &german));
    assert_eq!(status, 200, "{round}");
    let round: PostalRound = typed(&round);
    // Jörg, Anna and the game master: three mails, Ben has no address.
    let got = sink.wait_for(3, Duration::from_secs(20));
    assert_eq!(got.len(), 3, "three reports mailed");
    let mut to = Vec::new();
    for raw in &got {
        let mail = MessageParser::default().parse(raw).expect("a mail");
        assert_eq!(mail.subject(), Some("Grünkohlpost: Runde 1"));
        let from = mail.from().and_then(|f| f.first()).unwrap();
        assert_eq!((from.name(), from.address()), (Some("Spielleitung Grünkohl"), Some("post@club.example")));
        let body = mail.body_text(0).expect("a text body").into_owned();
        assert_eq!(body.trim_end(), round.text.trim_end(), "the report as the JSON's text");
        assert!(body.contains("Jörg: vor 2") && body.contains("Möhren"), "{body}");
        to.push(mail.to().and_then(|t| t.first()).and_then(|a| a.address()).unwrap().to_owned());
    }
    to.sort();
    assert_eq!(to, ["anna@club.example", "joerg@club.example", "spielleitung@club.example"]);
    let mails = mails_when(&server, &token, game, |m| m.iter().all(|m| m.sent_at.is_some()));
    assert_eq!(mails.len(), 3, "{mails:?}");
    assert!(mails.iter().all(|m| m.sent_at.is_some() && m.error.is_none() && m.attempts == 1), "{mails:?}");
    let copy = mails.iter().find(|m| m.hare.is_none()).unwrap();
    assert_eq!(copy.to, "spielleitung@club.example");

    // The mail server goes down: round 2 is resolved all the same, the failure is the
    // game master's to see, and the mails go out once it is back.
    sink.down();
    let (status, round) = server.call(&token, calls::resolve_postal_round(game, 2, &Default::default()));
    assert_eq!(status, 200, "the round does not wait for the mail: {round}");
    let failing = mails_when(&server, &token, game, |m| m.iter().filter(|m| m.round == 2).all(|m| m.error.is_some()));
    let round_2: Vec<&PostalMail> = failing.iter().filter(|m| m.round == 2).collect();
    assert_eq!(round_2.len(), 3, "{failing:?}");
    assert!(round_2.iter().all(|m| m.sent_at.is_none() && m.attempts >= 1 && m.next_at.is_some()), "{failing:?}");
    assert!(round_2.iter().all(|m| m.error.as_deref().is_some_and(|e| !e.is_empty())), "{failing:?}");
    sink.up();
    let got = sink.wait_for(6, Duration::from_secs(20));
    assert_eq!(got.len(), 6, "round 2's reports arrived once the server was back");
    let mails = mails_when(&server, &token, game, |m| m.iter().all(|m| m.sent_at.is_some()));
    assert!(mails.iter().all(|m| m.sent_at.is_some() && m.error.is_none() && m.next_at.is_none()), "{mails:?}");
    // Each report once: no mail twice.
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(sink.received().len(), 6);

    // Only the game master reads them.
    let code = &created.codes[0].code;
    assert_eq!(server.call(code, calls::list_postal_mails(game)).0, 403);
    // Without a token, as no call reads them.
    let res = agent().get(&format!("{}/postal-games/{game}/mails", server.api)).call().unwrap();
    assert_eq!(res.status(), 401);
}

/// A mail server as clubs have one: STARTTLS required, with a certificate of the club's
/// own CA (`--smtp-ca-file`), and a login. A wrong password is a failure the game master
/// sees; with the right one the same mail goes out, over TLS.
fn reports_go_over_tls_with_a_login(db: TestDb) {
    let dir = tempfile::tempdir().unwrap();
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).unwrap();
    let (cert, key) = (dir.path().join("mail.pem"), dir.path().join("mail-key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    let sink = SmtpSink::secured(&cert, &key, "spielleitung:Grünkohl-42");
    let token = token(&db);
    let env = |password: &str| {
        vec![
            ("SPIELSTAND_SMTP_URL", format!("smtp://spielleitung:{password}@127.0.0.1:{}?tls=required", sink.port)),
            ("SPIELSTAND_SMTP_CA_FILE", cert.to_str().unwrap().to_owned()),
            ("SPIELSTAND_MAIL_FROM", "post@club.example".to_owned()),
            ("SPIELSTAND_MAIL_CHECK_S", "1".to_owned()),
            ("SPIELSTAND_MAIL_RETRY_S", "1".to_owned()),
        ]
    };
    // The password percent-encoded in the URL, as mail servers' URLs are written.
    let server = Server::start(&db, &env("falsch"));
    let (league, _) = seed(&server, &token, &HARES, &["hase-und-igel"]);
    let deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let postal = input(json!({"title": "Sicherpost", "players": HARES, "round_limit": 5, "first_deadline": deadline,
                              "round_days": 7, "addresses": {"Anna": "anna@club.example"}}));
    let (status, created) = server.call(&token, calls::create_postal_game(league, &postal));
    assert_eq!(status, 201, "{created}");
    let game = typed::<PostalGameCreated>(&created).game.id;
    let (status, body) = server.call(&token, calls::resolve_postal_round(game, 1, &Default::default()));
    assert_eq!(status, 200, "{body}");
    let failing = mails_when(&server, &token, game, |m| m.iter().all(|m| m.error.is_some()));
    assert_eq!(failing.len(), 1, "{failing:?}");
    let error = failing[0].error.clone().unwrap_or_else(|| panic!("{failing:?}: {:?}", server.log.lock().unwrap()));
    assert!(error.contains("535") || error.to_lowercase().contains("auth"), "the login refused: {error}");
    assert!(sink.received().is_empty());
    server.kill();
    let server = Server::start(&db, &env("Gr%C3%BCnkohl-42"));
    let got = sink.wait_for(1, Duration::from_secs(20));
    assert_eq!(got.len(), 1, "delivered once the login is right");
    let mail = MessageParser::default().parse(&got[0]).unwrap();
    assert_eq!(mail.subject(), Some("Sicherpost: Runde 1"));
    let mails = mails_when(&server, &token, game, |m| m.iter().all(|m| m.sent_at.is_some()));
    assert!(mails[0].sent_at.is_some() && mails[0].error.is_none() && mails[0].attempts >= 2, "{mails:?}");
}

#[test]
#[ignore = "needs aiosmtpd (bash .ci/mail-deps.sh)"]
fn reports_go_over_tls_with_a_login_sqlite() {
    reports_go_over_tls_with_a_login(TestDb::sqlite());
}

#[test]
#[ignore = "needs aiosmtpd (bash .ci/mail-deps.sh)"]
fn reports_are_mailed_and_retried_sqlite() {
    reports_are_mailed_and_retried(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) and aiosmtpd (bash .ci/mail-deps.sh)"]
fn reports_are_mailed_and_retried_postgres() {
    reports_are_mailed_and_retried(TestDb::postgres());
}

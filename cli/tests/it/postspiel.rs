//! `spielstand postspiel resolve`: a whole postal game of four hares played round by round
//! through the real binary, each round's output read back as the next round's state, the
//! orders sent as JSON and in the text form for mail, German and English.

use crate::common::cli_binary;
use spielstand_core::postspiel::{GameState, Lang, Orders, Resolution, careful_orders, resolve};
use std::process::{Command, Output};

fn run(dir: &std::path::Path, lang: &str, state: &str, orders: &str) -> Output {
    Command::new(cli_binary())
        .current_dir(dir)
        .args(["--lang", lang, "postspiel", "resolve", "--state", state, "--orders", orders])
        .env_remove("SPIELSTAND_LANG")
        .output()
        .expect("the CLI runs")
}

#[test]
fn four_hares_play_a_whole_game_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let start = r#"{"round": 1, "round_limit": 30, "hares": [
        {"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Ben", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Cleo", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Dora", "field": 0, "carrots": 98, "lettuces": 3}]}"#;
    std::fs::write(dir.path().join("round-1.json"), start).unwrap();
    // Round 1 by mail: Dora sends nothing (NMR). Round 2: Anna's order has a condition,
    // and Dora's "noch einmal ziehen" has its move ready.
    let script = [
        "Anna: vor 2\nBen: forward 5, again forward 2\nCleo: vor 4\n",
        "Anna: wenn Feld von Ben >= 5 dann vor 5 sonst vor 3\nBen: vor 4\nCleo: vor 1\nDora: vor 2, nochmal vor 3\n",
    ];
    let mut state = GameState::from_json(start).unwrap();
    let mut said = String::new();
    let mut round = 1;
    loop {
        let orders = match script.get(round - 1) {
            Some(text) => text.to_string(),
            // The rest alternately as JSON and in German words.
            None if round % 2 == 0 => serde_json::to_string(&careful_orders(&state)).unwrap(),
            None => careful_orders(&state).text(Lang::De),
        };
        let orders_file = format!("orders-{round}.txt");
        std::fs::write(dir.path().join(&orders_file), &orders).unwrap();
        let lang = if round % 3 == 0 { "en" } else { "de" };
        let out = run(dir.path(), lang, &format!("round-{round}.json"), &orders_file);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "round {round}: {stderr}\norders:\n{orders}");
        // The binary resolved exactly what the adjudicator does with the same state and orders.
        let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let parsed = if orders.starts_with('{') {
            serde_json::from_str::<Orders>(&orders).unwrap()
        } else {
            Orders::from_text(&orders).unwrap()
        };
        let expected: Resolution = resolve(&state, &parsed).unwrap();
        assert_eq!(printed, serde_json::to_value(&expected).unwrap(), "round {round}");
        let words = if lang == "de" { "Runde" } else { "Round" };
        assert!(stderr.starts_with(&format!("{words} {round}:")), "{stderr}");
        said.push_str(&stderr);
        // The whole output is the next round's state.
        std::fs::write(dir.path().join(format!("round-{}.json", round + 1)), &out.stdout).unwrap();
        state = expected.state;
        if expected.report.game_over {
            break;
        }
        round += 1;
        assert!(round <= 30, "the round limit ends the game");
    }
    for what in ["1 Dora: kein Zug eingegangen (NMR)", "1 Anna: Bedingung", "Hasenereignis Code 6", "2a Dora"] {
        assert!(said.contains(what), "{what} not said:\n{said}");
    }
    assert!(said.contains("Das Spiel ist zu Ende.") || said.contains("The game is over."), "{said}");
    assert!(state.hares.iter().any(|h| h.finished.is_some()), "someone finished:\n{said}");

    // A state and orders of the game at its start again: an order that breaks a rule exits 1
    // naming the rule, in the language asked for; nothing is printed on standard output.
    std::fs::write(dir.path().join("bad.json"), r#"{"Anna": {"forward": 8}, "Ben": {"stay": "eat"}}"#).unwrap();
    let out = run(dir.path(), "de", "round-1.json", "bad.json");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Anna: Igelfelder nur rückwärts (hedgehog-forward)"), "{stderr}");
    assert!(stderr.contains("Ben: hier darf man nicht aussetzen (stay-not-allowed)"), "{stderr}");
    assert!(out.stdout.is_empty());
    let out = run(dir.path(), "en", "round-1.json", "bad.json");
    assert!(String::from_utf8_lossy(&out.stderr).contains("field 8 is a hedgehog field"), "{:?}", out);
    // What cannot be read exits 2 and says where.
    std::fs::write(dir.path().join("typo.txt"), "Anna: fly 3\n").unwrap();
    let out = run(dir.path(), "en", "round-1.json", "typo.txt");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"), "{out:?}");
    std::fs::write(dir.path().join("twice.json"), r#"{"Anna": {"back": true}, "Anna": {"forward": 1}}"#).unwrap();
    assert_eq!(run(dir.path(), "en", "round-1.json", "twice.json").status.code(), Some(2));
    std::fs::write(
        dir.path().join("odd.json"),
        r#"{"round": 1, "hares": [{"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3, "hat": 1}]}"#,
    )
    .unwrap();
    let out = run(dir.path(), "en", "odd.json", "typo.txt");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("hat"), "the unknown field is named: {out:?}");
}

/// A postal game on the server, played from the command line: the game master starts it
/// and hands out the codes, hares send their orders with them (one for the round after
/// too), the game master sends one for a hare, resolves the rounds, and anyone shows
/// them, in English and German; refusals, a hare acting for another, the network gone.
#[test]
fn a_postal_game_on_the_server_from_the_command_line() {
    use crate::common::ClubNight;
    let ClubNight { mut server, cli, league: _ } = ClubNight::new();
    let deadline = (chrono::Local::now() + chrono::Duration::days(7)).format("%d.%m.%Y 18:00").to_string();
    let made = cli.ok(&[
        "postspiel",
        "create",
        "Herbstpost",
        "-l",
        "Winterliga",
        "--players",
        "Anna,Ben,Cleo,Dora",
        "--rounds",
        "3",
        "--deadline",
        &deadline,
    ]);
    assert!(made.contains("Postal game") && made.contains("Round 1 of 3 is due on"), "{made}");
    assert!(made.contains("spgc_"), "the codes are shown once: {made}");
    let code_of = |player: &str| {
        made.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(player))
            .and_then(|l| l.split_whitespace().find(|w| w.starts_with("spgc_")))
            .unwrap_or_else(|| panic!("no code for {player}: {made}"))
            .to_owned()
    };
    let games = server.get("/leagues/1/postal-games").unwrap();
    let id = games[0]["id"].as_i64().unwrap().to_string();
    // Anna with her code, for this round and the next.
    let sent = cli.ok(&["postspiel", "send", &id, "vor 2", "--then", "forward 1", "--code", &code_of("Anna")]);
    assert!(sent.contains("Anna, round 1: forward 2") && sent.contains("Anna, round 2: forward 1"), "{sent}");
    // Again: replaced.
    let sent = cli.ok(&["postspiel", "send", &id, "vor 3", "--code", &code_of("Anna")]);
    assert!(sent.contains("replaces the order sent before"), "{sent}");
    // Ben's code, in German; a rule broken is refused, saying which order and why.
    let err = cli.fails(&["--lang", "de", "postspiel", "send", &id, "vor 40", "--code", &code_of("Ben")], 1);
    assert!(err.contains("„vor 40“) abgelehnt: nicht genug Möhren"), "{err}");
    let err = cli.fails(&["postspiel", "send", &id, "vor 1", "--player", "Cleo", "--code", &code_of("Ben")], 1);
    assert!(err.contains("Ben's orders only"), "{err}");
    let err = cli.fails(&["postspiel", "send", &id, "hüpfen", "--code", &code_of("Ben")], 1);
    assert!(err.contains("(\"hüpfen\") is no order the game reads"), "{err}");
    // The game master sends Cleo's, received by post; Dora sends nothing.
    cli.ok(&["postspiel", "send", &id, "vor 1", "--player", "Cleo"]);
    let report = cli.ok(&["postspiel", "advance", &id]);
    assert!(report.contains("Round 1 of 3") && report.contains("  Anna: forward 3"), "{report}");
    // NMR once, in the report; the orders list says none came.
    assert!(report.contains("  Dora: –") && report.contains("1 Dora: no orders received (NMR)"), "{report}");
    assert_eq!(report.matches("NMR").count(), 2, "Ben and Dora, once each: {report}");
    assert!(report.contains("Phases: 1 orders"), "a legend: {report}");
    assert!(
        report.contains("The hares after round 1:") && report.contains("1. Anna: Field 2 · Carrots 92"),
        "{report}"
    );
    // A second click: the round is resolved already.
    let err = cli.fails(&["postspiel", "advance", &id, "--round", "1"], 1);
    assert!(err.contains("round 2 is"), "{err}");
    // Round 2 with Anna's order sent ahead.
    let report = cli.json(&["postspiel", "advance", &id]);
    assert_eq!(report["round"], 2);
    assert_eq!(report["orders"][0]["order"], "forward 1");
    let shown = cli.ok(&["--lang", "de", "postspiel", "show", &id]);
    assert!(shown.contains("Runde 3 von 3: Einsendeschluss"), "{shown}");
    assert!(shown.contains("Position") && shown.contains("Salate") && shown.contains("Nächste Runde"), "{shown}");
    let shown = cli.ok(&["--lang", "de", "postspiel", "show", &id, "--round", "1"]);
    assert!(shown.contains("Runde 1 von 3") && shown.contains("1 Dora: kein Zug eingegangen (NMR)"), "{shown}");
    assert!(shown.contains("Phasen: 1 Züge") && shown.contains("Die Hasen nach Runde 1:"), "{shown}");
    let last = cli.ok(&["postspiel", "advance", &id]);
    assert_eq!(last.matches("The game is over.").count(), 1, "{last}");
    assert!(last.contains("Final ranking:\n  1. "), "{last}");
    let shown = cli.ok(&["postspiel", "show", &id]);
    assert!(shown.contains("The game is over."), "{shown}");
    // The network gone: said so, nothing else.
    server.down();
    let err = cli.fails(&["postspiel", "send", &id, "vor 1", "--round", "4", "--code", &code_of("Anna")], 3);
    assert!(err.contains("cannot reach") || err.contains("not reach"), "{err}");
}

/// `postspiel send` speaks the sender's language on every path: the orders kept are echoed
/// in the words the parser reads, whatever words were sent; a refused or unreadable order
/// is a sentence naming the hare, the round and the order (no JSON path, no problem type);
/// a hare's code the server does not take sends the player to the game master, never to
/// an admin token. German with `--lang de`, English with `--lang en`.
#[test]
fn sending_orders_speaks_the_senders_language() {
    use crate::common::ClubNight;
    let ClubNight { server: _server, cli, league: _ } = ClubNight::new();
    let deadline = (chrono::Local::now() + chrono::Duration::days(7)).format("%d.%m.%Y 18:00").to_string();
    let create = |title: &str| {
        let made = cli.json(&[
            "postspiel",
            "create",
            title,
            "-l",
            "Winterliga",
            "--players",
            "Anna,Ben,Cleo",
            "--rounds",
            "5",
            "--deadline",
            &deadline,
        ]);
        let code = |player: &str| {
            let codes = made["codes"].as_array().unwrap();
            codes.iter().find(|c| c["player"] == player).unwrap()["code"].as_str().unwrap().to_owned()
        };
        (made["game"]["id"].as_i64().unwrap().to_string(), code("Anna"), code("Ben"))
    };
    let (game, anna, ben) = create("Herbstpost");
    let send = |lang: &'static str, order: &str, rest: &[&str]| {
        let mut args = vec!["--lang", lang, "postspiel", "send", game.as_str(), order];
        args.extend(rest);
        args.iter().map(|a| a.to_string()).collect::<Vec<String>>()
    };
    let ok = |args: Vec<String>| cli.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let fails = |args: Vec<String>| cli.fails(&args.iter().map(String::as_str).collect::<Vec<_>>(), 1);
    // Echoed in German, sent in English words.
    let then = ["--then", "if carrots >= 30 then forward 5 else stay take", "--code", anna.as_str()];
    let sent = ok(send("de", "forward 2, again forward 2", &then));
    assert_eq!(
        sent,
        "Anna, Runde 1: vor 2, nochmal vor 2\nAnna, Runde 2: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen\n"
    );
    // The game master's order for Ben, in German.
    let sent = ok(send("de", "wenn Feld von Cleo ist Salat dann vor 1 sonst vor 2", &["--player", "Ben"]));
    assert_eq!(sent, "Ben, Runde 1: wenn Feld von Cleo ist Salatfeld dann vor 1 sonst vor 2\n");
    // Echoed in English, sent in German words.
    let sent = ok(send("en", "vor 3, nochmal zurück", &["--code", &anna]));
    assert_eq!(sent, "Anna, round 1: forward 3, again back (replaces the order sent before)\n");

    // A rule broken: which order, and what is wrong with it in the game's words.
    let no_problem = |err: &str| {
        for problem in ["orders[", "invalid-body", "422", "carrots-short", "forward-zero"] {
            assert!(!err.contains(problem), "{problem} in {err}");
        }
    };
    let err = fails(send("de", "vor 40", &["--code", &ben]));
    assert_eq!(
        err,
        "Fehler: Zug für Ben, Runde 1 („vor 40“) abgelehnt: nicht genug Möhren. Es wurde kein Zug angenommen.\n"
    );
    assert!(spielstand_text::english_words(&err).is_empty(), "{err}");
    let err = fails(send("en", "forward 40", &["--code", &ben]));
    assert_eq!(
        err,
        "error: Order for Ben, round 1 (\"forward 40\") refused: 40 fields cost 820 carrots, Ben has 98. No order was kept.\n"
    );
    // The second of two orders, sent by the game master: neither is kept.
    let err = fails(send("de", "vor 1", &["--then", "vorwärts 0", "--player", "Cleo"]));
    assert_eq!(
        err,
        "Fehler: Zug für Cleo, Runde 2 („vor 0“) abgelehnt: vorwärts heißt mindestens ein Feld. Es wurde kein Zug angenommen.\n"
    );
    no_problem(&err);
    let sent = ok(send("de", "vor 1", &["--player", "Cleo"]));
    assert_eq!(sent, "Cleo, Runde 1: vor 1\n", "nothing of the refused request was kept");
    // An order that does not read: the forms an order takes.
    let err = fails(send("de", "hüpfen 3", &["--code", &ben]));
    assert!(
        err.starts_with("Fehler: Zug für Ben, Runde 1 („hüpfen 3“) ist kein Zug, den das Spiel lesen kann: "),
        "{err}"
    );
    assert!(err.contains("„vor 3, nochmal vor 2“") && err.ends_with("Es wurde kein Zug angenommen.\n"), "{err}");
    assert!(spielstand_text::english_words(&err).is_empty(), "{err}");
    no_problem(&err);
    let err = fails(send("en", "fly 3", &["--code", &ben]));
    assert!(err.starts_with("error: Order for Ben, round 1 (\"fly 3\") is no order the game reads: "), "{err}");
    assert!(err.contains("\"forward 3, again forward 2\"") && err.ends_with("No order was kept.\n"), "{err}");
    no_problem(&err);

    // A hare's code nobody has: ask the game master, not for a token.
    let no_token = |err: &str| {
        for token in ["token", "Token", "admin", "Admin", "login", "401", "403"] {
            assert!(!err.contains(token), "{token} in {err}");
        }
    };
    let err = fails(send("de", "vor 1", &["--code", "spgc_0000"]));
    assert_eq!(
        err,
        "Fehler: Dieser Hasen-Code ist hier nicht bekannt oder sein Spiel ist zu Ende: Frag die Spielleitung nach deinem Code.\n"
    );
    no_token(&err);
    let err = fails(send("en", "vor 1", &["--code", "not-a-code"]));
    assert_eq!(
        err,
        "error: This hare code is not known here, or its game has ended: ask the game master for your code.\n"
    );
    no_token(&err);
    // A code of another game, or for another hare: what it sends, and the game master for the rest.
    let (other, ..) = create("Winterpost");
    let err = cli.fails(&["--lang", "de", "postspiel", "send", &other, "vor 1", "--code", &anna], 1);
    assert!(err.starts_with("Fehler: Mit dem Code von Hase Anna, Postspiel"), "{err}");
    assert!(
        err.ends_with(
            "Ein Hasen-Code sendet nur die eigenen Züge im eigenen Spiel: für alles andere frag die Spielleitung.\n"
        ),
        "{err}"
    );
    assert!(spielstand_text::english_words(&err).is_empty(), "{err}");
    no_token(&err);
    let err = fails(send("en", "vor 1", &["--code", &anna, "--player", "Ben"]));
    assert!(err.contains("sends Anna's orders only, not Ben's"), "{err}");
    assert!(
        err.ends_with(
            "A hare's code sends its own orders in its own game only: for anything else, ask the game master.\n"
        ),
        "{err}"
    );
    no_token(&err);
}

/// The game master's other tools: a game on a board of the club's own (`create --board`, a
/// file or standard input; a board the game cannot be played on is refused before anything
/// is sent), and a lost code reissued (`reissue`: the old code ends, the new one sends).
#[test]
fn a_game_on_its_own_board_and_a_lost_code_reissued() {
    use crate::common::ClubNight;
    let ClubNight { server, cli, league: _ } = ClubNight::new();
    let deadline = (chrono::Local::now() + chrono::Duration::days(7)).format("%d.%m.%Y 18:00").to_string();
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.txt");
    std::fs::write(&board, "HCSC I HC2F\nCSHI\n").unwrap();
    let board = board.to_str().unwrap();
    let create = |board: &str| {
        vec!["postspiel", "create", "Kurzpost", "-l", "Winterliga", "--players", "Anna,Ben", "--rounds", "9"]
            .into_iter()
            .chain(["--deadline", &deadline, "--board", board])
            .map(str::to_owned)
            .collect::<Vec<String>>()
    };
    fn args(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    let made = cli.json(&args(&create(board)));
    let game = made["game"]["id"].as_i64().unwrap().to_string();
    assert_eq!(made["game"]["board"], "HCSCIHC2FC SHI", "{made}");
    // From standard input too.
    let run = cli.run_with_stdin(&args(&create("-")), "HCSCIHC2FC");
    assert_eq!(run.code, 0, "{run:?}");
    // A board that does not read: said before anything is sent, in the reader's language.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "HCXZ").unwrap();
    let mut de = vec!["--lang".to_owned(), "de".to_owned()];
    de.extend(create(bad.to_str().unwrap()));
    let err = cli.fails(&args(&de), 2);
    assert!(err.contains("kein Spielplan, auf dem sich spielen lässt"), "{err}");
    let games = server.get("/leagues/1/postal-games").unwrap();
    assert_eq!(games.as_array().unwrap().len(), 2, "the refused board made no game: {games}");
    // Anna lost her code: the game master makes her a new one.
    let old = made["codes"].as_array().unwrap().iter().find(|c| c["player"] == "Anna").unwrap()["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let said = cli.ok(&["--lang", "de", "postspiel", "reissue", &game, "--player", "anna"]);
    assert!(said.contains("Ein neuer Code für Anna: der alte gilt nicht mehr."), "{said}");
    let new = said.split_whitespace().find(|w| w.starts_with("spgc_")).expect("the new code").to_owned();
    assert_ne!(new, old);
    let err = cli.fails(&["postspiel", "send", &game, "vor 1", "--code", &old], 1);
    assert!(err.contains("game master"), "the old code ends: {err}");
    let sent = cli.ok(&["postspiel", "send", &game, "vor 1", "--code", &new]);
    assert!(sent.contains("Anna, round 1: forward 1"), "{sent}");
    // Nobody of the game.
    let err = cli.fails(&["postspiel", "reissue", &game, "--player", "Emil"], 1);
    assert!(err.contains("Emil") && err.contains("Anna, Ben"), "{err}");
}

/// Orders by mail, as the game master runs the game: hares with addresses, an order mail
/// fed in as received (`send --mail FILE.eml`: its sender's address finds the hare, or the
/// hare's code in its text; greeting, quote and signature are no order; umlauts in every
/// header and the body), a mail from nobody of the game refused in the reader's language,
/// and the report mails listed for the game master (`mails`).
#[test]
fn orders_arrive_by_mail_and_the_reports_go_out_by_mail() {
    use crate::common::ClubNight;
    let ClubNight { server: _server, cli, league: _ } = ClubNight::new();
    let deadline = (chrono::Local::now() + chrono::Duration::days(7)).format("%d.%m.%Y 18:00").to_string();
    let made = cli.json(&[
        "postspiel",
        "create",
        "Grünkohlpost",
        "-l",
        "Winterliga",
        "--players",
        "Anna,Ben",
        "--rounds",
        "5",
        "--deadline",
        &deadline,
        "--address",
        "Anna=anna@club.example",
        "--address",
        "ben=ben@club.example",
        "--master-address",
        "spielleitung@club.example",
    ]);
    let game = made["game"]["id"].as_i64().unwrap().to_string();
    let ben_code = made["codes"].as_array().unwrap().iter().find(|c| c["player"] == "Ben").unwrap()["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let dir = tempfile::tempdir().unwrap();
    let eml = |name: &str, from: &str, body: &str| {
        let path = dir.path().join(name);
        let text = format!(
            "From: {from}\r\nTo: Spielleitung <spielleitung@club.example>\r\nSubject: =?utf-8?q?Z=C3=BCge_f=C3=BCr_Runde_1?=\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
        );
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    // Anna's mail: a greeting, two orders, a signature; found by her address.
    let anna = eml(
        "anna.eml",
        "Anna Müller <anna@club.example>",
        "Hallo Spielleitung,\r\n\r\nvor 2\r\nnochmal? nein: vor 1\r\nvor 1\r\n\r\nGrüße\r\n-- \r\nAnna\r\n",
    );
    let sent = cli.ok(&["--lang", "de", "postspiel", "send", &game, "--mail", &anna]);
    assert_eq!(sent, "Anna, Runde 1: vor 2\nAnna, Runde 2: vor 1\n");
    // Ben writes from another address, with his code in the text.
    let ben =
        eml("ben.eml", "Ben <ben.privat@example.org>", &format!("{ben_code}\r\nvor 3\r\n> alter Bericht: vor 9\r\n"));
    let sent = cli.ok(&["--lang", "de", "postspiel", "send", &game, "--mail", &ben]);
    assert_eq!(sent, "Ben, Runde 1: vor 3\n");
    // Nobody of the game, and no code: refused, saying so in German; nothing kept.
    let stranger = eml("fremd.eml", "Fritz <fritz@example.org>", "vor 3\r\n");
    let err = cli.fails(&["--lang", "de", "postspiel", "send", &game, "--mail", &stranger], 1);
    assert!(err.contains("fritz@example.org ist keine Adresse eines Hasen dieses Spiels"), "{err}");
    // A mail with no order in it.
    let empty = eml("leer.eml", "Anna <anna@club.example>", "Hallo!\r\n");
    let err = cli.fails(&["postspiel", "send", &game, "--mail", &empty], 2);
    assert!(err.contains("no line of the mail reads as an order"), "{err}");
    // An order and a mail at once do not go together.
    cli.fails(&["postspiel", "send", &game, "vor 1", "--mail", &anna], 2);
    // The round resolved: its reports wait for the mail server (this one has none), and
    // the game master sees them: Anna, Ben and the game master's copy.
    cli.ok(&["postspiel", "advance", &game]);
    let mails = cli.json(&["postspiel", "mails", &game]);
    let to: Vec<&str> = mails.as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(to, ["anna@club.example", "ben@club.example", "spielleitung@club.example"]);
    assert!(mails.as_array().unwrap().iter().all(|m| m["sent_at"].is_null() && m["round"] == 1), "{mails}");
    let shown = cli.ok(&["--lang", "de", "postspiel", "mails", &game]);
    assert!(shown.contains("Spielleitung") && shown.contains("Versuche"), "{shown}");
    // A hare's code reads no mails.
    let err = cli.fails(&["postspiel", "mails", &game, "--token", &ben_code], 1);
    assert!(!err.is_empty());
}

//! Stored results: listed, shown, fixed and deleted with `If-Match`; standings by game and day.

use crate::common::*;

#[test]
fn results_are_listed_shown_fixed_and_deleted_with_if_match() {
    let ClubNight { server, cli, league } = ClubNight::new();
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Cleo,Anna,Ben"]);
    record_rangeln_game(&cli, "2026-11-21");

    let list = cli.ok(&["results", "Winterliga"]);
    assert!(list.contains("2 results") && list.contains("1. Anna (-19), 2. Ben (18), 3. Cleo (3)"), "{list}");
    let csv = cli.ok(&["results", "Winterliga", "--game", "rangeln", "--format", "csv"]);
    assert_eq!(
        csv,
        "ID,Date,Game,Places,Revision\n2,2026-11-21,Rangeln,\"1. Anna (-19), 2. Ben (18), 3. Cleo (3)\",1\n"
    );
    let json = cli.json(&["results", "1", "--limit", "1"]);
    assert_eq!(json["total"], 2);
    assert_eq!(json["items"].as_array().unwrap().len(), 1);
    let list = cli.ok(&["results", "Winterliga", "--from", "2026-11-21"]);
    assert!(list.contains("1 result,"), "{list}");

    let show = cli.ok(&["result", "show", "2"]);
    assert!(show.contains("Result 2 (revision 1): Rangeln on 2026-11-21") && show.contains("R3"), "{show}");
    let csv = cli.ok(&["result", "show", "2", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("Place,Player,Seat,R1,R2,R3,Total"));
    assert_eq!(
        cli.json(&["result", "show", "1"])["record"]["detail"]["order"],
        serde_json::json!([["Cleo"], ["Anna"], ["Ben"]])
    );

    // Fix: only what is given changes; If-Match guards against a change made meanwhile.
    let out = cli.ok(&["result", "fix", "2", "--round", "2:Anna=6,Ben=-6,Cleo=1"]);
    assert!(out.contains("Corrected result 2: now at revision 2."), "{out}");
    assert_eq!(server.get("/results/2").unwrap()["rangeln"]["totals"][0]["total"], -7);
    let out = cli.ok(&["result", "fix", "1", "--order", "Anna,Cleo,Ben", "--date", "2026-11-19"]);
    assert!(out.contains("on 2026-11-19"), "{out}");
    let err = cli.fails(&["result", "fix", "1", "--replace", "Ben=Dora", "--revision", "1"], 1);
    assert!(err.contains("412") && err.contains("revision 2"), "{err}");
    cli.ok(&["result", "fix", "1", "--replace", "Ben=Dora"]);
    assert_eq!(server.get("/results/1").unwrap()["record"]["players"][2]["player"], "Dora");
    let err = cli.fails(&["result", "fix", "1", "--round", "1:Anna=1,Ben=1,Cleo=1"], 2);
    assert!(err.contains("--round does not apply: result 1 is mensch-aergere-dich-nicht"), "{err}");
    let err = cli.fails(&["result", "fix", "1", "--order", "Anna=Cleo,Dora"], 2);
    assert!(err.contains("nobody won"), "{err}");
    let err = cli.fails(&["result", "fix", "1"], 2);
    assert!(err.contains("nothing to fix"), "{err}");
    // A whole record from a file.
    let mut record = cli.json(&["result", "show", "1"])["record"].clone();
    record["played_on"] = "2026-11-18".into();
    cli.write("fixed.json", &record.to_string());
    cli.ok(&["result", "fix", "1", "--file", "fixed.json"]);
    assert_eq!(server.get("/results/1").unwrap()["record"]["played_on"], "2026-11-18");

    // Delete: a stale revision is refused; the current one works; the history stays.
    let err = cli.fails(&["result", "delete", "1", "--revision", "1", "--yes"], 1);
    assert!(err.contains("412"), "{err}");
    let run = cli.run(&["result", "delete", "1"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("Deleted result 1"), "{run:?}");
    assert_eq!(server.result_count(league), 1);
    let history = cli.ok(&["result", "show", "1", "--history"]);
    assert!(
        history.contains("was deleted") && history.contains("corrected") && history.contains("cli-tests"),
        "{history}"
    );
    let err = cli.fails(&["result", "show", "1"], 1);
    assert!(err.contains("was deleted") && err.contains("404"), "{err}");
}

#[test]
fn standings_by_game_and_as_of_a_day() {
    let ClubNight { server: _running, cli, .. } = ClubNight::new();
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Cleo,Anna,Ben=Dora"]);
    record_rangeln_game(&cli, "2026-11-21");
    let table = cli.ok(&["standings", "Winterliga"]);
    assert!(table.starts_with("Winterliga: standings (players-beaten points)\n"), "{table}");
    // Anna: 2 + 2 points, Cleo: 3 + 0, Ben: 0.5 + 1, Dora: 0.5.
    let json = cli.json(&["standings", "Winterliga"]);
    let rows: Vec<(String, f64)> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["player"].as_str().unwrap().to_owned(), r["points"].as_f64().unwrap()))
        .collect();
    assert_eq!(rows, [("Anna".into(), 4.0), ("Cleo".into(), 3.0), ("Ben".into(), 1.5), ("Dora".into(), 0.5)]);
    assert!(table.contains("1.5"), "{table}");

    let only_rangeln = cli.json(&["standings", "Winterliga", "--game", "rangeln"]);
    assert_eq!(only_rangeln["rows"].as_array().unwrap().len(), 3);
    assert_eq!(only_rangeln["game"], "rangeln");
    let before = cli.json(&["standings", "1", "--as-of", "2026-11-20"]);
    assert_eq!(before["rows"][0]["player"], "Cleo");
    let csv = cli.ok(&["standings", "Winterliga", "--as-of", "2026-11-20", "--format", "csv"]);
    assert!(csv.starts_with("Place,Player,Played,Wins,Points,Avg place,Rating"), "{csv}");
    assert!(csv.contains("\n1,Cleo,1,1,3,1.00"), "{csv}");
    // The rating column is the conservative value the server computed.
    let anna = json["rows"].as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap();
    assert!(table.contains(&format!("{:.1}", anna["rating_display"].as_f64().unwrap())), "{table}");
    let shown = cli.ok(&["player", "show", "anna"]);
    assert!(shown.contains("Rating history"), "{shown}");
    assert!(shown.contains("Rangeln") && shown.contains("2026-11-21"), "{shown}");
    let shown = cli.json(&["player", "show", "anna"]);
    let history = shown["ratings"].as_array().unwrap();
    assert_eq!(history.len(), 2, "Anna played Mensch and Rangeln: {shown}");
    assert!(history.iter().all(|g| g["history"].as_array().unwrap().len() == 1));
    let err = cli.fails(&["standings", "Winterliga", "--game", "chess"], 2);
    assert!(err.contains("invalid value 'chess'"), "{err}");
    // German organisers' dates are the same day.
    assert_eq!(
        cli.json(&["standings", "Winterliga", "--as-of", "20.11.2026"]),
        cli.json(&["standings", "Winterliga", "--as-of", "2026-11-20"])
    );
    let err = cli.fails(&["standings", "Winterliga", "--as-of", "2026/11/20"], 2);
    assert!(err.contains("is not a date"), "{err}");
}

#[test]
fn players_short_of_the_minimum_games_have_no_place() {
    let ClubNight { server: _running, cli, .. } = ClubNight::new();
    let league =
        cli.json(&["league", "create", "Sommerliga", "--games", "mensch-aergere-dich-nicht", "--min-games", "2"]);
    assert_eq!(league["rules"]["min_games"], 2);
    cli.ok(&["record", "mensch", "-l", "Sommerliga", "--date", "2026-11-20", "--order", "Dora,Anna,Ben"]);
    cli.ok(&["record", "mensch", "-l", "Sommerliga", "--date", "2026-11-21", "--order", "Anna,Ben,Cleo"]);
    let table = cli.ok(&["standings", "Sommerliga"]);
    // Anna and Ben played twice; Dora (a win) and Cleo once: listed last, without a place.
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('│') && !l.contains("Place")).collect();
    let shown: Vec<(bool, bool)> =
        rows.iter().map(|r| (r.contains('–'), r.contains("Dora") || r.contains("Cleo"))).collect();
    assert_eq!(shown, [(false, false), (false, false), (true, true), (true, true)], "{table}");
    let json = cli.json(&["standings", "Sommerliga"]);
    assert_eq!(json["rows"][2]["player"], "Dora");
    assert_eq!(json["rows"][2]["ranked"], false);
    assert_eq!(json["rows"][2]["place"], serde_json::Value::Null);
}

#[test]
fn player_statistics_and_head_to_head_at_the_terminal() {
    let ClubNight { server: _running, cli, .. } = ClubNight::new();
    for (day, order) in [("2026-03-01", "Anna,Ben,Cleo"), ("2026-03-02", "Ben,Anna=Cleo"), ("2026-03-03", "Anna,Ben")] {
        cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", day, "--order", order]);
    }
    let shown = cli.ok(&["player", "show", "anna", "--league", "Winterliga"]);
    assert!(shown.contains("Anna in Winterliga"), "{shown}");
    let all = shown.lines().find(|l| l.contains("all games")).expect("an overall row");
    // Places 1, 2, 1: 3 played, 2 wins (67 %), a streak of 1, last night 3 March.
    for part in ["3", "2", "67 %", "1.33", "2026-03-03"] {
        assert!(all.contains(part), "{part} in {all}");
    }
    let json = cli.json(&["player", "show", "Anna", "-l", "Winterliga"]);
    assert_eq!(json["overall"]["wins"], 2);
    assert_eq!(json["games"][0]["game"], "mensch-aergere-dich-nicht");

    let matrix = cli.ok(&["h2h", "Winterliga"]);
    // Anna placed above Ben twice and below once; above Cleo once, tied once.
    let anna = matrix.lines().find(|l| l.contains("Anna") && l.contains("2-1")).expect("Anna's row");
    assert!(anna.contains("1-0-1"), "{matrix}");
    let pair = cli.ok(&["h2h", "Winterliga", "ben", "anna"]);
    let line = pair.lines().find(|l| l.contains("Ben") && l.contains("Anna")).expect("the pair");
    assert!(line.contains(" 3 ") && line.contains(" 1 ") && line.contains(" 2 "), "{pair}");
    let csv = cli.ok(&["h2h", "Winterliga", "--format", "csv"]);
    assert!(csv.starts_with("Player,"), "{csv}");
    let err = cli.fails(&["h2h", "Winterliga", "Anna", "Dora"], 1);
    assert!(err.contains("have not played together"), "{err}");
}

/// A league with more pairs than one page holds (120 players, 717 games of six): `h2h`
/// reads every page, and `h2h A B` reads only the first player's pairs.
#[test]
fn h2h_reads_every_page_of_a_large_league() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league =
        cli.json(&["league", "create", "Großliga", "--games", "mensch-aergere-dich-nicht"])["id"].as_i64().unwrap();
    let post = |path: &str, body: &serde_json::Value| {
        ureq::post(format!("{}/api/v1{path}", server.url))
            .header("Authorization", format!("Bearer {}", server.token))
            .send_json(body)
            .unwrap_or_else(|e| panic!("{path}: {e}"));
    };
    let name = |p: u64| format!("P{p:03}");
    for p in 0..120 {
        post("/players", &serde_json::json!({"name": name(p)}));
    }
    // A fixed pseudo-random draw of six players a game.
    let mut x: u64 = 12345;
    let items: Vec<serde_json::Value> = (0..717)
        .map(|g| {
            let mut seats: Vec<u64> = Vec::new();
            while seats.len() < 6 {
                x = (x * 1_103_515_245 + 12_345) % (1 << 31);
                if !seats.contains(&(x % 120)) {
                    seats.push(x % 120);
                }
            }
            let players: Vec<serde_json::Value> =
                seats.iter().enumerate().map(|(i, &p)| serde_json::json!({"player": name(p), "seat": i + 1})).collect();
            let order: Vec<Vec<String>> = seats.iter().map(|&p| vec![name(p)]).collect();
            let record = serde_json::json!({"played_on": "2026-11-20", "players": players,
                "game": "mensch-aergere-dich-nicht", "detail": {"order": order}});
            serde_json::json!({"idempotency_key": format!("game-{g}"), "record": record})
        })
        .collect();
    post(&format!("/leagues/{league}/results/batch"), &serde_json::json!({ "items": items }));

    let first = server.get(&format!("/leagues/{league}/head-to-head")).unwrap();
    let total = first["total"].as_u64().unwrap();
    assert!(total > 5000, "more pairs than the CLI's pages hold: {total}");
    let all = cli.json(&["h2h", "Großliga"]);
    let pairs = all["pairs"].as_array().unwrap();
    assert_eq!(pairs.len() as u64, total);
    // Each pair once, and the first page as the server lists it.
    let mut seen = std::collections::HashSet::new();
    for p in pairs {
        let (a, b) = (p["player"].as_str().unwrap(), p["opponent"].as_str().unwrap());
        assert!(seen.insert(if a < b { (a, b) } else { (b, a) }), "{a} and {b} twice");
    }
    assert_eq!(pairs[..1000], first["pairs"].as_array().unwrap()[..]);

    // One pair, read from the first player's pairs, that player first.
    let (a, b) = (pairs[4321]["player"].as_str().unwrap(), pairs[4321]["opponent"].as_str().unwrap());
    let one = cli.json(&["h2h", "Großliga", b, a]);
    assert_eq!((one["pairs"].as_array().unwrap().len(), one["total"].as_i64()), (1, Some(1)), "{one}");
    let shown = &one["pairs"][0];
    assert_eq!((shown["player"].as_str(), shown["opponent"].as_str()), (Some(b), Some(a)));
    assert_eq!(
        (shown["ahead"].clone(), shown["behind"].clone()),
        (pairs[4321]["behind"].clone(), pairs[4321]["ahead"].clone())
    );
    let table = cli.ok(&["h2h", "Großliga", b, a]);
    let row = table.lines().find(|l| l.contains(a) && l.contains(b)).expect("the pair's row");
    assert!(row.find(b) < row.find(a), "{b} first: {table}");
}

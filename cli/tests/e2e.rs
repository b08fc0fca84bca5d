//! End to end: the real `spielstand` binary against the real `spielstand-api` binary.

mod common;

use common::{BOARD, Cli, Server, club, dead_server};
use serde_json::Value;

#[test]
fn players_are_added_listed_renamed_and_shown() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let added = cli.ok(&["player", "add", "Anna"]);
    assert!(added.contains("Added player Anna (id 1)."), "{added}");
    let jürgen = cli.json(&["player", "add", "Jürgen Groß"]);
    assert_eq!(jürgen["name"], "Jürgen Groß");
    cli.ok(&["player", "add", "Ben"]);

    let table = cli.ok(&["player", "list"]);
    for name in ["Anna", "Ben", "Jürgen Groß"] {
        assert!(table.contains(name), "{table}");
    }
    let csv = cli.ok(&["player", "list", "--format", "csv"]);
    assert!(csv.starts_with("ID,Name,Added\n1,Anna,"), "{csv}");
    let json = cli.json(&["player", "list"]);
    assert_eq!(json.as_array().unwrap().len(), 3);

    // Case-insensitive lookup, as the server compares names.
    let renamed = cli.ok(&["player", "rename", "jürgen groß", "Jürgen"]);
    assert!(renamed.contains("Renamed Jürgen Groß to Jürgen"), "{renamed}");
    assert_eq!(server.get("/players/2").unwrap()["name"], "Jürgen");

    let shown = cli.ok(&["player", "show", "ANNA"]);
    assert!(shown.contains("Anna (id 1)") && shown.contains("No results in any league yet."), "{shown}");

    // Bad input: refused locally (2), by the server (1), or not found (1).
    let err = cli.fails(&["player", "add", "Anna,Ben"], 2);
    assert!(err.contains("contains ',' or '='"), "{err}");
    let err = cli.fails(&["player", "add", "anna"], 1);
    assert!(err.contains("already exists") && err.contains("409"), "{err}");
    let err = cli.fails(&["player", "rename", "Zoe", "Zora"], 1);
    assert!(err.contains("there is no player named \"Zoe\""), "{err}");
    let err = cli.fails(&["player", "show", "Zoe"], 1);
    assert!(err.starts_with("error: there is no player"), "{err}");
}

#[test]
fn leagues_are_created_listed_and_found_by_name_or_id() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let out = cli.ok(&[
        "league",
        "create",
        "Winterliga 2026",
        "--games",
        "rangeln,mensch-aergere-dich-nicht",
        "--points",
        "table:10,6,4,2,1",
        "--from",
        "2026-01-01",
        "--to",
        "2026-12-31",
    ]);
    assert!(out.contains("Created league Winterliga 2026 (id 1)."), "{out}");
    assert!(out.contains("table:10,6,4,2,1") && out.contains("2026-01-01 to 2026-12-31"), "{out}");
    let second = cli.json(&[
        "league",
        "create",
        "Sommer",
        "--games",
        "all",
        "--tie-breakers",
        "head-to-head,wins",
        "--ghostbuster-with-mensch",
    ]);
    assert_eq!(second["rules"]["tie_breakers"], serde_json::json!(["head-to-head", "wins"]));
    assert_eq!(second["rules"]["ghostbuster_with_mensch"], true);

    let list = cli.ok(&["league", "list"]);
    assert!(list.contains("Winterliga 2026") && list.contains("Sommer"), "{list}");
    assert_eq!(cli.json(&["league", "list"]).as_array().unwrap().len(), 2);
    let by_name = cli.json(&["league", "show", "winterliga 2026"]);
    let by_id = cli.json(&["league", "show", "1"]);
    assert_eq!(by_name, by_id);
    assert_eq!(by_name["rules"]["points"], serde_json::json!({"kind": "table", "table": [10, 6, 4, 2, 1]}));
    let csv = cli.ok(&["league", "show", "Sommer", "--format", "csv"]);
    assert!(csv.starts_with("Setting,Value\nname,Sommer\n"), "{csv}");

    let err = cli.fails(&["league", "show", "Herbst"], 1);
    assert!(err.contains("there is no league \"Herbst\"; the leagues are: Sommer (2), Winterliga 2026 (1)"), "{err}");
    // Core's checks run before anything is sent.
    let err =
        cli.fails(&["league", "create", "X", "--games", "rangeln", "--from", "2026-12-01", "--to", "2026-01-01"], 2);
    assert!(err.contains("the season ends on 2026-01-01, before it starts on 2026-12-01"), "{err}");
    let err = cli.fails(&["league", "create", "X", "--games", "rangeln", "--points", "table:1,5"], 2);
    assert!(err.contains("rises from 1 to 5"), "{err}");
    let err = cli.fails(&["league", "create", "X", "--games", "chess"], 2);
    assert!(err.contains("unknown game \"chess\""), "{err}");
    let err = cli.fails(&["league", "create", "winterliga 2026", "--games", "rangeln"], 1);
    assert!(err.contains("409"), "{err}");
}

#[test]
fn rangeln_rounds_come_as_boards_scores_or_ring_counts() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    cli.write("round3.txt", BOARD);
    let out = cli.ok(&[
        "record",
        "rangeln",
        "--league",
        "winterliga",
        "--date",
        "2026-11-20",
        "--players",
        "Anna,Ben,Cleo",
        "--round",
        "Anna=-7,Ben=6,Cleo=1",
        "--round",
        "anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8",
        "--round",
        "@round3.txt",
    ]);
    assert!(out.contains("Recorded result 1 in league Winterliga."), "{out}");
    assert!(out.contains("Rangeln on 2026-11-20"), "{out}");
    let stored = server.get("/results/1").unwrap();
    let totals: Vec<(String, i64)> = stored["rangeln"]["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["player"].as_str().unwrap().to_owned(), t["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(totals, [("Anna".into(), -16), ("Ben".into(), 14), ("Cleo".into(), 2)]);
    // The largest absolute total wins: -16 beats 14.
    assert_eq!(stored["placings"][0]["player"], "Anna");
    assert_eq!(server.result_count(league), 1);

    // A board on standard input, and the API's JSON on stdout.
    let run = cli.run_with_stdin(
        &[
            "record",
            "rangeln",
            "-l",
            "1",
            "--players",
            "Anna,Ben,Cleo",
            "--round",
            "@-",
            "--round",
            "Anna=0,Ben=0,Cleo=0",
            "--round",
            "Anna=1,Ben=1,Cleo=1",
            "--format",
            "json",
        ],
        BOARD,
    );
    assert_eq!(run.code, 0, "{run:?}");
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["rangeln"]["rounds"][0]["scores"][2]["score"], -7);
    assert_eq!(server.result_count(league), 2);
}

#[test]
fn a_wrong_board_is_reported_with_line_and_column_and_nothing_is_sent() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    let bad = BOARD.replacen(". B . A . C . A .", ". B . x . C . A .", 1);
    cli.write("bad.txt", &bad);
    let args = [
        "record",
        "rangeln",
        "-l",
        "Winterliga",
        "--players",
        "Anna,Ben,Cleo",
        "--round",
        "Anna=-7,Ben=6,Cleo=1",
        "--round",
        "@bad.txt",
        "--round",
        "Anna=1,Ben=1,Cleo=1",
    ];
    let err = cli.fails(&args, 2);
    assert_eq!(
        err,
        "error: round 2: line 4, column 7: unexpected 'x', expected '.' or a piece 'A'..'E' (board from bad.txt)\n"
    );
    let err = cli.fails(
        &["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--round", "Anna=-7,Ben=6,Cleo=1"],
        2,
    );
    assert!(err.contains("a Rangeln game of 3 players has 3 rounds, this one has 1"), "{err}");
    let err = cli.fails(&["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo"], 2);
    assert!(err.contains("give one --round per round"), "{err}");
    let err =
        cli.fails(&["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--round", "Anna=4,Ben"], 2);
    assert!(err.contains("is not NAME=VALUE"), "{err}");
    let err = cli.fails(
        &[
            "record",
            "rangeln",
            "-l",
            "Winterliga",
            "--players",
            "Anna,Ben,Cleo",
            "--round",
            "Anna=17,Ben=0,Cleo=0",
            "--round",
            "Anna=1,Ben=1,Cleo=1",
            "--round",
            "Anna=1,Ben=1,Cleo=1",
        ],
        2,
    );
    assert!(err.contains("round 1: Anna scored 17, but with 8 pieces a round score lies between -16 and 16"), "{err}");
    let err = cli.fails(
        &[
            "record",
            "rangeln",
            "-l",
            "Winterliga",
            "--players",
            "Anna,Ben,Cleo",
            "--round",
            "@missing.txt",
            "--round",
            "@-",
            "--round",
            "@-",
        ],
        2,
    );
    assert!(err.contains("round 1: cannot read missing.txt"), "{err}");
    assert_eq!(server.result_count(league), 0);
    assert!(cli.outbox_files().is_empty());
}

#[test]
fn unknown_players_and_leagues_are_reported_plainly() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Zoe"], 1);
    assert_eq!(
        err,
        "error: players[1].player: there is no player named \"Zoe\"; add the player first (422 invalid-body)\n"
    );
    let err = cli.fails(&["record", "ghostbuster", "-l", "Herbstliga", "--order", "Anna,Ben"], 1);
    assert!(err.contains("there is no league \"Herbstliga\"; the leagues are: Winterliga (1)"), "{err}");
    let err = cli.fails(&["standings", "Herbstliga"], 1);
    assert!(err.contains("there is no league"), "{err}");
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna=Ben"], 2);
    assert!(err.contains("nobody won"), "{err}");
    // A wrong token: the server's word, and where a token comes from.
    let mut intruder = Cli::new(&server);
    intruder.token = Some("not-a-token".into());
    let err = intruder.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Ben"], 1);
    assert!(err.contains("401") && err.contains("spielstand login"), "{err}");
    assert_eq!(server.result_count(league), 0);
    assert!(cli.outbox_files().is_empty() && intruder.outbox_files().is_empty());
}

#[test]
fn finishing_order_games_take_their_own_options() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    let out = cli.ok(&[
        "record",
        "mensch-aergere-dich-nicht",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-20",
        "--order",
        "Cleo,Anna,Ben=Dora",
        "--house-rule",
        "barriers,three-rolls",
    ]);
    assert!(out.contains("Mensch ärgere Dich nicht on 2026-11-20") && out.contains("barriers, three-rolls"), "{out}");
    let json = cli.json(&[
        "record",
        "ghostbuster",
        "-l",
        "1",
        "--players",
        "Anna,Ben",
        "--order",
        "ben,anna",
        "--colours",
        "two-each",
    ]);
    assert_eq!(json["record"]["detail"]["colours"], "two-each");
    assert_eq!(json["placings"][0]["player"], "Ben");
    let json = cli.json(&[
        "record",
        "lauf-rauf",
        "-l",
        "Winterliga",
        "--order",
        "Dora,Cleo,Anna=Ben",
        "--edition",
        "revised",
        "--no-cards",
    ]);
    assert_eq!(json["record"]["detail"]["edition"], "revised");
    assert_eq!(json["record"]["detail"]["cards"], false);
    let out = cli.ok(&[
        "record",
        "hase-und-igel",
        "-l",
        "Winterliga",
        "--order",
        "Ben,Anna,Cleo=Dora",
        "--carrots",
        "Ben=8,Anna=15",
        "--finish-round",
        "Ben=30,Anna=31",
    ]);
    assert!(out.contains("did not finish"), "{out}");
    assert_eq!(server.result_count(league), 4);

    // Each game's own rules, checked before sending.
    let err = cli.fails(
        &["record", "hase-und-igel", "-l", "Winterliga", "--order", "Ben,Anna", "--carrots", "Ben=11,Anna=15"],
        2,
    );
    assert!(err.contains("Ben finished in place 1 with 11 carrots, at most 10 are allowed"), "{err}");
    let err = cli
        .fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna,Cleo", "--colours", "two-each"], 2);
    assert!(err.contains("colour mode two-each is for 2 players"), "{err}");
    let err = cli.fails(&["record", "lauf-rauf", "-l", "Winterliga", "--order", "Ben,Anna", "--edition", "revised"], 2);
    assert!(err.contains("--cards") || err.contains("--no-cards"), "{err}");
    let err =
        cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Ben,Anna", "--house-rule", "cheating"], 2);
    assert!(err.contains("invalid value 'cheating'"), "{err}");
    assert_eq!(server.result_count(league), 4);
}

#[test]
fn dry_runs_check_and_show_without_sending() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    let run = cli.run(&["record", "mensch", "-l", "Winterliga", "--order", "Cleo,Anna", "--dry-run"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("(not sent)") && run.stderr.contains("nothing was sent"), "{run:?}");
    assert_eq!(server.result_count(league), 0);
}

#[test]
fn results_are_listed_shown_fixed_and_deleted_with_if_match() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Cleo,Anna,Ben"]);
    cli.ok(&[
        "record",
        "rangeln",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-21",
        "--players",
        "Anna,Ben,Cleo",
        "--round",
        "Anna=-7,Ben=6,Cleo=1",
        "--round",
        "Anna=-6,Ben=6,Cleo=1",
        "--round",
        "Anna=-6,Ben=6,Cleo=1",
    ]);

    let list = cli.ok(&["results", "Winterliga"]);
    assert!(list.contains("2 result(s)") && list.contains("1. Anna (-19), 2. Ben (18), 3. Cleo (3)"), "{list}");
    let csv = cli.ok(&["results", "Winterliga", "--game", "rangeln", "--format", "csv"]);
    assert_eq!(
        csv,
        "ID,Date,Game,Places,Revision\n2,2026-11-21,rangeln,\"1. Anna (-19), 2. Ben (18), 3. Cleo (3)\",1\n"
    );
    let json = cli.json(&["results", "1", "--limit", "1"]);
    assert_eq!(json["total"], 2);
    assert_eq!(json["items"].as_array().unwrap().len(), 1);
    let list = cli.ok(&["results", "Winterliga", "--from", "2026-11-21"]);
    assert!(list.contains("1 result(s)"), "{list}");

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
    let server = Server::start();
    let cli = Cli::new(&server);
    club(&cli);
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Cleo,Anna,Ben=Dora"]);
    cli.ok(&[
        "record",
        "rangeln",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-21",
        "--players",
        "Anna,Ben,Cleo",
        "--round",
        "Anna=-7,Ben=6,Cleo=1",
        "--round",
        "Anna=-6,Ben=6,Cleo=1",
        "--round",
        "Anna=-6,Ben=6,Cleo=1",
    ]);
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
    let err = cli.fails(&["standings", "Winterliga", "--as-of", "20.11.2026"], 2);
    assert!(err.contains("is not a date"), "{err}");
}

#[test]
fn score_rangeln_needs_no_server() {
    let cli = Cli::bare();
    let mut offline = Cli::bare();
    offline.server = Some(dead_server());
    cli.write("r3.txt", BOARD);
    offline.write("r3.txt", BOARD);
    let out = offline.ok(&["score", "rangeln", "--board", "r3.txt", "--players", "Anna,Ben,Cleo"]);
    assert!(out.contains("Board 1 (r3.txt)"), "{out}");
    let json = cli.json(&["score", "rangeln", "--board", "r3.txt"]);
    assert_eq!(json["players"], serde_json::json!(["A", "B", "C"]));
    let scores: Vec<i64> =
        json["boards"][0]["scores"].as_array().unwrap().iter().map(|s| s["score"].as_i64().unwrap()).collect();
    assert_eq!(scores, [-3, -3, -7]);
    assert_eq!(json["boards"][0]["scores"][2]["rings"]["minus2"], 3);
    // Three boards for three players: the whole game.
    let run = cli.run_with_stdin(
        &[
            "score",
            "rangeln",
            "--board",
            "r3.txt",
            "--board",
            "-",
            "--board",
            "r3.txt",
            "--players",
            "Anna,Ben,Cleo",
            "--format",
            "csv",
        ],
        BOARD,
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "Place,Player,R1,R2,R3,Total\n1,Cleo,-7,-7,-7,-21\n2,Anna,-3,-3,-3,-9\n2,Ben,-3,-3,-3,-9\n");

    let bad = BOARD.replacen(". . . B . A . . .", ". . . B . A . .", 1);
    cli.write("short.txt", &bad);
    let err = cli.fails(&["score", "rangeln", "--board", "short.txt"], 2);
    assert_eq!(err, "error: short.txt: line 6, column 16: a row has 9 cells, this one has 8\n");
    let err = cli.fails(&["score", "rangeln", "--board", "r3.txt", "--players", "Anna,Ben,Cleo,Dora"], 2);
    assert!(err.contains("Anna has 8 pieces on the board, expected 6"), "{err}");
}

#[test]
fn offline_results_wait_in_the_outbox_and_sync_sends_each_once() {
    let mut server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    server.down();

    let run = cli.run(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Cleo,Anna,Ben"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr.starts_with(&format!("cannot reach the server at {}: connection refused.", server.url)),
        "{run:?}"
    );
    assert!(run.stderr.contains("The result is NOT recorded yet. It is kept in the outbox:"), "{run:?}");
    assert!(run.stderr.contains("Run `spielstand sync`"), "{run:?}");
    assert_eq!(cli.outbox_files().len(), 1);
    let entry: Value = serde_json::from_slice(&std::fs::read(&cli.outbox_files()[0]).unwrap()).unwrap();
    assert_eq!(entry["league"], "Winterliga");
    assert!(entry["key"].as_str().is_some_and(|k| k.len() == 36), "{entry}");
    // Checks that need no server still run offline.
    cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Cleo=Anna,Ben"], 2);
    // Reads say the server is unreachable, with their own code.
    let err = cli.fails(&["standings", "Winterliga"], 3);
    assert!(err.contains("cannot reach the server"), "{err}");
    let err = cli.fails(&["sync"], 3);
    assert!(err.contains("1 result(s) still wait in the outbox"), "{err}");
    let listed = cli.ok(&["sync", "--dry-run"]);
    assert!(listed.contains("mensch-aergere-dich-nicht") && listed.contains("Winterliga"), "{listed}");

    server.up();
    let out = cli.ok(&["sync"]);
    assert!(out.contains("sent"), "{out}");
    assert!(cli.outbox_files().is_empty());
    assert_eq!(server.result_count(league), 1);
    // Again: nothing left, nothing counted twice.
    let run = cli.run(&["sync"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("Nothing to send"), "{run:?}");
    assert_eq!(server.result_count(league), 1);
}

#[test]
fn a_failing_server_keeps_the_result_in_the_outbox_with_exit_4() {
    let mut cli = Cli::bare();
    cli.server = Some(common::failing_server(503, 10));
    cli.token = Some("t".into());
    let run = cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]);
    assert_eq!(run.code, 4, "{run:?}");
    assert!(
        run.stderr.contains(
            "failed: the database is unavailable for the moment; retry shortly (503 unavailable); request id req-7."
        ),
        "{run:?}"
    );
    assert!(run.stderr.contains("kept in the outbox"), "{run:?}");
    assert_eq!(cli.outbox_files().len(), 1);
    // A corrupt entry beside it does not stop the next result from being kept.
    std::fs::write(cli.outbox().join("00000000000000000000-broken.json"), "{").unwrap();
    assert_eq!(cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Ben"]).code, 4);
    assert_eq!(cli.outbox_files().len(), 3);
    // Reads fail with 4 too; sync names the file it cannot read (exit 5).
    let err = cli.fails(&["standings", "Winterliga"], 4);
    assert!(err.contains("503"), "{err}");
    let err = cli.fails(&["sync"], 5);
    assert!(err.contains("broken.json is not an outbox entry"), "{err}");
}

#[test]
fn a_sync_killed_after_the_server_stored_the_result_counts_it_once() {
    let mut server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    server.down();
    let rounds =
        ["--round", "Anna=-7,Ben=6,Cleo=1", "--round", "Anna=-6,Ben=6,Cleo=1", "--round", "Anna=-6,Ben=6,Cleo=1"];
    let mut args = vec!["record", "rangeln", "-l", "1", "--players", "Anna,Ben,Cleo"];
    args.extend(rounds);
    assert_eq!(cli.run(&args).code, 3);
    cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]);
    let files = cli.outbox_files();
    assert_eq!(files.len(), 2);
    server.up();

    // What a sync killed half-way leaves: the server stored the first result (with the
    // entry's key and body), but the entry was never removed.
    let entry: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    let status =
        server.post_with_key(&format!("/leagues/{league}/results"), &entry["record"], entry["key"].as_str().unwrap());
    assert_eq!(status, 201);
    assert_eq!(server.result_count(league), 1);

    let out = cli.ok(&["sync"]);
    assert!(out.contains("already recorded"), "{out}");
    assert!(cli.outbox_files().is_empty());
    assert_eq!(server.result_count(league), 2, "the Rangeln game once, the Ghostbuster game once");
    let rangeln = server.get(&format!("/leagues/{league}/results?game=rangeln")).unwrap();
    assert_eq!(rangeln["total"], 1);

    // And a sync re-run with the same entry put back: still once.
    std::fs::create_dir_all(cli.outbox()).unwrap();
    std::fs::write(&files[0], serde_json::to_vec(&entry).unwrap()).unwrap();
    cli.ok(&["sync"]);
    assert_eq!(server.result_count(league), 2);
}

#[test]
fn sync_moves_refused_results_aside_and_goes_on() {
    let mut server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    server.down();
    // Zoe is no player: the server will refuse the first; the second goes through.
    cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Zoe,Anna"]);
    cli.run(&["record", "ghostbuster", "-l", "Nowhere", "--order", "Ben,Anna"]);
    cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]);
    assert_eq!(cli.outbox_files().len(), 3);
    server.up();
    let run = cli.run(&["sync"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stderr.contains("there is no player named \"Zoe\""), "{run:?}");
    assert!(run.stderr.contains("there is no league \"Nowhere\""), "{run:?}");
    assert!(run.stderr.contains("2 result(s) were refused and moved to"), "{run:?}");
    assert!(run.stdout.contains("refused") && run.stdout.contains("sent"), "{run:?}");
    assert!(cli.outbox_files().is_empty());
    assert_eq!(std::fs::read_dir(cli.outbox().join("rejected")).unwrap().count(), 2);
    assert_eq!(server.result_count(league), 1);
}

#[test]
fn results_for_another_server_wait_for_it() {
    let server = Server::start();
    let cli = Cli::new(&server);
    club(&cli);
    let mut offline = Cli::new(&server);
    offline.server = Some(dead_server());
    assert_eq!(offline.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]).code, 3);
    offline.server = Some(server.url.clone());
    let run = offline.run(&["sync"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("1 result(s) wait for another server"), "{run:?}");
    assert_eq!(offline.outbox_files().len(), 1);
}

#[test]
fn login_saves_server_and_token_with_mode_0600() {
    let server = Server::start();
    let mut cli = Cli::bare();
    // A wrong token is refused and nothing is saved.
    let err = cli.fails(&["login", "--server", &server.url, "--token", "wrong"], 1);
    assert!(err.contains("401"), "{err}");
    let config = cli.config_dir().join("spielstand").join("config.toml");
    assert!(!config.exists());

    let run = cli.run(&["login", "--server", &format!("{}/", server.url), "--token", &server.token]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("token \"cli-tests\" accepted"), "{run:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&config).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains(&format!("server = \"{}\"", server.url)) && text.contains(&server.token), "{text}");

    // Without flags or environment, the saved server and token are used; an empty
    // variable counts as none.
    cli.ok(&["player", "add", "Anna"]);
    cli.server = Some(String::new());
    cli.token = Some(String::new());
    cli.ok(&["player", "add", "Ben"]);
    // The environment wins over the file.
    cli.server = Some(dead_server());
    cli.fails(&["player", "list"], 3);
    // And a flag wins over the environment.
    cli.ok(&["player", "list", "--server", &server.url]);
    cli.token = Some("wrong".into());
    cli.server = None;
    cli.fails(&["player", "add", "Cleo"], 1);
}

#[test]
fn login_without_a_reachable_server_still_saves() {
    let cli = Cli::bare();
    let run = cli.run(&["login", "--server", &dead_server(), "--token", "t0k3n"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("not checked"), "{run:?}");
}

#[test]
fn help_documents_exit_codes_and_round_specs() {
    let cli = Cli::bare();
    let help = cli.ok(&["--help"]);
    for line in ["Exit codes:", "  3  server unreachable", "  2  usage or bad input"] {
        assert!(help.contains(line), "{help}");
    }
    let help = cli.ok(&["record", "rangeln", "--help"]);
    for text in ["@-", "Anna=4,Ben=-3,Cleo=0", "Anna=-2:3/black:5", "+2 -2 +1 -1 black"] {
        assert!(help.contains(text), "{text}: {help}");
    }
    let help = cli.ok(&["record", "mensch-aergere-dich-nicht", "--help"]);
    assert!(help.contains("no-jumping-in-home-row") && help.contains("--order"), "{help}");
    assert!(cli.ok(&["record", "hase-und-igel", "--help"]).contains("--carrots"));
    let err = cli.fails(&["record"], 2);
    assert!(err.contains("Usage"), "{err}");
    assert!(cli.ok(&["--version"]).starts_with("spielstand "));
}

#[test]
fn completions_for_shells() {
    let cli = Cli::bare();
    for shell in ["bash", "zsh", "fish"] {
        let script = cli.ok(&["completions", shell]);
        assert!(script.contains("spielstand") && script.contains("standings"), "{shell}");
    }
    cli.fails(&["completions", "tcsh"], 2);
}

/// On a terminal without --round, the rounds are asked for one by one. `script` gives
/// the CLI a pseudo-terminal; the test is skipped where it does not exist.
#[test]
fn rounds_are_asked_for_on_a_terminal() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to provide a terminal");
        return;
    }
    let server = Server::start();
    let cli = Cli::new(&server);
    let league = club(&cli);
    let command = format!(
        "{} record rangeln -l Winterliga --players Anna,Ben,Cleo --date 2026-11-20",
        common::cli_binary().display()
    );
    let typed = "Anna=-7,Ben=6,Cleo=1\nAnna=40,Ben=0,Cleo=0\nAnna=-6,Ben=6,Cleo=1\nAnna=-6,Ben=6,Cleo=1\ny\n";
    let mut script = std::process::Command::new("script");
    cli.env(&mut script);
    let mut child = script
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(typed.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{screen}");
    assert!(screen.contains("Round 2 of 3 (Ben starts)"), "{screen}");
    assert!(screen.contains("Anna scored 40, but with 8 pieces a round score lies between -16 and 16"), "{screen}");
    assert!(screen.contains("Total"), "{screen}");
    assert!(screen.contains("Record this game in league Winterliga? [Y/n]"), "{screen}");
    assert!(screen.contains("Recorded result 1 in league Winterliga."), "{screen}");
    assert_eq!(server.result_count(league), 1);
}

//! Recording games: Rangeln rounds in every form (flags, files, a terminal), the finishing-order
//! games with their options, dry runs, and scoring without a server.

use crate::common::*;
use serde_json::Value;

#[test]
fn rangeln_rounds_come_as_boards_scores_or_ring_counts() {
    let ClubNight { server, cli, league } = ClubNight::new();
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
    let ClubNight { server, cli, league } = ClubNight::new();
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
fn finishing_order_games_take_their_own_options() {
    let ClubNight { server, cli, league } = ClubNight::new();
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
    let ClubNight { server, cli, league } = ClubNight::new();
    let run = cli.run(&["record", "mensch", "-l", "Winterliga", "--order", "Cleo,Anna", "--dry-run"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("(not sent)") && run.stderr.contains("nothing was sent"), "{run:?}");
    assert_eq!(server.result_count(league), 0);
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
fn one_spelling_per_thing_dates_as_typed_and_house_rules_per_game() {
    let ClubNight { server, cli, league } = ClubNight::new();
    // A game's short name works in every command that takes a game.
    let created = cli.json(&[
        "league",
        "create",
        "Kurzliga",
        "--games",
        "mensch,hase,ghostbuster",
        "--option",
        "mensch.house-rules=barriers",
    ]);
    assert_eq!(
        created["rules"]["games"],
        serde_json::json!(["mensch-aergere-dich-nicht", "hase-und-igel", "ghostbuster"])
    );
    assert_eq!(
        created["rules"]["game_options"]["mensch-aergere-dich-nicht"]["house_rules"],
        serde_json::json!(["barriers"])
    );
    cli.ok(&["record", "hase", "-l", "Kurzliga", "--order", "Anna,Ben=Cleo", "--carrots", "Anna=8"]);
    cli.ok(&["standings", "Kurzliga", "--game", "hase"]);
    cli.ok(&["results", "Kurzliga", "--game", "mensch"]);
    cli.ok(&["h2h", "Kurzliga", "--game", "hase"]);
    cli.ok(&["league", "edit", "Kurzliga", "--clear-options", "mensch"]);
    // Hase und Igel needs the finishers' carrots: said as such.
    let err = cli.fails(&["record", "hase", "-l", "Kurzliga", "--order", "Anna,Ben,Cleo"], 2);
    assert!(err.contains("--carrots"), "{err}");

    // Dates as organisers type them; never after tomorrow, never before 1900.
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben", "--date", "23.11.2026"]);
    let stored = server.get(&format!("/leagues/{league}/results")).unwrap();
    assert_eq!(stored["items"][0]["record"]["played_on"], "2026-11-23");
    for (date, said) in [("2099-01-01", "out of range"), ("1.1.1899", "out of range"), ("2026/11/23", "is not a date")]
    {
        let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben", "--date", date], 2);
        assert!(err.contains(said), "{date}: {err}");
    }

    // Ghostbuster has no captures: its capture house rules are refused, here and by the
    // server; the redundant ones are refused as such.
    let err = cli.fails(
        &["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Ben", "--house-rule", "backward-capture"],
        2,
    );
    assert!(err.contains("Ghostbuster has no captures"), "{err}");
    let err = cli
        .fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Ben", "--house-rule", "three-rolls"], 2);
    assert!(err.contains("part of Ghostbuster's own rules"), "{err}");
    let err = cli.fails(&["league", "edit", "Winterliga", "--option", "ghostbuster.house-rules=forced-capture"], 2);
    assert!(err.contains("Ghostbuster has no captures"), "{err}");
    // `result fix` spells the option as `record` does.
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben", "--date", "2026-11-20"]);
    let id = server.get(&format!("/leagues/{league}/results")).unwrap()["items"][0]["id"].as_i64().unwrap().to_string();
    cli.ok(&["result", "fix", &id, "--house-rule", "barriers", "--house-rule", "forced-capture"]);
    let fixed = server.get(&format!("/results/{id}")).unwrap();
    assert_eq!(fixed["record"]["detail"]["house_rules"], serde_json::json!(["barriers", "forced-capture"]));
}

#[test]
fn printing_commands_end_quietly_on_a_closed_pipe() {
    let cli = Cli::bare();
    for args in [&["completions", "zsh"][..], &["completions", "bash"], &["score", "rangeln", "--board", "-"]] {
        let mut command = cli.command();
        command
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = command.spawn().unwrap();
        // The reader goes away before anything is written (`spielstand ... | head`, with
        // head already gone).
        drop(child.stdout.take());
        if let Some(mut stdin) = child.stdin.take() {
            use std::io::Write;
            let _ = stdin.write_all(BOARD.as_bytes());
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// A partner game from the command line: teams with '+', the order by teams (a team
/// named by one member is the whole team), partners seated opposite by default.
#[test]
fn a_partner_game_is_entered_by_teams() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let out = cli.ok(&[
        "record",
        "mensch",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-20",
        "--teams",
        "Anna+Cleo,Ben+Dora",
        "--order",
        "Ben+Dora,Anna+Cleo",
    ]);
    assert!(out.contains("Partners: Anna+Cleo, Ben+Dora"), "{out}");
    let stored = server.get("/results/1").unwrap();
    assert_eq!(stored["record"]["detail"]["teams"], serde_json::json!([["Anna", "Cleo"], ["Ben", "Dora"]]));
    assert_eq!(stored["record"]["detail"]["order"], serde_json::json!([["Ben", "Dora"], ["Anna", "Cleo"]]));
    let seats: Vec<&str> =
        stored["record"]["players"].as_array().unwrap().iter().map(|p| p["player"].as_str().unwrap()).collect();
    assert_eq!(seats, ["Anna", "Ben", "Cleo", "Dora"], "partners opposite");
    // One member names the team; the results list shows partners joined.
    cli.ok(&[
        "record",
        "mensch",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-21",
        "--teams",
        "Anna+Ben,Cleo+Dora",
        "--order",
        "dora,Anna",
    ]);
    let listed = cli.ok(&["results", "Winterliga"]);
    assert!(listed.contains("1. Cleo+Dora, 2. Anna+Ben"), "{listed}");
    let table = cli.json(&["standings", "Winterliga"]);
    let points = |name: &str| {
        table["rows"].as_array().unwrap().iter().find(|r| r["player"] == name).unwrap()["points"].as_f64().unwrap()
    };
    assert_eq!([points("Anna"), points("Ben"), points("Cleo"), points("Dora")], [0.0, 1.0, 1.0, 2.0]);

    // Wrong input is refused before anything is sent.
    let err = cli.fails(
        &["record", "mensch", "-l", "Winterliga", "--teams", "Anna+Cleo,Ben+Dora", "--order", "Anna+Ben,Cleo"],
        2,
    );
    assert!(err.contains("--order: Anna and Ben are not partners in --teams"), "{err}");
    let err = cli
        .fails(&["record", "mensch", "-l", "Winterliga", "--teams", "Anna+Cleo,Ben+Dora", "--order", "Emil,Anna"], 2);
    assert!(err.contains("--order: Emil is in none of the --teams"), "{err}");
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--teams", "Anna+,Ben+Dora", "--order", "Anna"], 2);
    assert!(err.contains("is not a list of teams"), "{err}");
    // The rules, checked before sending: teams of 3 and 1 are no partner game.
    let err = cli
        .fails(&["record", "mensch", "-l", "Winterliga", "--teams", "Anna+Cleo+Ben,Dora", "--order", "Anna,Dora"], 2);
    assert!(err.contains("teams of 3+1 for 4 players"), "{err}");
    assert_eq!(server.result_count(league), 2);
}

/// A result is one request when the laptop keeps the players and the league: the POST.
/// The lists are read again only for a name the kept list lacks, and a refusal makes the
/// next result read them afresh.
#[test]
fn a_result_is_one_request_when_the_laptop_keeps_players_and_league() {
    let ClubNight { server, mut cli, league } = ClubNight::new();
    let recorder = Recorder::start(&server.url);
    cli.server = Some(recorder.url.clone());
    let post = format!("POST /api/v1/leagues/{league}/results");
    // Nothing kept for this address yet: the players and the league are read once.
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben"]);
    let first = recorder.take();
    assert!(first.iter().any(|r| r.starts_with("GET /api/v1/players")), "{first:?}");
    assert_eq!(first.last().unwrap(), &post, "{first:?}");
    // Kept now: the next game is the POST alone.
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Cleo,Dora,Anna"]);
    assert_eq!(recorder.take(), std::slice::from_ref(&post));
    // A typo: the kept list lacks it, so the server's list is read; refused at the table
    // with the closest names, nothing sent.
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Anne,Ben"], 2);
    assert!(err.contains("\"Anne\"") && err.contains("Anna"), "{err}");
    assert_eq!(recorder.take(), ["GET /api/v1/players"]);
    // Someone new, added on another laptop: read once, then kept.
    server.post_with_key("/players", &serde_json::json!({"name": "Emil"}), "emil");
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Emil,Ben"]);
    assert_eq!(recorder.take(), ["GET /api/v1/players".to_owned(), post.clone()]);
    // The organiser stops counting Mensch on another laptop: the kept league says it
    // counts, the server refuses (it decides), and the next result reads the league again.
    let mut edited = server.get(&format!("/leagues/{league}")).unwrap();
    edited["rules"]["games"] = serde_json::json!(["rangeln"]);
    let body = serde_json::json!({"name": edited["name"], "rules": edited["rules"]});
    let status = ureq::put(format!("{}/api/v1/leagues/{league}", server.url))
        .header("Authorization", format!("Bearer {}", server.token))
        .send_json(&body)
        .unwrap()
        .status();
    assert_eq!(status.as_u16(), 200);
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben"], 1);
    assert!(err.contains("game-not-in-league"), "{err}");
    assert_eq!(recorder.take(), std::slice::from_ref(&post));
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben"], 2);
    assert!(err.contains("Winterliga"), "{err}");
    assert!(!recorder.take().contains(&post), "refused at the table now, from the league read afresh");
    assert_eq!(server.result_count(league), 3);
}

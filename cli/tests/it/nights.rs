//! A club night at the table: `event start`, games recorded into it, `event show`, `event
//! end`; and the rating sparkline of `player show --league`.

use crate::common::ClubNight;

#[test]
fn a_club_night_at_the_table() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let started = cli.ok(&[
        "event",
        "start",
        "Clubabend November",
        "-l",
        "winterliga",
        "--date",
        "2026-11-20",
        "--location",
        "Vereinsheim",
    ]);
    assert!(
        started.contains("Club night") && started.contains("Winterliga") && started.contains("2026-11-20"),
        "{started}"
    );
    // Games of the night need no --date: they are on the night's date and name it.
    let recorded = cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Ben,Anna,Cleo"]);
    assert!(recorded.contains("at club night"), "{recorded}");
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Ben,Dora"]);
    // Another date while the night runs is refused, and nothing is sent.
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-21", "--order", "Anna,Ben"], 2);
    assert!(err.contains("2026-11-20") && err.contains("event leave"), "{err}");
    assert_eq!(server.result_count(league), 2);

    let list = cli.json(&["event", "list", "Winterliga"]);
    assert_eq!(list[0]["title"], "Clubabend November");
    assert_eq!(list[0]["games"], 2);
    let id = list[0]["id"].as_i64().unwrap().to_string();
    let table = cli.ok(&["event", "list", "Winterliga"]);
    assert!(table.contains("Vereinsheim") && table.contains("yes"), "the current night is marked: {table}");

    let shown = cli.ok(&["event", "show", &id]);
    assert!(shown.contains("Winners of the night: Ben"), "{shown}");
    assert!(shown.contains("The night's table") && shown.contains("The league table after the night"), "{shown}");
    let json = cli.json(&["event", "show", &id]);
    assert_eq!(json["winners"], serde_json::json!(["Ben"]));
    assert_eq!(json["results"].as_array().unwrap().len(), 2);
    let csv = cli.ok(&["event", "show", &id, "--format", "csv"]);
    assert!(csv.starts_with("Place,Player,Played,Wins,Points"), "the night's table: {csv}");

    // `end` is the old word for leaving; the night stays open on the server.
    let ended = cli.ok(&["event", "end"]);
    assert!(ended.contains("This laptop left club night") && ended.contains("stays open on the server"), "{ended}");
    let listed = cli.ok(&["event", "list", "Winterliga"]);
    assert!(listed.contains("open") && listed.contains("This laptop"), "{listed}");
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-21", "--order", "Anna,Ben"]);
    let after = server.get(&format!("/leagues/{league}/results?per_page=1")).unwrap();
    assert!(after["items"][0]["record"].get("event_id").is_none(), "after the night, games belong to none: {after}");
    let err = cli.fails(&["event", "end"], 2);
    assert!(err.contains("no club night"), "{err}");
    let err = cli.fails(&["event", "show", "999999"], 1);
    assert!(err.contains("event 999999"), "{err}");
}

#[test]
fn player_show_draws_the_rating_as_a_sparkline() {
    let ClubNight { server: _running, cli, .. } = ClubNight::new();
    for (day, order) in [("2026-03-01", "Anna,Ben,Cleo"), ("2026-03-02", "Anna,Ben"), ("2026-03-03", "Ben,Anna")] {
        cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", day, "--order", order]);
    }
    let shown = cli.ok(&["player", "show", "Anna", "--league", "Winterliga"]);
    let line = shown.lines().find(|l| l.starts_with("Rating ")).expect("a sparkline line");
    let bars: String = line.chars().filter(|c| ('▁'..='█').contains(c)).collect();
    assert_eq!(bars.chars().count(), 3, "one mark per night: {line}");
    // Two wins, then a loss: up, up, down.
    let levels: Vec<u32> = bars.chars().map(|c| c as u32).collect();
    assert!(levels[1] > levels[0] && levels[2] < levels[1], "{line}");
    assert!(line.contains("2026-03-01 to 2026-03-03"), "{line}");
}

/// A night of several tables: check-in, a draw, each table's laptop recording its game by
/// table number (players and seats from the draw), the night showing which tables are
/// done, and `league show` saying how good the ratings are.
#[test]
fn a_night_of_tables_checks_in_draws_and_records_by_table() {
    let ClubNight { server, cli, league } = ClubNight::new();
    for name in ["Emil", "Fritz"] {
        cli.ok(&["player", "add", name]);
    }
    cli.ok(&["event", "start", "Turnierabend", "-l", "Winterliga", "--date", "2026-11-20"]);
    let present = cli.ok(&["event", "checkin", "Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]);
    assert!(present.contains("6 players present"), "{present}");
    let left = cli.ok(&["event", "checkout", "fritz"]);
    assert!(left.contains("Fritz checked out"), "{left}");
    let err = cli.fails(&["event", "checkin", "Anan"], 1);
    assert!(err.contains("Anna"), "a suggestion: {err}");

    // Five players at tables of three: 3 + 2, printed with the start player and chances.
    let drawn = cli.ok(&["event", "draw", "--game", "mensch-aergere-dich-nicht", "--size", "3", "--seed", "11"]);
    assert!(drawn.contains("Round 1") && drawn.contains("seed 11"), "{drawn}");
    assert!(drawn.contains("Table 1") && drawn.contains("Table 2") && drawn.contains("(starts)"), "{drawn}");
    let round = cli.json(&["event", "draw", "--game", "mensch-aergere-dich-nicht", "--size", "3", "--seed", "11"]);
    assert_eq!(round["number"], 2, "a second round");
    let seats = crate::common::seated(&round["tables"][0]);
    assert_eq!(seats.len(), 3);

    // Table 1 records by seat numbers: seat 2 won, then seat 1, then seat 3.
    let recorded = cli.ok(&["record", "mensch", "--table", "1", "--order", "2,1,3"]);
    assert!(recorded.contains("at club night"), "{recorded}");
    let results = server.get(&format!("/leagues/{league}/results")).unwrap();
    let placings: Vec<(String, i64)> = results["items"][0]["placings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["player"].as_str().unwrap().to_owned(), p["place"].as_i64().unwrap()))
        .collect();
    assert_eq!(placings.iter().find(|(p, _)| *p == seats[1]).unwrap().1, 1, "{placings:?}");
    let seated: Vec<String> = results["items"][0]["record"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(seated, seats, "seat order from the draw");
    let err = cli.fails(&["record", "mensch", "--table", "1", "--order", "1,2,3"], 2);
    assert!(err.contains("recorded already"), "{err}");
    let err = cli.fails(&["record", "mensch", "--table", "7", "--order", "1,2"], 2);
    assert!(err.contains("tables 1 to 2"), "{err}");
    let err = cli.fails(&["record", "lauf-rauf", "--table", "2", "--order", "1,2"], 2);
    assert!(err.contains("plays Mensch"), "{err}");

    let night = cli.json(&["event", "current"])["night"]["id"].as_i64().unwrap().to_string();
    let shown = cli.ok(&["event", "show", &night]);
    assert!(shown.contains("Present (5)") && shown.contains("Table 1, done: result"), "{shown}");
    let err = cli.fails(&["event", "draw", "--game", "mensch-aergere-dich-nicht", "--pin", "Anna=4"], 1);
    assert!(err.contains("Anna is pinned to table 4"), "{err}");
    let err = cli.fails(&["event", "draw", "--game", "mensch-aergere-dich-nicht", "--apart", "Anna"], 2);
    assert!(err.contains("NAME,NAME"), "{err}");

    // A draw as CSV: every table of the round, the start player in a column of its own.
    let csv = cli.ok(&[
        "event",
        "draw",
        "--game",
        "mensch-aergere-dich-nicht",
        "--size",
        "3",
        "--seed",
        "11",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Round,Table,Seat,Player,Starts,Win %,Predicted,Result", "{csv}");
    assert_eq!(lines.len(), 1 + 5, "every player of both tables: {csv}");
    assert!(lines.iter().any(|l| l.starts_with("3,2,")), "table 2 too: {csv}");
    assert!(!csv.contains("(starts)"), "{csv}");
    assert_eq!(lines.iter().filter(|l| l.contains(",yes,")).count(), 2, "one start player per table: {csv}");

    let league_shown = cli.ok(&["league", "show", "Winterliga"]);
    assert!(league_shown.contains("How good the ratings are (1 games)"), "{league_shown}");
    assert!(league_shown.contains("Favourite won") && league_shown.contains("Uniform guess"), "{league_shown}");
}

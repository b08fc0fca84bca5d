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
    assert!(err.contains("2026-11-20") && err.contains("event end"), "{err}");
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

    let ended = cli.ok(&["event", "end"]);
    assert!(ended.contains("ended"), "{ended}");
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

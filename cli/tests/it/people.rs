//! Players and leagues: added, listed, renamed, found by name or id; unknown ones reported plainly.

use crate::common::*;

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
fn unknown_players_and_leagues_are_reported_plainly() {
    let ClubNight { server, cli, league } = ClubNight::new();
    // Names are checked before anything is sent, with the closest known names.
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Anna,Zoe"], 2);
    assert_eq!(err, "error: there is no player named \"Zoe\"; someone new: `spielstand player add Zoe`\n");
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cleo,Anna,Bne"], 2);
    assert_eq!(
        err,
        "error: there is no player named \"Bne\" (did you mean Ben?); someone new: `spielstand player add Bne`\n"
    );
    // Every typo at once, each with its suggestions.
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cloe,Anan,Bne"], 2);
    assert_eq!(
        err,
        "error: there are no players named \"Cloe\" (did you mean Cleo?), \"Anan\" (did you mean Anna?), \"Bne\" (did you mean Ben?); someone new: `spielstand player add NAME` for each\n"
    );
    // The server says the same, with the suggestions in the problem document.
    let body = serde_json::json!({"played_on": "2026-11-20", "players": [{"player": "Cleo", "seat": 1}, {"player": "Bne", "seat": 2}],
        "game": "ghostbuster", "detail": {"order": [["Cleo"], ["Bne"]]}});
    let response = ureq::post(format!("{}/api/v1/leagues/{league}/results", server.url))
        .header("Authorization", format!("Bearer {}", server.token))
        .config()
        .http_status_as_error(false)
        .build()
        .send_json(&body)
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    let problem: serde_json::Value = response.into_body().read_json().unwrap();
    assert_eq!(problem["suggestions"], serde_json::json!(["Ben"]), "{problem}");
    assert_eq!(
        problem["detail"],
        "players[1].player: there is no player named \"Bne\" (did you mean Ben?); add the player first"
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

/// The table laptop's `record` token records games; what needs an admin token is
/// refused with a message that says so, and nothing changes.
#[test]
fn a_record_token_is_told_what_needs_an_admin_token() {
    let ClubNight { server, league, .. } = ClubNight::new();
    let mut laptop = Cli::new(&server);
    laptop.token = Some(server.token("table-laptop", spielstand_wire::TokenScope::Record));
    laptop.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Ben,Anna", "--date", "2026-11-20"]);
    laptop.ok(&["player", "add", "Emil"]);
    let err = laptop.fails(&["league", "create", "Sommerliga", "--games", "rangeln"], 1);
    assert!(
        err.contains("needs a token of scope admin") && err.contains("ask the organiser for an admin token"),
        "{err}"
    );
    let err = laptop.fails(&["player", "rename", "Emil", "Emilia"], 1);
    assert!(err.contains("insufficient-scope"), "{err}");
    assert_eq!(server.result_count(league), 1);
    assert_eq!(server.get("/leagues").unwrap().as_array().unwrap().len(), 1);
}

/// A name that looks like an existing player's is refused before anything is sent, and
/// one with an invisible character is refused as a bad name.
#[test]
fn lookalike_names_are_refused_before_sending() {
    let ClubNight { server, cli, .. } = ClubNight::new();
    let err = cli.fails(&["player", "add", "\u{410}nna"], 2);
    assert!(err.contains("looks the same as the existing player \"Anna\""), "{err}");
    let err = cli.fails(&["player", "add", "Ben\u{200b}"], 2);
    assert!(err.contains("invisible character"), "{err}");
    assert_eq!(server.get("/players").unwrap().as_array().unwrap().len(), 4);
}

/// A duplicate player merged into the one kept, found by the old name, and the merge undone.
#[test]
fn a_duplicate_is_merged_and_the_merge_undone() {
    let ClubNight { server, cli, league } = ClubNight::new();
    cli.ok(&["player", "add", "Joerg"]);
    cli.ok(&["player", "add", "Jörg"]);
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-20", "--order", "Joerg,Anna"]);
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--date", "2026-11-21", "--order", "Anna,Jörg,Ben"]);
    let listed = cli.ok(&["player", "duplicates"]);
    assert!(listed.contains("Joerg") && listed.contains("Jörg"), "{listed}");
    let table_before = server.get(&format!("/leagues/{league}/standings")).unwrap()["rows"].clone();

    let out = cli.ok(&["player", "merge", "Joerg", "Jörg"]);
    assert!(out.contains("Merged Joerg into Jörg: 1 seat moved in 1 league"), "{out}");
    assert!(out.contains("spielstand player unmerge Joerg"), "{out}");
    let rows = server.get(&format!("/leagues/{league}/standings")).unwrap()["rows"].clone();
    let jörg = rows.as_array().unwrap().iter().find(|r| r["player"] == "Jörg").unwrap();
    assert_eq!(jörg["played"], 2);
    assert!(!rows.as_array().unwrap().iter().any(|r| r["player"] == "Joerg"));
    // The old name finds the kept player, and says so; it is no duplicate any more.
    let run = cli.run(&["player", "show", "Joerg"]);
    assert!(run.stdout.contains("Jörg (id"), "{}", run.stdout);
    assert!(run.stderr.contains("note: Joerg was merged into Jörg"), "{}", run.stderr);
    assert!(cli.ok(&["player", "list"]).contains("Joerg (merged into Jörg)"));
    assert!(cli.ok(&["player", "duplicates"]).contains("No likely duplicates."));
    // Two players of one game are refused, naming the game.
    let err = cli.fails(&["player", "merge", "Anna", "Ben"], 1);
    assert!(err.contains("both sat in the same game (mensch-aergere-dich-nicht on 2026-11-21"), "{err}");

    let out = cli.ok(&["player", "unmerge", "Joerg"]);
    assert!(out.contains("Undid the merge of Joerg into Jörg: 1 seat moved back"), "{out}");
    assert_eq!(server.get(&format!("/leagues/{league}/standings")).unwrap()["rows"], table_before);
    let err = cli.fails(&["player", "unmerge", "Joerg"], 1);
    assert!(err.contains("Joerg is not merged into anyone"), "{err}");
    assert!(cli.ok(&["audit"]).contains("Joerg into Jörg (1 seat)"));
}

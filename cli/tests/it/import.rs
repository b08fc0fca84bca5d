//! Importing plays logged in BG Stats and on BoardGameGeek, exporting a league, and the
//! round trip to another server: the real CLI against a real server, on the fixture
//! files in the apps' own formats.

use crate::common::{Cli, Server};
use serde_json::Value;
use std::io::Write;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/import/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A league counting every game, playing Lauf Rauf! revised with cards.
fn league(cli: &Cli, name: &str) -> i64 {
    let args = ["league", "create", name, "--games", "all", "--option", "lauf-rauf.edition=revised"];
    cli.json(&[&args[..], &["--option", "lauf-rauf.cards=true"]].concat())["id"].as_i64().unwrap()
}

/// Runs an import with `--format json`; returns its exit code and its summary.
fn import(cli: &Cli, args: &[&str]) -> (i32, Value) {
    let run = cli.run(&[args, &["--format", "json"]].concat());
    let summary = serde_json::from_str(&run.stdout).unwrap_or(Value::Null);
    (run.code, summary)
}

/// The server's players' names, as it lists them.
fn player_names(server: &Server) -> Vec<String> {
    let players = server.get("/players").unwrap();
    players.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect()
}

fn refused_ids(summary: &Value) -> Vec<String> {
    let mut ids: Vec<String> =
        summary["refused"].as_array().unwrap().iter().map(|r| r["source_id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids
}

#[test]
fn a_bg_stats_export_is_imported_once_with_its_refusals_listed() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let id = league(&cli, "Winterliga");
    let file = fixture("bgstats.json");

    // Unknown players: listed, and nothing is written.
    let err = cli.fails(&["import", "bgstats", &file, "--league", "Winterliga"], 2);
    assert!(err.contains("6 players of the file are not known here") && err.contains("Jörg"), "{err}");
    assert!(err.contains("--create-players"), "{err}");
    assert_eq!(server.get("/players").unwrap(), serde_json::json!([]));

    // A dry run checks everything and writes nothing.
    let (code, dry) =
        import(&cli, &["import", "bgstats", &file, "--league", "Winterliga", "--create-players", "--dry-run"]);
    assert_eq!((code, dry["dry_run"].as_bool(), dry["imported"].as_i64()), (1, Some(true), Some(3)), "{dry}");
    assert_eq!(server.result_count(id), 0);
    assert_eq!(server.get("/players").unwrap(), serde_json::json!([]));
    let would: Vec<String> =
        dry["new_players"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_owned()).collect();
    assert!(!would.is_empty(), "the dry run lists who would be added: {dry}");

    let (code, first) = import(&cli, &["import", "bgstats", &file, "--league", "Winterliga", "--create-players"]);
    assert_eq!(code, 1, "a play was refused: {first}");
    assert_eq!(first["imported"], 3, "{first}");
    assert_eq!(first["skipped"], serde_json::json!({"another game: Carcassonne": 1, "ignored in BG Stats": 1}));
    let refused = refused_ids(&first);
    assert_eq!(refused.len(), 3, "{first}");
    let reasons: Vec<&str> =
        first["refused"].as_array().unwrap().iter().map(|r| r["reason"].as_str().unwrap()).collect();
    assert!(reasons.iter().any(|r| r.contains("nobody won: place 1 is shared by Ben and Anna")), "{reasons:?}");
    assert!(reasons.iter().any(|r| r.contains("no carrots for Anna")), "{reasons:?}");
    assert_eq!(server.result_count(id), 3);

    // The source id is on every result; a Rangeln game keeps its imported totals.
    let results = server.get(&format!("/leagues/{id}/results")).unwrap();
    // No litter: the players added are exactly the players of the imported plays, as the
    // dry run said.
    let mut seated: Vec<String> = results["items"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["placings"].as_array().unwrap().iter().map(|p| p["player"].as_str().unwrap().to_owned()))
        .collect();
    seated.sort();
    seated.dedup();
    let mut added = player_names(&server);
    added.sort();
    assert_eq!(added, seated, "players of refused or skipped plays are not added");
    let mut would = would;
    would.sort();
    assert_eq!(would, added, "as the dry run listed");
    for r in results["items"].as_array().unwrap() {
        assert_eq!(r["source"]["system"], "bgstats", "{r}");
    }
    let rangeln = results["items"].as_array().unwrap().iter().find(|r| r["record"]["game"] == "rangeln").unwrap();
    assert_eq!(rangeln["rangeln"]["imported_totals"], true);
    assert_eq!(rangeln["placings"][0]["player"], "Ben", "the largest absolute total wins");
    let shown = cli.ok(&["result", "show", &rangeln["id"].to_string()]);
    assert!(shown.contains("Imported from bgstats") && shown.contains("Imported totals"), "{shown}");
    let lauf_rauf = results["items"].as_array().unwrap().iter().find(|r| r["record"]["game"] == "lauf-rauf").unwrap();
    assert_eq!(lauf_rauf["record"]["detail"]["edition"], "revised", "the league's option");

    // Again: nothing new, the same refusals.
    let (code, again) = import(&cli, &["import", "bgstats", &file, "--league", "Winterliga", "--create-players"]);
    assert_eq!((code, again["imported"].as_i64(), again["already_there"].as_i64()), (1, Some(0), Some(3)), "{again}");
    assert_eq!(refused_ids(&again), refused);
    assert_eq!(server.result_count(id), 3);

    // The same export zipped, into another league: the same plays.
    let zipped = cli.home.path().join("BGStatsExport.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zipped).unwrap());
    zip.start_file("BGStatsExport.json", zip::write::SimpleFileOptions::default()).unwrap();
    zip.write_all(&std::fs::read(&file).unwrap()).unwrap();
    zip.finish().unwrap();
    let other = league(&cli, "Sommerliga");
    let (code, from_zip) = import(&cli, &["import", "bgstats", zipped.to_str().unwrap(), "--league", "Sommerliga"]);
    assert_eq!((code, from_zip["imported"].as_i64()), (1, Some(3)), "{from_zip}");
    assert_eq!(server.result_count(other), 3);
}

#[test]
fn boardgamegeek_pages_are_imported_with_quantities_and_mapped_names() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let id = league(&cli, "Winterliga");
    let pages = [fixture("bgg-page1.xml"), fixture("bgg-page2.xml")];
    let args = ["import", "bgg", &pages[0], &pages[1], "--league", "Winterliga", "--create-players"];
    let mapped = [&args[..], &["--player", "ben_wuerfelt=Ben"]].concat();
    let (code, summary) = import(&cli, &mapped);
    assert_eq!(code, 0, "{summary}");
    assert_eq!(summary["imported"], 5);
    assert_eq!(
        summary["skipped"],
        serde_json::json!({
            "another game: Carcassonne": 1,
            "incomplete": 1,
            "no players": 1,
            "not a board game (rpgitem)": 1,
            "not a board game (videogame)": 1
        })
    );
    let results = server.get(&format!("/leagues/{id}/results")).unwrap();
    let mut ids: Vec<String> =
        results["items"].as_array().unwrap().iter().map(|r| r["source"]["id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    assert!(ids.contains(&"90412002#1".to_owned()) && ids.contains(&"90412002#2".to_owned()), "quantity 2: {ids:?}");
    let players = player_names(&server);
    assert!(players.contains(&"Ben".to_owned()) && !players.contains(&"ben_wuerfelt".to_owned()), "{players:?}");
    let (code, again) = import(&cli, &mapped);
    assert_eq!((code, again["imported"].as_i64(), again["already_there"].as_i64()), (0, Some(0), Some(5)));
    assert_eq!(server.result_count(id), 5);
}

/// The table and every player's ratings of `league`, without ids: what must be equal
/// on both servers.
fn table(server: &Server, league: i64) -> Value {
    let mut standings = server.get(&format!("/leagues/{league}/standings")).unwrap();
    for key in ["league_id", "revision", "league_name", "computed_at"] {
        standings.as_object_mut().unwrap().remove(key);
    }
    standings
}

#[test]
fn an_exported_league_is_recreated_elsewhere_with_identical_tables() {
    let night = crate::common::ClubNight::new();
    let cli = &night.cli;
    for (date, order) in [
        ("2026-03-01", "Anna,Ben,Cleo,Dora"),
        ("2026-03-01", "Dora,Cleo,Ben,Anna"),
        ("2026-03-08", "Ben,Anna,Dora,Cleo"),
    ] {
        cli.ok(&["record", "mensch", "--league", "Winterliga", "--date", date, "--order", order]);
    }
    cli.ok(&[
        "record",
        "lauf-rauf",
        "--league",
        "Winterliga",
        "--date",
        "2026-03-08",
        "--order",
        "Cleo,Anna,Ben",
        "--edition",
        "revised",
        "--cards",
    ]);
    let exported = cli.ok(&["export", "Winterliga"]);
    let document: Value = serde_json::from_str(&exported).unwrap();
    assert_eq!(document["results"].as_array().unwrap().len(), 4);
    let file = cli.write("liga.json", &exported);

    let elsewhere = Server::start();
    let there = Cli::new(&elsewhere);
    let (code, summary) = import(&there, &["import", "spielstand", file.to_str().unwrap()]);
    assert_eq!((code, summary["imported"].as_i64()), (0, Some(4)), "{summary}");
    let copy = elsewhere.get("/leagues").unwrap()[0].clone();
    assert_eq!(copy["name"], "Winterliga");
    assert_eq!(copy["rules"], document["league"]["rules"]);
    assert_eq!(table(&elsewhere, copy["id"].as_i64().unwrap()), table(&night.server, night.league));
    // Importing it again adds nothing.
    let (_, again) = import(&there, &["import", "spielstand", file.to_str().unwrap()]);
    assert_eq!(again["already_there"], 4);

    // As BG Stats' format, back into a league here: the same Mensch table.
    let bgstats = cli.ok(&["export", "Winterliga", "--format", "bgstats"]);
    let plays: Value = serde_json::from_str(&bgstats).unwrap();
    assert_eq!(plays["plays"].as_array().unwrap().len(), 4);
    let file = cli.write("bgstats.json", &bgstats);
    cli.ok(&["league", "create", "Rückspiel", "--games", "mensch-aergere-dich-nicht"]);
    let (code, summary) = import(cli, &["import", "bgstats", file.to_str().unwrap(), "--league", "Rückspiel"]);
    assert_eq!((code, summary["imported"].as_i64()), (0, Some(3)), "{summary}");
    assert_eq!(summary["skipped"], serde_json::json!({"not counted in this league: Lauf Rauf!": 1}));
}

/// A player who sits only in refused plays is not added, and the dry run says so.
#[test]
fn an_import_adds_only_the_players_of_imported_plays() {
    let server = Server::start();
    let cli = Cli::new(&server);
    league(&cli, "Winterliga");
    let mut export: Value = serde_json::from_str(&std::fs::read_to_string(fixture("bgstats.json")).unwrap()).unwrap();
    let mut zora = export["players"][0].clone();
    zora["id"] = serde_json::json!(77);
    zora["uuid"] = serde_json::json!("5c3e4a10-0c1d-4f7e-9a55-0b8f2d6e1a77");
    zora["name"] = serde_json::json!("Zora");
    export["players"].as_array_mut().unwrap().push(zora);
    // A Hase und Igel play without carrots: refused, whoever sat in it.
    let mut play = export["plays"].as_array().unwrap().iter().find(|p| p["gameRefId"] == 1).unwrap().clone();
    play["uuid"] = serde_json::json!("9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0077");
    play["playerScores"] =
        serde_json::json!([{"playerRefId": 77, "winner": true}, {"playerRefId": 1, "winner": false}]);
    export["plays"].as_array_mut().unwrap().push(play);
    let file = cli.write("zora.json", &export.to_string());
    let file = file.to_str().unwrap();

    // Joerg is here already: the file's Jörg is added, and named as likely the same person.
    cli.ok(&["player", "add", "Joerg"]);
    let (_, dry) =
        import(&cli, &["import", "bgstats", file, "--league", "Winterliga", "--create-players", "--dry-run"]);
    let would: Vec<&str> = dry["new_players"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert!(!would.contains(&"Zora") && would.contains(&"Anna") && would.contains(&"Jörg"), "{dry}");
    assert_eq!(dry["likely_duplicates"], serde_json::json!([{"player": "Joerg", "other": "Jörg"}]), "{dry}");
    assert!(refused_ids(&dry).contains(&"9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0077".to_owned()), "{dry}");
    let (_, done) = import(&cli, &["import", "bgstats", file, "--league", "Winterliga", "--create-players"]);
    let names = player_names(&server);
    assert!(!names.iter().any(|n| n == "Zora"), "{names:?}: {done}");
    assert_eq!(names.len(), would.len() + 1, "as the dry run listed, and Joerg: {names:?} {would:?}");
    let pairs = cli.json(&["player", "duplicates"]);
    assert_eq!(pairs, serde_json::json!([{"player": "Joerg", "other": "Jörg"}]), "{pairs}");
    let shown = cli.ok(&["player", "duplicates"]);
    assert!(shown.contains("Likely the same as") && shown.contains("Jörg"), "{shown}");
}

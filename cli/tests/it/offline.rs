//! Flaky wifi: results wait in the outbox and `sync` sends each exactly once.

use crate::common::*;
use serde_json::Value;

#[test]
fn offline_results_wait_in_the_outbox_and_sync_sends_each_once() {
    let ClubNight { mut server, cli, league } = ClubNight::new();
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
    assert!(err.contains("1 result still waits in the outbox"), "{err}");
    let listed = cli.ok(&["sync", "--dry-run"]);
    assert!(listed.contains("Mensch ärgere Dich nicht") && listed.contains("Winterliga"), "{listed}");

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
    cli.server = Some(failing_server(503, 10));
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
    let ClubNight { mut server, cli, league } = ClubNight::new();
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
    let ClubNight { mut server, cli, league } = ClubNight::new();
    server.down();
    // A laptop that never saw the server's players (this one kept them when it added
    // them): it cannot check the names, so they wait for the server.
    std::fs::remove_file(cli.home.path().join("data/spielstand/players.json")).unwrap();
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
    assert!(run.stderr.contains("2 results were refused and moved to"), "{run:?}");
    assert!(run.stdout.contains("refused") && run.stdout.contains("sent"), "{run:?}");
    assert!(cli.outbox_files().is_empty());
    assert_eq!(std::fs::read_dir(cli.outbox().join("rejected")).unwrap().count(), 2);
    assert_eq!(server.result_count(league), 1);

    // The refused results are listed with their reasons, corrected and sent again with
    // one command each: nothing typed again.
    let listed = cli.json(&["outbox", "list"]);
    let entries = listed.as_array().unwrap();
    assert_eq!(entries.len(), 2, "{listed}");
    assert!(entries.iter().all(|e| e["refused"] == true));
    let id_of = |league: &str| {
        entries.iter().find(|e| e["entry"]["league"] == league).unwrap()["id"].as_str().unwrap().to_owned()
    };
    let (zoe, nowhere) = (id_of("Winterliga"), id_of("Nowhere"));
    let table = cli.ok(&["outbox", "list"]);
    assert!(table.contains(&zoe) && table.contains("refused") && table.contains("no player named"), "{table}");
    // A correction is checked before it is sent: a typo in it gets the closest names.
    let err = cli.fails(&["outbox", "fix", &zoe, "--replace", "Zoe=Cloe"], 2);
    assert!(err.contains("there is no player named \"Cloe\" (did you mean Cleo?)"), "{err}");
    let fixed = cli.ok(&["outbox", "fix", &zoe, "--replace", "Zoe=Cleo"]);
    assert!(fixed.contains("Recorded result"), "{fixed}");
    cli.ok(&["outbox", "fix", &nowhere, "--league", "Winterliga", "--dry-run"]);
    assert_eq!(server.result_count(league), 2, "a dry run sends nothing");
    cli.ok(&["outbox", "fix", &nowhere, "--league", "Winterliga"]);
    assert_eq!(server.result_count(league), 3);
    assert!(cli.json(&["outbox", "list"]).as_array().unwrap().is_empty());
    let err = cli.fails(&["outbox", "drop", "nothing-here"], 2);
    assert!(err.contains("nothing in the outbox has the id"), "{err}");
}

#[test]
fn offline_names_are_checked_against_the_players_last_seen() {
    let ClubNight { mut server, cli, league } = ClubNight::new();
    // A record online reads (and remembers) the player list.
    cli.ok(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]);
    server.down();
    let err = cli.fails(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cleo,Anna,Bne", "--dry-run"], 2);
    assert!(err.contains("there is no player named \"Bne\" (did you mean Ben?)"), "{err}");
    assert!(err.contains("checked against the players this laptop saw on"), "{err}");
    let run = cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cleo,Anna,Bne"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(cli.outbox_files().is_empty(), "a typo never reaches the outbox");
    // Known names pass offline and wait in the outbox as before.
    assert_eq!(cli.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cleo,Anna"]).code, 3);
    server.up();
    cli.ok(&["sync"]);
    assert_eq!(server.result_count(league), 2);
}

#[test]
fn results_for_another_server_wait_for_it() {
    let ClubNight { server, .. } = ClubNight::new();
    let mut offline = Cli::new(&server);
    offline.server = Some(dead_server());
    assert_eq!(offline.run(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]).code, 3);
    offline.server = Some(server.url.clone());
    let run = offline.run(&["sync"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("1 result waits for another server"), "{run:?}");
    assert_eq!(offline.outbox_files().len(), 1);
}

/// The club room's wifi drops at a drawn table: the table, the league's game options and
/// the players come from what `event start` and `event draw` kept, the result lands in the
/// outbox (exit 3, as documented) and `sync` sends it exactly once, into the night.
#[test]
fn a_drawn_table_recorded_offline_is_kept_and_synced_once() {
    let ClubNight { mut server, cli, league } = ClubNight::new();
    cli.ok(&[
        "league",
        "edit",
        "Winterliga",
        "--option",
        "lauf-rauf.edition=revised",
        "--option",
        "lauf-rauf.cards=true",
    ]);
    cli.ok(&["event", "start", "Offline-Abend", "-l", "Winterliga"]);
    cli.ok(&["event", "checkin", "Anna", "Ben", "Cleo"]);
    let round = cli.json(&["event", "draw", "--game", "lauf-rauf", "--size", "3", "--seed", "5"]);
    let seats = crate::common::seated(&round["tables"][0]);
    server.down();

    // Every name not at the table at once, each with the table's closest name.
    let err = cli.fails(&["record", "lauf-rauf", "--table", "1", "--order", "Anan,Bne,Cleo"], 2);
    assert!(err.contains("not at table 1: Anan (did you mean Anna?), Bne (did you mean Ben?)"), "{err}");
    assert!(err.contains(&format!("table 1 seats {}", seats.join(", "))), "{err}");
    assert!(err.contains("as this laptop saw it at"), "{err}");

    // A wrong guess of the league's options is caught here, not refused at sync.
    let err = cli.fails(&["record", "lauf-rauf", "--table", "1", "--order", "1,2,3", "--edition", "published"], 2);
    assert!(err.contains("league Winterliga"), "{err}");

    let run = cli.run(&["record", "lauf-rauf", "--table", "1", "--order", "1,2,3"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stderr.contains("kept in the outbox"), "{run:?}");
    let files = cli.outbox_files();
    assert_eq!(files.len(), 1);
    let entry: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    let record = &entry["record"];
    assert_eq!(entry["league_id"], league, "{entry}");
    assert!(record["event_id"].as_i64().is_some(), "into the night: {record}");
    assert_eq!(record["detail"]["edition"], "revised", "the league's options as kept: {record}");
    assert_eq!(record["detail"]["cards"], true, "{record}");
    let seated: Vec<&str> =
        record["players"].as_array().unwrap().iter().map(|p| p["player"].as_str().unwrap()).collect();
    assert_eq!(seated, seats, "seats from the draw as kept");

    server.up();
    let out = cli.ok(&["sync"]);
    assert!(out.contains("sent"), "{out}");
    assert_eq!(server.result_count(league), 1);
    cli.ok(&["sync"]);
    assert_eq!(server.result_count(league), 1, "exactly once");
    let shown = cli.ok(&["event", "show"]);
    assert!(shown.contains("Table 1, done: result"), "the table is done: {shown}");
}

/// An entry in the outbox is fixed in every field `record` can set, keeps its id through
/// the fixes, and a dry run offline says what it could not check.
#[test]
fn an_outbox_entry_is_fixed_in_every_field_and_keeps_its_id() {
    let ClubNight { mut server, cli, league } = ClubNight::new();
    cli.ok(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Ben,Anna"]);
    server.down();
    assert_eq!(cli.run(&["record", "mensch", "-l", "Winterliga", "--order", "Cleo,Anna,Ben"]).code, 3);
    let id = cli.json(&["outbox", "list"])[0]["id"].as_str().unwrap().to_owned();

    let run = cli.run(&["outbox", "fix", &id, "--order", "Anna,Cleo,Ben", "--dry-run"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("the corrected result is valid"), "{run:?}");
    assert!(
        run.stderr.contains(
            "Not checked, as the server cannot be reached: any change to league Winterliga's options since this laptop last saw them"
        ),
        "{run:?}"
    );
    // A flag of another game is refused, naming the game.
    let err = cli.fails(&["outbox", "fix", &id, "--edition", "revised"], 2);
    assert!(err.contains("--edition does not apply") && err.contains("mensch-aergere-dich-nicht"), "{err}");
    let err = cli.fails(&["outbox", "fix", &id, "--order", "Anna,Cleo,Bne"], 2);
    assert!(err.contains("Bne"), "{err}");

    let run = cli.run(&[
        "outbox",
        "fix",
        &id,
        "--order",
        "Anna,Cleo,Ben,Dora",
        "--players",
        "Dora,Cleo,Ben,Anna",
        "--house-rule",
        "barriers",
        "--colours",
        "one-each",
        "--date",
        "yesterday",
    ]);
    assert_eq!(run.code, 3, "still offline: it waits again: {run:?}");
    assert!(run.stderr.contains(&id), "under its id: {run:?}");
    let listed = cli.json(&["outbox", "list"]);
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], id.as_str(), "the id stays: {listed}");
    let err = cli.fails(&["outbox", "fix", &id, "--replace", "Dora=Dorra", "--dry-run"], 2);
    assert!(err.contains("Dorra"), "the fix is found again by its id: {err}");

    server.up();
    cli.ok(&["sync"]);
    assert_eq!(server.result_count(league), 2);
    let results = server.get(&format!("/leagues/{league}/results?game=mensch-aergere-dich-nicht")).unwrap();
    let record = &results["items"][0]["record"];
    let players: Vec<&str> =
        record["players"].as_array().unwrap().iter().map(|p| p["player"].as_str().unwrap()).collect();
    assert_eq!(players, ["Dora", "Cleo", "Ben", "Anna"], "{record}");
    assert_eq!(record["detail"]["house_rules"], serde_json::json!(["barriers"]), "{record}");
    let yesterday = (chrono::Local::now().date_naive() - chrono::Duration::days(1)).to_string();
    assert_eq!(record["played_on"], yesterday.as_str(), "{record}");
    assert_eq!(results["items"][0]["placings"][0]["player"], "Anna", "{results}");
}

/// A league's game options seen once online are never asked for again offline, night or
/// not: a Lauf Rauf! game without --edition and --cards waits in the outbox with them.
#[test]
fn league_options_seen_once_are_not_asked_for_offline() {
    let ClubNight { mut server, cli, league } = ClubNight::new();
    cli.ok(&[
        "league",
        "edit",
        "Winterliga",
        "--option",
        "lauf-rauf.edition=revised",
        "--option",
        "lauf-rauf.cards=false",
    ]);
    cli.ok(&["record", "lauf-rauf", "-l", "Winterliga", "--order", "Ben,Anna"]);
    server.down();
    let run = cli.run(&["record", "lauf-rauf", "-l", "Winterliga", "--order", "Anna,Ben"]);
    assert_eq!(run.code, 3, "kept, nothing asked: {run:?}");
    let entry: Value = serde_json::from_slice(&std::fs::read(&cli.outbox_files()[0]).unwrap()).unwrap();
    assert_eq!(entry["record"]["detail"]["edition"], "revised", "{entry}");
    assert_eq!(entry["record"]["detail"]["cards"], false, "{entry}");
    // A league never seen still needs them, and says how to avoid that.
    let err = cli.fails(&["record", "lauf-rauf", "-l", "Sommerliga", "--order", "Anna,Ben"], 2);
    assert!(err.contains("--edition"), "{err}");
    server.up();
    cli.ok(&["sync"]);
    assert_eq!(server.result_count(league), 2);
}

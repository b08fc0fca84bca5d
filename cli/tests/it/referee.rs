//! The Rangeln referee at the table (`spielstand referee rangeln`), from files and live
//! through a pseudo-terminal; league game options and the joint check of bare scores in
//! the CLI.

use crate::common::{ClubNight, round_text};

#[test]
fn a_game_refereed_from_files_is_recorded() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let files: Vec<String> =
        (0..3).map(|r| format!("@{}", cli.write(&format!("round{}.txt", r + 1), &round_text(r)).display())).collect();
    let mut args = vec!["referee", "rangeln", "--players", "Anna,Ben,Cleo", "-l", "Winterliga", "--date", "2026-11-20"];
    for f in &files {
        args.extend(["--round", f]);
    }
    let run = cli.run(&args);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("Round 2 (Ben starts), as written:"), "{run:?}");
    assert!(run.stdout.contains("Recorded result"), "{run:?}");
    assert_eq!(server.result_count(league), 1);
    let results = cli.json(&["results", "Winterliga"]);
    let rounds = &results["items"][0]["record"]["detail"]["rounds"];
    assert_eq!(rounds[1]["moves"]["placements"][0], serde_json::json!(["Ben", "b2"]));
    // Each round scored on its final board, which the stored result shows.
    assert_eq!(results["items"][0]["rangeln"]["rounds"][0]["board"].as_str().unwrap().lines().count(), 9);

    // `record rangeln` takes the same files.
    let mut record =
        vec!["record", "rangeln", "--players", "Anna,Ben,Cleo", "-l", "Winterliga", "--date", "2026-11-20"];
    for f in &files {
        record.extend(["--round", f]);
    }
    cli.ok(&record);
    assert_eq!(server.result_count(league), 2);

    // An illegal step in round 2 is refused with its place, and nothing is sent.
    let bad = round_text(1).replace("c2-c1-d1", "c2-c1-c2");
    let bad = format!("@{}", cli.write("bad.txt", &bad).display());
    let err = cli.fails(
        &[
            "referee",
            "rangeln",
            "--players",
            "Anna,Ben,Cleo",
            "-l",
            "Winterliga",
            "--round",
            &files[0],
            "--round",
            &bad,
            "--round",
            &files[2],
        ],
        2,
    );
    assert!(err.contains("round 2, turn of Cleo, path 1 (c2-c1-c2), step 2: c2 was already on this path"), "{err}");
    // Without a terminal, rounds not in files cannot be refereed live.
    let err = cli.fails(&["referee", "rangeln", "--players", "Anna,Ben,Cleo", "--round", &files[0]], 2);
    assert!(err.contains("rounds 2 to 3 are refereed live on a terminal"), "{err}");
    assert_eq!(server.result_count(league), 2);
}

#[test]
fn league_game_options_spare_the_flags_and_never_rewrite_old_results() {
    let ClubNight { server, cli, .. } = ClubNight::new();
    let created = cli.json(&[
        "league",
        "create",
        "Bergliga",
        "--games",
        "lauf-rauf",
        "--option",
        "lauf-rauf.edition=revised",
        "--option",
        "lauf-rauf.cards=true",
    ]);
    assert_eq!(created["rules"]["game_options"]["lauf-rauf"], serde_json::json!({"edition": "revised", "cards": true}));
    let league = created["id"].as_i64().unwrap();
    cli.ok(&["record", "lauf-rauf", "--league", "Bergliga", "--order", "Anna,Ben,Cleo", "--date", "2026-11-20"]);
    let first = cli.json(&["results", "Bergliga"])["items"][0].clone();
    assert_eq!(first["record"]["detail"]["edition"], "revised");
    assert_eq!(first["record"]["detail"]["cards"], true);
    // Stating another edition is refused before anything is sent, naming both.
    let err = cli.fails(
        &[
            "record",
            "lauf-rauf",
            "--league",
            "Bergliga",
            "--order",
            "Anna,Ben",
            "--edition",
            "published",
            "--date",
            "2026-11-20",
        ],
        2,
    );
    assert!(err.contains("edition published") && err.contains("edition revised"), "{err}");
    // A bad option is refused by the argument parser.
    let err = cli.fails(&["league", "edit", "Bergliga", "--option", "lauf-rauf.edition=third"], 2);
    assert!(err.contains("one of published, revised"), "{err}");
    // The league changes its edition: the old result keeps its own.
    let shown = cli.ok(&["league", "edit", "Bergliga", "--option", "lauf-rauf.edition=published"]);
    assert!(shown.contains("lauf-rauf.edition=published"), "{shown}");
    cli.ok(&["record", "lauf-rauf", "--league", "Bergliga", "--order", "Ben,Anna", "--date", "2026-11-21"]);
    let items = cli.json(&["results", "Bergliga"])["items"].clone();
    assert_eq!(items[0]["record"]["detail"]["edition"], "published");
    assert_eq!(items[1]["id"], first["id"]);
    assert_eq!(items[1]["record"]["detail"]["edition"], "revised");
    assert_eq!(server.result_count(league), 2);
}

#[test]
fn impossible_bare_scores_are_refused_naming_the_round() {
    let ClubNight { cli, .. } = ClubNight::new();
    let err = cli.fails(
        &[
            "record",
            "rangeln",
            "-l",
            "Winterliga",
            "--dry-run",
            "--players",
            "Anna,Ben,Cleo",
            "--round",
            "Anna=1,Ben=0,Cleo=0",
            "--round",
            "Anna=16,Ben=16,Cleo=16",
            "--round",
            "Anna=0,Ben=0,Cleo=0",
        ],
        2,
    );
    assert!(err.contains("round 2: no board gives these scores at once (Anna +16, Ben +16, Cleo +16)"), "{err}");
}

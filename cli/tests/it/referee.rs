//! The Rangeln referee at the table (`spielstand referee rangeln`), from files and live
//! through a pseudo-terminal; league game options and the joint check of bare scores in
//! the CLI.

use crate::common::ClubNight;

const NAMES: [&str; 3] = ["Anna", "Ben", "Cleo"];

/// The paths of the players at positions 1, 2 and 3 of a round (see `placements`).
const PATHS: [&str; 3] = ["b2-b3 f2-f3 b4-a4 f4-e4 b6-a6 f6-f7", "c2-c1-d1 g2-g1-f1 c4-c5-b5", "h8-i8-i7-i6-i5-i4-i3"];

/// Who places and moves k-th in round `round` (0-based): seat `round` starts.
fn at(round: usize, k: usize) -> &'static str {
    NAMES[(round + k) % 3]
}

/// The cells of the 24 placements: rows 2, 4, 6, 8 and columns b, c, d, f, g, h, so that
/// no two pieces of one player touch.
fn cells() -> Vec<String> {
    ["2", "4", "6", "8"]
        .iter()
        .flat_map(|row| ["b", "c", "d", "f", "g", "h"].map(|col| format!("{col}{row}")))
        .collect()
}

/// Round `round` (0-based) in the moves text form.
fn round_text(round: usize) -> String {
    let mut text = format!("# round {}: {} starts\n", round + 1, at(round, 0));
    for (i, cell) in cells().iter().enumerate() {
        text.push_str(&format!("{} {cell}\n", at(round, i % 3)));
    }
    for (k, paths) in PATHS.iter().enumerate() {
        text.push_str(&format!("{}: {paths}\n", at(round, k)));
    }
    text
}

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
fn a_round_refereed_live_on_a_terminal() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let r1 = cli.write("round1.txt", &round_text(0));
    let r2 = cli.write("round2.txt", &round_text(1));
    let args = format!(
        "referee rangeln --players Anna,Ben,Cleo -l Winterliga --date 2026-11-20 -y --round @{} --round @{}",
        r1.display(),
        r2.display()
    );
    // Round 3, live: Cleo starts. A black cell first, then the placements; one path too
    // long for Cleo's allowance, then her six single steps, Anna's and Ben's turns.
    let mut typed = String::from("e5\n");
    for cell in cells() {
        typed.push_str(&format!("{cell}\n"));
    }
    typed.push_str("b2-b3-b4\n");
    for paths in PATHS {
        for path in paths.split(' ') {
            typed.push_str(&format!("{path}\n"));
        }
    }
    let Some((ok, screen)) = cli.on_terminal(&args, &typed) else { return };
    assert!(ok, "{screen}");
    assert!(screen.contains("Round 3 of 3: Cleo starts."), "{screen}");
    assert!(screen.contains("refused: placement 1: Cleo may not place on e5: it is a black cell; again"), "{screen}");
    assert!(screen.contains("Anna, placement 2:"), "{screen}");
    assert!(
        screen.contains(
            "refused: turn of Cleo, path 1 (b2-b3-b4): Cleo's allowance as first player of 3 is 6 paths of 1 step each"
        ),
        "{screen}"
    );
    assert!(screen.contains("    a b c d e f g h i"), "the board is shown: {screen}");
    assert!(screen.contains("Total"), "{screen}");
    assert!(screen.contains("Recorded result 1 in league Winterliga."), "{screen}");
    assert_eq!(server.result_count(league), 1);
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

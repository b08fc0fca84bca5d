//! Every interactive path played as a person at the table plays it, on a
//! pseudo-terminal: each question waited for and answered (the last one too), wrong
//! answers, `undo`, `quit` and `--resume`, and the end of input in the middle; then what
//! got recorded is read from the server.

use crate::common::*;
use serde_json::Value;

/// The stored results of `league`, latest first.
fn results(server: &Server, league: i64) -> Vec<Value> {
    server.get(&format!("/leagues/{league}/results")).unwrap()["items"].as_array().unwrap().clone()
}

/// Plays round `round` (0-based) of the organisers' guide's game live: every placement, then every
/// path, each answered at its prompt.
fn play_round(term: &mut Terminal, round: usize) {
    for (i, cell) in cells().iter().enumerate() {
        term.answer(&format!("{}, placement {}: ", at(round, i % 3), i + 1), cell);
    }
    for (k, paths) in PATHS.iter().enumerate() {
        for (p, path) in paths.split(' ').enumerate() {
            term.answer(&format!("{}, path {}", at(round, k), p + 1), path);
        }
    }
}

/// The same table in German (`LANG=de_DE.UTF-8`): the rounds, a broken rule, the end of
/// input at the last question (kept), then resumed: a wrong answer, the answer `j`.
#[test]
fn record_rangeln_speaks_german_to_the_last_question() {
    let ClubNight { server, mut cli, league } = ClubNight::new();
    cli.locale = Some("de_DE.UTF-8".into());
    let mut term =
        cli.terminal(&["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--date", "2026-11-20"]);
    term.expect("Jede Runde als Punkte");
    term.answer("Runde 1 von 3 (Anna beginnt): ", "undo");
    term.expect("Nichts zurückzunehmen: Es ist noch keine Runde eingegeben.");
    term.answer("Runde 1 von 3 (Anna beginnt): ", "Anna=40,Ben=0,Cleo=0");
    let said = term.expect("Runde 1 bitte noch einmal eingeben");
    assert!(!said.contains("scored") && said.contains("Anna"), "the rule in German: {said}");
    term.answer("Runde 1 von 3 (Anna beginnt): ", "Anna=-7,Ben=6,Cleo=1");
    term.answer("Runde 2 von 3 (Ben beginnt): ", "Anna=1,Ben=1,Cleo=1");
    term.answer("Runde 3 von 3 (Cleo beginnt): ", "undo");
    term.expect("Runde 2 zurückgenommen.");
    term.answer("Runde 2 von 3 (Ben beginnt): ", "Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8");
    term.answer("Runde 3 von 3 (Cleo beginnt): ", "Anna=-6,Ben=6,Cleo=1");
    term.expect("Gesamt");
    // The input ends at the last question: the game is kept, and said so in German.
    term.expect("Dieses Spiel in der Liga Winterliga eintragen? [J/n] ");
    term.end_input();
    term.expect("Die Eingabe endete vor der Antwort. Das Spiel ist als Entwurf gespeichert");
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 0);
    let mut term = cli.terminal(&["record", "rangeln", "--resume"]);
    term.answer("Dieses Spiel in der Liga Winterliga eintragen? [J/n] ", "vielleicht");
    term.answer("Bitte mit j oder n antworten.", "j");
    term.expect("Ergebnis 1 in der Liga Winterliga eingetragen.");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.result_count(league), 1);
    let stored = results(&server, league);
    assert_eq!(stored[0]["rangeln"]["totals"].as_array().unwrap().len(), 3, "the game as typed: {}", stored[0]);
}

#[test]
fn record_rangeln_takes_every_round_form_with_undo_and_wrong_answers() {
    let ClubNight { server, cli, league } = ClubNight::new();
    cli.write("board.txt", BOARD);
    let mut term =
        cli.terminal(&["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--date", "2026-11-20"]);
    term.answer("Round 1 of 3 (Anna starts): ", "undo");
    term.expect("Nothing to take back: no round is entered yet.");
    term.answer("Round 1 of 3 (Anna starts): ", "Anna=40,Ben=0,Cleo=0");
    term.expect("Anna scored 40, but with 8 pieces a round score lies between -16 and 16; enter round 1 again");
    term.answer("Round 1 of 3 (Anna starts): ", "Anna=-7,Ben=6,Cleo=1");
    term.answer("Round 2 of 3 (Ben starts): ", "Anna=1,Ben=1,Cleo=1");
    term.answer("Round 3 of 3 (Cleo starts): ", "undo");
    term.expect("Took back round 2.");
    term.answer("Round 2 of 3 (Ben starts): ", "help");
    term.expect("ring counts");
    term.answer("Round 2 of 3 (Ben starts): ", "Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8");
    term.answer("Round 3 of 3 (Cleo starts): ", "board");
    term.expect("Round 2 was entered without a board");
    term.answer("Round 3 of 3 (Cleo starts): ", "@board.txt");
    term.expect("Total");
    term.answer("Record this game in league Winterliga? [Y/n] ", "maybe");
    term.answer("Please answer y or n.", "y");
    term.expect("Recorded result 1 in league Winterliga.");
    let (code, _) = term.finish();
    assert_eq!(code, 0);
    let stored = results(&server, league);
    assert_eq!(stored.len(), 1);
    let rounds = &stored[0]["record"]["detail"]["rounds"];
    assert_eq!(rounds[0]["scores"]["Anna"], -7);
    assert_eq!(rounds[1]["rings"]["Ben"]["plus2"], 3);
    assert!(rounds[2]["board"].as_str().unwrap().contains('A'), "{rounds}");
}

#[test]
fn record_rangeln_takes_a_move_file_in_every_round_with_its_start_player() {
    let ClubNight { server, cli, league } = ClubNight::new();
    for round in 0..3 {
        cli.write(&format!("round{}.txt", round + 1), &round_text(round));
    }
    let mut term =
        cli.terminal(&["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--date", "2026-11-20"]);
    term.answer("Round 1 of 3 (Anna starts): ", "@round1.txt");
    // Round 2 from round 1's file: Anna places first, but Ben starts round 2.
    term.answer("Round 2 of 3 (Ben starts): ", "@round1.txt");
    term.expect("round 2, placement 1: it is Ben's turn, not Anna's; enter round 2 again");
    term.answer("Round 2 of 3 (Ben starts): ", "@round2.txt");
    term.answer("Round 3 of 3 (Cleo starts): ", "@round3.txt");
    term.answer("Record this game in league Winterliga? [Y/n] ", "");
    term.expect("Recorded result 1");
    assert_eq!(term.finish().0, 0);
    let stored = results(&server, league);
    let rounds = &stored[0]["record"]["detail"]["rounds"];
    for (round, starts) in ["Anna", "Ben", "Cleo"].iter().enumerate() {
        assert_eq!(rounds[round]["moves"]["placements"][0][0], *starts, "{rounds}");
    }
}

#[test]
fn record_rangeln_keeps_what_was_typed_when_the_input_ends_and_resumes() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let args = ["record", "rangeln", "-l", "Winterliga", "--players", "Anna,Ben,Cleo", "--date", "2026-11-20"];
    let mut term = cli.terminal(&args);
    term.answer("Round 1 of 3 (Anna starts): ", "Anna=-7,Ben=6,Cleo=1");
    term.expect("Round 2 of 3 (Ben starts): ");
    term.end_input();
    term.expect(
        "The input ended. The game so far is kept as a draft: `spielstand record rangeln --resume` continues it",
    );
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 0);
    // A new game does not replace the draft unasked.
    let mut term = cli.terminal(&args);
    term.expect("an unfinished game is kept as a draft (Anna, Ben, Cleo, 1 of 3 rounds done");
    assert_eq!(term.finish().0, 2);
    let mut term = cli.terminal(&["record", "rangeln", "--resume"]);
    term.expect("Resuming the game kept as a draft");
    term.answer("Round 2 of 3 (Ben starts): ", "Anna=-6,Ben=6,Cleo=1");
    term.answer("Round 3 of 3 (Cleo starts): ", "quit");
    term.expect("Stopped. The game so far is kept as a draft");
    assert_eq!(term.finish().0, 0);
    let mut term = cli.terminal(&["record", "rangeln", "--resume"]);
    term.answer("Round 3 of 3 (Cleo starts): ", "Anna=-6,Ben=6,Cleo=1");
    // The end of input at the last question keeps the finished game too.
    term.expect("Record this game in league Winterliga? [Y/n] ");
    term.end_input();
    term.expect("The input ended before the answer. The game is kept as a draft");
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 0);
    let mut term = cli.terminal(&["record", "rangeln", "--resume"]);
    term.answer("Record this game in league Winterliga? [Y/n] ", "y");
    term.expect("Recorded result 1");
    assert_eq!(term.finish().0, 0);
    let stored = results(&server, league);
    assert_eq!(stored[0]["rangeln"]["totals"][0]["total"], -19, "{}", stored[0]);
    // Recorded: the draft is gone.
    let err = cli.fails(&["record", "rangeln", "--discard"], 2);
    assert!(err.contains("there is no game kept as a draft"), "{err}");
}

#[test]
fn a_whole_game_refereed_live_with_mistakes_undo_a_dead_end_and_both_answers() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let mut term =
        cli.terminal(&["referee", "rangeln", "--players", "Anna,Ben,Cleo", "-l", "Winterliga", "--date", "2026-11-20"]);
    term.expect("Round 1 of 3: Anna starts.");
    // An illegal placement, help, and a placement taken back.
    term.answer("Anna, placement 1: ", "e5");
    term.expect("refused: placement 1: Anna may not place on e5: it is a black cell; again");
    term.answer("Anna, placement 1: ", "help");
    term.expect("Anna places piece 1 of 8");
    term.answer("Anna, placement 1: ", "b2");
    term.answer("Ben, placement 2: ", "a9");
    term.expect("refused: placement 2: Ben may not place on a9: it is a black cell");
    term.answer("Ben, placement 2: ", "d9");
    term.answer("Cleo, placement 3: ", "undo");
    term.expect("Took back Ben's placement on d9.");
    let cells = cells();
    for (i, cell) in cells.iter().enumerate().skip(1) {
        term.answer(&format!("{}, placement {}: ", at(0, i % 3), i + 1), cell);
    }
    // Anna: an illegal path, 'stuck' while her pieces can move, the allowance asked for,
    // and a path taken back.
    term.answer("Anna, path 1", "b2-b3-b1");
    term.expect("refused: turn of Anna, path 1 (b2-b3-b1)");
    term.answer("Anna, path 1", "stuck");
    term.expect("can still move");
    term.answer("Anna, path 1", "b2-b3");
    term.answer("Anna, path 2", "help");
    term.expect("made so far: 1 path (1 steps); left: 5 paths of 1 step each");
    term.answer("Anna, path 2", "undo");
    term.expect("Took back Anna's path b2-b3.");
    for (p, path) in PATHS[0].split(' ').enumerate() {
        term.answer(&format!("Anna, path {}", p + 1), path);
    }
    for (p, path) in PATHS[1].split(' ').enumerate() {
        term.answer(&format!("Ben, path {}", p + 1), path);
    }
    // Cleo walks a piece into a dead end after 3 of her 6 steps while her piece on d2
    // could go all 6: refused, naming it.
    term.answer("Cleo, path 1", "h2-g2-g1-h1");
    term.expect("the path stops after 3 of 6 steps, but the piece on d2 could go all 6");
    term.answer("Cleo, path 1", "board");
    term.expect("    a b c d e f g h i");
    term.answer("Cleo, path 1", PATHS[2]);
    term.expect("Round 2 of 3: Ben starts.");
    play_round(&mut term, 1);
    term.expect("Round 3 of 3: Cleo starts.");
    play_round(&mut term, 2);
    // The finished game is shown and asked about: no.
    term.expect("Total");
    term.answer("Record this game in league Winterliga? [Y/n] ", "n");
    term.expect("Not recorded. The game is kept as a draft: `spielstand referee rangeln --resume` asks again");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.result_count(league), 0);
    // Resumed, it is asked again: yes.
    let mut term = cli.terminal(&["referee", "rangeln", "--resume"]);
    term.answer("Record this game in league Winterliga? [Y/n] ", "y");
    term.expect("Recorded result 1 in league Winterliga.");
    assert_eq!(term.finish().0, 0);
    let stored = results(&server, league);
    assert_eq!(stored.len(), 1);
    let rounds = &stored[0]["record"]["detail"]["rounds"];
    for round in 0..3 {
        let placements = rounds[round]["moves"]["placements"].as_array().unwrap();
        assert_eq!(placements.len(), 24);
        assert_eq!(placements[0][0], at(round, 0));
        assert_eq!(rounds[round]["moves"]["turns"][2]["paths"][0], "h8-i8-i7-i6-i5-i4-i3");
    }
    // Exactly the guide's game, refereed from files: the same totals.
    let played: Vec<i64> =
        stored[0]["rangeln"]["totals"].as_array().unwrap().iter().map(|t| t["total"].as_i64().unwrap()).collect();
    assert_eq!(played.len(), 3);
}

/// The referee in German: two rounds from their files, the third live (every placement
/// and path asked in German), the last question with a wrong answer, `nein` keeping the
/// game as a draft, then `ja`.
#[test]
fn the_referee_asks_every_question_in_german_to_the_last() {
    let ClubNight { server, mut cli, league } = ClubNight::new();
    cli.locale = Some("de_DE.UTF-8".into());
    let rounds: Vec<String> =
        (0..2).map(|r| format!("@{}", cli.write(&format!("round{r}.txt"), &round_text(r)).display())).collect();
    let mut args = vec!["referee", "rangeln", "--players", "Anna,Ben,Cleo", "-l", "Winterliga"];
    for round in &rounds {
        args.extend(["--round", round.as_str()]);
    }
    let mut term = cli.terminal(&args);
    term.expect("Runde 2 (Ben beginnt), wie in der Datei:");
    for (i, cell) in cells().iter().enumerate() {
        term.answer(&format!("{} setzt ein (Nr. {}): ", at(2, i % 3), i + 1), cell);
    }
    // A path from a cell without a piece of the mover: refused, in German to the last word.
    let first = format!("{} zieht, Weg 1 (", at(2, 0));
    let said = term.expect(&first);
    assert!(!said.contains("allowance"), "{said}");
    let allowance = term.expect("„stuck“ beendet den Zug): ");
    assert!(allowance.contains("darf als erster Spieler von 3"), "the allowance in German: {allowance}");
    term.type_raw("a1-a2\r");
    let refused = term.expect(&first);
    assert!(refused.contains(&format!("Zug von {}, Weg 1 (a1-a2)", at(2, 0))), "{refused}");
    assert!(!refused.contains("turn of") && !refused.contains("path 1"), "{refused}");
    for (k, paths) in PATHS.iter().enumerate() {
        for (p, path) in paths.split(' ').enumerate() {
            if (k, p) != (0, 0) {
                term.expect(&format!("{} zieht, Weg {}", at(2, k), p + 1));
            }
            term.expect("beendet den Zug): ");
            term.type_raw(&format!("{path}\r"));
        }
    }
    term.answer("Dieses Spiel in der Liga Winterliga eintragen? [J/n] ", "jein");
    term.answer("Bitte mit j oder n antworten.", "nein");
    term.expect("--resume");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.result_count(league), 0);
    let mut term = cli.terminal(&["referee", "rangeln", "--resume"]);
    term.answer("Dieses Spiel in der Liga Winterliga eintragen? [J/n] ", "ja");
    term.expect("Ergebnis 1 in der Liga Winterliga eingetragen.");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.result_count(league), 1);
}

/// Ctrl-C in the referee says what it keeps, as Ctrl-D does; a function key is no cell.
#[test]
fn an_interrupted_referee_says_the_draft_is_kept() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let r1 = cli.write("round1.txt", &round_text(0));
    let r2 = cli.write("round2.txt", &round_text(1));
    let (r1, r2) = (format!("@{}", r1.display()), format!("@{}", r2.display()));
    let args = ["referee", "rangeln", "--players", "Anna,Ben,Cleo", "-l", "Winterliga", "--round", &r1, "--round", &r2];
    let mut term = cli.terminal(&args);
    term.expect("Round 3 of 3: Cleo starts.");
    let cells = cells();
    for (i, cell) in cells.iter().enumerate().take(2) {
        term.answer(&format!("{}, placement {}: ", at(2, i % 3), i + 1), cell);
    }
    term.expect("Ben, placement 3: ");
    term.type_raw("\u{1b}OQ\r");
    term.expect("keys such as F1 or the arrows are ignored");
    term.interrupt();
    term.expect("Interrupted. The game so far is kept as a draft: `spielstand referee rangeln --resume` continues it");
    assert_eq!(term.finish().0, 130);
    assert_eq!(server.result_count(league), 0);
    let mut term = cli.terminal(&["referee", "rangeln", "--resume"]);
    term.expect("2 of 3 rounds done and one under way");
    term.answer("Ben, placement 3: ", "quit");
    term.expect("Stopped.");
    assert_eq!(term.finish().0, 0);
    cli.ok(&["referee", "rangeln", "--discard"]);
}

#[test]
fn a_refereed_game_quit_and_resumed_and_ended_by_the_end_of_input() {
    let ClubNight { server, cli, league } = ClubNight::new();
    let r1 = cli.write("round1.txt", &round_text(0));
    let r2 = cli.write("round2.txt", &round_text(1));
    let (r1, r2) = (format!("@{}", r1.display()), format!("@{}", r2.display()));
    let args = [
        "referee",
        "rangeln",
        "--players",
        "Anna,Ben,Cleo",
        "-l",
        "Winterliga",
        "--date",
        "2026-11-20",
        "--round",
        &r1,
        "--round",
        &r2,
    ];
    // Rounds 1 and 2 from files, round 3 live: a few placements, then quit.
    let mut term = cli.terminal(&args);
    term.expect("Round 2 (Ben starts), as written:");
    term.expect("Round 3 of 3: Cleo starts.");
    let cells = cells();
    for (i, cell) in cells.iter().enumerate().take(4) {
        term.answer(&format!("{}, placement {}: ", at(2, i % 3), i + 1), cell);
    }
    term.answer("Anna, placement 5: ", "quit");
    term.expect("Stopped. The game so far is kept as a draft: `spielstand referee rangeln --resume` continues it");
    assert_eq!(term.finish().0, 0);
    // Resumed: on at placement 5; then the input ends in the middle of the turns.
    let mut term = cli.terminal(&["referee", "rangeln", "--resume"]);
    term.expect("2 of 3 rounds done and one under way");
    for (i, cell) in cells.iter().enumerate().skip(4) {
        term.answer(&format!("{}, placement {}: ", at(2, i % 3), i + 1), cell);
    }
    term.answer("Cleo, path 1", "b2-b3");
    term.expect("Cleo, path 2");
    term.end_input();
    term.expect("The input ended. The game so far is kept as a draft");
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 0);
    // Resumed again: the rest of the round, and the game is recorded.
    let mut term = cli.terminal(&["referee", "rangeln", "--resume"]);
    for (p, path) in PATHS[0].split(' ').enumerate().skip(1) {
        term.answer(&format!("Cleo, path {}", p + 1), path);
    }
    for (p, path) in PATHS[1].split(' ').enumerate() {
        term.answer(&format!("Anna, path {}", p + 1), path);
    }
    term.answer("Ben, path 1", PATHS[2]);
    term.answer("Record this game in league Winterliga? [Y/n] ", "y");
    term.expect("Recorded result 1");
    assert_eq!(term.finish().0, 0);
    let stored = results(&server, league);
    assert_eq!(stored[0]["record"]["detail"]["rounds"][2]["moves"]["placements"].as_array().unwrap().len(), 24);
    // A new live game with a draft waiting is refused; --discard drops the draft.
    let mut term = cli.terminal(&args);
    term.expect("Round 3 of 3: Cleo starts.");
    term.answer("Cleo, placement 1: ", "b2");
    term.answer("Anna, placement 2: ", "quit");
    assert_eq!(term.finish().0, 0);
    let mut term = cli.terminal(&args);
    term.expect("an unfinished game is kept as a draft");
    assert_eq!(term.finish().0, 2);
    let run = cli.run(&["referee", "rangeln", "--discard"]);
    assert!(run.code == 0 && run.stderr.contains("Dropped the game kept as a draft"), "{run:?}");
}

#[test]
fn result_delete_asks_and_takes_no_and_the_end_of_input_as_no() {
    let ClubNight { server, cli, league } = ClubNight::new();
    cli.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben", "--date", "2026-11-20"]);
    let mut term = cli.terminal(&["result", "delete", "1"]);
    // (The expect library reads bytes, so the texts waited for are ASCII.)
    term.answer("on 2026-11-20: 1. Anna, 2. Ben)? [y/N] ", "");
    term.expect("Nothing deleted.");
    assert_eq!(term.finish().0, 0);
    let mut term = cli.terminal(&["result", "delete", "1"]);
    term.expect("[y/N] ");
    term.end_input();
    term.expect("the input ended before the answer; nothing deleted");
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 1);
    let mut term = cli.terminal(&["result", "delete", "1"]);
    term.answer("[y/N] ", "ja");
    term.expect("Deleted result 1");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.result_count(league), 0);
}

#[test]
fn login_takes_a_piped_token() {
    let server = Server::start();
    let mut cli = Cli::new(&server);
    cli.token = None;
    let run = cli.run_with_stdin(&["login"], &format!("{}\n", server.token));
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("token \"cli-tests\" accepted"), "{run:?}");
    let saved = std::fs::read_to_string(cli.config_dir().join("spielstand").join("config.toml")).unwrap();
    assert!(saved.contains(&server.token), "{saved}");
    // A wrong piped token is refused, and nothing is saved.
    let other = Cli { home: tempfile::tempdir().unwrap(), server: Some(server.url.clone()), token: None, locale: None };
    let run = other.run_with_stdin(&["login"], "not-a-token\n");
    assert_eq!(run.code, 1, "{run:?}");
    assert!(!other.config_dir().join("spielstand").join("config.toml").exists());
}

#[test]
fn two_laptops_share_one_night() {
    let ClubNight { server, cli: first, league } = ClubNight::new();
    let second = Cli::new(&server);
    first.ok(&["event", "start", "Clubabend Dezember", "--league", "Winterliga", "--date", "2026-11-20"]);
    // The second laptop's start finds the open night: without a terminal it refuses,
    // naming the night to join; on a terminal it offers it.
    let err =
        second.fails(&["event", "start", "Clubabend Dezember", "--league", "Winterliga", "--date", "2026-11-20"], 2);
    assert!(err.contains("already has an open club night on 2026-11-20: night 1 \"Clubabend Dezember\""), "{err}");
    assert!(err.contains("spielstand event join 1 --league \"Winterliga\""), "{err}");
    let mut term =
        second.terminal(&["event", "start", "Clubabend Dezember", "--league", "Winterliga", "--date", "2026-11-20"]);
    term.expect("Join it? [Y/n] ");
    term.end_input();
    term.expect("no night was started");
    assert_eq!(term.finish().0, 2);
    let mut term =
        second.terminal(&["event", "start", "Clubabend Dezember", "--league", "Winterliga", "--date", "2026-11-20"]);
    term.answer("Join it? [Y/n] ", "y");
    term.expect("Joined club night 1 \"Clubabend Dezember\"");
    assert_eq!(term.finish().0, 0);
    assert_eq!(server.get(&format!("/leagues/{league}/events")).unwrap().as_array().unwrap().len(), 1);
    let current = second.ok(&["event", "current"]);
    assert!(current.contains("Club night 1 \"Clubabend Dezember\"") && current.contains("open"), "{current}");
    // Each laptop records a game into the night; every laptop sees both.
    first.ok(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben"]);
    second.ok(&["record", "ghostbuster", "-l", "Winterliga", "--order", "Cleo,Dora"]);
    let shown = second.json(&["event", "show", "1"]);
    assert_eq!(shown["results"].as_array().unwrap().len(), 2, "{shown}");
    let page =
        ureq::get(format!("{}/embed/events/1", server.url)).call().unwrap().into_body().read_to_string().unwrap();
    for name in ["Anna", "Ben", "Cleo", "Dora"] {
        assert!(page.contains(name), "the night page lists every laptop's games: {name}");
    }
    // A game moved out of the night and back in.
    second.ok(&["result", "fix", "2", "--event", "none"]);
    assert!(server.get("/results/2").unwrap()["record"].get("event_id").is_none());
    let err = second.fails(&["result", "fix", "2", "--event", "Clubabend Dezember", "--date", "2026-11-19"], 2);
    assert!(err.contains("is on 2026-11-20, the game on 2026-11-19"), "{err}");
    second.ok(&["result", "fix", "2", "--event", "Clubabend Dezember"]);
    assert_eq!(server.get("/results/2").unwrap()["record"]["event_id"], 1);
    // The organiser closes the night: the other laptop's next game is refused, naming it.
    let closed = first.ok(&["event", "close"]);
    assert!(closed.contains("is closed with 2 games") && closed.contains("This laptop left it too"), "{closed}");
    let err = second.fails(&["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben"], 2);
    assert!(err.contains("club night 1 \"Clubabend Dezember\" on 2026-11-20 was closed"), "{err}");
    assert!(second.ok(&["event", "current"]).contains("closed at"));
    let err = second.fails(&["event", "join", "1"], 2);
    assert!(err.contains("was closed"), "{err}");
    // And the server refuses it itself, naming the night.
    let body = serde_json::json!({"played_on": "2026-11-20", "event_id": 1, "players": [{"player": "Anna", "seat": 1}, {"player": "Ben", "seat": 2}],
        "game": "mensch-aergere-dich-nicht", "detail": {"order": [["Anna"], ["Ben"]]}});
    let response = ureq::post(format!("{}/api/v1/leagues/{league}/results", server.url))
        .header("Authorization", format!("Bearer {}", server.token))
        .config()
        .http_status_as_error(false)
        .build()
        .send_json(&body)
        .unwrap();
    assert_eq!(response.status().as_u16(), 409);
    let problem: Value = response.into_body().read_json().unwrap();
    assert_eq!(problem["type"], "/problems/event-closed");
    assert!(
        problem["detail"].as_str().unwrap().contains("club night 1 (\"Clubabend Dezember\", 2026-11-20) was closed"),
        "{problem}"
    );
    assert_eq!(server.result_count(league), 2);
}

/// `record rangeln --table 1` at a drawn table: the players and the start player come from
/// the draw; a wrong round, the end of input (the game kept as a draft), the resumed game
/// and both answers to the last question; then the night shows the table done.
#[test]
fn record_rangeln_at_a_drawn_table_asks_every_round_and_keeps_the_game() {
    let ClubNight { server, cli, league } = ClubNight::new();
    cli.ok(&["event", "start", "Turnierabend", "-l", "Winterliga", "--date", "2026-11-20"]);
    cli.ok(&["event", "checkin", "Anna", "Ben", "Cleo"]);
    cli.ok(&["event", "draw", "--game", "rangeln", "--seed", "5"]);
    let night = cli.json(&["event", "show"]);
    let seats = seated(&night["rounds"][0]["tables"][0]);
    assert_eq!(seats.len(), 3);
    let round = |n: usize, scores: [i32; 3]| {
        let line: Vec<String> = seats.iter().zip(scores).map(|(p, s)| format!("{p}={s}")).collect();
        (format!("Round {n} of 3 ({} starts): ", seats[n - 1]), line.join(","))
    };
    let mut term = cli.terminal(&["record", "rangeln", "--table", "1"]);
    let (prompt, _) = round(1, [0, 0, 0]);
    term.answer(&prompt, &format!("{}=40,{}=0,{}=0", seats[0], seats[1], seats[2]));
    term.expect("but with 8 pieces a round score lies between -16 and 16; enter round 1 again");
    let (prompt, line) = round(1, [-7, 6, 1]);
    term.answer(&prompt, &line);
    term.expect(&round(2, [0, 0, 0]).0);
    term.end_input();
    term.expect("The game so far is kept as a draft");
    assert_eq!(term.finish().0, 2);
    assert_eq!(server.result_count(league), 0);

    let mut term = cli.terminal(&["record", "rangeln", "--resume"]);
    for (n, scores) in [(2, [1, 1, 1]), (3, [-6, 6, 1])] {
        let (prompt, line) = round(n, scores);
        term.answer(&prompt, &line);
    }
    term.answer("Record this game in league Winterliga? [Y/n] ", "maybe");
    term.answer("Please answer y or n.", "y");
    term.expect("at club night");
    assert_eq!(term.finish().0, 0);
    let stored = results(&server, league);
    let seated: Vec<&str> =
        stored[0]["record"]["players"].as_array().unwrap().iter().map(|p| p["player"].as_str().unwrap()).collect();
    assert_eq!(seated, seats, "seat order from the draw");
    let night = cli.json(&["event", "show"]);
    assert_eq!(night["rounds"][0]["tables"][0]["result_id"], stored[0]["id"], "the table is done");
}

//! `spielstand postspiel resolve`: a whole postal game of four hares played round by round
//! through the real binary, each round's output read back as the next round's state, the
//! orders sent as JSON and in the text form for mail, German and English.

use crate::common::cli_binary;
use spielstand_core::postspiel::{GameState, Lang, Orders, Resolution, careful_orders, resolve};
use std::process::{Command, Output};

fn run(dir: &std::path::Path, lang: &str, state: &str, orders: &str) -> Output {
    Command::new(cli_binary())
        .current_dir(dir)
        .args(["--lang", lang, "postspiel", "resolve", "--state", state, "--orders", orders])
        .env_remove("SPIELSTAND_LANG")
        .output()
        .expect("the CLI runs")
}

#[test]
fn four_hares_play_a_whole_game_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let start = r#"{"round": 1, "round_limit": 30, "hares": [
        {"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Ben", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Cleo", "field": 0, "carrots": 98, "lettuces": 3},
        {"name": "Dora", "field": 0, "carrots": 98, "lettuces": 3}]}"#;
    std::fs::write(dir.path().join("round-1.json"), start).unwrap();
    // Round 1 by mail: Dora sends nothing (NMR). Round 2: Anna's order has a condition,
    // and Dora's "noch einmal ziehen" has its move ready.
    let script = [
        "Anna: vor 2\nBen: forward 5, again forward 2\nCleo: vor 4\n",
        "Anna: wenn Feld von Ben >= 5 dann vor 5 sonst vor 3\nBen: vor 4\nCleo: vor 1\nDora: vor 2, nochmal vor 3\n",
    ];
    let mut state = GameState::from_json(start).unwrap();
    let mut said = String::new();
    let mut round = 1;
    loop {
        let orders = match script.get(round - 1) {
            Some(text) => text.to_string(),
            // The rest alternately as JSON and in German words.
            None if round % 2 == 0 => serde_json::to_string(&careful_orders(&state)).unwrap(),
            None => careful_orders(&state).text(Lang::De),
        };
        let orders_file = format!("orders-{round}.txt");
        std::fs::write(dir.path().join(&orders_file), &orders).unwrap();
        let lang = if round % 3 == 0 { "en" } else { "de" };
        let out = run(dir.path(), lang, &format!("round-{round}.json"), &orders_file);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "round {round}: {stderr}\norders:\n{orders}");
        // The binary resolved exactly what the adjudicator does with the same state and orders.
        let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let parsed = if orders.starts_with('{') {
            serde_json::from_str::<Orders>(&orders).unwrap()
        } else {
            Orders::from_text(&orders).unwrap()
        };
        let expected: Resolution = resolve(&state, &parsed).unwrap();
        assert_eq!(printed, serde_json::to_value(&expected).unwrap(), "round {round}");
        let words = if lang == "de" { "Runde" } else { "Round" };
        assert!(stderr.starts_with(&format!("{words} {round}:")), "{stderr}");
        said.push_str(&stderr);
        // The whole output is the next round's state.
        std::fs::write(dir.path().join(format!("round-{}.json", round + 1)), &out.stdout).unwrap();
        state = expected.state;
        if expected.report.game_over {
            break;
        }
        round += 1;
        assert!(round <= 30, "the round limit ends the game");
    }
    for what in ["1 Dora: kein Zug eingegangen (NMR)", "1 Anna: Bedingung", "Hasenereignis Code 6", "2a Dora"] {
        assert!(said.contains(what), "{what} not said:\n{said}");
    }
    assert!(said.contains("Das Spiel ist zu Ende.") || said.contains("The game is over."), "{said}");
    assert!(state.hares.iter().any(|h| h.finished.is_some()), "someone finished:\n{said}");

    // A state and orders of the game at its start again: an order that breaks a rule exits 1
    // naming the rule, in the language asked for; nothing is printed on standard output.
    std::fs::write(dir.path().join("bad.json"), r#"{"Anna": {"forward": 8}, "Ben": {"stay": "eat"}}"#).unwrap();
    let out = run(dir.path(), "de", "round-1.json", "bad.json");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Anna: Igelfelder nur rückwärts (hedgehog-forward)"), "{stderr}");
    assert!(stderr.contains("Ben: hier darf man nicht aussetzen (stay-not-allowed)"), "{stderr}");
    assert!(out.stdout.is_empty());
    let out = run(dir.path(), "en", "round-1.json", "bad.json");
    assert!(String::from_utf8_lossy(&out.stderr).contains("field 8 is a hedgehog field"), "{:?}", out);
    // What cannot be read exits 2 and says where.
    std::fs::write(dir.path().join("typo.txt"), "Anna: fly 3\n").unwrap();
    let out = run(dir.path(), "en", "round-1.json", "typo.txt");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"), "{out:?}");
    std::fs::write(dir.path().join("twice.json"), r#"{"Anna": {"back": true}, "Anna": {"forward": 1}}"#).unwrap();
    assert_eq!(run(dir.path(), "en", "round-1.json", "twice.json").status.code(), Some(2));
    std::fs::write(
        dir.path().join("odd.json"),
        r#"{"round": 1, "hares": [{"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3, "hat": 1}]}"#,
    )
    .unwrap();
    let out = run(dir.path(), "en", "odd.json", "typo.txt");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("hat"), "the unknown field is named: {out:?}");
}

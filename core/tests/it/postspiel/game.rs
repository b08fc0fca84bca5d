//! A whole postal game: four hares over up to 30 rounds. The first rounds are scripted
//! in the text form for mail (with a condition, a "noch einmal ziehen" move and a hare
//! that sends nothing); after that each player sends what `careful_orders` picks among the
//! orders `validate` accepts. Every round's state must be a game, and someone must finish.

use spielstand_core::postspiel::{
    GameState, Happening, HareEvent, Lang, Orders, careful_orders, final_order, league_result, resolve,
};

#[test]
fn four_hares_play_a_game() {
    let mut state = GameState::new(["Anna", "Ben", "Cleo", "Dora"]);
    state.round_limit = Some(30);
    let script = [
        // Round 1: Dora sends nothing and hops onto field 1, a hare field.
        "Anna: vor 2\nBen: forward 5, again forward 2\nCleo: vor 4",
        // Round 2: Anna's condition asks where Ben stands after round 1. Dora, last, lands on
        // a hare field: code 6, "noch einmal ziehen"; her move again lands on a hare field
        // too, and phase 2a gives her code 5: the round's carrots back.
        "Anna: wenn Feld von Ben >= 5 dann vor 5 sonst vor 3\nBen: vor 4\nCleo: vor 1\nDora: vor 2, nochmal vor 3",
    ];
    let mut seen_condition = false;
    let mut seen_again = false;
    let mut seen_nmr = false;
    let mut log = Vec::new();
    while !state.finished {
        let r = state.round as usize;
        let orders = match script.get(r - 1) {
            Some(text) => Orders::from_text(text).unwrap(),
            None => careful_orders(&state),
        };
        let resolution = resolve(&state, &orders).unwrap();
        for line in &resolution.report.lines {
            match line.happening {
                Happening::Condition { .. } => seen_condition = true,
                Happening::NoOrders => seen_nmr = true,
                Happening::Event { event: HareEvent::MoveAgain, .. } => seen_again = true,
                _ => {}
            }
        }
        if r == 2 {
            let lines = resolution.report.text(Lang::En);
            assert!(lines.iter().any(|l| l.starts_with("2 Dora: hare event code 6")), "{lines:#?}");
            assert!(lines.iter().any(|l| l.starts_with("2a Dora: gets back the 9 carrots")), "{lines:#?}");
        }
        log.extend(resolution.report.text(Lang::De).into_iter().map(|l| format!("Runde {r}: {l}")));
        resolution.state.check().unwrap();
        let mut positions = resolution.state.positions();
        positions.sort_unstable();
        assert_eq!(positions, (1..=4).collect::<Vec<u32>>());
        // The state and report go out as JSON and come back as the same state.
        let json = serde_json::to_string(&resolution).unwrap();
        let back = GameState::from_json(&serde_json::to_string(&resolution.state).unwrap()).unwrap();
        assert_eq!(back, resolution.state, "{json}");
        state = resolution.state;
        assert!(state.round <= 31, "the round limit ends the game");
    }
    let log = log.join("\n");
    assert!(seen_condition && seen_again && seen_nmr, "{log}");
    let order = final_order(&state);
    assert_eq!(order.len(), 4);
    assert!(order.iter().any(|p| p.finished), "nobody finished:\n{log}");
    for (k, place) in order.iter().enumerate() {
        assert_eq!(place.place, k as u32 + 1);
        if place.finished {
            assert_eq!(place.lettuces, 0);
            assert!(place.carrots <= 10 * place.place, "{place:?}");
        }
    }
    let result = league_result(&state).expect("a hare finished");
    assert_eq!(result.order.0[0], vec![order[0].name.clone()]);
    assert_eq!(result.finishers.len(), order.iter().filter(|p| p.finished).count());
}

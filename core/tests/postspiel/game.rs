//! A whole postal game: four hares over up to 30 rounds. The first rounds are scripted
//! in the text form for mail (with a condition, a "noch einmal ziehen" move and a hare
//! that sends nothing); after that each player sends what a plain strategy picks among the
//! orders `validate` accepts. Every round's state must be a game, and someone must finish.

use spielstand_core::finishing::carrot_cost;
use spielstand_core::postspiel::{
    Action, FieldKind, GameState, Happening, HareEvent, Lang, Order, Orders, Pending, StayKind, final_order,
    league_result, resolve, validate,
};

/// The order a careful player would send: eat while lettuce is left, run home when the
/// carrots allow, fetch carrots when short.
fn strategy(state: &GameState, i: usize) -> Option<Order> {
    let hare = &state.hares[i];
    if hare.finished.is_some() {
        return None;
    }
    if matches!(hare.pending, Some(Pending::Wait | Pending::Eat)) {
        return Some(Action::Stay(StayKind::Wait).into());
    }
    let board = &state.board;
    let goal = board.goal();
    let here = board.kind(hare.field);
    let mut candidates: Vec<Action> = Vec::new();
    if here == FieldKind::Lettuce && hare.lettuces > 0 {
        candidates.push(Action::Stay(StayKind::Eat));
    }
    let first_free_place = state.finishers() + 1;
    if hare.lettuces == 0 {
        let cost = carrot_cost(goal - hare.field);
        let left = u64::from(hare.carrots).saturating_sub(cost);
        if left <= u64::from(10 * first_free_place) {
            candidates.push(Action::Forward(goal - hare.field));
        } else if here == FieldKind::Carrot {
            candidates.push(Action::Stay(StayKind::Give));
        }
    }
    if hare.carrots < 25 && here == FieldKind::Carrot {
        candidates.push(Action::Stay(StayKind::Take));
    }
    if hare.carrots < 15 {
        candidates.push(Action::Back);
    }
    // The next lettuce field while lettuce is left, else as far as is cheap.
    let wanted = |f: u32| {
        let kind = board.kind(f);
        if hare.lettuces > 0 { kind == FieldKind::Lettuce } else { kind == FieldKind::Carrot }
    };
    // Players who all want the same field collide round after round (seed D); each of
    // these holds back on its own rounds.
    let eager = !(state.round as usize + i).is_multiple_of(3);
    for n in (1..=10).rev() {
        let to = hare.field + n;
        if eager && to < goal && wanted(to) && carrot_cost(n) + 10 <= u64::from(hare.carrots) {
            candidates.push(Action::Forward(n));
        }
    }
    candidates.extend((1..=6).rev().filter(|n| hare.field + n < goal).map(Action::Forward));
    if here == FieldKind::Carrot {
        candidates.push(Action::Stay(if hare.carrots > 40 { StayKind::Give } else { StayKind::Take }));
    }
    candidates.push(Action::Back);
    candidates.into_iter().map(Order::from).find(|order| {
        let mut one = Orders::default();
        one.0.insert(hare.name.clone(), order.clone());
        validate(state, &one).is_ok()
    })
}

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
            None => {
                let mut orders = Orders::default();
                for i in 0..state.hares.len() {
                    if let Some(order) = strategy(&state, i) {
                        orders.0.insert(state.hares[i].name.clone(), order);
                    }
                }
                orders
            }
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

//! Duties that span rounds, over runs of rounds rather than one: a hare eats at most one
//! lettuce per stay on a lettuce field, the duty to leave it holds until the hare has left
//! (through collisions, refused finishes, void orders, NMR and hare events), a forced wait
//! is served in the round it falls due, and carrots and lettuces stay sound
//! (docs/rules.md "The game master's decisions").

use super::properties::{NAMES, order, state_on};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use spielstand_core::postspiel::{
    Action, Board, FieldKind, GameState, Happening, Lang, Order, Orders, Pay, Pending, StayKind, resolve,
};

/// Lettuce, hare and hedgehog fields close together, so that stays on lettuce fields meet
/// collisions and events often.
const CROWDED: &str = "HSCSHSICSH2SCHSFSCIS";

/// A run: a state of 2 to 6 hares, on the published board or a crowded one, and the
/// orders of up to 12 rounds.
fn run() -> impl Strategy<Value = (GameState, Vec<Orders>)> {
    prop_oneof![Just(Board::default_board()), Just(CROWDED.parse::<Board>().unwrap())]
        .prop_flat_map(|board| {
            let goal = board.goal();
            let lettuces: Vec<u32> = (1..goal).filter(|&f| board.kind(f) == FieldKind::Lettuce).collect();
            // Most hares start on or just before a lettuce field, the others anywhere.
            let near = (prop::sample::select(lettuces), 0u32..3).prop_map(|(f, back)| f.saturating_sub(back));
            let field = prop_oneof![2 => near, 1 => 0..goal].boxed();
            // Few carrots now and then, so that hops fail and hares are held where they are.
            let carrots = prop_oneof![1 => 0u32..4, 3 => 0u32..120].boxed();
            state_on(board, 2..=6, field, carrots)
        })
        .prop_flat_map(|state| {
            let n = state.hares.len();
            (Just(state), prop::collection::vec(lively_orders(n), 1..=12))
        })
}

/// Orders of one round: any order the text form allows (valid or not), eating and short
/// moves more often than chance would send them, and no orders (NMR) for some hares.
fn lively_orders(n: usize) -> impl Strategy<Value = Orders> {
    let lively = prop_oneof![
        3 => order(),
        2 => Just(Order::from(Action::Stay(StayKind::Eat))),
        2 => (1u32..4).prop_map(|n| Order::from(Action::Forward(n))),
        1 => Just(Order::from(Action::Back)),
    ];
    prop::collection::vec(prop::option::weighted(0.75, lively), n).prop_map(|orders| {
        Orders(orders.into_iter().enumerate().filter_map(|(i, order)| Some((NAMES[i].to_owned(), order?))).collect())
    })
}

/// What the runs met, to show the invariants are not checked on empty ground.
#[derive(Debug, Default)]
struct Seen {
    eaten: u32,
    held: u32,
    held_by_collision: u32,
    held_without_hop: u32,
    held_by_event: u32,
}

/// Plays `orders` round by round from `state` and checks every round against a model of
/// the duties kept apart from the adjudicator's `pending`; the first broken invariant, in
/// words.
fn check_run(state: &GameState, orders: &[Orders], seen: &mut Seen) -> Result<(), String> {
    let mut state = state.clone();
    // The lettuce field each hare has used its stay on (eaten, or tried to with others) and
    // not left since.
    let mut bound: Vec<Option<u32>> =
        state.hares.iter().map(|h| (h.pending == Some(Pending::Leave)).then_some(h.field)).collect();
    for round in orders {
        if state.finished {
            break;
        }
        let resolution = resolve(&state, round).map_err(|e| e.to_string())?;
        let next = &resolution.state;
        let report = resolution.report.text(Lang::En).join("\n");
        let fail = |what: String| Err(format!("round {}: {what}\n{report}", state.round));
        next.check().or_else(|e| fail(format!("not a game: {e}")))?;
        for (i, (before, after)) in state.hares.iter().zip(&next.hares).enumerate() {
            let name = &before.name;
            let lines: Vec<&Happening> =
                resolution.report.lines.iter().filter(|l| &l.hare == name).map(|l| &l.happening).collect();
            if before.finished.is_some() {
                if before != after {
                    return fail(format!("{name} finished and still changed"));
                }
                continue;
            }
            let on_lettuce = state.board.kind(before.field) == FieldKind::Lettuce;
            let ate = on_lettuce && lines.iter().any(|h| matches!(h, Happening::AteLettuce { .. }));
            let tried = on_lettuce
                && (ate || lines.iter().any(|h| matches!(h, Happening::SameAction { kind: StayKind::Eat, .. })));
            let lettuce_pay = lines.iter().filter(|h| matches!(h, Happening::Paid { why: Pay::Lettuce { .. }, .. }));
            if after.lettuces > before.lettuces || before.lettuces - after.lettuces > 1 || lettuce_pay.count() > 1 {
                return fail(format!("{name} went from {} to {} lettuces", before.lettuces, after.lettuces));
            }
            if ate && bound[i] == Some(before.field) {
                return fail(format!("{name} ate twice on one stay on field {}", before.field));
            }
            let stayed = after.finished.is_none() && after.field == before.field;
            let still_bound = stayed && (tried || bound[i] == Some(before.field));
            if still_bound != (after.pending == Some(Pending::Leave)) {
                return fail(format!(
                    "{name}: the model says it {} leave field {}, the state says {:?}",
                    if still_bound { "must" } else { "need not" },
                    after.field,
                    after.pending
                ));
            }
            if let Some(forced @ (Pending::Wait | Pending::Eat)) = before.pending
                && (after.field != before.field || after.pending.is_some())
            {
                return fail(format!("{name} did not serve its {forced:?}: {after:?}"));
            }
            // Phase 3 says how many carrots the hare has; the state must agree.
            let told = lines.iter().rev().find_map(|h| match h {
                Happening::Carrots { now } => Some(*now),
                _ => None,
            });
            if told.is_some_and(|now| now != after.carrots) {
                return fail(format!("{name} was told {told:?} carrots and has {}", after.carrots));
            }
            // Never more paid for moves than the hare had, and what it got back.
            let spent: u64 = lines
                .iter()
                .map(|h| match h {
                    Happening::Moved { cost, .. } | Happening::Hopped { cost, .. } => u64::from(*cost),
                    _ => 0,
                })
                .sum();
            let refunded: u64 = lines
                .iter()
                .map(|h| match h {
                    Happening::Refunded { carrots } => u64::from(*carrots),
                    _ => 0,
                })
                .sum();
            if spent > u64::from(before.carrots) + refunded {
                return fail(format!("{name} spent {spent} carrots of {}", before.carrots));
            }
            seen.eaten += u32::from(ate);
            if still_bound && bound[i] == Some(before.field) {
                seen.held += 1;
                let phase_one =
                    |h: &&Happening| matches!(h, Happening::Collision { .. } | Happening::FinishRefused { .. });
                seen.held_by_collision += u32::from(lines.iter().any(phase_one));
                seen.held_without_hop += u32::from(lines.iter().any(|h| matches!(h, Happening::CannotHop)));
                seen.held_by_event += u32::from(lines.iter().any(|h| matches!(h, Happening::EventMoved { .. })));
            }
            bound[i] = still_bound.then_some(after.field);
        }
        state = resolution.state;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn duties_hold_over_runs_of_rounds((state, orders) in run()) {
        prop_assert!(state.check().is_ok(), "{:?}", state.check());
        if let Err(why) = check_run(&state, &orders, &mut Seen::default()) {
            prop_assert!(false, "{}", why);
        }
    }
}

/// The runs reach what the invariants are about: lettuces eaten, and hares held on the
/// lettuce field they must leave by a collision or a refused finish, by a hop they cannot
/// pay, and by an event that puts them back.
#[test]
fn the_runs_reach_every_way_of_being_held() {
    let mut runner = TestRunner::deterministic();
    let strategy = run();
    let mut seen = Seen::default();
    for _ in 0..400 {
        let (state, orders) = strategy.new_tree(&mut runner).unwrap().current();
        check_run(&state, &orders, &mut seen).unwrap();
    }
    assert!(seen.eaten > 0 && seen.held > 0, "{seen:?}");
    assert!(seen.held_by_collision > 0 && seen.held_without_hop > 0 && seen.held_by_event > 0, "{seen:?}");
}

/// The round after the bounce the hare may not eat again: its order is void and it hops
/// off, with the one lettuce it ate; the duty ends there.
#[test]
fn a_hare_bounced_after_eating_eats_no_second_lettuce() {
    let mut state = GameState::from_json(
        r#"{"round": 4, "board": "CCCCSCCCCCCCCCCCCCCC", "hares": [
            {"name": "Anna", "field": 5, "carrots": 50, "lettuces": 3},
            {"name": "Ben", "field": 4, "carrots": 50, "lettuces": 3}]}"#,
    )
    .unwrap();
    let rounds =
        ["Anna: bleiben fressen\nBen: bleiben nehmen", "Anna: vor 1\nBen: vor 2", "Anna: bleiben fressen\nBen: vor 1"];
    let mut after = Vec::new();
    for text in rounds {
        state = resolve(&state, &Orders::from_text(text).unwrap()).unwrap().state;
        let anna = &state.hares[0];
        after.push((anna.field, anna.carrots, anna.lettuces, anna.pending));
    }
    assert_eq!(after, [(5, 60, 2, Some(Pending::Leave)), (5, 60, 2, Some(Pending::Leave)), (6, 59, 2, None),]);
    // Ben arrives as Anna leaves, and eats in peace the round after.
    assert_eq!(state.hares[1].field, 5);
}

//! A stand-in player: the orders a careful player would send.

use super::{Action, FieldKind, GameState, Order, Orders, Pending, StayKind, validate};
use crate::finishing::carrot_cost;

/// The order a careful player would send for hare `i` (`None` for a hare that finished):
/// eat while lettuce is left, run home when the carrots allow, fetch carrots when short;
/// always one [`validate`] accepts. A stand-in player, for playing whole games in tests
/// and benchmarks, and for a game master who wants to see what a hare could do.
pub fn careful_order(state: &GameState, i: usize) -> Option<Order> {
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
    // Players who all want the same field collide round after round (docs/rules.md "Same field, same action"); each of
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

/// [`careful_order`] for every hare that has a move.
pub fn careful_orders(state: &GameState) -> Orders {
    let mut orders = Orders::default();
    for (i, hare) in state.hares.iter().enumerate() {
        if let Some(order) = careful_order(state, i) {
            orders.0.insert(hare.name.clone(), order);
        }
    }
    orders
}

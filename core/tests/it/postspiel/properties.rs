//! Properties of the adjudicator that hold for every state and every orders, not only the
//! cases: nothing panics, carrots and positions stay sound, resolution is a function, and
//! the text form of orders reads back.

use proptest::prelude::*;
use spielstand_core::postspiel::{
    Action, Board, Cmp, Comparison, Condition, FieldKind, GameState, Happening, Hare, Lang, Move, Order, Orders,
    Pending, Phase, Plain, StayKind, Test, resolve, validate,
};
use std::ops::RangeInclusive;

pub(super) const NAMES: [&str; 6] = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Ben Hur"];

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u32..30).prop_map(Action::Forward),
        Just(Action::Back),
        prop::sample::select(vec![StayKind::Eat, StayKind::Take, StayKind::Give, StayKind::Wait])
            .prop_map(Action::Stay),
    ]
}

fn plain() -> impl Strategy<Value = Plain> {
    let again = prop_oneof![Just(None), (0u32..8).prop_map(|n| Some(Move::Forward(n))), Just(Some(Move::Back))];
    (action(), again).prop_map(|(action, again)| Plain { action, again })
}

fn comparison() -> impl Strategy<Value = Comparison> {
    let ops = vec![Cmp::AtLeast, Cmp::MoreThan, Cmp::AtMost, Cmp::LessThan, Cmp::Equals, Cmp::Not];
    (prop::sample::select(ops), 0u32..120).prop_map(|(op, value)| Comparison { op, value })
}

fn test() -> impl Strategy<Value = Test> {
    let kinds = vec![
        FieldKind::Start,
        FieldKind::Goal,
        FieldKind::Hare,
        FieldKind::Carrot,
        FieldKind::Lettuce,
        FieldKind::Hedgehog,
        FieldKind::Number,
        FieldKind::Flag,
    ];
    prop_oneof![
        comparison().prop_map(Test::Carrots),
        comparison().prop_map(Test::Lettuces),
        comparison().prop_map(Test::Field),
        comparison().prop_map(Test::Position),
        prop::sample::select(kinds).prop_map(Test::Kind),
        any::<bool>().prop_map(Test::Alone),
    ]
}

pub(super) fn order() -> impl Strategy<Value = Order> {
    let condition = (prop::option::of(prop::sample::select(NAMES.to_vec())), prop::option::of(0u32..40), test())
        .prop_map(|(hare, after, test)| Condition { hare: hare.map(str::to_owned), after, test });
    prop_oneof![
        plain().prop_map(Order::Plain),
        (condition, plain(), plain()).prop_map(|(condition, then, otherwise)| Order::If { condition, then, otherwise }),
    ]
}

/// A state that is a game: 1 to 6 hares anywhere short of the goal (some finished), with
/// what they must do fitting their field.
fn state() -> impl Strategy<Value = GameState> {
    state_on(Board::default_board(), 1..=6, (0u32..64).boxed(), (0u32..250).boxed())
}

/// A state that is a game on `board`: `hares` hares on fields `field` draws (short of the
/// goal; the first finished in some), with `carrots` each and what they must do fitting
/// their field.
pub(super) fn state_on(
    board: Board,
    hares: RangeInclusive<usize>,
    field: BoxedStrategy<u32>,
    carrots: BoxedStrategy<u32>,
) -> impl Strategy<Value = GameState> {
    let hare = (field, carrots, 0u32..4, 0u8..4);
    (1u32..40, prop::collection::vec(hare, hares), any::<bool>()).prop_map(move |(round, hares, some_finished)| {
        let mut state = GameState::new(NAMES.iter().take(hares.len()).copied());
        state.board = board.clone();
        state.round = round;
        let goal = state.board.goal();
        for (i, (field, carrots, lettuces, pending)) in hares.into_iter().enumerate() {
            let hare: &mut Hare = &mut state.hares[i];
            hare.field = field.min(goal - 1);
            hare.carrots = carrots;
            hare.lettuces = lettuces;
            hare.pending = match (state.board.kind(hare.field), pending) {
                (FieldKind::Hare, 1) => Some(Pending::Wait),
                (FieldKind::Hare, 2) => Some(Pending::Eat),
                (FieldKind::Lettuce, 3) => Some(Pending::Leave),
                _ => None,
            };
        }
        if some_finished && state.hares.len() > 1 {
            let first = &mut state.hares[0];
            (first.field, first.finished, first.finish_round, first.pending, first.lettuces) =
                (goal, Some(1), Some(1), None, 0);
        }
        state
    })
}

pub(super) fn orders(n: usize) -> impl Strategy<Value = Orders> {
    prop::collection::vec(prop::option::of(order()), n).prop_map(|orders| {
        Orders(orders.into_iter().enumerate().filter_map(|(i, order)| Some((NAMES[i].to_owned(), order?))).collect())
    })
}

fn game() -> impl Strategy<Value = (GameState, Orders)> {
    state().prop_flat_map(|state| {
        let n = state.hares.len();
        (Just(state), orders(n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn every_round_resolves_to_a_sound_state((state, orders) in game()) {
        prop_assert!(state.check().is_ok(), "{:?}", state.check());
        let first = resolve(&state, &orders).unwrap();
        // A function: the same state and orders give the same round.
        prop_assert_eq!(&resolve(&state, &orders).unwrap(), &first);
        let after = &first.state;
        prop_assert!(after.check().is_ok(), "{:?}", after.check());
        let mut positions = after.positions();
        positions.sort_unstable();
        prop_assert_eq!(positions, (1..=state.hares.len() as u32).collect::<Vec<_>>());
        for line in &first.report.lines {
            // No forward move ends on a hedgehog field.
            if let Happening::Moved { kind, .. } | Happening::Hopped { kind, .. } = line.happening {
                prop_assert_ne!(kind, FieldKind::Hedgehog, "{}", line.text(Lang::En));
            }
        }
        for (before, hare) in state.hares.iter().zip(&after.hares) {
            // Carrots never go below 0: every payment is covered, every charge floors at 0.
            let paid: i64 = first.report.lines.iter().filter(|l| l.hare == hare.name).map(|l| match l.happening {
                Happening::Moved { cost, .. } | Happening::Hopped { cost, .. } => -i64::from(cost),
                Happening::Refunded { carrots } => i64::from(carrots),
                _ => 0,
            }).sum();
            prop_assert!(i64::from(before.carrots) + paid >= 0);
            if before.finished.is_some() {
                prop_assert_eq!(before, hare);
            }
        }
        // Orders accepted when they arrive are carried out in phase 1.
        if validate(&state, &orders).is_ok() {
            prop_assert!(!first.report.lines.iter().any(|l| l.phase == Phase::Orders
                && matches!(l.happening, Happening::OrderVoid { .. })), "{:#?}", first.report.text(Lang::En));
        }
        prop_assert!(serde_json::to_string(&first).is_ok());
    }

    #[test]
    fn the_text_form_reads_back(order in order()) {
        for lang in [Lang::En, Lang::De] {
            let text = order.text(lang);
            prop_assert_eq!(text.parse::<Order>(), Ok(order.clone()), "{}", text);
        }
        let json = serde_json::to_string(&order).unwrap();
        prop_assert_eq!(serde_json::from_str::<Order>(&json).unwrap(), order);
    }

    #[test]
    fn text_that_is_no_order_is_refused_not_a_panic(text in "\\PC{0,60}") {
        let _ = text.parse::<Order>();
        let _ = Orders::from_text(&text);
        let _ = GameState::from_json(&text);
        let _ = serde_json::from_str::<Orders>(&text);
    }

    #[test]
    fn mail_made_of_keywords_is_refused_not_a_panic(words in prop::collection::vec(prop::sample::select(vec![
        "Anna:", "wenn", "if", "dann", "sonst", "vor", "zurück", "bleiben", "fressen", "nochmal", "nach", "Runde",
        "von", "Ben", "ist", "Salat", "nicht", "allein", "Möhren", "Platz", ">=", "=", "3", ",", "99999999999",
    ]), 0..14)) {
        let text = words.join(" ");
        if let Ok(orders) = Orders::from_text(&text) {
            prop_assert_eq!(Orders::from_text(&orders.text(Lang::De)), Ok(orders));
        }
    }
}

//! Refusing orders when they arrive (docs/rules.md "Conditions" and "Orders"): everything that can be known before
//! the round is resolved. Each refusal has a stable code (clients key on it: never rename
//! one) and the rule text's sentence it rests on.

use super::board::FieldKind;
use super::orders::{Action, Condition, Order, Orders, Plain, StayKind, Test};
use super::state::{GameState, Pending};
use crate::finishing::{carrot_cost, max_carrots_at_finish};
use serde::Serialize;

/// Why an order is refused. Slugs are stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum RefusalCode {
    UnknownHare,
    HareFinished,
    GameOver,
    ForwardZero,
    BeyondGoal,
    CarrotsShort,
    HedgehogForward,
    LettuceNone,
    FinishLettuce,
    FinishCarrots,
    NoHedgehogBehind,
    StayNotAllowed,
    StayKind,
    LettuceLeave,
    NoLettuceToEat,
    MustStay,
    ConditionFuture,
    ConditionStale,
    ConditionUnknownHare,
}

impl RefusalCode {
    /// The code as clients see it, e.g. `hedgehog-forward`.
    pub fn slug(self) -> &'static str {
        self.into()
    }

    /// The sentence of the rule text (or, where it is silent, of `docs/rules.md`) the refusal rests on.
    pub fn rule(self) -> &'static str {
        use RefusalCode::*;
        match self {
            UnknownHare => "docs/rules.md: a hare without an entry sent no orders; an entry names a hare of the game",
            HareFinished => {
                "Wer als erster angekommen ist, hat gewonnen. (docs/rules.md: a finished hare moves no more)"
            }
            GameOver => "docs/rules.md: the game ends when all have finished or after the round limit",
            ForwardZero => "Die Hasen können vorwärts ziehen (kostet Möhren; s. Tabelle 1)",
            BeyondGoal => "Die Spieler bewegen sich vom Startfeld aus über alle Felder hinweg bis zum Zielfeld.",
            CarrotsShort => "So braucht man für jeden Vorwärtszug eine bestimmte Anzahl von Karotten",
            HedgehogForward => "Die Igelfelder dürfen nur im Rückwärtsgang betreten werden, niemals vorwärts!",
            LettuceNone => "Ein freies Salatfeld darf man auf diese Weise nur dann betreten, wenn man noch Salat hat",
            FinishLettuce => "Ins Ziel einlaufen darf aber nur, wer seine drei Salate losgeworden ist",
            FinishCarrots => {
                "Ins Ziel einlaufen darf nur, wer nicht mehr als das Zehnfache seiner Position im Ziel an Karotten mit sich herumschleppt"
            }
            NoHedgehogBehind => "rückwärts ziehen (nur auf das nächste zurückliegende Igelfeld)",
            StayNotAllowed => {
                "aussetzen, aber nur auf folgenden Feldern: Salatfeld, Möhrenfeld, Hasenfeld nach einem Ereignis"
            }
            StayKind => {
                "Salatfeld zwecks Fressen eines Salates; Möhrenfeld; man muss dann 10 Karotten abgeben oder aufnehmen"
            }
            LettuceLeave => "Spätestens nach einmaligem Aussetzen muss das Feld wieder verlassen werden.",
            NoLettuceToEat => "Auf das Salatfeld ziehen, eine Runde aussetzen, weg ist ein Salat.",
            MustStay => "In der nächsten Runde muss der Spieler auf dem Hasenfeld stehenbleiben.",
            ConditionFuture => "Sie müssen sich auf ein zeitlich zurückliegendes Ereignis beziehen.",
            ConditionStale => "docs/rules.md: a condition is about the state after the previous round",
            ConditionUnknownHare => "Sie müssen eindeutig sein;",
        }
    }
}

/// One refused order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    pub hare: String,
    pub code: RefusalCode,
    /// What is wrong, with the numbers, in English.
    pub reason: String,
    /// [`RefusalCode::rule`].
    pub rule: &'static str,
}

impl Refusal {
    pub(crate) fn new(hare: &str, (code, reason): (RefusalCode, String)) -> Refusal {
        Refusal { hare: hare.to_owned(), code, reason, rule: code.rule() }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.hare, self.reason, self.code.slug())
    }
}

pub(crate) type Why = (RefusalCode, String);

/// Checks every order against the state the round starts from. A hare without an order is
/// no refusal: it hops (docs/rules.md "NMR").
pub fn validate(state: &GameState, orders: &Orders) -> Result<(), Vec<Refusal>> {
    let mut refusals = Vec::new();
    for (name, order) in &orders.0 {
        let checked = match state.index_of(name) {
            None => Err((RefusalCode::UnknownHare, format!("{name} is not a hare of this game"))),
            Some(_) if state.finished => Err((RefusalCode::GameOver, "the game is over".to_owned())),
            Some(i) => choose(state, i, order).and_then(|(plain, _)| check_plain(state, i, &plain)),
        };
        if let Err(why) = checked {
            refusals.push(Refusal::new(name, why));
        }
    }
    if refusals.is_empty() { Ok(()) } else { Err(refusals) }
}

/// The plain order hare `i` carries out: the order itself, or the branch its condition
/// chooses; with whether the condition held.
pub(crate) fn choose(state: &GameState, i: usize, order: &Order) -> Result<(Plain, Option<bool>), Why> {
    match order {
        Order::Plain(plain) => Ok((*plain, None)),
        Order::If { condition, then, otherwise } => {
            let holds = evaluate(state, i, condition)?;
            Ok((if holds { *then } else { *otherwise }, Some(holds)))
        }
    }
}

/// A condition on the state the round starts from (docs/rules.md "Conditions": "auf ein zeitlich zurückliegendes
/// Ereignis"). The state kept is the one after the previous round, so a condition may name
/// that round or none.
pub(crate) fn evaluate(state: &GameState, i: usize, condition: &Condition) -> Result<bool, Why> {
    if let Some(after) = condition.after {
        if after >= state.round {
            return Err((
                RefusalCode::ConditionFuture,
                format!(
                    "the condition asks about the state after round {after}, which is not played before round {}",
                    state.round
                ),
            ));
        }
        if after + 1 < state.round {
            return Err((
                RefusalCode::ConditionStale,
                format!(
                    "the condition asks about the state after round {after}; only the state after round {} is known",
                    state.round - 1
                ),
            ));
        }
    }
    let about = match &condition.hare {
        None => i,
        Some(name) => state.index_of(name).ok_or_else(|| {
            (RefusalCode::ConditionUnknownHare, format!("the condition names {name}, who is not a hare of this game"))
        })?,
    };
    let hare = &state.hares[about];
    Ok(match condition.test {
        Test::Carrots(c) => c.op.holds(hare.carrots, c.value),
        Test::Lettuces(c) => c.op.holds(hare.lettuces, c.value),
        Test::Field(c) => c.op.holds(hare.field, c.value),
        Test::Position(c) => c.op.holds(state.positions()[about], c.value),
        Test::Kind(kind) => state.board.kind(hare.field) == kind,
        Test::Alone(alone) => state.alone(about) == alone,
    })
}

/// Checks a plain order of hare `i`: the action, and the `again` move as far as it can be
/// known (its field is not).
pub(crate) fn check_plain(state: &GameState, i: usize, plain: &Plain) -> Result<(), Why> {
    check_action(state, i, plain.action)?;
    if let Some(super::orders::Move::Forward(0)) = plain.again {
        return Err((RefusalCode::ForwardZero, "\"again\" moves forward at least 1 field".to_owned()));
    }
    Ok(())
}

/// Whether hare `i` may carry out `action` where it stands now (phase 1, or a "noch einmal
/// ziehen" move in phase 2).
pub(crate) fn check_action(state: &GameState, i: usize, action: Action) -> Result<(), Why> {
    let hare = &state.hares[i];
    if hare.finished.is_some() {
        return Err((RefusalCode::HareFinished, format!("{} has finished", hare.name)));
    }
    let here = state.board.kind(hare.field);
    let forced = matches!(hare.pending, Some(Pending::Wait | Pending::Eat));
    match action {
        Action::Forward(_) | Action::Back if forced => Err((
            RefusalCode::MustStay,
            format!("{} must stay on the hare field this round (hare event of the last round)", hare.name),
        )),
        Action::Forward(0) => Err((RefusalCode::ForwardZero, "forward moves at least 1 field".to_owned())),
        Action::Forward(n) => {
            let goal = state.board.goal();
            let to = u64::from(hare.field) + u64::from(n);
            if to > u64::from(goal) {
                return Err((
                    RefusalCode::BeyondGoal,
                    format!("{n} fields from field {} is beyond the goal (field {goal})", hare.field),
                ));
            }
            let to = to as u32;
            let cost = carrot_cost(n);
            if cost > u64::from(hare.carrots) {
                return Err((
                    RefusalCode::CarrotsShort,
                    format!("{n} fields cost {cost} carrots, {} has {}", hare.name, hare.carrots),
                ));
            }
            match state.board.kind(to) {
                FieldKind::Hedgehog => Err((
                    RefusalCode::HedgehogForward,
                    format!("field {to} is a hedgehog field: hedgehog fields are entered only backwards"),
                )),
                FieldKind::Lettuce if hare.lettuces == 0 => Err((
                    RefusalCode::LettuceNone,
                    format!("field {to} is a lettuce field, and {} has no lettuce left", hare.name),
                )),
                FieldKind::Goal if hare.lettuces > 0 => Err((
                    RefusalCode::FinishLettuce,
                    format!("{} still has {} lettuce(s) and may not cross the finish", hare.name, hare.lettuces),
                )),
                FieldKind::Goal => {
                    let left = u64::from(hare.carrots) - cost;
                    let last = max_carrots_at_finish(state.hares.len() as u32);
                    if left > u64::from(last) {
                        Err((
                            RefusalCode::FinishCarrots,
                            format!(
                                "{} would reach the goal with {left} carrots; even the last place allows {last}",
                                hare.name
                            ),
                        ))
                    } else {
                        Ok(())
                    }
                }
                _ => Ok(()),
            }
        }
        Action::Back => match state.board.hedgehog_behind(hare.field) {
            Some(_) => Ok(()),
            None => {
                Err((RefusalCode::NoHedgehogBehind, format!("there is no hedgehog field behind field {}", hare.field)))
            }
        },
        Action::Stay(_) if forced => Ok(()),
        Action::Stay(kind) => match (here, kind) {
            (FieldKind::Lettuce, StayKind::Eat) if hare.pending == Some(Pending::Leave) => Err((
                RefusalCode::LettuceLeave,
                format!("{} has eaten on this lettuce field and must leave it before eating again", hare.name),
            )),
            (FieldKind::Lettuce, StayKind::Eat) if hare.lettuces == 0 => {
                Err((RefusalCode::NoLettuceToEat, format!("{} has no lettuce left to eat", hare.name)))
            }
            (FieldKind::Lettuce, StayKind::Eat) | (FieldKind::Carrot, StayKind::Take | StayKind::Give) => Ok(()),
            (FieldKind::Lettuce | FieldKind::Carrot, _) => Err((
                RefusalCode::StayKind,
                format!(
                    "on a {} field a hare stays to {}",
                    <&str>::from(here),
                    if here == FieldKind::Lettuce { "eat" } else { "take or give 10 carrots" }
                ),
            )),
            _ => Err((
                RefusalCode::StayNotAllowed,
                format!(
                    "a hare may stay only on a lettuce or carrot field, or on a hare field after an event; field {} is a {} field",
                    hare.field,
                    <&str>::from(here)
                ),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slug::{Slug, check_slugs};

    #[test]
    fn refusal_codes_are_stable_and_documented() {
        check_slugs::<RefusalCode>().unwrap();
        check_slugs::<super::super::StayKind>().unwrap();
        check_slugs::<super::super::Pending>().unwrap();
        check_slugs::<super::super::FieldKind>().unwrap();
        let rules = include_str!("../../../docs/rules.md");
        for code in RefusalCode::all() {
            assert!(rules.contains(&format!("`{}`", code.slug())), "docs/rules.md does not list {}", code.slug());
            assert!(!code.rule().is_empty());
        }
        assert_eq!(RefusalCode::from_slug("hedgehog-forward"), Some(RefusalCode::HedgehogForward));
    }
}

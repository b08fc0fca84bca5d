//! What the game master tells the players: per hare and phase, what happened and why, as
//! typed facts. Every word of the report, in German and English, is in this file.

use super::board::FieldKind;
use super::events::HareEvent;
use super::orders::StayKind;
use super::refusal::RefusalCode;
use super::state::GameState;
use serde::{Serialize, Serializer};
use std::fmt;

/// The language a report is worded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    De,
    #[default]
    En,
}

/// A phase of the round (docs/rules.md "A round").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Phase 1: the orders.
    Orders,
    /// Phase 2 (`0`), 2a (`1`), 2b, ...: hare events.
    Events(u32),
    /// Phase 3: carrots.
    Carrots,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Orders => f.write_str("1"),
            Phase::Events(0) => f.write_str("2"),
            Phase::Events(n) => match char::from_u32(u32::from('a') + n - 1).filter(char::is_ascii_lowercase) {
                Some(letter) => write!(f, "2{letter}"),
                None => write!(f, "2.{n}"),
            },
            Phase::Carrots => f.write_str("3"),
        }
    }
}

impl Serialize for Phase {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Why carrots were paid or taken in phase 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "for")]
pub enum Pay {
    /// Waited on a carrot field, taking (+10) or giving (-10).
    CarrotField,
    /// A hare event gave or took 10.
    Event,
    /// Alone on a number or flag field whose number is the position.
    NumberField { position: u32 },
    /// Ate a lettuce this round: 10 x position.
    Lettuce { position: u32 },
    /// Moved back to a hedgehog field: 10 x fields.
    Hedgehog { fields: u32 },
}

/// One thing that happened to a hare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "what")]
pub enum Happening {
    /// The order's condition held (`then`) or did not (`else`).
    Condition {
        holds: bool,
    },
    /// The order could not be carried out; the hare did as without orders.
    OrderVoid {
        code: RefusalCode,
        reason: String,
    },
    /// No orders (docs/rules.md "NMR").
    NoOrders,
    Moved {
        from: u32,
        to: u32,
        kind: FieldKind,
        cost: u32,
    },
    MovedBack {
        from: u32,
        to: u32,
    },
    /// The hop of a hare without orders, or of "noch einmal ziehen" without a move.
    Hopped {
        from: u32,
        to: u32,
        kind: FieldKind,
        cost: u32,
    },
    /// No field ahead a hop could pay for: stays.
    CannotHop,
    /// Moved onto the same field as others at once: all stay (docs/rules.md "Same field, same action").
    Collision {
        field: u32,
        with: Vec<String>,
    },
    /// Did the same on one field as others: nothing happens (docs/rules.md "Same field, same action").
    SameAction {
        kind: StayKind,
        with: Vec<String>,
    },
    Stayed {
        kind: StayKind,
    },
    /// Stayed on a hare field because of the last round's event.
    Waited,
    AteLettuce {
        left: u32,
    },
    NoLettuceLeft,
    /// Ends the round on the lettuce field it must leave: the duty holds for the next round,
    /// and no second lettuce is eaten there.
    StillMustLeave {
        field: u32,
    },
    Finished {
        place: u32,
    },
    FinishRefused {
        place: u32,
        code: RefusalCode,
    },
    Event {
        code: u32,
        position: u32,
        event: HareEvent,
    },
    EventNoEffect,
    EventMoved {
        from: u32,
        to: u32,
        kind: FieldKind,
    },
    Refunded {
        carrots: u32,
    },
    Paid {
        carrots: i64,
        why: Pay,
    },
    Carrots {
        now: u32,
    },
}

impl Happening {
    /// The happening in words.
    pub fn text(&self, lang: Lang) -> String {
        use Happening::*;
        let de = lang == Lang::De;
        let names =
            |with: &[String]| crate::words::list_names(with).replace(" and ", if de { " und " } else { " and " });
        match self {
            Condition { holds } => match (de, holds) {
                (true, true) => "Bedingung erfüllt: dann-Zug".into(),
                (true, false) => "Bedingung nicht erfüllt: sonst-Zug".into(),
                (false, true) => "condition holds: the then-order".into(),
                (false, false) => "condition does not hold: the else-order".into(),
            },
            OrderVoid { code, .. } if de => {
                format!("Zug nicht ausführbar ({}: {}): wie ohne Zug", code.slug(), code.words(lang))
            }
            OrderVoid { code, reason } => format!("order void ({}: {reason}): as without orders", code.slug()),
            NoOrders if de => "kein Zug eingegangen (NMR)".into(),
            NoOrders => "no orders received (NMR)".into(),
            Moved { from, to, kind, cost } if de => {
                format!("zieht von Feld {from} vor auf Feld {to} ({}), zahlt {}", kind_de(*kind), carrots_de(*cost))
            }
            Moved { from, to, kind, cost } => {
                format!(
                    "moves forward from field {from} to field {to} ({}), paying {}",
                    kind_en(*kind),
                    carrots_en(*cost)
                )
            }
            MovedBack { from, to } if de => format!("zieht von Feld {from} zurück auf das Igelfeld {to}"),
            MovedBack { from, to } => format!("moves back from field {from} to the hedgehog field {to}"),
            Hopped { from, to, kind, cost } if de => {
                format!("hoppelt von Feld {from} auf Feld {to} ({}), zahlt {}", kind_de(*kind), carrots_de(*cost))
            }
            Hopped { from, to, kind, cost } => {
                format!("hops from field {from} to field {to} ({}), paying {}", kind_en(*kind), carrots_en(*cost))
            }
            CannotHop if de => "kann nicht hoppeln und bleibt stehen".into(),
            CannotHop => "cannot hop and stays".into(),
            Collision { field, with } if de => {
                format!("zieht gleichzeitig mit {} auf Feld {field}: alle bleiben stehen", names(with))
            }
            Collision { field, with } => format!("moves onto field {field} at once with {}: all stay", names(with)),
            SameAction { kind, with } if de => {
                format!("will wie {} auf demselben Feld {}: es passiert nichts", names(with), stay_de(*kind))
            }
            SameAction { kind, with } => {
                format!("wants to {} on the same field as {}: nothing happens", stay_en(*kind), names(with))
            }
            Stayed { kind } if de => format!("setzt aus ({})", stay_de(*kind)),
            Stayed { kind } => format!("stays ({})", stay_en(*kind)),
            Waited if de => "setzt auf dem Hasenfeld aus".into(),
            Waited => "waits on the hare field".into(),
            AteLettuce { left } if de => format!("frisst einen Salat, {left} übrig"),
            AteLettuce { left } => format!("eats a lettuce, {left} left"),
            NoLettuceLeft if de => "hat keinen Salat mehr zu fressen".into(),
            NoLettuceLeft => "has no lettuce left to eat".into(),
            StillMustLeave { field } if de => {
                format!("steht noch auf dem Salatfeld {field}: muss es verlassen, frisst dort keinen Salat mehr")
            }
            StillMustLeave { field } => {
                format!("is still on the lettuce field {field}: must leave it, eats no more lettuce there")
            }
            Finished { place } if de => format!("läuft als {place}. ins Ziel ein"),
            Finished { place } => format!("crosses the finish in place {place}"),
            FinishRefused { place, code } if de => {
                format!("darf als {place}. nicht ins Ziel ({}): bleibt stehen", code.slug())
            }
            FinishRefused { place, code } => {
                format!("may not cross the finish in place {place} ({}): stays", code.slug())
            }
            Event { code, position, event } if de => {
                format!("Hasenereignis Code {code} auf Position {position}: {}", event_de(*event))
            }
            Event { code, position, event } => {
                format!("hare event code {code} at position {position}: {}", event_en(*event))
            }
            EventNoEffect if de => "das Ereignis bleibt ohne Wirkung".into(),
            EventNoEffect => "the event has no effect".into(),
            EventMoved { from, to, kind } if de => {
                format!("springt von Feld {from} auf Feld {to} ({}), ohne Möhren", kind_de(*kind))
            }
            EventMoved { from, to, kind } => {
                format!("jumps from field {from} to field {to} ({}), no carrots", kind_en(*kind))
            }
            Refunded { carrots } if de => format!("bekommt die {} dieser Runde zurück", carrots_de(*carrots)),
            Refunded { carrots } => format!("gets back the {} spent this round", carrots_en(*carrots)),
            Paid { carrots, why } => {
                let sign = if *carrots >= 0 { "+" } else { "" };
                let words = if de { carrots_de(*carrots) } else { carrots_en(*carrots) };
                format!("{sign}{words} ({})", pay(*why, de))
            }
            Carrots { now } if de => format!("hat jetzt {}", carrots_de(*now)),
            Carrots { now } => format!("has {} now", carrots_en(*now)),
        }
    }
}

impl RefusalCode {
    /// Why an order with this code is refused, in a few words.
    pub fn words(self, lang: Lang) -> &'static str {
        use RefusalCode::*;
        let (de, en) = match self {
            UnknownHare => ("kein Hase dieses Spiels", "no hare of this game"),
            HareFinished => ("der Hase ist schon im Ziel", "the hare has finished"),
            GameOver => ("das Spiel ist zu Ende", "the game is over"),
            ForwardZero => ("vorwärts heißt mindestens ein Feld", "forward is at least one field"),
            BeyondGoal => ("über das Ziel hinaus", "beyond the goal"),
            CarrotsShort => ("nicht genug Möhren", "not enough carrots"),
            HedgehogForward => ("Igelfelder nur rückwärts", "hedgehog fields only backwards"),
            LettuceNone => ("kein Salat mehr für das Salatfeld", "no lettuce left for the lettuce field"),
            FinishLettuce => ("ins Ziel nur ohne Salat", "the finish only without lettuce"),
            FinishCarrots => ("zu viele Möhren für das Ziel", "too many carrots for the finish"),
            NoHedgehogBehind => ("kein Igelfeld dahinter", "no hedgehog field behind"),
            StayNotAllowed => ("hier darf man nicht aussetzen", "no staying on this field"),
            StayKind => ("auf diesem Feld anders aussetzen", "another kind of stay on this field"),
            LettuceLeave => ("das Salatfeld muss verlassen werden", "the lettuce field must be left"),
            NoLettuceToEat => ("kein Salat mehr zu fressen", "no lettuce left to eat"),
            MustStay => ("muss auf dem Hasenfeld stehenbleiben", "must stay on the hare field"),
            ConditionFuture => ("Bedingung über die Zukunft", "a condition about the future"),
            ConditionStale => ("Bedingung über eine ältere Runde", "a condition about an older round"),
            ConditionUnknownHare => {
                ("Bedingung nennt keinen Hasen des Spiels", "the condition names no hare of the game")
            }
        };
        if lang == Lang::De { de } else { en }
    }
}

impl super::refusal::Refusal {
    /// `Anna: hedgehog-forward (Igelfelder nur rückwärts)`; in English with the reason's numbers.
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::De => format!("{}: {} ({})", self.hare, self.code.words(lang), self.code.slug()),
            Lang::En => self.to_string(),
        }
    }
}

/// `1 Möhre`, `3 Möhren` (and `-1 Möhre`).
fn carrots_de(n: impl Into<i64>) -> String {
    let n = n.into();
    if n.abs() == 1 { format!("{n} Möhre") } else { format!("{n} Möhren") }
}

/// `1 carrot`, `3 carrots`.
fn carrots_en(n: impl Into<i64>) -> String {
    let n = n.into();
    if n.abs() == 1 { format!("{n} carrot") } else { format!("{n} carrots") }
}

fn kind_en(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Start => "start",
        FieldKind::Goal => "goal",
        FieldKind::Hare => "hare field",
        FieldKind::Carrot => "carrot field",
        FieldKind::Lettuce => "lettuce field",
        FieldKind::Hedgehog => "hedgehog field",
        FieldKind::Number => "number field",
        FieldKind::Flag => "flag field",
    }
}

fn kind_de(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Start => "Start",
        FieldKind::Goal => "Ziel",
        FieldKind::Hare => "Hasenfeld",
        FieldKind::Carrot => "Möhrenfeld",
        FieldKind::Lettuce => "Salatfeld",
        FieldKind::Hedgehog => "Igelfeld",
        FieldKind::Number => "Zahlenfeld",
        FieldKind::Flag => "Flaggenfeld",
    }
}

fn stay_en(kind: StayKind) -> &'static str {
    match kind {
        StayKind::Eat => "eat a lettuce",
        StayKind::Take => "take 10 carrots",
        StayKind::Give => "give 10 carrots",
        StayKind::Wait => "wait",
    }
}

fn stay_de(kind: StayKind) -> &'static str {
    match kind {
        StayKind::Eat => "Salat fressen",
        StayKind::Take => "10 Möhren nehmen",
        StayKind::Give => "10 Möhren abgeben",
        StayKind::Wait => "warten",
    }
}

fn event_en(event: HareEvent) -> &'static str {
    match event {
        HareEvent::Wait => "wait once",
        HareEvent::GiveTen => "give 10 carrots",
        HareEvent::TakeTen => "take 10 carrots",
        HareEvent::BackToCarrot => "back to the nearest carrot field",
        HareEvent::ForwardToCarrot => "forward to the nearest carrot field",
        HareEvent::PositionBack => "one position back",
        HareEvent::PositionForward => "one position forward",
        HareEvent::EatLettuce => "eat a lettuce",
        HareEvent::FreeMove => "the last move costs nothing",
        HareEvent::MoveAgain => "move again",
    }
}

fn event_de(event: HareEvent) -> &'static str {
    match event {
        HareEvent::Wait => "einmal aussetzen",
        HareEvent::GiveTen => "10 Möhren abgeben",
        HareEvent::TakeTen => "10 Möhren aufnehmen",
        HareEvent::BackToCarrot => "zurück zum nächsten Möhrenfeld",
        HareEvent::ForwardToCarrot => "vor zum nächsten Möhrenfeld",
        HareEvent::PositionBack => "eine Position zurück",
        HareEvent::PositionForward => "eine Position vor",
        HareEvent::EatLettuce => "einen Salat fressen",
        HareEvent::FreeMove => "der letzte Zug kostet nichts",
        HareEvent::MoveAgain => "noch einmal ziehen",
    }
}

fn pay(why: Pay, de: bool) -> String {
    match (why, de) {
        (Pay::CarrotField, true) => "Möhrenfeld".into(),
        (Pay::CarrotField, false) => "carrot field".into(),
        (Pay::Event, true) => "Hasenereignis".into(),
        (Pay::Event, false) => "hare event".into(),
        (Pay::NumberField { position }, true) => format!("Zahl/Flagge passt zu Position {position}"),
        (Pay::NumberField { position }, false) => format!("number or flag matches position {position}"),
        (Pay::Lettuce { position }, true) => format!("Salat gefressen auf Position {position}"),
        (Pay::Lettuce { position }, false) => format!("lettuce eaten at position {position}"),
        (Pay::Hedgehog { fields }, true) => format!("{fields} Felder zurück zum Igel"),
        (Pay::Hedgehog { fields }, false) => format!("{fields} fields back to the hedgehog"),
    }
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub hare: String,
    pub phase: Phase,
    pub happening: Happening,
}

impl Line {
    /// `2a Anna: hare event code 6 at position 2: move again`.
    pub fn text(&self, lang: Lang) -> String {
        format!("{} {}: {}", self.phase, self.hare, self.happening.text(lang))
    }
}

/// The report of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub round: u32,
    /// The board used: `default` or its text.
    pub board: String,
    pub lines: Vec<Line>,
    /// The game ended with this round: every hare finished, or the round limit was reached.
    pub game_over: bool,
}

impl Report {
    /// Every line in words.
    pub fn text(&self, lang: Lang) -> Vec<String> {
        self.lines.iter().map(|line| line.text(lang)).collect()
    }
}

/// A resolved round: the state the next round starts from, and what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolution {
    pub state: GameState,
    pub report: Report,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slug::Slug;

    #[test]
    fn phases_are_named_as_the_seed_names_them() {
        let names: Vec<String> = [Phase::Orders, Phase::Events(0), Phase::Events(1), Phase::Events(2), Phase::Carrots]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["1", "2", "2a", "2b", "3"]);
        assert_eq!(serde_json::to_value(Phase::Events(1)).unwrap(), "2a");
    }

    #[test]
    fn one_carrot_is_one_carrot() {
        let hopped = Happening::Hopped { from: 0, to: 1, kind: FieldKind::Hare, cost: 1 };
        assert_eq!(hopped.text(Lang::De), "hoppelt von Feld 0 auf Feld 1 (Hasenfeld), zahlt 1 Möhre");
        assert_eq!(hopped.text(Lang::En), "hops from field 0 to field 1 (hare field), paying 1 carrot");
        assert_eq!(Happening::Carrots { now: 3 }.text(Lang::De), "hat jetzt 3 Möhren");
    }

    #[test]
    fn every_refusal_has_words_in_both_languages() {
        for &code in RefusalCode::all() {
            assert_ne!(code.words(Lang::De), code.words(Lang::En), "{}", code.slug());
        }
        let line = Happening::OrderVoid { code: RefusalCode::HedgehogForward, reason: "field 8".into() };
        assert_eq!(
            line.text(Lang::De),
            "Zug nicht ausführbar (hedgehog-forward: Igelfelder nur rückwärts): wie ohne Zug"
        );
        assert_eq!(line.text(Lang::En), "order void (hedgehog-forward: field 8): as without orders");
        let json = serde_json::to_value(&line).unwrap();
        assert_eq!(json["what"], "order-void");
    }
}

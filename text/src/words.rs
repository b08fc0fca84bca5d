//! The referee's facts (core's `rangeln::referee` words) in a language: where a move was
//! refused, an allowance, what a turn made, why a piece is stuck, the notes. English from
//! the catalogue equals the facts' own `Display` (a test holds them to it).

use super::{Arg, Lang, message};
use spielstand_core::finishing::HouseRuleRefusal;
use spielstand_core::rangeln::{
    AllowanceLeft, AllowanceWords, Blocked, MoveAt, NoneMovable, Note, ShapeWords, ShortReason, TurnSoFar,
};

fn t(text: impl Into<String>) -> Arg {
    Arg::Text(text.into())
}

fn paths(lang: Lang, n: usize) -> String {
    message(lang, "words-paths", &[("count", Arg::from(n))])
}

fn steps(lang: Lang, n: usize) -> String {
    message(lang, "words-steps", &[("count", Arg::from(n))])
}

/// Steps after "of", "with", "after".
fn steps_after(lang: Lang, n: usize) -> String {
    message(lang, "words-steps-dative", &[("count", Arg::from(n))])
}

/// `a, b or c`.
fn either(lang: Lang, items: &[String]) -> String {
    items.join(&format!(", {} ", message(lang, "words-or", &[])))
}

/// `a, b and c`.
fn all_of(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), message(lang, "words-and", &[])),
    }
}

/// Where a move was refused.
pub fn move_at(at: &MoveAt, lang: Lang) -> String {
    match at {
        MoveAt::Placement { number } => message(lang, "words-placement", &[("number", Arg::from(*number))]),
        MoveAt::Turn { player } => message(lang, "words-turn", &[("player", t(player))]),
        MoveAt::Path { player, path, cells } => {
            message(lang, "words-path", &[("player", t(player)), ("path", Arg::from(*path)), ("cells", t(cells))])
        }
        MoveAt::Step { player, path, cells, step } => message(
            lang,
            "words-step",
            &[("player", t(player)), ("path", Arg::from(*path)), ("cells", t(cells)), ("step", Arg::from(*step))],
        ),
    }
}

fn shape(shape: &ShapeWords, lang: Lang) -> String {
    let (p, s) = (t(paths(lang, shape.paths)), t(steps_after(lang, shape.steps)));
    match (shape.each, shape.paths) {
        (true, 1) => message(lang, "words-shape-one", &[("steps", s)]),
        (true, _) => message(lang, "words-shape-each", &[("paths", p), ("steps", s)]),
        (false, _) => message(lang, "words-shape-total", &[("paths", p), ("steps", s)]),
    }
}

/// A turn's allowance: `Ben's allowance as second player of 3 is ...`.
pub fn allowance(allowance: &AllowanceWords, lang: Lang) -> String {
    let shapes: Vec<String> = allowance.shapes.iter().map(|s| shape(s, lang)).collect();
    let ordinal = message(lang, "words-ordinal", &[("position", Arg::from(allowance.position))]);
    message(
        lang,
        "words-allowance",
        &[
            ("player", t(&allowance.player)),
            ("ordinal", t(ordinal)),
            ("players", Arg::from(allowance.players)),
            ("shapes", t(either(lang, &shapes))),
        ],
    )
}

fn lengths(lengths: &[usize]) -> String {
    lengths.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// What a turn has made.
pub fn turn_so_far(so_far: &TurnSoFar, lang: Lang) -> String {
    match so_far {
        TurnSoFar::Paths { paths: n } => message(lang, "words-turn-paths", &[("paths", t(paths(lang, *n)))]),
        TurnSoFar::StepsInAll { steps: n } => {
            message(lang, "words-turn-steps-in-all", &[("steps", t(steps(lang, *n)))])
        }
        TurnSoFar::PathsWithSteps { paths: p, steps: s } => message(
            lang,
            "words-turn-paths-with-steps",
            &[("paths", t(paths(lang, *p))), ("steps", t(steps(lang, *s)))],
        ),
        TurnSoFar::PathsOfSteps { lengths: made } => message(
            lang,
            "words-turn-paths-of-steps",
            &[("paths", t(paths(lang, made.len()))), ("lengths", t(lengths(made)))],
        ),
        TurnSoFar::PieceCanMove { so_far, piece } => {
            message(lang, "words-turn-piece-can-move", &[("so_far", t(turn_so_far(so_far, lang))), ("piece", t(piece))])
        }
    }
}

/// Why a short path may not stop there.
pub fn short_reason(reason: &ShortReason, lang: Lang) -> String {
    match reason {
        ShortReason::CanStepOn { piece } => message(lang, "words-short-can-step-on", &[("piece", t(piece))]),
        ShortReason::CouldGoAll { piece, full } => {
            message(lang, "words-short-could-go-all", &[("piece", t(piece)), ("full", Arg::from(*full))])
        }
    }
}

fn blocked(why: &[Blocked], lang: Lang) -> String {
    let said: Vec<String> = why
        .iter()
        .map(|b| match b {
            Blocked::Open { cell } => message(lang, "words-blocked-open", &[("cell", t(cell))]),
            Blocked::Black { cell } => message(lang, "words-blocked-black", &[("cell", t(cell))]),
            Blocked::Revisit { cell } => message(lang, "words-blocked-revisit", &[("cell", t(cell))]),
            Blocked::PushOff { line } => message(lang, "words-blocked-push-off", &[("line", t(line))]),
            Blocked::Edge => message(lang, "words-blocked-edge", &[]),
            Blocked::Other(text) => text.clone(),
        })
        .collect();
    all_of(lang, &said)
}

fn none_movable(why: &NoneMovable, lang: Lang) -> String {
    match why {
        NoneMovable::AllMoved { player } => message(lang, "words-all-moved", &[("player", t(player))]),
        NoneMovable::Stuck { player, pieces } => {
            let stuck: Vec<String> = pieces
                .iter()
                .map(|(cell, why)| {
                    message(lang, "words-stuck-piece", &[("cell", t(cell)), ("why", t(blocked(why, lang)))])
                })
                .collect();
            message(lang, "words-none-movable", &[("player", t(player)), ("pieces", t(stuck.join("; ")))])
        }
    }
}

/// A note kept with a refereed round.
pub fn note(note: &Note, lang: Lang) -> String {
    match note {
        Note::ShortPath { player, path, steps: n, full, end, why } => message(
            lang,
            "words-note-short-path",
            &[
                ("player", t(player)),
                ("path", t(path)),
                ("steps", t(steps_after(lang, *n))),
                ("full", Arg::from(*full)),
                ("end", t(end)),
                ("why", t(blocked(why, lang))),
            ],
        ),
        Note::TurnEnded { player, steps: n, of, why } => message(
            lang,
            "words-note-turn-ended",
            &[
                ("player", t(player)),
                ("steps", t(steps_after(lang, *n))),
                ("of", Arg::from(*of)),
                ("why", t(none_movable(why, lang))),
            ],
        ),
    }
}

/// A turn's allowance and what is left of it.
pub fn allowance_left(left: &AllowanceLeft, lang: Lang) -> String {
    let made = match left.made.as_slice() {
        [] => message(lang, "words-made-none", &[]),
        made => message(lang, "words-made", &[("paths", t(paths(lang, made.len()))), ("lengths", t(lengths(made)))]),
    };
    let shapes: Vec<String> = left.left.iter().map(|s| shape(s, lang)).collect();
    message(
        lang,
        "words-allowance-left",
        &[("allowance", t(allowance(&left.allowance, lang))), ("made", t(made)), ("left", t(either(lang, &shapes)))],
    )
}

/// Why a house rule is refused for a game.
pub fn refusal(reason: HouseRuleRefusal, lang: Lang) -> String {
    let id = match reason {
        HouseRuleRefusal::NoCaptures => "words-refusal-no-captures",
        HouseRuleRefusal::OwnRule => "words-refusal-own-rule",
        HouseRuleRefusal::NoOwnBlockade => "words-refusal-no-own-blockade",
    };
    message(lang, id, &[])
}

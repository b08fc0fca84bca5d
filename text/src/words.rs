//! The referee's facts (core's `rangeln::referee` words) in a language: where a move was
//! refused, an allowance, what a turn made, why a piece is stuck, the notes. English from
//! the catalogue equals the facts' own `Display` (a test holds them to it).

use super::{Lang, catalogue};
use fluent_bundle::{FluentArgs, FluentValue};
use spielstand_core::rangeln::{
    AllowanceLeft, AllowanceWords, Blocked, MoveAt, NoneMovable, Note, ShapeWords, ShortReason, TurnSoFar,
};

/// A value to fill a message with.
enum V {
    N(usize),
    T(String),
}

/// The message `id` of the rules catalogue in `lang`, filled in with `args`; the id if the
/// catalogue lacks it (the tests make sure it never does).
fn say(lang: Lang, id: &str, args: &[(&str, V)]) -> String {
    let bundle = catalogue(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else { return id.to_owned() };
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        match value {
            V::N(n) => fluent.set(*name, FluentValue::from(*n)),
            V::T(text) => fluent.set(*name, FluentValue::from(text.as_str())),
        }
    }
    let mut errors = Vec::new();
    bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned()
}

fn t(text: impl Into<String>) -> V {
    V::T(text.into())
}

fn paths(lang: Lang, n: usize) -> String {
    say(lang, "words-paths", &[("count", V::N(n))])
}

fn steps(lang: Lang, n: usize) -> String {
    say(lang, "words-steps", &[("count", V::N(n))])
}

/// Steps after "of", "with", "after".
fn steps_after(lang: Lang, n: usize) -> String {
    say(lang, "words-steps-dative", &[("count", V::N(n))])
}

/// `a, b or c`.
fn either(lang: Lang, items: &[String]) -> String {
    items.join(&format!(", {} ", say(lang, "words-or", &[])))
}

/// `a, b and c`.
fn all_of(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), say(lang, "words-and", &[])),
    }
}

/// Where a move was refused.
pub fn move_at(at: &MoveAt, lang: Lang) -> String {
    match at {
        MoveAt::Placement { number } => say(lang, "words-placement", &[("number", V::N(*number))]),
        MoveAt::Turn { player } => say(lang, "words-turn", &[("player", t(player))]),
        MoveAt::Path { player, path, cells } => {
            say(lang, "words-path", &[("player", t(player)), ("path", V::N(*path)), ("cells", t(cells))])
        }
        MoveAt::Step { player, path, cells, step } => say(
            lang,
            "words-step",
            &[("player", t(player)), ("path", V::N(*path)), ("cells", t(cells)), ("step", V::N(*step))],
        ),
    }
}

fn shape(shape: &ShapeWords, lang: Lang) -> String {
    let (p, s) = (t(paths(lang, shape.paths)), t(steps_after(lang, shape.steps)));
    match (shape.each, shape.paths) {
        (true, 1) => say(lang, "words-shape-one", &[("steps", s)]),
        (true, _) => say(lang, "words-shape-each", &[("paths", p), ("steps", s)]),
        (false, _) => say(lang, "words-shape-total", &[("paths", p), ("steps", s)]),
    }
}

/// A turn's allowance: `Ben's allowance as second player of 3 is ...`.
pub fn allowance(allowance: &AllowanceWords, lang: Lang) -> String {
    let shapes: Vec<String> = allowance.shapes.iter().map(|s| shape(s, lang)).collect();
    let ordinal = say(lang, "words-ordinal", &[("position", V::N(allowance.position))]);
    say(
        lang,
        "words-allowance",
        &[
            ("player", t(&allowance.player)),
            ("ordinal", t(ordinal)),
            ("players", V::N(allowance.players)),
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
        TurnSoFar::Paths { paths: n } => say(lang, "words-turn-paths", &[("paths", t(paths(lang, *n)))]),
        TurnSoFar::StepsInAll { steps: n } => say(lang, "words-turn-steps-in-all", &[("steps", t(steps(lang, *n)))]),
        TurnSoFar::PathsWithSteps { paths: p, steps: s } => {
            say(lang, "words-turn-paths-with-steps", &[("paths", t(paths(lang, *p))), ("steps", t(steps(lang, *s)))])
        }
        TurnSoFar::PathsOfSteps { lengths: made } => say(
            lang,
            "words-turn-paths-of-steps",
            &[("paths", t(paths(lang, made.len()))), ("lengths", t(lengths(made)))],
        ),
        TurnSoFar::PieceCanMove { so_far, piece } => {
            say(lang, "words-turn-piece-can-move", &[("so_far", t(turn_so_far(so_far, lang))), ("piece", t(piece))])
        }
    }
}

/// Why a short path may not stop there.
pub fn short_reason(reason: &ShortReason, lang: Lang) -> String {
    match reason {
        ShortReason::CanStepOn { piece } => say(lang, "words-short-can-step-on", &[("piece", t(piece))]),
        ShortReason::CouldGoAll { piece, full } => {
            say(lang, "words-short-could-go-all", &[("piece", t(piece)), ("full", V::N(*full))])
        }
    }
}

fn blocked(why: &[Blocked], lang: Lang) -> String {
    let said: Vec<String> = why
        .iter()
        .map(|b| match b {
            Blocked::Open { cell } => say(lang, "words-blocked-open", &[("cell", t(cell))]),
            Blocked::Black { cell } => say(lang, "words-blocked-black", &[("cell", t(cell))]),
            Blocked::Revisit { cell } => say(lang, "words-blocked-revisit", &[("cell", t(cell))]),
            Blocked::PushOff { line } => say(lang, "words-blocked-push-off", &[("line", t(line))]),
            Blocked::Edge => say(lang, "words-blocked-edge", &[]),
            Blocked::Other(text) => text.clone(),
        })
        .collect();
    all_of(lang, &said)
}

fn none_movable(why: &NoneMovable, lang: Lang) -> String {
    match why {
        NoneMovable::AllMoved { player } => say(lang, "words-all-moved", &[("player", t(player))]),
        NoneMovable::Stuck { player, pieces } => {
            let stuck: Vec<String> = pieces
                .iter()
                .map(|(cell, why)| say(lang, "words-stuck-piece", &[("cell", t(cell)), ("why", t(blocked(why, lang)))]))
                .collect();
            say(lang, "words-none-movable", &[("player", t(player)), ("pieces", t(stuck.join("; ")))])
        }
    }
}

/// A note kept with a refereed round.
pub fn note(note: &Note, lang: Lang) -> String {
    match note {
        Note::ShortPath { player, path, steps: n, full, end, why } => say(
            lang,
            "words-note-short-path",
            &[
                ("player", t(player)),
                ("path", t(path)),
                ("steps", t(steps_after(lang, *n))),
                ("full", V::N(*full)),
                ("end", t(end)),
                ("why", t(blocked(why, lang))),
            ],
        ),
        Note::TurnEnded { player, steps: n, of, why } => say(
            lang,
            "words-note-turn-ended",
            &[
                ("player", t(player)),
                ("steps", t(steps_after(lang, *n))),
                ("of", V::N(*of)),
                ("why", t(none_movable(why, lang))),
            ],
        ),
    }
}

/// A turn's allowance and what is left of it.
pub fn allowance_left(left: &AllowanceLeft, lang: Lang) -> String {
    let made = match left.made.as_slice() {
        [] => say(lang, "words-made-none", &[]),
        made => say(lang, "words-made", &[("paths", t(paths(lang, made.len()))), ("lengths", t(lengths(made)))]),
    };
    let shapes: Vec<String> = left.left.iter().map(|s| shape(s, lang)).collect();
    say(
        lang,
        "words-allowance-left",
        &[("allowance", t(allowance(&left.allowance, lang))), ("made", t(made)), ("left", t(either(lang, &shapes)))],
    )
}

//! What the referee says, as facts: where a move was refused, a turn's allowance, what a
//! turn has made so far, why a piece is stuck, and the notes kept with a round. Each
//! says itself in English (`Display`, the API's and the log's words); `spielstand-text`
//! words the same facts in the reader's language. Nothing here is a sentence a caller
//! would have to parse. A leaf: `error` and `rangeln` both use it.

use std::fmt;

/// Names as a list: `Anna`, `Anna and Ben`, `Anna, Ben and Cleo`.
pub(crate) fn list_names<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// `1 step`, `3 steps`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// Where in a refereed round a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveAt {
    /// The `number`th placement (1-based).
    Placement { number: usize },
    /// The turn of `player`, as a whole.
    Turn { player: String },
    /// Path `path` (1-based) of `player`'s turn, its cells as written (`c3-c4-c5`).
    Path { player: String, path: usize, cells: String },
    /// Step `step` (1-based) of that path.
    Step { player: String, path: usize, cells: String, step: usize },
}

impl fmt::Display for MoveAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveAt::Placement { number } => write!(f, "placement {number}"),
            MoveAt::Turn { player } => write!(f, "turn of {player}"),
            MoveAt::Path { player, path, cells } => write!(f, "turn of {player}, path {path} ({cells})"),
            MoveAt::Step { player, path, cells, step } => {
                write!(f, "turn of {player}, path {path} ({cells}), step {step}")
            }
        }
    }
}

/// One shape of an allowance, or what is left of it: `paths` paths of `steps` steps each,
/// or (`each` false) `paths` paths sharing `steps` steps in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeWords {
    pub paths: usize,
    pub steps: usize,
    pub each: bool,
}

impl fmt::Display for ShapeWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (paths, steps) = (plural(self.paths, "path"), plural(self.steps, "step"));
        match (self.each, self.paths) {
            (true, 1) => write!(f, "1 path of {steps}"),
            (true, _) => write!(f, "{paths} of {steps} each"),
            (false, _) => write!(f, "{paths} with {steps} in all"),
        }
    }
}

/// The allowance of a turn: `player`'s, as the `position`th (1-based) of `players`, one of
/// `shapes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowanceWords {
    pub player: String,
    pub position: usize,
    pub players: usize,
    pub shapes: Vec<ShapeWords>,
}

/// `first` for 1, up to `fifth`; `next` beyond.
pub fn ordinal(position: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth"].get(position.wrapping_sub(1)).copied().unwrap_or("next")
}

impl fmt::Display for AllowanceWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shapes: Vec<String> = self.shapes.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{}'s allowance as {} player of {} is {}",
            self.player,
            ordinal(self.position),
            self.players,
            shapes.join(", or ")
        )
    }
}

/// What a turn has made, against its allowance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnSoFar {
    /// `paths` paths (more than any shape allows, or the right number).
    Paths { paths: usize },
    /// More steps in all than the shared total.
    StepsInAll { steps: usize },
    /// Fewer paths or steps than the shared total asks.
    PathsWithSteps { paths: usize, steps: usize },
    /// Paths of these lengths.
    PathsOfSteps { lengths: Vec<usize> },
    /// As `so_far`, and the piece on `piece` can still move: the turn may not end yet.
    PieceCanMove { so_far: Box<TurnSoFar>, piece: String },
}

impl fmt::Display for TurnSoFar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnSoFar::Paths { paths } => write!(f, "this turn has {}", plural(*paths, "path")),
            TurnSoFar::StepsInAll { steps } => write!(f, "this turn has {} in all", plural(*steps, "step")),
            TurnSoFar::PathsWithSteps { paths, steps } => {
                write!(f, "this turn has {} with {} in all", plural(*paths, "path"), plural(*steps, "step"))
            }
            TurnSoFar::PathsOfSteps { lengths } => {
                let each: Vec<String> = lengths.iter().map(usize::to_string).collect();
                write!(f, "this turn has {} of {} steps", plural(lengths.len(), "path"), each.join(", "))
            }
            TurnSoFar::PieceCanMove { so_far, piece } => write!(f, "{so_far}, and the piece on {piece} can still move"),
        }
    }
}

/// Why a path that stopped short may not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortReason {
    /// The piece that stopped could step on.
    CanStepOn { piece: String },
    /// Another piece of the mover could have gone the full length.
    CouldGoAll { piece: String, full: usize },
}

impl fmt::Display for ShortReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShortReason::CanStepOn { piece } => write!(f, "the piece on {piece} can still step on"),
            ShortReason::CouldGoAll { piece, full } => write!(f, "the piece on {piece} could go all {full}"),
        }
    }
}

/// What one direction offers a piece.
#[derive(Debug, Clone, PartialEq)]
pub enum Blocked {
    /// The step is open (said when a piece is not stuck after all).
    Open {
        cell: String,
    },
    Black {
        cell: String,
    },
    Revisit {
        cell: String,
    },
    PushOff {
        line: String,
    },
    /// The piece stands at the edge: some directions leave the board.
    Edge,
    /// Any other refusal of the step, in English (none is known: a step in one of the
    /// four directions is refused only for the reasons above).
    Other(String),
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::Open { cell } => write!(f, "{cell} is open"),
            Blocked::Black { cell } => write!(f, "{cell} is black"),
            Blocked::Revisit { cell } => write!(f, "{cell} was already on this path"),
            Blocked::PushOff { line } => write!(f, "the line {line} would be pushed off the board"),
            Blocked::Edge => write!(f, "the edge of the board"),
            Blocked::Other(text) => f.write_str(text),
        }
    }
}

/// The directions of a stuck piece, in English: `a1 is black, ... and the edge of the board`.
pub fn blocked_list(why: &[Blocked]) -> String {
    let said: Vec<String> = why.iter().map(ToString::to_string).collect();
    list_names(&said)
}

/// Why no piece of the mover may still move.
#[derive(Debug, Clone, PartialEq)]
pub enum NoneMovable {
    /// Every piece has made its path.
    AllMoved { player: String },
    /// The pieces that may still start a path, each with why it cannot.
    Stuck { player: String, pieces: Vec<(String, Vec<Blocked>)> },
}

impl fmt::Display for NoneMovable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoneMovable::AllMoved { player } => write!(f, "every piece of {player} has made its path this turn"),
            NoneMovable::Stuck { player, pieces } => {
                let stuck: Vec<String> =
                    pieces.iter().map(|(cell, why)| format!("the piece on {cell} ({})", blocked_list(why))).collect();
                write!(f, "no piece of {player} that may still move has a legal step: {}", stuck.join("; "))
            }
        }
    }
}

/// What a refereed round keeps beside its board: a path or a turn that ended short where
/// docs/rules.md "Stuck" allows it.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// `player`'s path `path` stopped after `steps` of `full`: its piece on `end` is stuck.
    ShortPath { player: String, path: String, steps: usize, full: usize, end: String, why: Vec<Blocked> },
    /// `player`'s turn ended after `steps` of `of`.
    TurnEnded { player: String, steps: usize, of: usize, why: NoneMovable },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::ShortPath { player, path, steps, full, end, why } => write!(
                f,
                "{player}'s path {path} stopped after {} of {full}: the piece on {end} is stuck ({}), and no piece of {player} could have gone {full} steps",
                plural(*steps, "step"),
                blocked_list(why)
            ),
            Note::TurnEnded { player, steps, of, why } => {
                write!(f, "{player}'s turn ended after {} of {of}: {why}", plural(*steps, "step"))
            }
        }
    }
}

/// The allowance of the turn in play and what is left of it, for a player who asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowanceLeft {
    pub allowance: AllowanceWords,
    /// The lengths of the paths made so far this turn.
    pub made: Vec<usize>,
    /// What each shape still open leaves.
    pub left: Vec<ShapeWords>,
}

impl fmt::Display for AllowanceLeft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let made = match self.made.as_slice() {
            [] => "no path yet".to_owned(),
            lengths => {
                let each: Vec<String> = lengths.iter().map(usize::to_string).collect();
                format!("{} ({} steps)", plural(lengths.len(), "path"), each.join(", "))
            }
        };
        let left: Vec<String> = self.left.iter().map(ToString::to_string).collect();
        write!(f, "{}; made so far: {made}; left: {}", self.allowance, left.join(", or "))
    }
}

/// Why a house rule cannot be recorded for a game (docs/rules.md "Ghostbuster ärgere dich
/// nicht").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HouseRuleRefusal {
    /// A capture rule, for a game without captures.
    NoCaptures,
    /// Part of the game's own rules already: not a house rule there.
    OwnRule,
    /// Barriers: the game forbids blocking one's own piece of one's free will.
    NoOwnBlockade,
}

impl fmt::Display for HouseRuleRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HouseRuleRefusal::NoCaptures => {
                "Ghostbuster has no captures (\"kein klassisches Rauswerfen\"), so a capture rule cannot apply"
            }
            HouseRuleRefusal::OwnRule => {
                "it is part of Ghostbuster's own rules already, so it is not a house rule there"
            }
            HouseRuleRefusal::NoOwnBlockade => {
                "Ghostbuster forbids blocking one's own piece of one's free will (\"Ein Spieler darf nicht aus \
                 freien Stücken seine eigene Figur blockieren!\"), so barriers of one's own pieces cannot be a house \
                 rule there"
            }
        })
    }
}

//! Rangeln refereed move by move: input 4 of a round, exactly as docs/rules.md's section
//! "Rangeln move by move (referee)" decides.
//!
//! A [`Referee`] holds one round in play. It takes one placement or one path at a time
//! and refuses an illegal one without changing anything, so an interactive client can
//! ask again; [`referee`] drives it over a whole written round ([`Moves`]). Every error
//! names the placement, turn, path and step at fault.
//!
//! Decisions beyond docs/rules.md, taken here:
//! - A turn ends when its paths fill a shape of the allowance (every path made, each at
//!   its full length or short where docs/rules.md's revised "Stuck" allows it), or when no
//!   piece of the mover that may still start a path has a legal step.
//! - With 3 players the second player chooses between two paths of 3 steps and three
//!   of 2; a turn counts as whichever shape its paths fit. While paths fit both (short
//!   ones), the turn goes on as long as the longer shape could take another path.
//! - In a shared shape ("k paths, S steps in all") the last path takes the steps left;
//!   it is the one path of such a turn that may be short, by the same rule as a
//!   fixed-length path.
//! - A short path is checked against the position before it: "could have gone the full
//!   length" is a search over every route of every piece that may still start a path,
//!   pushes included.

pub use crate::words::{
    AllowanceLeft, AllowanceWords, Blocked, MoveAt, NoneMovable, Note, ShapeWords, ShortReason, TurnSoFar,
};

use super::{Board, Cell};
use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A round played move by move: every placement in the order made, then one turn per
/// player in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Moves {
    /// `[player, cell]` for every placement, in the order made, round robin from the
    /// round's start player.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>, example = json!([["Anna", "c3"], ["Ben", "g7"]])))]
    pub placements: Vec<(String, Cell)>,
    /// One turn per player, in the same order as the placements.
    pub turns: Vec<Turn>,
}

/// One player's turn: the paths of their pieces, in the order moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Turn {
    pub player: String,
    /// Each path is one piece's own move: its start cell, then every cell it steps to,
    /// joined by `-` (`c3-c4-d4`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>, example = json!(["c3-c4", "d5-d6"])))]
    pub paths: Vec<Path>,
}

/// One piece's own move: the start cell, then each cell stepped to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Path(pub Vec<Cell>);

impl Path {
    /// Steps made: the cells after the start.
    pub fn steps(&self) -> usize {
        self.0.len().saturating_sub(1)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.0.iter().map(Cell::to_string).collect();
        f.write_str(&cells.join("-"))
    }
}

impl FromStr for Path {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().split('-').map(|cell| cell.trim().parse()).collect::<Result<Vec<Cell>, Error>>().map(Path)
    }
}

impl TryFrom<String> for Path {
    type Error = Error;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Path> for String {
    fn from(p: Path) -> String {
        p.to_string()
    }
}

/// The shapes a turn may take: each is a number of paths and either a fixed length for
/// every path or a total shared by the paths (each at least 1 step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    paths: usize,
    steps: Steps,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Steps {
    Each(usize),
    Total(usize),
}

/// What a shape asks of the next path of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Exactly this many steps; fewer only when stuck (docs/rules.md "Stuck").
    Full(usize),
    /// Any length from 1 up to this (a shared total with paths still to come).
    UpTo(usize),
}

impl Shape {
    fn total(self) -> usize {
        match self.steps {
            Steps::Each(each) => each * self.paths,
            Steps::Total(total) => total,
        }
    }

    /// What the next path must be after paths of `lengths`, or `None` when this shape
    /// takes no further path.
    fn need(self, lengths: &[usize]) -> Option<Need> {
        if lengths.len() >= self.paths {
            return None;
        }
        match self.steps {
            Steps::Each(each) => Some(Need::Full(each)),
            Steps::Total(total) => {
                let left = total.checked_sub(lengths.iter().sum())?;
                let later = self.paths - lengths.len() - 1;
                match later {
                    0 => Some(Need::Full(left)),
                    _ => (left > later).then_some(Need::UpTo(left - later)),
                }
            }
        }
    }

    /// Every path of the shape is made. (Each path was admitted by [`Shape::need`], a
    /// short one only when stuck.)
    fn is_complete(self, lengths: &[usize]) -> bool {
        lengths.len() == self.paths
    }

    /// What is left of this shape after paths of `lengths`: "2 paths of 3 steps each".
    fn left(self, lengths: &[usize]) -> ShapeWords {
        let paths = self.paths.saturating_sub(lengths.len());
        match self.steps {
            Steps::Each(each) => ShapeWords { paths, steps: each, each: true },
            Steps::Total(total) => ShapeWords { paths, steps: total.saturating_sub(lengths.iter().sum()), each: false },
        }
    }

    /// The shape as facts to word.
    fn words(self) -> ShapeWords {
        self.left(&[])
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words().fmt(f)
    }
}

/// The allowance of the player at `position` (0-based) of `players` (docs/rules.md).
fn allowance(players: usize, position: usize) -> Vec<Shape> {
    let each = |paths, each| Shape { paths, steps: Steps::Each(each) };
    let total = |paths, total| Shape { paths, steps: Steps::Total(total) };
    match (players, position) {
        (3, 0) => vec![each(6, 1)],
        (3, 1) => vec![each(2, 3), each(3, 2)],
        (3, _) => vec![each(1, 6)],
        (n, 0) => vec![each(n, 1)],
        (n, p) if p + 1 == n => vec![each(1, n)],
        (n, p) => vec![total(n - p, n)],
    }
}

/// "Anna's allowance as second player of 4 is 3 paths with 4 steps in all".
fn allowance_words(player: &str, players: usize, position: usize) -> AllowanceWords {
    AllowanceWords {
        player: player.to_owned(),
        position: position + 1,
        players,
        shapes: allowance(players, position).into_iter().map(Shape::words).collect(),
    }
}

/// What the round waits for next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect<'a> {
    /// The `number`th placement (1-based), by `player`.
    Placement { player: &'a str, number: usize },
    /// The next path of `player`'s turn: `path` (1-based) of the turn, whose allowance
    /// reads `allowance`.
    Path { player: &'a str, path: usize, allowance: AllowanceWords },
    /// Every player has moved: the round is over.
    Done,
}

/// One Rangeln round in play.
#[derive(Debug, Clone)]
pub struct Referee {
    /// Names in game seat order: seat 1 is piece `A`.
    players: Vec<String>,
    /// Game seats (0-based) in this round's order, the start player first.
    order: Vec<usize>,
    pieces: usize,
    board: Board,
    /// Which piece (1-based id) stands on each cell: pieces keep their identity when pushed.
    ids: [u8; 81],
    placed: usize,
    /// Whose turn (position in `order`) after the placements.
    turn: usize,
    /// Step counts of the current turn's paths.
    lengths: Vec<usize>,
    /// The shapes of the allowance that the current turn's paths still fit: the second of
    /// three players may take either of two until a path decides.
    shapes: Vec<Shape>,
    /// Pieces that made their own path this turn.
    moved: Vec<u8>,
    notes: Vec<Note>,
}

/// Where a refereed round went wrong, for [`Error::AtMove`].
fn at(error: Error, place: MoveAt) -> Error {
    Error::AtMove { at: place, error: Box::new(error) }
}

/// The four directions a step may take.
const DIRECTIONS: [(i16, i16); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Where a step from `from` to `to` on `board` pushes: the pushed line (`to` first), or
/// why the step is illegal. `visited` are the cells the path has been on.
fn step_check(board: &Board, from: Cell, to: Cell, visited: &[Cell]) -> Result<Vec<Cell>, Error> {
    let (dc, dr) = (i16::from(to.col()) - i16::from(from.col()), i16::from(to.row()) - i16::from(from.row()));
    if dc.abs() + dr.abs() != 1 {
        return Err(Error::StepNotOrthogonal { from: from.to_string(), to: to.to_string() });
    }
    if to.is_black() {
        return Err(Error::StepOntoBlack { cell: to.to_string() });
    }
    if visited.contains(&to) {
        return Err(Error::StepRevisit { cell: to.to_string() });
    }
    let mut line = Vec::new();
    let mut cell = Some(to);
    while let Some(c) = cell.filter(|&c| board.get(c).is_some()) {
        line.push(c);
        cell = offset(c, dc, dr);
    }
    if !line.is_empty() && cell.is_none() {
        let names: Vec<String> = line.iter().map(Cell::to_string).collect();
        return Err(Error::PushOffBoard { line: names.join("-") });
    }
    Ok(line)
}

/// Moves the piece on `from` to `to`, pushing `line` one cell on; `ids` follow the pieces.
fn shift(board: &mut Board, ids: &mut [u8; 81], from: Cell, to: Cell, line: &[Cell]) {
    let (dc, dr) = (i16::from(to.col()) - i16::from(from.col()), i16::from(to.row()) - i16::from(from.row()));
    for &c in line.iter().rev() {
        let next = offset(c, dc, dr).expect("checked: the line stays on the board");
        board.set(next, board.get(c));
        ids[next.index()] = ids[c.index()];
    }
    board.set(to, board.get(from));
    ids[to.index()] = ids[from.index()];
    board.set(from, None);
    ids[from.index()] = 0;
}

/// Could the piece on `from` walk `steps` more legal steps, having been on `visited`?
/// A depth-first search over the real position, pushes included.
fn can_walk(board: &Board, ids: &[u8; 81], from: Cell, visited: &mut Vec<Cell>, steps: usize) -> bool {
    if steps == 0 {
        return true;
    }
    DIRECTIONS.into_iter().filter_map(|(dc, dr)| offset(from, dc, dr)).any(|to| {
        let Ok(line) = step_check(board, from, to, visited) else { return false };
        let (mut board, mut ids) = (board.clone(), *ids);
        shift(&mut board, &mut ids, from, to, &line);
        visited.push(to);
        let walked = can_walk(&board, &ids, to, visited, steps - 1);
        visited.pop();
        walked
    })
}

impl Referee {
    /// A round for `players` (game seat order) started by the player in seat `start + 1`.
    pub fn new(players: &[String], start: usize) -> Result<Referee, Error> {
        let pieces = super::pieces_per_player(players.len())? as usize;
        let n = players.len();
        Ok(Referee {
            players: players.to_vec(),
            order: (0..n).map(|k| (start + k) % n).collect(),
            pieces,
            board: Board::default(),
            ids: [0; 81],
            placed: 0,
            turn: 0,
            lengths: Vec::new(),
            shapes: allowance(n, 0),
            moved: Vec::new(),
            notes: Vec::new(),
        })
    }

    /// A round whose placements are done: `board` is the position after phase 1, checked
    /// like one (every player's pieces, none on a black cell, no two own pieces
    /// touching). The referee takes the turns from there.
    pub fn from_position(players: &[String], start: usize, board: Board) -> Result<Referee, Error> {
        let mut round = Referee::new(players, start)?;
        for (seat, player) in players.iter().enumerate() {
            let found = board.pieces_of(seat as u8 + 1).count();
            if found != round.pieces {
                return Err(Error::PieceCount { player: player.clone(), found, expected: round.pieces });
            }
        }
        super::check_start_position(&board, players)?;
        for (id, cell) in Cell::all().filter(|&c| board.get(c).is_some()).enumerate() {
            round.ids[cell.index()] = id as u8 + 1;
        }
        round.board = board;
        round.placed = round.placements();
        Ok(round)
    }

    /// The position now; seats are the game's (`A` is seat 1).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The players in game seat order.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// What the referee said beyond accepting, e.g. a turn that ended stuck.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// Scores in game seat order, on the position now.
    pub fn scores(&self) -> Vec<i32> {
        (1..=self.players.len() as u8).map(|seat| self.board.score(seat)).collect()
    }

    fn placements(&self) -> usize {
        self.pieces * self.players.len()
    }

    fn mover(&self) -> usize {
        self.order[self.turn]
    }

    fn allowance_words(&self) -> AllowanceWords {
        allowance_words(&self.players[self.mover()], self.players.len(), self.turn)
    }

    pub fn expect(&self) -> Expect<'_> {
        if self.placed < self.placements() {
            let seat = self.order[self.placed % self.players.len()];
            return Expect::Placement { player: &self.players[seat], number: self.placed + 1 };
        }
        if self.turn < self.players.len() {
            return Expect::Path {
                player: &self.players[self.mover()],
                path: self.lengths.len() + 1,
                allowance: self.allowance_words(),
            };
        }
        Expect::Done
    }

    /// The allowance of the turn in play and what is left of it, for a player who asks:
    /// "Ben's allowance as second player of 3 is ...; made so far: 1 path (3 steps);
    /// left: 1 path of 3 steps". `None` outside the turns.
    pub fn allowance_left(&self) -> Option<AllowanceLeft> {
        if self.placed < self.placements() || self.is_done() {
            return None;
        }
        let mut left: Vec<ShapeWords> =
            self.shapes.iter().filter(|s| !s.is_complete(&self.lengths)).map(|s| s.left(&self.lengths)).collect();
        left.dedup();
        Some(AllowanceLeft { allowance: self.allowance_words(), made: self.lengths.clone(), left })
    }

    /// The seat (0-based) of `player`, who must be the one expected.
    fn check_player(&self, player: &str, expected: usize) -> Result<(), Error> {
        if self.players[expected] == player {
            return Ok(());
        }
        if !self.players.iter().any(|p| p == player) {
            return Err(Error::UnknownPlayer { player: player.to_owned() });
        }
        Err(Error::OutOfTurn { player: player.to_owned(), expected: self.players[expected].clone() })
    }

    /// The next placement: `player` puts a piece on `cell`.
    pub fn place(&mut self, player: &str, cell: Cell) -> Result<(), Error> {
        let place = MoveAt::Placement { number: self.placed + 1 };
        if self.placed == self.placements() {
            return Err(at(Error::PlacementsDone { pieces: self.pieces }, place));
        }
        let seat = self.order[self.placed % self.players.len()];
        self.check_player(player, seat).map_err(|e| at(e, place.clone()))?;
        let own = seat as u8 + 1;
        super::check_placement(&self.board, &self.players, own, cell).map_err(|e| at(e, place))?;
        self.board.set(cell, Some(own));
        self.placed += 1;
        self.ids[cell.index()] = self.placed as u8;
        Ok(())
    }

    /// Could the piece on `from` take one more step, having been on `visited`?
    fn can_step(&self, from: Cell, visited: &[Cell]) -> bool {
        DIRECTIONS
            .into_iter()
            .filter_map(|(dc, dr)| offset(from, dc, dr))
            .any(|to| step_check(&self.board, from, to, visited).is_ok())
    }

    /// Why the piece on `cell` (having been on `visited`) has no legal step, direction
    /// by direction: "a1 is black, the line a3-a4 would be pushed off the board, and the
    /// edge of the board".
    fn why_stuck(&self, cell: Cell, visited: &[Cell]) -> Vec<Blocked> {
        let mut reasons: Vec<Blocked> = Vec::new();
        let mut edge = false;
        for (dc, dr) in DIRECTIONS {
            let Some(to) = offset(cell, dc, dr) else {
                edge = true;
                continue;
            };
            reasons.push(match step_check(&self.board, cell, to, visited) {
                Ok(_) => Blocked::Open { cell: to.to_string() },
                Err(Error::StepOntoBlack { cell }) => Blocked::Black { cell },
                Err(Error::StepRevisit { cell }) => Blocked::Revisit { cell },
                Err(Error::PushOffBoard { line }) => Blocked::PushOff { line },
                Err(other) => Blocked::Other(other.to_string()),
            });
        }
        if edge {
            reasons.push(Blocked::Edge);
        }
        reasons
    }

    /// Pieces of the mover that may still start a path this turn.
    fn startable(&self) -> impl Iterator<Item = Cell> + '_ {
        let seat = self.mover() as u8 + 1;
        self.board.pieces_of(seat).filter(|c| !self.moved.contains(&self.ids[c.index()]))
    }

    /// A piece of the mover that may still start a path and has a legal step.
    fn movable(&self) -> Option<Cell> {
        self.startable().find(|&c| self.can_step(c, &[c]))
    }

    /// Why no piece of the mover that may still start a path has a legal step.
    fn why_none_movable(&self) -> NoneMovable {
        let player = self.players[self.mover()].clone();
        let pieces: Vec<(String, Vec<Blocked>)> =
            self.startable().map(|c| (c.to_string(), self.why_stuck(c, &[c]))).collect();
        if pieces.is_empty() {
            return NoneMovable::AllMoved { player };
        }
        NoneMovable::Stuck { player, pieces }
    }

    /// May a path of `steps` steps, ending on `end` after `visited` in `after`, stop short
    /// of the `full` length its shape asks for? Only at a dead end, and only when no piece
    /// of the mover that may still start a path (this one by another route included)
    /// could have gone the full length from the position before it (docs/rules.md "Stuck").
    /// The note to keep when it may; the refusal, naming a piece, when not.
    fn short_path(&self, after: &Referee, path: &Path, visited: &[Cell], full: usize) -> Result<Note, Error> {
        let (steps, end) = (path.steps(), *visited.last().expect("a path has a start"));
        let player = self.players[self.mover()].clone();
        let short = |reason: ShortReason| Error::ShortPath { steps, full, reason };
        if after.can_step(end, visited) {
            return Err(short(ShortReason::CanStepOn { piece: end.to_string() }));
        }
        if let Some(piece) = self.startable().find(|&c| can_walk(&self.board, &self.ids, c, &mut vec![c], full)) {
            return Err(short(ShortReason::CouldGoAll { piece: piece.to_string(), full }));
        }
        Ok(Note::ShortPath {
            player,
            path: path.to_string(),
            steps,
            full,
            end: end.to_string(),
            why: after.why_stuck(end, visited),
        })
    }

    /// The next path of the current turn, by `player`. Checked step by step; refused
    /// whole (nothing moves) if any step is illegal. A path shorter than its shape asks
    /// is taken only where docs/rules.md's "Stuck" allows it. Ends the turn when its paths
    /// fill a shape of the allowance, or when none could go on.
    pub fn path(&mut self, player: &str, path: &Path) -> Result<(), Error> {
        let (n, k) = (self.players.len(), self.lengths.len() + 1);
        if self.placed < self.placements() {
            let place = MoveAt::Placement { number: self.placed + 1 };
            return Err(at(Error::PlacementsMissing { made: self.placed, expected: self.placements() }, place));
        }
        let turn_at = MoveAt::Turn { player: player.to_owned() };
        if self.turn == n {
            return Err(at(Error::TurnsDone { players: n }, turn_at));
        }
        self.check_player(player, self.mover()).map_err(|e| at(e, turn_at))?;
        let path_at = MoveAt::Path { player: player.to_owned(), path: k, cells: path.to_string() };
        let Some((&start, steps)) = path.0.split_first() else {
            return Err(at(Error::PathEmpty, path_at));
        };
        if steps.is_empty() {
            return Err(at(Error::PathEmpty, path_at));
        }
        if self.board.get(start) != Some(self.mover() as u8 + 1) {
            return Err(at(Error::PathStart { player: player.to_owned(), cell: start.to_string() }, path_at));
        }
        if self.moved.contains(&self.ids[start.index()]) {
            return Err(at(Error::PieceMovedTwice { cell: start.to_string() }, path_at));
        }
        let mut lengths = self.lengths.clone();
        lengths.push(path.steps());
        // Lengths no shape could take are refused before any step is tried.
        let fits = |s: &Shape| match s.need(&self.lengths) {
            Some(Need::Full(full)) => path.steps() <= full,
            Some(Need::UpTo(most)) => path.steps() <= most,
            None => false,
        };
        if !self.shapes.iter().any(fits) {
            let has = describe(&lengths, &allowance(n, self.turn));
            return Err(at(Error::Allowance { allowance: self.allowance_words(), has }, path_at));
        }
        // Play the path on a copy: an illegal step leaves the round as it was.
        let mut after = self.clone();
        let mut visited = vec![start];
        let mut from = start;
        for (index, &to) in steps.iter().enumerate() {
            let line = step_check(&after.board, from, to, &visited).map_err(|e| {
                let step =
                    MoveAt::Step { player: player.to_owned(), path: k, cells: path.to_string(), step: index + 1 };
                at(e, step)
            })?;
            shift(&mut after.board, &mut after.ids, from, to, &line);
            visited.push(to);
            from = to;
        }
        after.moved.push(after.ids[from.index()]);
        // The shapes that take this path: at its full length, or short where stuck.
        let (mut kept, mut full_somewhere, mut note, mut refusal) = (Vec::new(), false, None, None);
        for &shape in &self.shapes {
            let need = shape.need(&self.lengths);
            let whole = match need {
                Some(Need::Full(full)) => path.steps() == full,
                Some(Need::UpTo(most)) => path.steps() <= most,
                None => false,
            };
            if whole {
                kept.push(shape);
                full_somewhere = true;
            } else if let Some(Need::Full(full)) = need.filter(|_| path.steps() > 0) {
                match self.short_path(&after, path, &visited, full) {
                    Ok(said) => {
                        kept.push(shape);
                        note = note.or(Some(said));
                    }
                    Err(e) => refusal = refusal.or(Some(e)),
                }
            }
        }
        if kept.is_empty() {
            let has = describe(&lengths, &allowance(n, self.turn));
            let error = refusal.unwrap_or(Error::Allowance { allowance: self.allowance_words(), has });
            return Err(at(error, path_at));
        }
        after.lengths = lengths;
        after.shapes = kept;
        if let Some(note) = note.filter(|_| !full_somewhere) {
            after.notes.push(note);
        }
        if after.turn_is_over() {
            after.next_turn();
        }
        *self = after;
        Ok(())
    }

    /// The board after each step of `path` from the position now, for showing a path
    /// step by step; only the steps are checked (not whose turn it is, nor the allowance).
    pub fn step_boards(&self, path: &Path) -> Result<Vec<Board>, Error> {
        let (mut board, mut ids) = (self.board.clone(), self.ids);
        let mut boards = Vec::new();
        for (index, pair) in path.0.windows(2).enumerate() {
            let line = step_check(&board, pair[0], pair[1], &path.0[..=index])?;
            shift(&mut board, &mut ids, pair[0], pair[1], &line);
            boards.push(board.clone());
        }
        Ok(boards)
    }

    /// A shape of the allowance is filled, and no other one could still take a path.
    fn turn_is_over(&self) -> bool {
        let complete = |s: &&Shape| s.is_complete(&self.lengths);
        self.shapes.iter().any(|s| complete(&s))
            && (self.shapes.iter().all(|s| complete(&s)) || self.movable().is_none())
    }

    /// Ends the current turn before its allowance is used up: accepted only when no
    /// piece of the mover that may still start a path has a legal step (docs/rules.md
    /// "Stuck"), with a note saying which pieces were stuck and why.
    pub fn end_turn(&mut self) -> Result<(), Error> {
        let Some(&seat) = self.order.get(self.turn).filter(|_| self.placed == self.placements()) else {
            return Ok(());
        };
        let player = self.players[seat].clone();
        if let Some(piece) = self.movable() {
            let has = TurnSoFar::PieceCanMove {
                so_far: Box::new(describe(&self.lengths, &self.shapes)),
                piece: piece.to_string(),
            };
            return Err(at(Error::Allowance { allowance: self.allowance_words(), has }, MoveAt::Turn { player }));
        }
        let steps: usize = self.lengths.iter().sum();
        self.notes.push(Note::TurnEnded { player, steps, of: self.shapes[0].total(), why: self.why_none_movable() });
        self.next_turn();
        Ok(())
    }

    fn next_turn(&mut self) {
        self.turn += 1;
        self.lengths.clear();
        self.moved.clear();
        self.shapes = allowance(self.players.len(), self.turn.min(self.players.len() - 1));
    }

    /// The round is over: every player has moved.
    pub fn is_done(&self) -> bool {
        self.turn == self.players.len()
    }
}

/// What a turn's paths amount to, naming what differs from the shapes it should have.
fn describe(lengths: &[usize], shapes: &[Shape]) -> TurnSoFar {
    let (paths, steps) = (lengths.len(), lengths.iter().sum::<usize>());
    if paths == 0 || shapes.iter().all(|s| paths > s.paths) {
        return TurnSoFar::Paths { paths };
    }
    if let [Shape { paths: wanted, steps: Steps::Total(total) }] = shapes {
        return match (steps.cmp(total), paths.cmp(wanted)) {
            (std::cmp::Ordering::Greater, _) => TurnSoFar::StepsInAll { steps },
            (std::cmp::Ordering::Equal, _) => TurnSoFar::Paths { paths },
            _ => TurnSoFar::PathsWithSteps { paths, steps },
        };
    }
    TurnSoFar::PathsOfSteps { lengths: lengths.to_vec() }
}

fn offset(cell: Cell, dc: i16, dr: i16) -> Option<Cell> {
    let (c, r) = (i16::from(cell.col()) + dc, i16::from(cell.row()) + dr);
    ((0..9).contains(&c) && (0..9).contains(&r)).then(|| Cell::new(c as u8, r as u8)).flatten()
}

/// A refereed round's outcome: the final position and what the referee noted.
#[derive(Debug, Clone, PartialEq)]
pub struct Refereed {
    pub board: Board,
    pub notes: Vec<Note>,
}

/// Referees a whole written round: `players` in game seat order, the round started by
/// seat `start + 1`.
pub fn referee(moves: &Moves, players: &[String], start: usize) -> Result<Refereed, Error> {
    let mut round = Referee::new(players, start)?;
    for (player, cell) in &moves.placements {
        round.place(player, *cell)?;
    }
    if round.placed < round.placements() {
        return Err(Error::PlacementsMissing { made: round.placed, expected: round.placements() });
    }
    for turn in &moves.turns {
        if round.is_done() {
            return Err(at(Error::TurnsDone { players: players.len() }, MoveAt::Turn { player: turn.player.clone() }));
        }
        let mover = round.mover();
        round.check_player(&turn.player, mover).map_err(|e| at(e, MoveAt::Turn { player: turn.player.clone() }))?;
        let before = round.turn;
        for path in &turn.paths {
            if round.turn != before {
                // The allowance was used up: this path is one too many.
                let lengths: Vec<usize> = turn.paths.iter().map(Path::steps).collect();
                let has = describe(&lengths, &allowance(players.len(), before));
                let allowance = allowance_words(&turn.player, players.len(), before);
                let turn_at = MoveAt::Turn { player: turn.player.clone() };
                return Err(at(Error::Allowance { allowance, has }, turn_at));
            }
            round.path(&turn.player, path)?;
        }
        if round.turn == before {
            round.end_turn()?;
        }
    }
    if !round.is_done() {
        let expected = round.players[round.mover()].clone();
        return Err(Error::TurnsMissing { made: round.turn, expected: players.len(), next: expected });
    }
    Ok(Refereed { board: round.board, notes: round.notes })
}

#[cfg(test)]
mod tests;

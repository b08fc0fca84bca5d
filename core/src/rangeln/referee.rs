//! Rangeln refereed move by move: input 4 of a round, exactly as RULES.md's section
//! "Rangeln move by move (referee)" decides.
//!
//! A [`Referee`] holds one round in play. It takes one placement or one path at a time
//! and refuses an illegal one without changing anything, so an interactive client can
//! ask again; [`referee`] drives it over a whole written round ([`Moves`]). Every error
//! names the placement, turn, path and step at fault.
//!
//! Decisions beyond RULES.md, taken here:
//! - A turn ends when its paths fit the allowance exactly. A shorter turn is accepted
//!   only where RULES.md's "stuck" rule says so; the answer then carries a note.
//! - With 3 players the second player chooses between two paths of 3 steps and three
//!   of 2; a turn counts as whichever shape its paths fit.
//! - A stuck path ends the turn: with a fixed length per path (two of 3, three of 2),
//!   no path may follow a shorter one.
//! - "Legal step" for the stuck rule looks one step ahead: a piece that could step
//!   once but then not again is not stuck.

use super::{Board, Cell};
use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A round played move by move: every placement in the order made, then one turn per
/// player in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

impl Shape {
    fn total(self) -> usize {
        match self.steps {
            Steps::Each(each) => each * self.paths,
            Steps::Total(total) => total,
        }
    }

    /// Could a turn whose paths so far have `lengths` still become this shape?
    fn admits_prefix(self, lengths: &[usize]) -> bool {
        let Some((&last, done)) = lengths.split_last() else { return true };
        if lengths.len() > self.paths {
            return false;
        }
        match self.steps {
            Steps::Each(each) => done.iter().all(|&l| l == each) && last <= each,
            Steps::Total(total) => lengths.iter().sum::<usize>() + (self.paths - lengths.len()) <= total,
        }
    }

    fn is_complete(self, lengths: &[usize]) -> bool {
        lengths.len() == self.paths && self.admits_prefix(lengths) && lengths.iter().sum::<usize>() == self.total()
    }

    /// May the last path of `lengths` take another step?
    fn may_extend(self, lengths: &[usize]) -> bool {
        let Some(&last) = lengths.last() else { return false };
        match self.steps {
            Steps::Each(each) => last < each,
            Steps::Total(total) => lengths.iter().sum::<usize>() + (self.paths - lengths.len()) < total,
        }
    }

    /// May another path start after `lengths` (the last one ending where it is)?
    fn may_start(self, lengths: &[usize]) -> bool {
        if lengths.len() >= self.paths {
            return false;
        }
        match self.steps {
            Steps::Each(each) => lengths.last().is_none_or(|&l| l == each),
            Steps::Total(_) => true,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let paths = plural(self.paths, "path");
        match self.steps {
            Steps::Each(each) if self.paths == 1 => write!(f, "1 path of {}", plural(each, "step")),
            Steps::Each(each) => write!(f, "{paths} of {} each", plural(each, "step")),
            Steps::Total(total) => write!(f, "{paths} with {} in all", plural(total, "step")),
        }
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// The allowance of the player at `position` (0-based) of `players` (RULES.md).
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
fn allowance_text(player: &str, players: usize, position: usize) -> String {
    let shapes: Vec<String> = allowance(players, position).iter().map(Shape::to_string).collect();
    format!("{player}'s allowance as {} player of {players} is {}", ordinal(position), shapes.join(", or "))
}

fn ordinal(position: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth"].get(position).copied().unwrap_or("next")
}

/// What the round waits for next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect<'a> {
    /// The `number`th placement (1-based), by `player`.
    Placement { player: &'a str, number: usize },
    /// The next path of `player`'s turn: `path` (1-based) of the turn, whose allowance
    /// reads `allowance`.
    Path { player: &'a str, path: usize, allowance: String },
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
    /// Pieces that made their own path this turn.
    moved: Vec<u8>,
    /// Where the current turn's last path ended, and the cells it has been on.
    last: Option<(Cell, Vec<Cell>)>,
    notes: Vec<String>,
}

/// Where a refereed round went wrong, for [`Error::AtMove`].
fn at(error: Error, place: impl Into<String>) -> Error {
    Error::AtMove { at: place.into(), error: Box::new(error) }
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
            moved: Vec::new(),
            last: None,
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
        super::check_start_position(&board)?;
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
    pub fn notes(&self) -> &[String] {
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

    fn shapes(&self) -> Vec<Shape> {
        allowance(self.players.len(), self.turn)
    }

    fn allowance_text(&self) -> String {
        allowance_text(&self.players[self.mover()], self.players.len(), self.turn)
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
                allowance: self.allowance_text(),
            };
        }
        Expect::Done
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
        let number = self.placed + 1;
        let place = format!("placement {number}");
        if self.placed == self.placements() {
            return Err(at(Error::PlacementsDone { pieces: self.pieces }, place));
        }
        let seat = self.order[self.placed % self.players.len()];
        self.check_player(player, seat).map_err(|e| at(e, &place))?;
        let (name, at_cell) = (player.to_owned(), cell.to_string());
        if cell.is_black() {
            return Err(at(Error::PlaceOnBlack { player: name, cell: at_cell }, place));
        }
        if let Some(other) = self.board.get(cell) {
            let other = self.players[usize::from(other) - 1].clone();
            return Err(at(Error::PlaceOccupied { player: name, cell: at_cell, other }, place));
        }
        let own = seat as u8 + 1;
        if let Some(other) = cell.neighbours().find(|&n| self.board.get(n) == Some(own)) {
            return Err(at(Error::PlaceNextToOwn { player: name, cell: at_cell, other: other.to_string() }, place));
        }
        self.board.set(cell, Some(own));
        self.placed += 1;
        self.ids[cell.index()] = self.placed as u8;
        Ok(())
    }

    /// Where the mover's piece at `from` would push and land stepping to `to`: the
    /// pushed line (`to` first), or why the step is illegal. `visited` are the cells the
    /// path has been on.
    fn step_check(&self, from: Cell, to: Cell, visited: &[Cell]) -> Result<Vec<Cell>, Error> {
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
        while let Some(c) = cell.filter(|&c| self.board.get(c).is_some()) {
            line.push(c);
            cell = offset(c, dc, dr);
        }
        if !line.is_empty() && cell.is_none() {
            let names: Vec<String> = line.iter().map(Cell::to_string).collect();
            return Err(Error::PushOffBoard { line: names.join("-") });
        }
        Ok(line)
    }

    /// Moves the piece on `from` to `to`, pushing `line` one cell on.
    fn step(&mut self, from: Cell, to: Cell, line: &[Cell]) {
        let (dc, dr) = (i16::from(to.col()) - i16::from(from.col()), i16::from(to.row()) - i16::from(from.row()));
        for &c in line.iter().rev() {
            let next = offset(c, dc, dr).expect("checked: the line stays on the board");
            self.board.set(next, self.board.get(c));
            self.ids[next.index()] = self.ids[c.index()];
        }
        self.board.set(to, self.board.get(from));
        self.ids[to.index()] = self.ids[from.index()];
        self.board.set(from, None);
        self.ids[from.index()] = 0;
    }

    /// Could the piece on `from` take one more step, having been on `visited`?
    fn can_step(&self, from: Cell, visited: &[Cell]) -> bool {
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter_map(|(dc, dr)| offset(from, dc, dr))
            .any(|to| self.step_check(from, to, visited).is_ok())
    }

    /// Pieces of the mover that may still start a path this turn.
    fn startable(&self) -> impl Iterator<Item = Cell> + '_ {
        let seat = self.mover() as u8 + 1;
        self.board.pieces_of(seat).filter(|c| !self.moved.contains(&self.ids[c.index()]))
    }

    /// The next path of the current turn, by `player`. Checked step by step; refused
    /// whole (nothing moves) if any step is illegal. Ends the turn when its paths fit
    /// the allowance exactly.
    pub fn path(&mut self, player: &str, path: &Path) -> Result<(), Error> {
        let (n, k) = (self.players.len(), self.lengths.len() + 1);
        if self.placed < self.placements() {
            let place = format!("placement {}", self.placed + 1);
            return Err(at(Error::PlacementsMissing { made: self.placed, expected: self.placements() }, place));
        }
        if self.turn == n {
            return Err(at(Error::TurnsDone { players: n }, format!("turn of {player}")));
        }
        let turn_at = format!("turn of {player}");
        self.check_player(player, self.mover()).map_err(|e| at(e, &turn_at))?;
        let path_at = format!("{turn_at}, path {k} ({path})");
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
        if !self.shapes().iter().any(|s| s.admits_prefix(&lengths)) {
            let has = describe(&lengths, &self.shapes());
            return Err(at(Error::Allowance { allowance: self.allowance_text(), has }, path_at));
        }
        // Play the path on a copy: an illegal step leaves the round as it was.
        let mut after = self.clone();
        let mut visited = vec![start];
        let mut from = start;
        for (index, &to) in steps.iter().enumerate() {
            let line =
                after.step_check(from, to, &visited).map_err(|e| at(e, format!("{path_at}, step {}", index + 1)))?;
            after.step(from, to, &line);
            visited.push(to);
            from = to;
        }
        after.moved.push(after.ids[from.index()]);
        after.lengths = lengths;
        after.last = Some((from, visited));
        if after.shapes().iter().any(|s| s.is_complete(&after.lengths)) {
            after.next_turn();
        }
        *self = after;
        Ok(())
    }

    /// Could the current turn go on (the last path extend, or another path start)?
    /// Names a piece that still could move.
    fn could_go_on(&self) -> Option<Cell> {
        let shapes: Vec<Shape> = self.shapes().into_iter().filter(|s| s.admits_prefix(&self.lengths)).collect();
        if let Some((end, visited)) = &self.last
            && shapes.iter().any(|s| s.may_extend(&self.lengths))
            && self.can_step(*end, visited)
        {
            return Some(*end);
        }
        if shapes.iter().any(|s| s.may_start(&self.lengths)) {
            return self.startable().find(|&c| self.can_step(c, &[c]));
        }
        None
    }

    /// Ends the current turn before its allowance is used up: accepted only when no
    /// further legal step exists (RULES.md "Stuck"), with a note saying so.
    pub fn end_turn(&mut self) -> Result<(), Error> {
        let Some(&seat) = self.order.get(self.turn).filter(|_| self.placed == self.placements()) else {
            return Ok(());
        };
        let player = self.players[seat].clone();
        if let Some(piece) = self.could_go_on() {
            let has = format!("{}, and the piece on {piece} can still move", describe(&self.lengths, &self.shapes()));
            return Err(at(Error::Allowance { allowance: self.allowance_text(), has }, format!("turn of {player}")));
        }
        let steps: usize = self.lengths.iter().sum();
        self.notes.push(format!(
            "{player}'s turn ended after {} of {}: no piece of {player} could make another legal step",
            plural(steps, "step"),
            self.shapes()[0].total()
        ));
        self.next_turn();
        Ok(())
    }

    fn next_turn(&mut self) {
        self.turn += 1;
        self.lengths.clear();
        self.moved.clear();
        self.last = None;
    }

    /// The round is over: every player has moved.
    pub fn is_done(&self) -> bool {
        self.turn == self.players.len()
    }
}

/// What a turn's paths amount to, naming what differs from the shapes it should have.
fn describe(lengths: &[usize], shapes: &[Shape]) -> String {
    let (paths, steps) = (lengths.len(), lengths.iter().sum::<usize>());
    if paths == 0 || shapes.iter().all(|s| paths > s.paths) {
        return format!("this turn has {}", plural(paths, "path"));
    }
    if let [Shape { paths: wanted, steps: Steps::Total(total) }] = shapes {
        return match (steps.cmp(total), paths.cmp(wanted)) {
            (std::cmp::Ordering::Greater, _) => format!("this turn has {} in all", plural(steps, "step")),
            (std::cmp::Ordering::Equal, _) => format!("this turn has {}", plural(paths, "path")),
            _ => format!("this turn has {} with {} in all", plural(paths, "path"), plural(steps, "step")),
        };
    }
    let each: Vec<String> = lengths.iter().map(usize::to_string).collect();
    format!("this turn has {} of {} steps", plural(lengths.len(), "path"), each.join(", "))
}

fn offset(cell: Cell, dc: i16, dr: i16) -> Option<Cell> {
    let (c, r) = (i16::from(cell.col()) + dc, i16::from(cell.row()) + dr);
    ((0..9).contains(&c) && (0..9).contains(&r)).then(|| Cell::new(c as u8, r as u8)).flatten()
}

/// A refereed round's outcome: the final position and what the referee noted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refereed {
    pub board: Board,
    pub notes: Vec<String>,
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
            return Err(at(Error::TurnsDone { players: players.len() }, format!("turn of {}", turn.player)));
        }
        let mover = round.mover();
        round.check_player(&turn.player, mover).map_err(|e| at(e, format!("turn of {}", turn.player)))?;
        let before = round.turn;
        for path in &turn.paths {
            if round.turn != before {
                // The allowance was used up: this path is one too many.
                let lengths: Vec<usize> = turn.paths.iter().map(Path::steps).collect();
                let has = describe(&lengths, &allowance(players.len(), before));
                let text = allowance_text(&turn.player, players.len(), before);
                return Err(at(Error::Allowance { allowance: text, has }, format!("turn of {}", turn.player)));
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

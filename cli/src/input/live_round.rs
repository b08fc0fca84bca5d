//! A Rangeln round refereed live at the table: each player in turn types a placement (a
//! cell) and then paths (`c3-c4-d4`); core's referee checks each one as it is typed and
//! an illegal one is refused with the reason and asked again. Every prompt also takes
//! `undo` (the last placement, path or end of turn, repeatedly, back to the start of the
//! round), `board`, `help` (what is expected, and the allowance left) and `quit`. After
//! every accepted entry the caller keeps the round (a draft), so nothing typed is lost.

use super::console::{CONTROL_WORDS, Console, Reply};
use crate::draft::{LiveEntry, LiveRound};
use crate::error::Result;
use crate::output::board::render;
use spielstand_core::Error as RuleError;
use spielstand_core::rangeln::{Cell, Expect, Moves, Path, Referee, Turn, pieces_per_player};
use std::io::{BufRead, Write};

/// How entering stopped before the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `quit` was typed.
    Quit,
    /// The input ended (Ctrl-D, a closed pipe).
    EndOfInput,
}

/// A round played to its end, or where it stopped.
#[derive(Debug)]
pub enum Played<T> {
    Done(T),
    Stopped(Stop),
}

impl LiveRound {
    pub fn new(start: usize) -> LiveRound {
        LiveRound { start, entries: Vec::new() }
    }

    /// The referee after every entry so far.
    pub fn replay(&self, players: &[String]) -> Result<Referee, RuleError> {
        let mut round = Referee::new(players, self.start)?;
        for entry in &self.entries {
            match entry {
                LiveEntry::Place { player, cell } => round.place(player, *cell)?,
                LiveEntry::Path { player, path } => round.path(player, path)?,
                LiveEntry::Stuck { .. } => round.end_turn()?,
            }
        }
        Ok(round)
    }

    /// The round written down (core's moves form): placements, then one turn per player.
    pub fn moves(&self) -> Moves {
        let mut moves = Moves { placements: Vec::new(), turns: Vec::new() };
        for entry in &self.entries {
            let (player, path) = match entry {
                LiveEntry::Place { player, cell } => {
                    moves.placements.push((player.clone(), *cell));
                    continue;
                }
                LiveEntry::Path { player, path } => (player, Some(path)),
                LiveEntry::Stuck { player } => (player, None),
            };
            if moves.turns.last().is_none_or(|t| &t.player != player) {
                moves.turns.push(Turn { player: player.clone(), paths: Vec::new() });
            }
            if let Some(path) = path {
                moves.turns.last_mut().expect("pushed above").paths.push(path.clone());
            }
        }
        moves
    }
}

/// What an entry was, for "Took back ...".
fn describe(entry: &LiveEntry) -> String {
    match entry {
        LiveEntry::Place { player, cell } => format!("{player}'s placement on {cell}"),
        LiveEntry::Path { player, path } => format!("{player}'s path {path}"),
        LiveEntry::Stuck { player } => format!("the end of {player}'s turn"),
    }
}

/// Plays `round` (perhaps begun already) of `players` live on `console` to its end.
/// `keep` is called with the round after every accepted entry and every undo.
pub fn play(
    players: &[String],
    round: &mut LiveRound,
    console: &mut Console<impl BufRead, impl Write>,
    colour: bool,
    keep: &mut impl FnMut(&LiveRound) -> Result<()>,
) -> Result<Played<Moves>> {
    let n = players.len();
    let mut referee = round.replay(players)?;
    console.say(&format!(
        "Round {} of {n}: {} starts. Place one piece at a time (a cell such as c3), then move (a path such as c3-c4-d4). Type help at any prompt.",
        round.start + 1,
        players[round.start]
    ))?;
    console.show(&render(referee.board(), players, colour))?;
    loop {
        let prompt = match referee.expect() {
            Expect::Done => return Ok(Played::Done(round.moves())),
            Expect::Placement { player, number } => format!("{player}, placement {number}: "),
            Expect::Path { player, path, allowance } => {
                format!("{player}, path {path} ({allowance}; 'stuck' ends the turn): ")
            }
        };
        let reply = match console.ask(&prompt)? {
            None => return Ok(Played::Stopped(Stop::EndOfInput)),
            Some(Reply::Quit) => return Ok(Played::Stopped(Stop::Quit)),
            Some(reply) => reply,
        };
        let notes = referee.notes().len();
        let entry = match reply {
            Reply::Undo => {
                match round.entries.pop() {
                    Some(entry) => {
                        referee = round.replay(players)?;
                        keep(round)?;
                        console.say(&format!("  Took back {}.", describe(&entry)))?;
                        console.show(&render(referee.board(), players, colour))?;
                    }
                    None => console.say("  Nothing to take back: this round has just begun.")?,
                }
                continue;
            }
            Reply::Board => {
                console.show(&render(referee.board(), players, colour))?;
                continue;
            }
            Reply::Help => {
                console.say(&help(&referee, n))?;
                continue;
            }
            Reply::Quit => unreachable!("handled above"),
            Reply::Text(text) => match referee.expect() {
                Expect::Placement { player, .. } => {
                    let player = player.to_owned();
                    let placed = text.parse::<Cell>().and_then(|cell| referee.place(&player, cell).map(|()| cell));
                    match placed {
                        Ok(cell) => {
                            console.show(&render(referee.board(), players, colour))?;
                            LiveEntry::Place { player, cell }
                        }
                        Err(e) => {
                            console.say(&format!("  refused: {e}; again (help says what is expected)"))?;
                            continue;
                        }
                    }
                }
                Expect::Path { player, .. } if text.eq_ignore_ascii_case("stuck") => {
                    let player = player.to_owned();
                    if let Err(e) = referee.end_turn() {
                        console.say(&format!("  refused: {e}"))?;
                        continue;
                    }
                    LiveEntry::Stuck { player }
                }
                Expect::Path { player, .. } => {
                    let player = player.to_owned();
                    let before = referee.clone();
                    match text.parse::<Path>().and_then(|p| referee.path(&player, &p).map(|()| p)) {
                        Ok(path) => {
                            show_steps(&before, &player, &path, players, console, colour)?;
                            LiveEntry::Path { player, path }
                        }
                        Err(e) => {
                            console.say(&format!("  refused: {e}; again (help says what is expected)"))?;
                            continue;
                        }
                    }
                }
                Expect::Done => unreachable!("the round would have ended"),
            },
        };
        round.entries.push(entry);
        keep(round)?;
        for note in &referee.notes()[notes..] {
            console.say(&format!("  note: {note}"))?;
        }
    }
}

/// What is expected now, in words.
fn help(referee: &Referee, n: usize) -> String {
    let pieces = pieces_per_player(n).unwrap_or(0);
    match referee.expect() {
        Expect::Placement { player, number } => format!(
            "  {player} places piece {} of {pieces}: type a free cell such as c3, not a black cell (#) and not next to a piece of {player}'s own, diagonals included.\n  Also: {CONTROL_WORDS}.",
            (number - 1) / n + 1
        ),
        Expect::Path { player, .. } => format!(
            "  {}.\n  Type a path such as c3-c4-d4: a piece's start cell, then each cell it steps to (a row or a column at a time, never back). A path goes its full length wherever a piece of {player} can; 'stuck' ends the turn when no piece of {player} that may still move has a legal step.\n  Also: {CONTROL_WORDS}.",
            referee.allowance_left().unwrap_or_default()
        ),
        Expect::Done => "  The round is over.".to_owned(),
    }
}

/// The board after each step of an accepted path, from the position before it.
fn show_steps(
    before: &Referee,
    player: &str,
    path: &Path,
    players: &[String],
    console: &mut Console<impl BufRead, impl Write>,
    colour: bool,
) -> Result<()> {
    for (steps, board) in before.step_boards(path)?.iter().enumerate() {
        console.say(&format!("{player}: {}", Path(path.0[..=steps + 1].to_vec())))?;
        console.show(&render(board, players, colour))?;
    }
    Ok(())
}

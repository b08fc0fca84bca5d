//! A Rangeln round refereed live at the table: each player in turn types a placement (a
//! cell) and then paths (`c3-c4-d4`); core's referee checks each one as it is typed and
//! an illegal one is refused with the reason and asked again. Every prompt also takes
//! `undo` (the last placement, path or end of turn, repeatedly, back to the start of the
//! round), `board`, `help` (what is expected, and the allowance left) and `quit`. After
//! every accepted entry the caller keeps the round (a draft), so nothing typed is lost.

use super::console::{Console, Reply};
use crate::draft::{LiveEntry, LiveRound};
use crate::error::Result;
use crate::output::board::render;
use crate::t;
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

/// "Took back ..." the entry.
fn took_back(entry: &LiveEntry) -> String {
    match entry {
        LiveEntry::Place { player, cell } => t!("live-took-back-placement", player = player, cell = cell.to_string()),
        LiveEntry::Path { player, path } => t!("live-took-back-path", player = player, path = path.to_string()),
        LiveEntry::Stuck { player } => t!("live-took-back-stuck", player = player),
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
    console.say(&t!("live-intro", round = round.start + 1, rounds = n, player = &players[round.start]))?;
    console.show(&render(referee.board(), players, colour))?;
    loop {
        let prompt = match referee.expect() {
            Expect::Done => return Ok(Played::Done(round.moves())),
            Expect::Placement { player, number } => {
                format!("{} ", t!("live-placement-prompt", player = player, number = number))
            }
            Expect::Path { player, path, allowance } => {
                format!(
                    "{} ",
                    t!(
                        "live-path-prompt",
                        player = player,
                        path = path,
                        allowance = crate::lang::allowance(&allowance)
                    )
                )
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
                        console.say(&format!("  {}", took_back(&entry)))?;
                        console.show(&render(referee.board(), players, colour))?;
                    }
                    None => console.say(&format!("  {}", t!("live-nothing-to-undo")))?,
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
                            console.say(&format!("  {}", t!("live-refused-again", error = crate::lang::rule(&e))))?;
                            continue;
                        }
                    }
                }
                Expect::Path { player, .. } if text.eq_ignore_ascii_case("stuck") => {
                    let player = player.to_owned();
                    if let Err(e) = referee.end_turn() {
                        console.say(&format!("  {}", t!("live-refused", error = crate::lang::rule(&e))))?;
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
                            console.say(&format!("  {}", t!("live-refused-again", error = crate::lang::rule(&e))))?;
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
            console.say(&format!("  {}", t!("input-note", note = crate::lang::note(note))))?;
        }
    }
}

/// What is expected now, in words.
fn help(referee: &Referee, n: usize) -> String {
    let pieces = pieces_per_player(n).unwrap_or(0);
    match referee.expect() {
        Expect::Placement { player, number } => format!(
            "  {}\n  {}",
            t!("live-help-placement", player = player, piece = (number - 1) / n + 1, pieces = pieces),
            t!("input-also")
        ),
        Expect::Path { player, .. } => format!(
            "  {}.\n  {}\n  {}",
            referee.allowance_left().as_ref().map(crate::lang::allowance_left).unwrap_or_default(),
            t!("live-help-path", player = player),
            t!("input-also")
        ),
        Expect::Done => format!("  {}", t!("live-round-over")),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Anna", "Ben", "Cleo"].iter().map(|s| s.to_string()).collect()
    }

    /// The 24 placement cells of a round of three: rows 2, 4, 6 and 8, columns b, c, d,
    /// f, g, h, so that no two pieces of one player touch.
    fn cells() -> Vec<String> {
        ["2", "4", "6", "8"]
            .iter()
            .flat_map(|row| ["b", "c", "d", "f", "g", "h"].map(|col| format!("{col}{row}")))
            .collect()
    }

    fn play_typed(typed: &str, round: &mut LiveRound) -> (Played<Moves>, String, usize) {
        let mut out = Vec::new();
        let mut kept = 0;
        let played = {
            let mut console = Console::new(typed.as_bytes(), &mut out);
            play(&names(), round, &mut console, false, &mut |_| {
                kept += 1;
                Ok(())
            })
            .unwrap()
        };
        (played, String::from_utf8(out).unwrap(), kept)
    }

    #[test]
    fn a_live_round_refuses_illegal_moves_takes_back_and_explains() {
        let mut typed = String::from("e5\nhelp\n");
        let cells = cells();
        typed.push_str(&cells[..2].join("\n"));
        // Ben's c2 taken back, and placed again.
        typed.push_str("\nundo\nboard\n");
        typed.push_str(&cells[1..].join("\n"));
        // Anna: one illegal path, help, six of one step; the last one taken back and made again.
        typed.push_str("\nb2-b3-b1\nhelp\nstuck\nb2-b3\nf2-f3\nb4-a4\nf4-e4\nb6-a6\nf6-f7\n");
        // Ben: three paths of two steps; undo of the first path of his turn.
        typed.push_str("c2-c1-d1\nundo\nc2-c1-d1\ng2-g1-f1\nc4-c5-b5\n");
        // Cleo: one path of six.
        typed.push_str("h8-i8-i7-i6-i5-i4-i3\n");
        let mut round = LiveRound::new(0);
        let (played, out, kept) = play_typed(&typed, &mut round);
        let Played::Done(moves) = played else { panic!("{out}") };
        assert!(out.contains("refused: placement 1: Anna may not place on e5: it is a black cell; again"), "{out}");
        assert!(out.contains("Anna places piece 1 of 8: type a free cell"), "{out}");
        assert!(out.contains("Took back Ben's placement on c2."), "{out}");
        assert!(out.contains("refused: turn of Anna, path 1 (b2-b3-b1)"), "{out}");
        assert!(
            out.contains("Anna's allowance as first player of 3 is 6 paths of 1 step each; made so far: no path yet; left: 6 paths of 1 step each"),
            "{out}"
        );
        assert!(out.contains("refused: turn of Anna: "), "stuck while pieces can move: {out}");
        assert!(out.contains("Took back Ben's path c2-c1-d1."), "{out}");
        assert!(out.contains("Cleo: h8-i8-i7"), "the board is shown after each step: {out}");
        assert_eq!(moves.placements.len(), 24);
        assert_eq!(moves.turns.len(), 3);
        assert_eq!(round.entries.len(), 24 + 6 + 3 + 1);
        assert!(kept >= round.entries.len(), "kept after every entry and undo");
        // Written down, the round referees the same.
        let again: Moves = moves.to_string().parse().unwrap();
        assert_eq!(again, moves);
        spielstand_core::rangeln::referee(&moves, &names(), 0).unwrap();
    }

    #[test]
    fn stopping_keeps_the_round_and_undo_stops_at_its_start() {
        let mut round = LiveRound::new(1);
        let (played, out, _) = play_typed("undo\nb2\nc2\nquit\n", &mut round);
        assert!(matches!(played, Played::Stopped(Stop::Quit)));
        assert!(out.contains("Nothing to take back: this round has just begun."), "{out}");
        assert!(out.contains("Round 2 of 3: Ben starts."), "{out}");
        assert_eq!(round.entries.len(), 2, "{out}");
        // Resumed, it goes on where it stopped; the end of input stops it again.
        let (played, out, _) = play_typed("d2\n", &mut round);
        assert!(matches!(played, Played::Stopped(Stop::EndOfInput)), "{out}");
        assert!(out.contains("Ben, placement 4: "), "{out}");
        assert_eq!(
            round.moves().placements[..3].iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
            ["Ben", "Cleo", "Anna"]
        );
    }
}

//! `spielstand referee rangeln`: core's referee at the table. Each round is played live
//! on the terminal (or read from a file in the moves text form): every placement and
//! path is checked by core as it is typed, an illegal one is refused with the reason and
//! asked again, the board is shown after every placement and step, and the round is
//! scored on its final board. At the end the game is recorded like `record rangeln`.

use super::Ctx;
use super::record::rangeln_game;
use crate::args::{RecordTarget, RefereeCommand, RefereeRangeln};
use crate::error::{CliError, Result};
use crate::input::prompt::{self, ask, running_totals, term};
use crate::input::read_input;
use crate::output::board::{colour_wanted, render};
use spielstand_core::rangeln::{Cell, Expect, Moves, Path, Referee, RoundInput, Turn, play_round, referee};
use std::io::{BufRead, Write};

pub fn run(ctx: impl Fn() -> Result<Ctx>, command: RefereeCommand) -> Result<()> {
    match command {
        RefereeCommand::Rangeln(args) => rangeln(ctx, args),
    }
}

fn rangeln(ctx: impl Fn() -> Result<Ctx>, args: RefereeRangeln) -> Result<()> {
    let players = args.players.0.clone();
    let n = players.len();
    spielstand_core::rangeln::pieces_per_player(n)?;
    for name in &players {
        spielstand_core::check_name(name)?;
    }
    if args.rounds.len() > n {
        return Err(CliError::input(format!(
            "{n} players play {n} rounds, and {} --round files were given",
            args.rounds.len()
        )));
    }
    let mut given = Vec::with_capacity(args.rounds.len());
    let mut stdin_used = false;
    for (index, file) in args.rounds.iter().enumerate() {
        let path = file.strip_prefix('@').ok_or_else(|| {
            CliError::input(format!("--round {file}: name a file with @FILE (the moves text form, see --help)"))
        })?;
        let text = read_input(path, &mut stdin_used)?;
        let moves: Moves = text.parse().map_err(|e| CliError::input(format!("round {} ({path}): {e}", index + 1)))?;
        given.push(moves);
    }
    if given.len() < n && !prompt::is_interactive() {
        return Err(CliError::input(format!(
            "rounds {} to {n} are refereed live on a terminal; here, give every round as --round @FILE",
            given.len() + 1
        )));
    }
    let mut stdin = std::io::stdin().lock();
    let rounds = play(&players, &given, &mut stdin, &mut std::io::stderr(), colour_wanted())?;
    match args.league {
        Some(league) => {
            let target = RecordTarget { league, date: args.date, dry_run: args.dry_run, output: args.output };
            let interactive = given.len() < n;
            rangeln_game(&ctx()?, &target, &players, rounds, &[], interactive && !args.yes)
        }
        None => {
            eprintln!("Not recorded: give --league L to record the game.");
            Ok(())
        }
    }
}

/// Every round of the game: the `given` ones checked as written, the rest refereed live
/// from `input`. Shows each round's scores and the running totals on `out`.
pub(crate) fn play(
    players: &[String],
    given: &[Moves],
    input: &mut impl BufRead,
    out: &mut impl Write,
    colour: bool,
) -> Result<Vec<RoundInput>> {
    let mut rounds = Vec::with_capacity(players.len());
    let mut scores = Vec::with_capacity(players.len());
    for index in 0..players.len() {
        let number = index as u32 + 1;
        let moves = match given.get(index) {
            Some(moves) => {
                let refereed = referee(moves, players, index).map_err(|e| e.in_round(number))?;
                writeln!(out, "Round {number} ({} starts), as written:", players[index]).map_err(term)?;
                write!(out, "{}", render(&refereed.board, players, colour)).map_err(term)?;
                moves.clone()
            }
            None => live_round(players, index, input, out, colour)?,
        };
        let round = RoundInput::Moves(moves);
        let played = play_round(&round, players, Some(index)).map_err(|e| e.in_round(number))?;
        for note in &played.notes {
            writeln!(out, "  note: {note}").map_err(term)?;
        }
        scores.push(played.scores);
        rounds.push(round);
        write!(out, "{}", running_totals(players, &scores).render()).map_err(term)?;
    }
    Ok(rounds)
}

/// One round refereed live: asks each player in turn for a placement, then for paths.
fn live_round(
    players: &[String],
    index: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
    colour: bool,
) -> Result<Moves> {
    let mut round = Referee::new(players, index)?;
    let mut moves = Moves { placements: Vec::new(), turns: Vec::new() };
    writeln!(
        out,
        "Round {} of {}: {} starts. Place one piece at a time (a cell such as c3), then move (a path such as c3-c4-d4).",
        index + 1,
        players.len(),
        players[index]
    )
    .map_err(term)?;
    write!(out, "{}", render(round.board(), players, colour)).map_err(term)?;
    loop {
        match round.expect() {
            Expect::Done => return Ok(moves),
            Expect::Placement { player, number } => {
                let player = player.to_owned();
                let line = ask(&format!("{player}, placement {number}: "), input, out)?;
                if line.is_empty() {
                    continue;
                }
                let placed = line.parse::<Cell>().and_then(|cell| round.place(&player, cell).map(|()| cell));
                match placed {
                    Ok(cell) => {
                        moves.placements.push((player, cell));
                        write!(out, "{}", render(round.board(), players, colour)).map_err(term)?;
                    }
                    Err(e) => writeln!(out, "  refused: {e}; again").map_err(term)?,
                }
            }
            Expect::Path { player, path, allowance } => {
                let player = player.to_owned();
                if moves.turns.last().is_none_or(|t| t.player != player) {
                    moves.turns.push(Turn { player: player.clone(), paths: Vec::new() });
                }
                let line = ask(&format!("{player}, path {path} ({allowance}; 'stuck' ends the turn): "), input, out)?;
                if line.is_empty() {
                    continue;
                }
                if line == "stuck" {
                    match round.end_turn() {
                        Ok(()) => {
                            if let Some(note) = round.notes().last() {
                                writeln!(out, "  {note}").map_err(term)?;
                            }
                        }
                        Err(e) => writeln!(out, "  refused: {e}").map_err(term)?,
                    }
                    continue;
                }
                let parsed = line.parse::<Path>();
                let before = round.clone();
                match parsed.and_then(|p| round.path(&player, &p).map(|()| p)) {
                    Ok(p) => {
                        show_steps(&before, &player, &p, players, out, colour)?;
                        moves.turns.last_mut().expect("pushed above").paths.push(p);
                    }
                    Err(e) => writeln!(out, "  refused: {e}; again").map_err(term)?,
                }
            }
        }
    }
}

/// The board after each step of an accepted path, replayed from the position before it.
fn show_steps(
    before: &Referee,
    player: &str,
    path: &Path,
    players: &[String],
    out: &mut impl Write,
    colour: bool,
) -> Result<()> {
    for steps in 1..=path.steps() {
        let mut step = before.clone();
        let prefix = Path(path.0[..=steps].to_vec());
        if step.path(player, &prefix).is_ok() {
            writeln!(out, "{player}: {prefix}").map_err(term)?;
            write!(out, "{}", render(step.board(), players, colour)).map_err(term)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Anna", "Ben", "Cleo"].iter().map(|s| s.to_string()).collect()
    }

    /// Placements of a round of three, round robin from `start`, on cells that never
    /// touch: rows 2, 4, 6 and 8, columns b, c, d, f, g, h.
    fn placements(start: usize) -> Vec<String> {
        let names = names();
        let cells: Vec<String> = ["2", "4", "6", "8"]
            .iter()
            .flat_map(|row| ["b", "c", "d", "f", "g", "h"].map(|col| format!("{col}{row}")))
            .collect();
        cells.iter().enumerate().map(|(i, cell)| format!("{} {cell}", names[(start + i % 3) % 3])).collect()
    }

    #[test]
    fn a_live_round_refuses_illegal_moves_and_asks_again() {
        let names = names();
        let cells: Vec<String> = placements(0).iter().map(|l| l.rsplit(' ').next().unwrap().to_owned()).collect();
        let mut typed = String::from("e5\n");
        typed.push_str(&cells.join("\n"));
        // Anna: one illegal path (two steps), then six of one step.
        typed.push_str("\nb2-b3-b1\nb2-b3\nf2-f3\nb4-a4\nf4-e4\nb6-a6\nf6-f7\n");
        // Ben: three paths of two steps.
        typed.push_str("c2-c1-d1\ng2-g1-f1\nc4-c5-b5\n");
        // Cleo: one path of six.
        typed.push_str("h8-i8-i7-i6-i5-i4-i3\n");
        let mut out = Vec::new();
        let moves = live_round(&names, 0, &mut typed.as_bytes(), &mut out, false).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("refused: placement 1: Anna may not place on e5: it is a black cell; again"), "{out}");
        assert!(out.contains("refused: turn of Anna, path 1 (b2-b3-b1)"), "{out}");
        assert!(out.contains("Cleo: h8-i8-i7"), "the board is shown after each step: {out}");
        assert_eq!(moves.placements.len(), 24);
        assert_eq!(moves.turns.len(), 3);
        // Written down, the round referees the same.
        let again: Moves = moves.to_string().parse().unwrap();
        assert_eq!(again, moves);
    }

    #[test]
    fn input_ending_mid_round_records_nothing() {
        let err = live_round(&names(), 0, &mut "b2\n".as_bytes(), &mut Vec::new(), false).unwrap_err();
        assert!(err.to_string().contains("nothing was sent"), "{err}");
    }
}

//! A Rangeln game typed round by round at the table (`record rangeln` without `--round`):
//! each round as bare scores, ring counts or `@FILE` (a final board, or the round move by
//! move, refereed with the round's own start player), checked with core at once and
//! shown with the running totals. Every prompt also takes `undo` (the last round),
//! `board` (the last round's board), `help` and `quit`; after every accepted round the
//! caller keeps the rounds (a draft).

use super::console::{Console, Reply};
use super::live_round::{Played, Stop};
use super::read_input;
use super::spec::{self, RoundSource, respell_round};
use crate::error::{CliError, Result};
use crate::output::Table;
use crate::output::board::render;
use crate::t;
use spielstand_core::rangeln::{PlayedRound, RoundInput, play_round};
use std::io::{BufRead, Write};

/// Round `index` (0-based) of `players` scored, as core plays it: seat `index + 1` starts.
pub fn score(round: &RoundInput, players: &[String], index: usize) -> Result<PlayedRound> {
    play_round(round, players, Some(index))
        .map_err(|e| CliError::input(crate::lang::rule(&e.in_round(index as u32 + 1))))
}

/// Asks for the rounds of a Rangeln game of `players` (seat order) after those in
/// `rounds` (a draft's), until every round is entered or entering stops.
pub fn rangeln_rounds(
    players: &[String],
    rounds: &mut Vec<RoundInput>,
    console: &mut Console<impl BufRead, impl Write>,
    colour: bool,
    keep: &mut impl FnMut(&[RoundInput]) -> Result<()>,
) -> Result<Played<()>> {
    let n = players.len();
    // Core's player-count check before the first question.
    spielstand_core::rangeln::pieces_per_player(n)?;
    let mut played: Vec<PlayedRound> =
        rounds.iter().enumerate().map(|(i, r)| score(r, players, i)).collect::<Result<_>>()?;
    console.say(&t!("rounds-intro"))?;
    if !played.is_empty() {
        console.show(&running_totals(players, &played).render())?;
    }
    while rounds.len() < n {
        let index = rounds.len();
        let reply = match console
            .ask(&format!("{} ", t!("round-prompt", round = index + 1, rounds = n, player = &players[index])))?
        {
            None => return Ok(Played::Stopped(Stop::EndOfInput)),
            Some(Reply::Quit) => return Ok(Played::Stopped(Stop::Quit)),
            Some(reply) => reply,
        };
        match reply {
            Reply::Undo => match rounds.pop() {
                Some(_) => {
                    played.pop();
                    keep(rounds)?;
                    console.say(&format!("  {}", t!("took-back", round = index)))?;
                    console.show(&running_totals(players, &played).render())?;
                }
                None => console.say(&format!("  {}", t!("nothing-to-undo")))?,
            },
            Reply::Board => match played.last() {
                Some(PlayedRound { board: Some(board), .. }) => console.show(&render(board, players, colour))?,
                Some(_) => {
                    console.say(&format!("  {}", t!("no-board", round = index)))?;
                    console.show(&running_totals(players, &played).render())?;
                }
                None => console.say(&format!("  {}", t!("no-round-yet")))?,
            },
            Reply::Help => console.say(&format!(
                "  {}\n  {}",
                t!("rounds-help", round = index + 1, rounds = n, player = &players[index]),
                t!("input-also")
            ))?,
            Reply::Quit => unreachable!("handled above"),
            Reply::Text(line) => match checked(&line, players, index) {
                Ok((round, scored)) => {
                    rounds.push(round);
                    played.push(scored);
                    keep(rounds)?;
                    for note in &played.last().expect("pushed").notes {
                        console.say(&format!("  {}", t!("input-note", note = crate::lang::note(note))))?;
                    }
                    console.show(&running_totals(players, &played).render())?;
                }
                Err(e) => {
                    console.say(&format!("  {}", t!("enter-round-again", error = e.to_string(), round = index + 1)))?
                }
            },
        }
    }
    Ok(Played::Done(()))
}

/// One typed round, parsed and scored as round `index`.
fn checked(line: &str, players: &[String], index: usize) -> Result<(RoundInput, PlayedRound)> {
    let mut round = match spec::parse_round(line).map_err(CliError::input)? {
        RoundSource::Inline(round) => round,
        RoundSource::File(path) if path == "-" => {
            return Err(CliError::input(t!("rounds-no-stdin")));
        }
        RoundSource::File(path) => super::file_round(read_input(&path, &mut false)?),
    };
    respell_round(&mut round, players);
    let scored = score(&round, players, index)?;
    Ok((round, scored))
}

/// Rounds so far, one row each, and the totals.
pub fn running_totals(players: &[String], rounds: &[PlayedRound]) -> Table {
    let mut headers = vec![String::new()];
    headers.extend(players.iter().cloned());
    let mut table = Table::with_headers(headers).numeric(1..=players.len());
    let mut totals = vec![0; players.len()];
    for (i, round) in rounds.iter().enumerate() {
        let mut row = vec![t!("round-label", round = i + 1)];
        for (total, s) in totals.iter_mut().zip(&round.scores) {
            *total += s;
            row.push(s.to_string());
        }
        table.row(row);
    }
    let mut row = vec![t!("total")];
    row.extend(totals.iter().map(i32::to_string));
    table.row(row);
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Anna", "Ben", "Cleo"].iter().map(|s| s.to_string()).collect()
    }

    fn typed(text: &str, rounds: &mut Vec<RoundInput>) -> (Played<()>, String) {
        let mut out = Vec::new();
        let played = {
            let mut console = Console::new(text.as_bytes(), &mut out);
            rangeln_rounds(&names(), rounds, &mut console, false, &mut |_| Ok(())).unwrap()
        };
        (played, String::from_utf8(out).unwrap())
    }

    #[test]
    fn rounds_are_asked_checked_taken_back_and_totalled() {
        let mut rounds = Vec::new();
        let text = "Anna=4,Ben=-3,Cleo=0\nboard\nundo\nundo\nanna=17,Ben=0,Cleo=0\nAnna=4,Ben=-3,Cleo=0\nhelp\nAnna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8\nAnna=1,Ben=2,Cleo=3\n";
        let (played, out) = typed(text, &mut rounds);
        assert!(matches!(played, Played::Done(())), "{out}");
        assert_eq!(rounds.len(), 3);
        assert!(out.contains("Round 1 was entered without a board"), "{out}");
        assert!(out.contains("Took back round 1."), "{out}");
        assert!(out.contains("Nothing to take back: no round is entered yet."), "{out}");
        // 17 is out of bounds for 8 pieces: core says so, and the round is asked again.
        assert!(out.contains("Anna scored 17, but with 8 pieces a round score lies between -16 and 16"), "{out}");
        assert!(out.contains("Round 2 of 3, Ben starts: type the round"), "{out}");
        // 4 - 6 + 1 = -1 for Anna.
        assert!(out.lines().any(|l| l.contains("Total") && l.contains("-1")), "{out}");
    }

    #[test]
    fn the_end_of_input_stops_with_what_was_entered() {
        let mut rounds = Vec::new();
        let (played, _) = typed("Anna=4,Ben=-3,Cleo=0\n", &mut rounds);
        assert!(matches!(played, Played::Stopped(Stop::EndOfInput)));
        assert_eq!(rounds.len(), 1);
        let (played, out) = typed("quit\n", &mut rounds);
        assert!(matches!(played, Played::Stopped(Stop::Quit)));
        assert!(out.contains("Round 2 of 3 (Ben starts)"), "resumed at round 2: {out}");
    }
}

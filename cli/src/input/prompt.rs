//! Asking on the terminal: Rangeln rounds one by one, and confirmations.

use super::read_input;
use super::spec::{self, RoundSource, respell_round};
use crate::error::{CliError, Result};
use crate::output::Table;
use spielstand_core::rangeln::{RoundInput, score_round};
use std::io::{BufRead, IsTerminal, Write};

/// Standard input and standard error are a terminal: a person can answer.
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// Asks a yes/no question on the terminal; Enter takes `default`.
pub fn confirm(question: &str, default: bool) -> Result<bool> {
    confirm_with(question, default, &mut std::io::stdin().lock(), &mut std::io::stderr())
}

fn confirm_with(question: &str, default: bool, input: &mut impl BufRead, out: &mut impl Write) -> Result<bool> {
    let hint = if default { "[Y/n]" } else { "[y/N]" };
    loop {
        let answer = ask(&format!("{question} {hint} "), input, out)?;
        match answer.trim().to_lowercase().as_str() {
            "" => return Ok(default),
            "y" | "yes" | "j" | "ja" => return Ok(true),
            "n" | "no" | "nein" => return Ok(false),
            _ => writeln!(out, "Please answer y or n.").map_err(term)?,
        }
    }
}

pub(crate) fn term(e: std::io::Error) -> CliError {
    CliError::input(format!("terminal: {e}"))
}

/// Prints `prompt` and reads one line; the end of input is an error.
pub(crate) fn ask(prompt: &str, input: &mut impl BufRead, out: &mut impl Write) -> Result<String> {
    write!(out, "{prompt}").and_then(|()| out.flush()).map_err(term)?;
    let mut line = String::new();
    if input.read_line(&mut line).map_err(term)? == 0 {
        return Err(CliError::input("input ended before the game was complete; nothing was sent"));
    }
    Ok(line.trim().to_owned())
}

/// Asks for each round of a Rangeln game of `players` (seat order), checks it with core
/// at once, and shows the round's scores with the running totals.
pub fn rangeln_rounds(players: &[String], input: &mut impl BufRead, out: &mut impl Write) -> Result<Vec<RoundInput>> {
    let n = players.len();
    // Core's player-count check before the first question.
    spielstand_core::rangeln::pieces_per_player(n)?;
    writeln!(
        out,
        "Enter each round as scores (Anna=4,Ben=-3,...), ring counts (Anna=+2:1/-1:7,...) or @FILE with the board."
    )
    .map_err(term)?;
    let mut rounds: Vec<RoundInput> = Vec::with_capacity(n);
    let mut scores: Vec<Vec<i32>> = Vec::with_capacity(n);
    while rounds.len() < n {
        let number = rounds.len() + 1;
        let line = ask(&format!("Round {number} of {n} ({} starts): ", players[number - 1]), input, out)?;
        if line.is_empty() {
            continue;
        }
        let checked = spec::parse_round(&line).map_err(CliError::Input).and_then(|source| {
            let mut round = match source {
                RoundSource::Inline(round) => round,
                RoundSource::File(path) if path == "-" => {
                    return Err(CliError::input("@- cannot be used while typing rounds: give a file name"));
                }
                RoundSource::File(path) => super::file_round(read_input(&path, &mut false)?),
            };
            respell_round(&mut round, players);
            let round_scores = score_round(&round, players)?;
            Ok((round, round_scores))
        });
        match checked {
            Ok((round, round_scores)) => {
                rounds.push(round);
                scores.push(round_scores);
                write!(out, "{}", running_totals(players, &scores).render()).map_err(term)?;
            }
            Err(e) => writeln!(out, "  {e}; enter round {number} again").map_err(term)?,
        }
    }
    Ok(rounds)
}

/// Rounds so far, one row each, and the totals.
pub fn running_totals(players: &[String], scores: &[Vec<i32>]) -> Table {
    let mut headers = vec![String::new()];
    headers.extend(players.iter().cloned());
    let mut table = Table::with_headers(headers).numeric(1..=players.len());
    let mut totals = vec![0; players.len()];
    for (i, round) in scores.iter().enumerate() {
        let mut row = vec![format!("Round {}", i + 1)];
        for (total, s) in totals.iter_mut().zip(round) {
            *total += s;
            row.push(s.to_string());
        }
        table.row(row);
    }
    let mut row = vec!["Total".to_owned()];
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

    #[test]
    fn rounds_are_asked_checked_and_totalled() {
        let typed = "Anna=4,Ben=-3,Cleo=0\n\nanna=17,Ben=0,Cleo=0\nAnna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8\nAnna=1,Ben=2,Cleo=3\n";
        let mut out = Vec::new();
        let rounds = rangeln_rounds(&names(), &mut typed.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(rounds.len(), 3);
        // 17 is out of bounds for 8 pieces: core says so, and the round is asked again.
        assert!(out.contains("Anna scored 17, but with 8 pieces a round score lies between -16 and 16"), "{out}");
        assert!(out.contains("Round 2 of 3 (Ben starts)"), "{out}");
        assert!(out.contains("Total"), "{out}");
        // 4 - 6 + 1 = -1 for Anna.
        let RoundInput::Scores(first) = &rounds[0] else { panic!() };
        assert_eq!(first["Anna"], 4);
        assert!(out.lines().any(|l| l.contains("Total") && l.contains("-1")), "{out}");
    }

    #[test]
    fn input_ending_early_sends_nothing() {
        let err = rangeln_rounds(&names(), &mut "Anna=4,Ben=-3,Cleo=0\n".as_bytes(), &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("nothing was sent"));
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn confirmations_take_the_default_on_enter() {
        let mut out = Vec::new();
        assert!(confirm_with("Send?", true, &mut "\n".as_bytes(), &mut out).unwrap());
        assert!(!confirm_with("Delete?", false, &mut "\n".as_bytes(), &mut out).unwrap());
        assert!(confirm_with("Delete?", false, &mut "maybe\nja\n".as_bytes(), &mut out).unwrap());
        assert!(String::from_utf8(out).unwrap().contains("Please answer y or n."));
    }
}

//! What the organiser types or names: files and standard input, round specs and
//! finishing orders (`spec`), the conversation on a terminal (`console`), and games
//! typed at the table (`rounds`, `live_round`). Commands read their input through here;
//! nothing here knows a command.

pub mod console;
pub mod live_round;
pub mod rounds;
pub mod spec;

use crate::error::{CliError, Result};
use crate::t;
use spec::RoundSource;
use spielstand_core::SeatedPlayer;
use spielstand_core::rangeln::{Board, Moves, RoundInput};
use std::io::Read;

/// Reads a file named on the command line; `-` is standard input, which can be read once.
pub fn read_input(path: &str, stdin_used: &mut bool) -> Result<String> {
    if path == "-" {
        if std::mem::replace(stdin_used, true) {
            return Err(CliError::input(t!("input-stdin-once")));
        }
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::input_from(t!("input-stdin-unreadable", error = e.to_string()), e))?;
        return Ok(text);
    }
    std::fs::read_to_string(path)
        .map_err(|e| CliError::input_from(t!("input-file-unreadable", path = path, error = e.to_string()), e))
}

/// Seats 1, 2, ... in the order given.
pub fn seats(names: &[String]) -> Vec<SeatedPlayer> {
    names.iter().enumerate().map(|(i, n)| SeatedPlayer { player: n.clone(), seat: i as u32 + 1 }).collect()
}

/// A round from its SPEC, reading a board file if it names one.
pub fn round_input(source: &RoundSource, stdin_used: &mut bool) -> Result<RoundInput> {
    match source {
        RoundSource::Inline(input) => Ok(input.clone()),
        RoundSource::File(path) => Ok(file_round(read_input(path, stdin_used)?)),
    }
}

/// A round file holds the final board or the round as played move by move (the
/// referee's text form, see `spielstand referee rangeln --help`): a file that is no
/// board but reads as moves is taken as moves; anything else is reported as a board.
pub fn file_round(text: String) -> RoundInput {
    if Board::parse(&text).is_err()
        && let Ok(moves) = text.parse::<Moves>()
        && !moves.placements.is_empty()
    {
        return RoundInput::Moves(moves);
    }
    RoundInput::Board(text)
}

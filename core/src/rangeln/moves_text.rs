//! The text form of a round played move by move, for files (`--round @FILE` of the
//! CLI's referee) and for writing a refereed round down.
//!
//! One line per placement, `PLAYER CELL`, in the order made; then one line per turn,
//! `PLAYER: PATH PATH ...`, a path being cells joined by `-`. A turn that ended stuck
//! before its first path is `PLAYER:` alone. Blank lines and lines starting with `#`
//! are ignored. Names are as at the table; every error names its line.
//!
//! ```text
//! # round 1: Anna starts
//! Anna c3
//! Ben g7
//! ...
//! Anna: c3-c4 d5-d6 f2-f3 b8-b7 h4-h5 e7-e8
//! Ben: g7-g6-g5 c6-c5-b5
//! Cleo: d2-d3-e3-f3-f4-f5-f6
//! ```

use super::referee::{Moves, Path, Turn};
use std::fmt;
use std::str::FromStr;

/// A line of a moves text that is neither a placement nor a turn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct MovesTextError {
    pub line: usize,
    pub reason: String,
}

impl FromStr for Moves {
    type Err = MovesTextError;
    fn from_str(text: &str) -> Result<Moves, MovesTextError> {
        let mut moves = Moves { placements: Vec::new(), turns: Vec::new() };
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |reason: String| MovesTextError { line: index + 1, reason };
            if let Some((player, paths)) = line.split_once(':') {
                let player = player.trim();
                if player.is_empty() {
                    return Err(fail("a turn starts with the player's name: `Anna: c3-c4 d5-d6`".into()));
                }
                let paths = paths
                    .split_whitespace()
                    .map(|p| {
                        p.parse::<Path>().map_err(|e| fail(format!("{p:?} is not a path of cells joined by '-': {e}")))
                    })
                    .collect::<Result<Vec<Path>, MovesTextError>>()?;
                moves.turns.push(Turn { player: player.to_owned(), paths });
                continue;
            }
            if !moves.turns.is_empty() {
                return Err(fail(format!("{line:?}: placements come before the first turn (`PLAYER: PATH ...`)")));
            }
            let (player, cell) = line.rsplit_once(char::is_whitespace).ok_or_else(|| {
                fail(format!("{line:?}: write a placement as `PLAYER CELL` and a turn as `PLAYER: PATH ...`"))
            })?;
            let cell = cell.parse().map_err(|e| fail(format!("{e}")))?;
            moves.placements.push((player.trim().to_owned(), cell));
        }
        Ok(moves)
    }
}

impl fmt::Display for Moves {
    /// The text form, which [`Moves::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (player, cell) in &self.placements {
            writeln!(f, "{player} {cell}")?;
        }
        for turn in &self.turns {
            let paths: Vec<String> = turn.paths.iter().map(Path::to_string).collect();
            if paths.is_empty() {
                writeln!(f, "{}:", turn.player)?;
            } else {
                writeln!(f, "{}: {}", turn.player, paths.join(" "))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_back() {
        let text = "# round 1\nAnna c3\nAnna Maria g7\n\nAnna: c3-c4 d5-d6-d7\nCleo:\n";
        let moves: Moves = text.parse().unwrap();
        assert_eq!(moves.placements[1].0, "Anna Maria");
        assert_eq!(moves.turns[0].paths[1].to_string(), "d5-d6-d7");
        assert!(moves.turns[1].paths.is_empty());
        assert_eq!(moves.to_string().parse::<Moves>().unwrap(), moves);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!("Anna c3\nAnna z9".parse::<Moves>().unwrap_err().line, 2);
        let err = "Anna: c3-c4\nBen d5".parse::<Moves>().unwrap_err();
        assert_eq!(err.to_string(), "line 2: \"Ben d5\": placements come before the first turn (`PLAYER: PATH ...`)");
        assert_eq!("Anna".parse::<Moves>().unwrap_err().line, 1);
        assert!("Anna: c3-c4-x".parse::<Moves>().unwrap_err().reason.contains("not a path"));
        assert_eq!(": c3-c4".parse::<Moves>().unwrap_err().line, 1);
    }
}

//! A board position in spielstand's text format.
//!
//! Nine lines, row 9 (top) first down to row 1, nine cells per line; whitespace between
//! cells is optional. `.` is an empty cell, `A`..`E` a piece of the player in seat 1..5.
//! Blank lines and lines whose first non-blank character is `#` are ignored, so a board
//! file can carry comments. Every error names the 1-based line and column at fault.

use super::RingCounts;
use super::cell::Cell;
use crate::Error;
use std::fmt;

/// Which seat (1-based) occupies each cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: [Option<u8>; 81],
}

impl Default for Board {
    fn default() -> Self {
        Board { cells: [None; 81] }
    }
}

const MAX_SEATS: u8 = 5;

impl Board {
    /// Parses a board that may hold pieces of seats 1..5.
    pub fn parse(text: &str) -> Result<Board, Error> {
        Board::parse_for(text, usize::from(MAX_SEATS))
    }

    /// Parses a board for a game of `players` players: a piece of a higher seat is an
    /// error at its line and column.
    pub fn parse_for(text: &str, players: usize) -> Result<Board, Error> {
        let mut board = Board::default();
        let mut rows = 0usize;
        let mut last_line = 0usize;
        for (index, line) in text.lines().enumerate() {
            let line_no = index + 1;
            last_line = line_no;
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if rows == 9 {
                return Err(Error::BoardTooManyRows { line: line_no });
            }
            let row = 8 - rows as u8;
            let mut col = 0u8;
            let mut last_column = 0usize;
            for (char_index, symbol) in line.chars().enumerate() {
                let column = char_index + 1;
                last_column = column;
                if symbol.is_whitespace() {
                    continue;
                }
                if col == 9 {
                    return Err(Error::BoardRowTooLong { line: line_no, column });
                }
                let seat = match symbol {
                    '.' => None,
                    'A'..='E' => {
                        let seat = symbol as u8 - b'A' + 1;
                        if usize::from(seat) > players {
                            return Err(Error::BoardSeat { line: line_no, column, symbol, seat, players });
                        }
                        Some(seat)
                    }
                    _ => return Err(Error::BoardSymbol { line: line_no, column, symbol }),
                };
                let cell = Cell::new(col, row).expect("col and row stay below 9");
                board.cells[cell.index()] = seat;
                col += 1;
            }
            if col < 9 {
                return Err(Error::BoardRowTooShort {
                    line: line_no,
                    column: last_column + 1,
                    found: usize::from(col),
                });
            }
            rows += 1;
        }
        if rows < 9 {
            return Err(Error::BoardTooFewRows { line: last_line + 1, found: rows });
        }
        Ok(board)
    }

    /// The seat (1-based) whose piece stands on `cell`.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        self.cells[cell.index()]
    }

    /// Puts a piece of `seat` (1-based) on `cell`, or clears it with `None`.
    pub fn set(&mut self, cell: Cell, seat: Option<u8>) {
        self.cells[cell.index()] = seat;
    }

    /// Cells holding a piece of `seat`.
    pub fn pieces_of(&self, seat: u8) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().enumerate().filter(move |(_, s)| **s == Some(seat)).map(|(i, _)| Cell::from_index(i))
    }

    /// How many pieces of `seat` stand on each ring.
    pub fn ring_counts(&self, seat: u8) -> RingCounts {
        let mut counts = RingCounts::default();
        for cell in self.pieces_of(seat) {
            *counts.get_mut(cell.ring()) += 1;
        }
        counts
    }

    /// Round score of `seat`: the sum of the values of its pieces' cells.
    pub fn score(&self, seat: u8) -> i32 {
        self.pieces_of(seat).map(Cell::value).sum()
    }
}

impl fmt::Display for Board {
    /// Writes the canonical text form, which [`Board::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..9u8).rev() {
            let line: Vec<String> = (0..9u8)
                .map(|col| match self.cells[usize::from(row) * 9 + usize::from(col)] {
                    Some(seat) => char::from(b'A' + seat - 1).to_string(),
                    None => ".".to_owned(),
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY_ROW: &str = ". . . . . . . . .";

    fn board_with(rows: [&str; 9]) -> String {
        rows.join("\n")
    }

    #[test]
    fn parses_rows_top_down_with_optional_whitespace_and_comments() {
        let text = "# round 1\n\nA........\n. . . . . . . . .\n.........\n.........\n....B....\n.........\n.........\n.........\n........C\n";
        let board = Board::parse(text).unwrap();
        assert_eq!(board.get("a9".parse().unwrap()), Some(1));
        assert_eq!(board.get("e5".parse().unwrap()), Some(2));
        assert_eq!(board.get("i1".parse().unwrap()), Some(3));
        assert_eq!(board.pieces_of(1).count(), 1);
        assert_eq!(Board::parse(&board.to_string()).unwrap(), board);
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut rows = [EMPTY_ROW; 9];
        rows[2] = ". . x . . . . . .";
        let err = Board::parse(&board_with(rows)).unwrap_err();
        assert_eq!(err, Error::BoardSymbol { line: 3, column: 5, symbol: 'x' });
        assert_eq!(err.to_string(), "line 3, column 5: unexpected 'x', expected '.' or a piece 'A'..'E'");

        let mut rows = [EMPTY_ROW; 9];
        rows[0] = ". . . . . . . .";
        assert_eq!(
            Board::parse(&board_with(rows)).unwrap_err(),
            Error::BoardRowTooShort { line: 1, column: 16, found: 8 }
        );

        let mut rows = [EMPTY_ROW; 9];
        rows[8] = "..........";
        assert_eq!(Board::parse(&board_with(rows)).unwrap_err(), Error::BoardRowTooLong { line: 9, column: 10 });

        let text = format!("{}\n{EMPTY_ROW}", board_with([EMPTY_ROW; 9]));
        assert_eq!(Board::parse(&text).unwrap_err(), Error::BoardTooManyRows { line: 10 });

        let text = [EMPTY_ROW; 8].join("\n");
        assert_eq!(Board::parse(&text).unwrap_err(), Error::BoardTooFewRows { line: 9, found: 8 });

        let mut rows = [EMPTY_ROW; 9];
        rows[4] = ". . . . D . . . .";
        assert_eq!(
            Board::parse_for(&board_with(rows), 3).unwrap_err(),
            Error::BoardSeat { line: 5, column: 9, symbol: 'D', seat: 4, players: 3 }
        );
    }

    #[test]
    fn ring_counts_and_scores_follow_cell_values() {
        let mut board = Board::default();
        for (cell, seat) in [("d4", 1), ("c3", 1), ("a1", 1), ("b5", 1), ("a2", 1), ("e5", 2)] {
            board.set(cell.parse().unwrap(), Some(seat));
        }
        // d4 +2, c3 -2, a1 0 (black), b5 +1, a2 -1.
        assert_eq!(board.score(1), 0);
        let counts = board.ring_counts(1);
        assert_eq!((counts.plus2, counts.minus2, counts.plus1, counts.minus1, counts.black), (1, 1, 1, 1, 1));
        assert_eq!(board.score(2), 0);
    }
}

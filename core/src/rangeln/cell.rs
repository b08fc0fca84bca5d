//! Cells of the 9 x 9 Rangeln board and the ring each belongs to.

use crate::Error;
use crate::ring::Ring;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A cell named like a chess square: columns `a`..`i` left to right, rows `1`..`9`
/// bottom to top. The centre is `e5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Cell {
    /// 0-based, 0 = column `a`.
    col: u8,
    /// 0-based, 0 = row `1`.
    row: u8,
}

impl Cell {
    pub const CENTRE: Cell = Cell { col: 4, row: 4 };

    /// 0-based column and row; `None` off the board.
    pub fn new(col: u8, row: u8) -> Option<Cell> {
        (col < 9 && row < 9).then_some(Cell { col, row })
    }

    /// All 81 cells, row 1 first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81u8).map(|i| Cell { col: i % 9, row: i / 9 })
    }

    pub fn col(self) -> u8 {
        self.col
    }

    pub fn row(self) -> u8 {
        self.row
    }

    pub(crate) fn index(self) -> usize {
        usize::from(self.row) * 9 + usize::from(self.col)
    }

    pub(crate) fn from_index(index: usize) -> Cell {
        Cell { col: (index % 9) as u8, row: (index / 9) as u8 }
    }

    /// Chebyshev distance from the centre, 0..=4.
    pub fn distance(self) -> u8 {
        self.col.abs_diff(4).max(self.row.abs_diff(4))
    }

    /// The scoring ring of this cell; the centre and the four corners are black.
    pub fn ring(self) -> Ring {
        match self.distance() {
            0 => Ring::Black,
            1 => Ring::Plus2,
            2 => Ring::Minus2,
            3 => Ring::Plus1,
            _ if self.col.abs_diff(4) == 4 && self.row.abs_diff(4) == 4 => Ring::Black,
            _ => Ring::Minus1,
        }
    }

    /// Points a piece standing here scores.
    pub fn value(self) -> i32 {
        self.ring().value()
    }

    pub fn is_black(self) -> bool {
        self.ring() == Ring::Black
    }

    /// The up to eight cells touching this one, diagonals included.
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        let (c, r) = (i16::from(self.col), i16::from(self.row));
        (-1i16..=1).flat_map(move |dc| (-1i16..=1).map(move |dr| (dc, dr))).filter(|&d| d != (0, 0)).filter_map(
            move |(dc, dr)| {
                let (nc, nr) = (c + dc, r + dr);
                ((0..9).contains(&nc) && (0..9).contains(&nr)).then_some(Cell { col: nc as u8, row: nr as u8 })
            },
        )
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col), self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let invalid = || Error::InvalidCell { text: s.to_owned() };
        match s.as_bytes() {
            [c @ b'a'..=b'i', r @ b'1'..=b'9'] => Ok(Cell { col: c - b'a', row: r - b'1' }),
            _ => Err(invalid()),
        }
    }
}

impl TryFrom<String> for Cell {
    type Error = Error;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Cell> for String {
    fn from(c: Cell) -> String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_sizes_match_the_rules_table() {
        for ring in Ring::ALL {
            let n = Cell::all().filter(|c| c.ring() == ring).count() as u32;
            assert_eq!(n, ring.cells(), "{ring}");
        }
        assert_eq!(Ring::ALL.iter().map(|r| r.cells()).sum::<u32>(), 81);
    }

    #[test]
    fn named_cells_have_the_values_of_the_rules() {
        let value = |s: &str| s.parse::<Cell>().unwrap().value();
        assert_eq!(value("e5"), 0);
        assert!("e5".parse::<Cell>().unwrap().is_black());
        for corner in ["a1", "a9", "i1", "i9"] {
            assert!(corner.parse::<Cell>().unwrap().is_black(), "{corner}");
            assert_eq!(value(corner), 0);
        }
        assert_eq!(value("d4"), 2);
        assert_eq!(value("f6"), 2);
        assert_eq!(value("c3"), -2);
        assert_eq!(value("e7"), -2);
        assert_eq!(value("b5"), 1);
        assert_eq!(value("h8"), 1);
        assert_eq!(value("a2"), -1);
        assert_eq!(value("e9"), -1);
        assert_eq!(value("i8"), -1);
    }

    #[test]
    fn cells_parse_and_print_like_chess_squares() {
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        }
        assert_eq!(Cell::CENTRE.to_string(), "e5");
        for bad in ["", "j1", "a0", "a10", "A1", "e", "5e"] {
            assert_eq!(bad.parse::<Cell>().unwrap_err().code(), "invalid-cell", "{bad}");
        }
    }

    #[test]
    fn neighbours_include_diagonals_and_stop_at_the_edge() {
        assert_eq!(Cell::CENTRE.neighbours().count(), 8);
        assert_eq!("a1".parse::<Cell>().unwrap().neighbours().count(), 3);
        assert_eq!("a5".parse::<Cell>().unwrap().neighbours().count(), 5);
    }
}

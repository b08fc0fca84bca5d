//! Phase 1 of a Rangeln round: placing pieces. Not needed to score a round; this is the
//! check a later referee mode runs on every placement.

use super::{Board, Cell};
use crate::Error;

/// May `seat` (1-based) place a piece on `cell` of `board`? Not on a black cell, not on
/// a taken cell, and not next to (diagonals included) a piece of its own.
pub fn check_placement(board: &Board, seat: u8, cell: Cell) -> Result<(), Error> {
    if cell.is_black() {
        return Err(Error::PlacementOnBlack { cell: cell.to_string() });
    }
    if board.get(cell).is_some() {
        return Err(Error::PlacementOccupied { cell: cell.to_string() });
    }
    if let Some(other) = cell.neighbours().find(|&n| board.get(n) == Some(seat)) {
        return Err(Error::PlacementAdjacent { cell: cell.to_string(), other: other.to_string(), seat });
    }
    Ok(())
}

/// Could `board` be the position right after phase 1? Every piece must have been a legal
/// placement: none on a black cell and no two pieces of one seat touching.
pub fn check_start_position(board: &Board) -> Result<(), Error> {
    for cell in Cell::all() {
        let Some(seat) = board.get(cell) else { continue };
        if cell.is_black() {
            return Err(Error::PlacementOnBlack { cell: cell.to_string() });
        }
        // Each touching pair is reported once, from its lower cell.
        if let Some(other) = cell.neighbours().filter(|&n| n > cell).find(|&n| board.get(n) == Some(seat)) {
            return Err(Error::PlacementAdjacent { cell: other.to_string(), other: cell.to_string(), seat });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn black_cells_taken_cells_and_own_neighbours_are_refused() {
        let mut board = Board::default();
        board.set(cell("c3"), Some(1));
        board.set(cell("g7"), Some(2));
        for black in ["e5", "a1", "a9", "i1", "i9"] {
            assert_eq!(check_placement(&board, 1, cell(black)).unwrap_err().code(), "placement-on-black");
        }
        assert_eq!(check_placement(&board, 2, cell("c3")).unwrap_err().code(), "placement-occupied");
        for touching in ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"] {
            let err = check_placement(&board, 1, cell(touching)).unwrap_err();
            assert_eq!(err, Error::PlacementAdjacent { cell: touching.into(), other: "c3".into(), seat: 1 });
        }
        // Another seat may touch, and two cells away is fine for the same seat.
        assert!(check_placement(&board, 2, cell("d4")).is_ok());
        assert!(check_placement(&board, 1, cell("e3")).is_ok());
    }

    #[test]
    fn start_positions_are_checked_piece_by_piece() {
        let mut board = Board::default();
        board.set(cell("b2"), Some(1));
        board.set(cell("d2"), Some(1));
        board.set(cell("c2"), Some(2));
        assert!(check_start_position(&board).is_ok());
        board.set(cell("c3"), Some(1));
        assert_eq!(check_start_position(&board).unwrap_err().code(), "placement-adjacent");
        board.set(cell("c3"), None);
        board.set(cell("i9"), Some(3));
        assert_eq!(check_start_position(&board).unwrap_err().code(), "placement-on-black");
    }
}

//! Phase 1 of a Rangeln round: placing pieces. The one statement of the placement rule:
//! the live referee checks every placement with [`check_placement`], and a start position
//! given whole (the moves text, a board) is checked piece by piece with
//! [`check_start_position`], so both refuse with the same rule codes and words.

use super::{Board, Cell};
use crate::Error;

/// May `seat` (1-based) place a piece on `cell` of `board`? Not on a black cell, not on
/// a taken cell, and not next to (diagonals included) a piece of its own. `players` name
/// the seats in the refusal.
pub fn check_placement(board: &Board, players: &[String], seat: u8, cell: Cell) -> Result<(), Error> {
    let player = name(players, seat);
    if cell.is_black() {
        return Err(Error::PlacementOnBlack { player, cell: cell.to_string() });
    }
    if let Some(other) = board.get(cell) {
        return Err(Error::PlacementOccupied { player, cell: cell.to_string(), other: name(players, other) });
    }
    match cell.neighbours().find(|&n| board.get(n) == Some(seat)) {
        Some(other) => Err(Error::PlacementAdjacent { player, cell: cell.to_string(), other: other.to_string() }),
        None => Ok(()),
    }
}

/// Could `board` be the position right after phase 1? Every piece must have been a legal
/// placement: none on a black cell and no two pieces of one seat touching. Each touching
/// pair is reported once, as the placement of its higher cell next to its lower one.
pub fn check_start_position(board: &Board, players: &[String]) -> Result<(), Error> {
    for cell in Cell::all() {
        let Some(seat) = board.get(cell) else { continue };
        // The placement rule asked of this piece against the pieces on lower cells only:
        // the position as it stood when this piece was (in some order) placed last.
        let mut before = Board::default();
        for lower in cell.neighbours().filter(|&n| n < cell) {
            before.set(lower, board.get(lower));
        }
        check_placement(&before, players, seat, cell)?;
    }
    Ok(())
}

/// The name of a 1-based seat; a seat without a player is named by its number.
fn name(players: &[String], seat: u8) -> String {
    players.get(usize::from(seat).wrapping_sub(1)).cloned().unwrap_or_else(|| format!("seat {seat}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    fn players() -> Vec<String> {
        vec!["Anna".into(), "Ben".into(), "Cleo".into()]
    }

    #[test]
    fn black_cells_taken_cells_and_own_neighbours_are_refused() {
        let mut board = Board::default();
        board.set(cell("c3"), Some(1));
        board.set(cell("g7"), Some(2));
        for black in ["e5", "a1", "a9", "i1", "i9"] {
            assert_eq!(check_placement(&board, &players(), 1, cell(black)).unwrap_err().code(), "placement-on-black");
        }
        let err = check_placement(&board, &players(), 2, cell("c3")).unwrap_err();
        assert_eq!(err.to_string(), "Ben may not place on c3: Anna's piece stands there");
        for touching in ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"] {
            let err = check_placement(&board, &players(), 1, cell(touching)).unwrap_err();
            assert_eq!(
                err,
                Error::PlacementAdjacent { player: "Anna".into(), cell: touching.into(), other: "c3".into() }
            );
        }
        // Another seat may touch, and two cells away is fine for the same seat.
        assert!(check_placement(&board, &players(), 2, cell("d4")).is_ok());
        assert!(check_placement(&board, &players(), 1, cell("e3")).is_ok());
    }

    #[test]
    fn start_positions_are_checked_piece_by_piece() {
        let mut board = Board::default();
        board.set(cell("b2"), Some(1));
        board.set(cell("d2"), Some(1));
        board.set(cell("c2"), Some(2));
        assert!(check_start_position(&board, &players()).is_ok());
        board.set(cell("c3"), Some(1));
        let err = check_start_position(&board, &players()).unwrap_err();
        assert_eq!(err.code(), "placement-adjacent");
        // c3 touches b2 and d2: one pair is named, the same one every time.
        assert_eq!(err.to_string(), "Anna may not place on d2, next to their own piece on c3");
        board.set(cell("c3"), None);
        board.set(cell("i9"), Some(3));
        assert_eq!(
            check_start_position(&board, &players()).unwrap_err().to_string(),
            "Cleo may not place on i9: it is a black cell"
        );
        // A seat the players do not name is named by its number.
        board.set(cell("i9"), None);
        board.set(cell("a1"), Some(4));
        assert_eq!(
            check_start_position(&board, &players()).unwrap_err().to_string(),
            "seat 4 may not place on a1: it is a black cell"
        );
    }
}

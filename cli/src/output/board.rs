//! A Rangeln board for the terminal: coordinates around it, each player's pieces as
//! their seat letter, black cells as `#`, in colour where the terminal has it.

use spielstand_core::rangeln::{Board, Cell};
use std::io::IsTerminal;

/// ANSI colours of seats 1..5: red, blue, green, magenta, yellow.
const COLOURS: [&str; 5] = ["31", "34", "32", "35", "33"];

/// Colour on standard error, unless `NO_COLOR` asks for none (no-color.org).
pub fn colour_wanted() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The board with column letters and row numbers, row 9 on top, and a legend naming the
/// player of each letter.
pub fn render(board: &Board, players: &[String], colour: bool) -> String {
    let paint = |seat: u8, text: &str| {
        if colour { format!("\x1b[1;{}m{text}\x1b[0m", COLOURS[usize::from(seat - 1) % 5]) } else { text.to_owned() }
    };
    let mut out = String::from("    a b c d e f g h i\n");
    for row in (0..9u8).rev() {
        out.push_str(&format!("  {} ", row + 1));
        for col in 0..9u8 {
            let cell = Cell::new(col, row).expect("on the board");
            let symbol = match board.get(cell) {
                Some(seat) => paint(seat, &char::from(b'A' + seat - 1).to_string()),
                None if cell.is_black() => "#".to_owned(),
                None => ".".to_owned(),
            };
            out.push_str(&symbol);
            out.push(if col == 8 { '\n' } else { ' ' });
        }
    }
    let legend: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {p}", paint(i as u8 + 1, &char::from(b'A' + i as u8).to_string())))
        .collect();
    out.push_str(&format!("    {}\n", legend.join("  ")));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_black_cells_and_coordinates() {
        let mut board = Board::default();
        board.set("c3".parse().unwrap(), Some(1));
        board.set("e5".parse().unwrap(), Some(2));
        let names = vec!["Anna".to_owned(), "Ben".to_owned(), "Cleo".to_owned()];
        let text = render(&board, &names, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    a b c d e f g h i");
        assert_eq!(lines[1], "  9 # . . . . . . . #");
        assert_eq!(lines[5], "  5 . . . . B . . . .");
        assert_eq!(lines[7], "  3 . . A . . . . . .");
        assert_eq!(lines[10], "    A Anna  B Ben  C Cleo");
        assert!(render(&board, &names, true).contains("\x1b[1;31mA\x1b[0m"));
    }
}

//! `spielstand score rangeln --board FILE`: scores boards with core, no server needed.

use crate::args::{Names, OutputArgs};
use crate::error::{CliError, Result};
use crate::input::read_input;
use crate::lang::{column, rule};
use crate::output::{Table, emit};
use crate::t;
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use spielstand_core::rangeln::{Board, RangelnResult, Ring, RoundInput, score_game, score_round};

#[derive(Debug, Subcommand)]
pub enum ScoreCommand {
    /// Score Rangeln boards offline: each board's round scores and ring counts.
    ///
    /// Give one board per round and the players to get the whole game: totals and places.
    Rangeln(ScoreRangeln),
}

#[derive(Debug, Args)]
pub struct ScoreRangeln {
    /// A board in spielstand's text format (- for stdin); repeat for the rounds of a game
    #[arg(long, value_name = "FILE", required = true)]
    pub board: Vec<String>,
    /// The players in seat order (A, B, ...) [default: A, B, ... as on the board]
    #[arg(long, value_name = "NAMES")]
    pub players: Option<Names>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(command: ScoreCommand) -> Result<()> {
    match command {
        ScoreCommand::Rangeln(args) => rangeln(args),
    }
}

fn rangeln(args: ScoreRangeln) -> Result<()> {
    let mut stdin_used = false;
    let mut boards: Vec<(String, String)> = Vec::new();
    for path in &args.board {
        let text = read_input(path, &mut stdin_used)?;
        let name = if path == "-" { t!("score-standard-input") } else { path.clone() };
        // Parsed for up to five seats first, so the error names the file, line and column.
        Board::parse(&text).map_err(|e| CliError::input(format!("{name}: {}", rule(&e))))?;
        boards.push((name, text));
    }
    let players: Vec<String> = match &args.players {
        Some(names) => names.0.clone(),
        None => {
            // As many players as the highest piece letter on any board.
            let seats = boards
                .iter()
                .filter_map(|(_, text)| {
                    let board = Board::parse(text).ok()?;
                    (1..=5u8).rev().find(|&s| board.pieces_of(s).next().is_some())
                })
                .max()
                .unwrap_or(0);
            (0..seats).map(|s| char::from(b'A' + s).to_string()).collect()
        }
    };
    let mut tables = Vec::new();
    let mut rounds_json = Vec::new();
    for (i, (name, text)) in boards.iter().enumerate() {
        let scores = score_round(&RoundInput::Board(text.clone()), &players).map_err(|e| {
            let hint =
                if args.players.is_none() { format!(" {}", t!("score-name-the-players")) } else { String::new() };
            CliError::input(format!("{name}: {}{hint}", rule(&e)))
        })?;
        let board =
            Board::parse_for(text, players.len()).map_err(|e| CliError::input(format!("{name}: {}", rule(&e))))?;
        let mut table = Table::new(&["Seat", "Player", "+2", "-2", "+1", "-1", "black", "Score"])
            .numeric([2, 3, 4, 5, 6, 7])
            .title(t!("score-board", number = i + 1, name = name));
        let mut players_json = Vec::new();
        for (seat, (player, score)) in (1u8..).zip(players.iter().zip(&scores)) {
            let counts = board.ring_counts(seat);
            let mut row = vec![char::from(b'A' + seat - 1).to_string(), player.clone()];
            row.extend(Ring::ALL.iter().map(|&r| counts.get(r).to_string()));
            row.push(score.to_string());
            table.row(row);
            players_json.push(json!({ "player": player, "seat": seat, "rings": counts, "score": score }));
        }
        tables.push(table);
        rounds_json.push(json!({ "board": name, "scores": players_json }));
    }
    let mut json = json!({ "players": players, "boards": rounds_json });
    if boards.len() == players.len() {
        let result = RangelnResult {
            rounds: boards.iter().map(|(_, t)| RoundInput::Board(t.clone())).collect(),
            imported_totals: None,
        };
        let game = score_game(&players, &result)?;
        let mut headers = vec![column("Place"), column("Player")];
        headers.extend((1..=boards.len()).map(|r| format!("R{r}")));
        headers.push(t!("total"));
        let n = headers.len();
        let mut table = Table::with_headers(headers).numeric([0]).numeric(2..n).title(t!("score-game"));
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| (game.totals[i].place, i));
        for i in order {
            let mut row = vec![game.totals[i].place.to_string(), players[i].clone()];
            row.extend(game.rounds.iter().map(|r| r.scores[i].score.to_string()));
            row.push(game.totals[i].total.to_string());
            table.row(row);
        }
        // The game's table is the main one (first for csv).
        tables.insert(0, table);
        json["game"] = serde_json::to_value(&game).unwrap_or(Value::Null);
    }
    emit(args.output.format, &json, &[], &tables);
    Ok(())
}

//! Rangeln: scored round by round; the largest absolute total wins.
//!
//! A round result is entered in one of four ways ([`RoundInput`]): a whole board, the
//! count of each player's pieces per ring, the bare round score, or the round played
//! move by move (the referee, [`referee`]). Each is checked exactly as docs/rules.md says,
//! and all give the same score for the same position.

mod board;
mod cell;
mod imported;
mod joint;
mod moves_text;
mod placement;
mod referee;

pub use crate::ring::Ring;
pub use board::Board;
pub use cell::Cell;
pub use moves_text::MovesTextError;
pub use placement::{check_placement, check_start_position};
pub use referee::{
    AllowanceLeft, AllowanceWords, Blocked, Expect, MoveAt, Moves, NoneMovable, Note, Path, Referee, Refereed,
    ShapeWords, ShortReason, Turn, TurnSoFar, referee,
};

use crate::catalogue::GameKind;
use crate::error::Error;
use crate::places::competition_places;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Pieces of one player on each ring at the end of a round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RingCounts {
    /// Pieces on the +2 ring (8 cells).
    #[serde(default)]
    pub plus2: u32,
    /// Pieces on the -2 ring (16 cells).
    #[serde(default)]
    pub minus2: u32,
    /// Pieces on the +1 ring (24 cells).
    #[serde(default)]
    pub plus1: u32,
    /// Pieces on the -1 ring (28 cells).
    #[serde(default)]
    pub minus1: u32,
    /// Pieces on black cells (the centre and the four corners, 5 cells).
    #[serde(default)]
    pub black: u32,
}

impl RingCounts {
    pub fn get(&self, ring: Ring) -> u32 {
        match ring {
            Ring::Plus2 => self.plus2,
            Ring::Minus2 => self.minus2,
            Ring::Plus1 => self.plus1,
            Ring::Minus1 => self.minus1,
            Ring::Black => self.black,
        }
    }

    pub fn get_mut(&mut self, ring: Ring) -> &mut u32 {
        match ring {
            Ring::Plus2 => &mut self.plus2,
            Ring::Minus2 => &mut self.minus2,
            Ring::Plus1 => &mut self.plus1,
            Ring::Minus1 => &mut self.minus1,
            Ring::Black => &mut self.black,
        }
    }

    /// Total pieces counted (saturating: absurd counts must not overflow the check).
    pub fn pieces(&self) -> u32 {
        Ring::ALL.iter().fold(0u32, |sum, &r| sum.saturating_add(self.get(r)))
    }

    pub fn score(&self) -> i64 {
        Ring::ALL.iter().map(|&r| i64::from(r.value()) * i64::from(self.get(r))).sum()
    }
}

/// One round's result, in any of the four accepted forms. Maps are keyed by player name.
/// Its OpenAPI schema is written by hand (`openapi.rs`), each form a named component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundInput {
    /// The final position in the board text format: `A`..`E` are the players in seats 1..5.
    Board(String),
    /// Per player, how many of their pieces stand on each ring.
    Rings(BTreeMap<String, RingCounts>),
    /// Per player, the bare round score.
    Scores(BTreeMap<String, i32>),
    /// The round played move by move: placements, then one turn per player.
    Moves(Moves),
}

impl RoundInput {
    /// Renames every player the round names (the keys of its ring counts or scores; a
    /// board names seats, not players).
    pub fn rename_players(&mut self, rename: impl FnMut(&str) -> String) {
        match self {
            RoundInput::Board(_) => {}
            RoundInput::Rings(map) => crate::names::rekey(map, rename),
            RoundInput::Scores(map) => crate::names::rekey(map, rename),
            RoundInput::Moves(moves) => {
                let mut rename = rename;
                for (player, _) in &mut moves.placements {
                    *player = rename(player);
                }
                for turn in &mut moves.turns {
                    turn.player = rename(&turn.player);
                }
            }
        }
    }
}

/// The game-specific part of a Rangeln result: one entry per round, in the order played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RangelnResult {
    /// One entry per round, in the order played; empty for a game known only by its
    /// totals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundInput>,
    /// Each player's game total, for a game imported from an app that kept no rounds:
    /// then `rounds` is empty, and each total must be one that many rounds could give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported_totals: Option<BTreeMap<String, i32>>,
}

/// A player's score in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerScore {
    pub player: String,
    pub score: i32,
}

/// One scored round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundScore {
    /// 1-based round number.
    pub round: u32,
    /// The player who started this round: seat 1 starts round 1, then clockwise.
    pub start_player: String,
    /// Scores in seat order.
    pub scores: Vec<PlayerScore>,
    /// The final position in the board text format, for a round entered as a board or
    /// move by move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// What the referee noted beyond accepting, e.g. a turn that ended stuck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A player's game total and place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerTotal {
    pub player: String,
    pub total: i32,
    /// Place by absolute total, largest first; equal absolute totals share a place.
    pub place: u32,
}

/// A whole Rangeln game, scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RangelnScore {
    /// Empty for a game known only by its imported totals.
    pub rounds: Vec<RoundScore>,
    /// Totals in seat order.
    pub totals: Vec<PlayerTotal>,
    /// The totals were imported from another app, without rounds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub imported_totals: bool,
}

/// Pieces per player, or the player-count error.
pub fn pieces_per_player(players: usize) -> Result<u32, Error> {
    GameKind::Rangeln.pieces_per_player(players).ok_or(Error::PlayerCount {
        game: GameKind::Rangeln,
        found: players,
        min: GameKind::Rangeln.min_players(),
        max: GameKind::Rangeln.max_players(),
    })
}

/// Checks that a name-keyed map covers exactly the seated players.
fn check_keys<V>(map: &BTreeMap<String, V>, players: &[String]) -> Result<(), Error> {
    if let Some(unknown) = map.keys().find(|k| !players.contains(k)) {
        return Err(Error::UnknownPlayer { player: unknown.clone() });
    }
    if let Some(missing) = players.iter().find(|p| !map.contains_key(*p)) {
        return Err(Error::MissingPlayer { player: missing.clone() });
    }
    Ok(())
}

/// One round, scored: the scores in seat order and, where the input determines a
/// position, that position and what the referee noted.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedRound {
    pub scores: Vec<i32>,
    pub board: Option<Board>,
    pub notes: Vec<referee::Note>,
}

/// Scores one round for `players` in seat order, started by seat 1. Errors are not yet
/// tagged with the round.
pub fn score_round(input: &RoundInput, players: &[String]) -> Result<Vec<i32>, Error> {
    play_round(input, players, Some(0)).map(|round| round.scores)
}

/// Scores one round for `players` in seat order. A round played move by move starts
/// with seat `start + 1`; without `start`, with whoever placed first.
pub fn play_round(input: &RoundInput, players: &[String], start: Option<usize>) -> Result<PlayedRound, Error> {
    let pieces = pieces_per_player(players.len())?;
    let scores = match input {
        RoundInput::Board(text) => {
            let board = Board::parse_for(text, players.len())?;
            let scores = (1..=players.len() as u8)
                .zip(players)
                .map(|(seat, player)| {
                    let found = board.pieces_of(seat).count();
                    if found != pieces as usize {
                        return Err(Error::PieceCount { player: player.clone(), found, expected: pieces as usize });
                    }
                    Ok(board.score(seat))
                })
                .collect::<Result<Vec<i32>, Error>>()?;
            return Ok(PlayedRound { scores, board: Some(board), notes: Vec::new() });
        }
        RoundInput::Moves(moves) => {
            let start = match start {
                Some(start) => start,
                None => match moves.placements.first() {
                    Some((first, _)) => players
                        .iter()
                        .position(|p| p == first)
                        .ok_or_else(|| Error::UnknownPlayer { player: first.clone() })?,
                    None => 0,
                },
            };
            let Refereed { board, notes } = referee(moves, players, start)?;
            let scores = (1..=players.len() as u8).map(|seat| board.score(seat)).collect();
            return Ok(PlayedRound { scores, board: Some(board), notes });
        }
        RoundInput::Rings(counts) => {
            check_keys(counts, players)?;
            for player in players {
                let found = counts[player].pieces();
                if found != pieces {
                    return Err(Error::RingCountSum { player: player.clone(), found, expected: pieces });
                }
            }
            for ring in Ring::ALL {
                let found = counts.values().map(|c| c.get(ring)).sum::<u32>();
                if found > ring.cells() {
                    return Err(Error::RingOverfull { ring, found, capacity: ring.cells() });
                }
            }
            players.iter().map(|p| counts[p].score() as i32).collect()
        }
        RoundInput::Scores(scores) => {
            check_keys(scores, players)?;
            let max = 2 * pieces as i32;
            let scores = players
                .iter()
                .map(|player| {
                    let score = scores[player];
                    if !(-max..=max).contains(&score) {
                        return Err(Error::ScoreOutOfBounds { player: player.clone(), score, pieces, min: -max, max });
                    }
                    Ok(score)
                })
                .collect::<Result<Vec<i32>, Error>>()?;
            if joint::joint_fill(&scores, pieces, joint::BOARD).is_none() {
                let named: Vec<String> = players.iter().zip(&scores).map(|(p, s)| format!("{p} {s:+}")).collect();
                return Err(Error::ScoresImpossible { scores: named.join(", "), pieces });
            }
            scores
        }
    };
    Ok(PlayedRound { scores, board: None, notes: Vec::new() })
}

/// Scores a whole game: `players` in seat order, one round per player.
pub fn score_game(players: &[String], result: &RangelnResult) -> Result<RangelnScore, Error> {
    pieces_per_player(players.len())?;
    if let Some(imported) = &result.imported_totals {
        if !result.rounds.is_empty() {
            return Err(Error::ImportedTotals {
                reason: "a game has either rounds or imported totals, not both".into(),
            });
        }
        let totals = imported::check_totals(imported, players)?;
        return Ok(RangelnScore { rounds: Vec::new(), totals: ranked(players, totals), imported_totals: true });
    }
    if result.rounds.len() != players.len() {
        return Err(Error::RoundCount { players: players.len(), found: result.rounds.len(), expected: players.len() });
    }
    let mut totals = vec![0i32; players.len()];
    let mut rounds = Vec::with_capacity(players.len());
    for (index, input) in result.rounds.iter().enumerate() {
        let round = index as u32 + 1;
        // Round r is started by seat r (docs/rules.md: the start player rotates clockwise).
        let PlayedRound { scores, board, notes } =
            play_round(input, players, Some(index)).map_err(|e| e.in_round(round))?;
        for (total, score) in totals.iter_mut().zip(&scores) {
            *total += score;
        }
        rounds.push(RoundScore {
            round,
            start_player: players[index].clone(),
            scores: players
                .iter()
                .zip(scores)
                .map(|(player, score)| PlayerScore { player: player.clone(), score })
                .collect(),
            board: board.map(|b| b.to_string()),
            // Stored with the result: in English, as every stored text.
            notes: notes.iter().map(ToString::to_string).collect(),
        });
    }
    Ok(RangelnScore { rounds, totals: ranked(players, totals), imported_totals: false })
}

/// The totals (in seat order) with their places: largest absolute total first, -19
/// beats +18, and +19 ties with -19.
fn ranked(players: &[String], totals: Vec<i32>) -> Vec<PlayerTotal> {
    let keys: Vec<std::cmp::Reverse<u32>> = totals.iter().map(|t| std::cmp::Reverse(t.unsigned_abs())).collect();
    let places = competition_places(&keys);
    players
        .iter()
        .zip(totals)
        .zip(places)
        .map(|((player, total), place)| PlayerTotal { player: player.clone(), total, place })
        .collect()
}

#[cfg(test)]
mod tests;

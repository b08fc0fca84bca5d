//! The one error type of every rule check in spielstand.
//!
//! Every variant has a stable machine-readable [`Error::code`] (clients and the API's
//! problem types key on it, so codes never change once released) and a message that
//! names the player, round, cell or line at fault.

use crate::catalogue::GameKind;
use crate::rangeln::Ring;

/// A result, board or league setting that breaks a rule.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// Wraps an error found while checking one Rangeln round, so the message starts with
    /// the round. Its code is the code of the error inside.
    #[error("round {round}: {error}")]
    InRound { round: u32, error: Box<Error> },

    #[error("line {line}, column {column}: unexpected {symbol:?}, expected '.' or a piece 'A'..'E'")]
    BoardSymbol { line: usize, column: usize, symbol: char },
    #[error(
        "line {line}, column {column}: piece {symbol:?} belongs to seat {seat}, but the game has {players} players"
    )]
    BoardSeat { line: usize, column: usize, symbol: char, seat: u8, players: usize },
    #[error("line {line}, column {column}: a row has 9 cells, this one has more")]
    BoardRowTooLong { line: usize, column: usize },
    #[error("line {line}, column {column}: a row has 9 cells, this one has {found}")]
    BoardRowTooShort { line: usize, column: usize, found: usize },
    #[error("line {line}, column 1: the board has 9 rows, this is a 10th")]
    BoardTooManyRows { line: usize },
    #[error("line {line}, column 1: the board ends after {found} rows, expected 9")]
    BoardTooFewRows { line: usize, found: usize },

    #[error("{text:?} is not a cell: cells are a1 to i9")]
    InvalidCell { text: String },
    #[error("{player} has {found} pieces on the board, expected {expected}")]
    PieceCount { player: String, found: usize, expected: usize },
    #[error("{player}'s ring counts add up to {found} pieces, expected {expected}")]
    RingCountSum { player: String, found: u32, expected: u32 },
    #[error("{found} pieces counted on the {ring} cells, but there are only {capacity} of them")]
    RingOverfull { ring: Ring, found: u32, capacity: u32 },
    #[error("{player} scored {score}, but with {pieces} pieces a round score lies between {min} and {max}")]
    ScoreOutOfBounds { player: String, score: i32, pieces: u32, min: i32, max: i32 },
    #[error("{cell} is a black cell: no piece may be placed there")]
    PlacementOnBlack { cell: String },
    #[error("{cell} is taken by another piece")]
    PlacementOccupied { cell: String },
    #[error(
        "{cell} touches {other}, where seat {seat} already has a piece: own pieces may not be placed next to each other, diagonals included"
    )]
    PlacementAdjacent { cell: String, other: String, seat: u8 },

    #[error("{game} is played by {min} to {max} players, this result has {found}")]
    PlayerCount { game: GameKind, found: usize, min: usize, max: usize },
    #[error("{player} is listed more than once")]
    DuplicatePlayer { player: String },
    #[error("{player} does not play in this game")]
    UnknownPlayer { player: String },
    #[error("{player} is missing")]
    MissingPlayer { player: String },
    #[error("a player's name must not be empty")]
    EmptyName,
    #[error("{name:?} is not a usable name: {reason}")]
    InvalidName { name: String, reason: &'static str },
    #[error("seat {seat} of {player} is not between 1 and {players}")]
    SeatOutOfRange { player: String, seat: u32, players: usize },
    #[error("seat {seat} is taken by both {first} and {second}")]
    DuplicateSeat { seat: u32, first: String, second: String },
    #[error("a Rangeln game of {players} players has {expected} rounds, this one has {found}")]
    RoundCount { players: usize, found: usize, expected: usize },
    #[error("place {place} of the finishing order is empty")]
    EmptyPlace { place: u32 },
    #[error("{players} cannot share place {place}: only the players who did not finish share the last place")]
    TieNotAllowed { players: String, place: u32 },
    #[error("nobody won: place 1 is shared by {players}, and a result needs a winner")]
    NoWinner { players: String },
    #[error("colour mode {mode} is for {needed} players, this game has {found}")]
    ColourMode { mode: &'static str, needed: usize, found: usize },
    #[error("house rule {rule} is listed more than once")]
    DuplicateHouseRule { rule: &'static str },
    #[error("{player} crossed the finish with {lettuces} lettuce(s) left: a hare must eat all its lettuces first")]
    HareLettuce { player: String, lettuces: u32 },
    #[error("{player} finished in place {place} with {carrots} carrots, at most {max} are allowed")]
    HareCarrots { player: String, place: u32, carrots: u32, max: u32 },
    #[error(
        "{player} is recorded as a finisher but shares place {place} with {others}: finishers each have a place of their own"
    )]
    HareFinisherTied { player: String, place: u32, others: String },
    #[error(
        "{player} is placed {place} ahead of {ahead_of}, who finished, without finishing: record {player}'s carrots or move them to the shared last place"
    )]
    HareNotFinished { player: String, place: u32, ahead_of: String },
    #[error("{player} finished in round {round}, before {earlier} who is placed ahead of them (round {earlier_round})")]
    HareRoundOrder { player: String, round: u32, earlier: String, earlier_round: u32 },
    #[error("{players} did not finish and are ranked apart: hares that did not finish share the last place")]
    HareUnfinishedRanked { players: String },
    #[error("finish round of {player} must be at least 1")]
    HareRoundZero { player: String },

    #[error("{text:?} is not a points scheme: use players-beaten or table:10,6,4,2,1,0")]
    InvalidPointsScheme { text: String },
    #[error("the points table is empty")]
    EmptyPointsTable,
    #[error("the points table rises from {before} to {after} at place {place}: a lower place never earns more")]
    PointsTableRises { place: u32, before: u32, after: u32 },
    #[error("the season ends on {to}, before it starts on {from}")]
    SeasonReversed { from: chrono::NaiveDate, to: chrono::NaiveDate },
    #[error("a league counts at least one game")]
    NoGames,
    #[error("{game} is listed more than once in the league's games")]
    DuplicateGame { game: GameKind },
    #[error("tie-breaker {breaker} is listed more than once")]
    DuplicateTieBreaker { breaker: &'static str },
    #[error("this league does not count {game}")]
    GameNotInLeague { game: GameKind },
    #[error("played on {date}, outside the season {from} to {to}")]
    OutsideSeason { date: chrono::NaiveDate, from: chrono::NaiveDate, to: chrono::NaiveDate },
}

impl Error {
    /// Stable, machine-readable code of this error (kebab-case).
    pub fn code(&self) -> &'static str {
        match self {
            Error::InRound { error, .. } => error.code(),
            Error::BoardSymbol { .. } => "board-symbol",
            Error::BoardSeat { .. } => "board-seat",
            Error::BoardRowTooLong { .. } => "board-row-too-long",
            Error::BoardRowTooShort { .. } => "board-row-too-short",
            Error::BoardTooManyRows { .. } => "board-too-many-rows",
            Error::BoardTooFewRows { .. } => "board-too-few-rows",
            Error::InvalidCell { .. } => "invalid-cell",
            Error::PieceCount { .. } => "piece-count",
            Error::RingCountSum { .. } => "ring-count-sum",
            Error::RingOverfull { .. } => "ring-overfull",
            Error::ScoreOutOfBounds { .. } => "score-out-of-bounds",
            Error::PlacementOnBlack { .. } => "placement-on-black",
            Error::PlacementOccupied { .. } => "placement-occupied",
            Error::PlacementAdjacent { .. } => "placement-adjacent",
            Error::PlayerCount { .. } => "player-count",
            Error::DuplicatePlayer { .. } => "duplicate-player",
            Error::UnknownPlayer { .. } => "unknown-player",
            Error::MissingPlayer { .. } => "missing-player",
            Error::EmptyName => "empty-name",
            Error::InvalidName { .. } => "invalid-name",
            Error::SeatOutOfRange { .. } => "seat-out-of-range",
            Error::DuplicateSeat { .. } => "duplicate-seat",
            Error::RoundCount { .. } => "round-count",
            Error::EmptyPlace { .. } => "empty-place",
            Error::TieNotAllowed { .. } => "tie-not-allowed",
            Error::NoWinner { .. } => "no-winner",
            Error::ColourMode { .. } => "colour-mode",
            Error::DuplicateHouseRule { .. } => "duplicate-house-rule",
            Error::HareLettuce { .. } => "hare-lettuce",
            Error::HareCarrots { .. } => "hare-carrots",
            Error::HareFinisherTied { .. } => "hare-finisher-tied",
            Error::HareNotFinished { .. } => "hare-not-finished",
            Error::HareRoundOrder { .. } => "hare-round-order",
            Error::HareRoundZero { .. } => "hare-round-zero",
            Error::HareUnfinishedRanked { .. } => "hare-unfinished-ranked",
            Error::InvalidPointsScheme { .. } => "invalid-points-scheme",
            Error::EmptyPointsTable => "empty-points-table",
            Error::PointsTableRises { .. } => "points-table-rises",
            Error::SeasonReversed { .. } => "season-reversed",
            Error::NoGames => "no-games",
            Error::DuplicateGame { .. } => "duplicate-game",
            Error::DuplicateTieBreaker { .. } => "duplicate-tie-breaker",
            Error::GameNotInLeague { .. } => "game-not-in-league",
            Error::OutsideSeason { .. } => "outside-season",
        }
    }

    /// The Rangeln round this error was found in, if any.
    pub fn round(&self) -> Option<u32> {
        match self {
            Error::InRound { round, .. } => Some(*round),
            _ => None,
        }
    }

    pub(crate) fn in_round(self, round: u32) -> Error {
        Error::InRound { round, error: Box::new(self) }
    }
}

/// Joins player names for messages: "Anna, Ben and Cleo".
pub(crate) fn list_names<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

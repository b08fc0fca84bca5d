//! The one error type of every rule check in spielstand.
//!
//! Every variant has a stable machine-readable [`Error::code`] (clients and the API's
//! problem types key on it, so codes never change once released) and a message that
//! names the player, round, cell or line at fault.

use crate::catalogue::GameKind;
use crate::ring::Ring;
pub(crate) use crate::words::list_names;

/// A result, board or league setting that breaks a rule.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// Wraps an error found while checking one Rangeln round, so the message starts with
    /// the round. Its code is the code of the error inside.
    #[error("round {round}{}{error}", separator(.error))]
    InRound { round: u32, error: Box<Error> },
    /// Wraps an error of a refereed round with the placement, turn, path and step at
    /// fault (`placement 7`, `turn of Cleo, path 1 (c3-c4-c5), step 2`). Its code is the
    /// code of the error inside.
    #[error("{at}: {error}")]
    AtMove { at: crate::words::MoveAt, error: Box<Error> },

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
    #[error(
        "no board gives these scores at once ({scores}): with {pieces} pieces each on distinct cells, the rings hold 8 (+2), 16 (-2), 24 (+1) and 28 (-1) cells and the black cells 5"
    )]
    ScoresImpossible { scores: String, pieces: u32 },
    #[error("imported totals: {reason}")]
    ImportedTotals { reason: String },
    // The three placement rules, one variant each: the live referee and the check of a
    // start position both come through `rangeln::placement`.
    #[error("{player} may not place on {cell}: it is a black cell")]
    PlacementOnBlack { player: String, cell: String },
    #[error("{player} may not place on {cell}: {other}'s piece stands there")]
    PlacementOccupied { player: String, cell: String, other: String },
    #[error("{player} may not place on {cell}, next to their own piece on {other}")]
    PlacementAdjacent { player: String, cell: String, other: String },
    #[error("it is {expected}'s turn, not {player}'s")]
    OutOfTurn { player: String, expected: String },
    #[error("every player has placed all {pieces} pieces")]
    PlacementsDone { pieces: usize },
    #[error("{made} of {expected} placements made: every piece is placed before the first turn")]
    PlacementsMissing { made: usize, expected: usize },
    #[error("every one of the {players} players has moved: the round is over")]
    TurnsDone { players: usize },
    #[error("{made} of {expected} turns made: {next} has not moved")]
    TurnsMissing { made: usize, expected: usize, next: String },
    #[error("a path is its start cell and at least one step, e.g. c3-c4")]
    PathEmpty,
    #[error("there is no piece of {player} on {cell}")]
    PathStart { player: String, cell: String },
    #[error("the piece on {cell} already moved this turn")]
    PieceMovedTwice { cell: String },
    #[error("{from}-{to} is not a step to the next cell in the same row or column")]
    StepNotOrthogonal { from: String, to: String },
    #[error("{cell} is black: a piece may be pushed onto it but not move there itself")]
    StepOntoBlack { cell: String },
    #[error("{cell} was already on this path")]
    StepRevisit { cell: String },
    #[error("the line {line} would be pushed off the board")]
    PushOffBoard { line: String },
    #[error("{allowance}; {has}")]
    Allowance { allowance: crate::words::AllowanceWords, has: crate::words::TurnSoFar },
    /// A path that stops before the length its shape asks for, where docs/rules.md's "Stuck"
    /// does not allow it.
    #[error(
        "the path stops after {steps} of {full} steps, but {reason}: a path goes its full length whenever a piece of the mover can"
    )]
    ShortPath { steps: usize, full: usize, reason: crate::words::ShortReason },

    #[error("{players} players of {game} cannot sit at tables of {min} to {max}")]
    TablesImpossible { game: GameKind, players: usize, min: usize, max: usize },
    #[error("tables of {size} cannot play {game}: it is played by {min} to {max} players")]
    TableSizeOutOfRange { game: GameKind, size: usize, min: usize, max: usize },
    #[error("{player} is pinned to table {table}, but the draw has {tables} table(s)")]
    PinTableMissing { player: String, table: u32, tables: usize },
    #[error("table {table} seats {size}, but {pinned} players are pinned to it: {players}")]
    PinTableFull { table: u32, size: usize, pinned: usize, players: String },
    #[error("{first} and {second} must sit apart, but both are pinned to table {table}")]
    ApartPinnedTogether { first: String, second: String, table: u32 },
    #[error("{first} and {second} must sit apart, but no draw of these tables and pins parts them")]
    ApartImpossible { first: String, second: String },
    #[error("{player} is not checked in to the night: check them in, or leave them out of the draw's {field}")]
    NotCheckedIn { player: String, field: String },
    #[error(
        "teams of {sizes} for {players} players: partners play two teams of two on the 4-player side, two teams of three or three teams of two on the 6-player side"
    )]
    TeamSizes { players: usize, sizes: String },
    #[error("{players} are partners, so they share one place: list a team's members together in the order")]
    TeamSplit { players: String },
    #[error("the league plays {game} with partners: the result must state its teams")]
    TeamsRequired { game: GameKind },
    #[error("two teams are named {name:?}: a team table needs each name once")]
    DuplicateTeam { name: String },
    #[error("{player} is in both team {first:?} and team {second:?}: a player belongs to one team")]
    TeamMemberTwice { player: String, first: String, second: String },
    #[error("team {name:?} has no players")]
    EmptyTeam { name: String },
    #[error("confirmations is {found}: a result entered at a table of at most six waits for 0 to 5 tablemates")]
    ConfirmationsOutOfRange { found: u32 },
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
    #[error("this result states {option} {stated}, but the league plays {game} with {option} {league}")]
    OptionConflict { game: GameKind, option: &'static str, stated: String, league: String },
    #[error("a {game} result must state {what}, unless the league's game options set it")]
    OptionMissing { game: GameKind, what: &'static str },
    #[error("game options for {game}, which this league does not count")]
    OptionsForOtherGame { game: GameKind },
    #[error("house rule {rule} is listed more than once")]
    DuplicateHouseRule { rule: &'static str },
    #[error("house rule {rule} is refused for {game}: {reason}")]
    HouseRuleNotForGame { game: GameKind, rule: &'static str, reason: crate::words::HouseRuleRefusal },
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
    #[error(
        "{players} have no carrots recorded, so they did not finish, yet they are ranked apart: record each finisher's carrots left at the finish, or let the hares that did not finish share the last place"
    )]
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
    /// `why` explains the bound where it is not obvious (a game after tomorrow).
    #[error("{what}: {date} is out of range: dates run from {earliest} to {latest}{why}")]
    DateOutOfRange {
        what: String,
        date: chrono::NaiveDate,
        earliest: chrono::NaiveDate,
        latest: chrono::NaiveDate,
        why: &'static str,
    },
    #[error("played on {date}, outside the season {from} to {to}")]
    OutsideSeason { date: chrono::NaiveDate, from: chrono::NaiveDate, to: chrono::NaiveDate },
}

/// Every stable code an [`Error`] can have: the kinds of rule a result, board or league
/// setting can break. Clients and the API's problem types key on the slugs
/// (`piece-count`), so they never change once released; a test fixes the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "kebab-case")]
pub enum RuleCode {
    BoardSymbol,
    BoardSeat,
    BoardRowTooLong,
    BoardRowTooShort,
    BoardTooManyRows,
    BoardTooFewRows,
    InvalidCell,
    PieceCount,
    RingCountSum,
    RingOverfull,
    ScoreOutOfBounds,
    ScoresImpossible,
    /// A Rangeln game known only by its totals: rounds given besides, or a total no
    /// rounds could give.
    ImportedTotals,
    PlacementOnBlack,
    PlacementOccupied,
    PlacementAdjacent,
    OutOfTurn,
    PlacementCount,
    TurnCount,
    PathEmpty,
    PathStart,
    PieceMovedTwice,
    StepNotOrthogonal,
    StepOntoBlack,
    StepRevisit,
    PushOffBoard,
    Allowance,
    /// A refereed path stopped short where another piece, or this one, could go on.
    ShortPath,
    PlayerCount,
    DuplicatePlayer,
    UnknownPlayer,
    MissingPlayer,
    EmptyName,
    InvalidName,
    SeatOutOfRange,
    DuplicateSeat,
    RoundCount,
    EmptyPlace,
    TieNotAllowed,
    NoWinner,
    ColourMode,
    DuplicateHouseRule,
    /// A house rule stated for a game it cannot apply to (Ghostbuster has no captures, and
    /// forbids one's own barriers).
    HouseRuleNotForGame,
    OptionConflict,
    OptionMissing,
    OptionsForOtherGame,
    HareLettuce,
    HareCarrots,
    HareFinisherTied,
    HareNotFinished,
    HareRoundOrder,
    HareRoundZero,
    HareUnfinishedRanked,
    InvalidPointsScheme,
    EmptyPointsTable,
    PointsTableRises,
    SeasonReversed,
    NoGames,
    DuplicateGame,
    DuplicateTieBreaker,
    GameNotInLeague,
    OutsideSeason,
    /// A date before 1900-01-01, a game after tomorrow, a filter after 9999-12-31.
    DateOutOfRange,
    /// A night's players cannot be split into tables the game allows.
    TablesImpossible,
    /// A preferred table size outside the game's player counts.
    TableSizeOutOfRange,
    /// A pin to a table the draw does not have.
    PinTableMissing,
    /// More players pinned to a table than it seats.
    PinTableFull,
    /// Two players who must sit apart pinned to one table.
    ApartPinnedTogether,
    /// Two players who must sit apart, and no draw parts them.
    ApartImpossible,
    /// A pin or apart pair naming someone who is not checked in.
    NotCheckedIn,
    /// Partner teams of sizes the rules do not know for that many players.
    TeamSizes,
    /// Partners listed in different places of the order.
    TeamSplit,
    /// The league plays the game with partners and the result names no teams.
    TeamsRequired,
    /// A team table naming one team twice.
    DuplicateTeam,
    /// A player on two rosters of a team table.
    TeamMemberTwice,
    /// A roster without players.
    EmptyTeam,
    /// A league's `confirmations` above the five tablemates a table can have.
    ConfirmationsOutOfRange,
}

impl RuleCode {
    /// The code as clients see it, e.g. `piece-count`.
    pub fn slug(self) -> &'static str {
        self.into()
    }

    /// Every code, in declaration order.
    pub fn all() -> impl Iterator<Item = RuleCode> {
        <RuleCode as strum::IntoEnumIterator>::iter()
    }
}

impl Error {
    /// Stable, machine-readable code of this error (kebab-case).
    pub fn code(&self) -> &'static str {
        self.rule_code().slug()
    }

    /// The kind of rule this error breaks: [`Error::code`] as an enum.
    pub fn rule_code(&self) -> RuleCode {
        match self {
            Error::InRound { error, .. } | Error::AtMove { error, .. } => error.rule_code(),
            Error::OutOfTurn { .. } => RuleCode::OutOfTurn,
            Error::PlacementOnBlack { .. } => RuleCode::PlacementOnBlack,
            Error::PlacementOccupied { .. } => RuleCode::PlacementOccupied,
            Error::PlacementAdjacent { .. } => RuleCode::PlacementAdjacent,
            Error::PlacementsDone { .. } | Error::PlacementsMissing { .. } => RuleCode::PlacementCount,
            Error::TurnsDone { .. } | Error::TurnsMissing { .. } => RuleCode::TurnCount,
            Error::PathEmpty => RuleCode::PathEmpty,
            Error::PathStart { .. } => RuleCode::PathStart,
            Error::PieceMovedTwice { .. } => RuleCode::PieceMovedTwice,
            Error::StepNotOrthogonal { .. } => RuleCode::StepNotOrthogonal,
            Error::StepOntoBlack { .. } => RuleCode::StepOntoBlack,
            Error::StepRevisit { .. } => RuleCode::StepRevisit,
            Error::PushOffBoard { .. } => RuleCode::PushOffBoard,
            Error::Allowance { .. } => RuleCode::Allowance,
            Error::ShortPath { .. } => RuleCode::ShortPath,
            Error::BoardSymbol { .. } => RuleCode::BoardSymbol,
            Error::BoardSeat { .. } => RuleCode::BoardSeat,
            Error::BoardRowTooLong { .. } => RuleCode::BoardRowTooLong,
            Error::BoardRowTooShort { .. } => RuleCode::BoardRowTooShort,
            Error::BoardTooManyRows { .. } => RuleCode::BoardTooManyRows,
            Error::BoardTooFewRows { .. } => RuleCode::BoardTooFewRows,
            Error::InvalidCell { .. } => RuleCode::InvalidCell,
            Error::PieceCount { .. } => RuleCode::PieceCount,
            Error::RingCountSum { .. } => RuleCode::RingCountSum,
            Error::RingOverfull { .. } => RuleCode::RingOverfull,
            Error::ScoreOutOfBounds { .. } => RuleCode::ScoreOutOfBounds,
            Error::ScoresImpossible { .. } => RuleCode::ScoresImpossible,
            Error::ImportedTotals { .. } => RuleCode::ImportedTotals,
            Error::PlayerCount { .. } => RuleCode::PlayerCount,
            Error::TablesImpossible { .. } => RuleCode::TablesImpossible,
            Error::TableSizeOutOfRange { .. } => RuleCode::TableSizeOutOfRange,
            Error::PinTableMissing { .. } => RuleCode::PinTableMissing,
            Error::PinTableFull { .. } => RuleCode::PinTableFull,
            Error::ApartPinnedTogether { .. } => RuleCode::ApartPinnedTogether,
            Error::ApartImpossible { .. } => RuleCode::ApartImpossible,
            Error::NotCheckedIn { .. } => RuleCode::NotCheckedIn,
            Error::TeamSizes { .. } => RuleCode::TeamSizes,
            Error::TeamSplit { .. } => RuleCode::TeamSplit,
            Error::TeamsRequired { .. } => RuleCode::TeamsRequired,
            Error::ConfirmationsOutOfRange { .. } => RuleCode::ConfirmationsOutOfRange,
            Error::DuplicateTeam { .. } => RuleCode::DuplicateTeam,
            Error::TeamMemberTwice { .. } => RuleCode::TeamMemberTwice,
            Error::EmptyTeam { .. } => RuleCode::EmptyTeam,
            Error::DuplicatePlayer { .. } => RuleCode::DuplicatePlayer,
            Error::UnknownPlayer { .. } => RuleCode::UnknownPlayer,
            Error::MissingPlayer { .. } => RuleCode::MissingPlayer,
            Error::EmptyName => RuleCode::EmptyName,
            Error::InvalidName { .. } => RuleCode::InvalidName,
            Error::SeatOutOfRange { .. } => RuleCode::SeatOutOfRange,
            Error::DuplicateSeat { .. } => RuleCode::DuplicateSeat,
            Error::RoundCount { .. } => RuleCode::RoundCount,
            Error::EmptyPlace { .. } => RuleCode::EmptyPlace,
            Error::TieNotAllowed { .. } => RuleCode::TieNotAllowed,
            Error::NoWinner { .. } => RuleCode::NoWinner,
            Error::ColourMode { .. } => RuleCode::ColourMode,
            Error::DuplicateHouseRule { .. } => RuleCode::DuplicateHouseRule,
            Error::HouseRuleNotForGame { .. } => RuleCode::HouseRuleNotForGame,
            Error::OptionConflict { .. } => RuleCode::OptionConflict,
            Error::OptionMissing { .. } => RuleCode::OptionMissing,
            Error::OptionsForOtherGame { .. } => RuleCode::OptionsForOtherGame,
            Error::HareLettuce { .. } => RuleCode::HareLettuce,
            Error::HareCarrots { .. } => RuleCode::HareCarrots,
            Error::HareFinisherTied { .. } => RuleCode::HareFinisherTied,
            Error::HareNotFinished { .. } => RuleCode::HareNotFinished,
            Error::HareRoundOrder { .. } => RuleCode::HareRoundOrder,
            Error::HareRoundZero { .. } => RuleCode::HareRoundZero,
            Error::HareUnfinishedRanked { .. } => RuleCode::HareUnfinishedRanked,
            Error::InvalidPointsScheme { .. } => RuleCode::InvalidPointsScheme,
            Error::EmptyPointsTable => RuleCode::EmptyPointsTable,
            Error::PointsTableRises { .. } => RuleCode::PointsTableRises,
            Error::SeasonReversed { .. } => RuleCode::SeasonReversed,
            Error::NoGames => RuleCode::NoGames,
            Error::DuplicateGame { .. } => RuleCode::DuplicateGame,
            Error::DuplicateTieBreaker { .. } => RuleCode::DuplicateTieBreaker,
            Error::GameNotInLeague { .. } => RuleCode::GameNotInLeague,
            Error::OutsideSeason { .. } => RuleCode::OutsideSeason,
            Error::DateOutOfRange { .. } => RuleCode::DateOutOfRange,
        }
    }

    /// The Rangeln round this error was found in, if any.
    pub fn round(&self) -> Option<u32> {
        match self {
            Error::InRound { round, .. } => Some(*round),
            _ => None,
        }
    }

    /// This error, found in Rangeln round `round` (1-based).
    pub fn in_round(self, round: u32) -> Error {
        Error::InRound { round, error: Box::new(self) }
    }
}

/// One fact of an [`Error`], under its field's name: what a translated message puts into
/// its words (`{ $player }`, `{ $found }`). Numbers stay numbers, so a message can choose
/// its plural by them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// A name, a cell, a game's display name, an ISO date, or a text the rules wrote.
    Text(String),
    /// A count, a score, a place, a line or a seat.
    Number(i64),
}

impl Fact {
    /// The number, if this fact is one.
    pub fn number(&self) -> Option<i64> {
        match self {
            Fact::Number(n) => Some(*n),
            Fact::Text(_) => None,
        }
    }

    /// The text, if this fact is one.
    pub fn text(&self) -> Option<&str> {
        match self {
            Fact::Text(text) => Some(text),
            Fact::Number(_) => None,
        }
    }
}

/// A number as it is written, a text as it is.
impl std::fmt::Display for Fact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fact::Text(text) => f.write_str(text),
            Fact::Number(n) => write!(f, "{n}"),
        }
    }
}

/// A fact from any displayed field: names, cells, rings, symbols, dates (ISO), texts.
fn text(value: impl std::fmt::Display) -> Fact {
    Fact::Text(value.to_string())
}

/// A fact from any integer field; no field comes near `i64::MAX`.
fn num<N: TryInto<i64>>(n: N) -> Fact {
    Fact::Number(n.try_into().unwrap_or(i64::MAX))
}

impl Error {
    /// Every field of this error under its own name, in the order the variant declares
    /// them: the facts a translated message is written from. A game is its display name
    /// (`Mensch ärgere Dich nicht`), a date its ISO form, a piece symbol the letter itself.
    /// The wrappers ([`Error::InRound`], [`Error::AtMove`]) give only their own fields: the
    /// error inside is [`Error::inner`], rendered on its own.
    ///
    /// The match names every field of every variant, so a new variant or field does not
    /// compile until its facts are listed here.
    pub fn facts(&self) -> Vec<(&'static str, Fact)> {
        match self {
            Error::InRound { round, error: _ } => vec![("round", num(*round))],
            Error::AtMove { at, error: _ } => vec![("at", text(at))],
            Error::BoardSymbol { line, column, symbol } => {
                vec![("line", num(*line)), ("column", num(*column)), ("symbol", text(symbol))]
            }
            Error::BoardSeat { line, column, symbol, seat, players } => vec![
                ("line", num(*line)),
                ("column", num(*column)),
                ("symbol", text(symbol)),
                ("seat", num(*seat)),
                ("players", num(*players)),
            ],
            Error::BoardRowTooLong { line, column } => vec![("line", num(*line)), ("column", num(*column))],
            Error::BoardRowTooShort { line, column, found } => {
                vec![("line", num(*line)), ("column", num(*column)), ("found", num(*found))]
            }
            Error::BoardTooManyRows { line } => vec![("line", num(*line))],
            Error::BoardTooFewRows { line, found } => vec![("line", num(*line)), ("found", num(*found))],
            Error::InvalidCell { text: cell } => vec![("text", text(cell))],
            Error::PieceCount { player, found, expected } => {
                vec![("player", text(player)), ("found", num(*found)), ("expected", num(*expected))]
            }
            Error::RingCountSum { player, found, expected } => {
                vec![("player", text(player)), ("found", num(*found)), ("expected", num(*expected))]
            }
            Error::RingOverfull { ring, found, capacity } => {
                vec![("ring", text(ring)), ("found", num(*found)), ("capacity", num(*capacity))]
            }
            Error::ScoreOutOfBounds { player, score, pieces, min, max } => vec![
                ("player", text(player)),
                ("score", num(*score)),
                ("pieces", num(*pieces)),
                ("min", num(*min)),
                ("max", num(*max)),
            ],
            Error::ScoresImpossible { scores, pieces } => vec![("scores", text(scores)), ("pieces", num(*pieces))],
            Error::ImportedTotals { reason } => vec![("reason", text(reason))],
            Error::PlacementOnBlack { player, cell } => vec![("player", text(player)), ("cell", text(cell))],
            Error::PlacementOccupied { player, cell, other } => {
                vec![("player", text(player)), ("cell", text(cell)), ("other", text(other))]
            }
            Error::PlacementAdjacent { player, cell, other } => {
                vec![("player", text(player)), ("cell", text(cell)), ("other", text(other))]
            }
            Error::OutOfTurn { player, expected } => vec![("player", text(player)), ("expected", text(expected))],
            Error::PlacementsDone { pieces } => vec![("pieces", num(*pieces))],
            Error::PlacementsMissing { made, expected } => vec![("made", num(*made)), ("expected", num(*expected))],
            Error::TurnsDone { players } => vec![("players", num(*players))],
            Error::TurnsMissing { made, expected, next } => {
                vec![("made", num(*made)), ("expected", num(*expected)), ("next", text(next))]
            }
            Error::PathEmpty => vec![],
            Error::PathStart { player, cell } => vec![("player", text(player)), ("cell", text(cell))],
            Error::PieceMovedTwice { cell } => vec![("cell", text(cell))],
            Error::StepNotOrthogonal { from, to } => vec![("from", text(from)), ("to", text(to))],
            Error::StepOntoBlack { cell } => vec![("cell", text(cell))],
            Error::StepRevisit { cell } => vec![("cell", text(cell))],
            Error::PushOffBoard { line } => vec![("line", text(line))],
            Error::Allowance { allowance, has } => vec![("allowance", text(allowance)), ("has", text(has))],
            Error::ShortPath { steps, full, reason } => {
                vec![("steps", num(*steps)), ("full", num(*full)), ("reason", text(reason))]
            }
            Error::TablesImpossible { game, players, min, max } => {
                vec![("game", text(game.name())), ("players", num(*players)), ("min", num(*min)), ("max", num(*max))]
            }
            Error::TableSizeOutOfRange { game, size, min, max } => {
                vec![("game", text(game.name())), ("size", num(*size)), ("min", num(*min)), ("max", num(*max))]
            }
            Error::PinTableMissing { player, table, tables } => {
                vec![("player", text(player)), ("table", num(*table)), ("tables", num(*tables))]
            }
            Error::PinTableFull { table, size, pinned, players } => {
                vec![("table", num(*table)), ("size", num(*size)), ("pinned", num(*pinned)), ("players", text(players))]
            }
            Error::ApartPinnedTogether { first, second, table } => {
                vec![("first", text(first)), ("second", text(second)), ("table", num(*table))]
            }
            Error::ApartImpossible { first, second } => vec![("first", text(first)), ("second", text(second))],
            Error::NotCheckedIn { player, field } => vec![("player", text(player)), ("field", text(field))],
            Error::TeamSizes { players, sizes } => vec![("players", num(*players)), ("sizes", text(sizes))],
            Error::TeamSplit { players } => vec![("players", text(players))],
            Error::TeamsRequired { game } => vec![("game", text(game.name()))],
            Error::DuplicateTeam { name } => vec![("name", text(name))],
            Error::TeamMemberTwice { player, first, second } => {
                vec![("player", text(player)), ("first", text(first)), ("second", text(second))]
            }
            Error::EmptyTeam { name } => vec![("name", text(name))],
            Error::ConfirmationsOutOfRange { found } => vec![("found", num(*found))],
            Error::PlayerCount { game, found, min, max } => {
                vec![("game", text(game.name())), ("found", num(*found)), ("min", num(*min)), ("max", num(*max))]
            }
            Error::DuplicatePlayer { player } => vec![("player", text(player))],
            Error::UnknownPlayer { player } => vec![("player", text(player))],
            Error::MissingPlayer { player } => vec![("player", text(player))],
            Error::EmptyName => vec![],
            Error::InvalidName { name, reason } => vec![("name", text(name)), ("reason", text(reason))],
            Error::SeatOutOfRange { player, seat, players } => {
                vec![("player", text(player)), ("seat", num(*seat)), ("players", num(*players))]
            }
            Error::DuplicateSeat { seat, first, second } => {
                vec![("seat", num(*seat)), ("first", text(first)), ("second", text(second))]
            }
            Error::RoundCount { players, found, expected } => {
                vec![("players", num(*players)), ("found", num(*found)), ("expected", num(*expected))]
            }
            Error::EmptyPlace { place } => vec![("place", num(*place))],
            Error::TieNotAllowed { players, place } => vec![("players", text(players)), ("place", num(*place))],
            Error::NoWinner { players } => vec![("players", text(players))],
            Error::ColourMode { mode, needed, found } => {
                vec![("mode", text(mode)), ("needed", num(*needed)), ("found", num(*found))]
            }
            Error::OptionConflict { game, option, stated, league } => vec![
                ("game", text(game.name())),
                ("option", text(option)),
                ("stated", text(stated)),
                ("league", text(league)),
            ],
            Error::OptionMissing { game, what } => vec![("game", text(game.name())), ("what", text(what))],
            Error::OptionsForOtherGame { game } => vec![("game", text(game.name()))],
            Error::DuplicateHouseRule { rule } => vec![("rule", text(rule))],
            Error::HouseRuleNotForGame { game, rule, reason } => {
                vec![("game", text(game.name())), ("rule", text(rule)), ("reason", text(reason))]
            }
            Error::HareLettuce { player, lettuces } => vec![("player", text(player)), ("lettuces", num(*lettuces))],
            Error::HareCarrots { player, place, carrots, max } => {
                vec![("player", text(player)), ("place", num(*place)), ("carrots", num(*carrots)), ("max", num(*max))]
            }
            Error::HareFinisherTied { player, place, others } => {
                vec![("player", text(player)), ("place", num(*place)), ("others", text(others))]
            }
            Error::HareNotFinished { player, place, ahead_of } => {
                vec![("player", text(player)), ("place", num(*place)), ("ahead_of", text(ahead_of))]
            }
            Error::HareRoundOrder { player, round, earlier, earlier_round } => vec![
                ("player", text(player)),
                ("round", num(*round)),
                ("earlier", text(earlier)),
                ("earlier_round", num(*earlier_round)),
            ],
            Error::HareUnfinishedRanked { players } => vec![("players", text(players))],
            Error::HareRoundZero { player } => vec![("player", text(player))],
            Error::InvalidPointsScheme { text: scheme } => vec![("text", text(scheme))],
            Error::EmptyPointsTable => vec![],
            Error::PointsTableRises { place, before, after } => {
                vec![("place", num(*place)), ("before", num(*before)), ("after", num(*after))]
            }
            Error::SeasonReversed { from, to } => vec![("from", text(from)), ("to", text(to))],
            Error::NoGames => vec![],
            Error::DuplicateGame { game } => vec![("game", text(game.name()))],
            Error::DuplicateTieBreaker { breaker } => vec![("breaker", text(breaker))],
            Error::GameNotInLeague { game } => vec![("game", text(game.name()))],
            Error::DateOutOfRange { what, date, earliest, latest, why } => vec![
                ("what", text(what)),
                ("date", text(date)),
                ("earliest", text(earliest)),
                ("latest", text(latest)),
                ("why", text(why)),
            ],
            Error::OutsideSeason { date, from, to } => {
                vec![("date", text(date)), ("from", text(from)), ("to", text(to))]
            }
        }
    }

    /// The error inside a wrapper ([`Error::InRound`], [`Error::AtMove`]); `None` for
    /// every other variant.
    pub fn inner(&self) -> Option<&Error> {
        match self {
            Error::InRound { error, .. } | Error::AtMove { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Between a round and the error inside: `round 2, placement 7: ...` for a refereed
/// move, `round 2: ...` otherwise.
fn separator(error: &Error) -> &'static str {
    if matches!(error, Error::AtMove { .. }) { ", " } else { ": " }
}

#[cfg(test)]
mod code_tests {
    use super::RuleCode;

    /// The released codes: adding one is a decision, changing or removing one breaks clients.
    #[test]
    fn the_list_of_codes_is_fixed() {
        let slugs: Vec<&str> = RuleCode::all().map(RuleCode::slug).collect();
        assert_eq!(
            slugs,
            [
                "board-symbol",
                "board-seat",
                "board-row-too-long",
                "board-row-too-short",
                "board-too-many-rows",
                "board-too-few-rows",
                "invalid-cell",
                "piece-count",
                "ring-count-sum",
                "ring-overfull",
                "score-out-of-bounds",
                "scores-impossible",
                "imported-totals",
                "placement-on-black",
                "placement-occupied",
                "placement-adjacent",
                "out-of-turn",
                "placement-count",
                "turn-count",
                "path-empty",
                "path-start",
                "piece-moved-twice",
                "step-not-orthogonal",
                "step-onto-black",
                "step-revisit",
                "push-off-board",
                "allowance",
                "short-path",
                "player-count",
                "duplicate-player",
                "unknown-player",
                "missing-player",
                "empty-name",
                "invalid-name",
                "seat-out-of-range",
                "duplicate-seat",
                "round-count",
                "empty-place",
                "tie-not-allowed",
                "no-winner",
                "colour-mode",
                "duplicate-house-rule",
                "house-rule-not-for-game",
                "option-conflict",
                "option-missing",
                "options-for-other-game",
                "hare-lettuce",
                "hare-carrots",
                "hare-finisher-tied",
                "hare-not-finished",
                "hare-round-order",
                "hare-round-zero",
                "hare-unfinished-ranked",
                "invalid-points-scheme",
                "empty-points-table",
                "points-table-rises",
                "season-reversed",
                "no-games",
                "duplicate-game",
                "duplicate-tie-breaker",
                "game-not-in-league",
                "outside-season",
                "date-out-of-range",
                "tables-impossible",
                "table-size-out-of-range",
                "pin-table-missing",
                "pin-table-full",
                "apart-pinned-together",
                "apart-impossible",
                "not-checked-in",
                "team-sizes",
                "team-split",
                "teams-required",
                "duplicate-team",
                "team-member-twice",
                "empty-team",
                "confirmations-out-of-range"
            ]
        );
        for code in RuleCode::all() {
            assert_eq!(code.slug().parse::<RuleCode>(), Ok(code));
        }
    }
}

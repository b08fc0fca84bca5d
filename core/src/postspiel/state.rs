//! The state of a postal game between two rounds: the board, the event table and every
//! hare. What the game master keeps and what a round's resolution returns.

use super::board::{Board, FieldKind};
use super::events::{EventTable, POSITIONS};
use serde::{Deserialize, Serialize};

/// What a hare must do in the next round because of the last one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Pending {
    /// Hare event "einmal aussetzen": stays on the hare field.
    Wait,
    /// Hare event "einen Salat fressen": stays on the hare field and eats a lettuce if it has one.
    Eat,
    /// Waited on a lettuce field: must leave it ("Spätestens nach einmaligem Aussetzen muss
    /// das Feld wieder verlassen werden"). Held over every round the hare ends on that field
    /// again, so that a forced stay there is a plain wait, never a second lettuce.
    Leave,
}

/// One hare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hare {
    pub name: String,
    /// 0 is the start, [`Board::goal`] the goal.
    pub field: u32,
    pub carrots: u32,
    pub lettuces: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// The place in which the hare crossed the finish.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<u32>,
    /// The round in which it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_round: Option<u32>,
}

impl Hare {
    /// A hare on the start field with the rule text's 98 carrots and 3 lettuces.
    pub fn new(name: impl Into<String>) -> Hare {
        Hare {
            name: name.into(),
            field: 0,
            carrots: crate::finishing::START_CARROTS,
            lettuces: crate::finishing::START_LETTUCES,
            pending: None,
            finished: None,
            finish_round: None,
        }
    }
}

/// The game between rounds. `round` is the next round to resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawState")]
pub struct GameState {
    pub round: u32,
    /// Omitted: the default board.
    #[serde(skip_serializing_if = "Board::is_default")]
    pub board: Board,
    /// Omitted: table 3 as `docs/rules.md` reads it.
    #[serde(skip_serializing_if = "EventTable::is_seed")]
    pub events: EventTable,
    /// The last round the game master plays; the game ends after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_limit: Option<u32>,
    /// Every hare finished, or the round limit reached: no more rounds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub finished: bool,
    pub hares: Vec<Hare>,
}

/// A state that cannot be a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("the game has no hares")]
    NoHares,
    #[error("{count} hares: a game has at most {POSITIONS}")]
    TooManyHares { count: usize },
    #[error("a hare has an empty name")]
    EmptyName,
    #[error("two hares are named {name:?}")]
    DuplicateHare { name: String },
    #[error("round {round}: rounds count from 1")]
    RoundZero { round: i64 },
    #[error("{name} has {what} {value}: {what} are counted from 0 to {}", u32::MAX)]
    OutOfRange { name: String, what: &'static str, value: i64 },
    #[error("{name} stands on field {field}, but the board runs from 0 (start) to {goal} (goal)")]
    FieldOutOfRange { name: String, field: i64, goal: u32 },
    #[error("{name} finished in place {place}: places are 1 to {hares}, each once")]
    BadPlace { name: String, place: u32, hares: usize },
    #[error("{name} {}", if *.finished { "finished but is not on the goal" } else { "is on the goal but has no place" })]
    GoalMismatch { name: String, finished: bool },
    #[error("{name} must {pending:?}, which a hare on a {kind:?} field cannot")]
    PendingMismatch { name: String, pending: Pending, kind: FieldKind },
}

impl GameState {
    /// A new game: every hare on the start with 98 carrots and 3 lettuces, round 1.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> GameState {
        GameState {
            round: 1,
            board: Board::default_board(),
            events: EventTable::seed(),
            round_limit: None,
            finished: false,
            hares: names.into_iter().map(Hare::new).collect(),
        }
    }

    /// Reads a state from JSON, naming the first thing wrong with it.
    pub fn from_json(text: &str) -> Result<GameState, String> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| e.to_string())
    }

    /// Checks what deserialising checks, for a state built in code.
    pub fn check(&self) -> Result<(), StateError> {
        if self.round == 0 {
            return Err(StateError::RoundZero { round: 0 });
        }
        if self.hares.is_empty() {
            return Err(StateError::NoHares);
        }
        if self.hares.len() > POSITIONS {
            return Err(StateError::TooManyHares { count: self.hares.len() });
        }
        let goal = self.board.goal();
        let mut places = Vec::new();
        for (i, hare) in self.hares.iter().enumerate() {
            let name = || hare.name.clone();
            if hare.name.trim().is_empty() {
                return Err(StateError::EmptyName);
            }
            if self.hares[..i].iter().any(|h| h.name == hare.name) {
                return Err(StateError::DuplicateHare { name: name() });
            }
            if hare.field > goal {
                return Err(StateError::FieldOutOfRange { name: name(), field: i64::from(hare.field), goal });
            }
            if hare.finished.is_some() != (hare.field == goal) {
                return Err(StateError::GoalMismatch { name: name(), finished: hare.finished.is_some() });
            }
            if let Some(place) = hare.finished {
                if place == 0 || place as usize > self.hares.len() || places.contains(&place) {
                    return Err(StateError::BadPlace { name: name(), place, hares: self.hares.len() });
                }
                places.push(place);
            }
            if let Some(pending) = hare.pending {
                let kind = self.board.kind(hare.field);
                let fits = match pending {
                    Pending::Wait | Pending::Eat => kind == FieldKind::Hare,
                    Pending::Leave => kind == FieldKind::Lettuce,
                };
                if !fits || hare.finished.is_some() {
                    return Err(StateError::PendingMismatch { name: name(), pending, kind });
                }
            }
        }
        // Places of finishers are 1..k: a later finisher never has a gap before it.
        places.sort_unstable();
        if let Some(&place) = places.iter().enumerate().find(|(at, p)| **p as usize != at + 1).map(|(_, p)| p) {
            let name =
                self.hares.iter().find(|h| h.finished == Some(place)).map(|h| h.name.clone()).unwrap_or_default();
            return Err(StateError::BadPlace { name, place, hares: self.hares.len() });
        }
        Ok(())
    }

    /// Index of the hare named `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.hares.iter().position(|h| h.name == name)
    }

    /// Hares best first: finishers by place, then the others by field, furthest first; on
    /// one field, the hare listed first in the state is ahead (project decision).
    pub fn race_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.hares.len()).collect();
        order.sort_by_key(|&i| {
            let hare = &self.hares[i];
            (hare.finished.unwrap_or(u32::MAX), std::cmp::Reverse(hare.field), i)
        });
        order
    }

    /// Every hare's race position (1-based), by index: a permutation of 1..=n.
    pub fn positions(&self) -> Vec<u32> {
        let mut positions = vec![0; self.hares.len()];
        for (rank, i) in self.race_order().into_iter().enumerate() {
            positions[i] = rank as u32 + 1;
        }
        positions
    }

    /// How many hares have finished.
    pub fn finishers(&self) -> u32 {
        self.hares.iter().filter(|h| h.finished.is_some()).count() as u32
    }

    /// Whether hare `i` is the only unfinished hare on its field.
    pub fn alone(&self, i: usize) -> bool {
        let field = self.hares[i].field;
        !self.hares.iter().enumerate().any(|(j, h)| j != i && h.finished.is_none() && h.field == field)
    }
}

/// A hare as JSON gives it: numbers wide enough to name a negative one in the error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHare {
    name: String,
    field: i64,
    carrots: i64,
    lettuces: i64,
    #[serde(default)]
    pending: Option<Pending>,
    #[serde(default)]
    finished: Option<u32>,
    #[serde(default)]
    finish_round: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawState {
    round: i64,
    #[serde(default)]
    board: Board,
    #[serde(default)]
    events: EventTable,
    #[serde(default)]
    round_limit: Option<u32>,
    #[serde(default)]
    finished: bool,
    hares: Vec<RawHare>,
}

impl TryFrom<RawState> for GameState {
    type Error = StateError;
    fn try_from(raw: RawState) -> Result<Self, Self::Error> {
        let round =
            u32::try_from(raw.round).ok().filter(|&r| r > 0).ok_or(StateError::RoundZero { round: raw.round })?;
        let goal = raw.board.goal();
        let mut hares = Vec::with_capacity(raw.hares.len());
        for hare in raw.hares {
            let count = |what: &'static str, value: i64| {
                u32::try_from(value).map_err(|_| StateError::OutOfRange { name: hare.name.clone(), what, value })
            };
            let field = u32::try_from(hare.field)
                .ok()
                .filter(|&f| f <= goal)
                .ok_or_else(|| StateError::FieldOutOfRange { name: hare.name.clone(), field: hare.field, goal })?;
            hares.push(Hare {
                field,
                carrots: count("carrots", hare.carrots)?,
                lettuces: count("lettuces", hare.lettuces)?,
                pending: hare.pending,
                finished: hare.finished,
                finish_round: hare.finish_round,
                name: hare.name,
            });
        }
        let state = GameState {
            round,
            board: raw.board,
            events: raw.events,
            round_limit: raw.round_limit,
            finished: raw.finished,
            hares,
        };
        state.check()?;
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimal_state_parses_with_defaults() {
        let state: GameState = serde_json::from_str(
            r#"{"round": 1, "hares": [{"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3}]}"#,
        )
        .unwrap();
        assert!(state.board.is_default() && state.events.is_seed());
        assert_eq!(state.hares[0], Hare::new("Anna"));
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(json, r#"{"round":1,"hares":[{"name":"Anna","field":0,"carrots":98,"lettuces":3}]}"#);
    }

    #[test]
    fn states_that_cannot_be_a_game_are_refused_by_name() {
        let err = |json: &str| GameState::from_json(json).unwrap_err();
        assert!(
            err(r#"{"round":1,"hares":[{"name":"A","field":0,"carrots":-3,"lettuces":3}]}"#).contains("carrots -3")
        );
        assert!(err(r#"{"round":1,"hares":[{"name":"A","field":65,"carrots":3,"lettuces":3}]}"#).contains("field 65"));
        assert!(err(r#"{"round":1,"hares":[{"name":"A","field":0,"carrots":3,"lettuces":3},{"name":"A","field":0,"carrots":3,"lettuces":3}]}"#).contains("two hares"));
        assert!(err(r#"{"round":0,"hares":[]}"#).contains("round 0"));
        assert!(
            err(r#"{"round":1,"hares":[{"name":"A","field":0,"carrots":3,"lettuces":3,"colour":1}]}"#)
                .contains("colour")
        );
        assert!(err(r#"{"round":1,"hares":[{"name":"A","field":64,"carrots":3,"lettuces":0}]}"#).contains("no place"));
    }

    #[test]
    fn race_positions_put_finishers_first_and_break_ties_by_listing() {
        let mut state = GameState::new(["Anna", "Ben", "Cleo"]);
        state.hares[2].field = 5;
        assert_eq!(state.positions(), [2, 3, 1]);
        state.hares[1].field = 64;
        state.hares[1].finished = Some(1);
        assert_eq!(state.positions(), [3, 1, 2]);
    }
}

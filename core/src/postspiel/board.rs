//! The race track: field 0 is the start, the last field the goal, and every field between
//! has a kind. The rule text gives no board, so the board is data: the default is the published
//! board as `docs/rules.md` transcribes it, and a game may bring its own.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Race positions a flag field pays for (docs/rules.md "The board": "Flaggen stehen für Position 1, 5 und 6").
pub const FLAG_POSITIONS: [u32; 3] = [1, 5, 6];

/// Most fields between start and goal a board may have; bounds the work of every scan.
pub const MAX_FIELDS: usize = 200;

/// The default board, fields 1 to 63 (`docs/rules.md`): H hare, C carrot, S lettuce
/// (Salat), I hedgehog (Igel), F flag, a digit a number field. Spaces are only for reading.
pub const DEFAULT_BOARD: &str = "HCH3CHSI42 I3CHIF24I2 CS2IHC432I HFCH23ICHC 2SI34H2FCI H324CISHC2 HSH";

/// What a field is, without a number field's number: what a condition asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum FieldKind {
    Start,
    Goal,
    Hare,
    Carrot,
    Lettuce,
    Hedgehog,
    Number,
    Flag,
}

/// One field of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Start,
    Goal,
    Hare,
    Carrot,
    Lettuce,
    Hedgehog,
    /// A number field pays 10 x position to a hare alone on it whose race position is the number.
    Number(u8),
    /// A flag field pays as a number field does, for the positions in [`FLAG_POSITIONS`].
    Flag,
}

impl Field {
    pub fn kind(self) -> FieldKind {
        match self {
            Field::Start => FieldKind::Start,
            Field::Goal => FieldKind::Goal,
            Field::Hare => FieldKind::Hare,
            Field::Carrot => FieldKind::Carrot,
            Field::Lettuce => FieldKind::Lettuce,
            Field::Hedgehog => FieldKind::Hedgehog,
            Field::Number(_) => FieldKind::Number,
            Field::Flag => FieldKind::Flag,
        }
    }

    /// Whether a hare in race position `position` is paid for standing here in phase 3.
    pub fn pays_position(self, position: u32) -> bool {
        match self {
            Field::Number(n) => u32::from(n) == position,
            Field::Flag => FLAG_POSITIONS.contains(&position),
            _ => false,
        }
    }

    fn symbol(self) -> char {
        match self {
            Field::Start => '<',
            Field::Goal => '>',
            Field::Hare => 'H',
            Field::Carrot => 'C',
            Field::Lettuce => 'S',
            Field::Hedgehog => 'I',
            Field::Number(n) => char::from(b'0' + n),
            Field::Flag => 'F',
        }
    }
}

/// A board written with a symbol that is no field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error(
        "board field {field}: {symbol:?} is no field; write H hare, C carrot, S lettuce, I hedgehog, F flag or a digit 1-9"
    )]
    Symbol { field: usize, symbol: char },
    #[error("a board has 1 to {MAX_FIELDS} fields between start and goal, this one has {found}")]
    Length { found: usize },
}

/// The fields from the start (0) to the goal ([`Board::goal`]). Serialised as the text of
/// the fields between them, as [`DEFAULT_BOARD`] is written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    fields: Vec<Field>,
}

impl Board {
    /// The published board (`docs/rules.md`).
    pub fn default_board() -> Board {
        // The constant is tested to parse; a failure here would be a broken build, not input.
        DEFAULT_BOARD.parse().unwrap_or_else(|_| Board { fields: vec![Field::Start, Field::Goal] })
    }

    pub fn is_default(&self) -> bool {
        *self == Board::default_board()
    }

    /// The goal's field number: the number of fields between start and goal, plus one.
    pub fn goal(&self) -> u32 {
        (self.fields.len() - 1) as u32
    }

    /// The field at `at`, if the board has it.
    pub fn field(&self, at: u32) -> Option<Field> {
        self.fields.get(at as usize).copied()
    }

    /// The kind of the field at `at`; outside the board it is the goal's (never asked for
    /// a checked state).
    pub fn kind(&self, at: u32) -> FieldKind {
        self.field(at).map_or(FieldKind::Goal, Field::kind)
    }

    /// The nearest hedgehog field behind `from`: where "zurück" goes.
    pub fn hedgehog_behind(&self, from: u32) -> Option<u32> {
        (1..from).rev().find(|&f| self.kind(f) == FieldKind::Hedgehog)
    }

    /// The nearest carrot field behind `from` (hare event "zurück zum nächsten Möhrenfeld").
    pub fn carrot_behind(&self, from: u32) -> Option<u32> {
        (1..from).rev().find(|&f| self.kind(f) == FieldKind::Carrot)
    }

    /// The nearest carrot field ahead of `from` (hare event "vor zum nächsten Möhrenfeld").
    pub fn carrot_ahead(&self, from: u32) -> Option<u32> {
        (from.saturating_add(1)..self.goal()).find(|&f| self.kind(f) == FieldKind::Carrot)
    }
}

impl FromStr for Board {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut fields = vec![Field::Start];
        for symbol in s.chars().filter(|c| !c.is_whitespace() && *c != '/') {
            let field = match symbol.to_ascii_uppercase() {
                'H' => Field::Hare,
                'C' => Field::Carrot,
                'S' => Field::Lettuce,
                'I' => Field::Hedgehog,
                'F' => Field::Flag,
                d @ '1'..='9' => Field::Number(d as u8 - b'0'),
                _ => return Err(BoardError::Symbol { field: fields.len(), symbol }),
            };
            fields.push(field);
            if fields.len() > MAX_FIELDS + 1 {
                return Err(BoardError::Length { found: s.chars().filter(|c| c.is_ascii_alphanumeric()).count() });
            }
        }
        if fields.len() < 2 {
            return Err(BoardError::Length { found: 0 });
        }
        fields.push(Field::Goal);
        Ok(Board { fields })
    }
}

impl fmt::Display for Board {
    /// The fields between start and goal in groups of ten, as [`DEFAULT_BOARD`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &self.fields[1..self.fields.len() - 1];
        for (i, field) in inner.iter().enumerate() {
            if i > 0 && i % 10 == 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", field.symbol())?;
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::default_board()
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_board_has_63_fields_between_start_and_goal() {
        let board: Board = DEFAULT_BOARD.parse().unwrap();
        assert_eq!(board.goal(), 64);
        assert_eq!(board.field(0), Some(Field::Start));
        assert_eq!(board.field(1), Some(Field::Hare));
        assert_eq!(board.field(4), Some(Field::Number(3)));
        assert_eq!(board.field(8), Some(Field::Hedgehog));
        assert_eq!(board.field(16), Some(Field::Flag));
        assert_eq!(board.field(63), Some(Field::Hare));
        assert_eq!(board.field(64), Some(Field::Goal));
        assert_eq!(board.to_string(), DEFAULT_BOARD);
        assert!(board.is_default());
    }

    #[test]
    fn boards_refuse_unknown_symbols_and_empty_text() {
        assert_eq!("HCX".parse::<Board>(), Err(BoardError::Symbol { field: 3, symbol: 'X' }));
        assert_eq!("".parse::<Board>(), Err(BoardError::Length { found: 0 }));
        assert!("0".parse::<Board>().is_err());
    }

    #[test]
    fn scans_find_the_nearest_field_of_a_kind() {
        let board = Board::default_board();
        assert_eq!(board.hedgehog_behind(8), None);
        assert_eq!(board.hedgehog_behind(9), Some(8));
        assert_eq!(board.carrot_behind(2), None);
        assert_eq!(board.carrot_ahead(2), Some(5));
        assert_eq!(board.carrot_ahead(63), None);
    }
}

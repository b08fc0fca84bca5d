//! The scoring rings of Rangeln's board. They sit below the board and the errors (an
//! error names the ring that overflowed), so both can use them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The scoring rings, named after the value of a piece standing on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Ring {
    Plus2,
    Minus2,
    Plus1,
    Minus1,
    Black,
}

impl Ring {
    pub const ALL: [Ring; 5] = [Ring::Plus2, Ring::Minus2, Ring::Plus1, Ring::Minus1, Ring::Black];

    pub fn value(self) -> i32 {
        match self {
            Ring::Plus2 => 2,
            Ring::Minus2 => -2,
            Ring::Plus1 => 1,
            Ring::Minus1 => -1,
            Ring::Black => 0,
        }
    }

    /// Number of cells on the board belonging to this ring.
    pub fn cells(self) -> u32 {
        match self {
            Ring::Plus2 => 8,
            Ring::Minus2 => 16,
            Ring::Plus1 => 24,
            Ring::Minus1 => 28,
            Ring::Black => 5,
        }
    }
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ring::Plus2 => "+2",
            Ring::Minus2 => "-2",
            Ring::Plus1 => "+1",
            Ring::Minus1 => "-1",
            Ring::Black => "black",
        })
    }
}

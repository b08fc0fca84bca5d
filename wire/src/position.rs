//! Where a database stood after a write: what a client carries from its writes to its
//! reads (`Spielstand-Write-Position`, `Spielstand-Read-After`) so that it reads its own
//! writes from any server process, including one reading from a replica.

use std::fmt;
use std::str::FromStr;

/// A position in PostgreSQL's write-ahead log (an LSN), written as PostgreSQL writes it:
/// two hexadecimal numbers, `16/B374D848`. Later positions compare greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position(pub u64);

impl FromStr for Position {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Position, String> {
        let bad = || format!("{s:?} is not a write position (as in `16/B374D848`)");
        let (high, low) = s.trim().split_once('/').ok_or_else(bad)?;
        let part = |p: &str| {
            (!p.is_empty() && p.len() <= 8).then(|| u32::from_str_radix(p, 16).ok()).flatten().ok_or_else(bad)
        };
        Ok(Position((u64::from(part(high)?) << 32) | u64::from(part(low)?)))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}/{:X}", self.0 >> 32, self.0 & 0xFFFF_FFFF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_and_compare_as_postgresql_writes_them() {
        let p: Position = "16/B374D848".parse().unwrap();
        assert_eq!(p.0, (0x16 << 32) | 0xB374_D848);
        assert_eq!(p.to_string(), "16/B374D848");
        assert!("0/FFFFFFFF".parse::<Position>().unwrap() < "1/0".parse().unwrap());
        for bad in ["", "16", "/1", "1/", "G/1", "1/123456789", "1/2/3", "-1/2"] {
            assert!(bad.parse::<Position>().is_err(), "{bad:?}");
        }
    }
}

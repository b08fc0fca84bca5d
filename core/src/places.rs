//! Where players finished: the one output every game has, the places of a result as a
//! league sees it, and the competition ranking (1, 1, 3) that ties follow. The bottom of
//! the crate: the games, the leagues and the ratings all build on it.

use crate::catalogue::GameKind;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Where a player finished. Tied players share a place and the next place is skipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Placing {
    pub player: String,
    pub place: u32,
}

/// A result as a league sees it: which game, when, and the places.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueResult {
    /// The result's id; orders results played on the same day.
    #[serde(default)]
    pub id: i64,
    pub game: GameKind,
    pub played_on: NaiveDate,
    pub placings: Vec<Placing>,
}

/// Place of every entry, where a smaller key is better: one more than the number of
/// entries with a strictly better key, so equal keys share a place and the next place
/// is skipped.
pub fn competition_places<K: Ord>(keys: &[K]) -> Vec<u32> {
    keys.iter().map(|k| 1 + keys.iter().filter(|other| *other < k).count() as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_and_skip() {
        assert_eq!(competition_places(&[5, 3, 3, 9]), vec![3, 1, 1, 4]);
        assert_eq!(competition_places(&[1, 1, 1]), vec![1, 1, 1]);
        assert_eq!(competition_places::<u8>(&[]), Vec::<u32>::new());
    }
}

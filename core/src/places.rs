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
    /// In a partner game, the player's team: its position (from 1) in the result's
    /// `teams`. Partners share their team's place. Absent when everyone played alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1))]
    pub team: Option<u32>,
}

impl Placing {
    /// A player who played alone.
    pub fn alone(player: impl Into<String>, place: u32) -> Placing {
        Placing { player: player.into(), place, team: None }
    }
}

/// A game's teams seat by seat, as the tables and ratings take them: empty when everyone
/// played alone, else one team number (from 1) per seat, in the order of the seats.
pub(crate) fn teams_of(placings: &[Placing]) -> Vec<u32> {
    if placings.iter().all(|p| p.team.is_none()) {
        return Vec::new();
    }
    placings.iter().map(|p| p.team.unwrap_or(0)).collect()
}

/// Did the game with `teams` (see [`teams_of`]; a zero is a seat without a team) have teams?
pub(crate) fn has_teams(teams: &[u32]) -> bool {
    teams.iter().any(|&t| t != 0)
}

/// Are seats `i` and `j` of a game with `teams` (see [`teams_of`]) partners? Partners
/// are neither above nor below each other: head-to-head leaves their pair alone.
pub(crate) fn partners(teams: &[u32], i: usize, j: usize) -> bool {
    match (teams.get(i), teams.get(j)) {
        (Some(&a), Some(&b)) => a != 0 && a == b,
        _ => false,
    }
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

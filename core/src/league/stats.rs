//! What a league says about its players beyond the table: each player's record per game
//! and overall, and how every two players fared against each other. Both are read from
//! the same incremental [`super::LeagueState`] as the tables, never from a reload.

use crate::catalogue::GameKind;
use crate::rating::Skill;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// One player's record in one table of a league (one game, or all of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameStats {
    /// The game; `null` for the league as a whole.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub game: Option<GameKind>,
    pub played: u32,
    /// Games finished first (shared or not).
    pub wins: u32,
    /// wins / played.
    pub win_rate: f64,
    pub average_place: f64,
    pub best_place: u32,
    pub worst_place: u32,
    /// League points from these games.
    pub points: f64,
    /// Wins in a row up to the player's latest game (0 when it was not a win).
    pub current_streak: u32,
    /// The most wins in a row, in replay order (date, then id).
    pub longest_streak: u32,
    /// The skill now, replayed from this table's games.
    #[serde(flatten)]
    pub skill: Skill,
    /// The player's last night: the last day with a game of theirs in this table.
    pub last_night: NaiveDate,
    /// How the shown rating (`rating_display`) changed over that night's games.
    pub rating_change: f64,
}

/// A player's record in a league: overall, then per game in the league's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerStats {
    pub player_id: i64,
    pub player: String,
    /// `null` when the player has no counted game in the league.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub overall: Option<GameStats>,
    /// Only the games the player has played.
    pub games: Vec<GameStats>,
}

/// Two players' games together. In a game of several, each player beats every player
/// placed below; equal places are a tie.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PairRecord {
    /// The one of the two higher in the table.
    pub player: String,
    pub opponent: String,
    pub games: u32,
    /// Games in which `player` placed above `opponent`.
    pub ahead: u32,
    /// Games in which `opponent` placed above `player`.
    pub behind: u32,
    pub ties: u32,
}

/// Which pairs of a head-to-head to list: every pair of a table, or one player's pairs
/// (that player first in each); then a window of them, `skip` pairs in, at most `take`.
/// With 500 players a league has 124,750 pairs (10 MB as JSON): a page of them costs
/// about what the table does, the whole list 250 times as much.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairQuery {
    /// Only results of this game (Mensch and Ghostbuster together if the league says so).
    pub game: Option<GameKind>,
    /// Only the pairs of this player (by id).
    pub player: Option<i64>,
    pub skip: usize,
    pub take: usize,
}

/// A window of a head-to-head, and how many pairs the whole list holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairPage {
    pub total: usize,
    pub pairs: Vec<PairRecord>,
}

/// The win streaks of a sequence of games (true: won), oldest first: (current, longest).
pub(crate) fn streaks(wins: impl IntoIterator<Item = bool>) -> (u32, u32) {
    let (mut current, mut longest) = (0u32, 0u32);
    for won in wins {
        current = if won { current + 1 } else { 0 };
        longest = longest.max(current);
    }
    (current, longest)
}

#[cfg(test)]
mod tests {
    use super::streaks;

    #[test]
    fn streaks_count_wins_in_a_row() {
        assert_eq!(streaks([]), (0, 0));
        assert_eq!(streaks([true, true, false, true]), (1, 2));
        assert_eq!(streaks([false, true, true, true]), (3, 3));
        assert_eq!(streaks([true, false]), (0, 1));
    }
}

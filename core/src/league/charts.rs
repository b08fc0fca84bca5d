//! What the pictures of a season are drawn from: each player's rating and league points
//! at the end of every day they played. Read from the incremental
//! [`super::LeagueState`], like the tables.

use crate::rating::Skill;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Whose lines to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lines {
    /// The first `n` players of the current table.
    Top(usize),
    /// One player, by id.
    Player(i64),
}

/// A player's skill at the end of a day they played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingPoint {
    pub date: NaiveDate,
    #[serde(flatten)]
    pub skill: Skill,
}

/// A player's rating over the season, one point per day played, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingLine {
    pub player_id: i64,
    pub player: String,
    pub points: Vec<RatingPoint>,
}

/// A player's league points so far at the end of a day they played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PointsPoint {
    pub date: NaiveDate,
    pub points: f64,
}

/// A player's points race: cumulative league points, one point per day played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PointsLine {
    pub player_id: i64,
    pub player: String,
    pub points: Vec<PointsPoint>,
}

/// Pushes `(on, value)` onto a line of per-day points: a later value of the same day
/// replaces the earlier one, so each day keeps where it ended.
pub(crate) fn end_of_day<T>(line: &mut Vec<T>, on: NaiveDate, point: T, day_of: impl Fn(&T) -> NaiveDate) {
    match line.last_mut() {
        Some(last) if day_of(last) == on => *last = point,
        _ => line.push(point),
    }
}

//! spielstand's rules: scoring Rangeln, checking the finishing-order games, and turning
//! results into league standings. Pure: no I/O, no clock, no global state.
//!
//! The project's reading of the rule texts is `docs/rules.md`; decisions taken where
//! it is silent are documented on the items they concern.

pub mod accuracy;
pub mod catalogue;
pub mod dates;
pub mod draw;
mod error;
pub mod finishing;
pub mod league;
pub mod names;
#[cfg(feature = "openapi")]
pub mod openapi;
mod places;
pub mod postspiel;
pub mod prediction;
pub mod rangeln;
pub mod rating;
pub mod record;
mod ring;
pub mod seating;
pub mod similar;
mod slug;
mod words;

pub use catalogue::{GameInfo, GameKind, UnknownGame};
pub use error::{Error, Fact, RuleCode};
pub use league::{
    GameStats, LeagueRules, LeagueState, LeagueTable, Lines, PairPage, PairQuery, PairRecord, PlayerStats, PointsLine,
    PointsPoint, PointsScheme, RatedStandingRow, RatingLine, RatingPoint, ResultEntry, SNAPSHOT_FORMAT, Season,
    SnapshotError, StandingRow, StandingsQuery, TableMove, TeamRoster, TeamStandingRow, TieBreaker, night_table,
    night_winners, rated_standings, standings, table_change, team_standings,
};
pub use names::{
    MAX_NAME_CHARS, NAME_PATTERN, check_name, is_invisible, look_alike, lookalike_key, name_key, same_name,
};
pub use places::{LeagueResult, Placing, competition_places};
pub use rating::{Ratings, Skill, SkillAfterGame};
pub use record::{Evaluation, GameRecord, Outcome, SeatedPlayer};
pub use slug::{Slug, check_slugs};

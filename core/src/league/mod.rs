//! Leagues: a season of results turned into points and a table.

mod charts;
mod night;
mod points;
mod ranking;
mod standings;
mod state;
mod stats;
mod teams;

pub use charts::{Lines, PointsLine, PointsPoint, RatingLine, RatingPoint};
pub use night::{TableMove, night_table, night_winners, table_change};
pub use points::{POINT_UNITS, PointsScheme};
pub use ranking::StandingRow;
pub use standings::{LeagueTable, RatedStandingRow, StandingsQuery, rated_standings, standings, team_standings};
pub use state::{CHECKPOINT_EVERY, LeagueState, ResultEntry, SNAPSHOT_FORMAT, SnapshotError};
pub use stats::{GameStats, PairPage, PairQuery, PairRecord, PlayerStats};
pub use teams::{TeamRoster, TeamStandingRow};

use crate::catalogue::GameKind;
use crate::error::Error;
use crate::finishing::GameOptions;
use crate::slug::Slug;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The days a league counts, both ends included; an open end counts everything on
/// that side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Season {
    #[serde(default)]
    pub from: Option<NaiveDate>,
    #[serde(default)]
    pub to: Option<NaiveDate>,
}

impl Season {
    pub fn contains(&self, date: NaiveDate) -> bool {
        self.from.is_none_or(|from| from <= date) && self.to.is_none_or(|to| date <= to)
    }
}

/// How players level on points are ordered, in the order listed. Points always come first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum TieBreaker {
    /// More first places.
    Wins,
    /// Lower average place.
    AveragePlace,
    /// Among the players still level only: one point for each time a player placed
    /// ahead of another of them in the same game, half a point for a tie.
    HeadToHead,
}

impl TieBreaker {
    /// Wins, then average place, then head-to-head.
    pub const DEFAULT: [TieBreaker; 3] = [TieBreaker::Wins, TieBreaker::AveragePlace, TieBreaker::HeadToHead];

    fn defaults() -> Vec<TieBreaker> {
        TieBreaker::DEFAULT.to_vec()
    }
}

/// Everything that decides how a league's results become its table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueRules {
    #[serde(default)]
    pub season: Season,
    /// The games this league counts, each once.
    #[cfg_attr(feature = "openapi", schema(min_items = 1))]
    pub games: Vec<GameKind>,
    #[serde(default)]
    pub points: PointsScheme,
    /// Applied in order after points; defaults to wins, average place, head-to-head.
    #[serde(default = "TieBreaker::defaults")]
    pub tie_breakers: Vec<TieBreaker>,
    /// Count Ghostbuster together with Mensch ärgere Dich nicht in per-game tables
    /// (docs/rules.md leaves this to each league). Off by default: the two are kept apart.
    #[serde(default)]
    pub ghostbuster_with_mensch: bool,
    /// Games a player needs before being ranked (docs/rules.md "Minimum games"). Players with
    /// fewer are listed after the ranked ones, without a place. 0: everyone is ranked.
    #[serde(default)]
    pub min_games: u32,
    /// How the league plays its games (docs/rules.md "Game options per league"), keyed by
    /// game slug: a result that leaves an option out takes the league's, one that states
    /// another is refused.
    #[serde(default)]
    pub game_options: GameOptions,
    /// Fixed teams for a team table (`standings?by=team`): each a name and its players,
    /// ranked by the sum of their members' league points. Empty: no team table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamRoster>,
    /// How many other players of its table confirm a result entered with a night pass
    /// before it counts (docs/rules.md "Results from the table"): 1 by default; 0 counts it at
    /// once; more than the table has tablemates means all of them. A result entered with a
    /// token, or accepted by the organiser, counts at once.
    #[serde(default = "one")]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 5, default = 1))]
    pub confirmations: u32,
}

fn one() -> u32 {
    1
}

impl LeagueRules {
    /// Rules for `games` with every default: open season, players-beaten, default tie-breakers.
    pub fn new(games: Vec<GameKind>) -> LeagueRules {
        LeagueRules {
            season: Season::default(),
            games,
            points: PointsScheme::default(),
            tie_breakers: TieBreaker::defaults(),
            ghostbuster_with_mensch: false,
            min_games: 0,
            game_options: GameOptions::default(),
            teams: Vec::new(),
            confirmations: 1,
        }
    }

    pub fn validate(&self) -> Result<(), Error> {
        // A season is a filter of dates: 1900-01-01 to 9999-12-31 (docs/rules.md "Dates").
        for (what, day) in [("season.from", self.season.from), ("season.to", self.season.to)] {
            if let Some(day) = day {
                crate::dates::check_filter(what, day)?;
            }
        }
        if let Season { from: Some(from), to: Some(to) } = self.season
            && to < from
        {
            return Err(Error::SeasonReversed { from, to });
        }
        if self.games.is_empty() {
            return Err(Error::NoGames);
        }
        if self.confirmations > 5 {
            return Err(Error::ConfirmationsOutOfRange { found: self.confirmations });
        }
        for (i, game) in self.games.iter().enumerate() {
            if self.games[..i].contains(game) {
                return Err(Error::DuplicateGame { game: *game });
            }
        }
        for (i, breaker) in self.tie_breakers.iter().enumerate() {
            if self.tie_breakers[..i].contains(breaker) {
                return Err(Error::DuplicateTieBreaker { breaker: breaker.slug() });
            }
        }
        if let Some(game) = self.game_options.games().into_iter().find(|g| !self.games.contains(g)) {
            return Err(Error::OptionsForOtherGame { game });
        }
        self.game_options.validate()?;
        teams::validate(&self.teams)?;
        self.points.validate()
    }

    /// May a result of `game` played on `date` be entered into this league?
    pub fn admits(&self, game: GameKind, date: NaiveDate) -> Result<(), Error> {
        if !self.games.contains(&game) {
            return Err(Error::GameNotInLeague { game });
        }
        if !self.season.contains(date) {
            return Err(Error::OutsideSeason {
                date,
                from: self.season.from.unwrap_or(NaiveDate::MIN),
                to: self.season.to.unwrap_or(NaiveDate::MAX),
            });
        }
        Ok(())
    }

    /// Does a result of `game` count in a table restricted to `only` (all games if `None`)?
    pub(crate) fn counts(&self, game: GameKind, only: Option<GameKind>) -> bool {
        use GameKind::{Ghostbuster, MenschAergereDichNicht};
        self.games.contains(&game)
            && match only {
                None => true,
                Some(only) if only == game => true,
                Some(MenschAergereDichNicht | Ghostbuster) => {
                    self.ghostbuster_with_mensch && matches!(game, MenschAergereDichNicht | Ghostbuster)
                }
                Some(_) => false,
            }
    }
}

#[cfg(test)]
mod tests;

//! Points schemes: how a game's places become league points.

use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Points are counted internally in sixtieths of a point, so that shares among up to six
/// tied players (and the half points of ties) are exact integers: sums never depend on
/// the order results are added in.
pub const POINT_UNITS: i64 = 60;

/// How a game's places become league points.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PointsScheme {
    /// One point per player placed below, half a point per player tied. A game of n
    /// players hands out n(n-1)/2 points.
    #[default]
    PlayersBeaten,
    /// Fixed points per place, e.g. 10, 6, 4, 2, 1, 0; places beyond the table get 0.
    /// Tied players share the points of the places they occupy equally.
    Table {
        /// Points for first, second, ... place, never rising.
        #[cfg_attr(feature = "openapi", schema(min_items = 1))]
        table: Vec<u32>,
    },
}

impl PointsScheme {
    pub fn validate(&self) -> Result<(), Error> {
        if let PointsScheme::Table { table } = self {
            if table.is_empty() {
                return Err(Error::EmptyPointsTable);
            }
            if let Some(i) = table.windows(2).position(|w| w[1] > w[0]) {
                return Err(Error::PointsTableRises { place: i as u32 + 2, before: table[i], after: table[i + 1] });
            }
        }
        Ok(())
    }

    /// Points, in [`POINT_UNITS`], for each entry of `places` (the places of one game).
    pub fn award(&self, places: &[u32]) -> Vec<i64> {
        let mut awards = Vec::with_capacity(places.len());
        self.award_alone(places, &mut awards);
        awards
    }

    /// [`PointsScheme::award`] for a game with `teams` (seat by seat, empty when everyone
    /// played alone), into a reused buffer: the league table calls this once per result.
    ///
    /// A partner game is scored as a game of its teams (docs/rules.md "Partners": every member
    /// takes the team's place and the league points of that place): the teams' places are
    /// awarded as if each team were one player, and each member gets the team's award.
    /// With players-beaten, the winners of two teams of two get 1 point each.
    pub(crate) fn award_into(&self, places: &[u32], teams: &[u32], awards: &mut Vec<i64>) {
        if !crate::places::has_teams(teams) {
            return self.award_alone(places, awards);
        }
        let count = teams.iter().copied().max().unwrap_or(0) as usize;
        let mut team_places = vec![0u32; count];
        for (&team, &place) in teams.iter().zip(places) {
            team_places[team as usize - 1] = place;
        }
        // The teams' places as a game of `count` players: 1 + teams strictly ahead.
        let ranked: Vec<u32> =
            team_places.iter().map(|&p| 1 + team_places.iter().filter(|&&q| q < p).count() as u32).collect();
        let mut team_awards = Vec::with_capacity(count);
        self.award_alone(&ranked, &mut team_awards);
        awards.clear();
        awards.extend(teams.iter().map(|&team| team_awards[team as usize - 1]));
    }

    fn award_alone(&self, places: &[u32], awards: &mut Vec<i64>) {
        awards.clear();
        awards.extend(places.iter().map(|&place| {
            let tied = places.iter().filter(|&&p| p == place).count() as i64;
            match self {
                PointsScheme::PlayersBeaten => {
                    let beaten = places.iter().filter(|&&p| p > place).count() as i64;
                    beaten * POINT_UNITS + (tied - 1) * POINT_UNITS / 2
                }
                PointsScheme::Table { table } => {
                    let first = place as usize - 1;
                    let shared: i64 =
                        (first..first + tied as usize).map(|i| i64::from(table.get(i).copied().unwrap_or(0))).sum();
                    shared * POINT_UNITS / tied
                }
            }
        }));
    }
}

impl fmt::Display for PointsScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsScheme::PlayersBeaten => f.write_str("players-beaten"),
            PointsScheme::Table { table } => {
                let values: Vec<String> = table.iter().map(u32::to_string).collect();
                write!(f, "table:{}", values.join(","))
            }
        }
    }
}

impl FromStr for PointsScheme {
    type Err = Error;
    /// `players-beaten` or `table:10,6,4,2,1,0`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let invalid = || Error::InvalidPointsScheme { text: s.to_owned() };
        let scheme = match s.trim() {
            "players-beaten" => PointsScheme::PlayersBeaten,
            other => {
                let values = other.strip_prefix("table:").ok_or_else(invalid)?;
                let table = values
                    .split(',')
                    .map(|v| v.trim().parse::<u32>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| invalid())?;
                PointsScheme::Table { table }
            }
        };
        scheme.validate()?;
        Ok(scheme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(scheme: &PointsScheme, places: &[u32]) -> Vec<f64> {
        scheme.award(places).iter().map(|&u| u as f64 / POINT_UNITS as f64).collect()
    }

    #[test]
    fn players_beaten_gives_a_point_per_player_below_and_halves_for_ties() {
        let s = PointsScheme::PlayersBeaten;
        assert_eq!(points(&s, &[1, 2, 3, 4]), [3.0, 2.0, 1.0, 0.0]);
        assert_eq!(points(&s, &[1, 1, 3]), [1.5, 1.5, 0.0]);
        assert_eq!(points(&s, &[1, 2, 3, 3]), [3.0, 2.0, 0.5, 0.5]);
    }

    #[test]
    fn a_table_shares_the_points_of_tied_places() {
        let s: PointsScheme = "table:10,6,4,2,1,0".parse().unwrap();
        assert_eq!(points(&s, &[1, 2, 3]), [10.0, 6.0, 4.0]);
        assert_eq!(points(&s, &[1, 1, 3]), [8.0, 8.0, 4.0]);
        assert_eq!(points(&s, &[1, 2, 2, 2]), [10.0, 4.0, 4.0, 4.0]);
        let short: PointsScheme = "table:3,1".parse().unwrap();
        assert_eq!(points(&short, &[1, 2, 3, 3]), [3.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn schemes_parse_print_and_reject_nonsense() {
        for text in ["players-beaten", "table:10,6,4,2,1,0"] {
            assert_eq!(text.parse::<PointsScheme>().unwrap().to_string(), text);
        }
        assert_eq!("table:".parse::<PointsScheme>().unwrap_err().code(), "invalid-points-scheme");
        assert_eq!("elo".parse::<PointsScheme>().unwrap_err().code(), "invalid-points-scheme");
        assert_eq!(
            "table:1,2".parse::<PointsScheme>().unwrap_err(),
            Error::PointsTableRises { place: 2, before: 1, after: 2 }
        );
        assert_eq!(PointsScheme::Table { table: vec![] }.validate().unwrap_err().code(), "empty-points-table");
    }

    #[test]
    fn json_shape_is_tagged_by_kind() {
        let s: PointsScheme = serde_json::from_str(r#"{"kind": "table", "table": [10, 6, 4]}"#).unwrap();
        assert_eq!(s, PointsScheme::Table { table: vec![10, 6, 4] });
        assert_eq!(serde_json::to_string(&PointsScheme::PlayersBeaten).unwrap(), r#"{"kind":"players-beaten"}"#);
    }
}

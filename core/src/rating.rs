//! Skill ratings: Weng-Lin (OpenSkill), via the `skillratings` crate.
//!
//! Every game is a free-for-all: each player is a team of one and tied players share a
//! rank. Ratings are never stored, only replayed from the results in date order (then by
//! id), so a corrected or deleted past result gives exactly the ratings that entering it
//! right in the first place would have given.

use crate::catalogue::GameKind;
use crate::league::LeagueResult;
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A player's skill estimate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Skill {
    /// The estimate (mu); a new player starts at 25.
    pub rating: f64,
    /// How unsure the estimate is (sigma); a new player starts at 25/3.
    pub rating_uncertainty: f64,
    /// Conservative value to show and sort by: rating - 3 x uncertainty. Starts at 0.
    pub rating_display: f64,
}

impl From<WengLinRating> for Skill {
    fn from(r: WengLinRating) -> Skill {
        Skill { rating: r.rating, rating_uncertainty: r.uncertainty, rating_display: r.rating - 3.0 * r.uncertainty }
    }
}

/// A player's skill right after one of their games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SkillAfterGame {
    pub result_id: i64,
    pub game: GameKind,
    pub played_on: NaiveDate,
    pub place: u32,
    #[serde(flatten)]
    pub skill: Skill,
}

/// Ratings replayed from results. Feed results in any order to [`Ratings::replay`]; it sorts.
#[derive(Debug, Clone, Default)]
pub struct Ratings {
    index: FxHashMap<String, u32>,
    ratings: Vec<WengLinRating>,
    config: WengLinConfig,
}

impl Ratings {
    /// Replays `results` in date order, then by id.
    pub fn replay<'a>(results: impl IntoIterator<Item = &'a LeagueResult>) -> Ratings {
        let mut ordered: Vec<&LeagueResult> = results.into_iter().collect();
        ordered.sort_by_key(|r| (r.played_on, r.id));
        let mut ratings = Ratings::default();
        let mut seats = Vec::new();
        for result in ordered {
            ratings.apply(result, &mut seats);
        }
        ratings
    }

    /// Replays `results` and records, after each game `player` took part in, their skill.
    pub fn history<'a>(results: impl IntoIterator<Item = &'a LeagueResult>, player: &str) -> Vec<SkillAfterGame> {
        let mut ordered: Vec<&LeagueResult> = results.into_iter().collect();
        ordered.sort_by_key(|r| (r.played_on, r.id));
        let mut ratings = Ratings::default();
        let mut seats = Vec::new();
        let mut history = Vec::new();
        for result in ordered {
            ratings.apply(result, &mut seats);
            if let Some(placing) = result.placings.iter().find(|p| p.player == player) {
                history.push(SkillAfterGame {
                    result_id: result.id,
                    game: result.game,
                    played_on: result.played_on,
                    place: placing.place,
                    skill: ratings.get(player).expect("just rated"),
                });
            }
        }
        history
    }

    fn apply(&mut self, result: &LeagueResult, seats: &mut Vec<u32>) {
        seats.clear();
        for placing in &result.placings {
            let i = match self.index.get(placing.player.as_str()) {
                Some(&i) => i,
                None => {
                    let i = self.ratings.len() as u32;
                    self.index.insert(placing.player.clone(), i);
                    self.ratings.push(WengLinRating::new());
                    i
                }
            };
            seats.push(i);
        }
        let places = result.placings.iter().map(|p| p.place);
        rate_game(&mut self.ratings, seats.iter().copied().zip(places), &self.config);
    }

    /// The player's current skill, if they have played.
    pub fn get(&self, player: &str) -> Option<Skill> {
        self.index.get(player).map(|&i| self.ratings[i as usize].into())
    }
}

/// Rates one game: `entries` are (player index into `ratings`, place).
pub(crate) fn rate_game(
    ratings: &mut [WengLinRating],
    entries: impl Iterator<Item = (u32, u32)> + Clone,
    config: &WengLinConfig,
) {
    let teams: Vec<[WengLinRating; 1]> = entries.clone().map(|(i, _)| [ratings[i as usize]]).collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(entries.clone())
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(place as usize)))
        .collect();
    for ((i, _), new) in entries.zip(weng_lin_multi_team(&input, config)) {
        ratings[i as usize] = new[0];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Placing;

    fn result(id: i64, day: u32, places: &[(&str, u32)]) -> LeagueResult {
        LeagueResult {
            id,
            game: GameKind::LaufRauf,
            played_on: NaiveDate::from_ymd_opt(2026, 4, day).unwrap(),
            placings: places.iter().map(|(p, n)| Placing { player: p.to_string(), place: *n }).collect(),
        }
    }

    #[test]
    fn winners_rise_losers_fall_and_everyone_grows_surer() {
        let ratings = Ratings::replay(&[result(1, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 3)])]);
        let (a, b, c) = (ratings.get("Anna").unwrap(), ratings.get("Ben").unwrap(), ratings.get("Cleo").unwrap());
        assert!(a.rating > b.rating && b.rating > c.rating, "{a:?} {b:?} {c:?}");
        assert!(a.rating_uncertainty < 25.0 / 3.0);
        assert!((a.rating_display - (a.rating - 3.0 * a.rating_uncertainty)).abs() < 1e-12);
        assert!(ratings.get("Dora").is_none());
    }

    #[test]
    fn tied_players_are_rated_alike() {
        let ratings = Ratings::replay(&[result(1, 1, &[("Anna", 1), ("Ben", 2), ("Cleo", 2)])]);
        assert_eq!(ratings.get("Ben"), ratings.get("Cleo"));
        assert!(ratings.get("Anna").unwrap().rating > ratings.get("Ben").unwrap().rating);
    }

    #[test]
    fn replay_follows_date_then_id_whatever_the_input_order() {
        let games = [
            result(3, 2, &[("Anna", 1), ("Ben", 2)]),
            result(1, 2, &[("Ben", 1), ("Anna", 2)]),
            result(2, 1, &[("Ben", 1), ("Anna", 2)]),
        ];
        let forward = Ratings::replay(&games);
        let reversed: Vec<LeagueResult> = games.iter().rev().cloned().collect();
        assert_eq!(forward.get("Anna"), Ratings::replay(&reversed).get("Anna"));
        // Order matters to Weng-Lin: the same games replayed as if Anna's win came first differ.
        let anna_first = [
            result(1, 1, &[("Anna", 1), ("Ben", 2)]),
            result(2, 2, &[("Ben", 1), ("Anna", 2)]),
            result(3, 3, &[("Ben", 1), ("Anna", 2)]),
        ];
        assert_ne!(forward.get("Anna"), Ratings::replay(&anna_first).get("Anna"));

        let history = Ratings::history(&games, "Anna");
        let ids: Vec<i64> = history.iter().map(|h| h.result_id).collect();
        assert_eq!(ids, [2, 1, 3]);
        assert_eq!(history.last().unwrap().skill, forward.get("Anna").unwrap());
    }
}

//! Skill ratings: Weng-Lin (OpenSkill), via the `skillratings` crate.
//!
//! Every game is a free-for-all: each player is a team of one and tied players share a
//! rank. Ratings are never stored, only replayed from the results in date order (then by
//! id), so a corrected or deleted past result gives exactly the ratings that entering it
//! right in the first place would have given.

use crate::catalogue::GameKind;
use crate::places::LeagueResult;
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use std::cmp::Ordering;

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

impl Skill {
    /// The skill of a player without a game: where every rating starts.
    pub fn newcomer() -> Skill {
        Skill::from(WengLinRating::new())
    }
}

/// The performance spread (beta) of the model the league ratings use: what predictions
/// from those ratings must use too.
pub fn model_beta() -> f64 {
    skillratings::weng_lin::WengLinConfig::new().beta
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

/// Seats [`rate_game`] handles on the stack; larger games go to the crate as they are.
const MAX_SEATS: usize = 8;

/// Rates one game: `entries` are (player index into `ratings`, place).
///
/// This is Weng-Lin's Bradley-Terry update for free-for-all games exactly as
/// `skillratings::weng_lin::weng_lin_multi_team` computes it for teams of one: the same
/// operations in the same order, so the same floats (a test compares the two bit for
/// bit). It exists because the replay after a backdated result runs it for every later
/// game of the league: the crate allocates a vector per team on every call and computes
/// each pair's shared terms (c, both exponentials) twice, once from each side; here they
/// are computed once and nothing is allocated.
pub(crate) fn rate_game(
    ratings: &mut [WengLinRating],
    entries: impl Iterator<Item = (u32, u32)> + Clone,
    config: &WengLinConfig,
) {
    let n = entries.clone().count();
    if n > MAX_SEATS {
        return rate_game_with_crate(ratings, entries, config);
    }
    let mut seat = [0usize; MAX_SEATS];
    let mut place = [0u32; MAX_SEATS];
    // A team of one: its rating and squared uncertainty are the player's (the crate's
    // sums over one player give exactly these values).
    let mut mu = [0f64; MAX_SEATS];
    let mut sigma_sq = [0f64; MAX_SEATS];
    let mut sigma = [0f64; MAX_SEATS];
    for (k, (i, p)) in entries.enumerate() {
        let r = ratings[i as usize];
        (seat[k], place[k], mu[k]) = (i as usize, p, r.rating);
        sigma_sq[k] = r.uncertainty.powi(2);
        sigma[k] = sigma_sq[k].sqrt();
    }
    let beta_sq = config.beta.powi(2);
    // c and the win probability of each ordered pair; c is symmetric because addition is.
    let mut c = [[0f64; MAX_SEATS]; MAX_SEATS];
    let mut p = [[0f64; MAX_SEATS]; MAX_SEATS];
    for i in 0..n {
        for q in i + 1..n {
            let c_iq = 2.0f64.mul_add(beta_sq, sigma_sq[i] + sigma_sq[q]).sqrt();
            let (e_i, e_q) = ((mu[i] / c_iq).exp(), (mu[q] / c_iq).exp());
            let sum = e_i + e_q;
            (c[i][q], c[q][i]) = (c_iq, c_iq);
            (p[i][q], p[q][i]) = (e_i / sum, e_q / sum);
        }
    }
    let mut updated = [WengLinRating::new(); MAX_SEATS];
    for i in 0..n {
        let (mut omega, mut large_delta) = (0.0, 0.0);
        for q in (0..n).filter(|&q| q != i) {
            let (c_iq, p_iq) = (c[i][q], p[i][q]);
            let score = match place[q].cmp(&place[i]) {
                Ordering::Greater => 1.0,
                Ordering::Equal => 0.5,
                Ordering::Less => 0.0,
            };
            omega += (sigma_sq[i] / c_iq) * (score - p_iq);
            let gamma = sigma[i] / c_iq;
            large_delta += gamma * sigma_sq[i] / c_iq.powi(2) * p_iq * (1.0 - p_iq);
        }
        // The player's share of the team's uncertainty, which the crate computes as
        // sigma_sq / sigma_sq: a team of one, and x / x is exactly 1 for the finite,
        // non-zero uncertainties ratings have.
        let share = 1.0f64;
        let new_sigma_sq = share.mul_add(-large_delta, 1.0).max(config.uncertainty_tolerance);
        updated[i] =
            WengLinRating { rating: share.mul_add(omega, mu[i]), uncertainty: (sigma_sq[i] * new_sigma_sq).sqrt() };
    }
    for k in 0..n {
        ratings[seat[k]] = updated[k];
    }
}

/// [`rate_game`] through the crate itself: for games too large for the stack arrays, and
/// as the reference the tests hold [`rate_game`] to.
fn rate_game_with_crate(
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
    use crate::places::Placing;

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

    /// The allocation-free update gives the crate's floats, bit for bit, for every game
    /// size up to the stack limit, with ties, and for ratings far from the start.
    #[test]
    fn rate_game_equals_the_crate_bit_for_bit() {
        let config = WengLinConfig::new();
        let mut seed = 2026u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..20_000 {
            let n = 1 + next(MAX_SEATS as u64) as usize;
            let players: Vec<WengLinRating> = (0..n)
                .map(|_| WengLinRating {
                    rating: next(60_000) as f64 / 1000.0 - 5.0,
                    uncertainty: 1e-4 + next(10_000) as f64 / 1000.0,
                })
                .collect();
            let entries: Vec<(u32, u32)> = (0..n as u32).map(|i| (i, 1 + next(n as u64) as u32)).collect();
            let (mut ours, mut crates) = (players.clone(), players);
            rate_game(&mut ours, entries.iter().copied(), &config);
            rate_game_with_crate(&mut crates, entries.iter().copied(), &config);
            for (a, b) in ours.iter().zip(&crates) {
                assert_eq!(
                    (a.rating.to_bits(), a.uncertainty.to_bits()),
                    (b.rating.to_bits(), b.uncertainty.to_bits()),
                    "{entries:?}"
                );
            }
        }
    }
}

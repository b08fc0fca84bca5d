//! Skill ratings: Weng-Lin (OpenSkill), via the `skillratings` crate.
//!
//! A game is a free-for-all of its teams: each player a team of one, or in a partner
//! game the teams as they played (each team's rating the sum of its members' estimates and
//! variances, as OpenSkill does); tied teams share a rank. Ratings are never stored, only replayed from the results in date order (then by
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
        let teams = crate::places::teams_of(&result.placings);
        rate_game(&mut self.ratings, seats.iter().copied().zip(places), &teams, &self.config);
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
///
/// `teams` are the game's teams seat by seat (empty: everyone alone); a partner game goes
/// to [`rate_teams`].
pub(crate) fn rate_game(
    ratings: &mut [WengLinRating],
    entries: impl Iterator<Item = (u32, u32)> + Clone,
    teams: &[u32],
    config: &WengLinConfig,
) {
    if crate::places::has_teams(teams) {
        return rate_teams(ratings, entries, teams, config);
    }
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

/// The sides of one game as predictions see them, into reused buffers: each player
/// alone, or in a partner game each team as one side (the sum of its members' estimates
/// and variances, as the team update takes it), with the side's place.
pub(crate) fn sides(
    skills: impl Iterator<Item = Skill>,
    places: impl Iterator<Item = u32>,
    teams: &[u32],
    side_skills: &mut Vec<Skill>,
    side_places: &mut Vec<u32>,
) {
    side_skills.clear();
    side_places.clear();
    if !crate::places::has_teams(teams) {
        side_skills.extend(skills);
        side_places.extend(places);
        return;
    }
    let count = teams.iter().copied().max().unwrap_or(0) as usize;
    let mut sums = vec![(0.0f64, 0.0f64); count];
    side_places.resize(count, 0);
    for ((skill, place), &team) in skills.zip(places).zip(teams) {
        let (mu, var) = &mut sums[team as usize - 1];
        *mu += skill.rating;
        *var += skill.rating_uncertainty.powi(2);
        side_places[team as usize - 1] = place;
    }
    side_skills
        .extend(sums.into_iter().map(|(mu, var)| Skill::from(WengLinRating { rating: mu, uncertainty: var.sqrt() })));
}

/// Rates a partner game: Weng-Lin's multi-team update through the crate, teams in the
/// order of their numbers, each team's members in seat order (the crate sums over them in
/// that order, so the from-scratch replay and the league state give the same bits), and a
/// team's place its members' place.
fn rate_teams(
    ratings: &mut [WengLinRating],
    entries: impl Iterator<Item = (u32, u32)> + Clone,
    teams: &[u32],
    config: &WengLinConfig,
) {
    let count = teams.iter().copied().max().unwrap_or(0) as usize;
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); count];
    let mut places = vec![0u32; count];
    for ((player, place), &team) in entries.zip(teams) {
        members[team as usize - 1].push(player);
        places[team as usize - 1] = place;
    }
    let rated: Vec<Vec<WengLinRating>> =
        members.iter().map(|team| team.iter().map(|&p| ratings[p as usize]).collect()).collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        rated.iter().zip(&places).map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place as usize))).collect();
    for (team, new) in members.iter().zip(weng_lin_multi_team(&input, config)) {
        for (&p, rating) in team.iter().zip(new) {
            ratings[p as usize] = rating;
        }
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
            placings: places.iter().map(|(p, n)| Placing::alone(*p, *n)).collect(),
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
            rate_game(&mut ours, entries.iter().copied(), &[], &config);
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

    /// Weng and Lin (2011), Algorithm 1 (Bradley-Terry, full pairing) for teams, written
    /// from the paper and not from the crate: a team's strength is the sum of its members'
    /// means and its variance the sum of theirs; member j of team i moves by
    /// sigma_ij^2 / sigma_i^2 of the team's Omega_i and shrinks by the same share of Delta_i.
    fn published_team_update(teams: &[Vec<(f64, f64)>], ranks: &[u32]) -> Vec<Vec<(f64, f64)>> {
        let (beta, kappa) = (25.0 / 6.0, 1e-4);
        let mu: Vec<f64> = teams.iter().map(|t| t.iter().map(|m| m.0).sum()).collect();
        let var: Vec<f64> = teams.iter().map(|t| t.iter().map(|m| m.1 * m.1).sum()).collect();
        (0..teams.len())
            .map(|i| {
                let (mut omega, mut delta) = (0.0, 0.0);
                for q in (0..teams.len()).filter(|&q| q != i) {
                    let c = (var[i] + var[q] + 2.0 * beta * beta).sqrt();
                    let p_iq = (mu[i] / c).exp() / ((mu[i] / c).exp() + (mu[q] / c).exp());
                    let s = if ranks[q] > ranks[i] {
                        1.0
                    } else if ranks[q] == ranks[i] {
                        0.5
                    } else {
                        0.0
                    };
                    omega += var[i] / c * (s - p_iq);
                    let gamma = var[i].sqrt() / c;
                    delta += gamma * var[i] / (c * c) * p_iq * (1.0 - p_iq);
                }
                teams[i]
                    .iter()
                    .map(|&(m, sd)| {
                        let share = sd * sd / var[i];
                        (m + share * omega, (sd * sd * (1.0 - share * delta).max(kappa)).sqrt())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn partner_games_follow_the_published_team_formulas() {
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..2_000 {
            // Two teams of two, two of three or three of two; any places, ties included.
            let (n, k) = [(4, 2), (6, 2), (6, 3)][next(3) as usize];
            let players: Vec<WengLinRating> = (0..n)
                .map(|_| WengLinRating {
                    rating: next(50_000) as f64 / 1000.0,
                    uncertainty: 0.5 + next(8_000) as f64 / 1000.0,
                })
                .collect();
            let teams: Vec<u32> = (0..n).map(|i| (i % k) as u32 + 1).collect();
            let team_places: Vec<u32> = (0..k).map(|_| 1 + next(k as u64) as u32).collect();
            let entries: Vec<(u32, u32)> =
                (0..n as u32).map(|i| (i, team_places[teams[i as usize] as usize - 1])).collect();
            let mut ours = players.clone();
            rate_game(&mut ours, entries.iter().copied(), &teams, &WengLinConfig::new());
            let grouped: Vec<Vec<(f64, f64)>> = (1..=k as u32)
                .map(|t| {
                    (0..n).filter(|&i| teams[i] == t).map(|i| (players[i].rating, players[i].uncertainty)).collect()
                })
                .collect();
            let expected = published_team_update(&grouped, &team_places);
            for t in 1..=k as u32 {
                let members: Vec<usize> = (0..n).filter(|&i| teams[i] == t).collect();
                for (&i, &(mu, sigma)) in members.iter().zip(&expected[t as usize - 1]) {
                    assert!((ours[i].rating - mu).abs() < 1e-9, "{entries:?} {teams:?}: {} vs {mu}", ours[i].rating);
                    assert!((ours[i].uncertainty - sigma).abs() < 1e-9);
                }
            }
        }
        // Partners who win rise together; a stronger partner moves less where it is surer.
        let mut ratings = vec![WengLinRating::new(); 4];
        ratings[0].uncertainty = 2.0;
        rate_game(&mut ratings, [(0, 1), (1, 2), (2, 1), (3, 2)].into_iter(), &[1, 2, 1, 2], &WengLinConfig::new());
        assert!(ratings[0].rating > 25.0 && ratings[2].rating > ratings[0].rating);
        assert!(ratings[1].rating < 25.0 && ratings[1] == ratings[3]);
    }

    #[test]
    fn a_replayed_partner_game_rates_the_teams() {
        let game = LeagueResult {
            id: 1,
            game: GameKind::MenschAergereDichNicht,
            played_on: NaiveDate::from_ymd_opt(2026, 4, 1).unwrap(),
            placings: [("Anna", 1, 1), ("Cleo", 1, 1), ("Ben", 2, 2), ("Dora", 2, 2)]
                .map(|(p, n, t)| Placing { team: Some(t), ..Placing::alone(p, n) })
                .to_vec(),
        };
        let ratings = Ratings::replay([&game]);
        assert_eq!(ratings.get("Anna"), ratings.get("Cleo"));
        // As a team game, not as four players with Anna and Cleo level.
        let alone = LeagueResult {
            placings: game.placings.iter().map(|p| Placing::alone(p.player.clone(), p.place)).collect(),
            ..game.clone()
        };
        assert_ne!(ratings.get("Anna"), Ratings::replay([&alone]).get("Anna"));
    }
}

//! How good the ratings are: over a league's games in replay order, the win probabilities
//! the ratings gave just before each game against what happened, beside the uniform
//! guess (every player 1/n) as the baseline a rating has to beat.

use crate::prediction::win_probabilities;
use crate::rating::Skill;
use serde::{Deserialize, Serialize};

/// Three measures of a prediction, each a mean over the games; `null` without games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccuracyFigures {
    /// The share of games a favourite won: a player with the highest predicted
    /// probability took place 1 (with several favourites, the share of them who did).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub favourite_won: Option<f64>,
    /// The mean of -ln of the summed probability of the players in place 1: lower is
    /// better, 0 is certainty proved right.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub log_loss: Option<f64>,
    /// The mean over games of the sum over players of (p - y)^2, y = 1/k for each of the k
    /// players in place 1, else 0: lower is better.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub brier: Option<f64>,
}

/// How well the ratings predicted a league's games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingAccuracy {
    /// Games scored: every game the table counts, each predicted from the ratings just
    /// before it.
    pub games: u64,
    #[serde(flatten)]
    pub model: AccuracyFigures,
    /// The same measures for the uniform guess, p = 1/n for each of n players (its
    /// `favourite_won` is the mean chance k/n that a player drawn at random took place 1).
    pub baseline: AccuracyFigures,
}

/// Running sums of the measures, added to one game at a time in replay order (so a replay
/// from a checkpoint gives the same sums, to the last bit, as one from the start).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AccuracySums {
    games: u64,
    model: [f64; 3],
    baseline: [f64; 3],
}

impl AccuracySums {
    /// Adds one game: each seat's skill before the game and its place.
    pub fn add(&mut self, skills: &[Skill], places: &[u32], beta: f64) {
        let n = places.len();
        let winners = places.iter().filter(|&&p| p == 1).count();
        if n < 2 || winners == 0 {
            return;
        }
        let p = win_probabilities(skills, beta);
        let (model, baseline) = (score(&p, places, winners), score(&vec![1.0 / n as f64; n], places, winners));
        self.games += 1;
        for i in 0..3 {
            self.model[i] += model[i];
            self.baseline[i] += baseline[i];
        }
    }

    pub fn summary(&self) -> RatingAccuracy {
        let mean = |sums: [f64; 3]| {
            let of = |x: f64| (self.games > 0).then(|| x / self.games as f64);
            AccuracyFigures { favourite_won: of(sums[0]), log_loss: of(sums[1]), brier: of(sums[2]) }
        };
        RatingAccuracy { games: self.games, model: mean(self.model), baseline: mean(self.baseline) }
    }
}

/// One game's (favourite won, log loss, Brier score) for the probabilities `p`.
fn score(p: &[f64], places: &[u32], winners: usize) -> [f64; 3] {
    let top = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Favourites: equal to the top up to rounding (equal skills give equal probabilities
    // computed by different sums).
    let favourites: Vec<usize> = (0..p.len()).filter(|&i| p[i] >= top - 1e-12).collect();
    let favourite_won = favourites.iter().filter(|&&i| places[i] == 1).count() as f64 / favourites.len() as f64;
    let won: f64 = (0..p.len()).filter(|&i| places[i] == 1).map(|i| p[i]).sum();
    let y = 1.0 / winners as f64;
    let brier = (0..p.len()).map(|i| (p[i] - if places[i] == 1 { y } else { 0.0 }).powi(2)).sum();
    [favourite_won, -won.ln(), brier]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(rating: f64, uncertainty: f64) -> Skill {
        Skill { rating, rating_uncertainty: uncertainty, rating_display: rating - 3.0 * uncertainty }
    }

    #[test]
    fn a_game_scored_by_hand() {
        let mut sums = AccuracySums::default();
        // Equal skills: 1/3 each, the two tied favourites... all three are favourites.
        let even = [skill(25.0, 25.0 / 3.0); 3];
        sums.add(&even, &[1, 2, 3], 25.0 / 6.0);
        let s = sums.summary();
        assert_eq!(s.games, 1);
        assert!((s.model.favourite_won.unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!((s.model.log_loss.unwrap() - 3f64.ln()).abs() < 1e-12);
        // (1/3 - 1)^2 + 2 (1/3)^2 = 4/9 + 2/9
        assert!((s.model.brier.unwrap() - 6.0 / 9.0).abs() < 1e-12);
        assert_eq!(s.model, s.baseline, "an even table is the uniform guess");
        // A shared first place: y = 1/2 for both winners, the baseline chance 2/3.
        let mut tied = AccuracySums::default();
        tied.add(&even, &[1, 1, 3], 25.0 / 6.0);
        let t = tied.summary().baseline;
        assert!((t.favourite_won.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert!((t.log_loss.unwrap() + (2.0f64 / 3.0).ln()).abs() < 1e-12);
        assert!((t.brier.unwrap() - (2.0 * (1.0f64 / 3.0 - 0.5).powi(2) + 1.0 / 9.0)).abs() < 1e-12);
    }

    #[test]
    fn no_games_no_figures() {
        let s = AccuracySums::default().summary();
        assert_eq!((s.games, s.model.log_loss, s.baseline.brier), (0, None, None));
    }
}

//! Who is likely to win a table: Weng-Lin's win probabilities from the players' ratings,
//! as OpenSkill's `predict_win` computes them for players who are each a team of one.

use crate::rating::Skill;

/// Each player's probability of winning a table of `skills`, in the order given; they sum
/// to 1. For every pair, the normal probability that one beats the other,
/// Φ((μᵢ - μⱼ) / √(2β² + σᵢ² + σⱼ²)), averaged over the player's opponents and normalised
/// over the table. `beta` is the model's performance spread (25/6 for the league ratings).
pub fn win_probabilities(skills: &[Skill], beta: f64) -> Vec<f64> {
    let n = skills.len();
    match n {
        0 => return Vec::new(),
        1 => return vec![1.0],
        _ => {}
    }
    let mut won: Vec<f64> = skills
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let beats = skills.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, b)| {
                let spread = (2.0 * beta * beta + a.rating_uncertainty.powi(2) + b.rating_uncertainty.powi(2)).sqrt();
                phi((a.rating - b.rating) / spread)
            });
            beats.sum::<f64>() / (n - 1) as f64
        })
        .collect();
    // Φ(x) + Φ(-x) = 1, so the averages sum to n/2; normalising makes them a distribution.
    let total: f64 = won.iter().sum();
    won.iter_mut().for_each(|p| *p /= total);
    won
}

/// The predicted places for `probabilities`: 1 for the likeliest winner, equal
/// probabilities sharing a place (as tied players do).
pub fn predicted_places(probabilities: &[f64]) -> Vec<u32> {
    probabilities.iter().map(|p| 1 + probabilities.iter().filter(|q| *q > p).count() as u32).collect()
}

/// The standard normal distribution function.
fn phi(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(rating: f64, uncertainty: f64) -> Skill {
        Skill { rating, rating_uncertainty: uncertainty, rating_display: rating - 3.0 * uncertainty }
    }

    const BETA: f64 = 25.0 / 6.0;

    #[test]
    fn equal_players_are_equally_likely_and_probabilities_sum_to_one() {
        for n in 1..=6 {
            let p = win_probabilities(&vec![skill(25.0, 25.0 / 3.0); n], BETA);
            assert!(p.iter().all(|x| (x - 1.0 / n as f64).abs() < 1e-12), "{p:?}");
        }
        let p = win_probabilities(&[skill(30.0, 2.0), skill(25.0, 8.0), skill(18.0, 4.0), skill(22.0, 1.0)], BETA);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{p:?}");
        assert_eq!(predicted_places(&p), [1, 2, 4, 3]);
    }

    /// Two players, computed by hand from the published formula: Δμ = 5, c² = 2β² + 2² + 3²
    /// = 47.72…, so P(A) = Φ(5 / c) = Φ(0.7238…) = 0.7654…, whose digits are the normal table's.
    #[test]
    fn two_players_match_the_formula_written_out() {
        let c = (2.0 * BETA * BETA + 4.0 + 9.0_f64).sqrt();
        let x = 5.0 / c;
        // Φ by its series, as a second, independent computation: Φ(x) = 1/2 + φ(x) Σ x^(2k+1)/(2k+1)!!.
        let mut term = x;
        let mut sum = x;
        for k in 1..200 {
            term *= x * x / (2 * k + 1) as f64;
            sum += term;
        }
        let reference = 0.5 + (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt() * sum;
        let p = win_probabilities(&[skill(30.0, 2.0), skill(25.0, 3.0)], BETA);
        assert!((p[0] - reference).abs() < 1e-9, "{} vs {reference}", p[0]);
        assert!((p[0] + p[1] - 1.0).abs() < 1e-12);
        assert!((reference - 0.7654).abs() < 1e-3, "{reference}");
    }

    /// Tables of 3 to 6 against a reference written here from the published formulas
    /// (OpenSkill's `predict_win` for teams of one): for each player the pairwise
    /// Φ((μᵢ - μⱼ) / √(2β² + σᵢ² + σⱼ²)) over the opponents, averaged, then normalised; Φ by
    /// its series, independent of the library's erfc. Equal to 1e-9, summing to 1.
    #[test]
    fn tables_match_a_reference_from_the_published_formulas() {
        let phi = |x: f64| {
            let (mut term, mut sum) = (x, x);
            for k in 1..400 {
                term *= x * x / (2 * k + 1) as f64;
                sum += term;
            }
            0.5 + (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt() * sum
        };
        let all = [
            skill(31.0, 2.5),
            skill(24.0, 6.0),
            skill(18.5, 3.0),
            skill(27.0, 8.3),
            skill(22.0, 1.2),
            skill(25.0, 4.4),
        ];
        for n in 3..=6 {
            let table = &all[..n];
            let raw: Vec<f64> = (0..n)
                .map(|i| {
                    let beats: f64 = (0..n)
                        .filter(|&j| j != i)
                        .map(|j| {
                            let (a, b) = (table[i], table[j]);
                            let c = (2.0 * BETA * BETA + a.rating_uncertainty.powi(2) + b.rating_uncertainty.powi(2))
                                .sqrt();
                            phi((a.rating - b.rating) / c)
                        })
                        .sum();
                    beats / (n - 1) as f64
                })
                .collect();
            let total: f64 = raw.iter().sum();
            let p = win_probabilities(table, BETA);
            for (got, want) in p.iter().zip(raw.iter().map(|r| r / total)) {
                assert!((got - want).abs() < 1e-9, "{n} players: {got} vs {want}");
            }
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }
}

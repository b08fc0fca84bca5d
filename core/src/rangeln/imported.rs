//! A Rangeln game known only by its totals: clubs bring years of plays logged in other
//! apps, which keep each player's game total and no rounds. Such a game is stored as it
//! is, never with invented rounds, and each total is checked against what that many
//! rounds could give a player (RULES.md's scoring: each round's score comes from the
//! player's pieces on the rings).

use super::joint::{BOARD, joint_fill};
use super::{check_keys, pieces_per_player};
use crate::error::Error;
use std::collections::BTreeMap;

/// The totals in seat order, after checking that every seated player has one, nobody
/// else does, and each is a sum of `players.len()` round scores one player can get.
pub(crate) fn check_totals(totals: &BTreeMap<String, i32>, players: &[String]) -> Result<Vec<i32>, Error> {
    check_keys(totals, players)?;
    let pieces = pieces_per_player(players.len())?;
    let rounds = players.len();
    let possible = possible_totals(pieces, rounds);
    let reach = 2 * pieces as i32 * rounds as i32;
    players
        .iter()
        .map(|player| {
            let total = totals[player];
            let fits = (-reach..=reach).contains(&total) && possible[(total + reach) as usize];
            if fits {
                Ok(total)
            } else {
                Err(Error::ImportedTotals {
                    reason: format!(
                        "{player}'s total {total:+} cannot come from {rounds} rounds of {pieces} pieces each (totals run from {:+} to {:+})",
                        -reach, reach
                    ),
                })
            }
        })
        .collect()
}

/// Which totals `rounds` rounds can give one player with `pieces` pieces, indexed from
/// the lowest conceivable total (`-2 x pieces x rounds`).
fn possible_totals(pieces: u32, rounds: usize) -> Vec<bool> {
    let max = 2 * pieces as i32;
    // One round: a score is possible when the rings can hold it (the joint check for one).
    let one: Vec<i32> = (-max..=max).filter(|&s| joint_fill(&[s], pieces, BOARD).is_some()).collect();
    let reach = max * rounds as i32;
    let mut sums = vec![false; (2 * reach + 1) as usize];
    sums[reach as usize] = true;
    for _ in 0..rounds {
        let mut next = vec![false; sums.len()];
        for (i, _) in sums.iter().enumerate().filter(|(_, reached)| **reached) {
            for s in &one {
                let j = i as i32 + s;
                if (0..next.len() as i32).contains(&j) {
                    next[j as usize] = true;
                }
            }
        }
        sums = next;
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(n: usize) -> Vec<String> {
        ["Anna", "Ben", "Cleo", "Dora", "Emil"][..n].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn totals_within_what_the_rounds_give_are_accepted_in_seat_order() {
        let p = players(3);
        let totals = BTreeMap::from([("Ben".to_owned(), -7), ("Anna".to_owned(), 12), ("Cleo".to_owned(), 0)]);
        assert_eq!(check_totals(&totals, &p).unwrap(), [12, -7, 0]);
    }

    #[test]
    fn a_total_beyond_every_round_at_its_best_is_refused() {
        let p = players(3);
        let pieces = pieces_per_player(3).unwrap() as i32;
        let best = 2 * pieces * 3;
        let mut totals = BTreeMap::from([("Anna".to_owned(), best), ("Ben".to_owned(), 0), ("Cleo".to_owned(), 0)]);
        assert!(check_totals(&totals, &p).is_ok(), "every piece on +2 in every round");
        totals.insert("Anna".to_owned(), best + 1);
        let err = check_totals(&totals, &p).unwrap_err();
        assert!(err.to_string().contains("Anna's total"), "{err}");
        assert_eq!(err.code(), "imported-totals");
    }

    #[test]
    fn every_player_needs_a_total_and_nobody_else_has_one() {
        let p = players(3);
        let missing = BTreeMap::from([("Anna".to_owned(), 1), ("Ben".to_owned(), 2)]);
        assert!(matches!(check_totals(&missing, &p), Err(Error::MissingPlayer { .. })));
        let stranger = BTreeMap::from([
            ("Anna".to_owned(), 1),
            ("Ben".to_owned(), 2),
            ("Cleo".to_owned(), 3),
            ("Zoe".to_owned(), 4),
        ]);
        assert!(matches!(check_totals(&stranger, &p), Err(Error::UnknownPlayer { .. })));
    }

    #[test]
    fn the_possible_totals_are_the_sums_of_possible_rounds() {
        // Brute force for two rounds against the sumset.
        let pieces = pieces_per_player(4).unwrap();
        let max = 2 * pieces as i32;
        let one: Vec<i32> = (-max..=max).filter(|&s| joint_fill(&[s], pieces, BOARD).is_some()).collect();
        let sums = possible_totals(pieces, 2);
        for t in -2 * max..=2 * max {
            let brute = one.iter().any(|a| one.contains(&(t - a)));
            assert_eq!(sums[(t + 2 * max) as usize], brute, "total {t}");
        }
    }
}

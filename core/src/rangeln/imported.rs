//! A Rangeln game known only by its totals: clubs bring years of plays logged in other
//! apps, which keep each player's game total and no rounds. Such a game is stored as it
//! is, never with invented rounds, and each total is checked against what that many
//! rounds could give a player (docs/rules.md's scoring: each round's score comes from the
//! player's pieces on the rings).

use super::joint::{BOARD, Capacities, greedy_fill, joint_fill};
use super::{check_keys, pieces_per_player};
use crate::error::Error;
use std::collections::BTreeMap;

/// The totals in seat order, after checking that every seated player has one, nobody
/// else does, each is a sum of `players.len()` round scores one player can get, and all
/// of them together come from that many rounds each possible on its own (docs/rules.md
/// "Imported Rangeln totals": with 3 players over 3 rounds, +48/+48/+48 is not).
pub(crate) fn check_totals(totals: &BTreeMap<String, i32>, players: &[String]) -> Result<Vec<i32>, Error> {
    check_keys(totals, players)?;
    let pieces = pieces_per_player(players.len())?;
    let rounds = players.len();
    let seated = each_possible(totals, players, pieces, rounds)?;
    if !together(&seated, pieces, rounds as u32, BOARD) {
        let shown: Vec<String> = players.iter().zip(&seated).map(|(p, t)| format!("{p} {t:+}")).collect();
        return Err(Error::ImportedTotals {
            reason: format!(
                "no {rounds} rounds give these totals together ({}): each round's pieces share the rings' cells, 8 (+2), 16 (-2), 24 (+1), 28 (-1) and 5 black",
                shown.join(", ")
            ),
        });
    }
    Ok(seated)
}

/// Could `rounds` rounds, each possible on its own board, give these totals? Exactly when
/// one board with `rounds` times the cells gives them with `rounds` times the pieces: the
/// players' pieces over all rounds, counted per ring, split into the rounds (a bipartite
/// multigraph of players and rings coloured equitably with `rounds` colours, de Werra)
/// so that every player has `pieces` in each round and no ring more than its cells.
fn together(totals: &[i32], pieces: u32, rounds: u32, rings: Capacities) -> bool {
    let (pieces, rings) = (pieces * rounds, rings.map(|cells| cells * rounds));
    // Most games' totals leave the rings plenty of room: a greedy filling finds them at
    // once; the exact search (slow for 5 players on the board of 5 rounds) decides the rest.
    greedy_fill(totals, pieces, rings) || joint_fill(totals, pieces, rings).is_some()
}

/// Each player's total, in seat order, if one player alone can reach it.
fn each_possible(
    totals: &BTreeMap<String, i32>,
    players: &[String],
    pieces: u32,
    rounds: usize,
) -> Result<Vec<i32>, Error> {
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

    #[test]
    fn totals_each_possible_but_not_together_are_refused() {
        let p = players(3);
        let best = 2 * pieces_per_player(3).unwrap() as i32 * 3;
        let totals = BTreeMap::from([("Anna".to_owned(), best), ("Ben".to_owned(), best), ("Cleo".to_owned(), best)]);
        let err = check_totals(&totals, &p).unwrap_err();
        assert_eq!(err.code(), "imported-totals");
        assert!(
            err.to_string().contains("no 3 rounds give these totals together (Anna +48, Ben +48, Cleo +48)"),
            "{err}"
        );
        // One of them at the best, the others what the rest of the rings give: possible.
        let fine = BTreeMap::from([("Anna".to_owned(), best), ("Ben".to_owned(), -10), ("Cleo".to_owned(), 5)]);
        assert!(check_totals(&fine, &p).is_ok());
    }

    /// On small boards, against the obvious search: every round each player may have
    /// (every jointly possible round, found by trying every split), added up over the
    /// rounds in every way.
    #[test]
    fn the_joint_check_agrees_with_brute_force_on_small_boards() {
        use std::collections::BTreeSet;
        for (players, pieces, rounds, rings) in [
            (2, 2, 2, [1, 1, 1, 1, 1]),
            (2, 3, 2, [2, 1, 2, 1, 0]),
            (3, 2, 2, [2, 1, 2, 2, 0]),
            (2, 2, 3, [1, 2, 1, 1, 1]),
        ] {
            let max = 2 * pieces as i32;
            // Every round vector possible on one board.
            let mut one_round: Vec<Vec<i32>> = vec![Vec::new()];
            for _ in 0..players {
                one_round = one_round
                    .into_iter()
                    .flat_map(|v| (-max..=max).map(move |s| [v.clone(), vec![s]].concat()))
                    .collect();
            }
            one_round.retain(|scores| joint_fill(scores, pieces, rings).is_some());
            let mut sums: BTreeSet<Vec<i32>> = BTreeSet::from([vec![0; players]]);
            for _ in 0..rounds {
                sums = sums
                    .iter()
                    .flat_map(|s| one_round.iter().map(move |r| s.iter().zip(r).map(|(a, b)| a + b).collect()))
                    .collect();
            }
            let reach = max * rounds as i32;
            let mut all: Vec<Vec<i32>> = vec![Vec::new()];
            for _ in 0..players {
                all = all
                    .into_iter()
                    .flat_map(|v| (-reach..=reach).map(move |t| [v.clone(), vec![t]].concat()))
                    .collect();
            }
            let mut agreed = 0;
            for totals in &all {
                let joint = together(totals, pieces, rounds, rings);
                assert_eq!(
                    joint,
                    sums.contains(totals),
                    "{totals:?}: {players} players, {pieces} pieces, {rounds} rounds, {rings:?}"
                );
                agreed += usize::from(joint);
            }
            assert!(agreed > 1, "some totals are possible");
        }
    }
}

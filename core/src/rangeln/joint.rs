//! Input 3's joint check: could one board give every player of a round their bare
//! score at the same time?
//!
//! Checking each score against its bounds alone lets through rounds no board can
//! produce (three scores of +16 with 3 players need 24 pieces on the 8 cells of the +2
//! ring). A round is possible exactly when every player can split their pieces over the
//! rings so that their values add up to their score and, all players together, no ring
//! holds more pieces than it has cells: which cell of a ring a piece stands on changes
//! neither its value nor the room left for others, and the placement rule (no two own
//! pieces touching) binds phase 1 only, not the final position.
//!
//! The check walks the players one by one and keeps every distinct way the rings can be
//! filled so far. Two fillings that use the same number of cells on every ring are
//! interchangeable for the players still to come, so the set stays small (a few
//! thousand fillings at most on the real board) and the answer is exact.

use super::RingCounts;
use crate::ring::Ring;

/// Cells per ring, in the order of [`Ring::ALL`].
pub(crate) type Capacities = [u32; 5];

/// The real board: 8, 16, 24 and 28 cells on the +2, -2, +1 and -1 rings, 5 black.
pub(crate) const BOARD: Capacities = [8, 16, 24, 28, 5];

/// Bits per ring in a packed filling: room for counts up to 4095, beyond any board, also
/// the board of a whole game's rounds taken together (`imported.rs`).
const BITS: u32 = 12;

/// A board (the real one, unless a test shrinks it) on which every player gets their
/// score at once, with `pieces` pieces each: one ring filling per player in the order of
/// `scores`, or `None` when no board gives those scores together.
pub(crate) fn joint_fill(scores: &[i32], pieces: u32, rings: Capacities) -> Option<Vec<RingCounts>> {
    // Each layer maps a packed filling to the filling it came from and the counts added.
    let mut layers: Vec<Vec<(u64, u64, [u32; 5])>> = Vec::with_capacity(scores.len());
    let mut frontier: Vec<u64> = vec![0];
    for (index, &score) in scores.iter().enumerate() {
        let splits = splits(score, pieces, rings);
        let last = index + 1 == scores.len();
        let mut layer: Vec<(u64, u64, [u32; 5])> = Vec::new();
        'fill: for &filled in &frontier {
            for split in &splits {
                if let Some(next) = add(filled, split, rings) {
                    layer.push((next, filled, *split));
                    // For the last player one way suffices: nobody comes after.
                    if last {
                        break 'fill;
                    }
                }
            }
        }
        // Keep one way to reach each filling: the players after this one see only the
        // filling, never how it came about.
        layer.sort_unstable_by_key(|&(next, ..)| next);
        layer.dedup_by_key(|&mut (next, ..)| next);
        if layer.is_empty() {
            return None;
        }
        frontier = layer.iter().map(|&(next, ..)| next).collect();
        layers.push(layer);
    }
    // Walk back from any complete filling to recover each player's counts.
    let mut at = *frontier.first()?;
    let mut fills = Vec::with_capacity(scores.len());
    for layer in layers.iter().rev() {
        let index = layer.binary_search_by_key(&at, |&(next, ..)| next).expect("every filling has a parent");
        let (_, parent, split) = layer[index];
        fills.push(counts(split));
        at = parent;
    }
    fills.reverse();
    Some(fills)
}

/// A quick way to the same answer when it is yes: the players with the largest scores
/// first, each taking the split that leaves the rings the most room (the smallest share of
/// a ring left, as large as it can be). `true` only with a filling that fits; `false` says
/// nothing (ask [`joint_fill`]).
pub(crate) fn greedy_fill(scores: &[i32], pieces: u32, rings: Capacities) -> bool {
    let mut order: Vec<i32> = scores.to_vec();
    order.sort_unstable_by_key(|s| std::cmp::Reverse(s.abs()));
    let mut left = rings;
    for score in order {
        let room = |split: &[u32; 5]| {
            (0..5)
                .filter(|&ring| rings[ring] > 0)
                .map(|ring| (left[ring] - split[ring]) as f64 / rings[ring] as f64)
                .fold(f64::INFINITY, f64::min)
        };
        let best = splits(score, pieces, left).into_iter().max_by(|a, b| room(a).total_cmp(&room(b)));
        let Some(split) = best else { return false };
        for ring in 0..5 {
            left[ring] -= split[ring];
        }
    }
    true
}

/// Every way to put `pieces` pieces on the rings (at most a ring's cells on each) so
/// that their values add up to `score`.
fn splits(score: i32, pieces: u32, rings: Capacities) -> Vec<[u32; 5]> {
    let mut found = Vec::new();
    let cap = |ring: usize| rings[ring].min(pieces);
    for plus2 in 0..=cap(0) {
        for minus2 in 0..=cap(1).min(pieces - plus2) {
            for plus1 in 0..=cap(2).min(pieces - plus2 - minus2) {
                let left = pieces - plus2 - minus2 - plus1;
                // What the -1 ring must take away, given the rest: black cells score 0.
                let minus1 = 2 * plus2 as i32 - 2 * minus2 as i32 + plus1 as i32 - score;
                if minus1 < 0 || minus1 as u32 > left.min(cap(3)) {
                    continue;
                }
                let black = left - minus1 as u32;
                if black <= cap(4) {
                    found.push([plus2, minus2, plus1, minus1 as u32, black]);
                }
            }
        }
    }
    found
}

/// `filled` with `split` added, if every ring still has room.
fn add(filled: u64, split: &[u32; 5], rings: Capacities) -> Option<u64> {
    let mut next = 0u64;
    for ring in 0..5 {
        let used = ((filled >> (BITS * ring as u32)) & ((1 << BITS) - 1)) as u32 + split[ring];
        if used > rings[ring] {
            return None;
        }
        next |= u64::from(used) << (BITS * ring as u32);
    }
    Some(next)
}

fn counts(split: [u32; 5]) -> RingCounts {
    let mut counts = RingCounts::default();
    for (ring, n) in Ring::ALL.into_iter().zip(split) {
        *counts.get_mut(ring) = n;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The obvious search: every combination of every player's splits.
    fn brute_force(scores: &[i32], pieces: u32, rings: Capacities) -> bool {
        fn go(scores: &[i32], pieces: u32, rings: Capacities, used: [u32; 5]) -> bool {
            let Some((&score, rest)) = scores.split_first() else { return true };
            splits(score, pieces, rings).iter().any(|split| {
                let mut next = used;
                for ring in 0..5 {
                    next[ring] += split[ring];
                }
                (0..5).all(|ring| next[ring] <= rings[ring]) && go(rest, pieces, rings, next)
            })
        }
        go(scores, pieces, rings, [0; 5])
    }

    fn check_fill(scores: &[i32], pieces: u32, rings: Capacities, fills: &[RingCounts]) {
        assert_eq!(fills.len(), scores.len());
        for (fill, &score) in fills.iter().zip(scores) {
            assert_eq!(fill.pieces(), pieces);
            assert_eq!(fill.score(), i64::from(score));
        }
        for (index, ring) in Ring::ALL.into_iter().enumerate() {
            assert!(fills.iter().map(|f| f.get(ring)).sum::<u32>() <= rings[index], "{ring} overfull");
        }
    }

    #[test]
    fn three_times_sixteen_is_impossible_with_three_players() {
        assert!(joint_fill(&[16, 16, 16], 8, BOARD).is_none());
        // One player may have all of the +2 ring, and the others then score less.
        let fills = joint_fill(&[16, 8, 8], 8, BOARD).unwrap();
        check_fill(&[16, 8, 8], 8, BOARD, &fills);
        assert!(joint_fill(&[16, 9, 8], 8, BOARD).is_none());
    }

    #[test]
    fn boundary_cases_of_the_real_board() {
        // Five players of 6 pieces at -12 need 30 pieces on the 16 cells of the -2 ring.
        assert!(joint_fill(&[-12, -12, -12, -12, -12], 6, BOARD).is_none());
        assert!(joint_fill(&[-12, -12, 0, 0, 0], 6, BOARD).is_some());
        assert!(joint_fill(&[-12, -12, -12, 0, 0], 6, BOARD).is_none());
        // -6 each from 30 pieces: the -1 ring's 28 cells are not enough on their own.
        let scores = [-6, -6, -6, -6, -6];
        check_fill(&scores, 6, BOARD, &joint_fill(&scores, 6, BOARD).unwrap());
        // All zeros always fit; so does the highest score beside the lowest.
        assert!(joint_fill(&[0, 0, 0, 0, 0], 6, BOARD).is_some());
        assert!(joint_fill(&[12, -12, 0, 0], 6, BOARD).is_some());
    }

    #[test]
    fn agrees_with_brute_force_on_every_small_round() {
        // A shrunk board keeps the brute force small and makes the rings bind often.
        for rings in [[2, 3, 3, 4, 1], [3, 2, 4, 2, 2], [1, 2, 2, 3, 1]] {
            for pieces in 2..=3u32 {
                let max = 2 * pieces as i32;
                for a in -max..=max {
                    for b in -max..=max {
                        for c in -max..=max {
                            let scores = [a, b, c];
                            let fills = joint_fill(&scores, pieces, rings);
                            assert_eq!(fills.is_some(), brute_force(&scores, pieces, rings), "{scores:?} {rings:?}");
                            if let Some(fills) = fills {
                                check_fill(&scores, pieces, rings, &fills);
                            }
                        }
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(200))]
        #[test]
        fn agrees_with_brute_force_on_the_real_board_for_three_players(
            a in -16i32..=16, b in -16i32..=16, c in -16i32..=16,
        ) {
            let scores = [a, b, c];
            let fills = joint_fill(&scores, 8, BOARD);
            proptest::prop_assert_eq!(fills.is_some(), brute_force(&scores, 8, BOARD));
            if let Some(fills) = fills {
                check_fill(&scores, 8, BOARD, &fills);
            }
        }

        #[test]
        fn agrees_with_brute_force_on_the_real_board_for_four_players(
            scores in proptest::collection::vec(-12i32..=12, 4),
        ) {
            let fills = joint_fill(&scores, 6, BOARD);
            proptest::prop_assert_eq!(fills.is_some(), brute_force(&scores, 6, BOARD));
        }

        /// Scores read off a real board (any pieces on any cells) are always accepted.
        #[test]
        fn scores_of_any_board_are_accepted(cells in proptest::sample::subsequence((0..81usize).collect::<Vec<_>>(), 30), shuffle in proptest::collection::vec(0..5u8, 30)) {
            let mut board = super::super::Board::default();
            let mut order: Vec<(u8, usize)> = shuffle.into_iter().zip(cells).collect();
            order.sort();
            for (n, (_, cell)) in order.into_iter().enumerate() {
                board.set(super::super::Cell::from_index(cell), Some(1 + (n % 5) as u8));
            }
            let scores: Vec<i32> = (1..=5).map(|seat| board.score(seat)).collect();
            proptest::prop_assert!(joint_fill(&scores, 6, BOARD).is_some(), "{:?}", scores);
        }
    }
}

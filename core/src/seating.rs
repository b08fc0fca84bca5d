//! Club nights at several tables: how many tables of which sizes a night's players make
//! (docs/rules.md "Club nights: tables and seats").

use crate::Error;
use crate::catalogue::GameKind;

/// The sizes of the tables `players` present players of `game` sit at, largest first.
///
/// Without `preferred`: as few tables as possible, their sizes differing by at most one,
/// each within the game's player counts (13 for Rangeln: 5 + 4 + 4). With a preferred size
/// p: as many tables of p as leave a remainder that can be seated, the remainder at tables
/// as close to p as the range allows (14 for Rangeln at tables of 4: 4 + 4 + 3 + 3).
/// Where no split fits the range (2 players for Rangeln), the error says so.
pub fn table_sizes(game: GameKind, players: usize, preferred: Option<usize>) -> Result<Vec<usize>, Error> {
    let (min, max) = (game.min_players(), game.max_players());
    let impossible = || Error::TablesImpossible { game, players, min, max };
    let sizes = match preferred {
        None => fewest_even(players, min, max),
        Some(p) if !(min..=max).contains(&p) => {
            return Err(Error::TableSizeOutOfRange { game, size: p, min, max });
        }
        Some(p) => (0..=players / p).rev().find_map(|full| {
            let rest = players - full * p;
            let mut sizes = vec![p; full];
            sizes.extend(closest_to(rest, p, min, max)?);
            Some(sizes)
        }),
    };
    let mut sizes = sizes.ok_or_else(impossible)?;
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    Ok(sizes)
}

/// `n` players at as few tables as the range allows, sizes differing by at most one.
fn fewest_even(n: usize, min: usize, max: usize) -> Option<Vec<usize>> {
    if n == 0 {
        return Some(Vec::new());
    }
    even(n, n.div_ceil(max), min, max)
}

/// `n` players at `tables` tables whose sizes differ by at most one, if each fits the range.
fn even(n: usize, tables: usize, min: usize, max: usize) -> Option<Vec<usize>> {
    if tables == 0 {
        return (n == 0).then(Vec::new);
    }
    let (base, extra) = (n / tables, n % tables);
    let sizes: Vec<usize> = (0..tables).map(|t| base + usize::from(t < extra)).collect();
    sizes.iter().all(|s| (min..=max).contains(s)).then_some(sizes)
}

/// `n` players at tables (sizes differing by at most one) as close to `p` as the range
/// allows: the fewest summed difference from `p`, then the fewest tables.
fn closest_to(n: usize, p: usize, min: usize, max: usize) -> Option<Vec<usize>> {
    if n == 0 {
        return Some(Vec::new());
    }
    (n.div_ceil(max)..=n / min)
        .filter_map(|tables| even(n, tables, min, max))
        .min_by_key(|sizes| (sizes.iter().map(|&s| s.abs_diff(p)).sum::<usize>(), sizes.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_of_the_rules() {
        assert_eq!(table_sizes(GameKind::Rangeln, 13, None).unwrap(), [5, 4, 4]);
        assert_eq!(table_sizes(GameKind::LaufRauf, 7, None).unwrap(), [4, 3]);
        assert_eq!(table_sizes(GameKind::Rangeln, 14, Some(4)).unwrap(), [4, 4, 3, 3]);
        assert_eq!(table_sizes(GameKind::Rangeln, 13, Some(4)).unwrap(), [5, 4, 4]);
        assert_eq!(table_sizes(GameKind::Rangeln, 2, None).unwrap_err().code(), "tables-impossible");
        assert_eq!(table_sizes(GameKind::Rangeln, 12, Some(7)).unwrap_err().code(), "table-size-out-of-range");
        assert_eq!(table_sizes(GameKind::HaseUndIgel, 30, None).unwrap(), [6, 6, 6, 6, 6]);
        assert_eq!(table_sizes(GameKind::LaufRauf, 0, None).unwrap(), Vec::<usize>::new());
    }

    /// Every count of players from 0 to 60, for every game and preferred size: everyone is
    /// seated, every table fits the game, and without a preference the tables are as few
    /// as possible and differ by at most one. A count that cannot be split is one below the
    /// smallest table.
    #[test]
    fn every_split_seats_everyone_within_the_range() {
        for &game in GameKind::ALL {
            let (min, max) = (game.min_players(), game.max_players());
            for n in 0..=60 {
                let Ok(sizes) = table_sizes(game, n, None) else {
                    assert!(n < min, "{game} {n}");
                    continue;
                };
                assert_eq!(sizes.iter().sum::<usize>(), n, "{game} {n}");
                assert!(sizes.iter().all(|s| (min..=max).contains(s)), "{game} {n}: {sizes:?}");
                assert_eq!(sizes.len(), n.div_ceil(max), "{game} {n}: {sizes:?}");
                assert!(sizes.first().zip(sizes.last()).is_none_or(|(a, b)| a - b <= 1), "{game} {n}: {sizes:?}");
                for p in min..=max {
                    let with = table_sizes(game, n, Some(p)).unwrap();
                    assert_eq!(with.iter().sum::<usize>(), n, "{game} {n} at {p}");
                    assert!(with.iter().all(|s| (min..=max).contains(s)), "{game} {n} at {p}: {with:?}");
                    if n % p == 0 {
                        assert!(with.iter().all(|&s| s == p), "{game} {n} at {p}: {with:?}");
                    }
                }
            }
        }
    }
}

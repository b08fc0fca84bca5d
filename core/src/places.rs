//! Shared places (standard competition ranking: 1, 1, 3).

/// Place of every entry, where a smaller key is better: one more than the number of
/// entries with a strictly better key, so equal keys share a place and the next place
/// is skipped.
pub fn competition_places<K: Ord>(keys: &[K]) -> Vec<u32> {
    keys.iter().map(|k| 1 + keys.iter().filter(|other| *other < k).count() as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_and_skip() {
        assert_eq!(competition_places(&[5, 3, 3, 9]), vec![3, 1, 1, 4]);
        assert_eq!(competition_places(&[1, 1, 1]), vec![1, 1, 1]);
        assert_eq!(competition_places::<u8>(&[]), Vec::<u32>::new());
    }
}

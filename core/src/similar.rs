//! Names that are probably meant: the closest known names to a name nobody has (a typo
//! at the table, "Bne" for "Ben"), and pairs of names that are probably one person
//! ("Jörg" and "Joerg"). Both compare loose keys: the name's key ([`name_key`]) with
//! umlauts spelled out and accents removed, so that spelling variants cost nothing and
//! a typo costs one edit.

use crate::names::name_key;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// At most this many suggestions: more is noise.
const MAX_SUGGESTIONS: usize = 3;

/// `name`'s key with German umlauts spelled out (`ö` as `oe`; `ß` is `ss` already) and
/// every other accent removed (`é` as `e`).
pub fn loose_key(name: &str) -> String {
    let spelled: String = name_key(name)
        .chars()
        .flat_map(|c| match c {
            'ä' => "ae".chars().collect::<Vec<_>>(),
            'ö' => "oe".chars().collect(),
            'ü' => "ue".chars().collect(),
            other => vec![other],
        })
        .collect();
    spelled.nfd().filter(|c| !is_combining_mark(*c)).nfc().collect()
}

/// Edits a typo of a name of `len` characters may take: 1 up to 4 characters, 2 up to 8,
/// then 3.
fn edits_allowed(len: usize) -> usize {
    match len {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// The known names closest to `typed`, best first (fewest edits, then by name): those
/// within a few edits (a swap of two letters is one), and those `typed` begins. Empty
/// when nothing is close.
pub fn closest<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let key = loose_key(typed);
    let allowed = edits_allowed(key.chars().count());
    let mut scored: Vec<(usize, &str)> = known
        .into_iter()
        .filter_map(|name| {
            let other = loose_key(name);
            let edits = strsim::damerau_levenshtein(&key, &other);
            let begins = key.chars().count() >= 2 && other.starts_with(&key);
            (edits <= allowed || begins).then_some((if begins { edits.min(1) } else { edits }, name))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(MAX_SUGGESTIONS).map(|(_, name)| name.to_owned()).collect()
}

/// Are `a` and `b` probably the same person written two ways? Equal loose keys ("Jörg",
/// "Joerg", "José", "Jose"), one edit apart, or one the beginning of the other ("Ann",
/// "Anna"; at least 3 characters).
pub fn likely_same(a: &str, b: &str) -> bool {
    same_keys(&loose_key(a), &loose_key(b))
}

/// Every pair of `names` that is [`likely_same`], each pair once in the order the names
/// come, the earlier name first. Compares every two names: a club's few hundred are
/// quick; the loose keys are made once.
pub fn likely_duplicates<'a>(names: &[&'a str]) -> Vec<(&'a str, &'a str)> {
    let keys: Vec<String> = names.iter().map(|n| loose_key(n)).collect();
    let mut pairs = Vec::new();
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            if same_keys(&keys[i], &keys[j]) {
                pairs.push((names[i], names[j]));
            }
        }
    }
    pairs
}

fn same_keys(a: &str, b: &str) -> bool {
    let (short, long) = if a.chars().count() <= b.chars().count() { (a, b) } else { (b, a) };
    a == b || strsim::damerau_levenshtein(a, b) <= 1 || (short.chars().count() >= 3 && long.starts_with(short))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLUB: [&str; 6] = ["Anna", "Ben", "Cleo", "Dora", "Jörg", "Benedikt"];

    #[test]
    fn typos_get_the_closest_names() {
        assert_eq!(closest("Bne", CLUB), ["Ben"]);
        assert_eq!(closest("cleo", CLUB), ["Cleo"]);
        assert_eq!(closest("Joerg", CLUB), ["Jörg"]);
        assert_eq!(closest("Ann", CLUB), ["Anna"]);
        // "Bene" begins Benedikt and is one edit from Ben.
        assert_eq!(closest("Bene", CLUB), ["Ben", "Benedikt"]);
        assert!(closest("Zoe", CLUB).is_empty());
        assert!(closest("Xaver", CLUB).is_empty());
    }

    #[test]
    fn spellings_of_one_person_are_likely_the_same() {
        for (a, b) in [("Jörg", "Joerg"), ("José", "Jose"), ("Anna", "Ana"), ("Ann", "Anna"), ("GROSS", "Groß")] {
            assert!(likely_same(a, b), "{a} {b}");
        }
        for (a, b) in [("Anna", "Ben"), ("Jo", "Jörg"), ("Cleo", "Dora")] {
            assert!(!likely_same(a, b), "{a} {b}");
        }
    }

    #[test]
    fn a_club_list_names_its_likely_duplicates() {
        let names = ["Anna", "Jörg", "Ben", "Joerg", "Ann", "Cleo", "Benedikt"];
        assert_eq!(likely_duplicates(&names), [("Anna", "Ann"), ("Jörg", "Joerg"), ("Ben", "Benedikt")]);
        assert!(likely_duplicates(&["Anna", "Cleo", "Dora"]).is_empty());
    }
}

//! Names in the order their readers expect: by the Unicode collation of the reader's
//! language (ICU4X, its data compiled in), not by bytes, so that "Özlem" sorts with the Os
//! before "Ursula", and "Bärbel" beside "Barbara", not after "Zoe".

use crate::render::Lang;
use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};
use icu_locale_core::locale;
use std::cmp::Ordering;
use std::sync::LazyLock;

static GERMAN: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
    Collator::try_new(locale!("de").into(), CollatorOptions::default()).expect("the compiled data has German")
});
static ENGLISH: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
    Collator::try_new(locale!("en").into(), CollatorOptions::default()).expect("the compiled data has English")
});

/// `a` against `b` as a reader of `lang` orders them.
pub fn compare(a: &str, b: &str, lang: Lang) -> Ordering {
    match lang {
        Lang::De => GERMAN.compare(a, b),
        Lang::En => ENGLISH.compare(a, b),
    }
}

/// Sorts `items` by the name `key` gives, as a reader of `lang` orders names.
pub fn sort_by_name<T>(items: &mut [T], lang: Lang, key: impl Fn(&T) -> &str) {
    items.sort_by(|a, b| compare(key(a), key(b), lang));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_as_german_readers_expect() {
        let mut names =
            vec!["Ursula", "Özlem", "Zoe", "Bärbel", "Barbara", "Jürgen", "Jörg", "Käthe", "Straßmann-Müller", "anna"];
        sort_by_name(&mut names, Lang::De, |n| n);
        assert_eq!(
            names,
            ["anna", "Barbara", "Bärbel", "Jörg", "Jürgen", "Käthe", "Özlem", "Straßmann-Müller", "Ursula", "Zoe"]
        );
    }
}

//! Which of the five games a foreign log means. Apps write titles as their users typed
//! them ("Mensch, ärgere Dich nicht!", "MENSCH AERGERE DICH NICHT") or as BoardGameGeek
//! names them in English ("Hare & Tortoise"), so titles compare by a key that ignores
//! case, spaces, punctuation and accents, and takes "&", "and" and "und" as one word.
//!
//! Built in are only names that mean one of the five games and nothing else: not "Ludo"
//! (the English ancestor of Mensch ärgere Dich nicht, with other rules), not a bare
//! "Ghostbusters" (a different board game), not "The Hare & the Tortoise" (a 2014 card
//! racing game). Anything else the organiser maps with `NAME=SLUG`; BoardGameGeek ids
//! with `bgg:ID=SLUG`.
//!
//! No BoardGameGeek ids are built in: none of the five games' ids could be confirmed
//! from two independent sources, and a wrong id would import another game's plays as
//! one of ours. Titles still match, and `bgg:ID=SLUG` pins an id.

use crate::t;
use spielstand_core::{GameKind, Slug, UnknownGame};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The names the apps use for each game, besides its German name and its slug.
const BUILT_IN: &[(&str, GameKind)] = &[
    ("Mensch ärger dich nicht", GameKind::MenschAergereDichNicht),
    ("MÄDN", GameKind::MenschAergereDichNicht),
    ("Man, Don't Get Angry", GameKind::MenschAergereDichNicht),
    ("Ghostbusters ärgere dich nicht", GameKind::Ghostbuster),
    ("Hare & Tortoise", GameKind::HaseUndIgel),
];

/// Matches source titles (and BoardGameGeek ids) to games.
#[derive(Debug, Clone)]
pub struct Titles {
    /// The organiser's mappings, which win over the built-in names.
    user_titles: HashMap<String, GameKind>,
    user_bgg_ids: HashMap<u64, GameKind>,
    built_in: HashMap<String, GameKind>,
}

impl Default for Titles {
    fn default() -> Self {
        Titles::new([])
    }
}

impl Titles {
    pub fn new(mappings: impl IntoIterator<Item = Mapping>) -> Self {
        let mut built_in = HashMap::new();
        let names = GameKind::ALL.iter().flat_map(|&g| [(g.name(), g), (g.slug(), g)]);
        for (name, game) in names.chain(BUILT_IN.iter().copied()) {
            for key in keys(name) {
                built_in.insert(key, game);
            }
        }
        let mut titles = Titles { user_titles: HashMap::new(), user_bgg_ids: HashMap::new(), built_in };
        for mapping in mappings {
            match mapping.from {
                MappedFrom::Title(title) => {
                    for key in keys(&title) {
                        titles.user_titles.insert(key, mapping.game);
                    }
                }
                MappedFrom::BggId(id) => {
                    titles.user_bgg_ids.insert(id, mapping.game);
                }
            }
        }
        titles
    }

    /// The game `title` (with BoardGameGeek id `bgg_id`) means, if it is one of the five.
    /// The organiser's ids come first, then their titles, then the built-in names.
    pub fn game(&self, title: &str, bgg_id: Option<u64>) -> Option<GameKind> {
        if let Some(game) = bgg_id.and_then(|id| self.user_bgg_ids.get(&id)) {
            return Some(*game);
        }
        let keys = keys(title);
        let find = |map: &HashMap<String, GameKind>| keys.iter().find_map(|k| map.get(k).copied());
        find(&self.user_titles).or_else(|| find(&self.built_in))
    }
}

/// One `NAME=SLUG` (or `bgg:ID=SLUG`) the organiser gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping {
    pub from: MappedFrom,
    pub game: GameKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MappedFrom {
    Title(String),
    BggId(u64),
}

/// A `NAME=SLUG` that is none, said in the command's language (a `--game` that clap
/// refuses is said before the language is decided, so in English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MappingError {
    Shape(String),
    EmptyName(String),
    BggId(String, String),
    Game(String, UnknownGame),
}

impl fmt::Display for MappingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            MappingError::Shape(text) => t!("titles-shape", mapping = format!("{text:?}")),
            MappingError::EmptyName(text) => t!("titles-empty-name", mapping = format!("{text:?}")),
            MappingError::BggId(text, id) => {
                t!("titles-bgg-id", mapping = format!("{text:?}"), id = format!("{id:?}"))
            }
            MappingError::Game(text, unknown) => format!("{text:?}: {unknown}"),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for MappingError {}

impl FromStr for Mapping {
    type Err = MappingError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // The slug never holds "=", a title might: the last "=" separates them.
        let (name, slug) = text.rsplit_once('=').ok_or_else(|| MappingError::Shape(text.to_owned()))?;
        let (name, slug) = (name.trim(), slug.trim());
        if name.is_empty() || slug.is_empty() {
            return Err(MappingError::Shape(text.to_owned()));
        }
        let game = slug.parse::<GameKind>().map_err(|e| MappingError::Game(text.to_owned(), e))?;
        let from = match name.strip_prefix("bgg:") {
            Some(id) => MappedFrom::BggId(
                id.trim().parse().map_err(|_| MappingError::BggId(text.to_owned(), id.trim().to_owned()))?,
            ),
            None if keys(name)[0].is_empty() => return Err(MappingError::EmptyName(text.to_owned())),
            None => MappedFrom::Title(name.to_owned()),
        };
        Ok(Mapping { from, game })
    }
}

/// The keys a title compares by: German umlauts written out ("ä" as "ae", as in
/// "Aergere") and dropped ("ä" as "a", as in "Argere"), since both spellings are about.
fn keys(title: &str) -> [String; 2] {
    [key(title, true), key(title, false)]
}

fn key(title: &str, umlaut_as_e: bool) -> String {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    const DIAERESIS: char = '\u{0308}';

    let mut folded = String::with_capacity(title.len());
    let mut previous = ' ';
    for c in title.nfkd() {
        if c == DIAERESIS && umlaut_as_e && matches!(previous, 'a' | 'o' | 'u' | 'A' | 'O' | 'U') {
            folded.push('e');
        } else if c == 'ß' {
            folded.push_str("ss");
        } else if !is_combining_mark(c) {
            folded.extend(c.to_lowercase());
        }
        if !is_combining_mark(c) {
            previous = c;
        }
    }
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in folded.chars() {
        match c {
            // "Don't" is one word.
            '\'' | '’' | '`' | '´' => {}
            '&' => {
                words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
                words.push("&".into());
            }
            c if c.is_alphanumeric() => word.push(c),
            _ => words.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    words.into_iter().map(|w| if w == "and" || w == "und" { "&".to_owned() } else { w }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(title: &str) -> Option<GameKind> {
        Titles::default().game(title, None)
    }

    #[test]
    fn german_names_match_however_they_are_written() {
        for title in [
            "Mensch ärgere Dich nicht",
            "Mensch, ärgere Dich nicht!",
            "MENSCH AERGERE DICH NICHT",
            "Mensch Argere Dich Nicht",
            "mensch ärger dich nicht",
            "Mensch a\u{308}rgere Dich nicht",
            "MÄDN",
            "Man, Don't Get Angry",
            "mensch-aergere-dich-nicht",
        ] {
            assert_eq!(builtin(title), Some(GameKind::MenschAergereDichNicht), "{title}");
        }
        for title in ["Lauf Rauf!", "Lauf rauf", "LaufRauf", "lauf-rauf"] {
            assert_eq!(builtin(title), Some(GameKind::LaufRauf), "{title}");
        }
        for title in ["Ghostbuster ärgere dich nicht", "Ghostbusters Ärgere Dich Nicht!", "ghostbuster"] {
            assert_eq!(builtin(title), Some(GameKind::Ghostbuster), "{title}");
        }
        assert_eq!(builtin(" rangeln "), Some(GameKind::Rangeln));
    }

    #[test]
    fn hase_und_igel_matches_in_german_and_english() {
        for title in ["Hase und Igel", "Hase & Igel", "Hare & Tortoise", "Hare and Tortoise", "HARE&TORTOISE"] {
            assert_eq!(builtin(title), Some(GameKind::HaseUndIgel), "{title}");
        }
    }

    #[test]
    fn other_games_and_near_names_do_not_match() {
        for title in [
            "Carcassonne",
            "Ludo",
            "Ghostbusters",
            "Ghostbusters: The Board Game",
            "The Hare & the Tortoise",
            "Mensch",
            "Rangeln 2",
            "",
            "!!!",
        ] {
            assert_eq!(builtin(title), None, "{title}");
        }
    }

    #[test]
    fn without_a_user_mapping_bgg_ids_decide_nothing() {
        assert_eq!(Titles::default().game("Carcassonne", Some(822)), None);
        assert_eq!(Titles::default().game("Rangeln", Some(822)), Some(GameKind::Rangeln));
    }

    #[test]
    fn user_mappings_add_titles_and_win_over_built_in_names() {
        let mappings: Vec<Mapping> = ["Hasenrennen=hase-und-igel", "Rangeln=lauf-rauf", "bgg:822=ghostbuster"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let titles = Titles::new(mappings);
        assert_eq!(titles.game("HASENRENNEN", None), Some(GameKind::HaseUndIgel));
        assert_eq!(titles.game("Rangeln", None), Some(GameKind::LaufRauf), "the user's mapping wins");
        assert_eq!(titles.game("Carcassonne", Some(822)), Some(GameKind::Ghostbuster));
        assert_eq!(titles.game("Hase und Igel", Some(1)), Some(GameKind::HaseUndIgel), "built-ins remain");
    }

    #[test]
    fn mappings_parse_at_the_last_equals_sign() {
        let m: Mapping = "  A=B = rangeln ".parse().unwrap();
        assert_eq!(m, Mapping { from: MappedFrom::Title("A=B".into()), game: GameKind::Rangeln });
        let m: Mapping = "bgg: 42=hase-und-igel".parse().unwrap();
        assert_eq!(m, Mapping { from: MappedFrom::BggId(42), game: GameKind::HaseUndIgel });
    }

    #[test]
    fn bad_mappings_say_what_is_wrong() {
        let err = "Hase und Igel".parse::<Mapping>().unwrap_err();
        assert_eq!(err.to_string(), r#""Hase und Igel": expected NAME=SLUG, e.g. "Hare & Tortoise=hase-und-igel""#);
        assert!(matches!("=rangeln".parse::<Mapping>(), Err(MappingError::Shape(_))));
        assert!(matches!("Hase=".parse::<Mapping>(), Err(MappingError::Shape(_))));
        assert!(matches!("?!=rangeln".parse::<Mapping>(), Err(MappingError::EmptyName(_))));
        let err = "Hase=igel".parse::<Mapping>().unwrap_err();
        assert!(err.to_string().starts_with(r#""Hase=igel": unknown game "igel": use one of rangeln"#), "{err}");
        let err = "bgg:x1=rangeln".parse::<Mapping>().unwrap_err();
        assert_eq!(err, MappingError::BggId("bgg:x1=rangeln".into(), "x1".into()));
    }

    #[test]
    fn keys_fold_case_accents_punctuation_and_conjunctions() {
        assert_eq!(keys("Mensch, ärgere Dich nicht!"), ["menschaergeredichnicht", "menschargeredichnicht"]);
        assert_eq!(key("Hare and Tortoise", true), key("hare & tortoise", true));
        assert_eq!(key("Straße", true), "strasse");
        assert_eq!(key("Café Röhre", false), "caferohre");
        assert_eq!(key("Don’t", true), "dont");
    }

    #[test]
    fn no_built_in_name_means_two_games() {
        let mut seen: HashMap<String, GameKind> = HashMap::new();
        let names = GameKind::ALL.iter().flat_map(|&g| [(g.name(), g), (g.slug(), g)]);
        for (name, game) in names.chain(BUILT_IN.iter().copied()) {
            for key in keys(name) {
                let before = seen.insert(key.clone(), game);
                assert!(before.is_none() || before == Some(game), "{key} means {before:?} and {game:?}");
            }
        }
    }
}

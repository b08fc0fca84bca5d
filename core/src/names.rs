//! Names of players and leagues: what a name may be, and when two names are the same
//! player. Every crate compares names through here (the server's unique index, core's
//! checks of a result, the command line's matching of typed names).

use crate::error::Error;
use std::collections::BTreeMap;

/// Longest accepted player name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// [`check_name`] as a regular expression (JSON Schema's `pattern`, read by ECMA-262,
/// Python and Rust alike), for the OpenAPI document; the length goes in `minLength` and
/// `maxLength`. The first and last characters are neither whitespace (Unicode
/// `White_Space`, what `str::trim` removes) nor control characters, the first is not `@`,
/// and no character is a control character, an invisible one of the Basic Multilingual
/// Plane ([`is_invisible`]), `,` or `=`. (Tag characters and unassigned code points, also
/// refused, are beyond what a pattern can say portably.)
pub const NAME_PATTERN: &str = concat!(
    r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8,=@]",
    r"([^\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8,=]*",
    r"[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8,=])?$",
);

/// [`check_text`] as a regular expression, for the OpenAPI document (as [`NAME_PATTERN`],
/// without the characters only names refuse): the first and last characters are neither
/// whitespace nor control characters, and no character is a control character, a line
/// separator or an invisible one of the Basic Multilingual Plane.
pub const TEXT_PATTERN: &str = concat!(
    r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]",
    r"([^\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]*",
    r"[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8])?$",
);

/// The longest free text [`check_text`] is asked to take (a night's title or location, a
/// rejection's reason).
pub const MAX_TEXT_CHARS: usize = 200;

/// Characters nobody sees, which would make two names that look alike compare apart:
/// bidi marks and controls, zero-width spaces and joiners, word joiners and invisible
/// operators, variation selectors, fillers, the byte order mark, the soft hyphen and
/// tag characters. Decision beyond docs/rules.md: names refuse them all, the zero-width
/// (non-)joiner of some scripts included; a club types names on a keyboard.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Unicode's line and paragraph separators: not control characters, but they break a
/// line wherever a name is shown.
pub fn is_line_break(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// What is wrong with free text people read ([`check_text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFault {
    Empty,
    /// Longer than this many characters.
    TooLong(usize),
    Whitespace,
    Control,
    Invisible,
}

/// Free text refused: the field it was given in, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextProblem {
    pub field: String,
    pub fault: TextFault,
}

impl std::fmt::Display for TextProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let problem = match self.fault {
            TextFault::Empty => "must not be empty".to_owned(),
            TextFault::TooLong(max) => format!("is longer than {max} characters"),
            TextFault::Whitespace => "starts or ends with whitespace".to_owned(),
            TextFault::Control => "contains a control character or a line break".to_owned(),
            TextFault::Invisible => {
                "contains an invisible character (a zero-width space, a bidi mark or the like)".to_owned()
            }
        };
        write!(f, "{}: {problem}", self.field)
    }
}

/// Checks free text that people read (a night's title or location, an import's source
/// id): `what` names it in the message. Not empty, at most `max` characters, no
/// surrounding whitespace, and nothing invisible or line-breaking: no control
/// characters, no zero-width or bidi characters ([`is_invisible`]), no line separators.
pub fn check_text(what: &str, text: &str, max: usize) -> Result<(), TextProblem> {
    let fault = if text.trim().is_empty() {
        TextFault::Empty
    } else if text.chars().count() > max {
        TextFault::TooLong(max)
    } else if text.trim() != text {
        TextFault::Whitespace
    } else if text.chars().any(|c| c.is_control() || is_line_break(c)) {
        TextFault::Control
    } else if text.chars().any(is_invisible) {
        TextFault::Invisible
    } else {
        return Ok(());
    };
    Err(TextProblem { field: what.to_owned(), fault })
}

/// Checks a name for a player (or a league): any script, but not empty, at most
/// [`MAX_NAME_CHARS`] characters, no surrounding whitespace (names round-trip byte-exact,
/// so they are refused rather than trimmed), no control characters, and none of `,` `=`
/// (they separate places and players when results are typed) nor a leading `@` (it
/// marks a board file).
pub fn check_name(name: &str) -> Result<(), Error> {
    let invalid = |reason| Err(Error::InvalidName { name: name.to_owned(), reason });
    if name.is_empty() {
        return Err(Error::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return invalid("longer than 100 characters");
    }
    if name.trim() != name {
        return invalid("starts or ends with whitespace");
    }
    if name.chars().any(char::is_control) {
        return invalid("contains a control character");
    }
    if name.chars().any(is_line_break) {
        return invalid("contains a line or paragraph separator");
    }
    if name.chars().any(is_invisible) {
        return invalid("contains an invisible character (a zero-width space, a bidi mark or the like)");
    }
    if !name.chars().all(unicode_normalization::char::is_public_assigned) {
        return invalid("contains a code point that Unicode has not assigned, or one for private use");
    }
    if name.contains([',', '=']) {
        return invalid("contains ',' or '=', which separate players when results are typed");
    }
    if name.starts_with('@') {
        return invalid("starts with '@', which marks a board file");
    }
    Ok(())
}

/// The key under which names compare: two names are the same player (or league) when
/// their keys are equal. "anna" and "Anna" at one table is a typo, not two people; nor
/// are "Jörg" typed composed and decomposed, or "ﬁ" and "fi": NFKC, full case folding
/// ("Groß" is "gross"), NFKC again (NFKC_Casefold, as Unicode defines identifier matching).
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded = caseless::default_case_fold_str(&name.nfkc().collect::<String>());
    folded.nfkc().collect()
}

/// The key under which names look alike: the UTS #39 skeleton, compared as names are. "Аnna"
/// with a Cyrillic А and "Anna" have one skeleton, as have "l" and "1" in some fonts'
/// sense ("Pau1" and "Paul"); two players whose names differ but share a skeleton would
/// be told apart by nobody reading a table.
pub fn lookalike_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    // The skeleton before case folding: folding first would part "PauI" from "Paul".
    let skeleton: String = unicode_security::skeleton(&name.nfkc().collect::<String>()).collect();
    name_key(&skeleton)
}

/// Are `a` and `b` different names that look the same?
pub fn look_alike(a: &str, b: &str) -> bool {
    !same_name(a, b) && lookalike_key(a) == lookalike_key(b)
}

/// Do `a` and `b` name the same player?
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || name_key(a) == name_key(b)
}

/// `name` as spelled among `known`, if it is one of them; else `name` as it is.
pub fn respell(name: &str, known: &[String]) -> String {
    known.iter().find(|k| same_name(k, name)).cloned().unwrap_or_else(|| name.to_owned())
}

/// Renames the keys of a map keyed by player name (a round's ring counts or scores).
pub fn rekey<V>(map: &mut BTreeMap<String, V>, mut rename: impl FnMut(&str) -> String) {
    *map = std::mem::take(map).into_iter().map(|(k, v)| (rename(&k), v)).collect();
}

/// A player's or a league's name in the OpenAPI document, as [`check_name`] accepts it.
#[cfg(feature = "openapi")]
pub fn schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_NAME_CHARS))
        .pattern(Some(NAME_PATTERN))
        .build()
}

/// The schema of free text people read ([`check_text`] with [`MAX_TEXT_CHARS`]), for the
/// OpenAPI document.
#[cfg(feature = "openapi")]
pub fn text_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_TEXT_CHARS))
        .pattern(Some(TEXT_PATTERN))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_script_but_without_separators() {
        for ok in ["Anna", "Jürgen Groß", "Ωμέγα", "李小龙", "O'Brien", "<script>"] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in [" Anna", "Anna ", "A,B", "A=B", "@home", "tab\tname"] {
            assert_eq!(check_name(bad).unwrap_err().code(), "invalid-name", "{bad}");
        }
        assert_eq!(check_name(&"x".repeat(101)).unwrap_err().code(), "invalid-name");
    }

    proptest::proptest! {
        /// The OpenAPI document's pattern says what `check_name` says, on strings made of
        /// the characters where they could disagree (lengths aside: `maxLength` has them).
        #[test]
        fn the_name_pattern_is_the_name_check(
            name in r"[aZé李 ,=@\t\n\u{0}\u{1f}\u{7f}\u{85}\u{9f}\u{a0}\u{a1}\u{1680}\u{2000}\u{200a}\u{200b}\u{2028}\u{202f}\u{3000}\u{feff}]{0,5}"
        ) {
            let pattern = regex::Regex::new(NAME_PATTERN).unwrap();
            proptest::prop_assert_eq!(pattern.is_match(&name), check_name(&name).is_ok(), "{:?}", name);
        }
    }

    proptest::proptest! {
        /// The free-text pattern says what `check_text` says, as for names.
        #[test]
        fn the_text_pattern_is_the_text_check(
            text in r"[aZé李 ,=@\t\n\u{0}\u{1f}\u{7f}\u{85}\u{9f}\u{a0}\u{ad}\u{a1}\u{1680}\u{2000}\u{200a}\u{200b}\u{2028}\u{202f}\u{3000}\u{feff}]{0,5}"
        ) {
            let pattern = regex::Regex::new(TEXT_PATTERN).unwrap();
            proptest::prop_assert_eq!(pattern.is_match(&text), check_text("x", &text, 200).is_ok(), "{:?}", text);
        }
    }

    #[test]
    fn invisible_and_unassigned_characters_are_refused() {
        for bad in [
            "An\u{200d}na",
            "Anna\u{200b}",
            "\u{feff}Anna",
            "\u{202e}annA",
            "Anna\u{E0041}",
            "Anna\u{0378}",
            "A\u{E000}",
        ] {
            assert_eq!(check_name(bad).unwrap_err().code(), "invalid-name", "{bad:?}");
        }
        assert!(check_name("Zoë Ångström-Ñúñez").is_ok());
    }

    #[test]
    fn names_compare_under_nfkc_and_case_folding() {
        assert!(same_name("Jörg", "Jo\u{308}rg"), "composed and decomposed");
        assert!(same_name("Groß", "GROSS"), "full case folding");
        assert!(same_name("ﬁlip", "Filip"), "compatibility forms");
        assert!(same_name("ＡＮＮＡ", "anna"), "full-width letters");
        assert!(!same_name("Anna", "Аnna"), "another script is another name...");
        assert!(look_alike("Anna", "Аnna"), "...that looks the same");
        assert!(look_alike("Paul", "PauI"));
        assert!(!look_alike("Anna", "anna"), "the same name is not a lookalike");
        assert!(!look_alike("Anna", "Anne"));
    }

    #[test]
    fn names_compare_ignoring_case() {
        assert!(same_name("Jörg", "jÖRG"));
        assert!(!same_name("Anna", "Anne"));
        let known = vec!["Anna".to_owned(), "Ben".to_owned()];
        assert_eq!(respell("ANNA", &known), "Anna");
        assert_eq!(respell("Cleo", &known), "Cleo");
        let mut map = BTreeMap::from([("anna".to_owned(), 1), ("ben".to_owned(), 2)]);
        rekey(&mut map, |n| respell(n, &known));
        assert_eq!(map.keys().collect::<Vec<_>>(), ["Anna", "Ben"]);
    }
}

//! What the server says to a reader: a message of the catalogue (`spielstand-text`,
//! `locales/{de,en}/api.ftl`) and the facts it is filled in with, said in the reader's
//! language when it is written (an API client's `Accept-Language`, a page's language),
//! in English where nobody asked (`Display`, the log, the API as it has always answered).

use spielstand_text::{Arg, Lang};
use std::fmt;

/// A message: its id in the catalogue, and its facts by name.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
    /// Facts that are words themselves, said otherwise in German (a pass's label, a
    /// library's description of a value).
    german: Vec<(&'static str, Arg)>,
}

impl Said {
    pub fn new(id: &'static str, args: Vec<(&'static str, Arg)>) -> Said {
        Said { id, args, german: Vec::new() }
    }

    /// Text made elsewhere in the reader's language already (a page's form, checked in
    /// its language): said as it is, in every language.
    pub fn as_is(text: impl Into<String>) -> Said {
        Said::new("said-as-is", vec![("text", Arg::Text(text.into()))])
    }

    /// The fact `name` in German words.
    pub fn german(mut self, name: &'static str, words: impl Into<String>) -> Said {
        self.german.push((name, Arg::Text(words.into())));
        self
    }

    /// The message's id in the catalogue.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Said in `lang`.
    pub fn to(&self, lang: Lang) -> String {
        let args: Vec<(&str, Arg)> = match lang {
            Lang::En => self.args.clone(),
            Lang::De => self
                .args
                .iter()
                .map(|(name, value)| {
                    let german = self.german.iter().find(|(n, _)| n == name).map(|(_, v)| v);
                    (*name, german.unwrap_or(value).clone())
                })
                .collect(),
        };
        spielstand_text::message(lang, self.id, &args)
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to(Lang::En))
    }
}

/// `said!("id", name = value, ...)`: a [`Said`] with its facts named inline, each written
/// as it displays.
#[macro_export]
macro_rules! said {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::said::Said::new($id, vec![$((stringify!($name), spielstand_text::Arg::Text(($value).to_string()))),*])
    };
}

#[cfg(test)]
mod tests {
    /// Every source file of the server, with its path.
    fn sources() -> Vec<(String, String)> {
        let mut files = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        let mut found = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
            }
        }
        found
    }

    /// The message ids of a catalogue file.
    fn ids(ftl: &str) -> Vec<&str> {
        ftl.lines()
            .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.trim()))
            .filter(|id| !id.contains(' '))
            .collect()
    }

    /// Every message the server says is in the catalogue of both languages, and no
    /// problem's words are written anywhere else: an error that says something is made
    /// with `said!`, never from a string literal.
    #[test]
    fn every_problem_the_server_says_comes_from_the_catalogue() {
        let en =
            concat!(include_str!("../../text/locales/en/api.ftl"), include_str!("../../text/locales/en/server.ftl"));
        let de =
            concat!(include_str!("../../text/locales/de/api.ftl"), include_str!("../../text/locales/de/server.ftl"));
        let (en, de) = (ids(en), ids(de));
        let literal = regex::Regex::new(
            r#"Error::(NotFound|Conflict|MalformedJson|InvalidBody|InvalidQuery|InvalidPath|InvalidHeader|InsufficientScope|PreconditionFailed|PreconditionRequired|EventMismatch|EventClosed|UnsupportedMediaType|NotReady|UnknownStored)\(\s*(format!|")"#,
        )
        .unwrap();
        let used = regex::Regex::new(r#"said!\(\s*"([a-z0-9-]+)""#).unwrap();
        let mut wrong = Vec::new();
        for (path, source) in sources() {
            if path.ends_with("said.rs") {
                continue;
            }
            for m in literal.find_iter(&source) {
                wrong.push(format!("{path}: words outside the catalogue: {}", m.as_str()));
            }
            for id in used.captures_iter(&source).map(|c| c.get(1).unwrap().as_str()) {
                if !en.contains(&id) || !de.contains(&id) {
                    wrong.push(format!("{path}: {id} is not in both catalogues"));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// The German catalogue of the server says nothing in English (but data a client types:
    /// `commands`, field names, headers).
    #[test]
    fn the_german_catalogue_has_no_english_sentence() {
        let de =
            concat!(include_str!("../../text/locales/de/api.ftl"), include_str!("../../text/locales/de/server.ftl"));
        let mut english = Vec::new();
        for line in de.lines().filter(|l| !l.starts_with('#')) {
            let text = line.split_once(" = ").map_or(line, |(_, text)| text);
            // The literal prefix a token name may not take is data (`store/tokens.rs`).
            let text = text.replace("\"pass of\"", "");
            let found = spielstand_text::english_words(&text);
            if !found.is_empty() {
                english.push(format!("{line} ({found:?})"));
            }
        }
        assert!(english.is_empty(), "English in the German catalogue:\n{}", english.join("\n"));
    }
}

//! The language the command line speaks: `--lang de|en`, else `SPIELSTAND_LANG` (clap
//! reads both into one flag), else the config file's `lang`, else the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`, the first one set, as POSIX orders them), else English. Every
//! message comes from the catalogue of `spielstand-text` in that language.

use spielstand_text::{Arg, Lang};
use std::sync::OnceLock;

static LANG: OnceLock<Lang> = OnceLock::new();

/// Decides the language once, for the whole command: `asked` is `--lang` (or
/// `SPIELSTAND_LANG`), `configured` the config file's `lang`.
pub fn init(asked: Option<Lang>, configured: Option<&str>) {
    let lang = asked.or_else(|| configured.and_then(Lang::of_locale)).or_else(Lang::of_environment).unwrap_or(Lang::En);
    let _ = LANG.set(lang);
}

/// The command's language.
pub fn current() -> Lang {
    *LANG.get_or_init(|| Lang::En)
}

/// The message `id` of the catalogue in the command's language, filled in with `args`.
pub fn t(id: &str, args: &[(&str, Arg)]) -> String {
    spielstand_text::message(current(), id, args)
}

/// A broken rule in the command's language: German from the catalogue, English as the
/// rule's own text has always read (which the catalogue's English follows).
pub fn rule(error: &spielstand_core::Error) -> String {
    match current() {
        Lang::De => spielstand_text::rule(error, Lang::De),
        Lang::En => error.to_string(),
    }
}

/// A note of the referee in the command's language.
pub fn note(note: &spielstand_core::rangeln::Note) -> String {
    spielstand_text::note(note, current())
}

/// A turn's allowance in the command's language.
pub fn allowance(allowance: &spielstand_core::rangeln::AllowanceWords) -> String {
    spielstand_text::allowance(allowance, current())
}

/// A turn's allowance and what is left of it, in the command's language.
pub fn allowance_left(left: &spielstand_core::rangeln::AllowanceLeft) -> String {
    spielstand_text::allowance_left(left, current())
}

/// A column's name in the command's language: the catalogue's `column-...` for the
/// English name, else the name as it is (a player's name, a round's number).
pub fn column(header: &str) -> String {
    let slug: String = header
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() {
        return header.to_owned();
    }
    let id = format!("column-{slug}");
    // Only the column the catalogue means: `player` as a CSV field name stays as it is.
    if spielstand_text::lookup(Lang::En, &id).as_deref() != Some(header) {
        return header.to_owned();
    }
    spielstand_text::lookup(current(), &id).unwrap_or_else(|| header.to_owned())
}

/// A value's slug (`one-each`, `average-place`) as a word of the language, where it is
/// shown to be read rather than typed: the catalogue's `word-{kind}-{slug}`, else the
/// slug as it is.
pub fn word(kind: &str, slug: &str) -> String {
    spielstand_text::lookup(current(), &format!("word-{kind}-{slug}")).unwrap_or_else(|| slug.to_owned())
}

/// A number written with a decimal point, as the language writes it (`27,5` in German).
pub fn decimal(text: String) -> String {
    match current() {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// A date as the language writes it: `23.11.2026` or `2026-11-23`.
pub fn date(day: chrono::NaiveDate) -> String {
    match current() {
        Lang::De => day.format("%d.%m.%Y").to_string(),
        Lang::En => day.to_string(),
    }
}

/// A time of day in this machine's time zone (or `TZ`'s).
pub fn time(at: chrono::DateTime<chrono::Utc>) -> String {
    at.with_timezone(&chrono::Local).format("%H:%M").to_string()
}

/// A day and time (local) as the language writes it.
pub fn date_time(at: chrono::DateTime<chrono::Local>) -> String {
    match current() {
        Lang::De => at.format("%d.%m.%Y %H:%M").to_string(),
        Lang::En => at.format("%Y-%m-%d %H:%M").to_string(),
    }
}

/// `t!("id", name = value, ...)`: [`t`] with its arguments named inline.
#[macro_export]
macro_rules! t {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::t($id, &[$((stringify!($name), spielstand_text::Arg::from($value))),*])
    };
}

#[cfg(test)]
mod tests {
    /// Where text reaches a reader: printing, errors, questions, tables' words, and the
    /// messages of the command line's value parsers.
    const SINKS: [&str; 17] = [
        "println!(",
        "eprintln!(",
        "eprint!(",
        "print(&format!(",
        ".say(",
        ".title(",
        ".when_empty(",
        ".confirm(",
        "CliError::input(",
        "CliError::input_from(",
        "CliError::NotFound(",
        "CliError::Refused(",
        "CliError::local_from(",
        "CliError::Kept(",
        "CliError::local(",
        "Err(format!(",
        "| format!(",
    ];

    /// The words of the string literal that `rest` starts with (after `&` and `format!(`),
    /// placeholders left out; none if it starts with no literal.
    fn literal_words(rest: &str) -> Option<String> {
        let rest = rest.trim_start().trim_start_matches('&').trim_start_matches("format!(").trim_start();
        let body = rest.strip_prefix('"')?;
        let mut text = String::new();
        let (mut escaped, mut depth) = (false, 0);
        for c in body.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => break,
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 => text.push(c),
                _ => {}
            }
        }
        Some(text)
    }

    /// Every word the command line prints comes from the catalogue: no string literal with
    /// words goes to a reader from the sources (a line may say `// not text` where the
    /// words are data, such as a command to type).
    #[test]
    fn no_text_reaches_a_reader_outside_the_catalogue() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files = vec![std::path::PathBuf::from(root)];
        let mut found = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            // The sources before their tests; a literal may start on the line after its sink.
            let source = &source[..source.find("#[cfg(test)]").unwrap_or(source.len())];
            for sink in SINKS {
                for (at, _) in source.match_indices(sink) {
                    let line_start = source[..at].rfind('\n').map_or(0, |n| n + 1);
                    let line_end = source[at..].find('\n').map_or(source.len(), |n| at + n);
                    let line = &source[line_start..line_end];
                    if line.contains("// not text") {
                        continue;
                    }
                    let Some(words) = literal_words(&source[at + sink.len()..]) else { continue };
                    if words.as_bytes().windows(3).any(|w| w.iter().all(u8::is_ascii_alphabetic)) {
                        let number = source[..at].matches('\n').count() + 1;
                        found.push(format!("{}:{number}: {}", path.display(), line.trim()));
                    }
                }
            }
        }
        found.sort();
        assert!(found.is_empty(), "text outside the catalogue:\n{}", found.join("\n"));
    }
}

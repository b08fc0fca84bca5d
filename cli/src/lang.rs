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
    let lang = asked.or_else(|| configured.and_then(Lang::of_locale)).or_else(of_environment).unwrap_or(Lang::En);
    let _ = LANG.set(lang);
}

/// The locale's language: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and
/// not empty decides, as POSIX has it (`C` speaks neither language: English then).
fn of_environment() -> Option<Lang> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .and_then(|locale| Lang::of_locale(&locale))
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

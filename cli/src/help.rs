//! `--help` in the command's language. The English texts are the doc comments of the
//! command line's types (`commands::Cli`, each command's arguments at the top of its file
//! in `commands/`, the shared ones in `args.rs`); `text/locales/en/cli-help.ftl` holds
//! them as the catalogue (a test keeps the two the same) and `text/locales/de/cli-help.ftl`
//! their German. Every text has an id from
//! its place in the command tree: `help-event-start` for `event start`'s description,
//! `help-event-start--title` for its `TITLE`, `-long` for the long forms, `-after` for the
//! text after the options.

use clap::Command;
use spielstand_text::Lang;

/// Every help text of `cmd` and its subcommands, by id, in the order `--help` shows them
/// (for the test that writes and checks the English catalogue).
#[cfg(test)]
fn texts(cmd: &Command) -> Vec<(String, String)> {
    let mut out = Vec::new();
    walk(cmd, "help", &mut out);
    out
}

#[cfg(test)]
fn walk(cmd: &Command, path: &str, out: &mut Vec<(String, String)>) {
    let mut add = |id: String, text: Option<&clap::builder::StyledStr>| {
        if let Some(text) = text.map(ToString::to_string).filter(|t| !t.trim().is_empty()) {
            out.push((id, text));
        }
    };
    add(path.to_owned(), cmd.get_about());
    add(format!("{path}-long"), cmd.get_long_about());
    add(format!("{path}-after"), cmd.get_after_help());
    for arg in cmd.get_arguments().filter(|a| !is_builtin(a.get_id().as_str())) {
        let id = format!("{path}--{}", arg.get_id().as_str().replace('_', "-"));
        add(id.clone(), arg.get_help());
        add(format!("{id}-long"), arg.get_long_help());
    }
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        walk(sub, &format!("{path}-{}", sub.get_name()), out);
    }
}

/// clap's own flags, which clap words itself.
fn is_builtin(id: &str) -> bool {
    matches!(id, "help" | "version")
}

/// `cmd` with every help text in `lang`: English as written, German from the catalogue,
/// clap's own words around them (headings, `-h`, `-V`) too.
pub fn localised(mut cmd: Command, lang: Lang) -> Command {
    match lang {
        Lang::En => cmd,
        Lang::De => {
            // Built first, so that clap's own flags and the global ones are in every
            // subcommand to be worded.
            cmd.build();
            translate(cmd, "help", lang)
        }
    }
}

fn translate(mut cmd: Command, path: &str, lang: Lang) -> Command {
    let text = |id: &str| spielstand_text::lookup(lang, id);
    if cmd.get_about().is_some()
        && let Some(about) = text(path)
    {
        cmd = cmd.about(about);
    }
    if cmd.get_long_about().is_some()
        && let Some(long) = text(&format!("{path}-long"))
    {
        cmd = cmd.long_about(long);
    }
    if cmd.get_after_help().is_some()
        && let Some(after) = text(&format!("{path}-after"))
    {
        cmd = cmd.after_help(after);
    }
    let args: Vec<String> = cmd.get_arguments().map(|a| a.get_id().as_str().to_owned()).collect();
    // clap keeps headings as `&'static str` (without its `string` feature): the few of them
    // live as long as the process, which builds this command once.
    let heading = |id: &str| -> &'static str { Box::leak(text(id).unwrap_or_default().into_boxed_str()) };
    for id in args {
        let key = if is_builtin(&id) { format!("help-flag-{id}") } else { format!("{path}--{}", id.replace('_', "-")) };
        // A global flag (--server, --lang) is worded once, at the top.
        let global = format!("help--{}", id.replace('_', "-"));
        let help = text(&key).or_else(|| text(&global));
        let long = text(&format!("{key}-long")).or_else(|| text(&format!("{global}-long")));
        let (arguments, options) = (heading("help-heading-arguments"), heading("help-heading-options"));
        cmd = cmd.mut_arg(id.as_str(), |mut arg| {
            if arg.get_help_heading().is_none() {
                let heading = if arg.is_positional() { arguments } else { options };
                arg = arg.help_heading(heading);
            }
            if is_builtin(arg.get_id().as_str())
                && let Some(help) = help.clone()
            {
                // clap words -h and --help differently; one text for both.
                arg = arg.help(help.clone()).long_help(help);
            }
            if arg.get_help().is_some()
                && let Some(help) = help
            {
                arg = arg.help(help);
            }
            if arg.get_long_help().is_some()
                && let Some(long) = long
            {
                arg = arg.long_help(long);
            }
            arg
        });
    }
    if let Some(about) = text("help-flag-help-subcommand")
        && cmd.find_subcommand("help").is_some()
    {
        cmd = cmd.mut_subcommand("help", |help| help.about(about));
    }
    let subs: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_owned()).filter(|n| n != "help").collect();
    for name in subs {
        let sub_path = format!("{path}-{name}");
        cmd = cmd.mut_subcommand(name.as_str(), |sub| translate(sub, &sub_path, lang));
    }
    // clap's own words around them.
    let usage = heading("help-heading-usage");
    cmd.subcommand_help_heading(heading("help-heading-commands")).help_template(format!(
        "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
    ))
}

/// What clap says of a command line it cannot read, in `lang`: `None` where clap's own
/// words are right (English, and `--help` or `--version`, which are no errors).
pub fn error(e: &clap::Error, lang: Lang) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if lang == Lang::En
        || matches!(
            e.kind(),
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        )
    {
        return None;
    }
    let quoted = |text: &str| format!("„{text}“");
    let context = |kind: ContextKind| -> Option<String> {
        match e.get(kind)? {
            ContextValue::String(s) => Some(quoted(s)),
            ContextValue::Strings(all) => Some(all.iter().map(|s| quoted(s)).collect::<Vec<_>>().join(", ")),
            ContextValue::StyledStr(s) => Some(quoted(&s.to_string())),
            ContextValue::StyledStrs(all) => {
                Some(all.iter().map(|s| quoted(&s.to_string())).collect::<Vec<_>>().join(", "))
            }
            ContextValue::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    let say = |id: &str, args: &[(&str, spielstand_text::Arg)]| spielstand_text::message(lang, id, args);
    let arg = context(ContextKind::InvalidArg).unwrap_or_default();
    let mut lines = Vec::new();
    let first = match e.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let value = context(ContextKind::InvalidValue).unwrap_or_default();
            // The value parsers' own reason, in the command's language already.
            match std::error::Error::source(e) {
                Some(why) => say(
                    "clap-invalid-value-because",
                    &[("value", value.into()), ("arg", arg.clone().into()), ("why", why.to_string().into())],
                ),
                None => say("clap-invalid-value", &[("value", value.into()), ("arg", arg.clone().into())]),
            }
        }
        ErrorKind::UnknownArgument => say("clap-unknown-argument", &[("arg", arg.clone().into())]),
        ErrorKind::InvalidSubcommand => say(
            "clap-unknown-subcommand",
            &[("command", context(ContextKind::InvalidSubcommand).unwrap_or_default().into())],
        ),
        ErrorKind::MissingRequiredArgument | ErrorKind::MissingSubcommand => {
            say("clap-missing", &[("args", arg.clone().into())])
        }
        ErrorKind::ArgumentConflict => say(
            "clap-conflict",
            &[("arg", arg.clone().into()), ("other", context(ContextKind::PriorArg).unwrap_or_default().into())],
        ),
        ErrorKind::NoEquals => say("clap-no-value", &[("arg", arg.clone().into())]),
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            say("clap-values", &[("arg", arg.clone().into())])
        }
        other => say("clap-other", &[("kind", format!("{other:?}").into())]),
    };
    lines.push(format!("{} {first}", say("error-prefix", &[])));
    if let Some(values) = context(ContextKind::ValidValue) {
        lines.push(format!("  {}", say("clap-possible-values", &[("values", values.into())])));
    }
    for kind in [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg, ContextKind::SuggestedValue] {
        if let Some(suggestion) = context(kind) {
            lines.push(format!("  {}", say("clap-tip", &[("suggestion", suggestion.into())])));
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        // clap's own placeholders, worded as German help words them.
        let usage = usage.trim().trim_start_matches("Usage:").trim().replace("[OPTIONS]", "[OPTIONEN]");
        let usage = usage.replace("<COMMAND>", "<BEFEHL>");
        lines.push(String::new());
        lines.push(say("clap-usage", &[("usage", usage.into())]));
    }
    lines.push(String::new());
    lines.push(say("clap-more", &[]));
    Some(lines.join("\n") + "\n")
}

/// The help texts as a Fluent catalogue: each text a message, every line indented, the
/// characters Fluent reads as syntax written as literals.
#[cfg(test)]
fn ftl(texts: &[(String, String)]) -> String {
    let mut out = String::from(
        "# The help texts (`--help`), generated from the doc comments of cli/src/commands/ and cli/src/args.rs:\n# SPIELSTAND_REGENERATE_HELP=1 cargo test -p spielstand-cli help writes this file.\n",
    );
    for (id, text) in texts {
        out.push_str(&format!("\n{id} =\n"));
        for line in text.lines() {
            if line.trim().is_empty() {
                out.push_str("    {\"\"}\n");
                continue;
            }
            // In one pass: escaping `{` first would leave braces for the `}` pass to escape.
            let escaped: String = line
                .chars()
                .map(|c| match c {
                    '{' => "{\"{\"}".to_owned(),
                    '}' => "{\"}\"}".to_owned(),
                    c => c.to_string(),
                })
                .collect();
            // Leading spaces kept, and a line that Fluent would read as syntax made text.
            let leading = escaped.len() - escaped.trim_start().len();
            let rest = escaped.trim_start();
            let rest = if rest.starts_with(['[', '*', '.']) {
                format!("{{\"{}\"}}{}", &rest[..1], &rest[1..])
            } else {
                rest.to_owned()
            };
            if leading > 0 {
                out.push_str(&format!("    {{\"{}\"}}{rest}\n", " ".repeat(leading)));
            } else {
                out.push_str(&format!("    {rest}\n"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The English catalogue says what the doc comments say, text for text (run with
    /// SPIELSTAND_REGENERATE_HELP=1 after changing a doc comment); every text renders back
    /// from it unchanged, and German has a text for every one.
    #[test]
    fn the_help_catalogue_is_the_doc_comments_and_german_has_every_text() {
        let texts = texts(&crate::commands::Cli::command());
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../text/locales/en/cli-help.ftl");
        let generated = ftl(&texts);
        if std::env::var_os("SPIELSTAND_REGENERATE_HELP").is_some() {
            std::fs::write(path, &generated).unwrap();
        }
        assert_eq!(std::fs::read_to_string(path).unwrap(), generated, "regenerate: SPIELSTAND_REGENERATE_HELP=1");
        for (id, text) in &texts {
            assert_eq!(spielstand_text::lookup(Lang::En, id).as_deref(), Some(text.as_str()), "{id}");
            assert!(spielstand_text::lookup(Lang::De, id).is_some(), "no German for {id}");
        }
        // German help builds and shows German.
        let mut german = localised(crate::commands::Cli::command(), Lang::De);
        german.build();
        let help = german.render_help().to_string();
        assert!(help.contains("Aufruf"), "{help}");
    }
}

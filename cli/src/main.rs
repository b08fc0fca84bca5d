//! `spielstand`: the organiser's tool at the club table.

mod args;
mod client;
mod commands;
mod config;
mod draft;
mod edit;
mod error;
mod help;

mod import;
mod input;
mod interrupt;
mod known;
mod lang;
mod night;
mod outbox;
mod output;
mod partners;
mod positions;
mod recording;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

fn main() -> ExitCode {
    // The language first, so that `--help`, usage errors and the value parsers' messages
    // speak it too: `--lang` as typed, else SPIELSTAND_LANG, the config file, the locale.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let asked = args::lang_asked(&args);
    let configured = if asked.is_none() { config::ConfigFile::saved_lang() } else { None };
    lang::init(asked, configured.as_deref());
    let matches = match help::localised(commands::Cli::command(), lang::current()).try_get_matches_from(args) {
        Ok(matches) => matches,
        // A command line that does not read: said in the command's language (`--help` and
        // `--version` are no errors, and clap prints them).
        Err(e) => match help::error(&e, lang::current()) {
            Some(said) => {
                eprint!("{said}");
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    let cli = commands::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let verbose = cli.verbose;
    interrupt::install();
    let error = match commands::run(cli) {
        Ok(()) => return ExitCode::from(error::exit::OK),
        Err(e) => e,
    };
    match &error {
        // Not a failure of the organiser's: said plainly, without "error:".
        error::CliError::Queued { .. } | error::CliError::Kept(_) => eprintln!("{error}"),
        _ => eprintln!("{} {error}", t!("error-prefix")),
    }
    // With --verbose, what lies beneath the one line: each cause, the server's problem.
    if verbose {
        for line in error::details(&error) {
            eprintln!("  {line}");
        }
    }
    ExitCode::from(error.exit_code())
}

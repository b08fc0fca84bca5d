//! `spielstand`: the organiser's tool at the club table.

mod args;
mod client;
mod commands;
mod config;
mod draft;
mod edit;
mod error;

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

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let configured = if cli.lang.is_none() { config::ConfigFile::saved_lang() } else { None };
    lang::init(cli.lang, configured.as_deref());
    interrupt::install();
    match commands::run(cli) {
        Ok(()) => ExitCode::from(error::exit::OK),
        Err(error::CliError::Queued { message, code }) => {
            // Not a failure of the organiser's: said plainly, without "error:".
            eprintln!("{message}");
            ExitCode::from(code)
        }
        Err(e @ error::CliError::Kept(_)) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
        Err(e) => {
            eprintln!("{} {e}", t!("error-prefix"));
            ExitCode::from(e.exit_code())
        }
    }
}

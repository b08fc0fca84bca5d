//! One module per command; each turns arguments into requests and prints the answer.

mod league;
mod login;
mod player;
mod record;
mod results;
mod score;
mod standings;
mod sync;

use crate::args::{Cli, Command};
use crate::client::Client;
use crate::config::Settings;
use crate::error::{CliError, Result};
use clap::CommandFactory;
use std::io::Read;

/// What commands that talk to the server share.
pub struct Ctx {
    pub client: Client,
}

impl Ctx {
    fn new(server: Option<String>, token: Option<String>) -> Result<Ctx> {
        let settings = Settings::resolve(server, token)?;
        Ok(Ctx { client: Client::new(&settings) })
    }
}

pub fn run(cli: Cli) -> Result<()> {
    let Cli { server, token, command } = cli;
    let ctx = || Ctx::new(server.clone(), token.clone());
    match command {
        Command::Login => login::run(server, token),
        Command::Player(c) => player::run(&ctx()?, c),
        Command::League(c) => league::run(&ctx()?, c),
        Command::Record(c) => record::run(&ctx()?, c),
        Command::Results(a) => results::list(&ctx()?, a),
        Command::ResultCmd(c) => results::run(&ctx()?, c),
        Command::Standings(a) => standings::run(&ctx()?, a),
        Command::Score(c) => score::run(c),
        Command::Sync(a) => sync::run(&ctx()?, a),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "spielstand", &mut std::io::stdout());
            Ok(())
        }
    }
}

/// Reads a file named on the command line; `-` is standard input, which can be read once.
pub fn read_input(path: &str, stdin_used: &mut bool) -> Result<String> {
    if path == "-" {
        if std::mem::replace(stdin_used, true) {
            return Err(CliError::input("standard input (-) can be read only once"));
        }
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::input(format!("cannot read standard input: {e}")))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))
}

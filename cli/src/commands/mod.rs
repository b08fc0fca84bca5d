//! One module per command; each turns arguments into requests and prints the answer.

mod audit;
mod event;
mod export;
mod fix;
mod h2h;
mod import;
mod league;
mod login;
mod outbox;
mod player;
mod postspiel;
mod record;
mod referee;
mod result;
mod results;
mod score;
mod standings;
mod sync;

use crate::args::{Cli, Command, ResultCommand};
use crate::client::Client;
use crate::config::Settings;
use crate::error::Result;
use clap::CommandFactory;

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
    // The language is decided already (`lang::init`).
    let Cli { server, token, command, lang: _ } = cli;
    let ctx = || Ctx::new(server.clone(), token.clone());
    match command {
        Command::Login => login::run(server, token),
        Command::Player(c) => player::run(&ctx()?, c),
        Command::League(c) => league::run(&ctx()?, c),
        Command::Record(c) => record::run(&ctx()?, c),
        Command::Results(a) => results::list(&ctx()?, a),
        Command::ResultCmd(ResultCommand::Show { id, history, output }) => result::show(&ctx()?, id, history, output),
        Command::ResultCmd(ResultCommand::Fix(args)) => fix::run(&ctx()?, *args),
        Command::ResultCmd(ResultCommand::Delete { id, revision, yes }) => result::delete(&ctx()?, id, revision, yes),
        Command::Standings(a) => standings::run(&ctx()?, a),
        Command::H2h(a) => h2h::run(&ctx()?, a),
        Command::Event(c) => event::run(ctx, c),
        Command::Score(c) => score::run(c),
        Command::Referee(c) => referee::run(ctx, c),
        Command::Postspiel(c) => postspiel::run(ctx, c),
        Command::Outbox(c) => outbox::run(ctx, c),
        Command::Sync(a) => sync::run(&ctx()?, a),
        Command::Audit(a) => audit::list(&ctx()?, a),
        Command::Import(c) => import::run(&ctx()?, c),
        Command::Export(a) => export::run(&ctx()?, a),
        Command::Completions { shell } => {
            // Written through `print`, which takes a closed pipe quietly (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "spielstand", &mut script);
            crate::output::print(&String::from_utf8_lossy(&script));
            Ok(())
        }
    }
}

//! The command line, and one module per command. [`Cli`] and [`Command`] are the top of
//! the tree; each command's file declares its own arguments first (their doc comments are
//! the `--help` texts), then turns them into requests and prints the answer. What several
//! commands take lives in `args.rs`.

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

use crate::args::{EXIT_CODES, OutputArgs, lang_of};
use crate::client::Client;
use crate::config::Settings;
use crate::error::Result;
use clap::{CommandFactory, Parser, Subcommand};

/// Record board-game results and read league standings at the club table.
///
/// Talks to a spielstand server over HTTP. Reads need nothing; changes need a write
/// token (`spielstand login`). A result recorded while the server cannot be reached is
/// kept in a local outbox and sent by `spielstand sync`, exactly once.
#[derive(Debug, Parser)]
#[command(name = "spielstand", version, after_help = EXIT_CODES)]
pub struct Cli {
    /// Server URL [default: the one `spielstand login` saved, else http://127.0.0.1:8080]
    #[arg(long, global = true, env = "SPIELSTAND_SERVER", value_name = "URL", help_heading = "Server")]
    pub server: Option<String>,

    /// Write token [default: the one `spielstand login` saved]
    #[arg(
        long,
        global = true,
        env = "SPIELSTAND_TOKEN",
        hide_env_values = true,
        value_name = "TOKEN",
        help_heading = "Server"
    )]
    pub token: Option<String>,

    /// The language of messages and questions: de or en [default: the config file's
    /// `lang`, else the locale (LC_ALL, LC_MESSAGES, LANG), else en]
    #[arg(long, global = true, env = "SPIELSTAND_LANG", value_name = "de|en", value_parser = lang_of)]
    pub lang: Option<spielstand_text::Lang>,

    /// On failure, also show what caused it, one cause a line, and the server's problem
    /// (its type, status, title and request id)
    #[arg(long, global = true)]
    pub verbose: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Save the server and write token in the config file (mode 0600), after checking them.
    ///
    /// Uses --server and --token (or SPIELSTAND_SERVER / SPIELSTAND_TOKEN); on a terminal
    /// without a token, asks for it without echoing. The file is
    /// $XDG_CONFIG_HOME/spielstand/config.toml (default ~/.config/spielstand/config.toml).
    Login,
    /// Players: add, list, rename, show.
    #[command(subcommand)]
    Player(player::PlayerCommand),
    /// Leagues: create, list, show.
    #[command(subcommand)]
    League(league::LeagueCommand),
    /// Record a played game in a league.
    #[command(subcommand)]
    Record(record::RecordCommand),
    /// A league's results, latest first.
    Results(results::ResultsArgs),
    /// One result: show, fix or delete it.
    #[command(name = "result", subcommand)]
    ResultCmd(ResultCommand),
    /// A league's table.
    Standings(standings::StandingsArgs),
    /// Head-to-head: how every two players of a league fared against each other (a matrix),
    /// or two players' record when both are named.
    H2h(h2h::HeadToHeadArgs),
    /// Club nights: start one on this laptop or join one another laptop started (every
    /// `record` for its league belongs to it until `event leave`), list a league's nights,
    /// show one, close one.
    #[command(subcommand)]
    Event(event::EventCommand),
    /// Score a game offline, without a server.
    #[command(subcommand)]
    Score(score::ScoreCommand),
    /// Referee a game at the table move by move, then record it.
    #[command(subcommand)]
    Referee(referee::RefereeCommand),
    /// Hase und Igel by post: games on the server (start, send orders, resolve, show), and
    /// any round resolved offline as the game master would.
    #[command(subcommand)]
    Postspiel(postspiel::PostspielCommand),
    /// The outbox: list what waits and what the server refused, correct a refused result and
    /// send it again, or drop one.
    #[command(subcommand, after_help = EXIT_CODES)]
    Outbox(outbox::OutboxCommand),
    /// Send the results waiting in the outbox, oldest first.
    ///
    /// Each is sent with the Idempotency-Key it got when it was recorded and removed only
    /// once the server acknowledged it: running sync again after an interruption never
    /// counts a result twice. Results the server refuses are moved to outbox/rejected/.
    #[command(after_help = EXIT_CODES)]
    Sync(sync::SyncArgs),
    /// Bring plays logged elsewhere into a league: a BG Stats export, BoardGameGeek plays, or
    /// a league exported from another spielstand server. Importing a file again adds nothing.
    #[command(subcommand)]
    Import(import::ImportCommand),
    /// Write a whole league as one JSON document (to standard output): spielstand's own,
    /// or BG Stats' import format.
    Export(export::ExportArgs),
    /// The audit trail, latest first: who changed leagues, players, results, club nights and
    /// webhooks, and when (needs an admin token).
    Audit(audit::AuditArgs),
    /// Print a shell completion script: spielstand completions bash > ~/.local/share/bash-completion/completions/spielstand
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// `result show|fix|delete`, here rather than in a command's file: `fix` has its own
/// (`fix.rs`, with its arguments), `show` and `delete` are in `result.rs`, and command files
/// never import each other.
#[derive(Debug, Subcommand)]
pub enum ResultCommand {
    /// A result: players, places, and a Rangeln game's rounds.
    Show {
        /// The result's id, as `spielstand results L` lists it
        id: i64,
        /// Also show every change made to it, and under which token
        #[arg(long)]
        history: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Correct a result. Only the parts given change; the server refuses the change if the
    /// result was changed meanwhile (If-Match).
    Fix(Box<fix::FixArgs>),
    /// Delete a result (its history stays). Sends If-Match.
    Delete {
        /// The result's id, as `spielstand results L` lists it
        id: i64,
        /// The revision you expect it to be at [default: its current one]
        #[arg(long, value_name = "N")]
        revision: Option<i64>,
        /// Do not ask for confirmation on a terminal
        #[arg(long, short = 'y')]
        yes: bool,
    },
}

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
    // The language is decided already (`lang::init`), and `--verbose` is for `main`.
    let Cli { server, token, command, lang: _, verbose: _ } = cli;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}

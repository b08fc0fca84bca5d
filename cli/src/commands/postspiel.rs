//! Hase und Igel by post. `spielstand postspiel resolve --state STATE.json --orders
//! ORDERS.json`: one round resolved by core's adjudicator, no server needed, so that anyone
//! can check what the game master did. On the server: `create` (the game master starts a
//! game and hands out the hares' codes), `send` (a hare's order, or the game master's for
//! a hare), `advance` (the game master resolves the next round), `show`.

use super::Ctx;
use crate::args::{Names, OutputArgs};
use crate::error::{Cause, CliError, Problem, Result, one_line};
use crate::input::read_input;
use crate::input::spec;
use crate::lang::{current, word};
use crate::output::{Table, emit};
use crate::t;
use clap::{Args, Subcommand};
use serde_json::Value;
use spielstand_core::Slug;
use spielstand_core::postspiel::{self, GameState, Lang, Order, Orders, RefusalCode, resolve, validate};
use spielstand_wire::calls;
use spielstand_wire::{
    PostalGame, PostalGameInput, PostalHare, PostalOrderInput, PostalOrdersInput, PostalRound, RefusedOrder,
    ReportLang, ReportParams,
};

#[derive(Debug, Subcommand)]
pub enum PostspielCommand {
    /// Resolve one round of a postal Hase und Igel game (no server needed): the state after
    /// it is printed as JSON with the round's report (the report also in words on standard
    /// error). An order that breaks a rule exits 1 naming the rule, and nothing is resolved.
    #[command(after_help = POSTSPIEL_TEXT)]
    Resolve(PostspielResolve),
    /// Start a postal game on the server, as its game master (a record token of the
    /// league): every hare on the start, round 1 due at --deadline. Prints each hare's code,
    /// shown only now: give each player theirs.
    Create(PostspielCreate),
    /// Send a hare's order for the next round (and with --then, for the one after), until
    /// the round's deadline; a new order replaces the one sent before. A hare sends with its
    /// code (--code); the game master names the hare (--player).
    Send(PostspielSend),
    /// Resolve the game's next round now, as its game master, and print its report.
    Advance(PostspielAdvance),
    /// A postal game as it stands, or a resolved round's orders and report (--round).
    Show(PostspielShow),
    /// A new code for a hare whose code was lost, as the game master: the old code stops
    /// working at once. Printed once: give it to the player.
    Reissue(PostspielReissue),
    /// The game's report mails, as the game master: each one sent, or why not yet.
    Mails(PostspielMails),
}

#[derive(Debug, Args)]
pub struct PostspielMails {
    /// The postal game's id
    pub game: i64,
    #[command(flatten)]
    pub output: OutputArgs,
}

const POSTSPIEL_TEXT: &str = "\
STATE (JSON; the output of the previous round is read as its state):
  {\"round\": 1, \"hares\": [{\"name\": \"Anna\", \"field\": 0, \"carrots\": 98, \"lettuces\": 3}, ...]}
  the default board and hare events unless \"board\" or \"events\" are given.
ORDERS (JSON, or the text form for mail; a hare without an order hops one field, NMR):
  {\"Anna\": {\"forward\": 3}, \"Ben\": {\"back\": true}, \"Cleo\": {\"stay\": \"eat\"}}
  Anna: vor 3 / Ben: zurück / Cleo: bleiben fressen / Dora: vor 3, nochmal vor 2
  Emil: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen
The grammar and every rule code: docs/rules.md, \"Hase und Igel as a postal game\".

Exit codes: 0 resolved; 1 an order breaks a rule; 2 a state or orders that cannot be read.";

#[derive(Debug, Args)]
pub struct PostspielResolve {
    /// The game before the round, as JSON (- for stdin)
    #[arg(long, value_name = "STATE.json")]
    pub state: String,
    /// The round's orders, as JSON or in the text form for mail (- for stdin)
    #[arg(long, value_name = "ORDERS.json")]
    pub orders: String,
}

#[derive(Debug, Args)]
pub struct PostspielCreate {
    /// What the game is called, e.g. "Herbstpost 2026"
    pub title: String,
    /// The league: its name or id
    #[arg(long, short = 'l', value_name = "L")]
    pub league: String,
    /// The hares: players of the server, two to six, in seat order
    #[arg(long, value_name = "NAMES")]
    pub players: Names,
    /// The last round played
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=200))]
    pub rounds: u32,
    /// Round 1's deadline: 2026-12-03T18:00:00Z, or a day and time of this machine's clock (03.12.2026 18:00)
    #[arg(long, value_parser = spec::moment, value_name = "WHEN")]
    pub deadline: chrono::DateTime<chrono::Utc>,
    /// Days from one round's deadline to the next
    #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub every: u32,
    /// The board in its text form (docs/rules.md), from a file (- for stdin) [default: the rule text's board]
    #[arg(long, value_name = "BOARD.txt")]
    pub board: Option<String>,
    /// A hare's mail address, as NAME=ADDRESS (again for each hare): each round's report is mailed to it
    #[arg(long = "address", value_name = "NAME=ADDRESS", value_parser = hare_address)]
    pub addresses: Vec<(String, String)>,
    /// The game master's mail address: a copy of every report
    #[arg(long, value_name = "ADDRESS")]
    pub master_address: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `Anna=anna@club.example`.
fn hare_address(text: &str) -> std::result::Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, address)) if !name.trim().is_empty() && address.contains('@') => {
            Ok((name.trim().to_owned(), address.trim().to_owned()))
        }
        _ => Err(t!("postspiel-address-form", typed = format!("{text:?}"))),
    }
}

#[derive(Debug, Args)]
pub struct PostspielReissue {
    /// The postal game's id
    pub game: i64,
    /// The hare, by its name in the game
    #[arg(long, value_name = "NAME")]
    pub player: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielSend {
    /// The postal game's id
    pub game: i64,
    /// The order, German or English: "vor 3", "zurück", "bleiben fressen", "wenn Möhren >= 30 dann vor 5 sonst vor 2"
    #[arg(required_unless_present = "mail")]
    pub order: Option<String>,
    /// An order mail as received (.eml), fed in by the game master: its sender must be the hare's address, or its text carry the hare's code; its first line is the order, a second one the order for the round after
    #[arg(long, value_name = "FILE.eml", conflicts_with_all = ["order", "then", "code"])]
    pub mail: Option<String>,
    /// The order for the round after it
    #[arg(long, value_name = "ORDER")]
    pub then: Option<String>,
    /// The round the order is for [default: the game's next round]
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    /// The hare's code (instead of a token)
    #[arg(long, env = "SPIELSTAND_POSTAL_CODE", value_name = "CODE", hide_env_values = true)]
    pub code: Option<String>,
    /// The hare, when the game master sends its order
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielAdvance {
    /// The postal game's id
    pub game: i64,
    /// The round to resolve [default: the game's next round]
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PostspielShow {
    /// The postal game's id
    pub game: i64,
    /// A resolved round's orders and report instead
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(ctx: impl FnOnce() -> Result<Ctx>, command: PostspielCommand) -> Result<()> {
    match command {
        PostspielCommand::Resolve(args) => resolve_round(args),
        PostspielCommand::Create(args) => create(&ctx()?, args),
        PostspielCommand::Send(args) => send(&ctx()?, args),
        PostspielCommand::Advance(args) => advance(&ctx()?, args),
        PostspielCommand::Show(args) => show(&ctx()?, args),
        PostspielCommand::Reissue(args) => reissue(&ctx()?, args),
        PostspielCommand::Mails(args) => mails(&ctx()?, args),
    }
}

/// The report's language on the server: the command's.
fn report_params() -> ReportParams {
    let lang = match current() {
        spielstand_text::Lang::De => ReportLang::De,
        spielstand_text::Lang::En => ReportLang::En,
    };
    ReportParams { lang: Some(lang) }
}

fn create(ctx: &Ctx, args: PostspielCreate) -> Result<()> {
    // The board is read (and checked) before anything is sent: a board the game cannot be
    // played on is refused here, saying why, as the server would.
    let board = match &args.board {
        None => None,
        Some(path) => {
            let text = read_input(path, &mut false)?;
            text.parse::<postspiel::Board>().map_err(|e| {
                CliError::input(t!("postspiel-board-unreadable", path = path.as_str(), error = e.to_string()))
            })?;
            Some(text)
        }
    };
    let (league, _) = ctx.client.resolve_league(&args.league)?;
    let input = PostalGameInput {
        title: args.title,
        players: args.players.0,
        round_limit: args.rounds,
        first_deadline: args.deadline,
        round_days: args.every,
        board,
        addresses: args.addresses.into_iter().collect(),
        master_address: args.master_address,
    };
    let (created, reply) = ctx.client.send(calls::create_postal_game(league.id, &input))?;
    let game = &created.game;
    let mut lines = vec![t!("postspiel-created", id = game.id, title = &game.title, league = &league.name)];
    lines.push(deadline_line(game));
    lines.push(t!("postspiel-codes-once"));
    let mut codes = Table::new(&["Player", "Code"]);
    for code in &created.codes {
        codes.row(vec![code.player.clone(), code.code.clone()]);
    }
    emit(args.output.format, &reply.body, &lines, &[codes]);
    Ok(())
}

/// An order mail as received: who sent it, the hare's code if its text carries one, and
/// its orders (the first lines of its text that are no greeting, quote or signature).
struct OrderMail {
    from: Option<String>,
    code: Option<String>,
    orders: Vec<String>,
}

impl OrderMail {
    fn read(path: &str) -> Result<OrderMail> {
        let raw = read_input(path, &mut false)?;
        let mail = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .ok_or_else(|| CliError::input(t!("postspiel-mail-unreadable", path = path)))?;
        let from = mail.from().and_then(|f| f.first()).and_then(|a| a.address()).map(str::to_owned);
        let text = mail.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
        let read = OrderMail::from_text(from, &text);
        if read.orders.is_empty() {
            return Err(CliError::input(t!("postspiel-mail-no-order", path = path)));
        }
        Ok(read)
    }

    fn from_text(from: Option<String>, text: &str) -> OrderMail {
        let mut code = None;
        let mut orders = Vec::new();
        for line in text.lines().map(str::trim) {
            // A signature ends the text; quoted lines are the report replied to.
            if line == "--" {
                break;
            }
            if line.is_empty() || line.starts_with('>') {
                continue;
            }
            let mut words: Vec<&str> = Vec::new();
            for word in line.split_whitespace() {
                match word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
                    w if w.starts_with("spgc_") => code = Some(w.to_owned()),
                    _ => words.push(word),
                }
            }
            let rest = words.join(" ");
            // The order's words read as an order; a greeting or a name does not.
            if !rest.is_empty() && rest.parse::<Order>().is_ok() && orders.len() < 2 {
                orders.push(rest);
            }
        }
        OrderMail { from, code, orders }
    }
}

fn mails(ctx: &Ctx, args: PostspielMails) -> Result<()> {
    let (mails, reply) = ctx.client.send(calls::list_postal_mails(args.game))?;
    let mut table = Table::new(&["Round", "Hare", "To", "Tries", "Sent", "Error"])
        .numeric([0, 3])
        .when_empty(t!("postspiel-no-mails"));
    for mail in &mails {
        let when = |at: chrono::DateTime<chrono::Utc>| crate::lang::date_time(at.with_timezone(&chrono::Local));
        table.row(vec![
            mail.round.to_string(),
            mail.hare.clone().unwrap_or_else(|| t!("postspiel-game-master")),
            mail.to.clone(),
            mail.attempts.to_string(),
            mail.sent_at.map(when).unwrap_or_default(),
            mail.error.clone().unwrap_or_default(),
        ]);
    }
    emit(args.output.format, &reply.body, &[], &[table]);
    Ok(())
}

fn reissue(ctx: &Ctx, args: PostspielReissue) -> Result<()> {
    let (code, reply) = ctx.client.send(calls::reissue_postal_code(args.game, &args.player))?;
    let lines = vec![t!("postspiel-code-reissued", player = &code.player), t!("postspiel-codes-once")];
    let mut codes = Table::new(&["Player", "Code"]);
    codes.row(vec![code.player.clone(), code.code.clone()]);
    emit(args.output.format, &reply.body, &lines, &[codes]);
    Ok(())
}

/// "Round 3 of 30 is due on 03.12.2026 18:00", or that the game is over.
fn deadline_line(game: &PostalGame) -> String {
    match game.deadline {
        Some(at) if !game.finished => t!(
            "postspiel-due",
            round = game.round,
            rounds = game.round_limit,
            deadline = crate::lang::date_time(at.with_timezone(&chrono::Local))
        ),
        _ => t!("postspiel-game-over"),
    }
}

fn send(ctx: &Ctx, args: PostspielSend) -> Result<()> {
    let round = match args.round {
        Some(round) => round,
        None => ctx.client.send(calls::get_postal_game(args.game))?.0.round,
    };
    let (order, then, code, from) = match &args.mail {
        Some(path) => {
            let mail = OrderMail::read(path)?;
            let then = mail.orders.get(1).cloned();
            (mail.orders[0].clone(), then, mail.code, mail.from)
        }
        None => (args.order.unwrap_or_default(), args.then, args.code, None),
    };
    let mut orders = vec![PostalOrderInput { round, order }];
    if let Some(then) = then {
        orders.push(PostalOrderInput { round: round + 1, order: then });
    }
    // A mail that carries the hare's code is the hare's own; else its sender must be the
    // hare's address, which the server checks.
    let from = if code.is_some() { None } else { from };
    let input = PostalOrdersInput { player: args.player, orders, from };
    let with_code = code.is_some();
    // A hare sends with its code instead of the token.
    let hare = code.as_deref().map(|code| ctx.client.with_token(code));
    let (receipt, reply) = hare
        .as_ref()
        .unwrap_or(&ctx.client)
        .send(calls::send_postal_orders(args.game, &input))
        .map_err(|e| said_to_player(e, with_code))?;
    let lines: Vec<String> = receipt
        .orders
        .iter()
        .map(|o| {
            let order = order_words(&o.order);
            match o.replaced {
                true => t!("postspiel-order-replaced", player = &receipt.player, round = o.round, order = order),
                false => t!("postspiel-order-kept", player = &receipt.player, round = o.round, order = order),
            }
        })
        .collect();
    emit(args.output.format, &reply.body, &lines, &[]);
    Ok(())
}

/// An order as the server keeps it (the English text form), in the command's language: the
/// words the parser reads (`vor 2, nochmal vor 2`). What does not read stays as it is.
fn order_words(kept: &str) -> String {
    kept.parse::<Order>().map_or_else(|_| kept.to_owned(), |order| order.text(lang()))
}

/// Orders not taken, said to a player in the game's words rather than as a problem: an
/// order refused names its hare, round and order and what is wrong with it; a hare's code
/// not taken says to ask the game master (a player holds no token).
fn said_to_player(error: CliError, with_code: bool) -> CliError {
    let CliError::Rejected(problem) = error else { return error };
    if let Some(refused) = &problem.refused_order {
        return CliError::Refused(refused_order(refused));
    }
    match problem.status {
        401 if with_code => CliError::Refused(t!("postspiel-code-unknown")),
        403 if with_code => CliError::Refused(t!("postspiel-code-not-here", detail = detail(&problem))),
        _ => CliError::Rejected(problem),
    }
}

fn detail(problem: &Problem) -> String {
    one_line(problem.detail.trim_end_matches('.'))
}

/// `Zug für Ben, Runde 1 („vor 40“) abgelehnt: nicht genug Möhren. ...`
fn refused_order(refused: &RefusedOrder) -> String {
    let (player, round, order) = (&refused.hare, refused.round, order_words(&refused.order));
    let Some(code) = &refused.code else {
        return t!("postspiel-order-unreadable", player = player, round = round, order = order);
    };
    // German in the game's words; English with the numbers the server gives.
    let why = match (lang(), RefusalCode::from_slug(code)) {
        (Lang::De, Some(code)) => code.words(Lang::De).to_owned(),
        _ => refused.reason.clone(),
    };
    t!("postspiel-order-refused", player = player, round = round, order = order, why = why)
}

fn advance(ctx: &Ctx, args: PostspielAdvance) -> Result<()> {
    let round = match args.round {
        Some(round) => round,
        None => ctx.client.send(calls::get_postal_game(args.game))?.0.round,
    };
    let (resolved, reply) = ctx.client.send(calls::resolve_postal_round(args.game, round, &report_params()))?;
    let (lines, tables) = round_report(&resolved);
    emit(args.output.format, &reply.body, &lines, &tables);
    Ok(())
}

fn show(ctx: &Ctx, args: PostspielShow) -> Result<()> {
    if let Some(round) = args.round {
        let (resolved, reply) = ctx.client.send(calls::get_postal_round(args.game, round, &report_params()))?;
        let (lines, tables) = round_report(&resolved);
        emit(args.output.format, &reply.body, &lines, &tables);
        return Ok(());
    }
    let (game, reply) = ctx.client.send(calls::get_postal_game(args.game))?;
    let mut lines = vec![t!("postspiel-game", id = game.id, title = &game.title)];
    lines.push(deadline_line(&game));
    if let Some(result) = game.result_id {
        lines.push(t!("postspiel-recorded", result = result));
    }
    emit(args.output.format, &reply.body, &lines, &[hares(&game.hares)]);
    Ok(())
}

/// A round's whole report as the server words it for the players (the mail's text), and
/// the hares after it as a table for `--format csv`.
fn round_report(round: &PostalRound) -> (Vec<String>, Vec<Table>) {
    let lines = round.text.lines().map(str::to_owned).collect();
    (lines, vec![hares(&round.hares).csv_only()])
}

/// The hares in race order, with what each must do next round.
fn hares(hares: &[PostalHare]) -> Table {
    let mut table = Table::new(&["Position", "Player", "Field", "Carrots", "Lettuces", "Place", "Next round"])
        .numeric([0, 2, 3, 4, 5]);
    let mut sorted: Vec<&PostalHare> = hares.iter().collect();
    sorted.sort_by_key(|h| (h.position, h.seat));
    for hare in sorted {
        table.row(vec![
            hare.position.to_string(),
            hare.name.clone(),
            hare.field.to_string(),
            hare.carrots.to_string(),
            hare.lettuces.to_string(),
            hare.finished.map(|p| p.to_string()).unwrap_or_default(),
            hare.pending.as_deref().map(|p| word("duty", p)).unwrap_or_default(),
        ]);
    }
    table
}

/// The adjudicator's language: the command's.
fn lang() -> Lang {
    match current() {
        spielstand_text::Lang::De => Lang::De,
        spielstand_text::Lang::En => Lang::En,
    }
}

fn resolve_round(args: PostspielResolve) -> Result<()> {
    let mut stdin_used = false;
    let state_text = read_input(&args.state, &mut stdin_used)?;
    let orders_text = read_input(&args.orders, &mut stdin_used)?;
    let state = read_state(&args.state, &state_text)?;
    let orders = read_orders(&args.orders, &orders_text)?;
    if let Err(refusals) = validate(&state, &orders) {
        let mut lines = vec![t!("postspiel-refused", count = refusals.len())];
        lines.extend(refusals.iter().map(|r| format!("  {}", r.text(lang()))));
        return Err(CliError::Refused(lines.join("\n")));
    }
    let resolution = resolve(&state, &orders).map_err(|e| CliError::Refused(e.to_string()))?;
    eprintln!("{}", t!("postspiel-round", round = resolution.report.round));
    for line in resolution.report.text(lang()) {
        eprintln!("  {line}");
    }
    if resolution.report.game_over {
        eprintln!("{}", t!("postspiel-game-over"));
    }
    let json = serde_json::to_string_pretty(&resolution).expect("a resolution serialises");
    println!("{json}");
    Ok(())
}

/// A state as JSON: a bare one, or the output of the previous round (`state` beside
/// `report`), so that rounds chain from file to file.
fn read_state(path: &str, text: &str) -> Result<GameState> {
    let unreadable = |error: Cause| {
        CliError::input_from(t!("postspiel-state-unreadable", file = path, error = error.to_string()), error)
    };
    let value: Value = serde_json::from_str(text).map_err(|e| unreadable(e.into()))?;
    let state = match value {
        Value::Object(mut doc) if doc.contains_key("state") && doc.contains_key("report") && doc.len() == 2 => {
            doc.remove("state").unwrap_or_default()
        }
        other => other,
    };
    // Deserialising checks the state whole (`GameState`'s `try_from`), naming where it fails.
    serde_path_to_error::deserialize(state).map_err(|e| unreadable(e.into()))
}

/// Orders as JSON (an object) or in the text form for mail (anything else).
fn read_orders(path: &str, text: &str) -> Result<Orders> {
    let unreadable = |error: String| CliError::input(t!("postspiel-orders-unreadable", file = path, error = error));
    if text.trim_start().starts_with('{') {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de)
            .map_err(|e| CliError::input_from(t!("postspiel-orders-unreadable", file = path, error = e.to_string()), e))
    } else {
        Orders::from_text(text).map_err(|e| unreadable(e.to_string()))
    }
}

//! `spielstand postspiel resolve --state STATE.json --orders ORDERS.json`: one round of a
//! postal Hase und Igel game resolved by core's adjudicator, no server needed, so that
//! anyone can check what the game master did.

use crate::args::{PostspielCommand, PostspielResolve};
use crate::error::{CliError, Result};
use crate::input::read_input;
use crate::lang::current;
use crate::t;
use serde_json::Value;
use spielstand_core::postspiel::{GameState, Lang, Orders, resolve, validate};

pub fn run(command: PostspielCommand) -> Result<()> {
    match command {
        PostspielCommand::Resolve(args) => resolve_round(args),
    }
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
    let unreadable = |error: String| CliError::input(t!("postspiel-state-unreadable", file = path, error = error));
    let value: Value = serde_json::from_str(text).map_err(|e| unreadable(e.to_string()))?;
    let state = match value {
        Value::Object(mut doc) if doc.contains_key("state") && doc.contains_key("report") && doc.len() == 2 => {
            doc.remove("state").unwrap_or_default()
        }
        other => other,
    };
    // Deserialising checks the state whole (`GameState`'s `try_from`), naming where it fails.
    serde_path_to_error::deserialize(state).map_err(|e| unreadable(e.to_string()))
}

/// Orders as JSON (an object) or in the text form for mail (anything else).
fn read_orders(path: &str, text: &str) -> Result<Orders> {
    let unreadable = |error: String| CliError::input(t!("postspiel-orders-unreadable", file = path, error = error));
    if text.trim_start().starts_with('{') {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| unreadable(e.to_string()))
    } else {
        Orders::from_text(text).map_err(|e| unreadable(e.to_string()))
    }
}

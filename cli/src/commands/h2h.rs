//! `spielstand h2h L [A B]`: how every two players of a league fared against each other.

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::{CliError, Result};
use crate::output::{Table, emit};
use crate::t;
use clap::Args;
use spielstand_core::{GameKind, PairRecord, same_name};
use std::collections::{HashMap, HashSet};

#[derive(Debug, Args)]
pub struct HeadToHeadArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Two players, to show only their record
    #[arg(value_name = "PLAYER", num_args = 0..=2)]
    pub players: Vec<String>,
    /// Only this game's results
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(ctx: &Ctx, args: HeadToHeadArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let title = match args.game {
        Some(game) => t!("h2h-title-game", league = &league.name, game = game.name()),
        None => t!("h2h-title", league = &league.name),
    };
    let (h2h, table) = match args.players.as_slice() {
        [] => {
            let h2h = client.head_to_head(league.id, args.game, None)?;
            let table = matrix(&h2h.pairs);
            (h2h, table)
        }
        // Only the first player's pairs are read (that player first in each).
        [a, b] => {
            let (first, _) = client.find_player(a)?;
            let mut h2h = client.head_to_head(league.id, args.game, Some(first.id))?;
            let table = pair(&h2h.pairs, &first.name, b)?;
            // As JSON: the one pair, as a list of one.
            h2h.pairs.retain(|p| same_name(&p.opponent, b));
            h2h.total = h2h.pairs.len() as i64;
            (h2h, table)
        }
        _ => return Err(CliError::input(t!("h2h-two-players"))),
    };
    let json = serde_json::to_value(&h2h).expect("the head-to-head serialises");
    emit(args.output.format, &json, &[title], &[table]);
    Ok(())
}

/// Every player against every other, in table order: a cell reads
/// "games the row's player placed above - games below (- ties)".
fn matrix(pairs: &[PairRecord]) -> Table {
    let mut players: Vec<&str> = Vec::new();
    let mut seen = HashSet::new();
    for p in pairs {
        for name in [p.player.as_str(), p.opponent.as_str()] {
            if seen.insert(name) {
                players.push(name);
            }
        }
    }
    let mut cells: HashMap<(&str, &str), String> = HashMap::with_capacity(2 * pairs.len());
    for p in pairs {
        cells.insert((&p.player, &p.opponent), cell(p.ahead, p.behind, p.ties));
        cells.insert((&p.opponent, &p.player), cell(p.behind, p.ahead, p.ties));
    }
    // The players' names as they are: only the first column's name is the language's.
    let mut headers = vec![crate::lang::column("Player")];
    headers.extend(players.iter().map(|&p| p.to_owned()));
    let mut table = Table::with_headers(headers).when_empty(t!("h2h-none-yet"));
    for &row in &players {
        let mut line = vec![row.to_owned()];
        for &column in &players {
            let shown = cells.remove(&(row, column));
            line.push(shown.unwrap_or_else(|| if row == column { "·".to_owned() } else { String::new() }));
        }
        table.row(line);
    }
    table
}

fn cell(ahead: u32, behind: u32, ties: u32) -> String {
    if ties == 0 { format!("{ahead}-{behind}") } else { format!("{ahead}-{behind}-{ties}") }
}

/// Two players' record from the first one's pairs (each with that player first).
fn pair(pairs: &[PairRecord], first: &str, second: &str) -> Result<Table> {
    let p = pairs
        .iter()
        .find(|p| same_name(&p.opponent, second))
        .ok_or_else(|| CliError::NotFound(t!("h2h-not-played-together", first = first, second = second)))?;
    let mut table = Table::new(&["Player", "Opponent", "Games", "Ahead", "Behind", "Ties"]).numeric([2, 3, 4, 5]);
    let [games, ahead, behind, ties] = [p.games, p.ahead, p.behind, p.ties].map(|n| n.to_string());
    table.row(vec![p.player.clone(), p.opponent.clone(), games, ahead, behind, ties]);
    Ok(table)
}

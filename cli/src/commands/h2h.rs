//! `spielstand h2h L [A B]`: how every two players of a league fared against each other.

use super::Ctx;
use crate::args::HeadToHeadArgs;
use crate::error::{CliError, Result};
use crate::output::{Table, emit};
use spielstand_core::{PairRecord, same_name};
use std::collections::{HashMap, HashSet};

pub fn run(ctx: &Ctx, args: HeadToHeadArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let title =
        format!("{}: head-to-head{}", league.name, args.game.map_or(String::new(), |g| format!(" ({})", g.name())));
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
        _ => return Err(CliError::input("name two players, or none for every pair")),
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
    let mut headers = vec!["Player"];
    headers.extend(players.iter().copied());
    let mut table = Table::new(&headers).when_empty("No two players have played together yet.");
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
        .ok_or_else(|| CliError::NotFound(format!("{first} and {second} have not played together in this league")))?;
    let mut table = Table::new(&["Player", "Opponent", "Games", "Ahead", "Behind", "Ties"]).numeric([2, 3, 4, 5]);
    let [games, ahead, behind, ties] = [p.games, p.ahead, p.behind, p.ties].map(|n| n.to_string());
    table.row(vec![p.player.clone(), p.opponent.clone(), games, ahead, behind, ties]);
    Ok(table)
}

//! `spielstand h2h L [A B]`: how every two players of a league fared against each other.

use super::Ctx;
use crate::args::HeadToHeadArgs;
use crate::error::{CliError, Result};
use crate::output::{Table, emit};
use spielstand_core::{PairRecord, same_name};

pub fn run(ctx: &Ctx, args: HeadToHeadArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let (h2h, reply) = client.head_to_head(league.id, args.game)?;
    let title =
        format!("{}: head-to-head{}", league.name, args.game.map_or(String::new(), |g| format!(" ({})", g.name())));
    let table = match args.players.as_slice() {
        [] => matrix(&h2h.pairs),
        [a, b] => pair(&h2h.pairs, a, b)?,
        _ => return Err(CliError::input("name two players, or none for every pair")),
    };
    emit(args.output.format, &reply.body, &[title], &[table]);
    Ok(())
}

/// Every player against every other, in table order: a cell reads
/// "games the row's player placed above - games below (- ties)".
fn matrix(pairs: &[PairRecord]) -> Table {
    let mut players: Vec<&str> = Vec::new();
    for p in pairs {
        for name in [p.player.as_str(), p.opponent.as_str()] {
            if !players.contains(&name) {
                players.push(name);
            }
        }
    }
    let mut headers = vec!["Player"];
    headers.extend(players.iter().copied());
    let mut table = Table::new(&headers).when_empty("No two players have played together yet.");
    for &row in &players {
        let mut cells = vec![row.to_owned()];
        for &column in &players {
            let cell = pairs.iter().find_map(|p| {
                match (p.player == row, p.opponent == column, p.player == column, p.opponent == row) {
                    (true, true, _, _) => Some(cell(p.ahead, p.behind, p.ties)),
                    (_, _, true, true) => Some(cell(p.behind, p.ahead, p.ties)),
                    _ => None,
                }
            });
            cells.push(cell.unwrap_or_else(|| if row == column { "·".to_owned() } else { String::new() }));
        }
        table.row(cells);
    }
    table
}

fn cell(ahead: u32, behind: u32, ties: u32) -> String {
    if ties == 0 { format!("{ahead}-{behind}") } else { format!("{ahead}-{behind}-{ties}") }
}

/// Two named players' record, the first named first.
fn pair(pairs: &[PairRecord], a: &str, b: &str) -> Result<Table> {
    let found = pairs.iter().find_map(|p| {
        if same_name(&p.player, a) && same_name(&p.opponent, b) {
            Some((p.player.clone(), p.opponent.clone(), p.ahead, p.behind, p))
        } else if same_name(&p.player, b) && same_name(&p.opponent, a) {
            Some((p.opponent.clone(), p.player.clone(), p.behind, p.ahead, p))
        } else {
            None
        }
    });
    let (first, second, ahead, behind, p) =
        found.ok_or_else(|| CliError::NotFound(format!("{a} and {b} have not played together in this league")))?;
    let mut table = Table::new(&["Player", "Opponent", "Games", "Ahead", "Behind", "Ties"]).numeric([2, 3, 4, 5]);
    table.row(vec![first, second, p.games.to_string(), ahead.to_string(), behind.to_string(), p.ties.to_string()]);
    Ok(table)
}

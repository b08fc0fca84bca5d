//! Partner games (Mensch ärgere Dich nicht and Ghostbuster with teams): an order as typed,
//! naming teams by any of their players, as the record states it; partners' seats.

use crate::error::{CliError, Result};
use crate::t;
use spielstand_core::finishing::FinishingOrder;
use spielstand_core::same_name;

/// A partner game's order as the record states it: each place the whole teams named in
/// it. A team is named by its members joined with '+', or by any one of them; '=' joins
/// the teams sharing the last place.
pub fn team_order(order: &FinishingOrder, teams: &[Vec<String>]) -> Result<FinishingOrder> {
    let team_of = |name: &str| {
        teams
            .iter()
            .position(|team| team.iter().any(|m| same_name(m, name)))
            .ok_or_else(|| CliError::input(t!("partners-not-in-team", name = name)))
    };
    let mut places = Vec::with_capacity(order.0.len());
    for group in &order.0 {
        let mut named: Vec<usize> = Vec::new();
        for spec in group {
            let members: Vec<&str> = spec.split('+').map(str::trim).collect();
            let team = team_of(members[0])?;
            for other in &members[1..] {
                if team_of(other)? != team {
                    return Err(CliError::input(t!("partners-not-partners", name = members[0], other = *other)));
                }
            }
            if !named.contains(&team) {
                named.push(team);
            }
        }
        places.push(named.iter().flat_map(|&t| teams[t].iter().cloned()).collect());
    }
    Ok(FinishingOrder(places))
}

/// Seats with partners opposite: the first player of each team, then the second of each,
/// and so on (Anna+Cleo,Ben+Dora sit Anna, Ben, Cleo, Dora).
pub fn opposite(teams: &[Vec<String>]) -> Vec<String> {
    let longest = teams.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest).flat_map(|i| teams.iter().filter_map(move |team| team.get(i).cloned())).collect()
}

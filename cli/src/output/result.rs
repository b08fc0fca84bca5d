//! A result for people: what `record`, `result show` and `results` print.

use super::{Table, placings};
use crate::lang::column;
use crate::t;
use spielstand_core::{Outcome, Slug};
use spielstand_wire::StoredResult;

/// `1. Anna, 2. Ben`; for Rangeln with the totals: `1. Anna (-19), 2. Ben (18)`.
pub fn places_with_totals(r: &StoredResult) -> String {
    match &r.rangeln {
        Some(score) => r
            .placings
            .iter()
            .map(|p| {
                let total = score.totals.iter().find(|t| t.player == p.player).map_or(0, |t| t.total);
                format!("{}. {} ({total})", p.place, p.player)
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => placings(&r.placings),
    }
}

/// A stored (or about to be stored) result for people: a line saying what it is, and
/// the places (with each round for Rangeln).
pub fn view(stored: &StoredResult) -> (Vec<String>, Vec<Table>) {
    let record = &stored.record;
    let mut lines = vec![t!(
        "view-result",
        id = stored.id,
        revision = stored.revision,
        game = record.game().name(),
        date = crate::lang::date(record.played_on)
    )];
    if let Some(source) = &stored.source {
        lines.push(t!("view-imported-from", system = &source.system, play = &source.id));
    }
    let seat = |name: &str| record.players.iter().find(|p| p.player == name).map_or(0, |p| p.seat);
    let table = match (&record.outcome, &stored.rangeln) {
        (Outcome::Rangeln(_), Some(score)) => {
            let mut headers: Vec<String> = vec![column("Place"), column("Player"), column("Seat")];
            headers.extend(score.rounds.iter().map(|r| format!("R{}", r.round)));
            headers.push(t!("total"));
            let n = headers.len();
            let mut table = Table::with_headers(headers).numeric([0, 2]).numeric(3..n);
            for p in &stored.placings {
                let mut row = vec![p.place.to_string(), p.player.clone(), seat(&p.player).to_string()];
                for round in &score.rounds {
                    let s = round.scores.iter().find(|s| s.player == p.player).map_or(0, |s| s.score);
                    row.push(s.to_string());
                }
                row.push(score.totals.iter().find(|t| t.player == p.player).map_or(0, |t| t.total).to_string());
                table.row(row);
            }
            if score.imported_totals {
                lines.push(t!("view-imported-totals"));
            } else {
                let starters: Vec<String> =
                    score.rounds.iter().map(|r| format!("R{} {}", r.round, r.start_player)).collect();
                lines.push(t!("view-starting-players", players = starters.join(", ")));
            }
            table
        }
        (Outcome::HaseUndIgel(r), _) => {
            let mut table = Table::new(&["Place", "Player", "Seat", "Carrots", "Finish round"]).numeric([0, 2, 3, 4]);
            for p in &stored.placings {
                let finish = r.finishers.iter().find(|f| f.player == p.player);
                table.row(vec![
                    p.place.to_string(),
                    p.player.clone(),
                    seat(&p.player).to_string(),
                    finish.map_or_else(|| t!("view-did-not-finish"), |f| f.carrots.to_string()),
                    finish.and_then(|f| f.round).map_or(String::new(), |r| r.to_string()),
                ]);
            }
            table
        }
        (outcome, _) => {
            match outcome {
                Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => {
                    let rules: Vec<String> =
                        r.house_rules.iter().flatten().map(|h| crate::lang::word("house-rule", h.slug())).collect();
                    let colours = serde_json::to_value(r.colours)
                        .ok()
                        .and_then(|v| v.as_str().map(|slug| crate::lang::word("colours", slug)));
                    lines.push(t!(
                        "view-house-rules",
                        rules = if rules.is_empty() { t!("view-house-rules-none") } else { rules.join(", ") },
                        colours = colours.unwrap_or_default()
                    ));
                    if let Some(teams) = &r.teams {
                        let teams: Vec<String> = teams.iter().map(|t| t.join("+")).collect();
                        lines.push(t!("view-partners", teams = teams.join(", ")));
                    }
                }
                Outcome::LaufRauf(r) => {
                    let edition = serde_json::to_value(r.edition)
                        .ok()
                        .and_then(|v| v.as_str().map(|slug| crate::lang::word("edition", slug)));
                    lines.push(t!(
                        "view-lauf-rauf",
                        edition = edition.unwrap_or_default(),
                        cards = match r.cards {
                            Some(true) => t!("view-cards-yes"),
                            Some(false) => t!("view-cards-no"),
                            None => String::new(),
                        }
                    ));
                }
                _ => {}
            }
            if stored.placings.iter().any(|p| p.team.is_some()) {
                let mut table = Table::new(&["Place", "Player", "Seat", "Team"]).numeric([0, 2, 3]);
                for p in &stored.placings {
                    let team = p.team.map(|t| t.to_string()).unwrap_or_default();
                    table.row(vec![p.place.to_string(), p.player.clone(), seat(&p.player).to_string(), team]);
                }
                return (lines, vec![table]);
            }
            let mut table = Table::new(&["Place", "Player", "Seat"]).numeric([0, 2]);
            for p in &stored.placings {
                table.row(vec![p.place.to_string(), p.player.clone(), seat(&p.player).to_string()]);
            }
            table
        }
    };
    (lines, vec![table])
}

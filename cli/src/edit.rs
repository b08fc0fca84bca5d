//! Changes an organiser asks for in a record already made (`result fix`, `outbox fix`):
//! any field `record` can set, another player in someone's place, and the club night it
//! belongs to.

use crate::args::{HouseRules, RecordEdits};
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::input::{round_input, seats};
use crate::night;
use crate::partners::team_order;
use crate::t;
use spielstand_core::finishing::{HareFinish, HouseRule};
use spielstand_core::{GameRecord, Outcome, Slug, same_name};
use spielstand_wire::calls;

/// Applies `edits` to `record` (`what` names it in errors: "result 12", "outbox entry
/// 3f1c2a9e"). Returns whether anything was asked to change. A flag for another game is
/// refused, naming the game.
pub fn apply(record: &mut GameRecord, edits: &RecordEdits, what: &str) -> Result<bool> {
    let game = record.game();
    let not_for = |flag: &str| CliError::input(t!("edit-not-for", flag = flag, what = what, game = game.slug()));
    let mut changed = false;
    if let Some(date) = edits.date {
        record.played_on = date;
        changed = true;
    }
    if !edits.replace.is_empty() {
        replace_players(record, &edits.replace, what)?;
        changed = true;
    }
    if let Some(players) = &edits.players {
        record.players = seats(&players.0);
        changed = true;
    }
    if let Some(teams) = &edits.teams {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.teams = Some(teams.0.clone()),
            _ => return Err(not_for("--teams")),
        }
        changed = true;
    }
    if let Some(order) = &edits.order {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => {
                // A partner game's order names teams by any of their players.
                r.order = match &r.teams {
                    Some(teams) => team_order(order, teams)?,
                    None => order.clone(),
                }
            }
            Outcome::LaufRauf(r) => r.order = order.clone(),
            Outcome::HaseUndIgel(r) => r.order = order.clone(),
            Outcome::Rangeln(_) => return Err(not_for("--order")),
        }
        changed = true;
    }
    if !edits.rounds.is_empty() {
        let Outcome::Rangeln(r) = &mut record.outcome else { return Err(not_for("--round")) };
        let mut stdin_used = false;
        for fix in &edits.rounds {
            let count = r.rounds.len();
            let slot = r.rounds.get_mut(fix.round - 1).ok_or_else(|| {
                CliError::input(t!("edit-no-such-round", round = fix.round, what = what, count = count))
            })?;
            *slot = round_input(&fix.source, &mut stdin_used)?;
        }
        changed = true;
    }
    if let Some(carrots) = &edits.carrots {
        let Outcome::HaseUndIgel(r) = &mut record.outcome else { return Err(not_for("--carrots")) };
        r.finishers = carrots
            .0
            .iter()
            .map(|(player, carrots)| {
                let old = r.finishers.iter().find(|f| same_name(&f.player, player));
                HareFinish {
                    player: player.clone(),
                    carrots: *carrots,
                    lettuces: old.map_or(0, |f| f.lettuces),
                    round: old.and_then(|f| f.round),
                }
            })
            .collect();
        changed = true;
    }
    if let Some(rounds) = &edits.finish_round {
        let Outcome::HaseUndIgel(r) = &mut record.outcome else { return Err(not_for("--finish-round")) };
        for (player, round) in &rounds.0 {
            let finisher = r
                .finishers
                .iter_mut()
                .find(|f| same_name(&f.player, player))
                .ok_or_else(|| CliError::input(t!("edit-not-a-finisher", player = player, what = what)))?;
            finisher.round = Some(*round);
        }
        changed = true;
    }
    if !edits.house_rules.is_empty() {
        let rules: Vec<HouseRule> =
            edits.house_rules.iter().flat_map(|HouseRules(rules)| rules.iter().copied()).collect();
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.house_rules = Some(rules),
            _ => return Err(not_for("--house-rule")),
        }
        changed = true;
    }
    if let Some(colours) = edits.colours {
        match &mut record.outcome {
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => r.colours = Some(colours),
            _ => return Err(not_for("--colours")),
        }
        changed = true;
    }
    if edits.edition.is_some() || edits.cards.is_some() {
        let Outcome::LaufRauf(r) = &mut record.outcome else {
            return Err(not_for(if edits.edition.is_some() { "--edition" } else { "--cards" }));
        };
        if let Some(edition) = edits.edition {
            r.edition = Some(edition);
        }
        if let Some(cards) = edits.cards {
            r.cards = Some(cards);
        }
        changed = true;
    }
    Ok(changed)
}

/// Applies each `OLD=NEW` of `pairs`: `NEW` takes `OLD`'s seat and places throughout.
pub fn replace_players(record: &mut GameRecord, pairs: &[String], what: &str) -> Result<()> {
    for pair in pairs {
        let (old, new) = pair
            .split_once('=')
            .map(|(o, n)| (o.trim().to_owned(), n.trim().to_owned()))
            .filter(|(o, n)| !o.is_empty() && !n.is_empty())
            .ok_or_else(|| CliError::input(t!("edit-replace-syntax", pair = format!("{pair:?}"))))?;
        if !record.players.iter().any(|p| same_name(&p.player, &old)) {
            return Err(CliError::input(t!("edit-replace-unknown", pair = format!("{pair:?}"), what = what)));
        }
        record.map_player_names(|n| if same_name(n, &old) { new.clone() } else { n.to_owned() });
    }
    Ok(())
}

/// Puts the game into the club night `night` of league `league_id` (its id or title), or
/// out of any (`none`). A night's games are on its date, and a closed night takes no
/// more: both are said here, before the server would.
pub fn move_to_night(client: &Client, league_id: i64, record: &mut GameRecord, night: &str) -> Result<()> {
    if night.trim().eq_ignore_ascii_case("none") {
        record.event_id = None;
        return Ok(());
    }
    let (league, _) = client.send(calls::get_league(league_id))?;
    let (events, _) = client.send(calls::list_events(league_id))?;
    let event = night::find(&events, &league.name, night)?;
    if event.closed_at.is_some() && record.event_id != Some(event.id) {
        return Err(CliError::input(t!("edit-night-closed", night = night, id = event.id, title = &event.title)));
    }
    if event.date != record.played_on {
        return Err(CliError::input(t!(
            "edit-night-other-date",
            night = night,
            id = event.id,
            title = &event.title,
            night_date = crate::lang::date(event.date),
            game_date = crate::lang::date(record.played_on),
            date_flag = event.date.to_string()
        )));
    }
    record.event_id = Some(event.id);
    Ok(())
}

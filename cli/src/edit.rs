//! Changes an organiser asks for in a record already made (`result fix`, `outbox fix`):
//! another player in someone's place, and the club night it belongs to.

use crate::client::Client;
use crate::error::{CliError, Result};
use crate::night;
use spielstand_core::{GameRecord, same_name};

/// Applies each `OLD=NEW` of `pairs`: `NEW` takes `OLD`'s seat and places throughout.
pub fn replace_players(record: &mut GameRecord, pairs: &[String], what: &str) -> Result<()> {
    for pair in pairs {
        let (old, new) = pair
            .split_once('=')
            .map(|(o, n)| (o.trim().to_owned(), n.trim().to_owned()))
            .filter(|(o, n)| !o.is_empty() && !n.is_empty())
            .ok_or_else(|| CliError::input(format!("--replace {pair:?}: write OLD=NEW, e.g. Ben=Dora")))?;
        if !record.players.iter().any(|p| same_name(&p.player, &old)) {
            return Err(CliError::input(format!("--replace {pair:?}: nobody of that name played in {what}")));
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
    let (league, _) = client.league(league_id)?;
    let (events, _) = client.events(league_id)?;
    let event = night::find(&events, &league.name, night)?;
    if event.closed_at.is_some() && record.event_id != Some(event.id) {
        return Err(CliError::input(format!(
            "--event {night}: club night {} \"{}\" was closed by an admin and takes no more games",
            event.id, event.title
        )));
    }
    if event.date != record.played_on {
        return Err(CliError::input(format!(
            "--event {night}: club night {} \"{}\" is on {}, the game on {}; a night's games are on its date: give --date {} too",
            event.id, event.title, event.date, record.played_on, event.date
        )));
    }
    record.event_id = Some(event.id);
    Ok(())
}

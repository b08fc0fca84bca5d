//! A league's results in BG Stats' import format, so that members can load the club's
//! plays into their own app: the fields BG Stats writes and reads (`games`, `players`,
//! `locations`, `plays` with `playerScores`), with ids and uuids that stay the same on
//! every export of the same league, so that BG Stats recognises plays it already has.

use serde_json::{Value, json};
use spielstand_core::{GameKind, Outcome, Slug};
use spielstand_wire::{LeagueExport, StoredResult};
use std::collections::BTreeMap;
use uuid::Uuid;

/// A stable uuid for `what` of this league.
fn uuid(document: &LeagueExport, what: &str) -> String {
    let name = format!("spielstand/{}/{}/{what}", document.league.id, document.league.created_at.timestamp());
    Uuid::new_v5(&Uuid::NAMESPACE_URL, name.as_bytes()).to_string()
}

/// The whole league as a BG Stats export document.
pub fn document(document: &LeagueExport) -> Value {
    let games: Vec<GameKind> =
        GameKind::ALL.iter().copied().filter(|g| document.results.iter().any(|r| r.record.game() == *g)).collect();
    let game_id = |g: GameKind| games.iter().position(|x| *x == g).map_or(0, |i| i + 1);
    let players: Vec<&str> = document.players.iter().map(|p| p.name.as_str()).collect();
    let player_id = |name: &str| players.iter().position(|p| *p == name).map_or(0, |i| i + 1);
    let plays: Vec<Value> =
        document.results.iter().map(|r| play(document, r, game_id(r.record.game()), &player_id)).collect();
    json!({
        "games": games.iter().map(|&g| json!({
            "id": game_id(g),
            "uuid": uuid(document, &format!("game/{}", g.slug())),
            "name": g.name(),
            "bggId": 0,
            // Rangeln is won by the largest absolute total, which no setting says: the
            // ranks carry the places.
            "highestWins": g == GameKind::Rangeln,
            "noPoints": !matches!(g, GameKind::Rangeln | GameKind::HaseUndIgel),
            "cooperative": false,
        })).collect::<Vec<_>>(),
        "players": players.iter().enumerate().map(|(i, name)| json!({
            "id": i + 1,
            "uuid": uuid(document, &format!("player/{name}")),
            "name": name,
        })).collect::<Vec<_>>(),
        "locations": [],
        "plays": plays,
    })
}

fn play(document: &LeagueExport, r: &StoredResult, game_id: usize, player_id: &dyn Fn(&str) -> usize) -> Value {
    let place: BTreeMap<&str, u32> = r.placings.iter().map(|p| (p.player.as_str(), p.place)).collect();
    let score = |name: &str| -> String {
        match (&r.record.outcome, &r.rangeln) {
            (Outcome::Rangeln(_), Some(score)) => {
                score.totals.iter().find(|t| t.player == name).map_or(String::new(), |t| t.total.to_string())
            }
            (Outcome::HaseUndIgel(h), _) => {
                h.finishers.iter().find(|f| f.player == name).map_or(String::new(), |f| f.carrots.to_string())
            }
            _ => String::new(),
        }
    };
    let mut seated = r.record.players.clone();
    seated.sort_by_key(|p| p.seat);
    json!({
        "uuid": uuid(document, &format!("play/{}", r.id)),
        "playDate": format!("{} 00:00:00", r.record.played_on),
        "gameRefId": game_id,
        "locationRefId": 0,
        "ignored": false,
        "rounds": 0,
        "board": "",
        "playerScores": seated.iter().map(|p| json!({
            "playerRefId": player_id(&p.player),
            "score": score(&p.player),
            "winner": place.get(p.player.as_str()) == Some(&1),
            "rank": place.get(p.player.as_str()).copied().unwrap_or(0),
            "seatOrder": p.seat,
            "startPlayer": p.seat == 1,
            "newPlayer": false,
        })).collect::<Vec<_>>(),
    })
}

//! A played game as recorded by a club, and its one common output: the places.

use crate::catalogue::GameKind;
use crate::error::Error;
use crate::finishing::{GameOptions, HaseUndIgelResult, LaufRaufResult, MenschResult};
use crate::names::{check_name, same_name};
use crate::places::Placing;
use crate::rangeln::{self, RangelnResult, RangelnScore};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A player at the table. Seats are 1-based and run clockwise; in Rangeln seat 1
/// starts round 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatedPlayer {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::names::schema))]
    pub player: String,
    /// 1 to the number of players; seat 1 starts.
    #[cfg_attr(feature = "openapi", schema(minimum = 1))]
    pub seat: u32,
}

/// The game played and its game-specific detail. Ghostbuster is recorded exactly like
/// Mensch ärgere Dich nicht.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "game", content = "detail", rename_all = "kebab-case")]
pub enum Outcome {
    Rangeln(RangelnResult),
    MenschAergereDichNicht(MenschResult),
    Ghostbuster(MenschResult),
    LaufRauf(LaufRaufResult),
    HaseUndIgel(HaseUndIgelResult),
}

impl GameOptions {
    /// Gives `outcome` the league's options where it leaves them out, refuses one that
    /// states another, and writes the options in force into it (docs/rules.md "Game options
    /// per league"). Here, beside [`Outcome`], so that the games' module needs no record.
    pub fn apply(&self, outcome: &mut Outcome) -> Result<(), Error> {
        let game = outcome.game();
        match outcome {
            Outcome::LaufRauf(result) => self.apply_lauf_rauf(result),
            Outcome::MenschAergereDichNicht(result) | Outcome::Ghostbuster(result) => self.apply_mensch(game, result),
            Outcome::Rangeln(_) | Outcome::HaseUndIgel(_) => Ok(()),
        }
    }
}

impl Outcome {
    pub fn game(&self) -> GameKind {
        match self {
            Outcome::Rangeln(_) => GameKind::Rangeln,
            Outcome::MenschAergereDichNicht(_) => GameKind::MenschAergereDichNicht,
            Outcome::Ghostbuster(_) => GameKind::Ghostbuster,
            Outcome::LaufRauf(_) => GameKind::LaufRauf,
            Outcome::HaseUndIgel(_) => GameKind::HaseUndIgel,
        }
    }
}

/// One played game, as a club enters it. Its OpenAPI schema is written by hand
/// (`openapi.rs`): a `oneOf` of one complete object per game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub played_on: NaiveDate,
    /// Everyone at the table with their seat.
    pub players: Vec<SeatedPlayer>,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The club night (event) the game was played at, if any: its date must be the
    /// night's. Absent when the game belongs to no night.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_id: Option<i64>,
}

/// Read by hand rather than with `#[serde(flatten)]`, which buffers the detail and so
/// loses the path of a bad field: errors here say `detail.rounds[1].scores.Anna: ...`.
impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            played_on: NaiveDate,
            players: Vec<SeatedPlayer>,
            game: GameKind,
            detail: serde_json::Value,
            #[serde(default)]
            event_id: Option<i64>,
        }
        fn detail<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, String> {
            serde_path_to_error::deserialize(value).map_err(|e| match e.path().to_string().as_str() {
                "." => format!("detail: {}", e.inner()),
                path => format!("detail.{path}: {}", e.inner()),
            })
        }
        let raw = Raw::deserialize(deserializer)?;
        let outcome = match raw.game {
            GameKind::Rangeln => detail(raw.detail).map(Outcome::Rangeln),
            GameKind::MenschAergereDichNicht => detail(raw.detail).map(Outcome::MenschAergereDichNicht),
            GameKind::Ghostbuster => detail(raw.detail).map(Outcome::Ghostbuster),
            GameKind::LaufRauf => detail(raw.detail).map(Outcome::LaufRauf),
            GameKind::HaseUndIgel => detail(raw.detail).map(Outcome::HaseUndIgel),
        }
        .map_err(serde::de::Error::custom)?;
        Ok(GameRecord { played_on: raw.played_on, players: raw.players, outcome, event_id: raw.event_id })
    }
}

/// What a checked record yields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Evaluation {
    /// Every player's place, best first (ties by seat).
    pub placings: Vec<Placing>,
    /// Round scores and totals; only for Rangeln.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rangeln: Option<RangelnScore>,
}

impl GameRecord {
    pub fn game(&self) -> GameKind {
        self.outcome.game()
    }

    /// Replaces every player name in the record, detail included, by `rename(name)`:
    /// used to show a stored result with the players' current names.
    pub fn map_player_names(&mut self, mut rename: impl FnMut(&str) -> String) {
        for p in &mut self.players {
            p.player = rename(&p.player);
        }
        let order = match &mut self.outcome {
            Outcome::Rangeln(r) => {
                for round in &mut r.rounds {
                    round.rename_players(&mut rename);
                }
                if let Some(totals) = &mut r.imported_totals {
                    crate::names::rekey(totals, &mut rename);
                }
                return;
            }
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => {
                for name in r.teams.iter_mut().flatten().flatten() {
                    *name = rename(name);
                }
                &mut r.order
            }
            Outcome::LaufRauf(r) => &mut r.order,
            Outcome::HaseUndIgel(r) => {
                for f in &mut r.finishers {
                    f.player = rename(&f.player);
                }
                &mut r.order
            }
        };
        for name in order.0.iter_mut().flatten() {
            *name = rename(name);
        }
    }

    /// The players in seat order, after checking names and seats: names non-empty and
    /// unique (case-insensitively: "anna" and "Anna" at one table is a typo), seats
    /// exactly 1..=n, and n within the game's player count.
    pub fn players_in_seat_order(&self) -> Result<Vec<String>, Error> {
        let game = self.game();
        let n = self.players.len();
        if !(game.min_players()..=game.max_players()).contains(&n) {
            return Err(Error::PlayerCount { game, found: n, min: game.min_players(), max: game.max_players() });
        }
        let mut by_seat: Vec<Option<&str>> = vec![None; n];
        for (i, sp) in self.players.iter().enumerate() {
            check_name(&sp.player)?;
            if self.players[..i].iter().any(|other| same_name(&other.player, &sp.player)) {
                return Err(Error::DuplicatePlayer { player: sp.player.clone() });
            }
            let slot = (sp.seat as usize)
                .checked_sub(1)
                .and_then(|i| by_seat.get_mut(i))
                .ok_or_else(|| Error::SeatOutOfRange { player: sp.player.clone(), seat: sp.seat, players: n })?;
            if let Some(first) = slot {
                return Err(Error::DuplicateSeat {
                    seat: sp.seat,
                    first: (*first).to_owned(),
                    second: sp.player.clone(),
                });
            }
            *slot = Some(&sp.player);
        }
        Ok(by_seat.into_iter().map(|p| p.expect("n distinct seats in 1..=n fill every slot").to_owned()).collect())
    }

    /// Checks the record against the game's rules and yields the places.
    pub fn evaluate(&self) -> Result<Evaluation, Error> {
        let players = self.players_in_seat_order()?;
        let (mut placings, rangeln) = match &self.outcome {
            Outcome::Rangeln(result) => {
                let score = rangeln::score_game(&players, result)?;
                let placings = score.totals.iter().map(|t| Placing::alone(t.player.clone(), t.place)).collect();
                (placings, Some(score))
            }
            Outcome::MenschAergereDichNicht(r) | Outcome::Ghostbuster(r) => (r.placings(self.game(), &players)?, None),
            Outcome::LaufRauf(r) => (r.placings(&players)?, None),
            Outcome::HaseUndIgel(r) => (r.placings(&players)?, None),
        };
        let seat = |name: &str| players.iter().position(|p| p == name);
        placings.sort_by_key(|p| (p.place, seat(&p.player)));
        Ok(Evaluation { placings, rangeln })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(value: serde_json::Value) -> GameRecord {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_json_shape_is_flat_with_game_and_detail() {
        let r = record(json!({
            "played_on": "2026-11-20",
            "players": [{"player": "Ben", "seat": 2}, {"player": "Anna", "seat": 1}],
            "game": "mensch-aergere-dich-nicht",
            "detail": {"order": [["Ben"], ["Anna"]]}
        }));
        assert_eq!(r.game(), GameKind::MenschAergereDichNicht);
        assert_eq!(r.players_in_seat_order().unwrap(), ["Anna", "Ben"]);
        let back = serde_json::to_value(&r).unwrap();
        assert_eq!(back["game"], "mensch-aergere-dich-nicht");
        assert_eq!(back["detail"]["order"], json!([["Ben"], ["Anna"]]));
        let eval = r.evaluate().unwrap();
        assert_eq!(eval.placings, vec![Placing::alone("Ben", 1), Placing::alone("Anna", 2)]);
        assert!(serde_json::to_value(&eval).unwrap().get("rangeln").is_none());
    }

    #[test]
    fn detail_errors_name_the_path() {
        let err = serde_json::from_value::<GameRecord>(json!({
            "played_on": "2026-11-20", "players": [], "game": "rangeln",
            "detail": {"rounds": [{"scores": {"A": 1}}, {"scores": {"A": "x"}}]}
        }))
        .unwrap_err();
        assert!(err.to_string().starts_with("detail.rounds[1].scores.A: invalid type: string \"x\""), "{err}");
        let err = serde_json::from_value::<GameRecord>(
            json!({"played_on": "2026-11-20", "players": [], "game": "lauf-rauf", "detail": {"edition": "revised"}}),
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("detail: missing field `order`"), "{err}");
    }

    #[test]
    fn seats_and_names_are_checked() {
        let base = |players: serde_json::Value| {
            record(
                json!({"played_on": "2026-11-20", "players": players, "game": "ghostbuster", "detail": {"order": [["A"], ["B"]]}}),
            )
        };
        let err = base(json!([{"player": "A", "seat": 1}, {"player": "B", "seat": 3}])).evaluate().unwrap_err();
        assert_eq!(err, Error::SeatOutOfRange { player: "B".into(), seat: 3, players: 2 });
        let err = base(json!([{"player": "A", "seat": 1}, {"player": "B", "seat": 1}])).evaluate().unwrap_err();
        assert_eq!(err.to_string(), "seat 1 is taken by both A and B");
        let err = base(json!([{"player": "A", "seat": 1}, {"player": "a", "seat": 2}])).evaluate().unwrap_err();
        assert_eq!(err.code(), "duplicate-player");
        let err = base(json!([{"player": "", "seat": 1}, {"player": "B", "seat": 2}])).evaluate().unwrap_err();
        assert_eq!(err.code(), "empty-name");
        let err = base(json!([{"player": "A", "seat": 1}])).evaluate().unwrap_err();
        assert_eq!(err.to_string(), "ghostbuster is played by 2 to 6 players, this result has 1");
    }

    #[test]
    fn renaming_reaches_every_name_in_the_detail() {
        let mut r = record(json!({
            "played_on": "2026-11-20",
            "players": [{"player": "A", "seat": 1}, {"player": "B", "seat": 2}, {"player": "C", "seat": 3}],
            "game": "hase-und-igel",
            "detail": {"order": [["B"], ["A", "C"]], "finishers": [{"player": "B", "carrots": 5}]}
        }));
        r.map_player_names(|n| format!("{n}{n}"));
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["players"][0]["player"], "AA");
        assert_eq!(v["detail"]["order"], json!([["BB"], ["AA", "CC"]]));
        assert_eq!(v["detail"]["finishers"][0]["player"], "BB");
        assert!(r.evaluate().is_ok());

        let mut r = record(json!({
            "played_on": "2026-11-20",
            "players": [{"player": "A", "seat": 1}, {"player": "B", "seat": 2}, {"player": "C", "seat": 3}],
            "game": "rangeln",
            "detail": {"rounds": [{"scores": {"A": 1, "B": 2, "C": 3}}, {"rings": {"A": {"plus1": 8}, "B": {"plus1": 8}, "C": {"minus1": 8}}}, {"scores": {"A": 1, "B": 2, "C": 3}}]}
        }));
        r.map_player_names(|n| n.to_lowercase());
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["detail"]["rounds"][1]["rings"]["c"]["minus1"], 8);
        assert!(r.evaluate().is_ok());
    }

    #[test]
    fn lauf_rauf_allows_at_most_four() {
        let players: Vec<serde_json::Value> = (1..=5).map(|i| json!({"player": format!("P{i}"), "seat": i})).collect();
        let order: Vec<Vec<String>> = (1..=5).map(|i| vec![format!("P{i}")]).collect();
        let r = record(
            json!({"played_on": "2026-11-20", "players": players, "game": "lauf-rauf", "detail": {"order": order, "edition": "published", "cards": true}}),
        );
        assert_eq!(r.evaluate().unwrap_err().code(), "player-count");
    }

    #[test]
    fn rangeln_records_carry_their_score() {
        let r = record(json!({
            "played_on": "2026-11-20",
            "players": [{"player": "A", "seat": 1}, {"player": "B", "seat": 2}, {"player": "C", "seat": 3}],
            "game": "rangeln",
            "detail": {"rounds": [
                {"scores": {"A": -7, "B": 6, "C": 1}},
                {"scores": {"A": -6, "B": 6, "C": 1}},
                {"scores": {"A": -6, "B": 6, "C": 1}}
            ]}
        }));
        let eval = r.evaluate().unwrap();
        let places: Vec<(&str, u32)> = eval.placings.iter().map(|p| (p.player.as_str(), p.place)).collect();
        assert_eq!(places, [("A", 1), ("B", 2), ("C", 3)]);
        assert_eq!(eval.rangeln.unwrap().totals[0].total, -19);
    }
}

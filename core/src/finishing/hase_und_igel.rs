//! Hase und Igel: a finishing order with each finisher's carrots (and lettuces) left.

use super::FinishingOrder;
use crate::error::{Error, list_names};
use crate::places::Placing;
use serde::{Deserialize, Serialize};

/// Carrots each hare starts with in the postal edition.
pub const START_CARROTS: u32 = 98;
/// Lettuces each hare starts with.
pub const START_LETTUCES: u32 = 3;

/// Carrots it costs to move `cells` cells forward: F(F+1)/2.
pub fn carrot_cost(cells: u32) -> u64 {
    let f = u64::from(cells);
    f * (f + 1) / 2
}

/// Most carrots a hare may hold when crossing the finish in `place` (1-based): 10 x place.
pub fn max_carrots_at_finish(place: u32) -> u32 {
    place.saturating_mul(10)
}

/// One hare that crossed the finish.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HareFinish {
    pub player: String,
    /// Carrots left when crossing the finish.
    pub carrots: u32,
    /// Lettuces left when crossing the finish; must be 0.
    #[serde(default)]
    pub lettuces: u32,
    /// The round in which the hare finished, if recorded.
    #[serde(default)]
    pub round: Option<u32>,
}

/// The game-specific part of a Hase und Igel result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HaseUndIgelResult {
    /// Finishers best first, each alone in their place; the hares that did not finish
    /// share the last place.
    pub order: FinishingOrder,
    /// Every hare that crossed the finish, in any order.
    pub finishers: Vec<HareFinish>,
}

impl HaseUndIgelResult {
    pub(crate) fn placings(&self, players: &[String]) -> Result<Vec<Placing>, Error> {
        let placings = self.order.placings(players)?;
        let place_of = |player: &str| placings.iter().find(|p| p.player == player).map(|p| p.place);
        let mut finish_rounds: Vec<(u32, &str, u32)> = Vec::new();
        for (i, hare) in self.finishers.iter().enumerate() {
            let Some(place) = place_of(&hare.player) else {
                return Err(Error::UnknownPlayer { player: hare.player.clone() });
            };
            if self.finishers[..i].iter().any(|h| h.player == hare.player) {
                return Err(Error::DuplicatePlayer { player: hare.player.clone() });
            }
            let group = self.order.group_of(&hare.player).unwrap_or_default();
            if group.len() > 1 {
                let others: Vec<&String> = group.iter().filter(|p| **p != hare.player).collect();
                return Err(Error::HareFinisherTied {
                    player: hare.player.clone(),
                    place,
                    others: list_names(&others),
                });
            }
            if hare.lettuces > 0 {
                return Err(Error::HareLettuce { player: hare.player.clone(), lettuces: hare.lettuces });
            }
            let max = max_carrots_at_finish(place);
            if hare.carrots > max {
                return Err(Error::HareCarrots { player: hare.player.clone(), place, carrots: hare.carrots, max });
            }
            if let Some(round) = hare.round {
                if round == 0 {
                    return Err(Error::HareRoundZero { player: hare.player.clone() });
                }
                finish_rounds.push((place, &hare.player, round));
            }
        }
        let finished = |player: &str| self.finishers.iter().any(|h| h.player == player);
        let unfinished: Vec<&Placing> = placings.iter().filter(|p| !finished(&p.player)).collect();
        if let Some(first) = unfinished.first() {
            if let Some(ahead_of) = placings.iter().find(|p| p.place > first.place && finished(&p.player)) {
                return Err(Error::HareNotFinished {
                    player: first.player.clone(),
                    place: first.place,
                    ahead_of: ahead_of.player.clone(),
                });
            }
            if unfinished.iter().any(|p| p.place != first.place) {
                let names: Vec<&String> = unfinished.iter().map(|p| &p.player).collect();
                return Err(Error::HareUnfinishedRanked { players: list_names(&names) });
            }
        }
        finish_rounds.sort();
        for pair in finish_rounds.windows(2) {
            let ((_, earlier, earlier_round), (_, player, round)) = (pair[0], pair[1]);
            if round < earlier_round {
                return Err(Error::HareRoundOrder {
                    player: player.to_owned(),
                    round,
                    earlier: earlier.to_owned(),
                    earlier_round,
                });
            }
        }
        Ok(placings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(n: usize) -> Vec<String> {
        ["Anna", "Ben", "Cleo", "Dora"][..n].iter().map(|s| s.to_string()).collect()
    }

    fn hare(player: &str, carrots: u32) -> HareFinish {
        HareFinish { player: player.into(), carrots, lettuces: 0, round: None }
    }

    fn result(order: &str, finishers: Vec<HareFinish>) -> HaseUndIgelResult {
        HaseUndIgelResult { order: order.parse().unwrap(), finishers }
    }

    #[test]
    fn carrot_cost_is_the_triangular_number() {
        assert_eq!(carrot_cost(0), 0);
        assert_eq!(carrot_cost(1), 1);
        assert_eq!(carrot_cost(2), 3);
        assert_eq!(carrot_cost(10), 55);
        assert_eq!(carrot_cost(20), 210);
        assert_eq!(START_CARROTS, 98);
        assert_eq!(START_LETTUCES, 3);
    }

    #[test]
    fn finishers_carry_at_most_ten_carrots_per_place() {
        let ok = result("Anna,Ben,Cleo=Dora", vec![hare("Anna", 10), hare("Ben", 20)]);
        let places: Vec<u32> = ok.placings(&players(4)).unwrap().iter().map(|p| p.place).collect();
        assert_eq!(places, [1, 2, 3, 3]);

        let err = result("Anna,Ben,Cleo", vec![hare("Anna", 9), hare("Ben", 21), hare("Cleo", 0)])
            .placings(&players(3))
            .unwrap_err();
        assert_eq!(err, Error::HareCarrots { player: "Ben".into(), place: 2, carrots: 21, max: 20 });
        assert_eq!(err.to_string(), "Ben finished in place 2 with 21 carrots, at most 20 are allowed");
        assert_eq!(
            result("Anna,Ben", vec![hare("Anna", 11)]).placings(&players(2)).unwrap_err().code(),
            "hare-carrots"
        );
    }

    #[test]
    fn finishers_have_eaten_all_lettuces() {
        let mut h = hare("Anna", 5);
        h.lettuces = 1;
        let err = result("Anna,Ben", vec![h]).placings(&players(2)).unwrap_err();
        assert_eq!(err, Error::HareLettuce { player: "Anna".into(), lettuces: 1 });
    }

    #[test]
    fn non_finishers_share_the_last_place() {
        // Ben did not finish but is placed ahead of Cleo, who did.
        let err = result("Anna,Ben,Cleo", vec![hare("Anna", 5), hare("Cleo", 25)]).placings(&players(3)).unwrap_err();
        assert_eq!(err.code(), "hare-not-finished");
        // Ben and Cleo did not finish but are ranked apart.
        let err = result("Anna,Ben,Cleo", vec![hare("Anna", 5)]).placings(&players(3)).unwrap_err();
        assert_eq!(err, Error::HareUnfinishedRanked { players: "Ben and Cleo".into() });
        // A finisher cannot share a place.
        let err = result("Anna,Ben=Cleo", vec![hare("Anna", 5), hare("Ben", 5)]).placings(&players(3)).unwrap_err();
        assert_eq!(err.code(), "hare-finisher-tied");
        // Unknown and duplicate finishers.
        assert_eq!(
            result("Anna,Ben", vec![hare("Zoe", 1)]).placings(&players(2)).unwrap_err().code(),
            "unknown-player"
        );
        assert_eq!(
            result("Anna,Ben", vec![hare("Anna", 1), hare("Anna", 1)]).placings(&players(2)).unwrap_err().code(),
            "duplicate-player"
        );
    }

    #[test]
    fn finish_rounds_follow_the_order() {
        let mut a = hare("Anna", 5);
        a.round = Some(30);
        let mut b = hare("Ben", 5);
        b.round = Some(28);
        let err = result("Anna,Ben", vec![a.clone(), b.clone()]).placings(&players(2)).unwrap_err();
        assert_eq!(err.code(), "hare-round-order");
        b.round = Some(30);
        assert!(result("Anna,Ben", vec![a.clone(), b]).placings(&players(2)).is_ok());
        a.round = Some(0);
        assert_eq!(result("Anna,Ben", vec![a]).placings(&players(2)).unwrap_err().code(), "hare-round-zero");
    }
}

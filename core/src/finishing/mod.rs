//! The four finishing-order games: Mensch ärgere Dich nicht, Ghostbuster ärgere dich
//! nicht, Lauf Rauf! and Hase und Igel.
//!
//! All four record a [`FinishingOrder`]. Project decisions where the rule texts are
//! silent: a result needs a winner (place 1 is never shared: a game abandoned before
//! anyone finished is not a result), and only the last place may be shared, by the
//! players whose finishing order was not played out.

mod hase_und_igel;
mod lauf_rauf;
mod mensch;
mod options;

pub use crate::words::HouseRuleRefusal;
pub use hase_und_igel::{
    HareFinish, HaseUndIgelResult, START_CARROTS, START_LETTUCES, carrot_cost, max_carrots_at_finish,
};
pub use lauf_rauf::{Edition, LaufRaufResult};
pub use mensch::{ColourMode, HouseRule, MenschResult};
pub use options::{GameOptions, LaufRaufOptions, MenschOptions, OPTION_NAMES};

use crate::error::{Error, list_names};
use crate::places::Placing;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Places in order, best first. Each inner list is one place; several players in one
/// list share that place. `"Anna,Ben,Cleo=Dora"` in text form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct FinishingOrder(pub Vec<Vec<String>>);

impl FinishingOrder {
    /// Places of every player in `players` (seat order), checked: every seated player
    /// exactly once, no unknown names, no empty place, a single winner, and ties only
    /// in the last place.
    pub(crate) fn placings(&self, players: &[String]) -> Result<Vec<Placing>, Error> {
        let mut placings = Vec::with_capacity(players.len());
        let mut place = 1u32;
        let groups = &self.0;
        for group in groups {
            if group.is_empty() {
                return Err(Error::EmptyPlace { place });
            }
            for player in group {
                if !players.contains(player) {
                    return Err(Error::UnknownPlayer { player: player.clone() });
                }
                if placings.iter().any(|p: &Placing| &p.player == player) {
                    return Err(Error::DuplicatePlayer { player: player.clone() });
                }
                placings.push(Placing::alone(player.clone(), place));
            }
            place += group.len() as u32;
        }
        if let Some(missing) = players.iter().find(|p| !placings.iter().any(|q| &q.player == *p)) {
            return Err(Error::MissingPlayer { player: missing.clone() });
        }
        if let Some(first) = groups.first().filter(|g| g.len() > 1) {
            return Err(Error::NoWinner { players: list_names(first) });
        }
        if let Some((at, group)) = groups.iter().enumerate().rev().skip(1).find(|(_, g)| g.len() > 1) {
            let place = 1 + groups[..at].iter().map(Vec::len).sum::<usize>() as u32;
            return Err(Error::TieNotAllowed { players: list_names(group), place });
        }
        Ok(placings)
    }

    /// The players sharing `player`'s place, `player` included.
    pub(crate) fn group_of(&self, player: &str) -> Option<&[String]> {
        self.0.iter().find(|g| g.iter().any(|p| p == player)).map(Vec::as_slice)
    }
}

impl fmt::Display for FinishingOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let places: Vec<String> = self.0.iter().map(|g| g.join("=")).collect();
        f.write_str(&places.join(","))
    }
}

/// The text form has an empty name in it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a finishing order: write places best first, separated by ',', and join tied players with '=' (\"Anna,Ben,Cleo=Dora\")"
)]
pub struct InvalidOrder(pub String);

impl FromStr for FinishingOrder {
    type Err = InvalidOrder;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let groups: Vec<Vec<String>> =
            s.split(',').map(|g| g.split('=').map(|p| p.trim().to_owned()).collect()).collect();
        if groups.iter().flatten().any(String::is_empty) {
            return Err(InvalidOrder(s.to_owned()));
        }
        Ok(FinishingOrder(groups))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn places(order: &str, seated: &[&str]) -> Result<Vec<(String, u32)>, Error> {
        let order: FinishingOrder = order.parse().unwrap();
        Ok(order.placings(&players(seated))?.into_iter().map(|p| (p.player, p.place)).collect())
    }

    #[test]
    fn text_form_round_trips() {
        let order: FinishingOrder = "Anna, Ben,Cleo = Dora".parse().unwrap();
        assert_eq!(order.0, vec![vec!["Anna"], vec!["Ben"], vec!["Cleo", "Dora"]]);
        assert_eq!(order.to_string(), "Anna,Ben,Cleo=Dora");
        assert!("Anna,,Ben".parse::<FinishingOrder>().is_err());
        assert!("Anna=".parse::<FinishingOrder>().is_err());
    }

    #[test]
    fn the_undecided_share_the_last_place() {
        let got = places("Anna,Ben,Cleo=Dora", &["Anna", "Ben", "Cleo", "Dora"]).unwrap();
        let want: Vec<(String, u32)> =
            [("Anna", 1), ("Ben", 2), ("Cleo", 3), ("Dora", 3)].iter().map(|(p, n)| (p.to_string(), *n)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn each_player_exactly_once_and_ties_only_last() {
        let seated = ["Anna", "Ben", "Cleo", "Dora"];
        assert_eq!(places("Anna,Ben,Cleo", &seated).unwrap_err(), Error::MissingPlayer { player: "Dora".into() });
        assert_eq!(
            places("Anna,Ben,Cleo,Dora,Anna", &seated).unwrap_err(),
            Error::DuplicatePlayer { player: "Anna".into() }
        );
        assert_eq!(places("Anna,Ben,Cleo,Zoe", &seated).unwrap_err(), Error::UnknownPlayer { player: "Zoe".into() });
        let err = places("Anna,Ben=Cleo,Dora", &seated).unwrap_err();
        assert_eq!(err, Error::TieNotAllowed { players: "Ben and Cleo".into(), place: 2 });
        assert_eq!(places("Anna=Ben,Cleo,Dora", &seated).unwrap_err().code(), "no-winner");
        assert_eq!(places("Anna=Ben=Cleo=Dora", &seated).unwrap_err().code(), "no-winner");
        assert_eq!(FinishingOrder(vec![vec![]]).placings(&players(&seated)).unwrap_err().code(), "empty-place");
    }
}

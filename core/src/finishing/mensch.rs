//! Mensch ärgere Dich nicht, and Ghostbuster ärgere dich nicht, which is recorded the
//! same way (RULES.md).

use super::FinishingOrder;
use crate::error::Error;
use crate::places::Placing;
use crate::slug::Slug;
use serde::{Deserialize, Serialize};

/// House rules a result may record as in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum HouseRule {
    BackwardCapture,
    ThreeRolls,
    NoJumpingInHomeRow,
    Barriers,
    ForcedCapture,
}

/// How colours are shared out when fewer than four play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ColourMode {
    /// Every player plays one colour.
    #[default]
    OneEach,
    /// 2 players, each playing two opposite colours.
    TwoEach,
    /// 3 players and a neutral colour: a player wins only once the neutral pieces are home too.
    Neutral,
}

impl ColourMode {
    /// The player count this mode is made for, if it has one.
    fn players(self) -> Option<usize> {
        match self {
            ColourMode::OneEach => None,
            ColourMode::TwoEach => Some(2),
            ColourMode::Neutral => Some(3),
        }
    }
}

/// The game-specific part of a Mensch ärgere Dich nicht (or Ghostbuster) result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MenschResult {
    pub order: FinishingOrder,
    /// House rules in force; none by default.
    #[serde(default)]
    pub house_rules: Vec<HouseRule>,
    #[serde(default)]
    pub colours: ColourMode,
}

impl MenschResult {
    pub(crate) fn placings(&self, players: &[String]) -> Result<Vec<Placing>, Error> {
        if let Some(needed) = self.colours.players().filter(|&n| n != players.len()) {
            return Err(Error::ColourMode { mode: self.colours.slug(), needed, found: players.len() });
        }
        for (i, rule) in self.house_rules.iter().enumerate() {
            if self.house_rules[..i].contains(rule) {
                return Err(Error::DuplicateHouseRule { rule: rule.slug() });
            }
        }
        self.order.placings(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(order: &str, colours: ColourMode, house_rules: Vec<HouseRule>) -> MenschResult {
        MenschResult { order: order.parse().unwrap(), house_rules, colours }
    }

    fn players(n: usize) -> Vec<String> {
        ["Anna", "Ben", "Cleo", "Dora"][..n].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn colour_modes_need_their_player_count() {
        assert!(result("Ben,Anna", ColourMode::TwoEach, vec![]).placings(&players(2)).is_ok());
        assert!(result("Ben,Anna,Cleo", ColourMode::Neutral, vec![]).placings(&players(3)).is_ok());
        let err = result("Ben,Anna,Cleo", ColourMode::TwoEach, vec![]).placings(&players(3)).unwrap_err();
        assert_eq!(err.to_string(), "colour mode two-each is for 2 players, this game has 3");
        assert_eq!(
            result("Ben,Anna,Cleo,Dora", ColourMode::Neutral, vec![]).placings(&players(4)).unwrap_err().code(),
            "colour-mode"
        );
    }

    #[test]
    fn house_rules_are_recorded_once_each() {
        let rules = vec![HouseRule::Barriers, HouseRule::BackwardCapture, HouseRule::Barriers];
        let err = result("Anna,Ben", ColourMode::OneEach, rules).placings(&players(2)).unwrap_err();
        assert_eq!(err, Error::DuplicateHouseRule { rule: "barriers" });
    }

    #[test]
    fn json_shape_defaults_house_rules_and_colours() {
        let r: MenschResult = serde_json::from_str(r#"{"order": [["Anna"], ["Ben", "Cleo"]]}"#).unwrap();
        assert_eq!(r, result("Anna,Ben=Cleo", ColourMode::OneEach, vec![]));
        let r: MenschResult = serde_json::from_str(
            r#"{"order": [["Anna"], ["Ben"]], "house_rules": ["no-jumping-in-home-row"], "colours": "two-each"}"#,
        )
        .unwrap();
        assert_eq!(r.house_rules, vec![HouseRule::NoJumpingInHomeRow]);
    }
}

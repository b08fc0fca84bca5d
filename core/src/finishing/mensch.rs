//! Mensch ärgere Dich nicht, and Ghostbuster ärgere dich nicht, which is recorded the
//! same way (RULES.md).

use super::FinishingOrder;
use crate::catalogue::GameKind;
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
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MenschResult {
    pub order: FinishingOrder,
    /// House rules in force. Left out: the league's, else none; a stored result always
    /// says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<Vec<HouseRule>>,
    /// Left out: the league's, else one colour each; a stored result always says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<ColourMode>,
}

impl HouseRule {
    /// Why this house rule cannot be in force in `game`, if it cannot (RULES.md,
    /// Ghostbuster): its rule text has no classic capture, so the capture rules make no
    /// sense, and three rolls to bring a piece out and no jumping in the home row are part
    /// of its own rules already.
    pub fn refused_for(self, game: GameKind) -> Option<&'static str> {
        match (game, self) {
            (GameKind::Ghostbuster, HouseRule::BackwardCapture | HouseRule::ForcedCapture) => {
                Some("Ghostbuster has no captures (\"kein klassisches Rauswerfen\"), so a capture rule cannot apply")
            }
            (GameKind::Ghostbuster, HouseRule::ThreeRolls | HouseRule::NoJumpingInHomeRow) => {
                Some("it is part of Ghostbuster's own rules already, so it is not a house rule there")
            }
            _ => None,
        }
    }
}

/// Each house rule at most once, and each one that can apply to `game`.
pub(crate) fn check_house_rules(game: GameKind, rules: &[HouseRule]) -> Result<(), Error> {
    for (i, rule) in rules.iter().enumerate() {
        if rules[..i].contains(rule) {
            return Err(Error::DuplicateHouseRule { rule: rule.slug() });
        }
        if let Some(reason) = rule.refused_for(game) {
            return Err(Error::HouseRuleNotForGame { game, rule: rule.slug(), reason });
        }
    }
    Ok(())
}

impl MenschResult {
    pub(crate) fn placings(&self, game: GameKind, players: &[String]) -> Result<Vec<Placing>, Error> {
        let colours = self.colours.unwrap_or_default();
        if let Some(needed) = colours.players().filter(|&n| n != players.len()) {
            return Err(Error::ColourMode { mode: colours.slug(), needed, found: players.len() });
        }
        check_house_rules(game, self.house_rules.as_deref().unwrap_or_default())?;
        self.order.placings(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(order: &str, colours: ColourMode, house_rules: Vec<HouseRule>) -> MenschResult {
        MenschResult { order: order.parse().unwrap(), house_rules: Some(house_rules), colours: Some(colours) }
    }

    fn players(n: usize) -> Vec<String> {
        ["Anna", "Ben", "Cleo", "Dora"][..n].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn colour_modes_need_their_player_count() {
        assert!(
            result("Ben,Anna", ColourMode::TwoEach, vec![])
                .placings(GameKind::MenschAergereDichNicht, &players(2))
                .is_ok()
        );
        assert!(
            result("Ben,Anna,Cleo", ColourMode::Neutral, vec![])
                .placings(GameKind::MenschAergereDichNicht, &players(3))
                .is_ok()
        );
        let err = result("Ben,Anna,Cleo", ColourMode::TwoEach, vec![])
            .placings(GameKind::MenschAergereDichNicht, &players(3))
            .unwrap_err();
        assert_eq!(err.to_string(), "colour mode two-each is for 2 players, this game has 3");
        assert_eq!(
            result("Ben,Anna,Cleo,Dora", ColourMode::Neutral, vec![])
                .placings(GameKind::MenschAergereDichNicht, &players(4))
                .unwrap_err()
                .code(),
            "colour-mode"
        );
    }

    #[test]
    fn house_rules_are_recorded_once_each() {
        let rules = vec![HouseRule::Barriers, HouseRule::BackwardCapture, HouseRule::Barriers];
        let err = result("Anna,Ben", ColourMode::OneEach, rules)
            .placings(GameKind::MenschAergereDichNicht, &players(2))
            .unwrap_err();
        assert_eq!(err, Error::DuplicateHouseRule { rule: "barriers" });
    }

    #[test]
    fn ghostbuster_takes_only_the_house_rules_that_make_sense_without_captures() {
        let ghost = |rules| result("Anna,Ben", ColourMode::OneEach, rules).placings(GameKind::Ghostbuster, &players(2));
        for rule in [HouseRule::BackwardCapture, HouseRule::ForcedCapture] {
            let err = ghost(vec![rule]).unwrap_err();
            assert_eq!(err.code(), "house-rule-not-for-game");
            assert!(err.to_string().contains("Ghostbuster has no captures"), "{err}");
        }
        for rule in [HouseRule::ThreeRolls, HouseRule::NoJumpingInHomeRow] {
            let err = ghost(vec![rule]).unwrap_err();
            assert!(err.to_string().contains("part of Ghostbuster's own rules"), "{err}");
        }
        assert!(ghost(vec![HouseRule::Barriers]).is_ok());
        // Mensch ärgere Dich nicht takes every one of them.
        let all = HouseRule::all().to_vec();
        assert!(
            result("Anna,Ben", ColourMode::OneEach, all)
                .placings(GameKind::MenschAergereDichNicht, &players(2))
                .is_ok()
        );
    }

    #[test]
    fn json_shape_defaults_house_rules_and_colours() {
        let r: MenschResult = serde_json::from_str(r#"{"order": [["Anna"], ["Ben", "Cleo"]]}"#).unwrap();
        assert_eq!((r.house_rules, r.colours), (None, None), "left out: the league's options decide");
        let r: MenschResult = serde_json::from_str(
            r#"{"order": [["Anna"], ["Ben"]], "house_rules": ["no-jumping-in-home-row"], "colours": "two-each"}"#,
        )
        .unwrap();
        assert_eq!(r.house_rules, Some(vec![HouseRule::NoJumpingInHomeRow]));
    }
}

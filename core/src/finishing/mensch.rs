//! Mensch ärgere Dich nicht, and Ghostbuster ärgere dich nicht, which is recorded the
//! same way (docs/rules.md).

use super::FinishingOrder;
use crate::catalogue::GameKind;
use crate::error::{Error, list_names};
use crate::places::Placing;
use crate::slug::Slug;
use crate::words::HouseRuleRefusal;
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
    /// Places best first. In a partner game each place lists one whole team (its members
    /// together); teams that did not finish share the last place, listed together.
    pub order: FinishingOrder,
    /// A partner game's teams, each a list of player names (docs/rules.md "Partners"): two
    /// teams of two for 4 players, two teams of three or three teams of two for 6. Left
    /// out: everyone played alone (unless the league plays the game with partners).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<String>>>,
    /// House rules in force. Left out: the league's, else none; a stored result always
    /// says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<Vec<HouseRule>>,
    /// Left out: the league's, else one colour each; a stored result always says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<ColourMode>,
}

impl HouseRule {
    /// Why this house rule cannot be in force in `game`, if it cannot (docs/rules.md,
    /// Ghostbuster): its rule text has no classic capture, so the capture rules make no
    /// sense, and three rolls to bring a piece out and no jumping in the home row are part
    /// of its own rules already.
    pub fn refused_for(self, game: GameKind) -> Option<HouseRuleRefusal> {
        match (game, self) {
            (GameKind::Ghostbuster, HouseRule::BackwardCapture | HouseRule::ForcedCapture) => {
                Some(HouseRuleRefusal::NoCaptures)
            }
            (GameKind::Ghostbuster, HouseRule::ThreeRolls | HouseRule::NoJumpingInHomeRow) => {
                Some(HouseRuleRefusal::OwnRule)
            }
            (GameKind::Ghostbuster, HouseRule::Barriers) => Some(HouseRuleRefusal::NoOwnBlockade),
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
        match &self.teams {
            None => self.order.placings(players),
            Some(teams) => team_placings(&self.order, teams, players),
        }
    }
}

/// The places of a partner game (docs/rules.md "Partners"): the teams checked against the
/// seated `players` and the sizes the rules allow, then each place of `order` a union
/// of whole teams; a team's place is one more than the number of teams before it, and
/// only the teams that did not finish (the last place) may share one.
fn team_placings(order: &FinishingOrder, teams: &[Vec<String>], players: &[String]) -> Result<Vec<Placing>, Error> {
    let mut team_of: Vec<Option<u32>> = vec![None; players.len()];
    for (t, team) in teams.iter().enumerate() {
        for name in team {
            let seat =
                players.iter().position(|p| p == name).ok_or_else(|| Error::UnknownPlayer { player: name.clone() })?;
            if team_of[seat].is_some() {
                return Err(Error::DuplicatePlayer { player: name.clone() });
            }
            team_of[seat] = Some(t as u32 + 1);
        }
    }
    if let Some(seat) = team_of.iter().position(Option::is_none) {
        return Err(Error::MissingPlayer { player: players[seat].clone() });
    }
    let mut sizes: Vec<usize> = teams.iter().map(Vec::len).collect();
    sizes.sort_unstable();
    let allowed: &[&[usize]] = match players.len() {
        4 => &[&[2, 2]],
        6 => &[&[3, 3], &[2, 2, 2]],
        _ => &[],
    };
    if !allowed.contains(&sizes.as_slice()) {
        let sizes: Vec<String> = teams.iter().map(|t| t.len().to_string()).collect();
        return Err(Error::TeamSizes { players: players.len(), sizes: sizes.join("+") });
    }
    // The order as names first: every seated player once, no stranger, no empty place.
    let mut seen: Vec<bool> = vec![false; players.len()];
    for (at, group) in order.0.iter().enumerate() {
        if group.is_empty() {
            return Err(Error::EmptyPlace { place: at as u32 + 1 });
        }
        for name in group {
            let seat =
                players.iter().position(|p| p == name).ok_or_else(|| Error::UnknownPlayer { player: name.clone() })?;
            if std::mem::replace(&mut seen[seat], true) {
                return Err(Error::DuplicatePlayer { player: name.clone() });
            }
        }
    }
    if let Some(seat) = seen.iter().position(|s| !s) {
        return Err(Error::MissingPlayer { player: players[seat].clone() });
    }
    let seat_of = |name: &String| players.iter().position(|p| p == name).expect("checked above");
    let mut placings = Vec::with_capacity(players.len());
    let mut place = 1u32;
    let last = order.0.len() - 1;
    for (at, group) in order.0.iter().enumerate() {
        let mut in_group: Vec<u32> =
            group.iter().map(|n| team_of[seat_of(n)].expect("every seat has a team")).collect();
        in_group.sort_unstable();
        in_group.dedup();
        for &t in &in_group {
            let team = &teams[t as usize - 1];
            if team.iter().any(|member| !group.contains(member)) {
                return Err(Error::TeamSplit { players: list_names(team) });
            }
        }
        if in_group.len() > 1 && at == 0 {
            return Err(Error::NoWinner { players: list_names(group) });
        }
        if in_group.len() > 1 && at != last {
            return Err(Error::TieNotAllowed { players: list_names(group), place });
        }
        for name in group {
            let team = team_of[seat_of(name)];
            placings.push(Placing { player: name.clone(), place, team });
        }
        place += in_group.len() as u32;
    }
    Ok(placings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(order: &str, colours: ColourMode, house_rules: Vec<HouseRule>) -> MenschResult {
        MenschResult {
            order: order.parse().unwrap(),
            teams: None,
            house_rules: Some(house_rules),
            colours: Some(colours),
        }
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
        // Its text forbids blocking one's own piece of one's free will: no barriers.
        let err = ghost(vec![HouseRule::Barriers]).unwrap_err();
        assert_eq!(err.code(), "house-rule-not-for-game");
        assert!(err.to_string().contains("eigene Figur blockieren"), "{err}");
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

    fn partner(order: &str, teams: &[&[&str]], n: usize) -> Result<Vec<(String, u32, Option<u32>)>, Error> {
        let names = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"];
        let players: Vec<String> = names[..n].iter().map(|s| s.to_string()).collect();
        let result = MenschResult {
            order: FinishingOrder(order.split(',').map(|g| g.split('+').map(str::to_owned).collect()).collect()),
            teams: Some(teams.iter().map(|t| t.iter().map(|s| s.to_string()).collect()).collect()),
            house_rules: None,
            colours: None,
        };
        let placings = result.placings(GameKind::MenschAergereDichNicht, &players)?;
        Ok(placings.into_iter().map(|p| (p.player, p.place, p.team)).collect())
    }

    #[test]
    fn partners_share_their_teams_place() {
        let got = partner("Ben+Dora,Anna+Cleo", &[&["Anna", "Cleo"], &["Ben", "Dora"]], 4).unwrap();
        let want = [("Ben", 1, 2), ("Dora", 1, 2), ("Anna", 2, 1), ("Cleo", 2, 1)];
        assert_eq!(got, want.map(|(p, n, t)| (p.to_string(), n, Some(t))));
        // Three teams of two; the two teams that did not finish share the last place.
        let teams: &[&[&str]] = &[&["Anna", "Dora"], &["Ben", "Emil"], &["Cleo", "Fritz"]];
        let got = partner("Cleo+Fritz,Anna+Dora+Ben+Emil", teams, 6).unwrap();
        let places: Vec<(String, u32)> = got.into_iter().map(|(p, n, _)| (p, n)).collect();
        let want = [("Cleo", 1), ("Fritz", 1), ("Anna", 2), ("Dora", 2), ("Ben", 2), ("Emil", 2)];
        assert_eq!(places, want.map(|(p, n)| (p.to_string(), n)));
        assert!(
            partner("Anna+Cleo+Emil,Ben+Dora+Fritz", &[&["Anna", "Cleo", "Emil"], &["Ben", "Dora", "Fritz"]], 6)
                .is_ok()
        );
    }

    #[test]
    fn partner_games_are_checked() {
        let two: &[&[&str]] = &[&["Anna", "Cleo"], &["Ben", "Dora"]];
        let err = partner("Ben+Anna,Dora+Cleo", two, 4).unwrap_err();
        assert_eq!(err.code(), "team-split");
        assert_eq!(
            err.to_string(),
            "Anna and Cleo are partners, so they share one place: list a team's members together in the order"
        );
        let err = partner("Anna+Cleo,Ben+Dora", &[&["Anna", "Cleo", "Ben"], &["Dora"]], 4).unwrap_err();
        assert_eq!(err, Error::TeamSizes { players: 4, sizes: "3+1".into() });
        assert_eq!(partner("Anna+Cleo+Ben", &[&["Anna", "Cleo", "Ben"]], 3).unwrap_err().code(), "team-sizes");
        assert_eq!(
            partner("Anna+Cleo,Ben+Dora", &[&["Anna", "Cleo"], &["Ben"]], 4).unwrap_err(),
            Error::MissingPlayer { player: "Dora".into() }
        );
        assert_eq!(
            partner("Anna+Cleo,Ben+Dora", &[&["Anna", "Cleo"], &["Ben", "Zoe"]], 4).unwrap_err().code(),
            "unknown-player"
        );
        assert_eq!(
            partner("Anna+Cleo,Ben+Dora", &[&["Anna", "Cleo"], &["Ben", "Anna"]], 4).unwrap_err().code(),
            "duplicate-player"
        );
        assert_eq!(partner("Anna+Cleo+Ben+Dora", two, 4).unwrap_err().code(), "no-winner");
        assert_eq!(partner("Anna+Cleo", two, 4).unwrap_err(), Error::MissingPlayer { player: "Ben".into() });
        let three: &[&[&str]] = &[&["Anna", "Dora"], &["Ben", "Emil"], &["Cleo", "Fritz"]];
        let err = partner("Anna+Dora+Ben+Emil,Cleo+Fritz", three, 6).unwrap_err();
        assert_eq!(err.code(), "no-winner");
        assert!(partner("Anna+Dora,Ben+Emil,Cleo+Fritz", three, 6).is_ok());
    }
}

//! Game options per league (docs/rules.md): how a league plays a game all season, so that a
//! result needs to state only what happened.
//!
//! A result that leaves an option out takes the league's; one that states an option
//! different from the league's is refused, naming both. The options in force are then
//! written into the result, so a later change of the league's options never rewrites an
//! old result. Decisions beyond docs/rules.md: house rules compare as sets (order does not
//! matter), and Mensch options set for Ghostbuster are Ghostbuster's own (a league that
//! counts the two together still sets each).

use super::{ColourMode, Edition, HouseRule, LaufRaufResult, MenschResult};
use crate::catalogue::GameKind;
use crate::error::Error;
use crate::slug::Slug;
use serde::{Deserialize, Serialize};

/// Options of a Lauf Rauf! game: the rule edition and whether the cards are in play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct LaufRaufOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<bool>,
}

/// Options of a Mensch ärgere Dich nicht (or Ghostbuster) game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct MenschOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<Vec<HouseRule>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<ColourMode>,
    /// `true`: the league plays the game with partners, and every result states its teams;
    /// `false`: never with partners. Left out: each result says (teams or none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partners: Option<bool>,
}

/// How a league plays its games, keyed by game slug. Rangeln and Hase und Igel have no
/// options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    #[serde(rename = "lauf-rauf", default, skip_serializing_if = "Option::is_none")]
    pub lauf_rauf: Option<LaufRaufOptions>,
    #[serde(rename = "mensch-aergere-dich-nicht", default, skip_serializing_if = "Option::is_none")]
    pub mensch: Option<MenschOptions>,
    #[serde(rename = "ghostbuster", default, skip_serializing_if = "Option::is_none")]
    pub ghostbuster: Option<MenschOptions>,
}

/// One league option set from text, `GAME.OPTION=VALUE` (the CLI's `--option`).
pub const OPTION_NAMES: [&str; 8] = [
    "lauf-rauf.edition",
    "lauf-rauf.cards",
    "mensch-aergere-dich-nicht.house-rules",
    "mensch-aergere-dich-nicht.colours",
    "mensch-aergere-dich-nicht.partners",
    "ghostbuster.house-rules",
    "ghostbuster.colours",
    "ghostbuster.partners",
];

impl GameOptions {
    pub fn is_empty(&self) -> bool {
        self == &GameOptions::default()
    }

    /// The games these options are set for.
    pub fn games(&self) -> Vec<GameKind> {
        [
            (self.lauf_rauf.is_some(), GameKind::LaufRauf),
            (self.mensch.is_some(), GameKind::MenschAergereDichNicht),
            (self.ghostbuster.is_some(), GameKind::Ghostbuster),
        ]
        .into_iter()
        .filter_map(|(set, game)| set.then_some(game))
        .collect()
    }

    /// Sets one option from `GAME.OPTION=VALUE` text: `lauf-rauf.edition=revised`,
    /// `lauf-rauf.cards=true`, `mensch-aergere-dich-nicht.house-rules=barriers+three-rolls`
    /// (`+` between rules, empty for none), `ghostbuster.colours=two-each`.
    pub fn set(&mut self, text: &str) -> Result<(), String> {
        let (key, value) = text
            .split_once('=')
            .ok_or_else(|| format!("{text:?}: write GAME.OPTION=VALUE, e.g. lauf-rauf.edition=revised"))?;
        let (key, value) = (key.trim(), value.trim());
        let bad = |expected: String| format!("{key}={value}: expected {expected}");
        let one_of = |all: &[&str]| format!("one of {}", all.join(", "));
        let no_such = || format!("{key}: no such option; the options are {}", OPTION_NAMES.join(", "));
        // The game as typed: its slug or its short name (`mensch.house-rules`).
        let (game, option) = key.split_once('.').ok_or_else(no_such)?;
        let game = GameKind::parse_typed(game).map_err(|_| no_such())?;
        match (game, option) {
            (GameKind::LaufRauf, "edition") => {
                let edition = parse::<Edition>(value).ok_or_else(|| bad(one_of(&slugs::<Edition>())))?;
                self.lauf_rauf.get_or_insert_default().edition = Some(edition);
            }
            (GameKind::LaufRauf, "cards") => {
                self.lauf_rauf.get_or_insert_default().cards =
                    Some(yes_no(value).ok_or_else(|| bad("true or false".into()))?);
            }
            (GameKind::MenschAergereDichNicht | GameKind::Ghostbuster, "partners") => {
                let partners = yes_no(value).ok_or_else(|| bad("true or false".into()))?;
                self.mensch_mut(game).get_or_insert_default().partners = Some(partners);
            }
            (GameKind::MenschAergereDichNicht | GameKind::Ghostbuster, "house-rules") => {
                let rules = value
                    .split('+')
                    .filter(|r| !r.trim().is_empty())
                    .map(|r| parse::<HouseRule>(r.trim()))
                    .collect::<Option<Vec<HouseRule>>>()
                    .ok_or_else(|| bad(format!("house rules joined by '+', each {}", one_of(&slugs::<HouseRule>()))))?;
                super::mensch::check_house_rules(game, &rules).map_err(|e| format!("{key}={value}: {e}"))?;
                self.mensch_mut(game).get_or_insert_default().house_rules = Some(rules);
            }
            (GameKind::MenschAergereDichNicht | GameKind::Ghostbuster, "colours") => {
                let colours = parse::<ColourMode>(value).ok_or_else(|| bad(one_of(&slugs::<ColourMode>())))?;
                self.mensch_mut(game).get_or_insert_default().colours = Some(colours);
            }
            _ => return Err(no_such()),
        }
        Ok(())
    }

    /// The Mensch-like options of `game` (Mensch ärgere Dich nicht or Ghostbuster).
    fn mensch_mut(&mut self, game: GameKind) -> &mut Option<MenschOptions> {
        if game == GameKind::Ghostbuster { &mut self.ghostbuster } else { &mut self.mensch }
    }

    /// Checks the options themselves: each house rule once.
    pub fn validate(&self) -> Result<(), Error> {
        let games = [(GameKind::MenschAergereDichNicht, &self.mensch), (GameKind::Ghostbuster, &self.ghostbuster)];
        for (game, mensch) in games {
            if let Some(rules) = mensch.as_ref().and_then(|m| m.house_rules.as_ref()) {
                super::mensch::check_house_rules(game, rules)?;
            }
        }
        Ok(())
    }

    /// Gives a Lauf Rauf! result the league's options where it leaves them out, and
    /// refuses one it contradicts.
    pub(crate) fn apply_lauf_rauf(&self, result: &mut LaufRaufResult) -> Result<(), Error> {
        let league = self.lauf_rauf.unwrap_or_default();
        take(GameKind::LaufRauf, "edition", &mut result.edition, league.edition, |e| e.slug().into())?;
        take(GameKind::LaufRauf, "cards", &mut result.cards, league.cards, |c| c.to_string())
    }

    /// The same for a Mensch (`game`: Mensch or Ghostbuster) result, whose options in
    /// force are then all written down (none set: no house rules, one colour each).
    pub(crate) fn apply_mensch(&self, game: GameKind, result: &mut MenschResult) -> Result<(), Error> {
        let league = if game == GameKind::Ghostbuster { &self.ghostbuster } else { &self.mensch };
        let league = league.clone().unwrap_or_default();
        let sorted = |rules: &Vec<HouseRule>| {
            let mut rules = rules.clone();
            rules.sort();
            rules
        };
        if let (Some(stated), Some(set)) = (&result.house_rules, &league.house_rules)
            && sorted(stated) != sorted(set)
        {
            return Err(conflict(game, "house rules", &house_rules(stated), &house_rules(set)));
        }
        if result.house_rules.is_none() {
            result.house_rules = Some(league.house_rules.clone().unwrap_or_default());
        }
        take(game, "colours", &mut result.colours, league.colours, |c| c.slug().into())?;
        result.colours.get_or_insert_default();
        match (league.partners, &result.teams) {
            (Some(true), None) => Err(Error::TeamsRequired { game }),
            (Some(false), Some(_)) => Err(conflict(game, "partners", "yes (teams)", "no")),
            _ => Ok(()),
        }
    }
}

/// The result's option, or the league's where the result leaves it out; both stated and
/// different is refused.
fn take<T: Copy + PartialEq>(
    game: GameKind,
    option: &'static str,
    stated: &mut Option<T>,
    league: Option<T>,
    show: impl Fn(T) -> String,
) -> Result<(), Error> {
    match (*stated, league) {
        (Some(s), Some(l)) if s != l => Err(conflict(game, option, &show(s), &show(l))),
        (None, Some(l)) => {
            *stated = Some(l);
            Ok(())
        }
        _ => Ok(()),
    }
}

fn conflict(game: GameKind, option: &'static str, stated: &str, league: &str) -> Error {
    Error::OptionConflict { game, option, stated: stated.to_owned(), league: league.to_owned() }
}

fn house_rules(rules: &[HouseRule]) -> String {
    if rules.is_empty() {
        return "none".into();
    }
    rules.iter().map(|r| r.slug()).collect::<Vec<_>>().join("+")
}

fn yes_no(text: &str) -> Option<bool> {
    match text {
        "true" | "yes" => Some(true),
        "false" | "no" => Some(false),
        _ => None,
    }
}

fn parse<T: Slug>(text: &str) -> Option<T> {
    T::all().iter().copied().find(|v| v.slug() == text)
}

fn slugs<T: Slug>() -> Vec<&'static str> {
    T::all().iter().map(|v| v.slug()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lauf_rauf(edition: Option<Edition>, cards: Option<bool>) -> LaufRaufResult {
        LaufRaufResult { order: "A,B".parse().unwrap(), edition, cards }
    }

    #[test]
    fn options_are_set_from_text() {
        let mut options = GameOptions::default();
        options.set("lauf-rauf.edition=revised").unwrap();
        options.set("lauf-rauf.cards=true").unwrap();
        options.set("mensch-aergere-dich-nicht.house-rules=barriers+backward-capture").unwrap();
        options.set("ghostbuster.colours=two-each").unwrap();
        let json = serde_json::to_value(&options).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "lauf-rauf": {"edition": "revised", "cards": true},
                "mensch-aergere-dich-nicht": {"house_rules": ["barriers", "backward-capture"]},
                "ghostbuster": {"colours": "two-each"}
            })
        );
        assert_eq!(serde_json::from_value::<GameOptions>(json).unwrap(), options);
        assert!(options.set("lauf-rauf.edition=third").unwrap_err().contains("one of published, revised"));
        assert!(options.set("rangeln.rounds=3").unwrap_err().contains("no such option"));
        assert!(options.set("lauf-rauf.cards").unwrap_err().contains("GAME.OPTION=VALUE"));
        assert!(serde_json::from_value::<GameOptions>(serde_json::json!({"rangeln": {}})).is_err());
        assert!(serde_json::from_value::<GameOptions>(serde_json::json!({"lauf-rauf": {"dice": 3}})).is_err());
    }

    #[test]
    fn a_result_takes_the_leagues_options_and_may_not_contradict_them() {
        let mut options = GameOptions::default();
        options.set("lauf-rauf.edition=revised").unwrap();
        options.set("lauf-rauf.cards=true").unwrap();
        let mut outcome = lauf_rauf(None, None);
        options.apply_lauf_rauf(&mut outcome).unwrap();
        assert_eq!(outcome, lauf_rauf(Some(Edition::Revised), Some(true)));
        let mut same = lauf_rauf(Some(Edition::Revised), None);
        options.apply_lauf_rauf(&mut same).unwrap();
        assert_eq!(same, outcome);
        let err = options.apply_lauf_rauf(&mut lauf_rauf(Some(Edition::Published), None)).unwrap_err();
        assert_eq!(err.code(), "option-conflict");
        assert_eq!(
            err.to_string(),
            "this result states edition published, but the league plays lauf-rauf with edition revised"
        );
        // Without league options, nothing is filled in and the result must say.
        let mut bare = lauf_rauf(None, Some(false));
        GameOptions::default().apply_lauf_rauf(&mut bare).unwrap();
        assert_eq!(bare, lauf_rauf(None, Some(false)));
    }

    #[test]
    fn house_rules_compare_as_sets_and_defaults_are_written_down() {
        let mut options = GameOptions::default();
        options.set("mensch-aergere-dich-nicht.house-rules=barriers+three-rolls").unwrap();
        let mensch = |rules: Option<Vec<HouseRule>>| MenschResult {
            order: "A,B".parse().unwrap(),
            teams: None,
            house_rules: rules,
            colours: None,
        };
        let mut r = mensch(Some(vec![HouseRule::ThreeRolls, HouseRule::Barriers]));
        options.apply_mensch(GameKind::MenschAergereDichNicht, &mut r).unwrap();
        assert_eq!(r.colours, Some(ColourMode::OneEach), "the default colours are written into the result");
        let err = options.apply_mensch(GameKind::MenschAergereDichNicht, &mut mensch(Some(vec![]))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "this result states house rules none, but the league plays mensch-aergere-dich-nicht with house rules barriers+three-rolls"
        );
        // Ghostbuster has its own options: Mensch's do not apply to it.
        let mut ghost = mensch(None);
        options.apply_mensch(GameKind::Ghostbuster, &mut ghost).unwrap();
        assert_eq!(ghost.house_rules, Some(vec![]));
    }

    #[test]
    fn a_league_can_make_partners_the_rule() {
        let mut options = GameOptions::default();
        options.set("mensch.partners=true").unwrap();
        options.set("ghostbuster.partners=no").unwrap();
        assert_eq!(options.mensch.as_ref().unwrap().partners, Some(true));
        assert!(options.set("mensch.partners=maybe").unwrap_err().contains("true or false"));
        let result = |teams: Option<Vec<Vec<String>>>| MenschResult {
            order: "A,B".parse().unwrap(),
            teams,
            house_rules: None,
            colours: None,
        };
        let teams = Some(vec![vec!["A".to_string()], vec!["B".to_string()]]);
        let err = options.apply_mensch(GameKind::MenschAergereDichNicht, &mut result(None)).unwrap_err();
        assert_eq!(err, Error::TeamsRequired { game: GameKind::MenschAergereDichNicht });
        assert!(options.apply_mensch(GameKind::MenschAergereDichNicht, &mut result(teams.clone())).is_ok());
        let err = options.apply_mensch(GameKind::Ghostbuster, &mut result(teams)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "this result states partners yes (teams), but the league plays ghostbuster with partners no"
        );
        assert!(GameOptions::default().apply_mensch(GameKind::Ghostbuster, &mut result(None)).is_ok());
    }
}

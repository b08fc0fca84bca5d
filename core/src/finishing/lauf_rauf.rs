//! Lauf Rauf!: a finishing order, plus the rule edition and whether cards were used.

use super::FinishingOrder;
use crate::catalogue::GameKind;
use crate::error::Error;
use crate::places::Placing;
use serde::{Deserialize, Serialize};

/// Which rules were played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Edition {
    /// The published edition: three dice.
    Published,
    /// The author's revised rules: two dice, start with a sum of at least 10, the
    /// mountain spirit on a first roll of 7.
    Revised,
}

/// The game-specific part of a Lauf Rauf! result. A result must say which game was
/// played: edition and cards are required, unless the league sets them in its game
/// options (a stored result always says).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A result names only what it means: a misspelt field is refused, never dropped.
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LaufRaufResult {
    /// Best first; players who did not reach their summit camp may be ranked by the
    /// order in which they would finish, or share the last place.
    pub order: FinishingOrder,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    /// Whether the cards were in play (without them: the beginners' game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<bool>,
}

impl LaufRaufResult {
    pub(crate) fn placings(&self, players: &[String]) -> Result<Vec<Placing>, Error> {
        let missing = |what| Error::OptionMissing { game: GameKind::LaufRauf, what };
        self.edition.ok_or_else(|| missing("the edition played"))?;
        self.cards.ok_or_else(|| missing("whether the cards were in play"))?;
        self.order.placings(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_and_cards_are_required_when_the_league_does_not_set_them() {
        let players: Vec<String> = ["A", "B"].iter().map(|s| s.to_string()).collect();
        let ok: LaufRaufResult =
            serde_json::from_str(r#"{"order": [["A"], ["B"]], "edition": "revised", "cards": false}"#).unwrap();
        assert_eq!((ok.edition, ok.cards), (Some(Edition::Revised), Some(false)));
        assert!(ok.placings(&players).is_ok());
        let no_edition: LaufRaufResult = serde_json::from_str(r#"{"order": [["A"], ["B"]], "cards": true}"#).unwrap();
        let err = no_edition.placings(&players).unwrap_err();
        assert_eq!(err.code(), "option-missing");
        assert_eq!(
            err.to_string(),
            "a lauf-rauf result must state the edition played, unless the league's game options set it"
        );
        let no_cards: LaufRaufResult =
            serde_json::from_str(r#"{"order": [["A"], ["B"]], "edition": "published"}"#).unwrap();
        assert_eq!(no_cards.placings(&players).unwrap_err().code(), "option-missing");
    }

    #[test]
    fn the_rest_may_share_last() {
        let r =
            LaufRaufResult { order: "A,B=C".parse().unwrap(), edition: Some(Edition::Published), cards: Some(true) };
        let players: Vec<String> = ["A", "B", "C"].iter().map(|s| s.to_string()).collect();
        let places: Vec<u32> = r.placings(&players).unwrap().iter().map(|p| p.place).collect();
        assert_eq!(places, [1, 2, 2]);
    }
}

//! Lauf Rauf!: a finishing order, plus the rule edition and whether cards were used.

use super::FinishingOrder;
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

/// The game-specific part of a Lauf Rauf! result. Edition and cards are required: a
/// result must say which game was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LaufRaufResult {
    /// Best first; players who did not reach their summit camp may be ranked by the
    /// order in which they would finish, or share the last place.
    pub order: FinishingOrder,
    pub edition: Edition,
    /// Whether the cards were in play (without them: the beginners' game).
    pub cards: bool,
}

impl LaufRaufResult {
    pub(crate) fn placings(&self, players: &[String]) -> Result<Vec<Placing>, Error> {
        self.order.placings(players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_and_cards_are_required() {
        let ok: LaufRaufResult =
            serde_json::from_str(r#"{"order": [["A"], ["B"]], "edition": "revised", "cards": false}"#).unwrap();
        assert_eq!(ok.edition, Edition::Revised);
        assert!(!ok.cards);
        assert!(serde_json::from_str::<LaufRaufResult>(r#"{"order": [["A"], ["B"]], "cards": true}"#).is_err());
        assert!(
            serde_json::from_str::<LaufRaufResult>(r#"{"order": [["A"], ["B"]], "edition": "published"}"#).is_err()
        );
    }

    #[test]
    fn the_rest_may_share_last() {
        let r = LaufRaufResult { order: "A,B=C".parse().unwrap(), edition: Edition::Published, cards: true };
        let players: Vec<String> = ["A", "B", "C"].iter().map(|s| s.to_string()).collect();
        let places: Vec<u32> = r.placings(&players).unwrap().iter().map(|p| p.place).collect();
        assert_eq!(places, [1, 2, 2]);
    }
}

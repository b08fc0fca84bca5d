//! The five games spielstand knows, with their stable slugs.

use crate::slug::Slug;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A game, serialised as its stable slug (`rangeln`, `mensch-aergere-dich-nicht`, ...).
/// Slugs are part of the public API: never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum GameKind {
    Rangeln,
    MenschAergereDichNicht,
    Ghostbuster,
    LaufRauf,
    HaseUndIgel,
}

impl GameKind {
    /// The German name as printed on the box.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Rangeln => "Rangeln",
            GameKind::MenschAergereDichNicht => "Mensch ärgere Dich nicht",
            GameKind::Ghostbuster => "Ghostbuster ärgere dich nicht",
            GameKind::LaufRauf => "Lauf Rauf!",
            GameKind::HaseUndIgel => "Hase und Igel",
        }
    }

    pub fn min_players(self) -> usize {
        match self {
            GameKind::Rangeln => 3,
            _ => 2,
        }
    }

    pub fn max_players(self) -> usize {
        match self {
            GameKind::Rangeln => 5,
            GameKind::LaufRauf => 4,
            _ => 6,
        }
    }

    /// Pieces each player plays with, or `None` when the player count is not allowed.
    /// A hare in Hase und Igel is one piece.
    pub fn pieces_per_player(self, players: usize) -> Option<u32> {
        if !(self.min_players()..=self.max_players()).contains(&players) {
            return None;
        }
        Some(match self {
            GameKind::Rangeln if players == 3 => 8,
            GameKind::Rangeln => 6,
            GameKind::MenschAergereDichNicht | GameKind::Ghostbuster => 4,
            GameKind::LaufRauf => 3,
            GameKind::HaseUndIgel => 1,
        })
    }

    pub fn info(self) -> GameInfo {
        GameInfo {
            slug: self,
            name: self.name().to_owned(),
            min_players: self.min_players(),
            max_players: self.max_players(),
            pieces_per_player: (self.min_players()..=self.max_players())
                .filter_map(|players| self.pieces_per_player(players).map(|pieces| PiecesPerPlayer { players, pieces }))
                .collect(),
        }
    }

    /// The whole catalogue, in a fixed order.
    pub fn catalogue() -> Vec<GameInfo> {
        GameKind::ALL.iter().map(|g| g.info()).collect()
    }
}

impl GameKind {
    /// The five games, in the catalogue's order.
    pub const ALL: &'static [GameKind] = <GameKind as strum::VariantArray>::VARIANTS;

    /// The short name organisers type: `mensch` and `hase` for the two long slugs, the
    /// slug itself for the others.
    pub fn short_name(self) -> &'static str {
        match self {
            GameKind::MenschAergereDichNicht => "mensch",
            GameKind::HaseUndIgel => "hase",
            other => other.slug(),
        }
    }

    /// A game as typed: its slug or its short name, in any case. Every command line
    /// that takes a game reads it through here, so each spelling works everywhere.
    pub fn parse_typed(text: &str) -> Result<GameKind, UnknownGame> {
        let typed = text.trim().to_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|g| g.slug() == typed || g.short_name() == typed)
            .ok_or_else(|| UnknownGame(text.to_owned()))
    }
}

/// On the command line a game is its slug, or its short name (an alias).
#[cfg(feature = "clap")]
impl clap::ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let value = clap::builder::PossibleValue::new(self.slug());
        Some(if self.short_name() == self.slug() { value } else { value.alias(self.short_name()) })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// The slug is not one of the five games.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game {0:?}: use one of rangeln, mensch-aergere-dich-nicht (mensch), ghostbuster, lauf-rauf, hase-und-igel (hase)"
)]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::from_slug(s).ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// A game as listed in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameInfo {
    pub slug: GameKind,
    /// German display name.
    pub name: String,
    pub min_players: usize,
    pub max_players: usize,
    /// Pieces per player for every allowed player count.
    pub pieces_per_player: Vec<PiecesPerPlayer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PiecesPerPlayer {
    pub players: usize,
    pub pieces: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_parse_and_unknown_games_are_named() {
        for &game in GameKind::ALL {
            assert_eq!(game.slug().parse::<GameKind>().unwrap(), game);
            assert_eq!(game.to_string(), game.slug());
        }
        assert_eq!("chess".parse::<GameKind>().unwrap_err(), UnknownGame("chess".into()));
        // Typed: slugs and short names, in any case; the wire takes slugs only.
        for (typed, game) in [
            ("mensch", GameKind::MenschAergereDichNicht),
            ("Hase", GameKind::HaseUndIgel),
            ("lauf-rauf", GameKind::LaufRauf),
            ("ghostbuster", GameKind::Ghostbuster),
            ("RANGELN", GameKind::Rangeln),
            ("hase-und-igel", GameKind::HaseUndIgel),
        ] {
            assert_eq!(GameKind::parse_typed(typed), Ok(game), "{typed}");
        }
        assert!(GameKind::parse_typed("men").is_err());
        assert!("mensch".parse::<GameKind>().is_err());
    }

    #[test]
    fn player_counts_and_pieces_follow_the_rules() {
        assert_eq!(GameKind::Rangeln.pieces_per_player(3), Some(8));
        assert_eq!(GameKind::Rangeln.pieces_per_player(4), Some(6));
        assert_eq!(GameKind::Rangeln.pieces_per_player(5), Some(6));
        assert_eq!(GameKind::Rangeln.pieces_per_player(2), None);
        assert_eq!(GameKind::Rangeln.pieces_per_player(6), None);
        for g in [GameKind::MenschAergereDichNicht, GameKind::Ghostbuster] {
            assert_eq!((g.min_players(), g.max_players()), (2, 6));
            assert_eq!(g.pieces_per_player(2), Some(4));
        }
        assert_eq!((GameKind::LaufRauf.min_players(), GameKind::LaufRauf.max_players()), (2, 4));
        assert_eq!(GameKind::LaufRauf.pieces_per_player(4), Some(3));
        assert_eq!(GameKind::HaseUndIgel.max_players(), 6);
        assert_eq!(GameKind::catalogue().len(), 5);
        assert_eq!(GameKind::MenschAergereDichNicht.name(), "Mensch ärgere Dich nicht");
    }
}

//! Wire names ("slugs") of enums: one mechanism for every enum that has one.
//!
//! An enum with a wire name derives serde with a `rename_all` case and strum's
//! `IntoStaticStr` and `VariantArray` with the same case (`serialize_all`); the blanket
//! implementation below then gives it [`Slug`]. Its tests call [`check_slugs`], which
//! holds every variant's slug to its serde name, so the two spellings cannot drift.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// An enum whose variants have stable wire names.
pub trait Slug: Sized + Copy + 'static {
    /// The variant's wire name, e.g. `mensch-aergere-dich-nicht`.
    fn slug(self) -> &'static str;

    /// Every variant, in declaration order.
    fn all() -> &'static [Self];

    /// The variant with this wire name.
    fn from_slug(slug: &str) -> Option<Self> {
        Self::all().iter().copied().find(|v| v.slug() == slug)
    }

    /// Every wire name, in declaration order, e.g. for an error message.
    fn slugs() -> Vec<&'static str> {
        Self::all().iter().map(|v| v.slug()).collect()
    }
}

impl<T> Slug for T
where
    T: Copy + 'static + strum::VariantArray + Into<&'static str>,
{
    fn slug(self) -> &'static str {
        self.into()
    }

    fn all() -> &'static [Self] {
        T::VARIANTS
    }
}

/// Checks that every variant's slug is its serde name, both ways: what a test of each
/// slugged enum calls.
pub fn check_slugs<T>() -> Result<(), String>
where
    T: Slug + Serialize + DeserializeOwned + PartialEq + Debug,
{
    if T::all().is_empty() {
        return Err(format!("{} has no variants", std::any::type_name::<T>()));
    }
    for &variant in T::all() {
        let serde_name = serde_json::to_value(variant).map_err(|e| e.to_string())?;
        if serde_name != variant.slug() {
            return Err(format!("{variant:?}: slug {:?}, serde name {serde_name}", variant.slug()));
        }
        let back: T = serde_json::from_value(serde_name).map_err(|e| e.to_string())?;
        if back != variant || T::from_slug(variant.slug()) != Some(variant) {
            return Err(format!("{variant:?}: {:?} does not read back", variant.slug()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finishing::{ColourMode, Edition, HouseRule};
    use crate::{GameKind, TieBreaker, rangeln::Ring};

    #[test]
    fn every_variant_of_every_slugged_enum_is_its_serde_name() {
        check_slugs::<GameKind>().unwrap();
        check_slugs::<HouseRule>().unwrap();
        check_slugs::<ColourMode>().unwrap();
        check_slugs::<Edition>().unwrap();
        check_slugs::<TieBreaker>().unwrap();
        check_slugs::<crate::draw::DrawMethod>().unwrap();
        check_slugs::<Ring>().unwrap();
        assert_eq!(
            GameKind::slugs(),
            ["rangeln", "mensch-aergere-dich-nicht", "ghostbuster", "lauf-rauf", "hase-und-igel"]
        );
        assert_eq!(HouseRule::from_slug("no-jumping-in-home-row"), Some(HouseRule::NoJumpingInHomeRow));
        assert_eq!(Edition::from_slug("Revised"), None);
    }
}

//! OpenAPI schemas written by hand, for the two types whose derived schemas client
//! generators cannot use (only with the feature `openapi`).
//!
//! - [`GameRecord`]: the derive describes it as `allOf` the common fields and a tagged
//!   `oneOf` of outcomes, which openapi-python-client drops together with every schema
//!   that uses it. Here it is a `oneOf` of complete objects, one per game, each a named
//!   component with `game` fixed to its slug, discriminated by `game`.
//! - [`RoundInput`]: its four forms become named components (`BoardRound`, `RingsRound`,
//!   `ScoresRound`, `MovesRound`) instead of inline objects whose generated names collide.
//!
//! It also holds the schemas of values whose checks live in core, for fields of other
//! types to use (`#[schema(schema_with = ...)]`): names, and the players of a Rangeln
//! round.

use crate::catalogue::GameKind;
use crate::finishing::{HaseUndIgelResult, LaufRaufResult, MenschResult};
use crate::rangeln::{Moves, RangelnResult, RingCounts, RoundInput};
use crate::record::{GameRecord, SeatedPlayer};
use crate::slug::Slug;
use std::borrow::Cow;
use utoipa::openapi::schema::{
    Array, ArrayBuilder, Discriminator, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// The players of a Rangeln round in seat order: as many as the game is played by, each
/// named once.
pub fn rangeln_players() -> Array {
    ArrayBuilder::new()
        .items(crate::names::schema())
        .min_items(Some(GameKind::Rangeln.min_players()))
        .max_items(Some(GameKind::Rangeln.max_players()))
        .unique_items(true)
        .build()
}

/// Each game's record: (component name, slug, the detail's component name, its schema).
fn variants() -> [(&'static str, GameKind, Cow<'static, str>); 5] {
    [
        ("RangelnRecord", GameKind::Rangeln, RangelnResult::name()),
        ("MenschRecord", GameKind::MenschAergereDichNicht, MenschResult::name()),
        ("GhostbusterRecord", GameKind::Ghostbuster, MenschResult::name()),
        ("LaufRaufRecord", GameKind::LaufRauf, LaufRaufResult::name()),
        ("HaseUndIgelRecord", GameKind::HaseUndIgel, HaseUndIgelResult::name()),
    ]
}

fn variant(game: GameKind, detail: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .description(Some(format!("A game of {}, as a club enters it.", game.info().name)))
        .property(
            "played_on",
            ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
        )
        .required("played_on")
        .property(
            "players",
            ArrayBuilder::new()
                .items(Ref::from_schema_name(SeatedPlayer::name()))
                .min_items(Some(game.min_players()))
                .max_items(Some(game.max_players()))
                .description(Some("Everyone at the table with their seat.")),
        )
        .required("players")
        .property("game", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([game.slug()])))
        .required("game")
        .property("detail", Ref::from_schema_name(detail))
        .required("detail")
        .property(
            "event_id",
            ObjectBuilder::new()
                // Null as well as absent: no night (what a client's optional field sends).
                .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Integer, Type::Null]))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .description(Some(
                    "The club night (event) of the league the game was played at; the game's date must be the night's. Absent or null: none.",
                )),
        )
        .into()
}

impl PartialSchema for GameRecord {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new().description(Some(
            "One played game, as a club enters it: the common fields and the game's own `detail`, chosen by `game`.",
        ));
        let mut discriminator = Discriminator::new("game");
        for (name, game, _) in variants() {
            one_of = one_of.item(Ref::from_schema_name(name));
            discriminator.mapping.insert(game.slug().to_owned(), format!("#/components/schemas/{name}"));
        }
        one_of.discriminator(Some(discriminator)).into()
    }
}

impl ToSchema for GameRecord {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, game, detail) in variants() {
            schemas.push((name.to_owned(), variant(game, &detail)));
        }
        schemas.push((SeatedPlayer::name().into_owned(), SeatedPlayer::schema()));
        <SeatedPlayer as ToSchema>::schemas(schemas);
        schemas.push((RangelnResult::name().into_owned(), RangelnResult::schema()));
        <RangelnResult as ToSchema>::schemas(schemas);
        schemas.push((MenschResult::name().into_owned(), MenschResult::schema()));
        <MenschResult as ToSchema>::schemas(schemas);
        schemas.push((LaufRaufResult::name().into_owned(), LaufRaufResult::schema()));
        <LaufRaufResult as ToSchema>::schemas(schemas);
        schemas.push((HaseUndIgelResult::name().into_owned(), HaseUndIgelResult::schema()));
        <HaseUndIgelResult as ToSchema>::schemas(schemas);
    }
}

fn form(property: &str, description: &str, value: impl Into<RefOr<Schema>>) -> RefOr<Schema> {
    ObjectBuilder::new().description(Some(description)).property(property, value).required(property).into()
}

fn forms() -> [(&'static str, RefOr<Schema>); 4] {
    [
        (
            "BoardRound",
            form(
                "board",
                "The final position in the board text format: `A`..`E` are the players in seats 1..5.",
                ObjectBuilder::new().schema_type(Type::String),
            ),
        ),
        (
            "RingsRound",
            form(
                "rings",
                "Per player, how many of their pieces stand on each ring.",
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .additional_properties(Some(Ref::from_schema_name(RingCounts::name()))),
            ),
        ),
        (
            "ScoresRound",
            form(
                "scores",
                "Per player, the bare round score. The scores must be possible together on one board.",
                ObjectBuilder::new().schema_type(Type::Object).additional_properties(Some(i32::schema())),
            ),
        ),
        (
            "MovesRound",
            form(
                "moves",
                "The round played move by move: every placement, then one turn per player, refereed step by step.",
                Ref::from_schema_name(Moves::name()),
            ),
        ),
    ]
}

impl PartialSchema for RoundInput {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new()
            .description(Some("One round's result, in any of the four accepted forms. Maps are keyed by player name."));
        for (name, _) in forms() {
            one_of = one_of.item(Ref::from_schema_name(name));
        }
        one_of.into()
    }
}

impl ToSchema for RoundInput {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, schema) in forms() {
            schemas.push((name.to_owned(), schema));
        }
        schemas.push((RingCounts::name().into_owned(), RingCounts::schema()));
        <RingCounts as ToSchema>::schemas(schemas);
        schemas.push((Moves::name().into_owned(), Moves::schema()));
        <Moves as ToSchema>::schemas(schemas);
    }
}

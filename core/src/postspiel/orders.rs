//! A round's orders: one per hare, keyed by name. A hare without an entry sent none (NMR).
//!
//! JSON (what the command line reads): `{"Anna": {"forward": 3}, "Ben": {"back": true},
//! "Cleo": {"stay": "eat"}}`; a move may carry what to do on "noch einmal ziehen"
//! (`{"forward": 3, "again": {"forward": 2}}`), and an order may be one condition with two
//! such orders (`{"if": {"carrots": {"at_least": 30}}, "then": {"forward": 5}, "else":
//! {"stay": "take"}}`).

use super::board::FieldKind;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// What a hare does when it stays (docs/rules.md "Orders": "aussetzen").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum StayKind {
    /// On a lettuce field: eat a lettuce.
    Eat,
    /// On a carrot field: take 10 carrots.
    Take,
    /// On a carrot field: give 10 carrots.
    Give,
    /// On a hare field after "einmal aussetzen" or "einen Salat fressen".
    Wait,
}

/// A move: what "noch einmal ziehen" may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Forward this many fields, paying F(F+1)/2 carrots.
    Forward(u32),
    /// Back to the nearest hedgehog field.
    Back,
}

/// What a hare does in phase 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Forward(u32),
    Back,
    Stay(StayKind),
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        match m {
            Move::Forward(n) => Action::Forward(n),
            Move::Back => Action::Back,
        }
    }
}

/// An action with the move to make if a hare event says "noch einmal ziehen".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Plain {
    pub action: Action,
    pub again: Option<Move>,
}

impl From<Action> for Plain {
    fn from(action: Action) -> Plain {
        Plain { action, again: None }
    }
}

/// A comparison of a number: `>= 30`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Comparison {
    pub op: Cmp,
    pub value: u32,
}

/// The comparison operators, with their JSON keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Cmp {
    AtLeast,
    MoreThan,
    AtMost,
    LessThan,
    Equals,
    Not,
}

impl Cmp {
    pub fn holds(self, left: u32, right: u32) -> bool {
        match self {
            Cmp::AtLeast => left >= right,
            Cmp::MoreThan => left > right,
            Cmp::AtMost => left <= right,
            Cmp::LessThan => left < right,
            Cmp::Equals => left == right,
            Cmp::Not => left != right,
        }
    }

    /// The operator in the text form.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::AtLeast => ">=",
            Cmp::MoreThan => ">",
            Cmp::AtMost => "<=",
            Cmp::LessThan => "<",
            Cmp::Equals => "=",
            Cmp::Not => "!=",
        }
    }
}

/// What a condition asks about a hare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Test {
    Carrots(Comparison),
    Lettuces(Comparison),
    /// The field number.
    Field(Comparison),
    /// The race position.
    Position(Comparison),
    /// The field's kind.
    Kind(FieldKind),
    /// Whether the hare is (`true`) or is not (`false`) alone on its field.
    Alone(bool),
}

/// A condition (docs/rules.md "Conditions"): about the state after an earlier round, never about the future.
/// It is evaluated on the state at the start of the round the order is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The hare asked about; `None` is the hare giving the order.
    pub hare: Option<String>,
    /// The round after which the state is meant; `None` is the previous round. A round not
    /// yet played is refused (`condition-future`).
    pub after: Option<u32>,
    pub test: Test,
}

/// One hare's order for one round.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Order {
    Plain(Plain),
    If { condition: Condition, then: Plain, otherwise: Plain },
}

impl From<Action> for Order {
    fn from(action: Action) -> Order {
        Order::Plain(action.into())
    }
}

/// The orders of one round, by hare name. Serialised as a JSON object; a name twice is refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Orders(pub BTreeMap<String, Order>);

impl Orders {
    pub fn get(&self, name: &str) -> Option<&Order> {
        self.0.get(name)
    }
}

impl<'de> Deserialize<'de> for Orders {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Unique;
        impl<'de> Visitor<'de> for Unique {
            type Value = Orders;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of hare names and their orders")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Orders, A::Error> {
                let mut orders = BTreeMap::new();
                while let Some((name, order)) = map.next_entry::<String, Order>()? {
                    if orders.contains_key(&name) {
                        return Err(serde::de::Error::custom(format!("two orders for {name}")));
                    }
                    orders.insert(name, order);
                }
                Ok(Orders(orders))
            }
        }
        deserializer.deserialize_map(Unique)
    }
}

// ---- JSON shapes: plain structs with optional keys, checked into the types above. ----

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawComparison {
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    more_than: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_most: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    less_than: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equals: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    not: Option<u32>,
}

impl Serialize for Comparison {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = BTreeMap::new();
        map.insert(<&str>::from(self.op), self.value);
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Comparison {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawComparison::deserialize(deserializer)?;
        let found: Vec<Comparison> = [
            (Cmp::AtLeast, raw.at_least),
            (Cmp::MoreThan, raw.more_than),
            (Cmp::AtMost, raw.at_most),
            (Cmp::LessThan, raw.less_than),
            (Cmp::Equals, raw.equals),
            (Cmp::Not, raw.not),
        ]
        .into_iter()
        .filter_map(|(op, value)| value.map(|value| Comparison { op, value }))
        .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            _ => Err(serde::de::Error::custom(
                "a comparison has exactly one of at_least, more_than, at_most, less_than, equals, not",
            )),
        }
    }
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hare: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    after: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    carrots: Option<Comparison>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lettuces: Option<Comparison>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    field: Option<Comparison>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<Comparison>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<FieldKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    alone: Option<bool>,
}

impl Serialize for Condition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut raw = RawCondition { hare: self.hare.clone(), after: self.after, ..RawCondition::default() };
        match self.test {
            Test::Carrots(c) => raw.carrots = Some(c),
            Test::Lettuces(c) => raw.lettuces = Some(c),
            Test::Field(c) => raw.field = Some(c),
            Test::Position(c) => raw.position = Some(c),
            Test::Kind(k) => raw.kind = Some(k),
            Test::Alone(a) => raw.alone = Some(a),
        }
        raw.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Condition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawCondition::deserialize(deserializer)?;
        let tests: Vec<Test> = [
            raw.carrots.map(Test::Carrots),
            raw.lettuces.map(Test::Lettuces),
            raw.field.map(Test::Field),
            raw.position.map(Test::Position),
            raw.kind.map(Test::Kind),
            raw.alone.map(Test::Alone),
        ]
        .into_iter()
        .flatten()
        .collect();
        match tests.as_slice() {
            [test] => Ok(Condition { hare: raw.hare, after: raw.after, test: *test }),
            _ => Err(serde::de::Error::custom(
                "a condition asks exactly one of carrots, lettuces, field, position, kind, alone",
            )),
        }
    }
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawMove {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forward: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    back: Option<bool>,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Move::Forward(n) => RawMove { forward: Some(n), back: None },
            Move::Back => RawMove { forward: None, back: Some(true) },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match RawMove::deserialize(deserializer)? {
            RawMove { forward: Some(n), back: None } => Ok(Move::Forward(n)),
            RawMove { forward: None, back: Some(true) } => Ok(Move::Back),
            _ => Err(serde::de::Error::custom(r#"a move is {"forward": N} or {"back": true}"#)),
        }
    }
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawOrder {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forward: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    back: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stay: Option<StayKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    again: Option<Move>,
    #[serde(default, rename = "if", skip_serializing_if = "Option::is_none")]
    condition: Option<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    then: Option<Box<RawOrder>>,
    #[serde(default, rename = "else", skip_serializing_if = "Option::is_none")]
    otherwise: Option<Box<RawOrder>>,
}

impl From<&Plain> for RawOrder {
    fn from(plain: &Plain) -> RawOrder {
        let mut raw = RawOrder { again: plain.again, ..RawOrder::default() };
        match plain.action {
            Action::Forward(n) => raw.forward = Some(n),
            Action::Back => raw.back = Some(true),
            Action::Stay(kind) => raw.stay = Some(kind),
        }
        raw
    }
}

const ORDER_SHAPES: &str = r#"an order is {"forward": N}, {"back": true} or {"stay": "eat"|"take"|"give"|"wait"}, optionally with "again": {"forward": N} or {"back": true}; or {"if": CONDITION, "then": ORDER, "else": ORDER}"#;

impl RawOrder {
    fn plain(self) -> Result<Plain, String> {
        let action = match self {
            RawOrder { forward: Some(n), back: None, stay: None, .. } => Action::Forward(n),
            RawOrder { forward: None, back: Some(true), stay: None, .. } => Action::Back,
            RawOrder { forward: None, back: None, stay: Some(kind), .. } => Action::Stay(kind),
            _ => return Err(ORDER_SHAPES.to_owned()),
        };
        if self.condition.is_some() || self.then.is_some() || self.otherwise.is_some() {
            return Err(format!("an order carries one condition, and its branches none: {ORDER_SHAPES}"));
        }
        Ok(Plain { action, again: self.again })
    }

    fn order(self) -> Result<Order, String> {
        if self.condition.is_none() && self.then.is_none() && self.otherwise.is_none() {
            return self.plain().map(Order::Plain);
        }
        match self {
            RawOrder {
                forward: None,
                back: None,
                stay: None,
                again: None,
                condition: Some(condition),
                then: Some(then),
                otherwise: Some(otherwise),
            } => Ok(Order::If { condition, then: then.plain()?, otherwise: otherwise.plain()? }),
            _ => Err(format!("a condition has \"if\", \"then\" and \"else\" and nothing else: {ORDER_SHAPES}")),
        }
    }
}

impl Serialize for Order {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Order::Plain(plain) => RawOrder::from(plain).serialize(serializer),
            Order::If { condition, then, otherwise } => RawOrder {
                condition: Some(condition.clone()),
                then: Some(Box::new(then.into())),
                otherwise: Some(Box::new(otherwise.into())),
                ..RawOrder::default()
            }
            .serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawOrder::deserialize(deserializer)?.order().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_shapes_of_the_brief_read_and_write_back() {
        let json = r#"{"Anna":{"forward":3},"Ben":{"back":true},"Cleo":{"stay":"eat"},"Dora":{"if":{"carrots":{"at_least":30}},"then":{"forward":5},"else":{"stay":"take"}},"Emil":{"forward":3,"again":{"forward":2}}}"#;
        let orders: Orders = serde_json::from_str(json).unwrap();
        assert_eq!(orders.get("Anna"), Some(&Order::from(Action::Forward(3))));
        assert_eq!(
            orders.get("Emil"),
            Some(&Order::Plain(Plain { action: Action::Forward(3), again: Some(Move::Forward(2)) }))
        );
        let Some(Order::If { condition, .. }) = orders.get("Dora") else { panic!("Dora has a condition") };
        assert_eq!(condition.test, Test::Carrots(Comparison { op: Cmp::AtLeast, value: 30 }));
        assert_eq!(serde_json::to_string(&orders).unwrap(), json);
    }

    #[test]
    fn malformed_orders_are_refused() {
        for bad in [
            r#"{"Anna":{"forward":3,"back":true}}"#,
            r#"{"Anna":{"back":false}}"#,
            r#"{"Anna":{"stay":"sleep"}}"#,
            r#"{"Anna":{"forward":-1}}"#,
            r#"{"Anna":{"jump":1}}"#,
            r#"{"Anna":{"if":{"carrots":{"at_least":3}},"then":{"forward":1}}}"#,
            r#"{"Anna":{"if":{"carrots":{"at_least":3},"lettuces":{"equals":0}},"then":{"forward":1},"else":{"back":true}}}"#,
            r#"{"Anna":{"if":{"alone":true},"then":{"if":{"alone":true},"then":{"forward":1},"else":{"back":true}},"else":{"back":true}}}"#,
            r#"{"Anna":{"forward":1},"Anna":{"back":true}}"#,
            r#"{"Anna":{"forward":1,"again":{"stay":"eat"}}}"#,
        ] {
            assert!(serde_json::from_str::<Orders>(bad).is_err(), "{bad}");
        }
    }
}

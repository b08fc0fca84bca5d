//! Hase und Igel as a postal game: the game master's adjudicator, as
//! docs/rules.md "Hase und Igel as a postal game" reads the rule text. Pure: a state and a
//! round's orders in, the next state and a report out.
//!
//! - [`GameState`] is the game between rounds ([`Board`], [`EventTable`], the hares);
//! - [`Orders`] are a round's orders, as JSON or in the text form for mail;
//! - [`validate`] refuses, when orders arrive, what can be known before the round;
//! - [`resolve`] plays one round in the rule text's three phases and reports;
//! - [`final_order`] and [`league_result`] turn a finished game into a result.
//!
//! # The text form of orders
//!
//! One order per line, `NAME: ORDER`; keywords German or English, in any case; `#` starts
//! a comment line. `N` is a number, `NAME` a hare's name.
//!
//! ```text
//! ORDER     = PLAIN | ("wenn"|"if") TEST ("dann"|"then") PLAIN ("sonst"|"else") PLAIN
//! PLAIN     = ACTION [[","|";"] ("nochmal"|"again") MOVE]
//! ACTION    = MOVE | ("bleiben"|"aussetzen"|"stay") STAY
//! MOVE      = ("vor"|"forward") N | ("zurück"|"zurueck"|"back")
//! STAY      = "fressen"|"eat" | "nehmen"|"take" | "abgeben"|"give" | "warten"|"wait"
//! TEST      = [("nach"|"after") ("Runde"|"round") N] FACT
//! FACT      = SUBJECT [OF] OP N | ("Feld"|"field") [OF] ("ist"|"is") KIND
//!           | [("nicht"|"not")] ("allein"|"alone") [OF]
//! SUBJECT   = "Möhren"|"carrots" | "Salate"|"lettuces" | "Feld"|"field" | "Platz"|"position"
//! OF        = ("von"|"of") NAME
//! OP        = ">=" | ">" | "<=" | "<" | "=" | "!="
//! KIND      = "Start" | "Ziel"|"goal" | "Hase"|"hare" | "Möhre"|"carrot" | "Salat"|"lettuce"
//!           | "Igel"|"hedgehog" | "Zahl"|"number" | "Flagge"|"flag"
//! ```
//!
//! For example `Anna: vor 3`, `Ben: back`, `Cleo: bleiben fressen`, `Dora: forward 3,
//! again forward 2`, `Emil: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen`, `Fritz: if
//! not alone then forward 1 else stay eat`, `Greta: wenn Platz von Anna <= 2 dann zurück
//! sonst vor 2`. A condition is about the state the round starts from (after the previous
//! round): `nach Runde N` may name that round, a later one is refused (`condition-future`).
//! [`Order`]'s `Display` writes the English form, [`Order::text`] either.

mod board;
mod events;
mod orders;
mod outcome;
mod refusal;
mod report;
mod resolve;
mod state;
mod strategy;
mod text;

pub use board::{Board, BoardError, DEFAULT_BOARD, FLAG_POSITIONS, Field, FieldKind, MAX_FIELDS};
pub use events::{EventTable, HareEvent, POSITIONS, event_code};
pub use orders::{Action, Cmp, Comparison, Condition, Move, Order, Orders, Plain, StayKind, Test};
pub use outcome::{FinalPlace, final_order, league_result};
pub use refusal::{Refusal, RefusalCode, validate};
pub use report::{Happening, Lang, Line, Pay, Phase, Report, Resolution};
pub use resolve::{MAX_EVENT_PHASES, ResolveError, resolve};
pub use state::{GameState, Hare, Pending, StateError};
pub use strategy::{careful_order, careful_orders};
pub use text::TextError;

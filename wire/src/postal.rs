//! Hase und Igel by post: the game master's game, the orders hares send for a round, and
//! each resolved round's report (docs/organisers.md "A postal game").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Most hares in a postal game: a Hase und Igel result seats at most six.
pub const MAX_POSTAL_HARES: usize = 6;
/// Most rounds a game may be set to: the rule text's games end long before.
pub const MAX_POSTAL_ROUNDS: u32 = 200;
/// Most days between two deadlines.
pub const MAX_ROUND_DAYS: u32 = 60;

/// `POST /leagues/{id}/postal-games`: a new postal game of the league's players.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostalGameInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 120))]
    pub title: String,
    /// The hares, by player name, in seat order: two to six different players.
    #[cfg_attr(feature = "openapi", schema(min_items = 2, max_items = 6))]
    pub players: Vec<String>,
    /// The last round played; the game ends after it if not every hare has finished.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 200))]
    pub round_limit: u32,
    /// The deadline of round 1: orders arrive until then, and the round is resolved
    /// then unless the game master resolves it earlier. Must lie ahead.
    pub first_deadline: DateTime<Utc>,
    /// Days from one round's deadline to the next one's.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 60))]
    pub round_days: u32,
    /// The board in its text form (docs/rules.md); left out: the default board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Mail addresses of hares, by player name: each resolved round's report is mailed to
    /// them (when the server has a mail server, `--smtp-url`), and an order mail from one
    /// is that hare's. Never shown again but to the game master.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub addresses: std::collections::BTreeMap<String, String>,
    /// The game master's address: a copy of every report, and word of a mail that could
    /// not be delivered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_address: Option<String>,
}

/// One hare as the game stands (public after every round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalHare {
    /// 1 to the number of hares: the order given when the game was made.
    pub seat: u32,
    pub player_id: i64,
    /// The hare's name in the game (the player's name when it was made).
    pub name: String,
    /// The hare's place in the race now (events and bonuses go by it): 1 for the hare
    /// ahead, finished hares first in the places they finished in.
    pub position: u32,
    /// 0 is the start; the goal is the board's last field.
    pub field: u32,
    pub carrots: u32,
    pub lettuces: u32,
    /// What the hare must do next round: `wait`, `eat` or `leave`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<String>,
    /// The place it finished in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<u32>,
}

/// A postal game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalGame {
    pub id: i64,
    pub league_id: i64,
    pub title: String,
    /// The next round to resolve (one past the last, once the game is over).
    pub round: u32,
    pub round_limit: u32,
    pub round_days: u32,
    /// When the next round is resolved; `null` once the game is over.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub deadline: Option<DateTime<Utc>>,
    pub finished: bool,
    /// The league result the finished game became; `null` before, and for a game over
    /// in which no hare reached the goal (a result needs a winner).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub result_id: Option<i64>,
    /// The board's text form; `default` for the default board.
    pub board: String,
    pub hares: Vec<PostalHare>,
    pub created_at: DateTime<Utc>,
}

/// A hare's code: it sends that hare's orders (`Authorization: Bearer <code>`), shown only
/// when the game is made.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalCode {
    pub player: String,
    pub code: String,
}

/// `POST /postal-games/{id}/codes`: a new code for a hare whose code was lost (the old
/// one stops working).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostalCodeInput {
    /// The hare, by its name in the game.
    pub player: String,
}

/// The game made, with every hare's code.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalGameCreated {
    pub game: PostalGame,
    pub codes: Vec<PostalCode>,
}

/// One order: for the round about to be resolved or the one after it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostalOrderInput {
    pub round: u32,
    /// The order in its text form, German or English (`vor 3`, `wenn Möhren >= 30 dann
    /// vor 5 sonst bleiben nehmen`; docs/rules.md), one line, without the hare's name.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 300))]
    pub order: String,
}

/// `PUT /postal-games/{id}/orders`: a hare's orders for the next round, or the next two;
/// each replaces what that hare sent for its round before.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostalOrdersInput {
    /// Whose orders: the game master names the hare; a hare's own code or night pass
    /// sends its own (left out, or its own name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 2))]
    pub orders: Vec<PostalOrderInput>,
    /// The sender's address of an order mail the game master feeds in as received: it
    /// must be the address the hare has in the game (the hare is found by it when
    /// `player` is left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

/// One order as kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalOrderReceipt {
    pub round: u32,
    /// The order as it will be carried out, in the English text form.
    pub order: String,
    /// It replaced an order sent for this round before.
    pub replaced: bool,
}

/// The orders kept for a hare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalOrdersReceipt {
    pub player: String,
    pub orders: Vec<PostalOrderReceipt>,
}

/// `POST /postal-games/{id}/resolve`: resolve this round now (it must be the game's next
/// round, so that a second click resolves nothing twice).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostalResolveInput {
    pub round: u32,
}

/// One line of a round's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalLine {
    pub hare: String,
    /// The rule text's phase: `1`, `2`, `2a`, ..., `3`.
    pub phase: String,
    /// What happened, in the language asked for.
    pub text: String,
}

/// The order a hare's round was resolved with, in the text form of the language asked for;
/// `null`: none arrived (NMR).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalOrderShown {
    pub hare: String,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub order: Option<String>,
}

/// A resolved round: the orders (public from now on), the report, the hares after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalRound {
    pub game_id: i64,
    pub round: u32,
    pub resolved_at: DateTime<Utc>,
    /// The token that resolved it, or `deadline`.
    pub resolved_by: String,
    pub orders: Vec<PostalOrderShown>,
    pub lines: Vec<PostalLine>,
    pub hares: Vec<PostalHare>,
    /// The game ended with this round.
    pub game_over: bool,
    /// The final ranking, once the game ended with this round (empty before): finishers in
    /// the places they finished in, then the others by race position.
    pub ranking: Vec<PostalPlace>,
    /// The league result the game became, once it ended with this round; `null` before,
    /// and for a game in which no hare reached the goal.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub result_id: Option<i64>,
    /// The whole report in the language asked for, as the game master sends it to the
    /// players: the orders, the report with a legend of its phases, the hares with their
    /// race positions and duties, and at the end the ranking and the league result.
    pub text: String,
}

/// A hare's place in a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalPlace {
    pub place: u32,
    pub name: String,
    /// Crossed the finish (else ranked by race position).
    pub finished: bool,
    /// The field it ended on.
    pub field: u32,
    pub carrots: u32,
    pub lettuces: u32,
    /// The round it finished in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

/// The language of a round's report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ReportLang {
    #[default]
    De,
    En,
}

/// The query of a round's report (`get_postal_round`, `resolve_postal_round`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct ReportParams {
    /// Language of the report's lines; German by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(inline))]
    pub lang: Option<ReportLang>,
}

impl crate::query::Query for ReportParams {
    const OPERATIONS: &'static [&'static str] = &["get_postal_round", "resolve_postal_round"];

    fn every() -> Self {
        ReportParams { lang: Some(ReportLang::En) }
    }
}

/// One report mailed, or waiting to be (`GET /postal-games/{id}/mails`, the game
/// master's): a failure is kept and the mail tried again, later each time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostalMail {
    pub round: u32,
    /// The hare it is for; `null`: the game master's copy.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub hare: Option<String>,
    pub to: String,
    /// Tries so far.
    pub attempts: u32,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub sent_at: Option<DateTime<Utc>>,
    /// Why the last try failed; `null` once sent, or before the first try.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub error: Option<String>,
    /// When it is tried next; `null` once sent, or when the server gave up.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub next_at: Option<DateTime<Utc>>,
}

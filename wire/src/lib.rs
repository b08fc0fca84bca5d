//! What travels between the spielstand server and its clients: every request and
//! response body of the HTTP API, its problem documents, the standings query, paging and
//! the header names. The server (`spielstand-api`), the command-line client
//! (`spielstand-cli`) and the benchmarks all use these types, so they cannot drift apart.
//! Game data is core's own types, in exactly this JSON shape.
//!
//! With the feature `openapi` the types derive their utoipa schemas, from which the
//! server's OpenAPI document is made.

// One file per resource, as `api/src/http/handlers/` and `cli/src/commands/` have them.
mod audit;
mod batch;
pub mod calls;
mod dates;
mod event;
mod export;
pub mod headers;
mod leagues;
mod meta;
mod paging;
mod passes;
mod players;
mod position;
mod postal;
mod problem;
pub mod query;
mod results;
mod seating;
mod standings;
mod stats;
mod tokens;
pub mod webhook;

pub use audit::{AuditAction, AuditEntry, AuditPage, AuditParams};
pub use batch::{BatchInput, BatchItem, BatchItemOutcome, BatchOutcome, BatchStatus, MAX_BATCH_ITEMS, ResultSource};
pub use dates::FILTER_DATE_PATTERN;
pub use event::{Event, EventInput, EventReport, LiveHtml, MAX_EVENT_TEXT, NightFrame};
pub use export::{EXPORT_FORMAT, LeagueExport};
pub use leagues::*;
pub use meta::*;
pub use paging::{DEFAULT_PAIRS_PER_PAGE, DEFAULT_PER_PAGE, Listed, MAX_PAIRS_PER_PAGE, MAX_PER_PAGE, Page};
pub use passes::{
    JOIN_CODE_LENGTH, JoinCode, JoinCodeInput, JoinInput, NightPass, PassEnd, PassInfo, normalise_code, pass_label,
    shown_code,
};
pub use players::*;
pub use position::Position;
pub use postal::*;
pub use problem::{PROBLEM_JSON, Problem, ProblemType, RefusedOrder, UnknownName};
pub use results::*;
pub use seating::*;
pub use standings::*;
pub use stats::*;
pub use tokens::*;
pub use webhook::{Delivery, DeliveryPage, DeliveryStatus, NewWebhook, Webhook, WebhookEvent, WebhookInput};

//! RFC 9457 problem details: the body of every error answer.

use serde::{Deserialize, Serialize};
use spielstand_core::RuleCode;

/// The media type of a problem document.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// An RFC 9457 problem.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Problem {
    /// Stable identifier of the kind of problem, e.g. `/problems/piece-count`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    /// What went wrong, naming the field, player, round, cell or line at fault.
    pub detail: String,
    /// The request's id, also in the `X-Request-Id` header and the server log.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub request_id: Option<String>,
    /// For a name nobody has (an unknown player): the closest known names, best first (of
    /// the first such name; `unknown_names` has every one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// Every name nobody has, in the order of the request, each with its closest known
    /// names: all typos answered at once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unknown_names: Vec<UnknownName>,
    /// For an order of a postal game refused when it arrived (`send_postal_orders`):
    /// which order and why, for a client to say it in its reader's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused_order: Option<RefusedOrder>,
}

/// A name in a request that nobody has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnknownName {
    /// The request field that holds it, e.g. `players[2].player`.
    pub field: String,
    pub name: String,
    /// The closest known names, best first; empty when none is close.
    pub suggestions: Vec<String>,
}

/// An order of a postal game refused when it arrived: it does not read, or it breaks a
/// rule where that is known then (docs/rules.md "Hase und Igel as a postal game"). Nothing
/// of the request was kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RefusedOrder {
    /// The request field that holds it, e.g. `orders[1].order`.
    pub field: String,
    /// The round it was sent for.
    pub round: u32,
    /// The hare whose order it is.
    pub hare: String,
    /// The order in the English text form, which reads back as the same order in either
    /// language; as it was sent when it does not read.
    pub order: String,
    /// The refusal's stable code (docs/rules.md), e.g. `carrots-short`; `null`: the order
    /// does not read.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub code: Option<String>,
    /// What is wrong, with the numbers, in English.
    pub reason: String,
}

impl Problem {
    /// The stable problem code: `piece-count` for `/problems/piece-count`.
    pub fn code(&self) -> &str {
        self.kind.rsplit('/').next().unwrap_or(&self.kind)
    }

    /// The kind of problem, if this server version knows it.
    pub fn problem_type(&self) -> Option<ProblemType> {
        ProblemType::from_slug(self.code())
    }
}

/// Declares [`ProblemType`]'s own variants with their slugs, once.
macro_rules! problem_types {
    ($($(#[$doc:meta])* $variant:ident = $slug:literal,)*) => {
        /// Every kind of problem the API answers with: its `type` is `/problems/<slug>`.
        /// The list is complete and fixed by a test: the API's own kinds, then every rule
        /// a result, board or league setting can break (core's [`RuleCode`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ProblemType {
            $($(#[$doc])* $variant,)*
            /// A game or league rule is broken (422).
            Rule(RuleCode),
        }

        impl ProblemType {
            /// The slug, e.g. `not-found` or `piece-count`.
            pub fn slug(self) -> &'static str {
                match self {
                    $(ProblemType::$variant => $slug,)*
                    ProblemType::Rule(code) => code.slug(),
                }
            }

            pub fn from_slug(slug: &str) -> Option<ProblemType> {
                match slug {
                    $($slug => Some(ProblemType::$variant),)*
                    other => other.parse().ok().map(ProblemType::Rule),
                }
            }

            /// Every problem type, the API's own first.
            pub fn all() -> impl Iterator<Item = ProblemType> {
                [$(ProblemType::$variant,)*].into_iter().chain(RuleCode::all().map(ProblemType::Rule))
            }
        }
    };
}

problem_types! {
    /// No such player, league, result or webhook (404).
    NotFound = "not-found",
    /// A name already taken (409).
    Conflict = "conflict",
    /// The body is not JSON at all (400).
    MalformedJson = "malformed-json",
    /// The body is JSON of the wrong shape; the detail names the field (422).
    InvalidBody = "invalid-body",
    InvalidQuery = "invalid-query",
    InvalidPath = "invalid-path",
    InvalidHeader = "invalid-header",
    /// No token, or one this server does not know (401).
    Unauthorized = "unauthorized",
    TokenRevoked = "token-revoked",
    /// The token's scope or league does not allow this write; the detail names the scope
    /// it needs (403).
    InsufficientScope = "insufficient-scope",
    /// `If-Match` names another revision (412).
    PreconditionFailed = "precondition-failed",
    /// A correction or deletion without `If-Match` (428).
    PreconditionRequired = "precondition-required",
    IdempotencyKeyReused = "idempotency-key-reused",
    /// A club night of another league, or a game not on its night's date (422).
    EventMismatch = "event-mismatch",
    /// A new game for a club night that an admin has closed; the detail names the night
    /// (409).
    EventClosed = "event-closed",
    /// Another request with the same key is still being processed: retry (409).
    IdempotencyKeyInProgress = "idempotency-key-in-progress",
    PayloadTooLarge = "payload-too-large",
    /// The body did not arrive whole within the server's deadline (408).
    RequestTimeout = "request-timeout",
    UnsupportedMediaType = "unsupported-media-type",
    MethodNotAllowed = "method-not-allowed",
    NoRoute = "no-route",
    /// Too many failed authentications, writes or reads from one address: retry after
    /// `Retry-After` (429).
    TooManyRequests = "too-many-requests",
    /// The database is busy or unavailable: retry after `Retry-After` (503).
    Unavailable = "unavailable",
    Internal = "internal",
}

impl ProblemType {
    /// The problem's `type`, e.g. `/problems/not-found`.
    pub fn uri(self) -> String {
        format!("/problems/{}", self.slug())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_is_the_last_segment_of_the_type() {
        let problem = Problem {
            suggestions: Vec::new(),
            unknown_names: Vec::new(),
            refused_order: None,
            kind: "/problems/piece-count".into(),
            title: "Unprocessable Entity".into(),
            status: 422,
            detail: String::new(),
            request_id: None,
        };
        assert_eq!(problem.code(), "piece-count");
        assert_eq!(problem.problem_type(), Some(ProblemType::Rule(RuleCode::PieceCount)));
    }

    /// The released problem types: clients key on them, so a change is a decision.
    #[test]
    fn the_list_of_problem_types_is_fixed() {
        let own: Vec<&str> =
            ProblemType::all().take_while(|t| !matches!(t, ProblemType::Rule(_))).map(ProblemType::slug).collect();
        assert_eq!(
            own,
            [
                "not-found",
                "conflict",
                "malformed-json",
                "invalid-body",
                "invalid-query",
                "invalid-path",
                "invalid-header",
                "unauthorized",
                "token-revoked",
                "insufficient-scope",
                "precondition-failed",
                "precondition-required",
                "idempotency-key-reused",
                "event-mismatch",
                "event-closed",
                "idempotency-key-in-progress",
                "payload-too-large",
                "request-timeout",
                "unsupported-media-type",
                "method-not-allowed",
                "no-route",
                "too-many-requests",
                "unavailable",
                "internal",
            ]
        );
        assert_eq!(ProblemType::all().count(), own.len() + RuleCode::all().count());
        let mut slugs: Vec<&str> = ProblemType::all().map(ProblemType::slug).collect();
        slugs.sort_unstable();
        let before = slugs.len();
        slugs.dedup();
        assert_eq!(slugs.len(), before, "every slug names one problem type");
        for t in ProblemType::all() {
            assert_eq!(ProblemType::from_slug(t.slug()), Some(t));
        }
    }
}

//! Every way a request can fail, and how each becomes an RFC 9457 problem.
//!
//! Policy: a client's mistake is a 4xx whose `detail` names the field or value at fault;
//! anything else is a 500 (or a 503 when the database is merely busy or unavailable)
//! that reveals nothing and is logged with the request id.

use crate::said::Said;
use actix_web::http::StatusCode;
use spielstand_wire::{ProblemType, UnknownName};

#[derive(Debug, Clone, thiserror::Error)]
pub enum Error {
    /// A game rule or league rule is broken (core's validation).
    #[error("{0}")]
    Rule(#[from] spielstand_core::Error),
    #[error("{0}")]
    NotFound(Said),
    #[error("{0}")]
    Conflict(Said),
    /// The body is not JSON at all.
    #[error("{0}")]
    MalformedJson(Said),
    /// The body is JSON but not of the expected shape; names the path of the field.
    #[error("{0}")]
    InvalidBody(Said),
    /// A postal game's order that breaks a rule where it is known when it arrives (422
    /// `invalid-body`): the field, and the adjudicator's refusal, said in the request's
    /// language; the round and the order (its English text form) go with it, so that a
    /// client can say which order it was (`Problem::refused_order`).
    #[error("{field}: {} (rule {}: {})", refusal.reason, refusal.code.slug(), refusal.rule)]
    OrderRefused { field: String, round: u32, order: String, refusal: Box<spielstand_core::postspiel::Refusal> },
    /// A postal game's order that does not read as the text form (422 `invalid-body`):
    /// the parser's words, with the order's place in the request (`orders[index]`), its
    /// round, its hare and the order as sent (`Problem::refused_order`).
    #[error("orders[{index}].order: {reason}")]
    OrderUnreadable { index: usize, round: u32, hare: String, order: String, reason: String },
    /// A request names players nobody is (422 `invalid-body`, as any unknown value in a
    /// body): every such name at once, each with the closest known names.
    #[error("{}", unknown_names(.0))]
    UnknownPlayers(Vec<UnknownName>),
    #[error("{0}")]
    InvalidQuery(Said),
    #[error("{0}")]
    InvalidPath(Said),
    #[error("{0}")]
    InvalidHeader(Said),
    #[error("this request needs a write token: send Authorization: Bearer <token>")]
    Unauthorized,
    #[error("the token sent is not known here: check it, or create one with `spielstand-api token create`")]
    UnknownToken,
    /// A hare's code (by its shape) that no hare of any postal game has: a player's
    /// mistake, said as one (the game master hands out the codes), not as a missing token.
    #[error("the hare code sent is not known here (mistyped, or its game is gone): ask the game master for your code")]
    UnknownCode,
    #[error("the token {0:?} has been revoked")]
    Revoked(String),
    /// The token's scope or league does not allow the write; names the scope needed.
    #[error("{0}")]
    InsufficientScope(Said),
    #[error("{0}")]
    PreconditionFailed(Said),
    #[error("{0}")]
    PreconditionRequired(Said),
    /// A club night of another league, or a game not on its night's date.
    #[error("{0}")]
    EventMismatch(Said),
    /// A new game for a club night an admin has closed.
    #[error("{0}")]
    EventClosed(Said),
    #[error("the Idempotency-Key {0:?} was used before with a different request")]
    IdempotencyMismatch(String),
    #[error("a request with the Idempotency-Key {0:?} is still being processed; retry shortly")]
    IdempotencyInProgress(String),
    #[error("the request body is larger than the limit of {0} bytes")]
    PayloadTooLarge(usize),
    #[error("the request body did not arrive within {0} ms; send it at once")]
    RequestTimeout(u128),
    #[error("{0}")]
    UnsupportedMediaType(Said),
    #[error("{method} is not allowed here; allowed: {allow}")]
    MethodNotAllowed { method: String, allow: String },
    #[error("no such resource: {0}")]
    NoRoute(String),
    /// Over a per-address quota: retry after the wait.
    #[error("too many requests from this address; retry in {} s", .0.as_secs().max(1))]
    TooManyRequests(std::time::Duration),
    /// The database is busy, read-only or full: the request may succeed later.
    #[error("the database is unavailable for the moment; retry shortly")]
    Unavailable(#[source] Fault),
    #[error("internal error")]
    Internal(#[source] Fault),
    /// The process should not be sent traffic yet (`/api/v1/ready`): the detail says why.
    #[error("not ready: {0}")]
    NotReady(Said),
    /// The code of a club night that is over (closed): it opens the night's final table,
    /// and takes no one in.
    #[error("club night {0} is over: it takes no more members, and its final table is at /embed/events/{0}")]
    NightOver(i64),
    /// A member may not join a night as `player` (yet): on another phone already, not
    /// checked in, or kept out by the organiser. The pages offer what to do about each.
    #[error("{}", join_refusal(*.why, .player, .night))]
    Join { why: JoinRefusal, player: String, night: String },
    /// A member's night pass that no longer acts (403 `token-revoked`), and why.
    #[error("the token \"pass of {player}, night {night} ({})\" has been revoked", how.english())]
    PassEnded { player: String, night: i64, how: PassGone },
    /// The database holds a value this server does not know (a newer spielstand wrote it,
    /// or someone edited the database by hand): refused, never read as the likeliest or
    /// the most permissive value. 503: the client's request was fine.
    #[error("the database holds {0}, which this server does not know; a newer spielstand may have written it")]
    UnknownStored(Said),
}

impl From<spielstand_core::names::TextProblem> for Error {
    fn from(problem: spielstand_core::names::TextProblem) -> Error {
        use spielstand_core::names::TextFault;
        let field = problem.field;
        Error::InvalidBody(match problem.fault {
            TextFault::Empty => said!("api-text-empty", field = field),
            TextFault::TooLong(max) => said!("api-text-too-long", field = field, max = max),
            TextFault::Whitespace => said!("api-text-whitespace", field = field),
            TextFault::Control => said!("api-text-control", field = field),
            TextFault::Invisible => said!("api-text-invisible", field = field),
        })
    }
}

/// Why a night pass no longer acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassGone {
    Revoked,
    Moved,
    Declined,
    Replaced,
    Closed,
    Expired,
}

impl PassGone {
    fn english(self) -> &'static str {
        match self {
            PassGone::Revoked => "revoked by the organiser",
            PassGone::Moved => "moved to another phone",
            PassGone::Declined => "the organiser said no",
            PassGone::Replaced => "asked for again from another phone",
            PassGone::Closed => "the night is closed",
            PassGone::Expired => "it is older than 18 hours",
        }
    }

    fn id(self) -> &'static str {
        match self {
            PassGone::Revoked => "api-pass-gone-revoked",
            PassGone::Moved => "api-pass-gone-moved",
            PassGone::Declined => "api-pass-gone-declined",
            PassGone::Replaced => "api-pass-gone-replaced",
            PassGone::Closed => "api-pass-gone-closed",
            PassGone::Expired => "api-pass-gone-expired",
        }
    }
}

/// Why a member may not join a night (yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinRefusal {
    /// A pass of theirs acts on another phone: the organiser may move it (`ask_organiser`).
    OnOtherPhone,
    /// Not checked in, where the night's code does not check in: the organiser may.
    NotCheckedIn,
    /// The organiser revoked their pass: they join again once let back in.
    KeptOut,
}

fn join_refusal(why: JoinRefusal, player: &str, night: &str) -> String {
    match why {
        JoinRefusal::OnOtherPhone => format!(
            "{player} has joined this night already, on another phone: ask the organiser to move your pass to this one (ask_organiser)"
        ),
        JoinRefusal::NotCheckedIn => {
            format!(
                "player: {player} is not checked in to {night:?}; ask the organiser to check you in (ask_organiser)"
            )
        }
        JoinRefusal::KeptOut => {
            format!("the organiser has ended {player}'s pass for {night:?}: ask them to let you back in")
        }
    }
}

impl Error {
    /// The kind of problem: `type` is its [`ProblemType::uri`].
    pub fn kind(&self) -> ProblemType {
        match self {
            Error::Rule(e) => ProblemType::Rule(e.rule_code()),
            Error::NotFound(_) => ProblemType::NotFound,
            Error::Conflict(_) => ProblemType::Conflict,
            Error::MalformedJson(_) => ProblemType::MalformedJson,
            Error::InvalidBody(_)
            | Error::UnknownPlayers(_)
            | Error::OrderRefused { .. }
            | Error::OrderUnreadable { .. } => ProblemType::InvalidBody,
            Error::InvalidQuery(_) => ProblemType::InvalidQuery,
            Error::InvalidPath(_) => ProblemType::InvalidPath,
            Error::InvalidHeader(_) => ProblemType::InvalidHeader,
            Error::Unauthorized | Error::UnknownToken | Error::UnknownCode => ProblemType::Unauthorized,
            Error::Revoked(_) | Error::PassEnded { .. } => ProblemType::TokenRevoked,
            Error::InsufficientScope(_) => ProblemType::InsufficientScope,
            Error::PreconditionFailed(_) => ProblemType::PreconditionFailed,
            Error::PreconditionRequired(_) => ProblemType::PreconditionRequired,
            Error::IdempotencyMismatch(_) => ProblemType::IdempotencyKeyReused,
            Error::EventMismatch(_) => ProblemType::EventMismatch,
            Error::EventClosed(_) => ProblemType::EventClosed,
            Error::IdempotencyInProgress(_) => ProblemType::IdempotencyKeyInProgress,
            Error::PayloadTooLarge(_) => ProblemType::PayloadTooLarge,
            Error::RequestTimeout(_) => ProblemType::RequestTimeout,
            Error::UnsupportedMediaType(_) => ProblemType::UnsupportedMediaType,
            Error::MethodNotAllowed { .. } => ProblemType::MethodNotAllowed,
            Error::NoRoute(_) => ProblemType::NoRoute,
            Error::TooManyRequests(_) => ProblemType::TooManyRequests,
            Error::Unavailable(_) | Error::NotReady(_) | Error::UnknownStored(_) => ProblemType::Unavailable,
            Error::Join { why: JoinRefusal::OnOtherPhone, .. } => ProblemType::Conflict,
            Error::NightOver(_) => ProblemType::EventClosed,
            Error::Join { why: JoinRefusal::NotCheckedIn, .. } => ProblemType::InvalidBody,
            Error::Join { why: JoinRefusal::KeptOut, .. } => ProblemType::InsufficientScope,
            Error::Internal(_) => ProblemType::Internal,
        }
    }

    pub fn status(&self) -> StatusCode {
        status_of(self.kind())
    }

    /// What the error says to a reader of `lang`: every kind from the catalogue, with the
    /// same facts in both languages; English is the `Display` the API has always written.
    pub fn said(&self, lang: spielstand_text::Lang) -> String {
        use spielstand_text::{Arg, Lang, message};
        // The rules' English is their own `Display`, as the API has always written it.
        if lang == Lang::En && matches!(self, Error::Rule(_) | Error::OrderRefused { .. } | Error::UnknownPlayers(_)) {
            return self.to_string();
        }
        let say = |id: &str, args: &[(&str, Arg)]| message(lang, id, args);
        match self {
            Error::Rule(rule) => spielstand_text::rule(rule, lang),
            Error::OrderRefused { field, refusal, .. } => {
                let lang = match lang {
                    Lang::De => spielstand_core::postspiel::Lang::De,
                    Lang::En => spielstand_core::postspiel::Lang::En,
                };
                format!("{field}: {}", refusal.text(lang))
            }
            Error::NotFound(said)
            | Error::Conflict(said)
            | Error::MalformedJson(said)
            | Error::InvalidBody(said)
            | Error::InvalidQuery(said)
            | Error::InvalidPath(said)
            | Error::InvalidHeader(said)
            | Error::InsufficientScope(said)
            | Error::PreconditionFailed(said)
            | Error::PreconditionRequired(said)
            | Error::EventMismatch(said)
            | Error::EventClosed(said)
            | Error::UnsupportedMediaType(said) => said.to(lang),
            Error::OrderUnreadable { index, reason, .. } => {
                say("api-order", &[("field", Arg::Text(format!("orders[{index}]"))), ("e", Arg::from(reason))])
            }
            Error::NotReady(said) => say("api-not-ready", &[("why", said.to(lang).into())]),
            Error::UnknownStored(said) => say("api-unknown-stored", &[("what", said.to(lang).into())]),
            Error::UnknownPlayers(names) => {
                let each: Vec<String> = names
                    .iter()
                    .map(|n| {
                        let args = [("field", Arg::from(&n.field)), ("name", Arg::from(&n.name))];
                        let first = say("api-no-player-named", &args);
                        match n.suggestions.as_slice() {
                            [] => first,
                            all => format!("{first} {}", say("api-did-you-mean", &[("names", all.join(", ").into())])),
                        }
                    })
                    .collect();
                say("api-add-players-first", &[("count", names.len().into()), ("each", each.join("; ").into())])
            }
            Error::Unauthorized => say("api-unauthorized", &[]),
            Error::UnknownToken => say("api-unknown-token", &[]),
            Error::UnknownCode => say("api-unknown-hare-code", &[]),
            Error::Revoked(name) => say("api-revoked", &[("name", Arg::from(name))]),
            Error::IdempotencyMismatch(key) => say("api-idempotency-mismatch", &[("key", Arg::from(key))]),
            Error::IdempotencyInProgress(key) => say("api-idempotency-in-progress", &[("key", Arg::from(key))]),
            Error::PayloadTooLarge(bytes) => say("api-payload-too-large", &[("bytes", (*bytes).into())]),
            Error::RequestTimeout(ms) => say("api-request-timeout", &[("ms", Arg::Text(ms.to_string()))]),
            Error::MethodNotAllowed { method, allow } => {
                say("api-method-not-allowed", &[("method", Arg::from(method)), ("allow", Arg::from(allow))])
            }
            Error::NoRoute(path) => say("api-no-route", &[("path", Arg::from(path))]),
            Error::TooManyRequests(wait) => say("api-too-many-requests", &[("seconds", wait.as_secs().max(1).into())]),
            Error::Unavailable(_) => say("api-unavailable", &[]),
            Error::Internal(_) => say("api-internal", &[]),
            Error::NightOver(id) => say("api-night-over", &[("id", (*id).into())]),
            Error::PassEnded { player, night, how } => {
                say(how.id(), &[("player", Arg::from(player)), ("night", (*night).into())])
            }
            Error::Join { why, player, night } => {
                let id = match why {
                    JoinRefusal::OnOtherPhone => "api-join-on-other-phone",
                    JoinRefusal::NotCheckedIn => "api-join-not-checked-in",
                    JoinRefusal::KeptOut => "api-join-kept-out",
                };
                say(id, &[("player", Arg::from(player)), ("night", Arg::from(night))])
            }
        }
    }

    pub fn not_found(what: impl std::fmt::Display) -> Error {
        Error::NotFound(said!("api-does-not-exist", what = what))
    }
}

/// The status each kind of problem answers with: the one table behind [`Error::status`]
/// and behind the error responses the OpenAPI document lists (`http::docs`).
pub fn status_of(kind: ProblemType) -> StatusCode {
    match kind {
        ProblemType::Rule(_)
        | ProblemType::InvalidBody
        | ProblemType::IdempotencyKeyReused
        | ProblemType::EventMismatch => StatusCode::UNPROCESSABLE_ENTITY,
        ProblemType::NotFound | ProblemType::NoRoute => StatusCode::NOT_FOUND,
        ProblemType::Conflict | ProblemType::IdempotencyKeyInProgress | ProblemType::EventClosed => {
            StatusCode::CONFLICT
        }
        ProblemType::MalformedJson
        | ProblemType::InvalidQuery
        | ProblemType::InvalidPath
        | ProblemType::InvalidHeader => StatusCode::BAD_REQUEST,
        ProblemType::Unauthorized => StatusCode::UNAUTHORIZED,
        ProblemType::TokenRevoked | ProblemType::InsufficientScope => StatusCode::FORBIDDEN,
        ProblemType::PreconditionFailed => StatusCode::PRECONDITION_FAILED,
        ProblemType::PreconditionRequired => StatusCode::PRECONDITION_REQUIRED,
        ProblemType::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ProblemType::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
        ProblemType::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ProblemType::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        ProblemType::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
        ProblemType::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        ProblemType::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl From<diesel::result::Error> for Error {
    fn from(e: diesel::result::Error) -> Error {
        use diesel::result::{DatabaseErrorKind, Error as D};
        match &e {
            D::DatabaseError(DatabaseErrorKind::SerializationFailure | DatabaseErrorKind::ClosedConnection, _) => {
                Error::Unavailable(Fault::caused_by("database", e))
            }
            D::DatabaseError(_, info) if is_transient(info.message()) => {
                Error::Unavailable(Fault::caused_by("database", e))
            }
            // A connection whose transaction could not be closed (its server went away).
            D::BrokenTransactionManager => Error::Unavailable(Fault::caused_by("database", e)),
            _ => Error::Internal(Fault::caused_by("database", e)),
        }
    }
}

/// A database that is busy, read-only, full or gone, as the backends say it in words:
/// SQLite only through its message, PostgreSQL's libpq for a connection it lost.
fn is_transient(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    [
        "database is locked",
        "database is busy",
        "readonly database",
        "database or disk is full",
        "disk i/o error",
        // PostgreSQL stopped, restarted or unreachable under an open connection.
        "server closed the connection",
        "terminating connection",
        "connection to server",
        "no connection to the server",
        "could not receive data from server",
        "could not send data to server",
        "the database system is shutting down",
        "the database system is starting up",
        "the database system is in recovery mode",
        "cannot execute",
        "deadlock detected",
    ]
    .iter()
    .any(|s| m.contains(s))
}

impl From<diesel::r2d2::PoolError> for Error {
    fn from(e: diesel::r2d2::PoolError) -> Error {
        Error::Unavailable(Fault::caused_by("connection pool", e))
    }
}

impl From<actix_web::error::BlockingError> for Error {
    fn from(e: actix_web::error::BlockingError) -> Error {
        Error::Internal(Fault::caused_by("blocking task", e))
    }
}

impl From<serde_json::Error> for Error {
    /// Only for JSON the server itself stored: a client's JSON goes through the body extractor.
    fn from(e: serde_json::Error) -> Error {
        Error::Internal(Fault::caused_by("stored JSON", e))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A fault of the server's own, described by `what` (a 500; the log has it).
    pub fn internal(what: impl Into<String>) -> Error {
        Error::Internal(Fault::from(what.into()))
    }

    /// The database cannot serve now, for the reason `why` (a 503 with Retry-After).
    pub fn unavailable(why: impl Into<String>) -> Error {
        Error::Unavailable(Fault::from(why.into()))
    }
}

/// What went wrong inside the server, for the log only (a client learns nothing of it):
/// what the server was doing, and the error that caused it with its own causes, kept as
/// errors (not flattened into text) so that the log shows the whole chain. Shared, as
/// one failed computation answers every request that waited for it.
#[derive(Debug, Clone)]
pub struct Fault {
    what: String,
    cause: Option<std::sync::Arc<dyn std::error::Error + Send + Sync>>,
}

impl Fault {
    /// `what` the server was doing when `cause` failed it.
    pub fn caused_by(what: impl Into<String>, cause: impl std::error::Error + Send + Sync + 'static) -> Fault {
        Fault { what: what.into(), cause: Some(std::sync::Arc::new(cause)) }
    }

    /// The whole chain in one line, for the log: `what: cause: its cause ...`.
    pub fn chain(&self) -> String {
        let mut line = self.what.clone();
        let mut next: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(self);
        while let Some(cause) = next {
            line.push_str(": ");
            line.push_str(&cause.to_string());
            next = cause.source();
        }
        line
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for Fault {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_deref().map(|c| c as &(dyn std::error::Error + 'static))
    }
}

impl From<String> for Fault {
    fn from(what: String) -> Fault {
        Fault { what, cause: None }
    }
}

impl From<&str> for Fault {
    fn from(what: &str) -> Fault {
        Fault { what: what.to_owned(), cause: None }
    }
}

/// " (did you mean Ben or Benedikt?)" for a list of suggestions, nothing for none.
/// `players[1].player: there is no player named "Bne" (did you mean Ben?); add the
/// player first`, for one name or several.
fn unknown_names(names: &[UnknownName]) -> String {
    let each: Vec<String> = names
        .iter()
        .map(|n| format!("{}: there is no player named {:?}{}", n.field, n.name, did_you_mean(&n.suggestions)))
        .collect();
    let add = if names.len() == 1 { "add the player first" } else { "add the players first" };
    format!("{}; {add}", each.join("; "))
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!(" (did you mean {one}?)"),
        [init @ .., last] => format!(" (did you mean {} or {last}?)", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client's mistake is a 4xx, anything else a 5xx: the policy at the top, for every kind.
    #[test]
    fn every_kind_of_problem_has_an_error_status() {
        for kind in ProblemType::all() {
            let status = status_of(kind);
            let server_side = matches!(kind, ProblemType::Internal | ProblemType::Unavailable);
            assert_eq!(status.is_server_error(), server_side, "{kind:?}: {status}");
            assert!(status.is_client_error() || status.is_server_error(), "{kind:?}: {status}");
        }
    }

    /// Every kind of problem is said in German from the catalogue, and in English as the API
    /// has always said it (`Display`).
    #[test]
    fn every_kind_of_problem_is_said_in_both_languages() {
        use spielstand_text::Lang;
        let errors = [
            Error::NotFound(said!("api-league-does-not-exist", id = 7)),
            Error::Unauthorized,
            Error::UnknownToken,
            Error::UnknownCode,
            Error::Revoked("tablet".into()),
            Error::IdempotencyMismatch("k1".into()),
            Error::IdempotencyInProgress("k1".into()),
            Error::PayloadTooLarge(65536),
            Error::RequestTimeout(10000),
            Error::MethodNotAllowed { method: "DELETE".into(), allow: "GET, HEAD".into() },
            Error::NoRoute("/api/v1/nowhere".into()),
            Error::TooManyRequests(std::time::Duration::from_secs(3)),
            Error::unavailable("busy"),
            Error::internal("boom"),
            Error::NotReady(said!("api-migrations", why = "3 migrations behind")),
            Error::UnknownStored(said!("api-end-night-pass", ended_how = "\"lost\"", id = 3)),
            Error::NightOver(4),
            Error::PassEnded { player: "Ursula".into(), night: 3, how: PassGone::Moved },
            Error::Join { why: JoinRefusal::OnOtherPhone, player: "Ursula".into(), night: "Clubabend".into() },
            Error::Join { why: JoinRefusal::NotCheckedIn, player: "Ursula".into(), night: "Clubabend".into() },
            Error::Join { why: JoinRefusal::KeptOut, player: "Ursula".into(), night: "Clubabend".into() },
            Error::UnknownPlayers(vec![UnknownName {
                field: "players[0].player".into(),
                name: "Bärbl".into(),
                suggestions: vec!["Bärbel".into()],
            }]),
            Error::from(spielstand_core::names::check_text("title", " x", 100).unwrap_err()),
        ];
        for error in errors {
            let english = error.said(Lang::En);
            assert_eq!(english, error.to_string(), "{error:?}");
            let german = error.said(Lang::De);
            assert_ne!(german, english, "{error:?}");
            let english = spielstand_text::english_words(&german);
            assert!(english.is_empty(), "English in German: {german} ({english:?})");
        }
    }

    /// A database error keeps its source: the log gets the whole chain, the client only
    /// "internal error".
    #[test]
    fn a_database_error_keeps_its_source_for_the_log() {
        let error = Error::from(diesel::result::Error::NotFound);
        assert_eq!(error.to_string(), "internal error");
        let Error::Internal(fault) = &error else { panic!("{error:?}") };
        let cause = std::error::Error::source(fault).expect("the diesel error");
        assert!(cause.downcast_ref::<diesel::result::Error>().is_some(), "{cause:?}");
        assert_eq!(fault.chain(), "database: Record not found");
        assert!(std::error::Error::source(&error).is_some(), "the chain starts at the error itself");
    }
}

//! Every way a request can fail, and how each becomes an RFC 9457 problem.
//!
//! Policy: a client's mistake is a 4xx whose `detail` names the field or value at fault;
//! anything else is a 500 (or a 503 when the database is merely busy or unavailable)
//! that reveals nothing and is logged with the request id.

use actix_web::http::StatusCode;
use spielstand_wire::{ProblemType, UnknownName};

#[derive(Debug, Clone, thiserror::Error)]
pub enum Error {
    /// A game rule or league rule is broken (core's validation).
    #[error("{0}")]
    Rule(#[from] spielstand_core::Error),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// The body is not JSON at all.
    #[error("{0}")]
    MalformedJson(String),
    /// The body is JSON but not of the expected shape; names the path of the field.
    #[error("{0}")]
    InvalidBody(String),
    /// A postal game's order that breaks a rule where it is known when it arrives (422
    /// `invalid-body`): the field, and the adjudicator's refusal, said in the request's
    /// language.
    #[error("{field}: {} (rule {}: {})", refusal.reason, refusal.code.slug(), refusal.rule)]
    OrderRefused { field: String, refusal: Box<spielstand_core::postspiel::Refusal> },
    /// A request names players nobody is (422 `invalid-body`, as any unknown value in a
    /// body): every such name at once, each with the closest known names.
    #[error("{}", unknown_names(.0))]
    UnknownPlayers(Vec<UnknownName>),
    #[error("{0}")]
    InvalidQuery(String),
    #[error("{0}")]
    InvalidPath(String),
    #[error("{0}")]
    InvalidHeader(String),
    #[error("this request needs a write token: send Authorization: Bearer <token>")]
    Unauthorized,
    #[error("the token sent is not known here: check it, or create one with `spielstand-api token create`")]
    UnknownToken,
    #[error("the token {0:?} has been revoked")]
    Revoked(String),
    /// The token's scope or league does not allow the write; names the scope needed.
    #[error("{0}")]
    InsufficientScope(String),
    #[error("{0}")]
    PreconditionFailed(String),
    #[error("{0}")]
    PreconditionRequired(String),
    /// A club night of another league, or a game not on its night's date.
    #[error("{0}")]
    EventMismatch(String),
    /// A new game for a club night an admin has closed.
    #[error("{0}")]
    EventClosed(String),
    #[error("the Idempotency-Key {0:?} was used before with a different request")]
    IdempotencyMismatch(String),
    #[error("a request with the Idempotency-Key {0:?} is still being processed; retry shortly")]
    IdempotencyInProgress(String),
    #[error("the request body is larger than the limit of {0} bytes")]
    PayloadTooLarge(usize),
    #[error("the request body did not arrive within {0} ms; send it at once")]
    RequestTimeout(u128),
    #[error("{0}")]
    UnsupportedMediaType(String),
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
    NotReady(String),
    /// The code of a club night that is over (closed): it opens the night's final table,
    /// and takes no one in.
    #[error("club night {0} is over: it takes no more members, and its final table is at /embed/events/{0}")]
    NightOver(i64),
    /// A member may not join a night as `player` (yet): on another phone already, not
    /// checked in, or kept out by the organiser. The pages offer what to do about each.
    #[error("{}", join_refusal(*.why, .player, .night))]
    Join { why: JoinRefusal, player: String, night: String },
    /// The database holds a value this server does not know (a newer spielstand wrote it,
    /// or someone edited the database by hand): refused, never read as the likeliest or
    /// the most permissive value. 503: the client's request was fine.
    #[error("the database holds {0}, which this server does not know; a newer spielstand may have written it")]
    UnknownStored(String),
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
            Error::InvalidBody(_) | Error::UnknownPlayers(_) | Error::OrderRefused { .. } => ProblemType::InvalidBody,
            Error::InvalidQuery(_) => ProblemType::InvalidQuery,
            Error::InvalidPath(_) => ProblemType::InvalidPath,
            Error::InvalidHeader(_) => ProblemType::InvalidHeader,
            Error::Unauthorized | Error::UnknownToken => ProblemType::Unauthorized,
            Error::Revoked(_) => ProblemType::TokenRevoked,
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

    pub fn not_found(what: impl std::fmt::Display) -> Error {
        Error::NotFound(format!("{what} does not exist"))
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

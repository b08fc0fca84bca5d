//! The CLI's failures, each with its documented exit code.

use std::fmt;

/// Exit codes, as documented in `spielstand --help` and docs/organisers.md.
pub mod exit {
    /// Everything worked.
    pub const OK: u8 = 0;
    /// The server refused the request (a 4xx problem): unknown player, broken rule, stale revision, bad token.
    pub const REJECTED: u8 = 1;
    /// Bad usage or input found before anything was sent (clap uses 2 for usage errors too).
    pub const USAGE: u8 = 2;
    /// The server could not be reached; `record` kept the result in the outbox.
    pub const UNREACHABLE: u8 = 3;
    /// The server failed (5xx) or is busy; `record` kept the result in the outbox.
    pub const SERVER: u8 = 4;
    /// A local file (config, outbox) could not be read or written.
    pub const LOCAL: u8 = 5;
}

pub use spielstand_wire::Problem;
use spielstand_wire::ProblemType;

/// A problem in one line: the detail, then status and code; a hint for token problems;
/// the request id for server failures, so the log entry can be found.
pub fn describe(problem: &Problem) -> String {
    use std::fmt::Write;
    let detail = if problem.detail.is_empty() { problem.title.as_str() } else { problem.detail.as_str() };
    let mut line = one_line(detail);
    let code = if problem.kind.is_empty() { problem.title.as_str() } else { problem.code() };
    let _ = write!(line, " ({} {code})", problem.status);
    if problem.problem_type() == Some(ProblemType::InsufficientScope) {
        let _ = write!(line, "; {}", crate::t!("error-hint-scope"));
    } else if matches!(problem.status, 401 | 403) {
        let _ = write!(line, "; {}", crate::t!("error-hint-token"));
    }
    if problem.status >= 500
        && let Some(id) = &problem.request_id
    {
        let _ = write!(line, "; {}", crate::t!("error-request-id", id = id));
    }
    line
}

/// Collapses line breaks so that every error stays one line.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A foreign error kept beneath a [`CliError`] (an I/O, HTTP, JSON or TOML error; for a
/// result kept in the outbox, the failure of sending it): what `--verbose` shows below the
/// one-line message.
pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why a command failed. Its `Display` is the one line the reader sees, in the command's
/// language; the foreign error it came from, if any, is its [`source`](std::error::Error::source).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input, found before anything was sent.
    #[error("{message}")]
    Input {
        message: String,
        #[source]
        cause: Option<Cause>,
    },
    /// The server answered with a 4xx problem.
    #[error("{}", describe(.0))]
    Rejected(Box<Problem>),
    /// Something the CLI looked up on the server does not exist (a league or player name).
    #[error("{0}")]
    NotFound(String),
    /// The server refused some of what was sent (the message says what).
    #[error("{0}")]
    Refused(String),
    /// The server could not be reached at all, or the connection broke.
    #[error("{}", crate::t!("error-unreachable", server = .server, reason = .reason))]
    Unreachable {
        server: String,
        reason: String,
        #[source]
        cause: Option<Cause>,
    },
    /// The server answered with a 5xx (its problem, when it sent one), or with something
    /// that is not the API.
    #[error("{}", crate::t!("error-server", server = .server, message = .message))]
    Server {
        server: String,
        message: String,
        problem: Option<Box<Problem>>,
        #[source]
        cause: Option<Cause>,
    },
    /// A result could not be sent and waits in the outbox; the message says why and what to
    /// do, and the failure of the sending is kept beneath it.
    #[error("{message}")]
    Queued {
        message: String,
        code: u8,
        /// The [`CliError`] of the sending.
        #[source]
        cause: Option<Cause>,
    },
    /// A local file could not be read or written.
    #[error("{message}")]
    Local {
        message: String,
        #[source]
        cause: Option<Cause>,
    },
    /// Entering a game stopped early (the input ended) and what was entered is kept as a
    /// draft; the message says how to go on.
    #[error("{0}")]
    Kept(String),
}

impl CliError {
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input { message: message.into(), cause: None }
    }

    /// Bad input that a foreign error found (a file that cannot be read, JSON that does
    /// not parse): `message` says it, `cause` stays beneath.
    pub fn input_from(message: impl Into<String>, cause: impl Into<Cause>) -> CliError {
        CliError::Input { message: message.into(), cause: Some(cause.into()) }
    }

    /// A local file's failure: "WHAT: ERROR", the error kept beneath.
    pub fn local(what: impl fmt::Display, error: impl std::error::Error + Send + Sync + 'static) -> CliError {
        CliError::Local { message: format!("{what}: {error}"), cause: Some(error.into()) }
    }

    /// A local failure that `message` says whole; `cause` stays beneath, if there is one.
    pub fn local_from(message: impl Into<String>, cause: Option<Cause>) -> CliError {
        CliError::Local { message: message.into(), cause }
    }

    /// The server at `server` failed or answered what is not the API; `cause`, if any,
    /// stays beneath.
    pub fn server(server: &str, message: impl Into<String>, cause: Option<Cause>) -> CliError {
        CliError::Server { server: server.to_owned(), message: message.into(), problem: None, cause }
    }

    /// The server at `server` was not reached, for `reason`; `cause` stays beneath.
    pub fn unreachable(server: &str, reason: impl Into<String>, cause: impl Into<Cause>) -> CliError {
        CliError::Unreachable { server: server.to_owned(), reason: reason.into(), cause: Some(cause.into()) }
    }

    /// A result kept in the outbox because of `cause` (the failure of sending it).
    pub fn queued(message: String, code: u8, cause: CliError) -> CliError {
        CliError::Queued { message, code, cause: Some(Box::new(cause)) }
    }

    /// The problem document the server answered with, if it did.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            CliError::Rejected(problem) => Some(problem),
            CliError::Server { problem, .. } => problem.as_deref(),
            _ => None,
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input { .. } | CliError::Kept(_) => exit::USAGE,
            CliError::Rejected(_) | CliError::NotFound(_) | CliError::Refused(_) => exit::REJECTED,
            CliError::Unreachable { .. } => exit::UNREACHABLE,
            CliError::Server { .. } => exit::SERVER,
            CliError::Queued { code, .. } => *code,
            CliError::Local { .. } => exit::LOCAL,
        }
    }

    /// Is it worth keeping a result to send later? Yes when the server was not reached
    /// or failed; no when it looked at the result and said no.
    pub fn is_transient(&self) -> bool {
        match self {
            CliError::Unreachable { .. } | CliError::Server { .. } => true,
            // Another request with the same idempotency key is still being processed.
            CliError::Rejected(p) => p.status == 409 && p.problem_type() == Some(ProblemType::IdempotencyKeyInProgress),
            _ => false,
        }
    }
}

/// What `--verbose` shows below the one-line message of `error`, one line each: the
/// server's problem (its type, status, title and request id, under which the server's log
/// keeps the rest), then every cause beneath the message, outermost first. A cause whose
/// words were said already (in the message or a line above) is left out.
pub fn details(error: &CliError) -> Vec<String> {
    use std::error::Error;
    let mut lines = Vec::new();
    let mut next: Option<&(dyn Error + 'static)> = Some(error);
    let mut said = error.to_string();
    while let Some(current) = next {
        if let Some(problem) = current.downcast_ref::<CliError>().and_then(CliError::problem)
            && !problem.kind.is_empty()
        {
            lines.push(problem_line(problem));
        }
        next = current.source();
        if let Some(cause) = next {
            let text = one_line(&cause.to_string());
            if !text.is_empty() && !said.contains(&text) {
                lines.push(crate::t!("error-caused-by", cause = text.as_str()));
                said.push('\n');
                said.push_str(&text);
            }
        }
    }
    lines
}

/// A problem's type, status and title, and its request id.
fn problem_line(problem: &Problem) -> String {
    let mut line = crate::t!(
        "error-problem",
        kind = problem.kind.as_str(),
        status = u32::from(problem.status),
        title = problem.title.as_str()
    );
    if let Some(id) = &problem.request_id {
        line = format!("{line}; {}", crate::t!("error-request-id", id = id.as_str()));
    }
    line
}

impl From<spielstand_core::Error> for CliError {
    /// A rule broken, in the reader's language, from the catalogue. The rule is the whole
    /// of it (core's own words would only say it again, in English): no cause beneath.
    fn from(e: spielstand_core::Error) -> CliError {
        CliError::input(crate::lang::rule(&e))
    }
}

pub type Result<T, E = CliError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(status: u16, kind: &str, detail: &str) -> Problem {
        Problem {
            suggestions: Vec::new(),
            unknown_names: Vec::new(),
            refused_order: None,
            kind: format!("/problems/{kind}"),
            title: "Unprocessable Entity".into(),
            status,
            detail: detail.into(),
            request_id: Some("r-1".into()),
        }
    }

    #[test]
    fn problems_are_one_readable_line() {
        let p = problem(422, "piece-count", "round 2: Anna has 7 pieces\non the board, expected 6");
        assert_eq!(describe(&p), "round 2: Anna has 7 pieces on the board, expected 6 (422 piece-count)");
        let p = problem(500, "internal", "internal error");
        assert_eq!(describe(&p), "internal error (500 internal); request id r-1");
        assert!(describe(&problem(401, "unauthorized", "needs a token")).contains("spielstand login"));
    }

    #[test]
    fn exit_codes_follow_the_table() {
        assert_eq!(CliError::input("x").exit_code(), 2);
        assert_eq!(CliError::Rejected(Box::new(problem(422, "x", "y"))).exit_code(), 1);
        assert_eq!(CliError::unreachable("s", "r", refused()).exit_code(), 3);
        assert_eq!(CliError::server("s", "m", None).exit_code(), 4);
        assert_eq!(CliError::local("a", refused()).exit_code(), 5);
        assert_eq!(CliError::queued("kept".into(), 3, CliError::unreachable("s", "r", refused())).exit_code(), 3);
        assert!(CliError::Rejected(Box::new(problem(409, "idempotency-key-in-progress", ""))).is_transient());
        assert!(!CliError::Rejected(Box::new(problem(409, "conflict", ""))).is_transient());
    }

    fn refused() -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused by the peer (os error 111)")
    }

    fn not_json() -> serde_json::Error {
        serde_json::from_str::<i32>("x").unwrap_err()
    }

    /// The cause kept beneath `error`, as the type it had.
    fn kept<E: std::error::Error + 'static>(error: &CliError) -> &E {
        std::error::Error::source(error)
            .and_then(|cause| cause.downcast_ref::<E>())
            .unwrap_or_else(|| panic!("no {} kept beneath {error:?}", std::any::type_name::<E>()))
    }

    #[test]
    fn every_error_built_from_a_foreign_one_keeps_it_as_its_source() {
        let e = CliError::input_from("cannot read it", refused());
        assert_eq!(kept::<std::io::Error>(&e).kind(), std::io::ErrorKind::ConnectionRefused);
        assert_eq!(e.to_string(), "cannot read it", "the message as it was");
        let e = CliError::local("outbox/1.json", not_json());
        kept::<serde_json::Error>(&e);
        assert_eq!(e.to_string(), format!("outbox/1.json: {}", not_json()), "the message as it was");
        kept::<toml::de::Error>(&CliError::local("config.toml", toml::from_str::<toml::Table>("= x").unwrap_err()));
        kept::<serde_json::Error>(&CliError::local_from("damaged", Some(not_json().into())));
        kept::<serde_json::Error>(&CliError::server("s", "not JSON", Some(not_json().into())));
        kept::<std::io::Error>(&CliError::unreachable("s", "connection refused", refused()));
        // A result kept in the outbox keeps why it could not be sent, and that its cause.
        let queued = CliError::queued("kept".into(), 3, CliError::unreachable("s", "r", refused()));
        kept::<std::io::Error>(kept::<CliError>(&queued));
        // A call that does not encode.
        let call = spielstand_wire::calls::CallError::Body(not_json());
        kept::<spielstand_wire::calls::CallError>(&CliError::input_from("cannot encode", call));
        // Errors of the CLI's own making have none.
        assert!(std::error::Error::source(&CliError::input("x")).is_none());
        assert!(std::error::Error::source(&CliError::server("s", "busy", None)).is_none());
    }

    #[test]
    fn details_show_each_cause_once_and_the_servers_problem() {
        let e = CliError::unreachable("http://h:1", "connection refused", refused());
        assert_eq!(details(&e), [format!("caused by: {}", refused())]);
        // The message says it already: nothing more to show.
        let e = CliError::local("outbox/1.json", not_json());
        assert!(details(&e).is_empty(), "{:?}", details(&e));
        let queued = CliError::queued(format!("{e}.\nkept"), 5, e);
        assert!(details(&queued).is_empty(), "{:?}", details(&queued));
        let e = CliError::Rejected(Box::new(problem(404, "not-found", "no result 7")));
        assert_eq!(details(&e), ["problem /problems/not-found: 404 Unprocessable Entity; request id r-1"]);
        let e = CliError::Server {
            server: "s".into(),
            message: "m".into(),
            problem: Some(Box::new(problem(503, "unavailable", "down"))),
            cause: None,
        };
        let queued = CliError::queued("kept".into(), 4, e);
        assert_eq!(
            details(&queued),
            [
                "caused by: the server at s failed: m",
                "problem /problems/unavailable: 503 Unprocessable Entity; request id r-1"
            ]
        );
    }
}

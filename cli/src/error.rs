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

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input, found before anything was sent.
    #[error("{0}")]
    Input(String),
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
    Unreachable { server: String, reason: String },
    /// The server answered with a 5xx, or with something that is not the API.
    #[error("{}", crate::t!("error-server", server = .server, message = .message))]
    Server { server: String, message: String },
    /// A result could not be sent and waits in the outbox; the message says why and what to do.
    #[error("{message}")]
    Queued { message: String, code: u8 },
    /// A local file could not be read or written.
    #[error("{0}")]
    Local(String),
    /// Entering a game stopped early (the input ended) and what was entered is kept as a
    /// draft; the message says how to go on.
    #[error("{0}")]
    Kept(String),
}

impl CliError {
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }

    pub fn local(what: impl fmt::Display, error: impl fmt::Display) -> CliError {
        CliError::Local(format!("{what}: {error}"))
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) | CliError::Kept(_) => exit::USAGE,
            CliError::Rejected(_) | CliError::NotFound(_) | CliError::Refused(_) => exit::REJECTED,
            CliError::Unreachable { .. } => exit::UNREACHABLE,
            CliError::Server { .. } => exit::SERVER,
            CliError::Queued { code, .. } => *code,
            CliError::Local(_) => exit::LOCAL,
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

impl From<spielstand_core::Error> for CliError {
    /// A rule broken, in the reader's language, from the catalogue.
    fn from(e: spielstand_core::Error) -> CliError {
        CliError::Input(crate::lang::rule(&e))
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
        assert_eq!(CliError::Unreachable { server: "s".into(), reason: "r".into() }.exit_code(), 3);
        assert_eq!(CliError::Server { server: "s".into(), message: "m".into() }.exit_code(), 4);
        assert_eq!(CliError::local("a", "b").exit_code(), 5);
        assert!(CliError::Rejected(Box::new(problem(409, "idempotency-key-in-progress", ""))).is_transient());
        assert!(!CliError::Rejected(Box::new(problem(409, "conflict", ""))).is_transient());
    }
}

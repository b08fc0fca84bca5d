//! RFC 9457 problem details for every error response.

use crate::error::Error;
use crate::http::lang;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use spielstand_wire::RefusedOrder;
pub use spielstand_wire::{PROBLEM_JSON, Problem};

tokio::task_local! {
    /// The id of the request being served; error bodies quote it so a user's report
    /// can be matched with the log.
    pub static REQUEST_ID: String;
    /// The request's `Accept-Language`, read only when a problem's `detail` is written
    /// (German when it prefers German to English, else English, for every kind of problem;
    /// scripts read `type` and `code`, which never change with it): kept as sent, so that
    /// answers without a problem never parse it.
    pub static ACCEPT_LANGUAGE: Option<HeaderValue>;
}

/// The language of the problem details of the request being served: the first of German
/// and English its `Accept-Language` ranks, else English, as the API has always answered.
fn detail_language() -> spielstand_text::Lang {
    let asked = ACCEPT_LANGUAGE.try_with(|value| value.as_ref().and_then(|v| lang::accepted(std::iter::once(v))));
    match asked.ok().flatten() {
        Some(crate::render::Lang::De) => spielstand_text::Lang::De,
        _ => spielstand_text::Lang::En,
    }
}

impl Error {
    /// The problem document for this error, quoting `request_id`; a batch answers one per
    /// refused item.
    pub fn problem(&self, request_id: Option<String>) -> Problem {
        let status = self.status();
        if let Error::Internal(internal) | Error::Unavailable(internal) = self {
            // The client learns nothing of the internals; the log gets everything.
            tracing::error!(request_id = request_id.as_deref().unwrap_or("-"), status = status.as_u16(), error = %internal.chain());
        }
        Problem {
            kind: self.kind().uri(),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail: self.said(detail_language()),
            request_id,
            suggestions: match self {
                Error::UnknownPlayers(names) => names.first().map(|n| n.suggestions.clone()).unwrap_or_default(),
                _ => Vec::new(),
            },
            unknown_names: match self {
                Error::UnknownPlayers(names) => names.clone(),
                _ => Vec::new(),
            },
            refused_order: match self {
                Error::OrderRefused { field, round, order, refusal } => Some(RefusedOrder {
                    field: field.clone(),
                    round: *round,
                    hare: refusal.hare.clone(),
                    order: order.clone(),
                    code: Some(refusal.code.slug().to_owned()),
                    reason: refusal.reason.clone(),
                }),
                Error::OrderUnreadable { index, round, hare, order, reason } => Some(RefusedOrder {
                    field: format!("orders[{index}].order"),
                    round: *round,
                    hare: hare.clone(),
                    order: order.clone(),
                    code: None,
                    reason: reason.clone(),
                }),
                _ => None,
            },
        }
    }
}

impl ResponseError for Error {
    fn status_code(&self) -> actix_web::http::StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status();
        let problem = self.problem(REQUEST_ID.try_with(Clone::clone).ok());
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON)));
        // Every detail is said in the language asked for: caches keep one answer per
        // language.
        response.insert_header((header::CONTENT_LANGUAGE, detail_language().code()));
        response.insert_header((header::VARY, "Accept-Language"));
        match self {
            Error::MethodNotAllowed { allow, .. } => {
                response.insert_header((header::ALLOW, allow.as_str()));
            }
            Error::Unauthorized | Error::UnknownToken | Error::UnknownCode => {
                response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
            }
            Error::Unavailable(_) | Error::NotReady(_) => {
                response.insert_header((header::RETRY_AFTER, "2"));
            }
            Error::TooManyRequests(wait) => {
                // Whole seconds, rounded up: retrying sooner would only be refused again.
                let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                response.insert_header((header::RETRY_AFTER, seconds.max(1).to_string()));
            }
            _ => {}
        }
        response.body(serde_json::to_vec(&problem).expect("a problem always serialises"))
    }
}

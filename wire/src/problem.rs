//! RFC 9457 problem details: the body of every error answer.

use serde::{Deserialize, Serialize};

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
}

impl Problem {
    /// The stable problem code: `piece-count` for `/problems/piece-count`.
    pub fn code(&self) -> &str {
        self.kind.rsplit('/').next().unwrap_or(&self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_is_the_last_segment_of_the_type() {
        let problem = Problem {
            kind: "/problems/piece-count".into(),
            title: "Unprocessable Entity".into(),
            status: 422,
            detail: String::new(),
            request_id: None,
        };
        assert_eq!(problem.code(), "piece-count");
    }
}

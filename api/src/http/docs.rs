//! The OpenAPI document's frame: info, security, and the error responses every
//! operation documents.

use crate::http::problem::Problem;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{IntoResponses, Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "spielstand",
        description = "Scores, results and league tables for board-game clubs. Reads are public; every write needs a bearer token (`spielstand-api token create`). Errors are RFC 9457 problems (`application/problem+json`).",
        license(name = "MIT OR Apache-2.0"),
    ),
    modifiers(&BearerAuth),
    components(schemas(Problem)),
    tags(
        (name = "meta", description = "Health and the game catalogue"),
        (name = "players"),
        (name = "leagues"),
        (name = "results", description = "Results, corrections and their audit trail"),
        (name = "standings"),
        (name = "rangeln", description = "Scoring without storing"),
        (name = "embed", description = "For club websites: the table as a page for an iframe, or drawn by a script"),
        (name = "webhooks", description = "URLs told about every change of a league's results, signed with HMAC-SHA256"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// Errors of a read.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum ReadErrors {
    /// A query parameter or path segment is malformed.
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// The resource does not exist.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
    /// An internal error; the body quotes the request id.
    #[response(status = 500, content_type = "application/problem+json")]
    Internal(Problem),
    /// The database is unavailable for the moment; see `Retry-After`.
    #[response(status = 503, content_type = "application/problem+json")]
    Unavailable(Problem),
}

/// Errors of a read that needs the write token.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum TokenReadErrors {
    /// A query parameter, path segment or header is malformed.
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// No bearer token, or an unknown one.
    #[response(status = 401, content_type = "application/problem+json")]
    Unauthorized(Problem),
    /// The token has been revoked.
    #[response(status = 403, content_type = "application/problem+json")]
    Forbidden(Problem),
    /// The resource does not exist.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
    /// An internal error; the body quotes the request id.
    #[response(status = 500, content_type = "application/problem+json")]
    Internal(Problem),
    /// The database is unavailable for the moment; see `Retry-After`.
    #[response(status = 503, content_type = "application/problem+json")]
    Unavailable(Problem),
}

/// Errors of a write.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum WriteErrors {
    /// The body is not JSON, or a header is malformed.
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// No bearer token, or an unknown one.
    #[response(status = 401, content_type = "application/problem+json")]
    Unauthorized(Problem),
    /// The token has been revoked.
    #[response(status = 403, content_type = "application/problem+json")]
    Forbidden(Problem),
    /// The resource does not exist.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
    /// A name is taken, or a request with the same Idempotency-Key is in progress.
    #[response(status = 409, content_type = "application/problem+json")]
    Conflict(Problem),
    /// The body is larger than 64 KiB.
    #[response(status = 413, content_type = "application/problem+json")]
    TooLarge(Problem),
    /// The body is not declared as JSON.
    #[response(status = 415, content_type = "application/problem+json")]
    UnsupportedMediaType(Problem),
    /// The body breaks a rule; `detail` names the field, player, round, cell or line.
    #[response(status = 422, content_type = "application/problem+json")]
    Unprocessable(Problem),
    /// An internal error; the body quotes the request id.
    #[response(status = 500, content_type = "application/problem+json")]
    Internal(Problem),
    /// The database is unavailable for the moment; see `Retry-After`.
    #[response(status = 503, content_type = "application/problem+json")]
    Unavailable(Problem),
}

/// Extra errors of a change guarded by `If-Match`.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum PreconditionErrors {
    /// `If-Match` does not name the result's current revision.
    #[response(status = 412, content_type = "application/problem+json")]
    Stale(Problem),
    /// `If-Match` is missing.
    #[response(status = 428, content_type = "application/problem+json")]
    Required(Problem),
}

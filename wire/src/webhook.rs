//! What a webhook's URL may be: the server's check and the OpenAPI document's pattern.

/// Longest accepted webhook URL, in characters; longer ones are not webhooks but
/// smuggled data.
pub const MAX_URL_CHARS: usize = 2000;

/// The URLs a webhook may have: absolute `http`/`https` URLs with a host name or IPv4
/// address, an optional port, path and query, percent-encoded where needed, with no
/// credentials and no fragment. The server refuses every other URL (so the OpenAPI
/// document's pattern is exactly its check), and its test generates URLs from this
/// pattern and registers them. Written so that ECMA-262, Python and Rust read it alike.
pub const URL_PATTERN: &str = concat!(
    r"^https?://[A-Za-z0-9](?:[A-Za-z0-9.-]{0,60}[A-Za-z0-9])?(?::[0-9]{1,5})?",
    r"(?:/(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)?",
    r"(?:\?(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$",
);

/// The schema of a webhook's URL in the OpenAPI document.
#[cfg(feature = "openapi")]
pub fn url_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some("http://a".len()))
        .max_length(Some(MAX_URL_CHARS))
        .pattern(Some(URL_PATTERN))
        .examples(["https://tsv-beispiel.de/spielstand-hook"])
        .build()
}

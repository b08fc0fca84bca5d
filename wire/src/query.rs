//! Query parameters are part of the contract as bodies are: each operation's parameters
//! are one type of this crate, beside its bodies, which the server's handler documents
//! (`IntoParams`) and reads, the store filters by, and every client sends, written by one
//! maintained encoder ([`encode`]). `spielstand-cli`'s test
//! `every_query_parameter_of_the_document_is_sent_by_its_type` holds the document and
//! these types to each other, operation by operation.

use serde::Serialize;

/// The query of one or more operations.
pub trait Query: Serialize {
    /// The `operationId`s that take exactly this query.
    const OPERATIONS: &'static [&'static str];

    /// A value with every parameter set: what the test compares with the document.
    fn every() -> Self;
}

/// `query` as a URL's query string (without the `?`), percent-encoded; empty when no
/// parameter is set. (Every query here is a flat struct of scalars, which serde_urlencoded
/// always writes; the error is for a type it could not.)
pub fn encode<Q: Query>(query: &Q) -> Result<String, serde_urlencoded::ser::Error> {
    serde_urlencoded::to_string(query)
}

/// Every query of the API that a client sends: its operations, and the names of the
/// parameters it writes when every one is set (by [`encode`], as a client writes them).
pub fn every_query() -> Vec<(&'static [&'static str], Result<Vec<String>, serde_urlencoded::ser::Error>)> {
    fn names<Q: Query>() -> (&'static [&'static str], Result<Vec<String>, serde_urlencoded::ser::Error>) {
        let written = encode(&Q::every())
            .map(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(&q).unwrap_or_default())
            .map(|pairs| pairs.into_iter().map(|(name, _)| name).collect());
        (Q::OPERATIONS, written)
    }
    vec![
        names::<crate::StandingsParams>(),
        names::<crate::GameParams>(),
        names::<crate::HeadToHeadParams>(),
        names::<crate::ResultsParams>(),
        names::<crate::AuditParams>(),
        names::<crate::PlayerRatingsParams>(),
    ]
}

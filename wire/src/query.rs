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

/// One query type as a client writes it: the operations that take it, and the names of
/// the parameters it writes with every one set (or why it could not be written).
#[derive(Debug)]
pub struct Written {
    pub operations: &'static [&'static str],
    pub names: Result<Vec<String>, String>,
}

fn written<Q: Query>() -> Written {
    let names = encode(&Q::every())
        .map_err(|e| e.to_string())
        .and_then(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(&q).map_err(|e| e.to_string()))
        .map(|pairs| pairs.into_iter().map(|(name, _)| name).collect());
    Written { operations: Q::OPERATIONS, names }
}

/// Every query of the API that a client sends, as [`encode`] writes it.
pub fn every_query() -> Vec<Written> {
    vec![
        written::<crate::StandingsParams>(),
        written::<crate::GameParams>(),
        written::<crate::HeadToHeadParams>(),
        written::<crate::ResultsParams>(),
        written::<crate::AuditParams>(),
        written::<crate::PlayerRatingsParams>(),
        written::<crate::ReportParams>(),
    ]
}

//! The dates a query may name, as the OpenAPI document says them.

/// A filter's day (`from`, `to`, `as_of`): 1900-01-01 to 9999-12-31, as docs/rules.md "Dates"
/// decides and `spielstand_core::dates::check_filter` checks. In the document it tells
/// generated clients and fuzzers the domain that `format: date` alone leaves open.
pub const FILTER_DATE_PATTERN: &str = "^(19[0-9]{2}|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";

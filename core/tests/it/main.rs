//! The library's integration tests, one binary: the property tests of the tables and
//! ratings, and the postal game's case suite with its own properties.

mod postspiel;
mod properties;

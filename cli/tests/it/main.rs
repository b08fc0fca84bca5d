//! The CLI's integration tests, in one binary: the real `spielstand` binary against a
//! real server on 127.0.0.1, started in this process from the `spielstand-api` library.
//! One module per area.

mod common;
mod deutsch;

mod import;
mod nights;
mod offline;
mod people;
mod postspiel;
mod readme;
mod record;
mod referee;
mod replicas;
mod results;
mod setup;
mod terminal;
mod verbose;

//! The read side: how a league's table (and every other view of a league: head-to-head,
//! player statistics, rating accuracy, a night's report) is served, in one room below the
//! handlers. Writes never come here; they only bump a league's revision and log what
//! they changed (`store`), which is all the read side needs to know.
//!
//! How one table request is served, top to bottom:
//! 1. [`views`]: the handler asks `Views::table(league, query)`; the day it asks for is
//!    resolved (`as_of`, the date of `after_event`), and the view named ([`cache::View`]).
//! 2. [`replica`]: where to read from: a streaming replica while it has replayed what
//!    this client wrote (`Spielstand-Read-After`) and keeps within its lag, else the primary.
//! 3. [`revisions`]: the league's current revision, from a read that began after the
//!    request arrived (so every process serves every acknowledged write), shared by every
//!    request that arrived before it began: one round trip per round trip, not per request.
//! 4. [`cache`]: the view held at that revision is answered at once, as its rendered bytes
//!    and strong ETag.
//! 5. `flight`: otherwise one computation per (league, view, revision) however many
//!    requests wait for it: [`tables`] brings the league's projection up to date from the
//!    changes logged after the revision it holds (a full load only when it holds nothing or
//!    the log has a gap), renders the view, and keeps it within `--cache-mb`, dropping the
//!    leagues used least recently.
//!
//! Invariants, each with its check: a table equals a computation from scratch after any
//! sequence of changes (`core/tests/properties.rs`, `api/tests/it/tables.rs` on both
//! backends); many readers of one revision cost one computation (`tables.rs`, 32 readers);
//! a write acknowledged by one process is in the next table from any other
//! (`api/tests/it/scale.rs`, `replica.rs`); memory stays within the budget
//! (`--cache-mb 0` in `scale.rs`).

pub mod cache;
mod flight;
pub mod replica;
pub mod revisions;
pub mod tables;
pub mod views;

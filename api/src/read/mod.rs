//! The read side: how a league's table (and every other view of a league: head-to-head,
//! player statistics, rating accuracy, a night's report) is served, in one room below the
//! handlers. Writes never come here; they only bump a league's revision and log what
//! they changed (`store`), which is all the read side needs to know.
//!
//! How one table request is served, top to bottom:
//! 1. [`views`]: the handler asks `Views::table(league, query)`; the day it asks for is
//!    resolved (`as_of`, the date of `after_event`), and the view named ([`cache::View`]).
//! 2. [`tables`]: a reader that did not send its last write (`Spielstand-Read-After`, or
//!    the cookie pages keep it in) is answered with the newest finished view held, with
//!    no database read: the league's revision is pushed to the process ([`watch`] keeps
//!    [`known`]). If a newer revision is known, it is computed in the background and the
//!    view before is served while it is at most [`known::MAX_BEHIND`] behind; past that,
//!    or while the watcher cannot vouch, the reader goes on as below.
//! 3. [`replica`]: where to read from: a streaming replica while it has replayed what
//!    this client wrote and keeps within its lag, else the primary.
//! 4. [`revisions`]: the league's current revision, from a read that began after the
//!    request arrived (so every process serves every acknowledged write), shared by every
//!    request that arrived before it began: one round trip per round trip, not per request.
//! 5. [`cache`]: the view held at that revision is answered at once, as its rendered bytes
//!    and strong ETag.
//! 6. `flight`: otherwise one computation per (league, view, revision) however many
//!    requests wait for it: [`tables`] brings the league's projection up to date from the
//!    changes logged after the revision it holds (a full load only when it holds nothing or
//!    the log has a gap), renders the view, and keeps it within `--cache-mb`, dropping the
//!    leagues used least recently.
//!
//! Invariants, each with its check: a table equals a computation from scratch after any
//! sequence of changes (`core/tests/it/properties.rs`, `api/tests/it/tables.rs` on both
//! backends); many readers of one revision cost one computation (`tables.rs`, 32 readers);
//! a write is in the next table its writer reads from any process, and in every reader's
//! within a second, which never goes back (`api/tests/it/readers.rs`, `scale.rs`,
//! `replica.rs`); a reader that did not write never waits for a computation
//! (`readers.rs`); memory stays within the budget (`--cache-mb 0` in `scale.rs`).

pub mod cache;
mod flight;
pub mod known;
pub mod postal;
pub mod replica;
pub mod revisions;
pub mod tables;
pub mod views;
pub mod watch;

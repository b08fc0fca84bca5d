//! The handlers, one file per area of the API. A handler takes what its request carries,
//! reads views (`views`) or writes through the store, and answers with `render` and the
//! response policies of `http`; it never imports another handler (`.ci/layout.py --siblings`
//! keeps it so): what two handlers share lives below them.

pub mod app;
pub mod audit;
pub mod batch;
pub mod charts;
pub mod embed;
pub mod events;
pub mod export;
pub mod feeds;
pub mod leagues;
pub mod meta;
pub mod organiser;
pub mod passes;
pub mod players;
pub mod postal;
pub mod results;
pub mod seating;
pub mod standings;
pub mod stats;
pub mod stream;
pub mod webhooks;

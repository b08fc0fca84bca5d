//! Webhook delivery: the queue that every change of a result fills inside its own
//! transaction ([`queue`]), the worker that POSTs what is due ([`delivery`]), and where a
//! URL may point ([`egress`]). The registrations are a table like the others, in
//! `store/webhooks.rs`. Below the store: the result write path calls [`queue::enqueue`],
//! and nothing here reads the store.

pub mod delivery;
pub mod egress;
pub mod queue;

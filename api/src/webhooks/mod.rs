//! Webhooks, in one place: registrations ([`hooks`]), the queue that every change of a
//! result fills inside its own transaction ([`queue`]), and the worker that POSTs what is
//! due ([`delivery`]). Below the store: the result write path calls [`queue::enqueue`],
//! and nothing here reads the store.

pub mod delivery;
pub mod egress;
pub mod hooks;
pub mod queue;

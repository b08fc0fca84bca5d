//! The API's integration tests, in one binary (the library is linked once), one module
//! per area: the HTTP API on SQLite and PostgreSQL (`http`), the pages, feeds and webhooks
//! for club websites (`website`, and `browser` in headless Chromium), the database schema
//! of both backends (`schema`), access by every kind of token (`access`), the input domain
//! (`domain`), a killed or starved server (`faults`) and load (`scale`).

#[macro_use]
mod common;

mod access;
mod audit;
mod backup;
mod batch;
mod browser;
mod domain;
mod faults;
mod http;
mod nights;
mod rules;
mod scale;
mod schema;
mod scopes;
mod website;

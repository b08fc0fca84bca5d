//! The API's integration tests, in one binary (the library is linked once), one module
//! per area: the HTTP API on SQLite and PostgreSQL (`http`), the pages, feeds and webhooks
//! for club websites (`website`, and `browser` in headless Chromium), the database schema
//! of both backends (`schema`), a killed or starved server (`faults`) and load (`scale`).

#[macro_use]
mod common;

mod audit;
mod backup;
mod batch;
mod browser;
mod faults;
mod http;
mod nights;
mod rules;
mod scale;
mod schema;
mod scopes;
mod website;

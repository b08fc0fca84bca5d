//! The API's integration tests, in one binary (the library is linked once), one module
//! per area, each on SQLite and PostgreSQL: the resources (`players`, `leagues`,
//! `results`, `tables`, `nights`, `batch`, `audit`), the game rules (`rules`), the protocol
//! around every operation (`protocol`, `idempotency`, `domain` for the input domain), who
//! may call what (`access`, `scopes`), the pages, feeds and webhooks for club websites
//! (`website`, and `browser` in headless Chromium), the database schema of both backends
//! (`schema`), backups (`backup`), a killed or starved server (`faults`) and load (`scale`).

#[macro_use]
mod common;

mod access;
mod app;
mod audit;
mod backup;
mod batch;
mod browser;
mod domain;
mod faults;
mod idempotency;
mod languages;
mod leagues;
mod mail;
mod merges;
mod nights;
mod operations;
mod partners;
mod passes;
mod players;
mod postal;
mod probes;
mod protocol;
mod races;
mod readers;
mod replica;
mod results;
mod rules;
mod scale;
mod schema;
mod scopes;
mod seating;
mod snapshots;
mod stored;
mod tables;
mod teams;
mod tls;
mod upgrade;
mod website;

//! The spielstand league server: players, leagues and results in SQLite or PostgreSQL,
//! served over HTTP with an OpenAPI document.

pub mod cache;
pub mod db;
pub mod error;
mod flight;
pub mod http;
pub mod live;
pub mod render;
pub mod replica;
pub mod revisions;
pub mod store;
pub mod tables;
pub mod telemetry;
pub mod views;
pub mod webhooks;

pub use http::{AppState, Options, PublicUrl, app, openapi};

/// The OpenAPI document as YAML, exactly as committed in `openapi.yaml`.
pub fn openapi_yaml() -> String {
    openapi().to_yaml().expect("the OpenAPI document always serialises")
}

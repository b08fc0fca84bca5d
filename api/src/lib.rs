//! The spielstand league server: players, leagues and results in SQLite or PostgreSQL,
//! served over HTTP with an OpenAPI document.

// `said!` before every module that says something.
#[macro_use]
pub mod said;
pub mod db;
pub mod deadlines;
pub mod error;
pub mod http;
pub mod lan;
pub mod live;
pub mod mail;
pub mod read;
pub mod render;
pub mod store;
pub mod telemetry;
pub mod tls;
pub mod webhooks;

pub use http::{AppState, Options, PublicUrl, app, openapi};

/// The OpenAPI document as YAML, exactly as committed in `openapi.yaml`.
pub fn openapi_yaml() -> String {
    openapi().to_yaml().expect("the OpenAPI document always serialises")
}

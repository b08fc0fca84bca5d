//! The HTTP API: one route registration for the server, the tests and the document.

mod conditional;
pub mod docs;
pub mod extract;
mod fallback;
mod handlers;
pub mod problem;
mod request_id;

use crate::db::{Backend, DatabaseUrl, DbConn, GroupWriter, Pool};
use crate::error::{Error, Result};
use crate::tables::Tables;
use actix_cors::Cors;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{Next, from_fn};
use actix_web::{App, web};
use std::time::Instant;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, scope};
use utoipa_swagger_ui::SwaggerUi;

/// How the server runs, beyond its database.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Group commit for SQLite writes; off, every write commits on its own (the
    /// baseline the write benchmark compares with).
    pub group_commit: bool,
    /// Memory for leagues' tables and their incremental state, in bytes.
    pub cache_bytes: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { group_commit: true, cache_bytes: 64 << 20 }
    }
}

/// What every handler shares.
pub struct AppState {
    pub pool: Pool,
    pub tables: Tables,
    /// Group commit, on SQLite only: PostgreSQL already shares fsyncs among concurrent
    /// commits, and one transaction holding several leagues' rows could deadlock with
    /// another process's.
    writer: Option<GroupWriter>,
}

impl AppState {
    /// State with the default options: group commit on SQLite, a 64 MB cache.
    pub fn new(pool: Pool, url: &DatabaseUrl) -> web::Data<AppState> {
        AppState::with_options(pool, url, Options::default())
    }

    pub fn with_options(pool: Pool, url: &DatabaseUrl, options: Options) -> web::Data<AppState> {
        let writer = (options.group_commit && url.backend() == Backend::Sqlite)
            .then(|| GroupWriter::start(url.clone(), pool.clone()));
        web::Data::new(AppState { pool, tables: Tables::new(options.cache_bytes), writer })
    }

    /// Runs a write: in the next group commit, or on its own on the blocking pool.
    pub async fn write<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T> + Send + 'static,
    {
        match &self.writer {
            Some(writer) => writer.write(f).await,
            None => self.db(f).await,
        }
    }

    /// Runs blocking database work on the blocking thread pool, never on an async worker.
    pub async fn db<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T> + Send + 'static,
    {
        crate::db::run(&self.pool, f).await
    }
}

/// Registers every API route under `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    use handlers::*;
    cfg.service(
        scope("/api/v1")
            .service(meta::health)
            .service(meta::games)
            .service(meta::score)
            .service(meta::token)
            .service(players::create)
            .service(players::list)
            .service(players::get)
            .service(players::rename)
            .service(players::ratings)
            .service(leagues::create)
            .service(leagues::list)
            .service(leagues::get)
            .service(leagues::update)
            .service(results::create)
            .service(results::list)
            .service(results::get)
            .service(results::update)
            .service(results::remove)
            .service(results::history)
            .service(standings::standings)
            .service(standings::standings_csv)
            .service(feeds::results_atom)
            .service(webhooks::create)
            .service(webhooks::list)
            .service(webhooks::get)
            .service(webhooks::remove)
            .service(webhooks::deliveries),
    );
    // For club websites, outside the API's prefix; in the document all the same.
    cfg.service(embed::standings).service(embed::script);
}

/// The OpenAPI document, as served at `/openapi.json` and committed as `openapi.yaml`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    docs::finish(App::new().into_utoipa_app().openapi(docs::ApiDoc::openapi()).configure(configure).split_for_parts().1)
}

/// The whole application.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let path_config = web::PathConfig::default()
        .error_handler(|err, req| Error::InvalidPath(format!("{}: {err}", req.path())).into());
    let (app, api) = App::new()
        .into_utoipa_app()
        .openapi(docs::ApiDoc::openapi())
        .app_data(state)
        .app_data(path_config)
        .configure(configure)
        .split_for_parts();
    let api = docs::finish(api);
    let routes = fallback::RouteTable::from_openapi(&api);
    app.service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", api))
        .default_service(web::to(move |req: actix_web::HttpRequest| {
            let routes = routes.clone();
            async move { routes.respond(&req) }
        }))
        .wrap(
            // Club websites read tables from any origin; writes are not for browsers.
            Cors::default()
                .allow_any_origin()
                .allowed_methods(["GET", "HEAD"])
                .allow_any_header()
                .expose_headers([header::ETAG, header::HeaderName::from_static("x-request-id")])
                .max_age(86_400),
        )
        .wrap(from_fn(request_context))
}

/// Gives every request an id (echoed as `X-Request-Id`), makes it available to error
/// bodies, and logs one line per request. Headers are never logged: they hold tokens.
async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> std::result::Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| (1..=64).contains(&v.len()) && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_owned)
        .unwrap_or_else(request_id::next);
    let (method, path, started) = (req.method().clone(), req.path().to_owned(), Instant::now());
    let mut res = problem::REQUEST_ID.scope(id.clone(), next.call(req)).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(header::HeaderName::from_static("x-request-id"), value);
    }
    tracing::info!(
        request_id = %id,
        %method,
        path,
        status = res.status().as_u16(),
        ms = started.elapsed().as_secs_f64() * 1000.0,
        "request"
    );
    Ok(res)
}

//! The API's routes as the OpenAPI document lists them: which operation a request is
//! for (the access check keys on it), and the answer for a request no route took: 405
//! with `Allow` when the path exists under other methods, else 404, both as problems.
//! The routes come from the document, so the two can never disagree.

use crate::error::Error;
use actix_web::http::Method;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use std::sync::Arc;

/// One path of the document, with the operation of each of its methods.
#[derive(Debug)]
struct Route {
    segments: Vec<String>,
    /// (method, operation id); the document itself has none.
    methods: Vec<(&'static str, Option<String>)>,
}

#[derive(Clone, Debug)]
pub struct RouteTable(Arc<Vec<Route>>);

/// A request matched to its operation; the path's parameters are read when asked for.
#[derive(Debug)]
pub struct Matched<'a> {
    pub operation: &'a str,
    route: &'a Route,
    path: &'a str,
}

impl Matched<'_> {
    /// The path parameter `name` (`id` in `/events/{id}`).
    pub fn param(&self, name: &str) -> Option<&str> {
        self.route
            .segments
            .iter()
            .zip(parts(self.path))
            .find(|(p, _)| p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) == Some(name))
            .map(|(_, w)| w)
    }
}

impl RouteTable {
    pub fn from_openapi(api: &utoipa::openapi::OpenApi) -> RouteTable {
        let mut routes: Vec<Route> = api
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods = [
                    ("GET", &item.get),
                    ("POST", &item.post),
                    ("PUT", &item.put),
                    ("PATCH", &item.patch),
                    ("DELETE", &item.delete),
                ]
                .into_iter()
                .filter_map(|(m, op)| op.as_ref().map(|op| (m, op.operation_id.clone())))
                .collect();
                Route { segments: segments(path), methods }
            })
            .collect();
        routes.push(Route { segments: segments("/openapi.json"), methods: vec![("GET", None)] });
        RouteTable(Arc::new(routes))
    }

    /// The route of `path`. Every request passes here (the access check), so it matches
    /// segment by segment without allocating.
    fn route(&self, path: &str) -> Option<&Route> {
        self.0.iter().find(|route| {
            let mut wanted = parts(path);
            route
                .segments
                .iter()
                .all(|p| wanted.next().is_some_and(|w| p == w || (p.starts_with('{') && !w.is_empty())))
                && wanted.next().is_none()
        })
    }

    /// The operation `method` `path` is for (`HEAD` is `GET`), if any.
    pub fn find<'a>(&'a self, method: &Method, path: &'a str) -> Option<Matched<'a>> {
        let method = if method == Method::HEAD { "GET" } else { method.as_str() };
        let route = self.route(path)?;
        let operation = route.methods.iter().find(|(m, _)| *m == method)?.1.as_deref()?;
        Some(Matched { operation, route, path })
    }

    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let error = match self.route(req.path()) {
            Some(route) => Error::MethodNotAllowed {
                method: req.method().to_string(),
                allow: route.methods.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", "),
            },
            None => Error::NoRoute(req.path().to_owned()),
        };
        error.error_response()
    }
}

/// The segments of a path, a trailing `/` ignored.
fn parts(path: &str) -> std::str::Split<'_, char> {
    path.trim_end_matches('/').split('/')
}

fn segments(path: &str) -> Vec<String> {
    parts(path).map(str::to_owned).collect()
}

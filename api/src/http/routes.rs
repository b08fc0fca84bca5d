//! The API's routes as the OpenAPI document lists them: which operation a route actix
//! matched is for (the access check keys on it), and the answer for a request no route
//! took: 405 with `Allow` when the path is a route under other methods, else 404, both as
//! problems. The routes come from the document, so the two can never disagree.
//!
//! Nothing here reads the raw path. A route is known by the pattern actix matched
//! (`/api/v1/leagues/{id}/webhooks`), which is also the document's path: actix decodes
//! percent-encoded unreserved characters before it routes, so `/api/v1/leagues/2/%77ebhooks`
//! *is* that route, rule included. Every other spelling (doubled slashes, dot segments,
//! `;` parameters, a trailing slash, an encoded `/`) matches no pattern and is 404 before
//! any handler runs.

use crate::error::Error;
use actix_web::http::Method;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError};
use std::collections::HashMap;
use std::sync::Arc;

/// The tag of the pages' operations (the members' and organisers' app).
pub const PAGES: &str = "app";

/// What the default service leaves on a request no route took.
#[derive(Debug, Clone, Copy)]
pub struct Unrouted;

/// The operation of each method of one path of the document.
#[derive(Debug, Default)]
struct Route {
    /// (method, operation id); the document itself has none.
    methods: Vec<(&'static str, Option<String>)>,
    /// The methods that are forms of the pages (operations tagged `app` that change
    /// something): they must come from this server's own pages.
    forms: Vec<&'static str>,
}

/// Routes by the pattern actix matches them under.
#[derive(Clone, Debug)]
pub struct RouteTable(Arc<HashMap<String, Route>>);

impl RouteTable {
    pub fn from_openapi(api: &utoipa::openapi::OpenApi) -> RouteTable {
        let mut routes: HashMap<String, Route> = api
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let operations = [
                    ("GET", &item.get),
                    ("POST", &item.post),
                    ("PUT", &item.put),
                    ("PATCH", &item.patch),
                    ("DELETE", &item.delete),
                ];
                let methods = operations
                    .iter()
                    .filter_map(|(m, op)| op.as_ref().map(|op| (*m, op.operation_id.clone())))
                    .collect();
                let forms = operations
                    .iter()
                    .filter(|(m, op)| {
                        *m != "GET"
                            && op
                                .as_ref()
                                .is_some_and(|op| op.tags.as_ref().is_some_and(|t| t.iter().any(|t| t == PAGES)))
                    })
                    .map(|(m, _)| *m)
                    .collect();
                (path.clone(), Route { methods, forms })
            })
            .collect();
        routes.insert("/openapi.json".to_owned(), Route { methods: vec![("GET", None)], forms: Vec::new() });
        RouteTable(Arc::new(routes))
    }

    /// The operation of `method` on the route actix matched as `pattern` (`HEAD` is
    /// `GET`), if the document has one.
    pub fn operation(&self, method: &Method, pattern: &str) -> Option<&str> {
        let method = if method == Method::HEAD { "GET" } else { method.as_str() };
        self.0.get(pattern)?.methods.iter().find(|(m, _)| *m == method)?.1.as_deref()
    }

    /// Is `method` on the route `pattern` a form of the pages?
    pub fn is_form(&self, method: &Method, pattern: &str) -> bool {
        self.0.get(pattern).is_some_and(|route| route.forms.contains(&method.as_str()))
    }

    /// Is `pattern` a route of the document's operations?
    pub fn knows(&self, pattern: &str) -> bool {
        self.0.get(pattern).is_some_and(|route| route.methods.iter().any(|(_, op)| op.is_some()))
    }

    /// The answer of a request no route took (the application's default service): 405
    /// when actix's own patterns match the path it routed (decoded, as it routes) under
    /// other methods, else 404.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        req.extensions_mut().insert(Unrouted);
        let routed = req.match_info().as_str();
        let route = req.resource_map().match_pattern(routed).and_then(|pattern| self.0.get(&pattern));
        let error = match route {
            Some(route) => Error::MethodNotAllowed {
                method: req.method().to_string(),
                allow: route.methods.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", "),
            },
            None => Error::NoRoute(req.path().to_owned()),
        };
        error.error_response()
    }
}

//! Answers for requests no route took: 405 with `Allow` when the path exists under other
//! methods, else 404; both as problems. The known paths come from the OpenAPI document,
//! so the two can never disagree.

use crate::error::Error;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use std::sync::Arc;

#[derive(Clone)]
pub struct RouteTable(Arc<Vec<(Vec<String>, Vec<&'static str>)>>);

impl RouteTable {
    pub fn from_openapi(api: &utoipa::openapi::OpenApi) -> RouteTable {
        let mut routes: Vec<(Vec<String>, Vec<&'static str>)> = api
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("PATCH", item.patch.is_some()),
                    ("DELETE", item.delete.is_some()),
                ]
                .into_iter()
                .filter_map(|(m, present)| present.then_some(m))
                .collect();
                (segments(path), methods)
            })
            .collect();
        routes.push((segments("/openapi.json"), vec!["GET"]));
        RouteTable(Arc::new(routes))
    }

    fn allowed(&self, path: &str) -> Option<&[&'static str]> {
        let wanted = segments(path);
        self.0
            .iter()
            .find(|(pattern, _)| {
                pattern.len() == wanted.len()
                    && pattern.iter().zip(&wanted).all(|(p, w)| p == w || (p.starts_with('{') && !w.is_empty()))
            })
            .map(|(_, methods)| methods.as_slice())
    }

    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let error = match self.allowed(req.path()) {
            Some(methods) => Error::MethodNotAllowed { method: req.method().to_string(), allow: methods.join(", ") },
            None => Error::NoRoute(req.path().to_owned()),
        };
        error.error_response()
    }
}

fn segments(path: &str) -> Vec<String> {
    path.trim_end_matches('/').split('/').map(str::to_owned).collect()
}

//! The ceiling for the warm-standings benchmark: a minimal actix-web process that serves
//! one file's bytes from memory with the headers spielstand sends; with a third argument
//! (`gzip` or `br`), as bytes already in that encoding.

use actix_web::{App, HttpResponse, HttpServer, web};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (bind, file) = match (args.next(), args.next()) {
        (Some(bind), Some(file)) => (bind, file),
        _ => {
            eprintln!("usage: ceiling BIND FILE [gzip|br]");
            std::process::exit(2);
        }
    };
    let encoding: Option<&'static str> = match args.next().as_deref() {
        None => None,
        Some("gzip") => Some("gzip"),
        Some("br") => Some("br"),
        Some(other) => {
            eprintln!("ceiling: unknown encoding {other:?}: gzip or br");
            std::process::exit(2);
        }
    };
    let body = web::Bytes::from(std::fs::read(&file)?);
    HttpServer::new(move || {
        let body = body.clone();
        App::new().default_service(web::to(move || {
            let body = body.clone();
            async move {
                let mut response = HttpResponse::Ok();
                response
                    .content_type("application/json")
                    .insert_header(("etag", "\"ceiling\""))
                    .insert_header(("cache-control", "public, no-cache"))
                    .insert_header(("vary", "Accept, Accept-Encoding"));
                if let Some(encoding) = encoding {
                    response.insert_header(("content-encoding", encoding));
                }
                response.body(body)
            }
        }))
    })
    .bind(bind)?
    .run()
    .await
}

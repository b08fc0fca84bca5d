//! The ceiling for the warm-standings benchmark: a minimal actix-web process that serves
//! one file's bytes from memory with the headers spielstand sends.

use actix_web::{App, HttpResponse, HttpServer, web};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (bind, file) = match (args.next(), args.next()) {
        (Some(bind), Some(file)) => (bind, file),
        _ => {
            eprintln!("usage: ceiling BIND FILE");
            std::process::exit(2);
        }
    };
    let body = web::Bytes::from(std::fs::read(&file)?);
    HttpServer::new(move || {
        let body = body.clone();
        App::new().default_service(web::to(move || {
            let body = body.clone();
            async move {
                HttpResponse::Ok()
                    .content_type("application/json")
                    .insert_header(("etag", "\"ceiling\""))
                    .insert_header(("cache-control", "public, no-cache"))
                    .body(body)
            }
        }))
    })
    .bind(bind)?
    .run()
    .await
}

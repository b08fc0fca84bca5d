//! The HTTP API: one route registration for the server, the tests and the document.

pub mod access;
pub mod actions;
mod assets;
pub mod body;
pub mod caller;
mod conditional;
pub mod connections;
pub mod docs;
pub mod extract;
pub mod forms;
pub mod forwarded;
mod handlers;
pub mod lang;
mod middleware;
pub mod pages;
mod policy;
pub mod problem;
pub mod public_url;
mod request_id;
pub mod routes;
mod sliced;
mod state;
pub mod throttle;

pub use public_url::PublicUrl;
pub use state::{AppState, DEFAULT_STREAMS_PER_ADDRESS, Options, follow_night, night_changed};

use crate::error::Error;
use actix_cors::Cors;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::from_fn;
use actix_web::{App, web};
use middleware::request_context;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, scope};
use utoipa_swagger_ui::SwaggerUi;

/// Registers every API route under `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    use handlers::*;
    cfg.service(
        // actix tries a scope's routes in the order they are registered, a pattern match
        // each: the tables, which readers ask for far more often than anything else,
        // come first.
        scope("/api/v1")
            .service(standings::standings)
            .service(standings::standings_csv)
            .service(standings::team_standings)
            .service(standings::team_standings_csv)
            .service(stats::head_to_head)
            .service(stats::player_stats)
            .service(stats::player_league_ratings)
            .service(stats::rating_accuracy)
            .service(meta::health)
            .service(meta::ready)
            .service(meta::games)
            .service(meta::score)
            .service(meta::token)
            .service(players::create)
            .service(players::list)
            .service(players::get)
            .service(players::rename)
            .service(players::merge)
            .service(players::unmerge)
            .service(players::ratings)
            .service(leagues::create)
            .service(leagues::list)
            .service(leagues::get)
            .service(leagues::update)
            .service(export::league)
            .service(batch::batch)
            .service(results::create)
            .service(results::list)
            .service(results::get)
            .service(results::update)
            .service(results::remove)
            .service(results::history)
            .service(results::confirm)
            .service(results::reject)
            .service(events::create)
            .service(events::list)
            .service(events::get)
            .service(events::update)
            .service(events::close)
            .service(events::remove)
            .service(seating::check_in)
            .service(seating::check_out)
            .service(seating::draw)
            .service(seating::redraw)
            .service(seating::rounds)
            .service(passes::create_join_code)
            .service(passes::list_passes)
            .service(passes::revoke_pass)
            .service(passes::approve_pass)
            .service(passes::decline_pass)
            .service(passes::readmit_pass)
            .service(passes::join_night)
            .service(stream::follow)
            .service(feeds::results_atom)
            .service(webhooks::create)
            .service(webhooks::list)
            .service(webhooks::get)
            .service(webhooks::remove)
            .service(webhooks::enable)
            .service(webhooks::deliveries)
            .service(audit::list)
            .service(postal::create)
            .service(postal::list)
            .service(postal::get)
            .service(postal::send)
            .service(postal::resolve)
            .service(postal::reissue_code)
            .service(postal::mails)
            .service(postal::rounds_atom)
            .service(postal::get_round),
    );
    // For club websites, outside the API's prefix; in the document all the same.
    cfg.service(meta::metrics)
        .service(embed::standings)
        .service(embed::team_standings)
        .service(embed::night)
        .service(embed::night_tables)
        .service(embed::player)
        .service(charts::ratings)
        .service(charts::race)
        .service(charts::player_ratings)
        .service(embed::script)
        .service(postal::page)
        .service(postal::round_page)
        // The app members and the organiser use on their phones.
        .service(app::landing)
        .service(app::find)
        .service(app::join_page)
        .service(app::join_form_post)
        .service(app::member_page)
        .service(app::member_enter)
        .service(app::member_confirm)
        .service(app::member_reject)
        .service(app::css)
        .service(app::js)
        .service(app::service_worker)
        .service(app::favicon)
        .service(organiser::sign_in_page)
        .service(organiser::sign_in)
        .service(organiser::sign_in_code_page)
        .service(organiser::sign_in_code)
        .service(organiser::sign_out)
        .service(organiser::home)
        .service(organiser::start_night)
        .service(organiser::night_for_organiser)
        .service(organiser::attendees)
        .service(organiser::join_code)
        .service(organiser::draw)
        .service(organiser::close)
        .service(organiser::revoke)
        .service(organiser::approve)
        .service(organiser::decline)
        .service(organiser::readmit)
        .service(organiser::add_asked_name)
        .service(organiser::dismiss_asked_name)
        .service(organiser::accept)
        .service(organiser::delete)
        .service(organiser::correct_page)
        .service(organiser::correct);
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
    let path_config = web::PathConfig::default().error_handler(|err, req| {
        // actix's words for a segment that does not read; in German, what they mean.
        let said = said!("api-path-problem", path = req.path(), err = err)
            .german("err", "ein Teil des Pfades ist kein gültiger Wert (eine Nummer, wo eine Nummer stehen muss)");
        Error::InvalidPath(said).into()
    });
    let (app, api) = App::new()
        .into_utoipa_app()
        .openapi(docs::ApiDoc::openapi())
        .app_data(state)
        .app_data(path_config)
        .configure(configure)
        .split_for_parts();
    let api = docs::finish(api);
    let routes = routes::RouteTable::from_openapi(&api);
    app.app_data(web::Data::new(routes.clone()))
        .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", api))
        .default_service(web::to(move |req: actix_web::HttpRequest| {
            let routes = routes.clone();
            async move { routes.respond(&req) }
        }))
        .wrap(from_fn(body::deadline))
        .wrap(from_fn(middleware::throttle))
        .wrap(
            // Club websites read tables from any origin; writes are not for browsers.
            Cors::default()
                .allow_any_origin()
                .allowed_methods(["GET", "HEAD"])
                .allow_any_header()
                .expose_headers([
                    header::ETAG,
                    header::HeaderName::from_static("x-request-id"),
                    header::HeaderName::from_static(spielstand_wire::headers::WRITE_POSITION_LOWER),
                    header::HeaderName::from_static(spielstand_wire::headers::REPLICA_LAG_MS_LOWER),
                    header::HeaderName::from_static(spielstand_wire::headers::REVISION_LOWER),
                    header::HeaderName::from_static(spielstand_wire::headers::BEHIND_MS_LOWER),
                    header::AGE,
                ])
                .max_age(86_400),
        )
        .wrap(from_fn(request_context))
}

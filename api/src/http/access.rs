//! Who may call each operation, declared once, and the one check every request passes
//! (`checked()`, a middleware every handler's route wraps itself in, so that it runs on
//! the route actix matched).
//!
//! Each operation has a [`Rule`]: the token it needs (none, or a scope) and where it acts,
//! so that a token limited to one league is held to that league whatever the operation:
//! the league of the path, or of the club night, webhook or result it names. The same
//! rules write the `security` scopes of the OpenAPI document (`docs`), and an operation
//! without a rule is refused (fail closed) and fails the tests that walk the route table.
//! Handlers only take the checked caller (`Writer`); none of them checks a token itself.

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::caller::{Caller, Credentialed, Writer, authenticate, identify, same_origin};
use crate::http::routes::RouteTable;
use crate::store::owners::{self, Owned};
use crate::store::passes::Pass;
use crate::store::postal::{self, HareCaller};
use actix_web::HttpMessage;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::Payload;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use spielstand_wire::TokenScope;

/// What an operation needs of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Anyone. A token sent along is read where it shows more (a result's history).
    Anyone,
    /// A valid token of this scope or above (`admin` includes `record`).
    Token(TokenScope),
    /// Such a token, or a member's night pass held to its own night (`in_own_night`).
    TokenOrPass(TokenScope),
    /// Such a token (the game master's), or a hare of the postal game `{id}` of the path:
    /// its code, or a night pass of the game's league held by its player.
    TokenOrHare(TokenScope),
}

/// Where an operation acts: what a token limited to one league is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acts {
    /// On no league's data (the token itself; public reads).
    Nowhere,
    /// In the league `{id}` of the path.
    InLeague,
    /// In the league of the thing `{id}` of the path names (a club night, a webhook, a
    /// result).
    InLeagueOf(Owned),
    /// On every league at once (creating a league, renaming a player everyone shares):
    /// no token limited to one league may.
    Everywhere,
    /// Adding a player: players are shared by every league and a new one changes no
    /// table, so a limited token may (the table laptop adds its newcomers).
    OnSharedPlayers,
    /// The audit trail: a limited token reads its league's entries only; asking for
    /// another league's (`?league_id=`) is refused.
    OnAudit,
    /// Correcting or deleting the result `{id}` of the path: in its league, as
    /// `InLeagueOf(Owned::Result)`; and a record token only a result it recorded itself
    /// or one a member entered at the table (the organiser's to settle), naming the
    /// revision it changes (`If-Match: *` is an admin's). An admin token changes any.
    ChangesResult,
    /// Closing the club night `{id}` of the path: in its league, as
    /// `InLeagueOf(Owned::Event)`; and a record token only a night it started itself (the
    /// organiser's tablet closes its own night). An admin token closes any.
    OrganisesNight,
}

/// The rule of one operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub operation: &'static str,
    pub needs: Needs,
    pub acts: Acts,
}

const fn anyone(operation: &'static str) -> Rule {
    Rule { operation, needs: Needs::Anyone, acts: Acts::Nowhere }
}

const fn record(operation: &'static str, acts: Acts) -> Rule {
    Rule { operation, needs: Needs::Token(TokenScope::Record), acts }
}

const fn record_or_pass(operation: &'static str, acts: Acts) -> Rule {
    Rule { operation, needs: Needs::TokenOrPass(TokenScope::Record), acts }
}

const fn record_or_hare(operation: &'static str) -> Rule {
    Rule { operation, needs: Needs::TokenOrHare(TokenScope::Record), acts: Acts::InLeagueOf(Owned::PostalGame) }
}

const fn admin(operation: &'static str, acts: Acts) -> Rule {
    Rule { operation, needs: Needs::Token(TokenScope::Admin), acts }
}

/// Every operation's rule, by `operation_id`.
pub const RULES: &[Rule] = &[
    anyone("health"),
    anyone("ready"),
    anyone("metrics"),
    anyone("list_games"),
    anyone("score_rangeln_round"),
    record("check_token", Acts::Nowhere),
    anyone("list_players"),
    record("create_player", Acts::OnSharedPlayers),
    anyone("get_player"),
    admin("rename_player", Acts::Everywhere),
    // A merge moves seats in every league the two players played in: no league limit can
    // hold it, so a league-limited admin token is refused.
    admin("merge_player", Acts::Everywhere),
    admin("unmerge_player", Acts::Everywhere),
    anyone("player_ratings"),
    anyone("list_leagues"),
    admin("create_league", Acts::Everywhere),
    anyone("get_league"),
    admin("update_league", Acts::InLeague),
    anyone("export_league"),
    record("record_results_batch", Acts::InLeague),
    anyone("list_results"),
    // A member's pass records its own table's result at its night (the store checks the
    // table), and reviews its tablemates' entries.
    record_or_pass("record_result", Acts::InLeague),
    anyone("get_result"),
    record("correct_result", Acts::ChangesResult),
    record("delete_result", Acts::ChangesResult),
    anyone("result_history"),
    record_or_pass("confirm_result", Acts::InLeagueOf(Owned::Result)),
    record_or_pass("reject_result", Acts::InLeagueOf(Owned::Result)),
    anyone("list_events"),
    record("create_event", Acts::InLeague),
    anyone("get_event"),
    admin("update_event", Acts::InLeagueOf(Owned::Event)),
    admin("delete_event", Acts::InLeagueOf(Owned::Event)),
    record("close_event", Acts::OrganisesNight),
    record("check_in", Acts::InLeagueOf(Owned::Event)),
    record("check_out", Acts::InLeagueOf(Owned::Event)),
    record("draw_round", Acts::InLeagueOf(Owned::Event)),
    record("redraw_round", Acts::InLeagueOf(Owned::Event)),
    record("create_join_code", Acts::InLeagueOf(Owned::Event)),
    record("list_passes", Acts::InLeagueOf(Owned::Event)),
    record("revoke_pass", Acts::InLeagueOf(Owned::Event)),
    record("approve_pass", Acts::InLeagueOf(Owned::Event)),
    record("decline_pass", Acts::InLeagueOf(Owned::Event)),
    record("readmit_pass", Acts::InLeagueOf(Owned::Event)),
    // Anyone may try a code: wrong codes count against the address (429 past a few).
    anyone("join_night"),
    anyone("event_stream"),
    anyone("list_rounds"),
    anyone("get_rating_accuracy"),
    anyone("get_standings"),
    anyone("get_standings_csv"),
    anyone("get_team_standings"),
    anyone("get_team_standings_csv"),
    anyone("get_head_to_head"),
    anyone("get_player_stats"),
    anyone("get_player_league_ratings"),
    anyone("results_feed"),
    admin("list_webhooks", Acts::InLeague),
    admin("create_webhook", Acts::InLeague),
    admin("get_webhook", Acts::InLeagueOf(Owned::Webhook)),
    admin("delete_webhook", Acts::InLeagueOf(Owned::Webhook)),
    admin("enable_webhook", Acts::InLeagueOf(Owned::Webhook)),
    admin("list_deliveries", Acts::InLeagueOf(Owned::Webhook)),
    admin("list_audit", Acts::OnAudit),
    anyone("embed_standings"),
    anyone("embed_team_standings"),
    anyone("embed_event"),
    anyone("embed_event_tables"),
    anyone("embed_player"),
    anyone("embed_ratings_chart"),
    anyone("embed_race_chart"),
    anyone("embed_player_ratings_chart"),
    anyone("embed_script"),
    // The app's pages read who calls themselves (the pass or session cookie); its forms
    // meet the rules of what they do.
    anyone("landing"),
    anyone("find_night"),
    anyone("join_page"),
    anyone("join_form"),
    anyone("member_page"),
    record_or_pass("member_enter", Acts::InLeagueOf(Owned::Event)),
    record_or_pass("member_confirm", Acts::InLeagueOf(Owned::Result)),
    record_or_pass("member_reject", Acts::InLeagueOf(Owned::Result)),
    anyone("app_css"),
    anyone("app_js"),
    anyone("app_service_worker"),
    anyone("favicon"),
    // Signing in counts wrong tokens as the API does; the pages check their session.
    anyone("sign_in_page"),
    anyone("sign_in"),
    anyone("sign_in_code_page"),
    anyone("sign_in_code"),
    anyone("sign_out"),
    anyone("organiser_page"),
    anyone("organiser_night"),
    anyone("organiser_correct_page"),
    record("organiser_start_night", Acts::InLeague),
    record("organiser_attendees", Acts::InLeagueOf(Owned::Event)),
    record("organiser_join_code", Acts::InLeagueOf(Owned::Event)),
    record("organiser_draw", Acts::InLeagueOf(Owned::Event)),
    record("organiser_close", Acts::OrganisesNight),
    // Postal games: the game master is a record token of the league; a hare sends its own
    // orders with its code or its player's night pass; the rest is public once resolved.
    anyone("list_postal_games"),
    record("create_postal_game", Acts::InLeague),
    anyone("get_postal_game"),
    record_or_hare("send_postal_orders"),
    record("resolve_postal_round", Acts::InLeagueOf(Owned::PostalGame)),
    record("reissue_postal_code", Acts::InLeagueOf(Owned::PostalGame)),
    record("list_postal_mails", Acts::InLeagueOf(Owned::PostalGame)),
    anyone("get_postal_round"),
    anyone("postal_game_feed"),
    anyone("postal_game_page"),
    anyone("postal_round_page"),
    record("organiser_revoke_pass", Acts::InLeagueOf(Owned::Event)),
    record("organiser_approve_pass", Acts::InLeagueOf(Owned::Event)),
    record("organiser_decline_pass", Acts::InLeagueOf(Owned::Event)),
    record("organiser_readmit", Acts::InLeagueOf(Owned::Event)),
    record("organiser_add_asked_name", Acts::InLeagueOf(Owned::Event)),
    record("organiser_dismiss_asked_name", Acts::InLeagueOf(Owned::Event)),
    record("organiser_accept", Acts::InLeagueOf(Owned::Result)),
    record("organiser_delete", Acts::ChangesResult),
    record("organiser_correct", Acts::ChangesResult),
];

/// The rule of `operation`; `None` for an operation nobody declared (refused).
pub fn rule(operation: &str) -> Option<Rule> {
    RULES.iter().find(|r| r.operation == operation).copied()
}

/// Does `scope` include `needed`?
fn includes(scope: TokenScope, needed: TokenScope) -> bool {
    scope == TokenScope::Admin || scope == needed
}

/// What the access check ([`checked`]) leaves on a request it let through: the rule it held the request
/// to. The `Writer` extractor refuses to run without it, so a handler that needs a token
/// cannot be reached past the check; the request log counts a matched route without it.
#[derive(Debug, Clone, Copy)]
pub struct Checked(pub Rule);

/// What the access check ([`checked`]) leaves on a request it answered itself (401, 403, or 503 when the
/// token could not be checked).
#[derive(Debug, Clone, Copy)]
pub struct Refused;

/// The middleware every resource of the API wraps itself in (`wrap = "checked()"` on
/// each handler's route): it runs after actix matched the route, so it holds the request
/// to the rule of exactly the route that will answer it, whatever the spelling of the
/// path. A write's token is checked before its body is read. The checked caller is left
/// for the handler's `Writer`.
pub fn checked<S, B>()
-> impl Transform<S, ServiceRequest, Response = ServiceResponse<EitherBody<B>>, Error = actix_web::Error, InitError = ()>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    actix_web::middleware::from_fn(authorize::<B>)
}

async fn authorize<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> std::result::Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    match check(&req).await {
        Ok((rule, caller)) => {
            req.extensions_mut().insert(Checked(rule));
            match caller {
                Some(Credentialed::Caller(Caller::Token(writer))) => {
                    req.extensions_mut().insert(writer);
                }
                Some(Credentialed::Caller(Caller::Pass(pass))) => {
                    req.extensions_mut().insert(pass);
                }
                Some(Credentialed::Hare(hare)) => {
                    req.extensions_mut().insert(hare);
                }
                None => {}
            }
            next.call(req).await.map(ServiceResponse::map_into_left_body)
        }
        Err(e) => {
            req.extensions_mut().insert(Refused);
            Ok(req.into_response(actix_web::ResponseError::error_response(&e)).map_into_right_body())
        }
    }
}

/// The rule of the route actix matched, and the checked caller where the rule needs a
/// token. A route without a rule is refused (fail closed).
async fn check(req: &ServiceRequest) -> Result<(Rule, Option<Credentialed>)> {
    let routes = req.app_data::<web::Data<RouteTable>>().ok_or_else(|| Error::internal("no route table"))?;
    let pattern = req.match_pattern().ok_or_else(|| Error::internal("no route was matched"))?;
    let operation = routes
        .operation(req.method(), &pattern)
        .ok_or_else(|| Error::internal(format!("{} {pattern} is not an operation of the document", req.method())))?;
    let rule = rule(operation).ok_or_else(|| Error::internal(format!("operation {operation} has no access rule")))?;
    // The pages' forms come from the pages, whoever sends them (login CSRF included); a
    // form that needs a credential says first that it is missing (401), as the API does.
    let from_pages = || -> Result<()> {
        if routes.is_form(req.method(), &pattern) {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
            same_origin(req.request(), state)?;
        }
        Ok(())
    };
    let (Needs::Token(needed) | Needs::TokenOrPass(needed) | Needs::TokenOrHare(needed)) = rule.needs else {
        from_pages()?;
        return Ok((rule, None));
    };
    let caller = identify(req.request()).await?;
    from_pages()?;
    let writer = match caller {
        Credentialed::Caller(Caller::Token(writer)) => writer,
        // A pass that waits for the organiser (a move to a new phone, a check-in) does
        // nothing until they let it.
        Credentialed::Caller(Caller::Pass(pass)) if pass.waiting => {
            return Err(Error::InsufficientScope(
                said!("api-waits-organiser-let-act-new", label = pass.label()).german("label", pass.label_de()),
            ));
        }
        Credentialed::Hare(hare) => return Ok((rule, Some(Credentialed::Hare(own_game(hare, rule, req)?)))),
        Credentialed::Caller(Caller::Pass(pass)) if matches!(rule.needs, Needs::TokenOrHare(_)) => {
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
            return Ok((
                rule,
                Some(Credentialed::Hare(hare_of_pass(state, &pass, rule, req.match_info().get("id")).await?)),
            ));
        }
        Credentialed::Caller(Caller::Pass(pass)) => {
            if !matches!(rule.needs, Needs::TokenOrPass(_)) {
                return Err(Error::InsufficientScope(said!(
                    "api-needs-token-scope-enters-reviews",
                    operation = rule.operation,
                    needed_slug = needed.slug(),
                    label = pass.label()
                )));
            }
            let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
            in_own_night(state, &pass, rule, req.match_info().get("id")).await?;
            return Ok((rule, Some(Credentialed::Caller(Caller::Pass(pass)))));
        }
    };
    if !includes(writer.scope, needed) {
        return Err(Error::InsufficientScope(said!(
            "api-needs-token-scope-token-has",
            operation = rule.operation,
            needed_slug = needed.slug(),
            token_name = format!("{:?}", writer.token_name),
            scope_slug = writer.scope.slug()
        )));
    }
    if let Some(own) = writer.league_id {
        let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
        // The path's parameter as actix captured (and decoded) it for the handler.
        let id = req.match_info().get("id");
        in_own_league(state, &writer, own, rule, id, req.query_string()).await?;
    }
    if rule.acts == Acts::OrganisesNight && writer.scope != TokenScope::Admin {
        let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
        organises_night(state, &writer, req.match_info().get("id")).await?;
    }
    if rule.acts == Acts::ChangesResult && writer.scope != TokenScope::Admin {
        let state = req.app_data::<web::Data<AppState>>().ok_or_else(|| Error::internal("no app state"))?;
        let any_revision = req.headers().get(header::IF_MATCH).is_some_and(|v| v.as_bytes().trim_ascii() == b"*");
        may_change_result(state, &writer, req.match_info().get("id"), any_revision).await?;
    }
    Ok((rule, Some(Credentialed::Caller(Caller::Token(writer)))))
}

/// The path's `{id}` as actix captured (and decoded) it; a 400 when it is no id.
fn path_id(id: Option<&str>) -> Result<i64> {
    id.and_then(|v| v.parse::<i64>().ok()).ok_or_else(|| Error::InvalidPath(said!("api-id-not-id")))
}

/// A hare's code acts on its own game's orders only.
fn own_game(hare: HareCaller, rule: Rule, req: &ServiceRequest) -> Result<HareCaller> {
    match rule.needs {
        Needs::TokenOrHare(_) => {
            if path_id(req.match_info().get("id"))? == hare.game_id {
                return Ok(hare);
            }
            Err(Error::InsufficientScope(
                said!("api-code-sends-orders-postal-game", label = hare.label(), game_id = hare.game_id)
                    .german("label", hare.label_de()),
            ))
        }
        _ => Err(Error::InsufficientScope(
            said!("api-needs-token-code-sends-orders", operation = rule.operation, label = hare.label())
                .german("label", hare.label_de()),
        )),
    }
}

/// The hare of postal game `id` whose player holds `pass`, at a night of the game's league.
async fn hare_of_pass(state: &AppState, pass: &Pass, rule: Rule, id: Option<&str>) -> Result<HareCaller> {
    let game = path_id(id)?;
    let held = pass.clone();
    match state.db(move |conn| postal::hare_of_pass(conn, game, &held)).await? {
        Some(hare) => Ok(hare),
        None => Err(Error::InsufficientScope(
            said!("api-no-hare-postal-game-league", label = pass.label(), game = game, operation = rule.operation)
                .german("label", pass.label_de()),
        )),
    }
}

/// May `writer`, a record token, correct or delete the result `id` (see
/// [`Acts::ChangesResult`])? `any_revision`: the request sent `If-Match: *`.
async fn may_change_result(state: &AppState, writer: &Writer, id: Option<&str>, any_revision: bool) -> Result<()> {
    let id = path_id(id)?;
    // Nothing of that id: the handler answers 404 as for anyone.
    let Some(origin) = state.db(move |conn| owners::origin_of_result(conn, id)).await? else { return Ok(()) };
    if any_revision {
        return Err(Error::InsufficientScope(said!("api-if-match-needs-token-scope", revision = origin.revision)));
    }
    if origin.entered_by_pass || origin.recorded_by.as_deref() == Some(writer.token_name.as_str()) {
        return Ok(());
    }
    Err(Error::InsufficientScope(said!("api-result-was-recorded-another-token", id = id)))
}

/// May `writer`, a record token, close club night `id` ([`Acts::OrganisesNight`])? Only a
/// night it started itself.
async fn organises_night(state: &AppState, writer: &Writer, id: Option<&str>) -> Result<()> {
    let id = path_id(id)?;
    // Nothing of that id: the handler answers 404 as for anyone.
    let Some(started_by) = state.db(move |conn| owners::night_started_by(conn, id)).await? else { return Ok(()) };
    if started_by.as_deref() == Some(writer.token_name.as_str()) {
        return Ok(());
    }
    Err(Error::InsufficientScope(said!("api-club-night-was-started-another", id = id)))
}

/// A night pass acts at its own night only: in its league's results (the store checks
/// the night and the table), on its night, on results of its night.
async fn in_own_night(state: &AppState, pass: &Pass, rule: Rule, id: Option<&str>) -> Result<()> {
    let refused = |(acts_in, german): (String, String)| {
        Error::InsufficientScope(
            said!(
                "api-acts-club-night-only-acts",
                label = pass.label(),
                event_id = pass.event_id,
                operation = rule.operation,
                acts_in = acts_in
            )
            .german("label", pass.label_de())
            .german("acts_in", german),
        )
    };
    let id = || path_id(id);
    match rule.acts {
        Acts::InLeague => match id()? {
            league if league == pass.league_id => Ok(()),
            league => Err(refused((format!("in league {league}"), format!("in der Liga {league}")))),
        },
        Acts::InLeagueOf(Owned::Event) => match id()? {
            night if night == pass.event_id => Ok(()),
            night => Err(refused((format!("at club night {night}"), format!("beim Spieleabend {night}")))),
        },
        Acts::InLeagueOf(Owned::Result) => {
            let result = id()?;
            match state.db(move |conn| owners::night_of_result(conn, result)).await? {
                // Nothing of that id: the handler answers 404 as for anyone.
                None => Ok(()),
                Some(Some(night)) if night == pass.event_id => Ok(()),
                Some(_) => Err(refused((
                    format!("on result {result} of another night"),
                    format!("beim Ergebnis {result} eines anderen Abends"),
                ))),
            }
        }
        other => Err(refused((format!("{other:?}"), format!("{other:?}")))),
    }
}

/// A token limited to league `own` acts only there.
async fn in_own_league(
    state: &AppState,
    writer: &Writer,
    own: i64,
    rule: Rule,
    id: Option<&str>,
    query: &str,
) -> Result<()> {
    let refused = |(acts_in, german): (String, String)| {
        Error::InsufficientScope(
            said!(
                "api-token-may-act-league-only",
                token_name = format!("{:?}", writer.token_name),
                own = own,
                operation = rule.operation,
                acts_in = acts_in
            )
            .german("acts_in", german),
        )
    };
    let id = || path_id(id);
    match rule.acts {
        Acts::Nowhere | Acts::OnSharedPlayers => Ok(()),
        Acts::Everywhere => Err(refused(("on every league".into(), "in allen Ligen".into()))),
        Acts::InLeague => match id()? {
            league if league == own => Ok(()),
            league => Err(refused((format!("in league {league}"), format!("in der Liga {league}")))),
        },
        Acts::InLeagueOf(_) | Acts::ChangesResult | Acts::OrganisesNight => {
            let kind = match rule.acts {
                Acts::InLeagueOf(kind) => kind,
                Acts::OrganisesNight => Owned::Event,
                _ => Owned::Result,
            };
            let id = id()?;
            match state.db(move |conn| owners::league_of(conn, kind, id)).await? {
                // Nothing of that id: the handler answers 404 as for anyone.
                None => Ok(()),
                Some(league) if league == own => Ok(()),
                Some(league) => Err(refused((
                    format!("in league {league} ({} {id})", kind.noun()),
                    format!("in der Liga {league} ({} {id})", kind.noun_de()),
                ))),
            }
        }
        Acts::OnAudit => {
            let asked = form_urlencoded::parse(query.as_bytes())
                .find(|(key, _)| key == "league_id")
                .map(|(_, value)| value.into_owned());
            match asked.map(|v| v.parse::<i64>()) {
                None => Ok(()),
                Some(Ok(league)) if league == own => Ok(()),
                Some(Ok(league)) => Err(refused((format!("in league {league}"), format!("in der Liga {league}")))),
                // A malformed filter is the handler's 400.
                Some(Err(_)) => Ok(()),
            }
        }
    }
}

/// The token the access check let through (it runs before the body is read).
impl FromRequest for Writer {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Checked already, before the body was read, with the operation's scope and
        // league (`access::checked`). Only an operation open to anyone gets here without
        // one: a token sent to it is read as it is (a result's history). A route the
        // check did not run on gets nothing (fail closed).
        if let Some(writer) = req.extensions().get::<Writer>().cloned() {
            return Box::pin(async move { Ok(writer) });
        }
        let needs = req.extensions().get::<Checked>().map(|c| c.0.needs);
        match needs {
            Some(Needs::Anyone) => authenticate(req),
            _ => Box::pin(async { Err(Error::internal("the access check did not run on this route")) }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of the document has exactly one rule, and every rule an operation:
    /// a new operation cannot be added without deciding who may call it.
    #[test]
    fn every_operation_has_one_rule() {
        let api = crate::http::openapi();
        let mut operations: Vec<String> = api
            .paths
            .paths
            .values()
            .flat_map(|item| {
                [&item.get, &item.post, &item.put, &item.patch, &item.delete]
                    .into_iter()
                    .flatten()
                    .filter_map(|op| op.operation_id.clone())
                    .collect::<Vec<_>>()
            })
            .collect();
        operations.sort();
        let mut ruled: Vec<String> = RULES.iter().map(|r| r.operation.to_owned()).collect();
        ruled.sort();
        assert_eq!(operations, ruled);
    }
}

#[cfg(test)]
mod fail_closed {
    use crate::http::caller::Writer;
    use actix_web::{App, HttpResponse, test, web};

    /// A handler registered without the check cannot act as a writer: `Writer` needs the
    /// mark the check leaves, whatever token the request carries.
    #[actix_web::test]
    async fn a_route_without_the_check_gives_no_writer() {
        let app = test::init_service(
            App::new().route("/unchecked", web::post().to(|_: Writer| async { HttpResponse::Created().finish() })),
        )
        .await;
        let req = test::TestRequest::post().uri("/unchecked").insert_header(("authorization", "Bearer anything"));
        let res = test::call_service(&app, req.to_request()).await;
        assert_eq!(res.status(), 500);
    }
}

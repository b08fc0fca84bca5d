//! The OpenAPI document's frame: info, security, and the error responses every
//! operation documents.

use crate::error::status_of;
use crate::http::problem::{PROBLEM_JSON, Problem};
use spielstand_wire::ProblemType;
use std::collections::{BTreeMap, BTreeSet};
use utoipa::Number;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, Parameter, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::schema::ObjectBuilder;
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, KnownFormat, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, Required, Response, ResponseBuilder};
use utoipa::{IntoParams, IntoResponses, Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "spielstand",
        description = "Scores, results and league tables for board-game clubs. Reads are public; every write needs a bearer token (`spielstand-api token create --scope admin|record`): a `record` token adds players, records results and starts club nights, and corrects or deletes only the results it recorded itself; everything else needs `admin`. Errors are RFC 9457 problems (`application/problem+json`).",
        license(name = "MIT OR Apache-2.0"),
    ),
    modifiers(&BearerAuth),
    components(schemas(Problem, spielstand_wire::UnknownName, spielstand_wire::RefusedOrder)),
    tags(
        (name = "meta", description = "Health and the game catalogue"),
        (name = "players"),
        (name = "leagues"),
        (name = "results", description = "Results, corrections and their audit trail"),
        (name = "standings"),
        (name = "events", description = "Club nights: the games of one evening of a league"),
        (name = "rangeln", description = "Scoring without storing"),
        (name = "embed", description = "For club websites: the table as a page for an iframe, or drawn by a script"),
        (name = "webhooks", description = "URLs told about every change of a league's results, signed with HMAC-SHA256"),
        (name = "audit", description = "Who changed what, and when (admin tokens only)"),
        (name = "postal", description = "Hase und Igel by post: the game master's games, the hares' orders, each round's report"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        // A member's night pass (`POST /join`), sent the same way; the pages send it as
        // the `spielstand_pass` cookie.
        let mut pass = Http::new(HttpAuthScheme::Bearer);
        pass.description = Some(
            "A member's night pass (`POST /api/v1/join`): enters its own table's result and confirms or rejects a tablemate's, at its own club night only.".into(),
        );
        components.add_security_scheme("pass", SecurityScheme::Http(pass));
        // A hare's code of a postal game, shown when the game is made.
        let mut hare = Http::new(HttpAuthScheme::Bearer);
        hare.description = Some(
            "A hare's code of a postal game (`POST /api/v1/leagues/{id}/postal-games`): sends that hare's orders, in its own game only.".into(),
        );
        components.add_security_scheme("hare", SecurityScheme::Http(hare));
    }
}

/// The problems each kind of operation can answer, documented as error responses. Their
/// statuses come from [`status_of`], the table behind `Error::status()`, so the document
/// says what the server answers; problems of one status share a response.
mod errors {
    use spielstand_core::RuleCode;
    use spielstand_wire::ProblemType::{self, *};

    /// Every rule answers alike; one stands for all of them.
    const ANY_RULE: ProblemType = Rule(RuleCode::PieceCount);

    /// Any date in a query is checked against the dates spielstand takes (docs/rules.md "Dates").
    const DATE: ProblemType = Rule(RuleCode::DateOutOfRange);

    pub const READ: &[ProblemType] = &[InvalidQuery, InvalidPath, NotFound, DATE, Internal, Unavailable];
    /// A live stream: a public read that holds a place of its address's share.
    pub const STREAM: &[ProblemType] =
        &[InvalidQuery, InvalidPath, NotFound, TooManyRequests, DATE, Internal, Unavailable];
    pub const TOKEN_READ: &[ProblemType] = &[
        InvalidQuery,
        DATE,
        InvalidPath,
        InvalidHeader,
        Unauthorized,
        TokenRevoked,
        InsufficientScope,
        NotFound,
        Internal,
        Unavailable,
    ];
    /// A page of the app: a code that opens nothing, too many tried.
    pub const PAGE_READ: &[ProblemType] =
        &[InvalidQuery, InvalidPath, NotFound, TooManyRequests, DATE, Internal, Unavailable];
    pub const WRITE: &[ProblemType] = &[
        MalformedJson,
        InvalidPath,
        InvalidHeader,
        Unauthorized,
        TokenRevoked,
        InsufficientScope,
        TooManyRequests,
        NotFound,
        Conflict,
        IdempotencyKeyInProgress,
        PayloadTooLarge,
        RequestTimeout,
        UnsupportedMediaType,
        InvalidBody,
        IdempotencyKeyReused,
        EventMismatch,
        EventClosed,
        ANY_RULE,
        DATE,
        Internal,
        Unavailable,
    ];
    pub const PRECONDITION: &[ProblemType] = &[PreconditionFailed, PreconditionRequired];
    /// A league table, which may be asked for after a club night.
    pub const TABLE_READ: &[ProblemType] =
        &[InvalidQuery, InvalidPath, NotFound, EventMismatch, DATE, Internal, Unavailable];

    /// What a problem means to a client, in the document.
    pub fn describe(kind: ProblemType) -> &'static str {
        match kind {
            NotFound => "The resource does not exist.",
            Conflict => "The name is taken.",
            MalformedJson => "The body is not JSON.",
            InvalidBody => "The body has the wrong shape; `detail` names the field.",
            InvalidQuery => "A query parameter is malformed.",
            InvalidPath => "A path segment is malformed.",
            InvalidHeader => "A header is malformed.",
            Unauthorized => "No bearer token, or an unknown one.",
            TokenRevoked => "The token has been revoked.",
            InsufficientScope => {
                "The token's scope or league does not allow this write; `detail` names the scope it needs."
            }
            PreconditionFailed => "`If-Match` does not name the result's current revision.",
            PreconditionRequired => "`If-Match` is missing.",
            IdempotencyKeyReused => "The `Idempotency-Key` was used before with another request.",
            IdempotencyKeyInProgress => "A request with the same `Idempotency-Key` is still in progress.",
            EventMismatch => {
                "The club night (`event_id`, `after_event`) belongs to another league, or the game is not on its date."
            }
            EventClosed => "The club night (`event_id`) was closed by an admin and takes no more games.",
            PayloadTooLarge => "The body is larger than 64 KiB (chunked bodies included).",
            RequestTimeout => "The body did not arrive whole within the server's deadline (10 s by default).",
            UnsupportedMediaType => "The body is not declared as JSON.",
            MethodNotAllowed => "The method is not allowed here.",
            NoRoute => "No such resource.",
            TooManyRequests => {
                "Too many failed authentications (or, where the server limits them, requests) from this address; see `Retry-After`."
            }
            Unavailable => "The database is unavailable for the moment; see `Retry-After`.",
            Internal => "An internal error; the body quotes the request id.",
            Rule(RuleCode::DateOutOfRange) => {
                "A date (in the body or the query) is outside the dates spielstand takes: 1900-01-01 to tomorrow for a game or a night, to 9999-12-31 for a filter (`date-out-of-range`)."
            }
            Rule(_) => "The body breaks a game or league rule; `detail` names the field, player, round, cell or line.",
        }
    }
}

/// The responses of one of the app's pages for `kinds`: as [`problem_responses`], each also
/// as a page (`text/html`) for a browser that asked for one.
fn page_responses(kinds: &[ProblemType]) -> BTreeMap<String, RefOr<Response>> {
    let page = || Content::new(Some(ObjectBuilder::new().schema_type(Type::String).build()));
    problem_responses(kinds)
        .into_iter()
        .map(|(status, response)| match response {
            RefOr::T(mut response) => {
                response.content.insert("text/html".to_owned(), page());
                (status, RefOr::T(response))
            }
            other => (status, other),
        })
        .collect()
}

/// The responses for `kinds`: one per status, its description every kind's meaning.
fn problem_responses(kinds: &[ProblemType]) -> BTreeMap<String, RefOr<Response>> {
    let mut by_status: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for &kind in kinds {
        by_status.entry(status_of(kind).as_u16().to_string()).or_default().push(errors::describe(kind));
    }
    by_status
        .into_iter()
        .map(|(status, meanings)| {
            let response = ResponseBuilder::new()
                .description(meanings.join(" "))
                .content(PROBLEM_JSON, Content::new(Some(Ref::from_schema_name("Problem"))))
                .build();
            (status, RefOr::T(response))
        })
        .collect()
}

/// Declares the marker types that `#[utoipa::path(responses(...))]` names.
macro_rules! error_responses {
    ($($(#[$doc:meta])* $name:ident = $kinds:path;)*) => {$(
        $(#[$doc])*
        pub struct $name;

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                problem_responses($kinds)
            }
        }
    )*};
}

/// The error responses of the app's pages, each also as a page.
pub struct PageReadErrors;

impl IntoResponses for PageReadErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        page_responses(errors::PAGE_READ)
    }
}

/// `If-Match` on a form of the app (the revision it acts on), each also as a page.
pub struct PagePreconditionErrors;

impl IntoResponses for PagePreconditionErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        page_responses(errors::PRECONDITION)
    }
}

/// The error responses of the app's forms, each also as a page.
pub struct PageWriteErrors;

impl IntoResponses for PageWriteErrors {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        page_responses(errors::WRITE)
    }
}

error_responses! {
    /// Errors of a public read.
    ReadErrors = errors::READ;
    /// Errors of following a live stream.
    StreamErrors = errors::STREAM;
    /// Errors of a read that needs the write token.
    TokenReadErrors = errors::TOKEN_READ;
    /// Errors of a write.
    WriteErrors = errors::WRITE;
    /// Extra errors of a change guarded by `If-Match`.
    PreconditionErrors = errors::PRECONDITION;
    /// Errors of a league table's read.
    TableReadErrors = errors::TABLE_READ;
}

/// The request side of a conditional read, declared once: `params(..., IfNoneMatch)` on
/// every read answered through `http::conditional`.
pub struct IfNoneMatch;

impl IntoParams for IfNoneMatch {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            ParameterBuilder::new()
                .name("If-None-Match")
                .parameter_in(ParameterIn::Header)
                .description(Some("An ETag from an earlier answer: 304 if the representation has not changed"))
                .required(Required::False)
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .build(),
        ]
    }
}

/// The answer of a conditional read when nothing changed, declared once:
/// `responses(..., NotModified, ...)` beside the 200 it stands for.
pub struct NotModified;

impl IntoResponses for NotModified {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let string = || HeaderBuilder::new().schema(ObjectBuilder::new().schema_type(Type::String)).build();
        let response = ResponseBuilder::new()
            .description("Not modified since the ETag in If-None-Match")
            .header("ETag", string())
            .header("Cache-Control", string())
            .build();
        BTreeMap::from([("304".to_owned(), RefOr::T(response))])
    }
}

/// Where each create operation's new id is used: OpenAPI links (named for the target
/// operation, passing the body's `id` as the path's `id`), so that generated clients and
/// stateful testing can follow a created object to the operations that take it.
const LINKS: &[(&str, &[&str])] = &[
    ("create_player", &["get_player", "rename_player", "player_ratings", "unmerge_player"]),
    (
        "create_league",
        &[
            "get_league",
            "update_league",
            "record_result",
            "list_results",
            "get_standings",
            "get_standings_csv",
            "get_team_standings",
            "get_team_standings_csv",
            "results_feed",
            "embed_standings",
            "embed_team_standings",
            "create_webhook",
            "list_webhooks",
            "create_event",
            "list_events",
        ],
    ),
    ("create_event", &["get_event", "update_event", "close_event", "delete_event"]),
    ("record_result", &["get_result", "correct_result", "delete_result", "result_history"]),
    ("create_webhook", &["get_webhook", "delete_webhook", "list_deliveries"]),
];

/// The document as served and committed: what the derives give, with standard integer
/// formats, the links of `LINKS`, filter dates and security scopes.
pub fn finish(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    if let Some(components) = doc.components.as_mut() {
        components.schemas.values_mut().for_each(standard_integers);
    }
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            for parameter in op.parameters.iter_mut().flatten() {
                parameter.schema.iter_mut().for_each(standard_integers);
                if parameter.parameter_in == ParameterIn::Query {
                    parameter.schema.iter_mut().for_each(query_domain);
                }
            }
            let bodies = op.request_body.iter_mut().flat_map(|body| body.content.values_mut());
            let answers = op.responses.responses.values_mut().filter_map(|r| match r {
                RefOr::T(response) => Some(response.content.values_mut()),
                RefOr::Ref(_) => None,
            });
            for content in bodies.chain(answers.flatten()) {
                content.schema.iter_mut().for_each(standard_integers);
            }
        }
    }
    add_links(&mut doc);
    add_security(&mut doc);
    doc
}

/// What a query parameter takes beyond its type goes into the document as a pattern, once
/// for every such parameter, so that clients and fuzzers know it: a date is a filter's
/// (docs/rules.md "Dates"), and free text holds no control character (`extract::Params`).
fn query_domain(schema: &mut RefOr<Schema>) {
    let RefOr::T(Schema::Object(object)) = schema else { return };
    if object.format == Some(SchemaFormat::KnownFormat(KnownFormat::Date)) {
        object.pattern = Some(spielstand_wire::FILTER_DATE_PATTERN.to_owned());
        return;
    }
    let text = match &object.schema_type {
        SchemaType::Type(Type::String) => true,
        SchemaType::Array(types) => types.contains(&Type::String),
        _ => false,
    };
    if text && object.format.is_none() && object.enum_values.is_none() && object.pattern.is_none() {
        object.pattern = Some(r"^[^\u0000-\u001f\u007f-\u009f]*$".to_owned());
    }
}

/// Each operation that needs a token declares it, with the scope its access rule asks
/// for (`bearer: [admin]`), from the one table the server enforces (`http::access`).
fn add_security(doc: &mut utoipa::openapi::OpenApi) {
    use crate::http::access::{Needs, rule};
    use utoipa::openapi::security::SecurityRequirement;
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            let needs = op.operation_id.as_deref().and_then(rule).map(|r| r.needs);
            match needs {
                Some(Needs::Token(scope)) => {
                    op.security = Some(vec![SecurityRequirement::new("bearer", [scope.slug()])]);
                }
                Some(Needs::TokenOrPass(scope)) => {
                    op.security = Some(vec![
                        SecurityRequirement::new("bearer", [scope.slug()]),
                        SecurityRequirement::new("pass", Vec::<String>::new()),
                    ]);
                }
                Some(Needs::TokenOrHare(scope)) => {
                    op.security = Some(vec![
                        SecurityRequirement::new("bearer", [scope.slug()]),
                        SecurityRequirement::new("hare", Vec::<String>::new()),
                        SecurityRequirement::new("pass", Vec::<String>::new()),
                    ]);
                }
                _ => {}
            }
        }
    }
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch, &mut item.head]
        .into_iter()
        .filter_map(Option::as_mut)
}

/// utoipa writes Rust's unsigned types as the formats `u-int16`/`u-int32`, which no
/// generator knows. Each becomes the standard format that holds its whole range, with
/// the range as `minimum`/`maximum` (a narrower one the field declares is kept), so that
/// a schema-valid integer is one the server can read.
fn standard_integers(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            let range = match object.format {
                Some(SchemaFormat::KnownFormat(KnownFormat::UInt8)) => Some((KnownFormat::Int32, u64::from(u8::MAX))),
                Some(SchemaFormat::KnownFormat(KnownFormat::UInt16)) => Some((KnownFormat::Int32, u64::from(u16::MAX))),
                Some(SchemaFormat::KnownFormat(KnownFormat::UInt32)) => Some((KnownFormat::Int64, u64::from(u32::MAX))),
                Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)) => Some((KnownFormat::Int64, i64::MAX as u64)),
                _ => None,
            };
            if let Some((format, max)) = range {
                object.format = Some(SchemaFormat::KnownFormat(format));
                let declared_min = object.minimum.as_ref().map_or(0.0, number);
                object.minimum = Some(Number::UInt(declared_min.max(0.0) as usize));
                // In integers: `i64::MAX as f64` rounds up to 2^63, which no int64 holds.
                let declared_max = object.maximum.as_ref().map_or(max, |n| at_most(n, max));
                object.maximum = Some(Number::UInt(declared_max as usize));
            }
            object.properties.values_mut().for_each(standard_integers);
            if let Some(AdditionalProperties::RefOr(extra)) = object.additional_properties.as_deref_mut() {
                standard_integers(extra);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                standard_integers(items);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(standard_integers),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(standard_integers),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(standard_integers),
        _ => {}
    }
}

/// `n` as an unsigned integer no larger than `max`.
fn at_most(n: &Number, max: u64) -> u64 {
    match *n {
        Number::Int(i) => (i.max(0) as u64).min(max),
        Number::UInt(u) => (u as u64).min(max),
        Number::Float(f) if f >= max as f64 => max,
        Number::Float(f) => f.max(0.0) as u64,
    }
}

fn number(n: &Number) -> f64 {
    match *n {
        Number::Int(i) => i as f64,
        Number::UInt(u) => u as f64,
        Number::Float(f) => f,
    }
}

fn add_links(doc: &mut utoipa::openapi::OpenApi) {
    let known: BTreeSet<String> =
        doc.paths.paths.values_mut().flat_map(operations).filter_map(|op| op.operation_id.clone()).collect();
    for (from, targets) in LINKS {
        let response = doc
            .paths
            .paths
            .values_mut()
            .flat_map(operations)
            .find(|op| op.operation_id.as_deref() == Some(from))
            .and_then(|op| op.responses.responses.get_mut("201"))
            .unwrap_or_else(|| panic!("{from} is a documented create operation with a 201 response"));
        let RefOr::T(response) = response else { panic!("{from}: the 201 response is inline") };
        let links: serde_json::Map<String, serde_json::Value> = targets
            .iter()
            .map(|target| {
                assert!(known.contains(*target), "link target {target} is a documented operation");
                let link = serde_json::json!({"operationId": target, "parameters": {"id": "$response.body#/id"}});
                ((*target).to_owned(), link)
            })
            .collect();
        // utoipa 5 serialises its `Link` with the field names `operation_id` and
        // `operation_ref`, which no OpenAPI reader knows; the links are written as the raw
        // `links` member instead (extensions are serialised flat, as they are).
        response.extensions.get_or_insert_with(Default::default).insert("links".to_owned(), links.into());
    }
}

/// One event of a club night's live stream, as Server-Sent Events carry it and clients
/// (and schemathesis) parse it: `event: night`, its `id` the league's revision, its `data`
/// a [`spielstand_wire::NightFrame`] as JSON. The `retry:` line and heartbeat comments
/// the stream also sends carry no data and are no event.
pub struct NightStreamEvent;

impl utoipa::PartialSchema for NightStreamEvent {
    fn schema() -> RefOr<Schema> {
        let frame: utoipa::openapi::extensions::Extensions =
            [("contentSchema", serde_json::json!({"$ref": "#/components/schemas/NightFrame"}))].into_iter().collect();
        ObjectBuilder::new()
            .description(Some(
                "One event of the stream: `event: night`, `id` the league's revision, `data` a `NightFrame` as JSON.",
            ))
            .property("id", ObjectBuilder::new().schema_type(Type::String).description(Some("The league's revision.")))
            .property("event", ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["night"])))
            .property(
                "data",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .content_media_type("application/json")
                    .description(Some("A `NightFrame`, as JSON."))
                    .extensions(Some(frame)),
            )
            .required("event")
            .required("data")
            .into()
    }
}

impl utoipa::ToSchema for NightStreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push(("NightFrame".into(), spielstand_wire::NightFrame::schema()));
        <spielstand_wire::NightFrame as utoipa::ToSchema>::schemas(schemas);
    }
}

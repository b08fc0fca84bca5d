//! Request extractors that turn every client mistake into a problem naming the field.

use crate::error::Error;
use crate::store::results::Precondition;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::{Ready, ready};

/// Largest accepted JSON body. A five-round Rangeln game with boards is about 2 KiB.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A JSON body: 415 unless it is declared JSON, 413 above [`MAX_BODY_BYTES`], 400 if it is
/// not JSON at all, 422 naming the path of the field (`players[1].seat`) if it is JSON of
/// the wrong shape.
pub struct JsonBody<T, const MAX: usize = MAX_BODY_BYTES>(pub T);

/// Largest batch of results (`results/batch`): a thousand games with Rangeln boards.
pub const MAX_BATCH_BYTES: usize = 4 * 1024 * 1024;

impl<T: DeserializeOwned + Serialize + 'static, const MAX: usize> FromRequest for JsonBody<T, MAX> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if essence != "application/json" && !essence.ends_with("+json") {
            let err = Error::UnsupportedMediaType(said!(
                "api-content-type-expected-application-json",
                content_type = if content_type.is_empty() { "none".to_owned() } else { format!("{content_type:?}") }
            ));
            return Box::pin(async move { Err(err) });
        }
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|n| n > MAX) {
            return Box::pin(async { Err(Error::PayloadTooLarge(MAX)) });
        }
        let deadline = crate::http::body::deadline_of(req);
        let mut payload = payload.take();
        Box::pin(async move {
            let bytes = crate::http::body::read(&mut payload, MAX, deadline).await?;
            parse_json(&bytes).map(JsonBody)
        })
    }
}

/// A JSON body that may be left out: no body at all (no `Content-Type`, no length) is
/// `T::default()`; anything sent is read as [`JsonBody`] reads it.
pub struct OptionalJson<T>(pub T);

impl<T: DeserializeOwned + Serialize + Default + 'static> FromRequest for OptionalJson<T> {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if crate::http::body::absent(req) {
            return Box::pin(async { Ok(OptionalJson(T::default())) });
        }
        // `null` is a body left out, as the document's nullable body says.
        let body = JsonBody::<Option<T>>::from_request(req, payload);
        Box::pin(async move { body.await.map(|b| OptionalJson(b.0.unwrap_or_default())) })
    }
}

pub fn parse_json<T: DeserializeOwned + Serialize>(bytes: &[u8]) -> Result<T, Error> {
    // `{"name": "A", "name": "B"}` is refused: a JSON value keeps only one of them.
    if let Some(path) = duplicate_key(bytes) {
        return Err(Error::InvalidBody(said!("api-key-given-twice", path = path)));
    }
    let mut sent: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| Error::MalformedJson(said!("api-body-not-valid-json", e = e)))?;
    integral_numbers_as_integers(&mut sent);
    let mut ignored: Vec<String> = Vec::new();
    let mut note = |path: serde_ignored::Path<'_>| ignored.push(path.to_string());
    let parsed = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(&sent, &mut note));
    let value: T = parsed.map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        // `{"nmae": "A"}` misses `name` because `nmae` is misspelt: the misspelling is
        // what to name.
        if let Some((missing, unknown)) = inner
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split_once('`'))
            .and_then(|(missing, _)| Some((missing, ignored.iter().find(|i| parent_of(i) == dotted(&path))?)))
        {
            let (shown, field) = shown_path(unknown);
            if closest(field, &[missing]).is_some() {
                return Error::InvalidBody(said!("api-unknown-field-did-you-mean", shown = shown, missing = missing));
            }
        }
        Error::InvalidBody(serde_problem(&path, &with_suggestion(&inner)))
    })?;
    let understood = serde_json::to_value(&value)?;
    // A field nobody reads is a mistake of the client's (a misspelt one would otherwise
    // be dropped without a word).
    if let Some(path) = ignored.first() {
        return Err(Error::InvalidBody(unknown_field(path, &understood)));
    }
    if let Some(path) = array_for_object(&sent, &understood, String::new()) {
        let path = if path.is_empty() { ".".to_owned() } else { path };
        return Err(Error::InvalidBody(said!("api-invalid-type-array-expected-object", path = path)));
    }
    if let Some((path, sent, date)) = loose_date(&sent, &understood, String::new()) {
        return Err(Error::InvalidBody(said!(
            "api-write-dates-as-yyyy-mm",
            path = path,
            date = date,
            sent = format!("{:?}", sent)
        )));
    }
    Ok(value)
}

/// chrono reads `"2026-1-2"` and `" 2026-11-20"` as dates and writes them back as
/// `2026-01-02` and `2026-11-20`: a date the client wrote otherwise than it is read is
/// refused, not silently taken. Finds the first: its path, what was sent, the date read.
fn loose_date(
    sent: &serde_json::Value,
    understood: &serde_json::Value,
    path: String,
) -> Option<(String, String, String)> {
    use serde_json::Value::{Array, Object, String as Text};
    match (sent, understood) {
        (Text(s), Text(u)) if s != u && u.parse::<chrono::NaiveDate>().is_ok() => Some((path, s.clone(), u.clone())),
        (Object(s), Object(u)) => s.iter().find_map(|(key, sv)| {
            let child = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            u.get(key).and_then(|uv| loose_date(sv, uv, child))
        }),
        (Array(s), Array(u)) => {
            s.iter().zip(u).enumerate().find_map(|(i, (sv, uv))| loose_date(sv, uv, format!("{path}[{i}]")))
        }
        _ => None,
    }
}

/// "detail.lettuce: unknown field (did you mean `lettuces`?)" for the ignored field at
/// `path` (serde_ignored's `a.b.0.c`), its known neighbours read from `understood`.
fn unknown_field(path: &str, understood: &serde_json::Value) -> crate::said::Said {
    let segments: Vec<&str> = path.split('.').collect();
    let (_, parents) = segments.split_last().expect("a path has a field");
    let mut parent = Some(understood);
    for segment in parents {
        parent = match segment.parse::<usize>() {
            Ok(index) => parent.and_then(|p| p.get(index)),
            Err(_) => parent.and_then(|p| p.get(*segment)),
        };
    }
    let known: Vec<&str> =
        parent.and_then(|p| p.as_object()).map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
    let (at, field) = shown_path(path);
    match closest(field, &known) {
        Some(near) => said!("api-unknown-field-did-you-mean", shown = at, missing = near),
        None if known.is_empty() => said!("api-unknown-field", shown = at),
        None => said!("api-unknown-field-known", shown = at, known = known.join(", ")),
    }
}

/// What serde said of a body or a query that does not read, at `path` (`.` for the
/// whole): its words, said in German too where they are serde's usual ones.
fn serde_problem(path: &str, inner: &str) -> crate::said::Said {
    let said = if path == "." {
        said!("api-serde-problem", problem = inner)
    } else {
        said!("api-serde-problem-at", path = path, problem = inner)
    };
    said.german("problem", serde_german(inner))
}

/// serde's usual words in German: `missing field`, `invalid type`, `unknown variant` and
/// the kinds of value it expects. Anything else stays as serde wrote it.
fn serde_german(inner: &str) -> String {
    const WORDS: [(&str, &str); 26] = [
        // chrono's words for a date that does not read.
        ("input is out of range", "dieses Datum gibt es nicht"),
        ("input contains invalid characters", "enthält Zeichen, die kein Datum sind"),
        ("premature end of input", "ist unvollständig"),
        ("trailing input", "hat Zeichen zu viel"),
        ("missing field", "es fehlt das Feld"),
        ("unknown field", "unbekanntes Feld"),
        ("unknown variant", "unbekannter Wert"),
        ("duplicate field", "doppeltes Feld"),
        ("invalid type:", "falscher Typ:"),
        ("invalid value:", "ungültiger Wert:"),
        ("invalid length", "falsche Länge"),
        ("invalid digit found in string", "keine Zahl"),
        ("expected one of", "erwartet wird einer von"),
        ("expected", "erwartet wird"),
        ("did you mean", "meintest du"),
        ("a string", "Text"),
        ("a sequence", "eine Liste"),
        ("a map", "ein Objekt"),
        ("a boolean", "wahr oder falsch"),
        ("boolean", "wahr oder falsch"),
        ("a valid date", "ein gültiges Datum"),
        ("integer", "ganze Zahl"),
        ("string", "Text"),
        ("sequence", "Liste"),
        ("map", "Objekt"),
        ("struct", "Objekt"),
    ];
    let mut text = inner.to_owned();
    for (english, german) in WORDS {
        text = text.replace(english, german);
    }
    text
}

/// serde_ignored's `players.1.sear` as the problem says it, `players[1].sear`, and the
/// field's own name.
fn shown_path(path: &str) -> (String, &str) {
    let mut shown = String::new();
    for segment in path.split('.') {
        if segment.parse::<usize>().is_ok() {
            shown.push_str(&format!("[{segment}]"));
        } else {
            shown.push_str(&format!("{}{segment}", if shown.is_empty() { "" } else { "." }));
        }
    }
    (shown, path.rsplit('.').next().unwrap_or(path))
}

/// A path in one spelling, whichever crate wrote it: serde_path_to_error's `players[1]`
/// and serde_ignored's `players.1` are `players.1`; the top is `.`.
fn dotted(path: &str) -> String {
    let dotted = path.replace('[', ".").replace(']', "");
    match dotted.trim_matches('.') {
        "" => ".".to_owned(),
        inner => inner.to_owned(),
    }
}

/// The object the field at serde_ignored's `path` is in, as [`dotted`] spells it.
fn parent_of(path: &str) -> String {
    path.rsplit_once('.').map_or(".".to_owned(), |(parent, _)| dotted(parent))
}

/// The known field name closest to `name`, if one is close (a typo, a missing letter):
/// as a mistyped player's name is found.
fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let best = spielstand_core::similar::closest(name, known.iter().copied()).into_iter().next()?;
    known.iter().copied().find(|k| *k == best)
}

/// serde's "unknown field `lettuce`, expected one of `player`, `lettuces`" with the closest
/// known field named.
fn with_suggestion(message: &str) -> String {
    let Some((_, rest)) = message.split_once("unknown field `") else { return message.to_owned() };
    let Some((field, expected)) = rest.split_once('`') else { return message.to_owned() };
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match closest(field, &known) {
        Some(near) => format!("{message} (did you mean `{near}`?)"),
        None => message.to_owned(),
    }
}

/// The path of the first key given twice in one object of `bytes`, if any.
fn duplicate_key(bytes: &[u8]) -> Option<String> {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    /// Walks a JSON value, failing at the first object that repeats a key.
    struct Walk(String);
    impl<'de> serde::de::DeserializeSeed<'de> for Walk {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for Walk {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let mut seen = std::collections::HashSet::new();
            while let Some(key) = map.next_key::<String>()? {
                let path = if self.0.is_empty() { key.clone() } else { format!("{}.{key}", self.0) };
                if !seen.insert(key) {
                    return Err(serde::de::Error::custom(path));
                }
                map.next_value_seed(Walk(path))?;
            }
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            let mut index = 0;
            while seq.next_element_seed(Walk(format!("{}[{index}]", self.0)))?.is_some() {
                index += 1;
            }
            Ok(())
        }
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let walked = serde::de::DeserializeSeed::deserialize(Walk(String::new()), &mut de);
    // Only a repeated key is said here; malformed JSON is the parser's to name.
    walked.err().filter(|e| e.is_data()).map(|e| {
        let text = e.to_string();
        text.split(" at line ").next().unwrap_or(&text).to_owned()
    })
}

/// JSON Schema's `integer` admits `1.0`, and generated clients may send it so; serde's
/// integers refuse it. Numbers with no fractional part (and exactly representable) are
/// read as the integers they are, everywhere in the body.
fn integral_numbers_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    /// Above this, an f64 no longer holds every integer exactly.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match value {
        Value::Number(n) if n.is_f64() => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= EXACT) {
                *value = Value::from(f as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(integral_numbers_as_integers),
        _ => {}
    }
}

/// serde's derived structs also accept their fields as an array (`"season": [null, null]`);
/// the API's contract says objects. Finds the first place where the client sent an array
/// and the value, as understood, is an object.
fn array_for_object(sent: &serde_json::Value, understood: &serde_json::Value, path: String) -> Option<String> {
    use serde_json::Value::{Array, Object};
    match (sent, understood) {
        (Array(_), Object(_)) => Some(path),
        (Object(s), Object(u)) => s.iter().find_map(|(key, sv)| {
            let child = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            u.get(key).and_then(|uv| array_for_object(sv, uv, child))
        }),
        (Array(s), Array(u)) => {
            s.iter().zip(u).enumerate().find_map(|(i, (sv, uv))| array_for_object(sv, uv, format!("{path}[{i}]")))
        }
        _ => None,
    }
}

/// Query parameters; errors name the parameter.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned> FromRequest for Params<T> {
    type Error = Error;
    type Future = Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // One domain for every input: no control character in a filter's text (a NUL
        // would reach the database), and every date within the dates spielstand takes.
        for (key, value) in form_urlencoded::parse(req.query_string().as_bytes()) {
            if value.chars().any(|c| c.is_control()) {
                return ready(Err(Error::InvalidQuery(said!("api-contains-control-character", key = key))));
            }
            if let Ok(day) = value.parse::<chrono::NaiveDate>()
                && let Err(e) = spielstand_core::dates::check_filter(&key, day)
            {
                return ready(Err(e.into()));
            }
        }
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(req.query_string().as_bytes()));
        ready(serde_path_to_error::deserialize(de).map(Params).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            Error::InvalidQuery(serde_problem(&path, &inner.to_string()))
        }))
    }
}

/// `by=team` asked the table of players for the team table, which has its own path since
/// the two tables became two operations: refused (400) with the path to ask instead, never
/// answered with the other table. (`by=player`, which older clients send, changes nothing.)
pub fn refuse_team_by(req: &HttpRequest, path: &str) -> Result<(), Error> {
    let asked =
        form_urlencoded::parse(req.query_string().as_bytes()).any(|(key, value)| key == "by" && value == "team");
    if asked {
        return Err(Error::InvalidQuery(said!("api-team-team-table-has-own", path = path)));
    }
    Ok(())
}

pub use spielstand_wire::MAX_PER_PAGE;

/// How a page for people looks (every embeddable page's query): its language and colours.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookParams {
    /// Language of the labels and numbers; German by default.
    #[param(inline)]
    pub lang: Option<crate::render::Lang>,
    /// Light (the default) or dark colours.
    #[param(inline)]
    pub theme: Option<crate::render::Theme>,
}

/// The page of a listing, declared once for every listing that pages (`audit`,
/// `deliveries`, `results`): a handler takes it as a second query extractor beside its
/// filters, and the OpenAPI document lists it with `params(Filters, PageParams)`.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// Page number, from 1.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 4294967295_u64)]
    pub page: Option<u32>,
    /// Items per page, 1 to 500 (default 50).
    #[param(minimum = 1, maximum = 500)]
    pub per_page: Option<u32>,
}

impl PageParams {
    /// The page (from 1, default 1) and page size (1 to [`MAX_PER_PAGE`], default 50).
    pub fn resolve(&self) -> Result<(u32, u32), Error> {
        paging_within(self.page, self.per_page, spielstand_wire::DEFAULT_PER_PAGE, MAX_PER_PAGE)
    }
}

/// A page (from 1, default 1) and page size (1 to `max`, default `default`).
pub fn paging_within(page: Option<u32>, per_page: Option<u32>, default: u32, max: u32) -> Result<(u32, u32), Error> {
    let page = page.unwrap_or(1);
    if page == 0 {
        return Err(Error::InvalidQuery(said!("api-page-pages-start")));
    }
    let per_page = per_page.unwrap_or(default);
    if !(1..=max).contains(&per_page) {
        return Err(Error::InvalidQuery(said!("api-per-page-must-between", max = max)));
    }
    Ok((page, per_page))
}

/// The `If-Match` precondition for changing result `id`: 428 when it is missing.
/// Comparison is strong (RFC 9110): a weak tag never matches.
pub fn if_match(req: &HttpRequest, id: i64) -> Result<Precondition, Error> {
    let value = req
        .headers()
        .get(header::IF_MATCH)
        .ok_or_else(|| Error::PreconditionRequired(said!("api-if-match-send-etag-result", id = id)))?
        .to_str()
        .map_err(|_| Error::InvalidHeader(said!("api-if-match-not-valid-ascii")))?;
    if value.trim() == "*" {
        return Ok(Precondition::Any);
    }
    // Weak tags (`W/"1"`) never match: they are left out.
    let tags = value
        .split(',')
        .map(str::trim)
        .filter_map(|tag| Some(tag.strip_prefix('"')?.strip_suffix('"')?.to_owned()))
        .collect();
    Ok(Precondition::Tags(tags))
}

/// The request's `Idempotency-Key`, if any: 1 to 255 visible ASCII characters.
pub fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, Error> {
    let Some(value) = req.headers().get(spielstand_wire::headers::IDEMPOTENCY_KEY) else { return Ok(None) };
    let key = value
        .to_str()
        .ok()
        .map(str::trim)
        .filter(|k| (1..=255).contains(&k.len()) && k.chars().all(|c| c.is_ascii_graphic()));
    key.map(|k| Some(k.to_owned())).ok_or_else(|| Error::InvalidHeader(said!("api-idempotency-key-use-visible-ascii")))
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub struct IdempotencyHeader {
    /// Makes retries safe: the same key with the same body is recorded once, and the
    /// replay answers exactly as the first request was answered.
    #[serde(rename = "Idempotency-Key")]
    #[param(min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$")]
    idempotency_key: Option<String>,
}

//! The app's forms: the body of a plain HTML form post, and a table's result form (the
//! fields `render::app::entry` writes) turned into the record the API would be sent.

use crate::error::Error;
use crate::render::Lang;
use crate::render::app::{Text, fill};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use serde_json::{Value, json};
use spielstand_core::{GameKind, GameRecord, Slug};
use spielstand_wire::DrawnTable;
use std::collections::BTreeMap;

/// Largest form body: a Rangeln game of six players by rings is under 2 KiB.
const MAX_FORM_BYTES: usize = 32 * 1024;

/// A form's fields (`application/x-www-form-urlencoded`), each name once.
#[derive(Debug, Clone, Default)]
pub struct Form(pub BTreeMap<String, String>);

impl Form {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str).map(str::trim).filter(|v| !v.is_empty())
    }
}

impl FromRequest for Form {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if essence != "application/x-www-form-urlencoded" {
            let err = Error::UnsupportedMediaType(said!(
                "api-content-type-expected-application-x",
                content_type = if content_type.is_empty() { "none".to_owned() } else { format!("{content_type:?}") }
            ));
            return Box::pin(async move { Err(err) });
        }
        let deadline = crate::http::body::deadline_of(req);
        let mut payload = payload.take();
        Box::pin(async move {
            let body = crate::http::body::read(&mut payload, MAX_FORM_BYTES, deadline).await?;
            let mut fields = BTreeMap::new();
            // Fields a form does not have are left alone (a browser sends what its page
            // has); each handler checks the fields it reads.
            for (name, value) in form_urlencoded::parse(&body) {
                if fields.insert(name.clone().into_owned(), value.into_owned()).is_some() {
                    return Err(Error::InvalidBody(said!("api-field-given-twice", name = name)));
                }
            }
            Ok(Form(fields))
        })
    }
}

/// A form that may be left out: no body at all (no `Content-Type`, no length) is an
/// empty form; anything sent is read as [`Form`] reads it.
#[derive(Debug, Clone, Default)]
pub struct OptionalForm(pub Form);

impl FromRequest for OptionalForm {
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self, Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if crate::http::body::absent(req) {
            return Box::pin(async { Ok(OptionalForm::default()) });
        }
        let form = Form::from_request(req, payload);
        Box::pin(async move { form.await.map(OptionalForm) })
    }
}

/// The record of `table`'s game at night `event_id` on `played_on`, from the result
/// form's fields; a field missing or malformed is said in `lang`, naming the player.
pub fn record(
    form: &Form,
    game: GameKind,
    table: &DrawnTable,
    event_id: i64,
    played_on: chrono::NaiveDate,
    partners: bool,
    lang: Lang,
) -> Result<GameRecord, String> {
    let t = Text::of(lang);
    let seats = &table.seats;
    let n = seats.len() as i64;
    let number = |name: &str, what: &str, low: i64, high: i64| -> Result<Option<i64>, String> {
        match form.get(name) {
            None => Ok(None),
            Some(v) => match v.parse::<i64>() {
                Ok(x) if (low..=high).contains(&x) => Ok(Some(x)),
                _ => Err(format!("{what}: {v:?} ({low}–{high})")),
            },
        }
    };
    let players: Vec<Value> = seats.iter().map(|s| json!({"player": s.player, "seat": s.seat})).collect();
    let detail = match game {
        GameKind::Rangeln => {
            let rings = form.get("input") == Some("rings");
            let mut rounds = Vec::new();
            for round in 1..=n {
                let mut by_player = serde_json::Map::new();
                for seat in seats {
                    let s = seat.seat;
                    let value = if rings {
                        let mut counts = serde_json::Map::new();
                        for ring in ["plus2", "minus2", "plus1", "minus1"] {
                            let what = format!("{} ({ring})", fill(t.rings_of, &[&seat.player]));
                            let count = number(&format!("{ring}-{round}-{s}"), &what, 0, 9)?.unwrap_or(0);
                            counts.insert(ring.to_owned(), json!(count));
                        }
                        Value::Object(counts)
                    } else {
                        let what = format!(
                            "{}, {}",
                            fill(t.rangeln_round, &[&round.to_string()]),
                            fill(t.score_of, &[&seat.player])
                        );
                        let score = number(&format!("score-{round}-{s}"), &what, -99, 99)?.ok_or(what)?;
                        json!(score)
                    };
                    by_player.insert(seat.player.clone(), value);
                }
                rounds.push(if rings { json!({"rings": by_player}) } else { json!({"scores": by_player}) });
            }
            json!({"rounds": rounds})
        }
        _ => {
            let mut places: BTreeMap<i64, Vec<String>> = BTreeMap::new();
            let mut teams: BTreeMap<i64, Vec<String>> = BTreeMap::new();
            let mut finishers = Vec::new();
            for seat in seats {
                let s = seat.seat;
                let what = fill(t.place_of, &[&seat.player]);
                let place = number(&format!("place-{s}"), &what, 1, n)?.ok_or(what)?;
                places.entry(place).or_default().push(seat.player.clone());
                if partners {
                    let what = fill(t.team_of, &[&seat.player]);
                    let team = number(&format!("team-{s}"), &what, 1, 3)?.ok_or(what)?;
                    teams.entry(team).or_default().push(seat.player.clone());
                }
                if game == GameKind::HaseUndIgel {
                    let what = fill(t.carrots_of, &[&seat.player]);
                    if let Some(carrots) = number(&format!("carrots-{s}"), &what, 0, 999)? {
                        let what = fill(t.lettuces_of, &[&seat.player]);
                        let lettuces = number(&format!("lettuces-{s}"), &what, 0, 3)?.unwrap_or(0);
                        finishers.push(json!({"player": seat.player, "carrots": carrots, "lettuces": lettuces}));
                    }
                }
            }
            let order: Vec<Vec<String>> = places.into_values().collect();
            let mut detail = json!({"order": order});
            if partners {
                detail["teams"] = json!(teams.into_values().collect::<Vec<_>>());
            }
            if game == GameKind::HaseUndIgel {
                detail["finishers"] = json!(finishers);
            }
            if game == GameKind::LaufRauf {
                if let Some(edition) = form.get("edition") {
                    detail["edition"] = json!(edition);
                }
                if form.get("edition").is_some() || form.0.contains_key("cards") {
                    detail["cards"] = json!(form.get("cards") == Some("on"));
                }
            }
            detail
        }
    };
    let record = json!({
        "played_on": played_on,
        "event_id": event_id,
        "game": game.slug(),
        "players": players,
        "detail": detail,
    });
    serde_json::from_value(record).map_err(|e| e.to_string())
}

/// The form's fields as they were, to show again with a refusal.
pub fn prefill(form: &Form) -> BTreeMap<String, String> {
    form.0.clone()
}

/// The fields of `record` as the result form writes them: to correct it.
pub fn fields_of(record: &GameRecord) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    let seat_of = |name: &str| record.players.iter().find(|p| p.player == name).map(|p| p.seat);
    let value = serde_json::to_value(record).unwrap_or_default();
    let detail = &value["detail"];
    if let Some(order) = detail["order"].as_array() {
        for (i, group) in order.iter().enumerate() {
            for name in group.as_array().into_iter().flatten().filter_map(Value::as_str) {
                if let Some(s) = seat_of(name) {
                    fields.insert(format!("place-{s}"), (i + 1).to_string());
                }
            }
        }
    }
    if let Some(teams) = detail["teams"].as_array() {
        for (i, team) in teams.iter().enumerate() {
            for name in team.as_array().into_iter().flatten().filter_map(Value::as_str) {
                if let Some(s) = seat_of(name) {
                    fields.insert(format!("team-{s}"), (i + 1).to_string());
                }
            }
        }
    }
    for finisher in detail["finishers"].as_array().into_iter().flatten() {
        if let Some(s) = finisher["player"].as_str().and_then(seat_of) {
            fields.insert(format!("carrots-{s}"), finisher["carrots"].to_string());
            fields.insert(format!("lettuces-{s}"), finisher["lettuces"].to_string());
        }
    }
    if let Some(edition) = detail["edition"].as_str() {
        fields.insert("edition".into(), edition.into());
    }
    if detail["cards"] == json!(true) {
        fields.insert("cards".into(), "on".into());
    }
    for (r, round) in detail["rounds"].as_array().into_iter().flatten().enumerate() {
        for (name, score) in round["scores"].as_object().into_iter().flatten() {
            if let Some(s) = seat_of(name) {
                fields.insert(format!("score-{}-{s}", r + 1), score.to_string());
            }
        }
    }
    fields
}

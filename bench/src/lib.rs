//! Workloads for spielstand's benchmarks and load tests: deterministic games, and an HTTP
//! client that posts them through the real write path.

pub mod followers;

use chrono::{Days, NaiveDate};
use serde_json::Value;
use spielstand_core::finishing::{Edition, FinishingOrder, LaufRaufResult, MenschResult};
use spielstand_core::{GameKind, GameRecord, LeagueRules, Outcome, SeatedPlayer};
use spielstand_wire::LeagueInput;
use spielstand_wire::calls::{self, IntoCall};
use std::ops::Range;
use std::time::Duration;

/// A small deterministic generator (SplitMix64): every run posts the same games.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// The name of player `i` of a generated league.
pub fn player_name(i: usize) -> String {
    format!("Spieler {i:03}")
}

/// The players of league `league` when leagues are clubs, as clubs are: 20 to 60 of the
/// `pool` (consecutive names, where the league's number puts them), the same every time.
pub fn club(league: u64, pool: usize) -> Range<usize> {
    let size = (20 + (league.wrapping_mul(2_654_435_761) % 41) as usize).min(pool);
    let first = (league.wrapping_mul(40_503) as usize) % (pool - size + 1);
    first..first + size
}

/// Game `n` of stream `stream` among `players` players: Mensch or Lauf Rauf! with 2 to 4
/// players, sometimes the last two sharing their place, on one of 300 days of 2026.
pub fn game(stream: u64, n: u64, players: usize) -> GameRecord {
    game_among(stream, n, 0..players)
}

/// As [`game`], among the players numbered `players`.
pub fn game_among(stream: u64, n: u64, players: Range<usize>) -> GameRecord {
    let mut rng = Rng::new(stream.wrapping_mul(1_000_003).wrapping_add(n));
    let count = (2 + rng.below(3) as usize).min(players.len());
    let mut chosen: Vec<String> = Vec::with_capacity(count);
    while chosen.len() < count {
        let p = player_name(players.start + rng.below(players.len() as u64) as usize);
        if !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    let seats: Vec<SeatedPlayer> =
        chosen.iter().enumerate().map(|(i, p)| SeatedPlayer { player: p.clone(), seat: i as u32 + 1 }).collect();
    let mut order: Vec<Vec<String>> = chosen.iter().map(|p| vec![p.clone()]).collect();
    if count > 2 && rng.below(3) == 0 {
        let last = order.pop().expect("three or more places");
        order.last_mut().expect("two or more places").extend(last);
    }
    let played_on = season_day(&mut rng);
    let order = FinishingOrder(order);
    let outcome = if rng.below(2) == 0 {
        Outcome::MenschAergereDichNicht(MenschResult { order, teams: None, house_rules: None, colours: None })
    } else {
        Outcome::LaufRauf(LaufRaufResult { order, edition: Some(Edition::Revised), cards: Some(true) })
    };
    GameRecord { played_on, players: seats, outcome, event_id: None }
}

/// The first day after the generated season: a result dated then sorts after every
/// generated one (it is "today" for the league).
pub fn season_end() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date") + Days::new(300)
}

/// `game` moved to `date`.
pub fn dated(mut game: GameRecord, date: NaiveDate) -> GameRecord {
    game.played_on = date;
    game
}

/// A day of the generated season, from `rng`.
pub fn season_day(rng: &mut Rng) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date") + Days::new(rng.below(300))
}

/// An HTTP client for one server, with a write token.
pub struct Api {
    agent: ureq::Agent,
    server: String,
    token: String,
}

impl Api {
    pub fn new(server: &str, token: &str) -> Api {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build()
            .into();
        Api { agent, server: server.trim_end_matches('/').to_owned(), token: token.to_owned() }
    }

    /// Sends `call` (the calls every Rust client shares, `spielstand_wire::calls`), with
    /// the token where it needs one; returns the status and the answer's bytes.
    pub fn fetch<T>(&self, call: impl IntoCall<T>) -> anyhow::Result<(u16, Vec<u8>)> {
        let call = call.into_call()?;
        let mut request = ureq::http::Request::builder()
            .method(call.method.as_str())
            .uri(call.url(&self.server))
            .header("Accept", "application/json");
        if call.with_token {
            request = request.header("Authorization", format!("Bearer {}", self.token));
        }
        for (name, value) in &call.headers {
            request = request.header(*name, value.as_str());
        }
        if call.body.is_some() {
            request = request.header("Content-Type", "application/json");
        }
        let mut res = self.agent.run(request.body(call.body.clone().unwrap_or_default())?)?;
        let status = res.status().as_u16();
        Ok((status, res.body_mut().with_config().limit(64 << 20).read_to_vec()?))
    }

    /// As [`Api::fetch`], the answer as JSON (`null` when it has none).
    pub fn send<T>(&self, call: impl IntoCall<T>) -> anyhow::Result<(u16, Value)> {
        let (status, bytes) = self.fetch(call)?;
        Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }

    /// GETs `path` below `/api/v1` as given on the command line (`cold --view`).
    pub fn get(&self, path: &str) -> anyhow::Result<(u16, Vec<u8>)> {
        let mut res = self.agent.get(format!("{}/api/v1{path}", self.server)).call()?;
        let status = res.status().as_u16();
        Ok((status, res.body_mut().with_config().limit(64 << 20).read_to_vec()?))
    }

    /// Creates `players` players (existing ones are fine) and a league counting the
    /// generated games; returns the league id.
    pub fn seed(&self, players: usize, league: &str) -> anyhow::Result<i64> {
        for i in 0..players {
            let (status, body) = self.send(calls::create_player(&player_name(i)))?;
            anyhow::ensure!(status == 201 || status == 409, "adding a player: {status} {body}");
        }
        let rules = LeagueRules::new(vec![GameKind::MenschAergereDichNicht, GameKind::LaufRauf]);
        let (status, body) = self.send(calls::create_league(&LeagueInput { name: league.to_owned(), rules }))?;
        anyhow::ensure!(status == 201, "creating the league: {status} {body}");
        body["id"].as_i64().ok_or_else(|| anyhow::anyhow!("no league id in {body}"))
    }
}

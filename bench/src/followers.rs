//! Phones following one club night live: N followers on the night's Server-Sent Events
//! stream, and how long each change takes to reach every one of them.

use crate::{Api, player_name};
use anyhow::{Context, ensure};
use spielstand_wire::calls;
use std::io::{BufRead, BufReader};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The load: `phones` followers, `changes` check-ins one `interval` apart.
pub struct Followers {
    pub phones: usize,
    pub changes: usize,
    pub interval: Duration,
}

/// What the followers saw.
#[derive(Debug)]
pub struct Report {
    /// Milliseconds from sending each change to its frame arriving, over every follower.
    pub latencies_ms: Vec<f64>,
    /// (change, follower) pairs whose frame never arrived before the next change.
    pub missed: usize,
}

impl Report {
    /// The `q` quantile (0..=1) of the latencies.
    pub fn quantile(&self, q: f64) -> f64 {
        let mut sorted = self.latencies_ms.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(((sorted.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(f64::NAN)
    }
}

impl Followers {
    /// Makes a league, `changes` players and a night, connects the followers, then checks
    /// the players in one by one; every check-in is a change of the night, one frame.
    pub fn run(&self, server: &str, api: &Api) -> anyhow::Result<Report> {
        let league = api.seed(self.changes, "Handyabend")?;
        let today = chrono::Utc::now().date_naive();
        let input = serde_json::from_value(serde_json::json!({"title": "Handyabend", "date": today}))?;
        let (status, night) = api.send(calls::create_event(league, &input))?;
        ensure!(status == 201, "starting the night: {status} {night}");
        let night = night["id"].as_i64().context("the night's id")?;

        let connected = Arc::new(AtomicUsize::new(0));
        // Each follower's frame arrival times, the first (sent on connecting) left out.
        let arrivals: Vec<Arc<Mutex<Vec<Instant>>>> =
            (0..self.phones).map(|_| Arc::new(Mutex::new(Vec::new()))).collect();
        // A stream lasts as long as the night: no overall timeout.
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let url = format!("{}/api/v1/events/{night}/stream", server.trim_end_matches('/'));
        let expected = self.changes;
        let followers: Vec<_> = arrivals
            .iter()
            .map(|times| {
                let (agent, url, times, connected) = (agent.clone(), url.clone(), times.clone(), connected.clone());
                std::thread::Builder::new().stack_size(256 << 10).spawn(move || -> anyhow::Result<()> {
                    let res = agent.get(&url).header("Accept", "text/event-stream").call()?;
                    ensure!(res.status() == 200, "following the night: {}", res.status());
                    let mut lines = BufReader::new(res.into_body().into_reader());
                    let (mut line, mut frames, mut in_frame) = (String::new(), 0, false);
                    while lines.read_line(&mut line)? > 0 {
                        if line.starts_with("event: night") {
                            in_frame = true;
                        } else if line == "\n" && in_frame {
                            // A frame is whole at its blank line.
                            in_frame = false;
                            if frames == 0 {
                                connected.fetch_add(1, Ordering::SeqCst);
                            } else {
                                times.lock().expect("arrivals").push(Instant::now());
                            }
                            frames += 1;
                            if frames > expected {
                                return Ok(());
                            }
                        }
                        line.clear();
                    }
                    Ok(())
                })
            })
            .collect::<Result<_, _>>()?;

        let waiting = Instant::now();
        while connected.load(Ordering::SeqCst) < self.phones {
            ensure!(
                waiting.elapsed() < Duration::from_secs(60),
                "only {} of {} phones got the night's first frame",
                connected.load(Ordering::SeqCst),
                self.phones
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!("{} phones follow night {night}", self.phones);

        let mut sent = Vec::with_capacity(self.changes);
        for k in 0..self.changes {
            let started = Instant::now();
            sent.push(started);
            let players = serde_json::from_value(serde_json::json!({"players": [player_name(k)]}))?;
            let (status, body) = api.send(calls::check_in(night, &players))?;
            ensure!(status == 200 || status == 201, "checking in: {status} {body}");
            std::thread::sleep(self.interval.saturating_sub(started.elapsed()));
        }
        // Every frame has had a second to arrive; then the night closes and every stream ends.
        std::thread::sleep(Duration::from_secs(1));
        let (status, body) = api.send(calls::close_event(night))?;
        ensure!(status == 200, "closing the night: {status} {body}");
        for follower in followers {
            follower.join().map_err(|_| anyhow::anyhow!("a follower panicked"))??;
        }

        let (mut latencies_ms, mut missed) = (Vec::new(), 0);
        for times in &arrivals {
            let times = times.lock().expect("arrivals");
            for (k, at) in sent.iter().enumerate() {
                let next = sent.get(k + 1).copied();
                match times.iter().find(|t| **t >= *at && next.is_none_or(|n| **t < n)) {
                    Some(t) => latencies_ms.push((*t - *at).as_secs_f64() * 1000.0),
                    None => missed += 1,
                }
            }
        }
        Ok(Report { latencies_ms, missed })
    }
}

//! The real `spielstand-api` binary as a child process, and small HTTP helpers for it.

use super::TestDb;
use serde_json::Value;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_spielstand-api");

pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// `http://127.0.0.1:PORT/api/v1`
    pub api: String,
}

impl Server {
    /// Starts the server on a free port with extra environment variables, and waits until
    /// it answers.
    pub fn start(db: &TestDb, env: &[(&str, String)]) -> Server {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(BIN)
            .args(["--database-url", &db.url.expose(), "--bind", &format!("127.0.0.1:{port}")])
            .env("RUST_LOG", "warn")
            // The tests' webhook receivers listen on this machine.
            .env("SPIELSTAND_WEBHOOK_ALLOW_HOSTS", "127.0.0.1")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let server = Server { child, api: format!("{base}/api/v1"), base };
        let deadline = Instant::now() + Duration::from_secs(30);
        while agent().get(&format!("{}/health", server.api)).call().map(|r| r.status() != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "server on port {port} did not come up");
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    /// SIGKILL: no shutdown, no flush; whatever was in flight is cut off.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// POSTs JSON to `path` under `/api/v1` with the token; the status and JSON answer.
    pub fn post(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        post_with(&agent(), &format!("{}{path}", self.api), token, body)
    }

    /// GETs `path` under `/api/v1` with the token; it must answer 200 with JSON.
    pub fn get(&self, path: &str, token: &str) -> Value {
        let mut res = agent()
            .get(&format!("{}{path}", self.api))
            .header("Authorization", &format!("Bearer {token}"))
            .call()
            .unwrap();
        assert_eq!(res.status(), 200, "GET {path}");
        res.body_mut().read_json().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// A new write token, created with the binary's `token create`.
pub fn token(db: &TestDb) -> String {
    let out = Command::new(BIN)
        .args([
            "--database-url",
            &db.url.expose(),
            "token",
            "create",
            "--create",
            "--name",
            "tests",
            "--scope",
            "admin",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().last().unwrap().to_owned()
}

/// POSTs JSON to `url` with the token; the status and JSON answer.
pub fn post_with(agent: &ureq::Agent, url: &str, token: &str, body: &Value) -> (u16, Value) {
    let mut res = agent.post(url).header("Authorization", &format!("Bearer {token}")).send_json(body).unwrap();
    let status = res.status().as_u16();
    (status, res.body_mut().read_json().unwrap_or(Value::Null))
}

/// GETs `url`, which must answer 200 with JSON.
pub fn get(agent: &ureq::Agent, url: &str) -> Value {
    let mut res = agent.get(url).call().unwrap();
    assert_eq!(res.status(), 200, "GET {url}");
    res.body_mut().read_json().unwrap()
}

/// Adds `players` and a league counting `games`; the league's id and rules.
pub fn seed(server: &Server, token: &str, players: &[&str], games: &[&str]) -> (i64, spielstand_core::LeagueRules) {
    let agent = agent();
    for name in players {
        let (status, body) =
            post_with(&agent, &format!("{}/players", server.api), token, &serde_json::json!({ "name": name }));
        assert_eq!(status, 201, "{body}");
    }
    let league = serde_json::json!({"name": "Seeded", "rules": {"games": games}});
    let (status, league) = post_with(&agent, &format!("{}/leagues", server.api), token, &league);
    assert_eq!(status, 201, "{league}");
    (league["id"].as_i64().unwrap(), serde_json::from_value(league["rules"].clone()).unwrap())
}

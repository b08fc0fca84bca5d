//! The real `spielstand-api` binary as a child process, and small HTTP helpers for it.

use super::TestDb;
use serde::de::DeserializeOwned;
use serde_json::Value;
use spielstand_wire::LeagueInput;
use spielstand_wire::calls::{self, IntoCall};
use spielstand_wire::headers::{READ_AFTER, WRITE_POSITION};
use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_spielstand-api");

pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// `http://127.0.0.1:PORT/api/v1`
    pub api: String,
    /// Every line the server has logged so far.
    pub log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Server {
    /// Starts the server with extra environment variables on port 0 (the system picks a
    /// free one; nothing can take it between choosing and binding), learns the port from
    /// the server's own "listening on" line, and waits until it answers.
    pub fn start(db: &TestDb, env: &[(&str, String)]) -> Server {
        let server = Server::listening(db, env);
        let deadline = Instant::now() + Duration::from_secs(30);
        while agent().get(&format!("{}/health", server.api)).call().map(|r| r.status() != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "server at {} did not come up", server.base);
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    /// Starts the server as the user `uid` (the test runs as root), and waits until it
    /// answers.
    pub fn start_as(db: &TestDb, uid: u32) -> Server {
        let server = Server::spawn(db, &[], Some(uid), None);
        let deadline = Instant::now() + Duration::from_secs(30);
        while agent().get(&format!("{}/health", server.api)).call().map(|r| r.status() != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "server at {} did not come up", server.base);
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    /// Starts the server and returns once it listens, whether or not its database answers.
    pub fn listening(db: &TestDb, env: &[(&str, String)]) -> Server {
        Server::spawn(db, env, None, None)
    }

    /// Starts the server with a soft limit of `files` open files (the hard limit as it
    /// is), and waits until it answers.
    pub fn start_with_open_files(db: &TestDb, files: u64) -> Server {
        let (_, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
        Server::start_limited(db, &[], (files, hard))
    }

    /// Starts the server with `env` and the open-files limits `(soft, hard)`, and waits
    /// until it answers.
    pub fn start_limited(db: &TestDb, env: &[(&str, String)], files: (u64, u64)) -> Server {
        let server = Server::spawn(db, env, None, Some(files));
        let deadline = Instant::now() + Duration::from_secs(30);
        while agent().get(&format!("{}/health", server.api)).call().map(|r| r.status() != 200).unwrap_or(true) {
            assert!(Instant::now() < deadline, "server at {} did not come up", server.base);
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    /// Starts the server listening on `bind` (a port chosen ahead, where its public URL
    /// must name it), and waits until it answers.
    pub fn start_bound(db: &TestDb, env: &[(&str, String)], bind: &str) -> Server {
        let mut env = env.to_vec();
        env.push(("SPIELSTAND_TEST_BIND", bind.to_owned()));
        Server::start(db, &env)
    }

    fn spawn(db: &TestDb, env: &[(&str, String)], uid: Option<u32>, files: Option<(u64, u64)>) -> Server {
        let bind = env.iter().find(|(k, _)| *k == "SPIELSTAND_TEST_BIND").map_or("127.0.0.1:0", |(_, v)| v.as_str());
        let mut command = match files {
            Some((soft, hard)) => {
                let mut prlimit = Command::new("prlimit");
                prlimit.arg(format!("--nofile={soft}:{hard}")).arg(BIN);
                prlimit
            }
            None => Command::new(BIN),
        };
        if let Some(uid) = uid {
            use std::os::unix::process::CommandExt;
            command.uid(uid).gid(uid);
        }
        let mut child = command
            .args(["--database-url", &db.url.expose(), "--bind", bind])
            .env("RUST_LOG", "warn,spielstand_api=info")
            .env("NO_COLOR", "1")
            // The tests' webhook receivers listen on this machine.
            .env("SPIELSTAND_WEBHOOK_ALLOW_HOSTS", "127.0.0.1")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = std::sync::Arc::default();
        let port = listening_port(child.stderr.take().unwrap(), std::sync::Arc::clone(&log));
        let base = format!("http://127.0.0.1:{port}");
        Server { child, api: format!("{base}/api/v1"), base, log }
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
        let agent = agent();
        let mut res = reading(&agent, &format!("{}{path}", self.api))
            .header("Authorization", &format!("Bearer {token}"))
            .call()
            .unwrap();
        assert_eq!(res.status(), 200, "GET {path}");
        res.body_mut().read_json().unwrap()
    }

    /// GETs `path` under `/api/v1` with the token; it must answer 200 with a `T`.
    pub fn get_as<T: DeserializeOwned>(&self, path: &str, token: &str) -> T {
        typed(&self.get(path, token))
    }

    /// Sends a call of `wire::calls` as the CLI does ([`call_with`]); the status and the
    /// JSON answer.
    pub fn call<T>(&self, token: &str, call: impl IntoCall<T>) -> (u16, Value) {
        call_with(&agent(), &self.base, token, call)
    }

    /// The answer of a call that must succeed, as the type the call names.
    pub fn answer<T: DeserializeOwned>(&self, token: &str, call: impl IntoCall<T>) -> T {
        let call = call.into_call().unwrap_or_else(|e| panic!("the call does not build: {e}"));
        let operation = call.operation;
        let (status, body) = self.call(token, call);
        assert!((200..300).contains(&status), "{operation}: {status} {body}");
        typed(&body)
    }
}

/// Sends a call of `wire::calls` to the server at `base` (`http://host:port`) with ureq,
/// as the CLI does: its method, URL, headers and JSON body, `token` when the call carries
/// one, and this test's last write to that server, which it reads after; the status and
/// the JSON answer (`null` for none, or for one that is not JSON).
pub fn call_with<T>(agent: &ureq::Agent, base: &str, token: &str, call: impl IntoCall<T>) -> (u16, Value) {
    let call = call.into_call().unwrap_or_else(|e| panic!("the call does not build: {e}"));
    let url = call.url(base);
    let mut request = ureq::http::Request::builder().method(call.method.as_str()).uri(&url);
    if call.with_token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    for (name, value) in &call.headers {
        request = request.header(*name, value.as_str());
    }
    if call.body.is_some() {
        request = request.header("Content-Type", "application/json");
    }
    if let Some(position) = written(&url) {
        request = request.header(READ_AFTER, position);
    }
    let mut res = agent.run(request.body(call.body.unwrap_or_default()).unwrap()).unwrap();
    remember(&url, &res);
    let status = res.status().as_u16();
    (status, res.body_mut().read_json().unwrap_or(Value::Null))
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
        // The server shuts a connection idle for 5 s: a kept one is not reused after 2 s, so
        // that a request never goes out on a connection the server is closing (under load a
        // client's gap between two requests to one process grows past 5 s).
        .max_idle_age(Duration::from_secs(2))
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

thread_local! {
    /// This test's last write to each server (`Spielstand-Write-Position`), sent back with
    /// its reads through these helpers, as the CLI does: a client reads its own writes.
    /// (A test of what other readers see reads without them.)
    static WRITTEN: std::cell::RefCell<std::collections::HashMap<String, String>> = Default::default();
}

/// `scheme://host:port` of `url`: whose write position it is.
fn origin(url: &str) -> String {
    let uri: ureq::http::Uri = url.parse().unwrap();
    format!("{}://{}", uri.scheme_str().unwrap_or("http"), uri.authority().map_or("", |a| a.as_str()))
}

/// Remembers the write position an answer from `url` carries.
pub fn remember<B>(url: &str, res: &ureq::http::Response<B>) {
    if let Some(position) = res.headers().get(WRITE_POSITION).and_then(|v| v.to_str().ok()) {
        WRITTEN.with(|w| w.borrow_mut().insert(origin(url), position.to_owned()));
    }
}

/// This test's last write to the server of `url`, if any.
pub fn written(url: &str) -> Option<String> {
    WRITTEN.with(|w| w.borrow().get(&origin(url)).cloned())
}

/// A GET of `url` that reads this test's own writes to its server.
pub fn reading(agent: &ureq::Agent, url: &str) -> ureq::RequestBuilder<ureq::typestate::WithoutBody> {
    let request = agent.get(url);
    match written(url) {
        Some(position) => request.header(READ_AFTER, &position),
        None => request,
    }
}

/// POSTs JSON to `url` with the token; the status and JSON answer.
pub fn post_with(agent: &ureq::Agent, url: &str, token: &str, body: &Value) -> (u16, Value) {
    let mut res = agent.post(url).header("Authorization", &format!("Bearer {token}")).send_json(body).unwrap();
    remember(url, &res);
    let status = res.status().as_u16();
    (status, res.body_mut().read_json().unwrap_or(Value::Null))
}

/// GETs `url` (reading this test's own writes), which must answer 200 with JSON.
pub fn get(agent: &ureq::Agent, url: &str) -> Value {
    let mut res = reading(agent, url).call().unwrap();
    assert_eq!(res.status(), 200, "GET {url}");
    res.body_mut().read_json().unwrap()
}

/// GETs `url`, which must answer 200 with a `T`.
pub fn get_as<T: DeserializeOwned>(agent: &ureq::Agent, url: &str) -> T {
    typed(&get(agent, url))
}

/// An answer of the server read as `T`, a `spielstand_wire` type; one that is not a `T`
/// fails the test with what came back.
pub fn typed<T: DeserializeOwned>(body: &Value) -> T {
    T::deserialize(body).unwrap_or_else(|e| panic!("not a {} ({e}): {body}", std::any::type_name::<T>()))
}

/// Adds `players` and a league counting `games`; the league's id and rules.
pub fn seed(server: &Server, token: &str, players: &[&str], games: &[&str]) -> (i64, spielstand_core::LeagueRules) {
    for name in players {
        let (status, body) = server.call(token, calls::create_player(name));
        assert_eq!(status, 201, "{body}");
    }
    let league: LeagueInput = super::input(serde_json::json!({"name": "Seeded", "rules": {"games": games}}));
    let (status, league) = server.call(token, calls::create_league(&league));
    assert_eq!(status, 201, "{league}");
    let league: spielstand_wire::League = typed(&league);
    (league.id, league.rules)
}

/// The port in the server's "listening on http://127.0.0.1:PORT" log line. The log goes on
/// to this test's stderr, as it would without the pipe.
fn listening_port(log: ChildStderr, kept: std::sync::Arc<std::sync::Mutex<Vec<String>>>) -> u16 {
    let (found, port) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut found = Some(found);
        for line in BufReader::new(log).lines().map_while(Result::ok) {
            eprintln!("{line}");
            kept.lock().unwrap().push(line.clone());
            // On 127.0.0.1, or on every address (`0.0.0.0`, as --lan listens), over HTTP
            // or HTTPS.
            let Some(rest) = ["http://127.0.0.1:", "http://0.0.0.0:", "https://127.0.0.1:"]
                .iter()
                .find_map(|at| line.split(&format!("listening on {at}")).nth(1))
            else {
                continue;
            };
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let (Some(found), Ok(port)) = (found.take(), digits.parse::<u16>()) {
                let _ = found.send(port);
            }
        }
    });
    port.recv_timeout(Duration::from_secs(60)).expect("the server says where it listens")
}

/// A TCP connection to `address` from the loopback address `source` (the whole of
/// 127.0.0.0/8 is this machine: a second client address without a second machine).
pub fn connect(address: &str, source: Option<&str>) -> std::net::TcpStream {
    let target: std::net::SocketAddr = address.parse().unwrap();
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    if let Some(source) = source {
        socket.bind(&format!("{source}:0").parse::<std::net::SocketAddr>().unwrap().into()).unwrap();
    }
    socket.connect_timeout(&target.into(), Duration::from_secs(5)).unwrap();
    socket.into()
}

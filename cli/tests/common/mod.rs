//! Test harness: the real `spielstand-api` binary on 127.0.0.1 with a temp SQLite file,
//! and the real `spielstand` binary with its own config and data folders.

#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// The CLI under test.
pub fn cli_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_spielstand"))
}

/// The server binary, next to the CLI's. Cargo gives a test only its own package's
/// binaries, so it is built here once per test run (a no-op when it is up to date).
pub fn api_binary() -> &'static Path {
    static API: OnceLock<PathBuf> = OnceLock::new();
    API.get_or_init(|| {
        let cli = cli_binary();
        let api = cli.with_file_name(format!("spielstand-api{}", std::env::consts::EXE_SUFFIX));
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("cli/ is in the workspace");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build.current_dir(workspace).args(["build", "--quiet", "-p", "spielstand-api"]);
        if cli.parent().and_then(|p| p.file_name()).is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "cargo build -p spielstand-api failed");
        assert!(api.exists(), "{} is missing after the build", api.display());
        api
    })
}

/// A free port on 127.0.0.1 (bound and released; the server binds it right after).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A running `spielstand-api` with its own database; stopped when dropped.
pub struct Server {
    child: Option<Child>,
    pub url: String,
    pub token: String,
    port: u16,
    dir: TempDir,
}

impl Server {
    pub fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let db = dir.path().join("spielstand.db");
        let out = Command::new(api_binary())
            .args(["--database-url", db.to_str().unwrap(), "token", "create", "--name", "cli-tests"])
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        assert!(out.status.success(), "token create: {}", String::from_utf8_lossy(&out.stderr));
        let token = String::from_utf8(out.stdout).unwrap().lines().last().unwrap().trim().to_owned();
        let mut server = Server { child: None, url: format!("http://127.0.0.1:{port}"), token, port, dir };
        server.up();
        server
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("spielstand.db")
    }

    /// Starts the server (again) on its port and database, and waits for /health.
    pub fn up(&mut self) {
        assert!(self.child.is_none(), "already running");
        let log = std::fs::File::create(self.dir.path().join("server.log")).unwrap();
        let child = Command::new(api_binary())
            .args(["--database-url", self.db().to_str().unwrap(), "--bind", &format!("127.0.0.1:{}", self.port)])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if self.get("/health").is_ok() {
                return;
            }
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                let log = std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default();
                panic!("spielstand-api exited with {status}: {log}");
            }
            assert!(Instant::now() < deadline, "spielstand-api did not answer /health in time");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops the server; its database stays for [`Server::up`].
    pub fn down(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// GET /api/v1{path} straight from the server, as JSON.
    pub fn get(&self, path: &str) -> Result<Value, String> {
        let mut response = ureq::get(format!("{}/api/v1{path}", self.url)).call().map_err(|e| e.to_string())?;
        response.body_mut().read_json::<Value>().map_err(|e| e.to_string())
    }

    /// POST with the token and an Idempotency-Key: what `sync` would send.
    pub fn post_with_key(&self, path: &str, body: &Value, key: &str) -> u16 {
        ureq::post(format!("{}/api/v1{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .header("Idempotency-Key", key)
            .config()
            .http_status_as_error(false)
            .build()
            .send_json(body)
            .unwrap()
            .status()
            .as_u16()
    }

    /// Total results stored in league `id`, asked of the server directly.
    pub fn result_count(&self, league: i64) -> i64 {
        self.get(&format!("/leagues/{league}/results")).unwrap_or_else(|e| panic!("{e}"))["total"].as_i64().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.down();
    }
}

/// What a run of the CLI gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit {}\n--- stdout\n{}--- stderr\n{}", self.code, self.stdout, self.stderr)
    }
}

/// The CLI as one organiser's machine: its own home, config and data folders.
pub struct Cli {
    pub home: TempDir,
    pub server: Option<String>,
    pub token: Option<String>,
}

impl Cli {
    /// Talking to `server` through SPIELSTAND_SERVER and SPIELSTAND_TOKEN.
    pub fn new(server: &Server) -> Cli {
        Cli { home: tempfile::tempdir().unwrap(), server: Some(server.url.clone()), token: Some(server.token.clone()) }
    }

    /// No server or token in the environment.
    pub fn bare() -> Cli {
        Cli { home: tempfile::tempdir().unwrap(), server: None, token: None }
    }

    pub fn config_dir(&self) -> PathBuf {
        self.home.path().join("config")
    }

    pub fn outbox(&self) -> PathBuf {
        self.home.path().join("data").join("spielstand").join("outbox")
    }

    /// The JSON files waiting in the outbox, in order.
    pub fn outbox_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.outbox())
            .map(|d| {
                d.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "json"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }

    pub fn command(&self) -> Command {
        let mut cmd = Command::new(cli_binary());
        self.env(&mut cmd);
        cmd
    }

    /// This machine's folders and settings, for any command (`script` running the CLI).
    pub fn env(&self, cmd: &mut Command) {
        cmd.current_dir(self.home.path())
            .env("HOME", self.home.path())
            .env("XDG_CONFIG_HOME", self.config_dir())
            .env("XDG_DATA_HOME", self.home.path().join("data"))
            .env_remove("RUST_BACKTRACE")
            .env_remove("SPIELSTAND_SERVER")
            .env_remove("SPIELSTAND_TOKEN")
            .stdin(Stdio::null());
        if let Some(server) = &self.server {
            cmd.env("SPIELSTAND_SERVER", server);
        }
        if let Some(token) = &self.token {
            cmd.env("SPIELSTAND_TOKEN", token);
        }
    }

    pub fn run(&self, args: &[&str]) -> Run {
        Run::from(self.command().args(args).output().unwrap())
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        Run::from(child.wait_with_output().unwrap())
    }

    /// Runs and expects exit 0; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let run = self.run(args);
        assert_eq!(run.code, 0, "spielstand {args:?}\n{run:?}");
        run.stdout
    }

    /// Runs with `--format json` and parses stdout.
    pub fn json(&self, args: &[&str]) -> Value {
        let mut all = args.to_vec();
        all.extend(["--format", "json"]);
        let out = self.ok(&all);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
    }

    /// Runs and expects exit `code`; returns stderr.
    pub fn fails(&self, args: &[&str], code: i32) -> String {
        let run = self.run(args);
        assert_eq!(run.code, code, "spielstand {args:?}\n{run:?}");
        assert!(run.stdout.is_empty() || code == 3, "nothing on stdout on failure: {run:?}");
        run.stderr
    }

    /// Writes a file in the CLI's working folder.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.home.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

/// A server that answers every request with `status` and a problem+json body, as a
/// spielstand server does when its database is down. Serves `requests` requests.
pub fn failing_server(status: u16, requests: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    std::thread::spawn(move || {
        use std::io::{BufRead, BufReader, Read};
        for stream in listener.incoming().take(requests) {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut length = 0usize;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let problem = format!(
                r#"{{"type":"/problems/unavailable","title":"Service Unavailable","status":{status},"detail":"the database is unavailable for the moment; retry shortly","request_id":"req-7"}}"#
            );
            let _ = write!(
                stream,
                "HTTP/1.1 {status} Service Unavailable\r\nContent-Type: application/problem+json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{problem}",
                problem.len()
            );
        }
    });
    url
}

/// A closed port: nothing listens there.
pub fn dead_server() -> String {
    format!("http://127.0.0.1:{}", free_port())
}

/// A 3-player board (8 pieces each): Anna -3, Ben -3, Cleo -7.
pub const BOARD: &str = "\
# Round 3: the final position, row 9 at the top; A = Anna, B = Ben, C = Cleo
. A . B . C . . .
C . . . . . . . B
. B . A . C . A .
A . C . . . B . C
. . . B . A . . .
B . A . . . C . A
. C . . B . . B .
. . . C . A . . .
. . . . . . . . .
";

/// Players Anna, Ben, Cleo and Dora, and a league counting every game; returns its id.
pub fn club(cli: &Cli) -> i64 {
    for name in ["Anna", "Ben", "Cleo", "Dora"] {
        cli.ok(&["player", "add", name]);
    }
    let league = cli.json(&["league", "create", "Winterliga", "--games", "all"]);
    league["id"].as_i64().unwrap()
}

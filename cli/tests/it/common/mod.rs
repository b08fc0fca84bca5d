//! Test harness: a real server on 127.0.0.1 with a temp SQLite file, and the real
//! `spielstand` binary with its own config and data folders.

use actix_web::HttpServer;
use actix_web::dev::ServerHandle;
use serde_json::Value;
use spielstand_api::db::DatabaseUrl;
use spielstand_api::store::tokens;
use spielstand_api::{AppState, app};
use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;

/// The CLI under test.
pub fn cli_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_spielstand"))
}

/// A port on 127.0.0.1 nobody listens on (bound and released): for a server that is down.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A spielstand server with its own SQLite file, served from the `spielstand-api` library
/// on a thread of this process (its own actix system); stopped when dropped.
pub struct Server {
    running: Option<Running>,
    pub url: String,
    pub token: String,
    port: u16,
    dir: TempDir,
}

struct Running {
    handle: ServerHandle,
    thread: std::thread::JoinHandle<()>,
}

impl Server {
    pub fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db = DatabaseUrl::parse(dir.path().join("spielstand.db").to_str().unwrap()).unwrap();
        let pool = spielstand_api::db::open(&db, 1).unwrap();
        let token =
            tokens::create(&mut pool.get().unwrap(), "cli-tests", spielstand_wire::TokenScope::Admin, None).unwrap();
        drop(pool);
        // Port 0 the first time: the system picks a free port as the server binds it.
        let mut server = Server { running: None, url: String::new(), token, port: 0, dir };
        server.up();
        server
    }

    /// A new token of `scope` on this server's database (the server may run meanwhile).
    pub fn token(&self, name: &str, scope: spielstand_wire::TokenScope) -> String {
        let pool = spielstand_api::db::open(&self.db(), 1).unwrap();
        tokens::create(&mut pool.get().unwrap(), name, scope, None).unwrap()
    }

    fn db(&self) -> DatabaseUrl {
        DatabaseUrl::parse(self.dir.path().join("spielstand.db").to_str().unwrap()).unwrap()
    }

    /// Starts the server (again) on its port and database; returns once it listens. The
    /// first start binds port 0 and keeps the port it got, so a restart comes back where
    /// the CLI's configuration points.
    pub fn up(&mut self) {
        assert!(self.running.is_none(), "already running");
        let (db, addr) = (self.db(), ("127.0.0.1", self.port));
        let (started, handle) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                // A server just stopped may still hold the file for a moment (its
                // group-commit thread ends after the system): wait for it, as a restarted
                // process would wait for the old one's lock.
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
                let pool = loop {
                    match spielstand_api::db::open(&db, 4) {
                        Ok(pool) => break pool,
                        Err(e) if std::time::Instant::now() < deadline => {
                            eprintln!("the test database is busy ({e}); retrying");
                            std::thread::sleep(std::time::Duration::from_millis(50));
                        }
                        Err(e) => panic!("the test database opens: {e}"),
                    }
                };
                let state = AppState::new(pool, &db);
                let server = HttpServer::new(move || app(state.clone()))
                    .workers(1)
                    .disable_signals()
                    .bind(addr)
                    .unwrap_or_else(|e| panic!("binding {addr:?}: {e}"));
                let port = server.addrs()[0].port();
                let server = server.run();
                started.send((server.handle(), port)).unwrap();
                server.await.expect("the server runs");
            })
        });
        let (handle, port) = handle.recv().expect("the server thread started the server");
        (self.port, self.url) = (port, format!("http://127.0.0.1:{port}"));
        self.running = Some(Running { handle, thread });
    }

    /// Stops the server at once, as a killed process would; its database stays for
    /// [`Server::up`].
    pub fn down(&mut self) {
        if let Some(Running { handle, thread }) = self.running.take() {
            actix_web::rt::System::new().block_on(handle.stop(false));
            thread.join().expect("the server thread ends cleanly");
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
    pub fn from(out: Output) -> Run {
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
    /// The machine's locale (`LANG`); `C.UTF-8`, which speaks English, unless a test asks.
    pub locale: Option<String>,
}

impl Cli {
    /// Talking to `server` through SPIELSTAND_SERVER and SPIELSTAND_TOKEN.
    pub fn new(server: &Server) -> Cli {
        Cli {
            home: tempfile::tempdir().unwrap(),
            server: Some(server.url.clone()),
            token: Some(server.token.clone()),
            locale: None,
        }
    }

    /// No server or token in the environment.
    pub fn bare() -> Cli {
        Cli { home: tempfile::tempdir().unwrap(), server: None, token: None, locale: None }
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
            .env_remove("SPIELSTAND_LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", self.locale.as_deref().unwrap_or("C.UTF-8"))
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

    /// Runs `spielstand ARGS` on a pseudo-terminal, as a person at the table would: see
    /// [`Terminal`].
    pub fn terminal(&self, args: &[&str]) -> Terminal {
        let mut cmd = self.command();
        // The pseudo-terminal is the child's standard input, output and error.
        cmd.args(args).env("NO_COLOR", "1").stdin(Stdio::inherit()).stdout(Stdio::inherit()).stderr(Stdio::inherit());
        let options =
            rexpect::session::Options::new().timeout_ms(Some(TERMINAL_TIMEOUT_MS)).strip_ansi_escape_codes(true);
        let session = rexpect::spawn_with_options(cmd, options).expect("the CLI starts on a pseudo-terminal");
        Terminal { session, args: args.join(" "), seen: String::new() }
    }

    /// Writes a file in the CLI's working folder.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.home.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

/// How long a terminal test waits for one expected text: only a failure waits this long.
const TERMINAL_TIMEOUT_MS: u64 = 30_000;

/// The CLI running on a pseudo-terminal (a maintained expect library): each question is
/// waited for by its text and answered, as a person types.
pub struct Terminal {
    session: rexpect::session::PtySession,
    args: String,
    /// Everything read so far, for failure messages.
    seen: String,
}

impl Terminal {
    /// Waits until `text` is shown; returns what was shown before it.
    pub fn expect(&mut self, text: &str) -> String {
        // rexpect reads the terminal byte by byte, each byte as one character: German
        // (ä, ü, „“) is looked for as its UTF-8 bytes, and what came before is read back.
        let bytes: String = text.bytes().map(char::from).collect();
        match self.session.exp_string(&bytes) {
            Ok(before) => {
                let before_bytes: Vec<u8> = before.chars().map(|c| c as u32 as u8).collect();
                let before = String::from_utf8_lossy(&before_bytes).into_owned();
                self.seen.push_str(&before);
                self.seen.push_str(text);
                before
            }
            Err(e) => panic!(
                "spielstand {}: waited for {text:?}: {e}
--- shown so far\n{}",
                self.args, self.seen
            ),
        }
    }

    /// Waits for `prompt`, then types `line` and Enter.
    pub fn answer(&mut self, prompt: &str, line: &str) {
        self.expect(prompt);
        self.session.send_line(line).expect("typing");
    }

    /// Types `text` as it is, escape sequences and all (a function key is `ESC O Q`).
    pub fn type_raw(&mut self, text: &str) {
        self.session.send(text).expect("typing");
        self.session.flush().expect("typing");
    }

    /// Interrupts the program, as Ctrl-C does.
    pub fn interrupt(&mut self) {
        self.session.send_control('c').expect("Ctrl-C");
    }

    /// Ends the input, as Ctrl-D at the start of a line does.
    pub fn end_input(&mut self) {
        self.session.send_control('d').expect("Ctrl-D");
    }

    /// Waits for the program to end; its exit code and what it showed since the last
    /// expected text.
    pub fn finish(mut self) -> (i32, String) {
        let rest = self
            .session
            .exp_eof()
            .unwrap_or_else(|e| panic!("spielstand {}: did not end: {e}\n{}", self.args, self.seen));
        let code = match self.session.process().wait().expect("the CLI ends") {
            rexpect::process::WaitStatus::Exited(_, code) => code,
            // Killed by a signal: the shell's convention, 128 + the signal.
            rexpect::process::WaitStatus::Signaled(_, signal, _) => 128 + signal as i32,
            other => panic!("spielstand {}: ended by {other:?}\n{}{rest}", self.args, self.seen),
        };
        (code, rest)
    }
}

/// The players of the Rangeln rounds below.
pub const NAMES: [&str; 3] = ["Anna", "Ben", "Cleo"];

/// The paths of the players at positions 1, 2 and 3 of a round (see `round_text`): each
/// goes its full length.
pub const PATHS: [&str; 3] =
    ["b2-b3 f2-f3 b4-a4 f4-e4 b6-a6 f6-f7", "c2-c1-d1 g2-g1-f1 c4-c5-b5", "h8-i8-i7-i6-i5-i4-i3"];

/// Who places and moves k-th in round `round` (0-based): seat `round` starts.
pub fn at(round: usize, k: usize) -> &'static str {
    NAMES[(round + k) % 3]
}

/// The cells of the 24 placements: rows 2, 4, 6, 8 and columns b, c, d, f, g, h, so that
/// no two pieces of one player touch.
pub fn cells() -> Vec<String> {
    ["2", "4", "6", "8"]
        .iter()
        .flat_map(|row| ["b", "c", "d", "f", "g", "h"].map(|col| format!("{col}{row}")))
        .collect()
}

/// Round `round` (0-based) of Anna, Ben and Cleo in the moves text form.
pub fn round_text(round: usize) -> String {
    let mut text = format!("# round {}: {} starts\n", round + 1, at(round, 0));
    for (i, cell) in cells().iter().enumerate() {
        text.push_str(&format!("{} {cell}\n", at(round, i % 3)));
    }
    for (k, paths) in PATHS.iter().enumerate() {
        text.push_str(&format!("{}: {paths}\n", at(round, k)));
    }
    text
}

/// Records a Rangeln game of three rounds in Winterliga on `date`: Anna wins with -19.
pub fn record_rangeln_game(cli: &Cli, date: &str) {
    let rounds = ["Anna=-7,Ben=6,Cleo=1", "Anna=-6,Ben=6,Cleo=1", "Anna=-6,Ben=6,Cleo=1"];
    let mut args = vec!["record", "rangeln", "-l", "Winterliga", "--date", date, "--players", "Anna,Ben,Cleo"];
    for round in &rounds {
        args.extend(["--round", round]);
    }
    cli.ok(&args);
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

/// A club night ready to play: a server, an organiser's laptop talking to it, players
/// Anna, Ben, Cleo and Dora, and the league Winterliga counting every game.
pub struct ClubNight {
    pub server: Server,
    pub cli: Cli,
    /// Winterliga's id.
    pub league: i64,
}

impl ClubNight {
    pub fn new() -> ClubNight {
        let server = Server::start();
        let cli = Cli::new(&server);
        for name in ["Anna", "Ben", "Cleo", "Dora"] {
            cli.ok(&["player", "add", name]);
        }
        let league = cli.json(&["league", "create", "Winterliga", "--games", "all"])["id"].as_i64().unwrap();
        ClubNight { server, cli, league }
    }
}

/// The players of a drawn table (a round's `tables[i]` as JSON), in seat order.
pub fn seated(table: &Value) -> Vec<String> {
    table["seats"].as_array().unwrap().iter().map(|s| s["player"].as_str().unwrap().to_owned()).collect()
}

/// A proxy in front of a server that writes down the request line of every request it
/// passes on: what a command asked of the server, and how often.
pub struct Recorder {
    pub url: String,
    seen: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Recorder {
    pub fn start(target: &str) -> Recorder {
        use std::io::Read;
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let target = target.trim_start_matches("http://").to_owned();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let noted = seen.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let (Ok(mut client), Ok(mut server)) = (client, std::net::TcpStream::connect(&target)) else {
                    continue;
                };
                let (mut to_client, mut from_server) = (client.try_clone().unwrap(), server.try_clone().unwrap());
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut from_server, &mut to_client);
                    let _ = to_client.shutdown(std::net::Shutdown::Write);
                });
                let noted = noted.clone();
                std::thread::spawn(move || {
                    let mut buf = [0u8; 16 * 1024];
                    while let Ok(n) = client.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        for line in String::from_utf8_lossy(&buf[..n]).lines() {
                            let method = line.split(' ').next().unwrap_or("");
                            if ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method)
                                && line.ends_with(" HTTP/1.1")
                            {
                                noted.lock().unwrap().push(line.trim_end_matches(" HTTP/1.1").to_owned());
                            }
                        }
                        if server.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    let _ = server.shutdown(std::net::Shutdown::Write);
                });
            }
        });
        Recorder { url, seen }
    }

    /// The requests passed on since the last call, as "METHOD /path?query".
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.seen.lock().unwrap())
    }
}

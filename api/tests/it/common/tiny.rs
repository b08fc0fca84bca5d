//! A tiny HTTP/1.1 server on 127.0.0.1 for tests: a webhook receiver that records what
//! it gets, or a page for the browser to load from another origin.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Request {
    pub at: Instant,
    pub method: String,
    pub path: String,
    /// Lower-cased names.
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

pub struct Answer {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn status(status: u16) -> Answer {
        Answer { status, content_type: "text/plain", body: Vec::new() }
    }
}

type Handler = dyn Fn(usize, &Request) -> Answer + Send + Sync;

pub struct Tiny {
    pub port: u16,
    pub requests: Arc<Mutex<Vec<Request>>>,
    stop: Arc<AtomicBool>,
    /// Connections accepted and not yet answered.
    busy: Arc<AtomicUsize>,
}

/// The path `wait_idle` asks for; not logged, not passed to the answer.
const IDLE: &str = "/__tiny_idle";

impl Tiny {
    /// Serves each request with `answer(n, request)`, `n` counting requests from 0.
    pub fn start(answer: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static) -> Tiny {
        Tiny::on(TcpListener::bind("127.0.0.1:0").unwrap(), answer)
    }

    /// The same on a listener the caller bound (to know the port in advance).
    pub fn on(listener: TcpListener, answer: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static) -> Tiny {
        let port = listener.local_addr().unwrap().port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let busy = Arc::new(AtomicUsize::new(0));
        let (log, stopped, answer): (_, _, Arc<Handler>) = (requests.clone(), stop.clone(), Arc::new(answer));
        let serving = busy.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (log, answer, serving) = (log.clone(), answer.clone(), serving.clone());
                serving.fetch_add(1, Ordering::SeqCst);
                std::thread::spawn(move || {
                    serve(stream, &log, &*answer);
                    serving.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        Tiny { port, requests, stop, busy }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn received(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }

    /// Waits until `n` requests came in, or panics after `within`.
    pub fn wait_for(&self, n: usize, within: Duration) -> Vec<Request> {
        let deadline = Instant::now() + within;
        loop {
            let got = self.received();
            if got.len() >= n {
                return got;
            }
            assert!(Instant::now() < deadline, "expected {n} requests within {within:?}, got {}", got.len());
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Tiny {
    /// Waits until every connection made before this call has been answered: one request
    /// of its own goes through the accept queue behind them, then no connection may be
    /// open but that one. Panics after `within`. For "nothing more arrives" without a pause.
    pub fn wait_idle(&self, within: Duration) {
        let deadline = Instant::now() + within;
        let mut probe = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        probe.write_all(format!("GET {IDLE} HTTP/1.1\r\nHost: tiny\r\n\r\n").as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = BufReader::new(probe).read_line(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 204"), "the idle probe was answered: {answer:?}");
        while self.busy.load(Ordering::SeqCst) > 0 {
            assert!(
                Instant::now() < deadline,
                "{} connections still open after {within:?}",
                self.busy.load(Ordering::SeqCst)
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Tiny {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn serve(stream: TcpStream, log: &Mutex<Vec<Request>>, answer: &Handler) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let mut parts = line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or("").to_owned(), parts.next().unwrap_or("").to_owned());
    let mut headers = HashMap::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
        }
    }
    let length = headers.get("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    if path == IDLE {
        // Answered before this connection counts as done: `wait_idle` then waits for the rest.
        let _ = (&stream).write_all(b"HTTP/1.1 204 X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        return;
    }
    let request = Request { at: Instant::now(), method, path, headers, body };
    let n = {
        let mut log = log.lock().unwrap();
        log.push(request.clone());
        log.len() - 1
    };
    let reply = answer(n, &request);
    let mut stream = stream;
    let head = format!(
        "HTTP/1.1 {} X\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&reply.body);
}

//! The CLI reads its own writes from a server that reads from a replica: it keeps the
//! `Spielstand-Write-Position` a write answered with (per server, between runs) and sends
//! it back as `Spielstand-Read-After` with every later request. Against a scripted server
//! (the real one on PostgreSQL is tested in the API's `replica` tests).

use crate::common::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

/// Each request's line and the position it sent back.
type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// A server that knows players: `GET /api/v1/players` lists none, `POST` adds one and
/// answers with the write position `positions[n]` of its n-th write. Records each
/// request's line and its `spielstand-read-after` header.
fn scripted(positions: &'static [&'static str]) -> (String, Seen) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        let mut writes = 0;
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request = String::new();
            reader.read_line(&mut request).unwrap();
            let (mut length, mut after) = (0usize, None);
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
                if let Some(v) = lower.strip_prefix("spielstand-read-after:") {
                    after = Some(v.trim().to_ascii_uppercase());
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            log.lock().unwrap().push((request.trim().to_owned(), after));
            let (status, extra, body) = if request.starts_with("POST") {
                let position = positions[writes.min(positions.len() - 1)];
                writes += 1;
                let player = format!(r#"{{"id":{writes},"name":"Anna {writes}","created_at":"2026-11-24T10:00:00Z"}}"#);
                ("201 Created", format!("Spielstand-Write-Position: {position}\r\n"), player)
            } else {
                ("200 OK", String::new(), "[]".to_owned())
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (url, seen)
}

#[test]
fn the_cli_sends_back_the_position_of_its_last_write() {
    // The second write's answer comes back with an older position (another process): the
    // later one is kept.
    let (url, seen) = scripted(&["16/B374D848", "16/B0000000"]);
    let cli = Cli { home: tempfile::tempdir().unwrap(), server: Some(url), token: Some("t".into()), locale: None };
    cli.ok(&["player", "list"]);
    cli.ok(&["player", "add", "Anna"]);
    cli.ok(&["player", "list"]);
    cli.ok(&["player", "add", "Ben"]);
    cli.ok(&["player", "list"]);
    let seen = seen.lock().unwrap().clone();
    let after: Vec<(&str, Option<&str>)> = seen.iter().map(|(r, a)| (r.as_str(), a.as_deref())).collect();
    assert_eq!(
        after,
        [
            ("GET /api/v1/players HTTP/1.1", None),
            // `player add` looks for lookalikes first.
            ("GET /api/v1/players HTTP/1.1", None),
            ("POST /api/v1/players HTTP/1.1", None),
            ("GET /api/v1/players HTTP/1.1", Some("16/B374D848")),
            ("GET /api/v1/players HTTP/1.1", Some("16/B374D848")),
            ("POST /api/v1/players HTTP/1.1", Some("16/B374D848")),
            ("GET /api/v1/players HTTP/1.1", Some("16/B374D848")),
        ]
    );
    let kept = std::fs::read_to_string(cli.home.path().join("data/spielstand/positions.json")).unwrap();
    assert!(kept.contains("16/B374D848"), "{kept}");
}

//! Embedding in a real browser: headless Chromium loads a club's page, served from
//! another origin, with the iframe and the script; the rendered DOM shows the right rows,
//! and screenshots are written under `target/` for people to look at.
//!
//! Needs the Debian package `chromium` (`.ci/browser-deps.sh` installs it). Without it
//! the test says SKIPPED and passes, except in CI (`CI=true`), where it fails.

use crate::common;
use crate::common::TestDb;
use crate::common::process::{Server, agent, token};
use crate::common::tiny::{Answer, Tiny};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const NAMES: [&str; 6] = ["Jürgen Groß", "Zoë Ähnlich", "Ωμέγα", "李小龙", "Ёжик", "<script>alert(1)</script>"];

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Runs headless Chromium with `args` after the usual flags; returns its standard output.
fn run(chromium: &Path, profile: &Path, args: &[&str]) -> String {
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut out, &mut text).map(|_| text)
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {args:?} did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap().expect("chromium's output is UTF-8")
}

/// The text of every `<bdi>` (a player's name) in `html`, in order, still HTML-escaped.
fn names(html: &str) -> Vec<String> {
    html.split("<bdi>").skip(1).map(|part| part.split("</bdi>").next().unwrap().to_owned()).collect()
}

fn escaped(name: &str) -> String {
    name.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The part of the dumped DOM inside the element with id `id` (up to the next `id=`).
fn section<'a>(dom: &'a str, id: &str) -> &'a str {
    let start = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in {dom}"));
    let rest = &dom[start + 4..];
    &rest[..rest.find(" id=\"").unwrap_or(rest.len())]
}

#[test]
fn embedded_tables_render_in_chromium() {
    let Some(chromium) = chromium() else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("chromium is not installed; CI needs it: run .ci/browser-deps.sh");
        }
        eprintln!("################################################################");
        eprintln!("## SKIPPED: the browser test; chromium is not installed.      ##");
        eprintln!("## Install it with: bash .ci/browser-deps.sh                  ##");
        eprintln!("################################################################");
        return;
    };
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    for name in NAMES {
        assert_eq!(server.post("/players", &token, &json!({ "name": name })).0, 201);
    }
    let (_, league) = server.post(
        "/leagues",
        &token,
        &json!({"name": "Vereinsliga Süd 2026", "rules": {"games": ["mensch-aergere-dich-nicht", "rangeln"], "points": {"kind": "table", "table": [10, 6, 4, 2, 1]}}}),
    );
    let league = league["id"].as_i64().unwrap();
    let games = [
        ("2026-11-06", "Jürgen Groß,Zoë Ähnlich,Ωμέγα,李小龙"),
        ("2026-11-13", "李小龙,Ёжик,Jürgen Groß,<script>alert(1)</script>"),
        ("2026-11-20", "Zoë Ähnlich,Jürgen Groß,Ёжик=Ωμέγα"),
        ("2026-11-27", "Ωμέγα,<script>alert(1)</script>,Zoë Ähnlich"),
    ];
    for (day, order) in games {
        let (status, body) = server.post(&format!("/leagues/{league}/results"), &token, &common::mensch(day, order));
        assert_eq!(status, 201, "{body}");
    }
    let mut res = agent().get(&format!("{}/api/v1/leagues/{league}/standings", server.base)).call().unwrap();
    let table: Value = res.body_mut().read_json().unwrap();
    let expected: Vec<String> =
        table["rows"].as_array().unwrap().iter().map(|r| escaped(r["player"].as_str().unwrap())).collect();
    assert_eq!(expected.len(), NAMES.len());

    // The club's page, on another origin (another port) than the server.
    let root = server.base.clone();
    let club_page = format!(
        r#"<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>TSV Beispiel</title>
<style>
  body {{ font-family: "DejaVu Sans", sans-serif; margin: 16px; background: #fbfaf7; color: #222; }}
  .cols {{ display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }}
  iframe {{ border: 1px solid #ccc; background: #fff; }}
  h2 {{ font-size: 1.1em; margin: 20px 0 8px; }}
</style></head>
<body>
<h1>TSV Beispiel – Spieleabend</h1>
<h2>iframe (hell, 480 px) · iframe (dunkel, englisch, 320 px)</h2>
<div class="cols">
<iframe title="Tabelle" width="480" height="330" src="{root}/embed/leagues/{league}/standings"></iframe>
<iframe title="Standings" width="320" height="330" src="{root}/embed/leagues/{league}/standings?theme=dark&amp;lang=en"></iframe>
</div>
<h2>Script</h2>
<div class="cols">
<div id="table" style="width: 560px" data-spielstand-league="{league}"></div>
<div id="top3" style="width: 320px" data-spielstand-league="{league}" data-spielstand-theme="dark" data-spielstand-lang="en" data-spielstand-limit="3"></div>
</div>
<p id="end">Ende der Seite</p>
<script src="{root}/embed/spielstand.js" async></script>
</body></html>
"#
    );
    let page = Tiny::start(move |_, _| Answer {
        status: 200,
        content_type: "text/html; charset=utf-8",
        body: club_page.clone().into_bytes(),
    });
    let profile = tempfile::tempdir().unwrap();

    // The script, across origins: the right rows in the right order, names as text.
    let dom = run(&chromium, profile.path(), &["--dump-dom", &page.url("/verein.html")]);
    let drawn = section(&dom, "table");
    assert!(drawn.contains("class=\"spielstand-widget\""), "the script ran: {dom}");
    assert_eq!(names(drawn), expected, "rows as in the JSON: {drawn}");
    assert!(drawn.contains(">Platz</th>") && drawn.contains("Vereinsliga Süd 2026"), "{drawn}");
    assert!(!drawn.contains("<script>alert"), "a name is never markup");
    let top3 = section(&dom, "top3");
    assert_eq!(names(top3), expected[..3], "{top3}");
    assert!(top3.contains(">Place</th>") && top3.contains("3 of 6 players"), "{top3}");

    // The iframe's page on its own (its DOM is not in the parent's dump). It has no
    // scripts, and its Content-Security-Policy would block any.
    let frame = run(&chromium, profile.path(), &["--dump-dom", &format!("{root}/embed/leagues/{league}/standings")]);
    assert_eq!(names(&frame), expected, "{frame}");
    assert!(frame.contains("<html lang=\"de\" class=\"light\">") && frame.contains(">Ø Platz</th>"));

    // Pictures for people: the club page, and the iframe's page at 320 px in both themes.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_owned();
    let shots = [
        ("embed-screenshot.png", page.url("/verein.html"), "1000,900"),
        ("embed-320-light.png", format!("{root}/embed/leagues/{league}/standings"), "320,420"),
        ("embed-320-dark.png", format!("{root}/embed/leagues/{league}/standings?theme=dark"), "320,420"),
    ];
    for (file, url, size) in shots {
        let path = target.join(file);
        let _ = std::fs::remove_file(&path);
        run(
            &chromium,
            profile.path(),
            &[&format!("--screenshot={}", path.display()), &format!("--window-size={size}"), &url],
        );
        let png = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(png.starts_with(b"\x89PNG") && png.len() > 5_000, "{} is a picture", path.display());
        eprintln!("screenshot: {}", path.display());
    }
}

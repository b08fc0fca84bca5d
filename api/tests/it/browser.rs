//! Embedding in a real browser: headless Chromium loads a club's page, served from
//! another origin, with the iframe and the script; the rendered DOM shows the right rows,
//! and screenshots are written under `target/` for people to look at.
//!
//! Needs the Debian package `chromium` (`.ci/browser-deps.sh` installs it), so the tests
//! are ignored unless asked for (`cargo test -- --include-ignored`, as CI does); asked
//! for without Chromium, they fail.

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
    run_logged(chromium, profile, args).0
}

/// As [`run`], with Chromium's log as well: every message of the page's console is in it
/// as a line with `:CONSOLE` (errors, CSP refusals, failed loads).
fn run_logged(chromium: &Path, profile: &Path, args: &[&str]) -> (String, String) {
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
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let read = |mut from: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut from, &mut bytes).map(|_| bytes)
        })
    };
    let reader = read(Box::new(child.stdout.take().unwrap()));
    let log = read(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {args:?} did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = String::from_utf8(reader.join().unwrap().unwrap()).expect("chromium's output is UTF-8");
    (out, String::from_utf8_lossy(&log.join().unwrap().unwrap()).into_owned())
}

/// Chromium; its absence fails the test that asked for it.
fn chromium_or_fail() -> PathBuf {
    chromium().expect("chromium is not installed: run bash .ci/browser-deps.sh")
}

/// Where screenshots go: the `target` directory.
fn target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_owned()
}

/// Takes a screenshot of `url` at `size` into `target/file` and checks it is a picture.
fn screenshot(chromium: &Path, profile: &Path, file: &str, url: &str, size: &str) {
    let path = target().join(file);
    let _ = std::fs::remove_file(&path);
    run(chromium, profile, &[&format!("--screenshot={}", path.display()), &format!("--window-size={size}"), url]);
    let png = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(png.starts_with(b"\x89PNG") && png.len() > 5_000, "{} is a picture", path.display());
    eprintln!("screenshot: {}", path.display());
}

/// The text of every `<bdi>` (a player's name) in `html`, in order, still HTML-escaped.
/// The players' names in a table: every `<bdi>` but the league's name in the caption.
fn names(html: &str) -> Vec<String> {
    let parts: Vec<&str> = html.split("<bdi>").collect();
    parts
        .windows(2)
        .filter(|w| !w[0].ends_with("<span class=\"league\">"))
        .map(|w| w[1].split("</bdi>").next().unwrap().to_owned())
        .collect()
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

/// The players of [`NAMES`] and their league "Vereinsliga Süd 2026" under `rules`; the
/// league's id.
fn club(server: &Server, token: &str, rules: Value) -> i64 {
    for name in NAMES {
        assert_eq!(server.post("/players", token, &json!({ "name": name })).0, 201);
    }
    let (status, league) = server.post("/leagues", token, &json!({"name": "Vereinsliga Süd 2026", "rules": rules}));
    assert_eq!(status, 201, "{league}");
    league["id"].as_i64().unwrap()
}

#[test]
#[ignore = "needs Chromium (bash .ci/browser-deps.sh installs it)"]
fn embedded_tables_render_in_chromium() {
    let chromium = chromium_or_fail();
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let league = club(
        &server,
        &token,
        json!({"games": ["mensch-aergere-dich-nicht", "rangeln"], "points": {"kind": "table", "table": [10, 6, 4, 2, 1]}}),
    );
    let games = [
        ("2026-10-30", "Jürgen Groß,Zoë Ähnlich,Ωμέγα,李小龙"),
        ("2026-11-06", "李小龙,Ёжик,Jürgen Groß,<script>alert(1)</script>"),
        ("2026-11-13", "Zoë Ähnlich,Jürgen Groß,Ёжик=Ωμέγα"),
        ("2026-11-20", "Ωμέγα,<script>alert(1)</script>,Zoë Ähnlich"),
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
    let shots = [
        ("embed-screenshot.png", page.url("/verein.html"), "1000,900"),
        ("embed-320-light.png", format!("{root}/embed/leagues/{league}/standings"), "320,420"),
        ("embed-320-dark.png", format!("{root}/embed/leagues/{league}/standings?theme=dark"), "320,420"),
    ];
    for (file, url, size) in shots {
        screenshot(&chromium, profile.path(), file, &url, size);
    }
}

/// The night page, the player page and the three pictures, each in both themes: they
/// render in Chromium with nothing on the console (no script, no refused load, no bad
/// markup), and show what the JSON says.
#[test]
#[ignore = "needs Chromium (bash .ci/browser-deps.sh installs it)"]
fn nights_players_and_pictures_render_in_chromium() {
    let chromium = chromium_or_fail();
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let league = club(&server, &token, json!({"games": ["mensch-aergere-dich-nicht"]}));
    let mut nights = Vec::new();
    for (i, day) in ["2026-10-30", "2026-11-06", "2026-11-13", "2026-11-20"].iter().enumerate() {
        let (status, night) = server.post(
            &format!("/leagues/{league}/events"),
            &token,
            &json!({"title": format!("Spieleabend {}", i + 1), "date": day, "location": "Vereinsheim <Süd>"}),
        );
        assert_eq!(status, 201, "{night}");
        nights.push(night["id"].as_i64().unwrap());
        for (round, order) in [
            "Jürgen Groß,Zoë Ähnlich,Ωμέγα,李小龙",
            "李小龙,Ёжик,Jürgen Groß,<script>alert(1)</script>",
            "Zoë Ähnlich,Jürgen Groß,Ёжик,Ωμέγα",
        ]
        .iter()
        .enumerate()
        {
            // Rotate the orders so that the lines cross.
            let mut names: Vec<&str> = order.split(',').collect();
            let by = (i + round) % names.len();
            names.rotate_left(by);
            let mut game = common::mensch(day, &names.join(","));
            game["event_id"] = json!(night["id"]);
            let (status, body) = server.post(&format!("/leagues/{league}/results"), &token, &game);
            assert_eq!(status, 201, "{body}");
        }
    }
    let mut res = agent().get(&format!("{}/api/v1/players", server.base)).call().unwrap();
    let players: Value = res.body_mut().read_json().unwrap();
    let jurgen =
        players.as_array().unwrap().iter().find(|p| p["name"] == "Jürgen Groß").unwrap()["id"].as_i64().unwrap();
    let root = &server.base;
    let profile = tempfile::tempdir().unwrap();
    let pages = [
        ("embed-night", format!("{root}/embed/events/{}", nights[3]), "560,900"),
        ("embed-player", format!("{root}/embed/leagues/{league}/players/{jurgen}"), "720,900"),
        ("embed-ratings", format!("{root}/embed/leagues/{league}/ratings.svg"), "640,360"),
        ("embed-race", format!("{root}/embed/leagues/{league}/race.svg"), "640,360"),
        ("embed-player-ratings", format!("{root}/embed/leagues/{league}/players/{jurgen}/ratings.svg"), "640,360"),
    ];
    for (name, url, size) in &pages {
        for (theme, query) in [("light", "lang=de"), ("dark", "theme=dark&lang=en")] {
            let url = format!("{url}?{query}");
            let (dom, log) = run_logged(&chromium, profile.path(), &["--dump-dom", &url]);
            let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
            assert!(console.is_empty(), "{url}: the console says {console:?}");
            assert!(!dom.contains("<script>alert"), "{url}: a name is never markup");
            assert!(dom.contains("Groß"), "{url} shows the players: {dom}");
            if name.ends_with("ratings") || *name == "embed-race" {
                assert!(dom.contains("<polyline") && dom.contains("<title"), "{url}: {dom}");
            }
            screenshot(&chromium, profile.path(), &format!("{name}-{theme}.png"), &url, size);
        }
    }
    // The API's documentation runs under its Content-Security-Policy without a refusal.
    let docs = format!("{root}/docs/");
    let (dom, log) = run_logged(&chromium, profile.path(), &["--dump-dom", &docs]);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{docs}: the console says {console:?}");
    assert!(dom.contains("list_audit") || dom.contains("/api/v1/audit"), "Swagger UI drew the operations: {dom}");
    screenshot(&chromium, profile.path(), "docs.png", &docs, "1200,900");
    let (night, _) = run_logged(&chromium, profile.path(), &["--dump-dom", &pages[0].1]);
    assert!(night.contains("Sieger des Abends") && night.contains("Vereinsheim &lt;Süd&gt;"), "{night}");
}

/// axe-core, installed by `.ci/browser-deps.sh`; its absence fails the test that asked.
fn axe() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/axe/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}: run bash .ci/browser-deps.sh", path.display()))
}

/// Every embed page page, as served, checked by axe-core in Chromium at `width` px: the
/// page's own HTML with axe and a runner appended (served from another origin: the
/// server's pages forbid scripts), which writes the violations and how far the page
/// overflows the window sideways into the DOM Chromium dumps.
fn audit(chromium: &Path, profile: &Path, page: &Tiny, path: &str, width: u32) -> Value {
    let (dom, log) =
        run_logged(chromium, profile, &["--dump-dom", &format!("--window-size={width},900"), &page.url(path)]);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE") && !l.contains("axe")).collect();
    assert!(console.is_empty(), "{path} at {width} px: the console says {console:?}");
    let start = dom.find("<pre id=\"axe-result\">").unwrap_or_else(|| panic!("axe did not run on {path}: {dom}"));
    let text = &dom[start + "<pre id=\"axe-result\">".len()..];
    let text = text[..text.find("</pre>").unwrap()]
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"))
}

/// Every embed page (the table, the night, the night's tables and the player) at 320 and
/// 640 px: no axe-core violation, nothing wider than the window, no console error; the
/// tables page printed on A4 holds a night of 30 players on one page. Screenshots and the
/// PDF are written to look at.
#[test]
#[ignore = "needs Chromium and axe-core (bash .ci/browser-deps.sh installs both)"]
fn every_embed_page_is_readable_at_320_px_and_passes_axe() {
    let chromium = chromium_or_fail();
    let axe = axe();
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    let teams = json!([
        {"name": "Familie Groß", "players": ["Jürgen Groß", "Zoë Ähnlich", "Ёжик"]},
        {"name": "<b>Ferne</b>", "players": ["Ωμέγα", "李小龙", "<script>alert(1)</script>"]}
    ]);
    let league =
        club(&server, &token, json!({"games": ["mensch-aergere-dich-nicht", "hase-und-igel"], "teams": teams}));
    // A postal game of four of them (a name with markup among them), one round resolved
    // with an order and three hares without (NMR).
    let deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let (status, postal) = server.post(
        &format!("/leagues/{league}/postal-games"),
        &token,
        &json!({"title": "Herbstpost <i>2026</i>", "players": ["Jürgen Groß", "Zoë Ähnlich", "李小龙", "<script>alert(1)</script>"],
                "round_limit": 30, "first_deadline": deadline, "round_days": 7}),
    );
    assert_eq!(status, 201, "{postal}");
    let postal_game = postal["game"]["id"].as_i64().unwrap();
    let mut res = agent()
        .put(&format!("{}/postal-games/{postal_game}/orders", server.api))
        .header("Authorization", &format!("Bearer {}", postal["codes"][0]["code"].as_str().unwrap()))
        .send_json(json!({"orders": [{"round": 1, "order": "wenn Möhren >= 90 dann vor 2 sonst vor 1"}]}))
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.body_mut().read_to_string().unwrap());
    let (status, body) = server.post(&format!("/postal-games/{postal_game}/resolve"), &token, &json!({"round": 1}));
    assert_eq!(status, 200, "{body}");
    let (status, night) = server.post(
        &format!("/leagues/{league}/events"),
        &token,
        &json!({"title": "Spieleabend", "date": "2026-11-20", "location": "Vereinsheim"}),
    );
    assert_eq!(status, 201, "{night}");
    let night = night["id"].as_i64().unwrap();
    let mut game = common::mensch("2026-11-20", "Jürgen Groß,Zoë Ähnlich,Ωμέγα,李小龙");
    game["event_id"] = json!(night);
    assert_eq!(server.post(&format!("/leagues/{league}/results"), &token, &game).0, 201);
    // 30 players present: the 6 of the club and 24 more.
    let mut present: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    for i in 1..=24 {
        let name = format!("Spielerin Nummer {i}");
        assert_eq!(server.post("/players", &token, &json!({ "name": name })).0, 201);
        present.push(name);
    }
    let (status, body) = server.post(&format!("/events/{night}/attendees"), &token, &json!({ "players": present }));
    assert_eq!(status, 200, "{body}");
    let (status, round) = server.post(
        &format!("/events/{night}/rounds"),
        &token,
        &json!({"game": "mensch-aergere-dich-nicht", "method": "balanced", "size": 4, "seed": 3}),
    );
    assert_eq!(status, 201, "{round}");
    assert_eq!(round["tables"].as_array().unwrap().len(), 8, "30 at tables of 4: 4 x 6 + ... {round}");
    let mut res = agent().get(&format!("{}/api/v1/players", server.base)).call().unwrap();
    let players: Value = res.body_mut().read_json().unwrap();
    let jurgen =
        players.as_array().unwrap().iter().find(|p| p["name"] == "Jürgen Groß").unwrap()["id"].as_i64().unwrap();
    let root = server.base.clone();
    let pages = [
        ("standings", format!("/embed/leagues/{league}/standings")),
        ("teams", format!("/embed/leagues/{league}/standings/teams")),
        ("night", format!("/embed/events/{night}")),
        ("tables", format!("/embed/events/{night}/tables?live=false")),
        ("player", format!("/embed/leagues/{league}/players/{jurgen}")),
        ("postal", format!("/embed/postal-games/{postal_game}")),
        ("postal-round", format!("/embed/postal-games/{postal_game}/rounds/1")),
    ];
    // Each page as served, with axe and its runner appended; served by a page of its own.
    let mut served = std::collections::HashMap::new();
    for (name, path) in &pages {
        for query in ["lang=de", "theme=dark&lang=en"] {
            let joint = if path.contains('?') { '&' } else { '?' };
            let mut res = agent().get(&format!("{root}{path}{joint}{query}")).call().unwrap();
            let html = res.body_mut().read_to_string().unwrap();
            let runner = format!(
                "<script>{axe}</script><script>axe.run(document, {{resultTypes: ['violations']}}).then(r => {{ \
                 const p = document.createElement('pre'); p.id = 'axe-result'; \
                 p.textContent = JSON.stringify({{violations: r.violations.map(v => ({{id: v.id, help: v.help, nodes: v.nodes.map(n => n.html)}})), \
                 overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth}}); \
                 document.body.appendChild(p); }});</script></body>"
            );
            served.insert(format!("/{name}-{}.html", query.replace(['=', '&'], "-")), html.replace("</body>", &runner));
        }
    }
    let page = Tiny::start(move |_, request| Answer {
        status: 200,
        content_type: "text/html; charset=utf-8",
        body: served.get(&request.path).cloned().unwrap_or_default().into_bytes(),
    });
    let profile = tempfile::tempdir().unwrap();
    for (name, path) in &pages {
        for query in ["lang=de", "theme=dark&lang=en"] {
            for width in [320, 640] {
                let local = format!("/{name}-{}.html", query.replace(['=', '&'], "-"));
                let found = audit(&chromium, profile.path(), &page, &local, width);
                assert_eq!(found["violations"], json!([]), "{path}?{query} at {width} px");
                assert_eq!(found["overflow"], 0, "{path}?{query} at {width} px is wider than the window");
            }
            let theme = if query.contains("dark") { "dark" } else { "light" };
            for width in [320, 640] {
                let file = format!("embed-{name}-{theme}-{width}.png");
                let joint = if path.contains('?') { '&' } else { '?' };
                screenshot(
                    &chromium,
                    profile.path(),
                    &file,
                    &format!("{root}{path}{joint}{query}"),
                    &format!("{width},900"),
                );
            }
        }
    }
    let (tables, _) = run_logged(
        &chromium,
        profile.path(),
        &["--dump-dom", &format!("{root}/embed/events/{night}/tables?live=false")],
    );
    assert!(tables.contains("Tisch 8") && tables.contains("beginnt") && tables.contains("Chance"), "{tables}");
    // Printed on A4: one page for 30 players.
    let pdf = target().join("embed-tables-print.pdf");
    let _ = std::fs::remove_file(&pdf);
    run(
        &chromium,
        profile.path(),
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
            &format!("{root}/embed/events/{night}/tables?live=false"),
        ],
    );
    let bytes = std::fs::read(&pdf).unwrap();
    let pages = bytes.windows(b"/Type /Page".len()).filter(|w| *w == b"/Type /Page").count()
        - bytes.windows(b"/Type /Pages".len()).filter(|w| *w == b"/Type /Pages").count();
    assert_eq!(pages, 1, "30 players fit one A4 page: {}", pdf.display());
    eprintln!("printed: {}", pdf.display());
}

/// A club night with two phones and the organiser's tablet, in real Chromium driven by
/// puppeteer-core (`.ci/axe/phones.mjs`): sign-in with a token, check-in by tapping, the
/// join code, the draw, a Mensch result entered by taps and confirmed, a Rangeln result
/// entered round by round (each round checked by the server), rejected and settled, an
/// entry made offline and sent exactly once, the projector's page following without a
/// reload; axe on every page (light, dark, 360 and 320 px), nothing loaded from elsewhere,
/// no console error; screenshots in `target/`.
#[test]
#[ignore = "needs Chromium and node (bash .ci/browser-deps.sh)"]
fn a_club_night_with_phones_in_chromium() {
    let chromium = chromium_or_fail();
    let db = TestDb::sqlite();
    let token = token(&db);
    let server = Server::start(&db, &[]);
    for name in ["Anna", "Ben", "Cleo"] {
        let (status, body) = server.post("/players", &token, &json!({ "name": name }));
        assert_eq!(status, 201, "{body}");
    }
    let league = club(&server, &token, json!({"games": ["mensch-aergere-dich-nicht", "rangeln"]}));
    let today = chrono::Local::now().date_naive().to_string();
    let (status, night) =
        server.post(&format!("/leagues/{league}/events"), &token, &json!({"title": "Clubabend", "date": today}));
    assert_eq!(status, 201, "{night}");
    let config =
        json!({"base": server.base, "token": token, "night": night["id"], "league": league, "shots": target()});
    drive(&chromium, "phones.mjs", &config, 10);
}

/// Runs the puppeteer script `.ci/axe/SCRIPT` with `config` against Debian's Chromium, and
/// holds its report to what every such script checks: no error, no axe violation, no
/// sideways scrolling, no request elsewhere, no console error, no English on a German page
/// and no label away from its box where it looks (`english`, `labels`), and at least
/// `steps` steps done. Returns the report.
fn drive(chromium: &Path, script: &str, config: &Value, steps: usize) -> Value {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), config.to_string()).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/axe").join(script);
    let out = Command::new("node")
        .arg(&script)
        .arg(file.path())
        .env("CHROMIUM", chromium)
        .stderr(Stdio::inherit())
        .output()
        .expect("node runs (bash .ci/browser-deps.sh installs puppeteer-core)");
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("the script's report ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    for step in report["steps"].as_array().unwrap() {
        eprintln!("{}: {}", script.display(), step.as_str().unwrap());
    }
    assert_eq!(report["errors"], json!([]), "{report:#}");
    for (list, what) in [
        ("english", "English on a German page"),
        ("labels", "a label away from its box"),
        ("violations", "axe"),
        ("overflow", "sideways scrolling"),
        ("foreign", "requests to elsewhere"),
        ("console", "console errors"),
    ] {
        if let Some(found) = report.get(list) {
            assert_eq!(found, &json!([]), "{what}: {report:#}");
        }
    }
    assert!(report["steps"].as_array().unwrap().len() >= steps, "{report:#}");
    report
}

/// Done when this runs: a club's night on the club's own network (a LAN host name, not a
/// secure context), in German from the first screen to the last, end to end
/// (`.ci/axe/lan-night.mjs` says what it does step by step).
#[test]
#[ignore = "needs Chromium (bash .ci/browser-deps.sh installs it)"]
fn a_club_night_on_the_club_s_network_in_german() {
    let chromium = chromium_or_fail();
    let db = TestDb::sqlite();
    let token = token(&db);
    // A port chosen ahead: the public URL names it, as `--lan` names the machine's.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let base = format!("http://club.lan:{port}");
    let server = Server::start_bound(&db, &[("SPIELSTAND_PUBLIC_URL", base.clone())], &format!("127.0.0.1:{port}"));
    let players = ["Özlem", "Jürgen", "Käthe", "Bärbel"];
    for name in players.iter().chain(&["Ursula", "Straßmann-Müller"]) {
        let (status, body) = server.post("/players", &token, &json!({ "name": name }));
        assert_eq!(status, 201, "{body}");
    }
    let (status, league) = server.post(
        "/leagues",
        &token,
        &json!({"name": "Donnerstagsrunde", "rules": {"games": ["mensch-aergere-dich-nicht", "rangeln"]}}),
    );
    assert_eq!(status, 201, "{league}");
    let league = league["id"].as_i64().unwrap();
    // The tablet's sign-in link, as `token create --qr` prints it: a record token of the
    // league, the organiser of the nights it starts.
    let out = Command::new(common::process::BIN)
        .args(["--database-url", &db.url.expose(), "--public-url", &base, "token", "create", "--name", "tablet"])
        .args(["--league", &league.to_string(), "--qr"])
        .env("LANG", "de_DE.UTF-8")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8_lossy(&out.stderr).into_owned();
    let sign_in = printed
        .split_whitespace()
        .find(|word| word.starts_with(&format!("{base}/app/sign-in/")))
        .unwrap_or_else(|| panic!("no sign-in link in: {printed}"))
        .to_owned();
    let config =
        json!({"base": base, "port": port, "signIn": sign_in, "players": players, "league": league, "shots": target()});
    drive(&chromium, "lan-night.mjs", &config, 13);
}

//! The README's club night, run exactly as written, so that it cannot go stale.

use crate::common::{Cli, Server, cli_binary};
use std::process::Stdio;

/// The text between the `<!-- NAME:start -->` and `<!-- NAME:end -->` markers, in the
/// README or one of the guides in `docs/` (each marker is in exactly one of them).
fn section(name: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let (start, end) = (format!("<!-- {name}:start -->"), format!("<!-- {name}:end -->"));
    let found: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .filter_map(|text| Some(text[text.find(&start)?..text.find(&end).expect("end marker")].to_owned()))
        .collect();
    assert_eq!(found.len(), 1, "the section {name} is in exactly one of {files:?}");
    found.into_iter().next().unwrap()
}

/// The README's club night.
fn walkthrough() -> String {
    section("walkthrough")
}

/// Runs the `sh` blocks of `text` with bash, the CLI first on the PATH, as `cli`'s
/// machine; returns (stdout, stderr) after checking that the script succeeded.
fn run_blocks(cli: &Cli, text: &str) -> (String, String) {
    let script = format!("set -euo pipefail\n{}", blocks(text, "sh").concat());
    let bin_dir = cli_binary().parent().unwrap().to_owned();
    let path = std::env::join_paths(
        std::iter::once(bin_dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let mut bash = std::process::Command::new("bash");
    cli.env(&mut bash);
    let out =
        bash.env("PATH", path).args(["-c", &script]).stdout(Stdio::piped()).stderr(Stdio::piped()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "the walk-through failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

#[test]
fn the_readme_referee_and_game_options_run_as_written() {
    let text = section("referee");
    let server = Server::start();
    let cli = Cli::new(&server);
    let (_, stderr) = run_blocks(&cli, &text);
    assert!(stderr.contains("round 1: no board gives these scores at once (Anna +16, Ben +16, Cleo +16)"), "{stderr}");
    let leagues = server.get("/leagues").unwrap();
    let id = leagues[0]["id"].as_i64().unwrap();
    assert_eq!(leagues[0]["rules"]["game_options"]["lauf-rauf"]["cards"], false);
    assert_eq!(server.result_count(id), 2, "the Lauf Rauf! game and the refereed Rangeln game");
    let results = server.get(&format!("/leagues/{id}/results")).unwrap();
    let lauf_rauf = results["items"].as_array().unwrap().iter().find(|r| r["record"]["game"] == "lauf-rauf").unwrap();
    assert_eq!(
        lauf_rauf["record"]["detail"],
        serde_json::json!({"order": [["Anna"], ["Ben"], ["Cleo"]], "edition": "revised", "cards": true})
    );
    let rangeln = results["items"].as_array().unwrap().iter().find(|r| r["record"]["game"] == "rangeln").unwrap();
    assert_eq!(rangeln["record"]["detail"]["rounds"][2]["moves"]["placements"][0], serde_json::json!(["Cleo", "b2"]));
}

#[test]
fn the_postal_game_walkthrough_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, stderr) = run_blocks(&cli, &section("postspiel"));
    assert!(stderr.contains("Runde 1:") && stderr.contains("Cleo: kein Zug eingegangen (NMR)"), "{stderr}");
    assert!(stderr.contains("Ben: Bedingung"), "{stderr}");
    assert!(stderr.contains("hedgehog-forward") && stdout.contains("refused: 1"), "{stdout}\n{stderr}");
}

#[test]
fn the_postal_game_on_the_server_walkthrough_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, _) = run_blocks(&cli, &section("postal-server"));
    assert!(stdout.contains("Anna, round 1: forward 3") && stdout.contains("Anna, round 2: forward 2"), "{stdout}");
    assert!(stdout.contains("Ben, Runde 1: wenn Möhren >= 90 dann vor 2 sonst vor 1"), "{stdout}");
    assert!(stdout.contains("Round 1 of ") && stdout.contains("1 Cleo: no orders received (NMR)"), "{stdout}");
    assert!(stdout.contains("Runde 1 von ") && stdout.contains("1 Cleo: kein Zug eingegangen (NMR)"), "{stdout}");
    assert!(stdout.contains("Phasen: 1 Züge") && stdout.contains("Die Hasen nach Runde 1:"), "{stdout}");
    let game = server.get("/postal-games/1").unwrap();
    assert_eq!(game["round"], 2, "{game}");
}

#[test]
fn the_readme_audit_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, _) = run_blocks(&cli, &section("audit"));
    // The table, then the JSON of the one rename.
    assert!(stdout.contains("player_renamed") && stdout.contains("Anna → Annabelle"), "{stdout}");
    assert!(stdout.contains("cli-tests"), "the token that made the changes: {stdout}");
    let json_start = stdout.find("{\n").expect("the JSON output");
    let renames: serde_json::Value = serde_json::from_str(&stdout[json_start..]).unwrap();
    assert_eq!(renames["total"], 1);
    assert_eq!(renames["items"][0]["detail"], serde_json::json!({"before": "Anna", "after": "Annabelle"}));
}

#[test]
fn the_readme_import_and_export_run_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, _) = run_blocks(&cli, &section("import"));
    assert!(stdout.contains("Dry run, nothing written"), "{stdout}");
    assert!(stdout.contains("Archiv: 2 imported"), "{stdout}");
    assert!(stdout.contains("0 imported, 2 already there"), "{stdout}");
    let leagues = server.get("/leagues").unwrap();
    let ids: Vec<i64> = leagues.as_array().unwrap().iter().map(|l| l["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2, "Archiv and its copy");
    for id in &ids {
        assert_eq!(server.result_count(*id), 2);
    }
    let table = |id: i64| server.get(&format!("/leagues/{id}/standings")).unwrap()["rows"].clone();
    assert_eq!(table(ids[0]), table(ids[1]), "the copy's table is the original's");
    let results = server.get(&format!("/leagues/{}/results", ids[0])).unwrap();
    let rangeln =
        results["items"].as_array().unwrap().iter().find(|r| r["record"]["game"] == "rangeln").unwrap().clone();
    assert_eq!(rangeln["placings"][0]["player"], "Anna", "-19 beats +12: {rangeln}");
}

/// The contents of every fenced block of `lang` in `text`, in order.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match &mut current {
            None if line.trim_start() == format!("```{lang}") => current = Some(String::new()),
            Some(block) if line.trim_start() == "```" => {
                found.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    assert!(current.is_none(), "an unclosed ```{lang} block");
    found
}

#[test]
fn the_readme_club_night_runs_as_written() {
    let section = walkthrough();
    let commands = blocks(&section, "sh");
    assert!(!commands.is_empty(), "no ```sh block in the walk-through");
    let script = format!("set -euo pipefail\n{}", commands.concat());
    for command in [
        "player add",
        "league create",
        "event start",
        "event leave",
        "record rangeln",
        "record mensch-aergere-dich-nicht",
        "standings",
    ] {
        assert!(script.contains(&format!("spielstand {command}")), "the walk-through lacks `spielstand {command}`");
    }
    assert!(script.contains("laptop2 event join"), "the walk-through lacks the second laptop joining");
    assert_eq!(script.matches("--round ").count(), 3, "a Rangeln game of three rounds");

    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, _) = run_blocks(&cli, &section);

    // The output the README shows is the output the last command prints.
    let shown = blocks(&section, "text");
    let expected = shown.last().expect("the README shows the final standings");
    assert!(stdout.ends_with(expected.as_str()), "the README shows:\n{expected}\nbut the standings are:\n{stdout}");

    let leagues = server.get("/leagues").unwrap();
    let id = leagues[0]["id"].as_i64().unwrap();
    let standings = server.get(&format!("/leagues/{id}/standings")).unwrap();
    assert_eq!(standings["rows"][0]["player"], "Anna", "{standings}");
    assert_eq!(server.result_count(id), 3);
    // Both laptops' games are the night's: the second laptop joined it.
    let nights = server.get(&format!("/leagues/{id}/events")).unwrap();
    assert_eq!(nights.as_array().unwrap().len(), 1);
    assert_eq!(
        (nights[0]["title"].clone(), nights[0]["games"].clone()),
        (serde_json::json!("Clubabend"), serde_json::json!(3))
    );
    assert!(stdout.contains("Joined club night 1 \"Clubabend\""), "{stdout}");
}

/// The same walk-through on a German machine (`LANG=de_DE.UTF-8`): the same night, every
/// line in German, figures with decimal commas.
#[test]
fn the_readme_club_night_runs_in_german_too() {
    let section = walkthrough();
    let server = Server::start();
    let mut cli = Cli::new(&server);
    cli.locale = Some("de_DE.UTF-8".into());
    let (stdout, stderr) = run_blocks(&cli, &section);
    let table = stdout.lines().rev().take(8).collect::<Vec<_>>().join("\n");
    for word in ["Platz", "Spieler", "Punkte"] {
        assert!(table.contains(word), "the table in German: {table}");
    }
    for english in ["Joined club night", "Recorded result", "Place", "Points"] {
        assert!(
            !stdout.contains(english) && !stderr.contains(english),
            "{english:?} in German output:\n{stdout}\n{stderr}"
        );
    }
    let leagues = server.get("/leagues").unwrap();
    let id = leagues[0]["id"].as_i64().unwrap();
    assert_eq!(server.get(&format!("/leagues/{id}/standings")).unwrap()["rows"][0]["player"], "Anna");
    assert_eq!(server.result_count(id), 3, "the same night");
}

#[test]
fn fenced_blocks_are_found() {
    let text = "x\n```sh\na\nb\n```\n```text\nc\n```\n```sh\nd\n```\n";
    assert_eq!(blocks(text, "sh"), ["a\nb\n", "d\n"]);
    assert_eq!(blocks(text, "text"), ["c\n"]);
}

#[test]
fn the_readme_night_of_tables_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    for name in ["Anna", "Ben", "Cleo", "Dora"] {
        cli.ok(&["player", "add", name]);
    }
    let (stdout, _) = run_blocks(&cli, &section("tables"));
    assert!(stdout.contains("Round 1") && stdout.contains("seed 7") && stdout.contains("(starts)"), "{stdout}");
    assert!(stdout.contains("Table 1, done: result"), "the night shows table 1 done: {stdout}");
    assert!(stdout.contains("How good the ratings are (1 games)"), "{stdout}");
    let leagues = server.get("/leagues").unwrap();
    assert_eq!(server.result_count(leagues[0]["id"].as_i64().unwrap()), 1);
}

#[test]
fn the_readme_partner_game_and_merge_run_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    for name in ["Anna", "Ben", "Cleo", "Dora"] {
        cli.ok(&["player", "add", name]);
    }
    let (stdout, stderr) = run_blocks(&cli, &section("partners"));
    assert!(stdout.contains("Partners: Anna+Cleo, Ben+Dora"), "{stdout}");
    assert!(stdout.contains("Dora") && stdout.contains("Doro"), "{stdout}");
    assert!(stdout.contains("Merged Doro into Dora: 1 seat moved in 1 league"), "{stdout}");
    assert!(stdout.contains("Undid the merge of Doro into Dora"), "{stdout}{stderr}");
    let league = server.get("/leagues").unwrap()[0]["id"].as_i64().unwrap();
    let rows = server.get(&format!("/leagues/{league}/standings")).unwrap()["rows"].clone();
    let points =
        |name: &str| rows.as_array().unwrap().iter().find(|r| r["player"] == name).unwrap()["points"].as_f64().unwrap();
    assert_eq!(
        [points("Anna"), points("Ben"), points("Cleo"), points("Dora"), points("Doro")],
        [0.0, 1.0, 1.0, 2.0, 1.0]
    );
}

#[test]
fn the_readme_team_table_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    for name in ["Anna", "Ben", "Cleo", "Dora"] {
        cli.ok(&["player", "add", name]);
    }
    let (stdout, _) = run_blocks(&cli, &section("teams"));
    assert!(stdout.contains("Vereinsliga: standings (players-beaten points), by team"), "{stdout}");
    let at = |team: &str| stdout.find(team).unwrap_or_else(|| panic!("{team} in {stdout}"));
    assert!(at("TSV 1 ") < at("TSV 2 ") && at("TSV 2 ") < at("Gäste "), "{stdout}");
    let league = server.get("/leagues").unwrap()[0]["id"].as_i64().unwrap();
    let table = server.get(&format!("/leagues/{league}/standings/teams")).unwrap();
    let points: Vec<f64> = table["rows"].as_array().unwrap().iter().map(|r| r["points"].as_f64().unwrap()).collect();
    assert_eq!(points, [3.0, 2.0, 0.0]);
}

#[test]
fn the_readme_phones_night_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let (stdout, _) = run_blocks(&cli, &section("phones"));
    let pending = stdout.find("pending\n").unwrap_or_else(|| panic!("Anna's entry waits: {stdout}"));
    let confirmed = stdout.find("confirmed\n").unwrap_or_else(|| panic!("Ben's confirmation counts: {stdout}"));
    assert!(pending < confirmed, "{stdout}");
    // The table while the result waits has nobody in it; after the confirmation, both.
    let waiting = &stdout[pending..confirmed];
    assert!(waiting.contains("No results count yet.") && !waiting.contains("┆ Anna"), "{waiting}");
    let after = &stdout[confirmed..];
    assert!(after.contains("┆ Anna") && after.contains("┆ Ben"), "{after}");
    let league = server.get("/leagues").unwrap()[0]["id"].as_i64().unwrap();
    let results = server.get(&format!("/leagues/{league}/results")).unwrap();
    let result = &results["items"][0];
    assert_eq!(result["status"], "confirmed");
    assert_eq!(result["review"]["entered_by"], "pass of Anna, night 1");
    assert_eq!(result["review"]["confirmed_by"], serde_json::json!(["pass of Ben, night 1"]));
    assert_eq!(result["placings"][0]["player"], "Anna");
}

/// Every citation of the rules (`docs/rules.md "Stuck"`) in the code, its messages, tests
/// and docs names a section or a term defined in `docs/rules.md`, which is in the
/// repository: a clone holds the specification its messages point to.
#[test]
fn every_citation_of_the_rules_points_into_docs_rules_md() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned();
    let rules = std::fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md is in the repository");
    let defined = |name: &str| {
        rules.lines().any(|l| l.starts_with('#') && l.trim_start_matches('#').trim().starts_with(name))
            || rules.contains(&format!("**{name}**"))
    };
    let files = project_texts(&root);
    let (mut cited, mut broken) = (0, Vec::new());
    // Spelt in two, so that this file does not name it.
    let outside = ["shared", "RULES.md"].join("/");
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(!text.contains(&outside), "{}: cites the rules outside the repository", file.display());
        // The original rule texts are not in the repository: neither their files nor their
        // lettered sections are cited, only docs/rules.md's sections.
        let texts = ["seeds", "/"].concat();
        assert!(!text.contains(&texts), "{}: cites a rule text's file the repository lacks", file.display());
        for (at, _) in text.match_indices("seed ").chain(text.match_indices("Seed ")) {
            let mut rest = text[at + "seed ".len()..].chars();
            let cites = matches!((rest.next(), rest.next()), (Some('A'..='G'), Some(c)) if !c.is_alphanumeric());
            assert!(!cites, "{}: cites a section of a rule text: {:?}", file.display(), &text[at..at + 7]);
        }
        for (at, _) in text.match_indices("docs/rules.md") {
            let after = &text[at + "docs/rules.md".len()..];
            // `docs/rules.md "Stuck"`, `docs/rules.md's "Stuck"`: a quoted name right after.
            let Some(quoted) = after.strip_prefix(" \"").or_else(|| after.strip_prefix("'s \"")) else { continue };
            // A name may run over a line break of a comment.
            let name: String = quoted.chars().take_while(|&c| c != '"').collect();
            let name = name.replace("///", " ").replace("//", " ").split_whitespace().collect::<Vec<_>>().join(" ");
            cited += 1;
            if !defined(&name) {
                broken.push(format!("{}: {name:?}", file.display()));
            }
        }
    }
    assert!(cited >= 10, "only {cited} citations found: is the scan looking in the right place?");
    assert!(broken.is_empty(), "citations of sections docs/rules.md lacks:\n{}", broken.join("\n"));
}

/// Every text of the project a reader meets: the code, its messages, its docs and the
/// benchmark runs.
fn project_texts(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut dirs =
        ["core", "wire", "api", "cli", "text", "docs", "bench", "deploy", ".ci"].map(|d| root.join(d)).to_vec();
    let mut files = ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md", "CONTRIBUTING.md", "openapi.yaml"]
        .map(|f| root.join(f))
        .to_vec();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "target" && n != "node_modules") {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| ["rs", "ftl", "md", "sh", "py", "ts", "toml"].iter().any(|x| e == *x))
            {
                files.push(path);
            }
        }
    }
    files
}

/// The repository holds no issue tracker, so nothing in it names one: a reason is said in
/// words ("after the access check on every request"), never as a number nobody can look up.
#[test]
fn nothing_names_an_issue_tracker_the_repository_lacks() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned();
    let mut found = Vec::new();
    for file in project_texts(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            // Spelt in two, so that this file does not name one.
            for word in [["iss", "ue "].concat(), ["ta", "sk "].concat()] {
                for (at, _) in lower.match_indices(&word) {
                    if lower[at + word.len()..].starts_with(|c: char| c.is_ascii_digit()) {
                        found.push(format!("{}:{}: {line}", file.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "references to an issue tracker:\n{}", found.join("\n"));
}

/// The README's ten-line tour, as written, but for what a test provides itself: the
/// server and its token (the `cargo` lines and `login`), at the test server's address.
#[test]
fn the_readme_tour_runs_as_written() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let text = section("tour");
    let block: String = blocks(&text, "sh")
        .concat()
        .lines()
        .filter(|line| !line.starts_with("cargo ") && !line.starts_with("spielstand login"))
        .map(|line| line.replace("http://127.0.0.1:8080", &server.url) + "\n")
        .collect();
    assert!(block.contains("spielstand record mensch"), "{block}");
    let (stdout, _) = run_blocks(&cli, &format!("```sh\n{block}```\n"));
    let ben = stdout.find("Ben").expect("Ben in the table");
    assert!(stdout[ben..].contains("10") && stdout.contains("Anna"), "{stdout}");
    let table = server.get("/leagues/1/standings").unwrap();
    assert_eq!(table["rows"][0]["player"], "Ben");
    assert_eq!(table["rows"][0]["points"], 10.0);
    assert_eq!(table["rows"][1]["points"], 6.0);
    let page = std::fs::read_to_string(cli.home.path().join("tabelle.html")).unwrap();
    assert!(page.contains("Winterliga 2026") && page.contains("Ben"), "the embed page as written");
}

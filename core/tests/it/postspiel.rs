//! The postal game's case suite, in the manner of the Diplomacy adjudicator test cases
//! (DATC): one file per rule sentence or decision in `tests/it/postspiel/cases/`, each a state,
//! the orders in the text form for mail, and what must come of them.
//!
//! A case file is `key: value` header lines (`title`, `rule`, optionally `board`, the
//! fields between start and goal) and sections opened by `--- NAME`:
//! - `state`: the state before, JSON;
//! - `orders`: the orders in the text form;
//! - `refused`: `CODE HARE` per line, exactly the refusals `validate` must give;
//! - `after`: the state after `resolve`, JSON, matched as a subset (an object's keys not
//!   written are not compared; `null` matches a key left out);
//! - `report`: lines every one of which must be part of a line of the English report
//!   (`PHASE HARE: TEXT`);
//! - `error`: part of the error `resolve` must give.

mod duties;
mod game;
mod properties;

use serde_json::Value;
use spielstand_core::postspiel::{GameState, Lang, Orders, resolve, validate};
use std::collections::BTreeMap;
use std::path::Path;

struct Case {
    headers: BTreeMap<String, String>,
    sections: BTreeMap<String, String>,
}

fn read_case(text: &str) -> Result<Case, String> {
    let mut headers = BTreeMap::new();
    let mut sections: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("--- ") {
            current = Some(name.trim().to_owned());
            sections.insert(name.trim().to_owned(), String::new());
        } else if let Some(section) = &current {
            let body = sections.get_mut(section).ok_or("section vanished")?;
            body.push_str(line);
            body.push('\n');
        } else if let Some((key, value)) = line.split_once(':') {
            headers.insert(key.trim().to_owned(), value.trim().to_owned());
        } else if !line.trim().is_empty() {
            return Err(format!("a header line is `key: value`, not {line:?}"));
        }
    }
    if !headers.contains_key("title") || !headers.contains_key("rule") {
        return Err("a case has a title and the rule it tests".into());
    }
    Ok(Case { headers, sections })
}

/// Where `want` is not part of `got`, as paths; empty when it is.
fn subset(want: &Value, got: Option<&Value>, path: &str, out: &mut Vec<String>) {
    match (want, got) {
        (Value::Null, None) => {}
        (Value::Object(want), Some(Value::Object(got))) => {
            for (key, value) in want {
                subset(value, got.get(key), &format!("{path}.{key}"), out);
            }
        }
        (Value::Array(want), Some(Value::Array(got))) if want.len() == got.len() => {
            for (i, value) in want.iter().enumerate() {
                subset(value, got.get(i), &format!("{path}[{i}]"), out);
            }
        }
        (want, Some(got)) if want == got => {}
        (want, got) => out.push(format!("{path}: want {want}, got {}", got.map_or("nothing".into(), Value::to_string))),
    }
}

fn run_case(text: &str) -> Result<(), String> {
    let case = read_case(text)?;
    let mut state: Value =
        serde_json::from_str(case.sections.get("state").ok_or("no state")?).map_err(|e| format!("state: {e}"))?;
    if let Some(board) = case.headers.get("board") {
        state["board"] = Value::String(board.clone());
    }
    let state = GameState::from_json(&state.to_string()).map_err(|e| format!("state: {e}"))?;
    let orders = Orders::from_text(case.sections.get("orders").map_or("", String::as_str))
        .map_err(|e| format!("orders: {e}"))?;
    let mut failures = Vec::new();
    let mut refused: Vec<String> = match validate(&state, &orders) {
        Ok(()) => Vec::new(),
        Err(refusals) => refusals.iter().map(|r| format!("{} {}", r.code.slug(), r.hare)).collect(),
    };
    refused.sort();
    let mut want_refused: Vec<String> = case
        .sections
        .get("refused")
        .map(|s| s.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect())
        .unwrap_or_default();
    want_refused.sort();
    if refused != want_refused {
        failures.push(format!("refusals: want {want_refused:?}, got {refused:?}"));
    }
    let resolved = resolve(&state, &orders);
    match (&resolved, case.sections.get("error")) {
        (Err(err), Some(want)) if err.to_string().contains(want.trim()) => {}
        (Err(err), _) => failures.push(format!("resolve: {err}")),
        (Ok(_), Some(want)) => failures.push(format!("resolve: want the error {:?}", want.trim())),
        (Ok(_), None) => {}
    }
    if let Ok(resolution) = &resolved {
        let got = serde_json::to_value(&resolution.state).map_err(|e| e.to_string())?;
        if let Some(after) = case.sections.get("after") {
            let want: Value = serde_json::from_str(after).map_err(|e| format!("after: {e}"))?;
            let mut diff = Vec::new();
            subset(&want, Some(&got), "state", &mut diff);
            if !diff.is_empty() {
                failures.push(format!("state after:\n    {}\n  the whole state: {got}", diff.join("\n    ")));
            }
        }
        let lines = resolution.report.text(Lang::En);
        for want in case.sections.get("report").map_or("", String::as_str).lines().map(str::trim) {
            if !want.is_empty() && !lines.iter().any(|line| line.contains(want)) {
                failures.push(format!("report has no line with {want:?}"));
            }
        }
        if !failures.is_empty() {
            failures.push(format!("the report:\n    {}", lines.join("\n    ")));
        }
        // Every report also reads in German, and the whole resolution serialises.
        assert_eq!(resolution.report.text(Lang::De).len(), lines.len());
        serde_json::to_string(resolution).map_err(|e| e.to_string())?;
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n  ")) }
}

#[test]
fn every_case_of_the_suite_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/postspiel/cases");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "case"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 40, "the suite has {} cases", paths.len());
    let mut failed = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if let Err(why) = run_case(&text) {
            failed.push(format!("{name}:\n  {why}"));
        }
    }
    assert!(failed.is_empty(), "{} of {} cases failed:\n{}", failed.len(), paths.len(), failed.join("\n\n"));
    println!("{} cases hold", paths.len());
}

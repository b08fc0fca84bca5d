//! `--verbose`: below the one-line message of a failure, what caused it (one cause a line)
//! and the server's problem (its type, status, title and request id); without it, the
//! message alone, as ever.

use crate::common::*;

/// The lines `--verbose` added below the message of `plain` (the same run without it).
fn added<'a>(plain: &str, verbose: &'a str) -> Vec<&'a str> {
    assert!(verbose.starts_with(plain), "--verbose keeps the message as it was:\n{plain}---\n{verbose}");
    verbose[plain.len()..].lines().collect()
}

#[test]
fn a_closed_port_shows_the_systems_cause_only_with_verbose() {
    let mut cli = Cli::bare();
    cli.server = Some(dead_server());
    let plain = cli.fails(&["standings", "Winterliga"], 3);
    assert!(plain.starts_with("error: cannot reach the server at "), "{plain}");
    assert!(!plain.contains("caused by"), "{plain}");
    let verbose = cli.fails(&["--verbose", "standings", "Winterliga"], 3);
    let added = added(&plain, &verbose);
    assert_eq!(added.len(), 1, "{verbose}");
    assert!(added[0].starts_with("  caused by: ") && added[0].contains("(os error "), "the OS's own error: {verbose}");
    // A global flag: after the command too.
    assert_eq!(cli.fails(&["standings", "Winterliga", "--verbose"], 3), verbose);
}

#[test]
fn a_rejected_request_shows_the_problem_and_its_request_id_with_verbose() {
    let server = Server::start();
    let cli = Cli::new(&server);
    let plain = cli.fails(&["result", "show", "424242"], 1);
    assert!(!plain.contains("request id") && !plain.contains("/problems/"), "{plain}");
    let verbose = cli.fails(&["result", "show", "424242", "--verbose"], 1);
    let added = added(&plain, &verbose);
    assert_eq!(added.len(), 1, "{verbose}");
    let line = added[0];
    assert!(line.starts_with("  problem /problems/") && line.contains(": 404 "), "type, status, title: {verbose}");
    let id = line.split("; request id ").nth(1).unwrap_or_else(|| panic!("a request id: {verbose}"));
    assert!(!id.trim().is_empty(), "{verbose}");
}

#[test]
fn a_failing_server_shows_its_problem_with_verbose() {
    let mut cli = Cli::bare();
    cli.server = Some(failing_server(503, 2));
    let plain = cli.fails(&["standings", "1"], 4);
    let verbose = cli.fails(&["standings", "1", "--verbose"], 4);
    assert_eq!(
        added(&plain, &verbose),
        ["  problem /problems/unavailable: 503 Service Unavailable; request id req-7"],
        "{verbose}"
    );
}

#[test]
fn verbose_speaks_german_too() {
    let mut cli = Cli::bare();
    cli.server = Some(dead_server());
    let plain = cli.fails(&["--lang", "de", "standings", "Winterliga"], 3);
    let verbose = cli.fails(&["--lang", "de", "--verbose", "standings", "Winterliga"], 3);
    assert!(plain.starts_with("Fehler: "), "{plain}");
    let added = added(&plain, &verbose);
    assert!(added.len() == 1 && added[0].starts_with("  verursacht durch: "), "{verbose}");
    // Its help, in German as well.
    let help = cli.ok(&["--lang", "de", "--help"]);
    assert!(
        help.contains("--verbose") && help.contains("Bei einem Fehler auch zeigen, was ihn verursacht hat"),
        "{help}"
    );
}

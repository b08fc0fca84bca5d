//! Setting up a laptop: login, help and shell completions.

use crate::common::*;

#[test]
fn login_saves_server_and_token_with_mode_0600() {
    let server = Server::start();
    let mut cli = Cli::bare();
    // A wrong token is refused and nothing is saved.
    let err = cli.fails(&["login", "--server", &server.url, "--token", "wrong"], 1);
    assert!(err.contains("401"), "{err}");
    let config = cli.config_dir().join("spielstand").join("config.toml");
    assert!(!config.exists());

    let run = cli.run(&["login", "--server", &format!("{}/", server.url), "--token", &server.token]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("token \"cli-tests\" accepted"), "{run:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&config).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains(&format!("server = \"{}\"", server.url)) && text.contains(&server.token), "{text}");

    // Without flags or environment, the saved server and token are used; an empty
    // variable counts as none.
    cli.ok(&["player", "add", "Anna"]);
    cli.server = Some(String::new());
    cli.token = Some(String::new());
    cli.ok(&["player", "add", "Ben"]);
    // The environment wins over the file.
    cli.server = Some(dead_server());
    cli.fails(&["player", "list"], 3);
    // And a flag wins over the environment.
    cli.ok(&["player", "list", "--server", &server.url]);
    cli.token = Some("wrong".into());
    cli.server = None;
    cli.fails(&["player", "add", "Cleo"], 1);
}

#[test]
fn login_without_a_reachable_server_still_saves() {
    let cli = Cli::bare();
    let run = cli.run(&["login", "--server", &dead_server(), "--token", "t0k3n"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("not checked"), "{run:?}");
}

#[test]
fn help_documents_exit_codes_and_round_specs() {
    let cli = Cli::bare();
    let help = cli.ok(&["--help"]);
    for line in ["Exit codes:", "  3  server unreachable", "  2  usage or bad input"] {
        assert!(help.contains(line), "{help}");
    }
    let help = cli.ok(&["record", "rangeln", "--help"]);
    for text in ["@-", "Anna=4,Ben=-3,Cleo=0", "Anna=-2:3/black:5", "+2 -2 +1 -1 black"] {
        assert!(help.contains(text), "{text}: {help}");
    }
    let help = cli.ok(&["record", "mensch-aergere-dich-nicht", "--help"]);
    assert!(help.contains("no-jumping-in-home-row") && help.contains("--order"), "{help}");
    assert!(cli.ok(&["record", "hase-und-igel", "--help"]).contains("--carrots"));
    let err = cli.fails(&["record"], 2);
    assert!(err.contains("Usage"), "{err}");
    assert!(cli.ok(&["--version"]).starts_with("spielstand "));
}

#[test]
fn completions_for_shells() {
    let cli = Cli::bare();
    for shell in ["bash", "zsh", "fish"] {
        let script = cli.ok(&["completions", shell]);
        assert!(script.contains("spielstand") && script.contains("standings"), "{shell}");
    }
    cli.fails(&["completions", "tcsh"], 2);
}

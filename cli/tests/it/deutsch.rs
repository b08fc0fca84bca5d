//! The command line in German: by the locale, and `--lang`, `SPIELSTAND_LANG` and the
//! config file's `lang` before it; rules from the same catalogue as the pages and the API.

use crate::common::*;

#[test]
fn the_command_line_speaks_the_language_asked_for() {
    let ClubNight { server: _server, mut cli, .. } = ClubNight::new();
    cli.locale = Some("de_DE.UTF-8".into());
    let typos = ["record", "ghostbuster", "-l", "Winterliga", "--order", "Cloe,Anan"];
    let err = cli.fails(&typos, 2);
    assert_eq!(
        err,
        "Fehler: Die Namen \"Cloe\" (meintest du Cleo?), \"Anan\" (meintest du Anna?) hat niemand; jemand Neues: `spielstand player add NAME` für jeden\n"
    );
    // A broken rule, in German; the same rule in English with --lang en.
    let twice = ["record", "mensch", "-l", "Winterliga", "--order", "Anna,Ben,Anna"];
    let german = cli.fails(&twice, 2);
    let mut english_args = vec!["--lang", "en"];
    english_args.extend(twice);
    let english = cli.fails(&english_args, 2);
    assert!(german.starts_with("Fehler: ") && english.starts_with("error: "), "{german}{english}");
    assert_ne!(german.trim_start_matches("Fehler: "), english.trim_start_matches("error: "), "{german}{english}");
    assert!(german.contains("Anna") && english.contains("Anna"), "the same facts: {german}{english}");

    // SPIELSTAND_LANG before the locale.
    let run = Run::from(cli.command().env("SPIELSTAND_LANG", "en").args(typos).output().unwrap());
    assert!(run.stderr.starts_with("error: there are no players named \"Cloe\" (did you mean Cleo?)"), "{run:?}");
    // The config file's `lang` when the locale speaks neither language.
    cli.locale = None;
    assert!(cli.fails(&typos, 2).starts_with("error: "), "C.UTF-8 speaks English");
    let config = cli.config_dir().join("spielstand");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "lang = \"de\"\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(config.join("config.toml"), std::fs::Permissions::from_mode(0o600)).unwrap();
    assert!(cli.fails(&typos, 2).starts_with("Fehler: Die Namen"), "the config file's language");
    let err = cli.fails(&["--lang", "fr", "standings", "Winterliga"], 2);
    assert!(err.contains("de or en"), "{err}");
}

/// Under a German locale every error path of the command line speaks German: clap's own
/// refusals of a command line (a value, a command, a flag), the server's problems of every
/// kind it answers the organiser's laptop (a name taken, a scope too small), and the
/// network gone.
#[test]
fn every_error_path_speaks_german() {
    let ClubNight { server, mut cli, .. } = ClubNight::new();
    cli.locale = Some("de_DE.UTF-8".into());
    let check = |what: &str, err: &str| {
        assert!(err.starts_with("Fehler: "), "{what}: {err}");
        let found = spielstand_text::english_words(err);
        assert!(found.is_empty(), "{what}: English ({found:?}): {err}");
    };
    let err = cli.fails(&["record", "mensch", "-l", "Winterliga", "--date", "31.02.2026", "--order", "Anna,Ben"], 2);
    check("a date that is no day", &err);
    assert!(err.contains("„31.02.2026“") && err.contains("Mehr dazu: '--help'."), "{err}");
    check("an unknown command", &cli.fails(&["recrd"], 2));
    let err = cli.fails(&["record", "mensch", "--bogus"], 2);
    check("an unknown flag", &err);
    assert!(err.contains("Aufruf: spielstand record"), "{err}");
    check("a value not among the possible ones", &cli.fails(&["standings", "Winterliga", "--format", "xml"], 2));
    // The server's problems, in German (the laptop asks for German).
    let err = cli.fails(&["league", "create", "Winterliga", "--games", "all"], 1);
    check("a name taken", &err);
    let err = cli.fails(&["player", "add", "Anna"], 1);
    check("a player's name taken", &err);
    // The network gone.
    drop(server);
    let err = cli.fails(&["standings", "Winterliga"], 3);
    check("no server", &err);
}

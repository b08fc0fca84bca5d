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

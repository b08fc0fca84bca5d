use super::*;
use spielstand_core::GameKind;
use spielstand_core::rangeln::{
    AllowanceLeft, AllowanceWords, Blocked, MoveAt, NoneMovable, Note, Ring, ShapeWords, ShortReason, TurnSoFar,
};
use std::collections::{BTreeMap, BTreeSet};

/// A message, or one of its attributes.
type Key = (String, Option<String>);

/// The variables (`$name`) of every message value and attribute of an .ftl file. A
/// message without a value (only attributes) has no entry of its own.
fn variables(ftl: &str) -> BTreeMap<Key, BTreeSet<String>> {
    let mut found: BTreeMap<Key, BTreeSet<String>> = BTreeMap::new();
    let mut key: Option<Key> = None;
    for line in ftl.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let body = line.trim_start();
        let pattern = if body.len() == line.len() {
            let (id, rest) = line.split_once('=').unwrap_or_else(|| panic!("not a message: {line}"));
            key = Some((id.trim().to_owned(), None));
            rest
        } else if let Some(attribute) = body.strip_prefix('.') {
            let (name, rest) = attribute.split_once('=').unwrap_or_else(|| panic!("not an attribute: {line}"));
            let id = key.as_ref().expect("an attribute follows its message").0.clone();
            key = Some((id, Some(name.trim().to_owned())));
            rest
        } else {
            body
        };
        if pattern.trim().is_empty() {
            continue;
        }
        let names = found.entry(key.clone().expect("a pattern follows its message")).or_default();
        for (at, _) in pattern.match_indices('$') {
            // A variable is a placeable's `{ $name`; a `$` in the text (`$XDG_CONFIG_HOME`)
            // is text.
            if !pattern[..at].trim_end().ends_with('{') {
                continue;
            }
            let name: String =
                pattern[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
            names.insert(name);
        }
    }
    found
}

/// A date field from its ISO form, without naming chrono: the field's type picks the parse.
fn date<T: std::str::FromStr>(iso: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    iso.parse().expect("an ISO date")
}

/// One error of every variant, the wrappers around a plain error and around a refereed
/// move. Numbers are at least 2, so that every number shows in both languages.
/// A new variant fails to compile in `message_key`: give it a sample here too.
fn samples() -> Vec<Error> {
    let s = |text: &str| text.to_owned();
    vec![
        Error::PieceCount { player: s("Anna"), found: 7, expected: 8 }.in_round(2),
        Error::AtMove {
            at: MoveAt::Placement { number: 7 },
            error: Box::new(Error::PlacementAdjacent { player: s("Anna"), cell: s("c4"), other: s("c5") }),
        }
        .in_round(3),
        Error::AtMove {
            at: MoveAt::Step { player: s("Cleo"), path: 2, cells: s("c3-c4-c5"), step: 2 },
            error: Box::new(Error::StepRevisit { cell: s("c5") }),
        },
        Error::BoardSymbol { line: 3, column: 5, symbol: 'X' },
        Error::BoardSeat { line: 4, column: 6, symbol: 'E', seat: 5, players: 3 },
        Error::BoardRowTooLong { line: 6, column: 10 },
        Error::BoardRowTooShort { line: 7, column: 8, found: 7 },
        Error::BoardTooManyRows { line: 10 },
        Error::BoardTooFewRows { line: 8, found: 7 },
        Error::InvalidCell { text: s("j10") },
        Error::PieceCount { player: s("Anna"), found: 7, expected: 8 },
        Error::RingCountSum { player: s("Ben"), found: 5, expected: 6 },
        Error::RingOverfull { ring: Ring::Plus2, found: 9, capacity: 8 },
        Error::ScoreOutOfBounds { player: s("Cleo"), score: 17, pieces: 8, min: -16, max: 16 },
        Error::ScoresImpossible { scores: s("Anna +16, Ben +16, Cleo +16"), pieces: 8 },
        Error::ImportedTotals { reason: s("a game has either rounds or imported totals, not both") },
        Error::PlacementOnBlack { player: s("Anna"), cell: s("e5") },
        Error::PlacementOccupied { player: s("Ben"), cell: s("c3"), other: s("Cleo") },
        Error::PlacementAdjacent { player: s("Anna"), cell: s("c4"), other: s("c5") },
        Error::OutOfTurn { player: s("Ben"), expected: s("Anna") },
        Error::PlacementsDone { pieces: 8 },
        Error::PlacementsMissing { made: 17, expected: 24 },
        Error::TurnsDone { players: 3 },
        Error::TurnsMissing { made: 2, expected: 3, next: s("Cleo") },
        Error::PathEmpty,
        Error::PathStart { player: s("Cleo"), cell: s("d4") },
        Error::PieceMovedTwice { cell: s("c6") },
        Error::StepNotOrthogonal { from: s("c3"), to: s("d4") },
        Error::StepOntoBlack { cell: s("e5") },
        Error::StepRevisit { cell: s("c3") },
        Error::PushOffBoard { line: s("c7-c8-c9") },
        Error::Allowance {
            allowance: AllowanceWords {
                player: s("Ben"),
                position: 2,
                players: 3,
                shapes: vec![
                    ShapeWords { paths: 2, steps: 3, each: true },
                    ShapeWords { paths: 3, steps: 2, each: true },
                ],
            },
            has: TurnSoFar::PathsOfSteps { lengths: vec![3, 2] },
        },
        Error::ShortPath { steps: 2, full: 3, reason: ShortReason::CouldGoAll { piece: s("a2"), full: 3 } },
        Error::TablesImpossible { game: GameKind::Rangeln, players: 2, min: 3, max: 5 },
        Error::TableSizeOutOfRange { game: GameKind::LaufRauf, size: 6, min: 2, max: 4 },
        Error::PinTableMissing { player: s("Dora"), table: 4, tables: 3 },
        Error::PinTableFull { table: 2, size: 4, pinned: 5, players: s("Anna, Ben, Cleo, Dora, Emil") },
        Error::ApartPinnedTogether { first: s("Anna"), second: s("Ben"), table: 2 },
        Error::ApartImpossible { first: s("Cleo"), second: s("Dora") },
        Error::NotCheckedIn { player: s("Emil"), field: s("apart") },
        Error::TeamSizes { players: 4, sizes: s("3+1") },
        Error::TeamSplit { players: s("Anna and Cleo") },
        Error::TeamsRequired { game: GameKind::MenschAergereDichNicht },
        Error::DuplicateTeam { name: s("Die Würfler") },
        Error::TeamMemberTwice { player: s("Ben"), first: s("Rot"), second: s("Blau") },
        Error::EmptyTeam { name: s("Gelb") },
        Error::ConfirmationsOutOfRange { found: 6 },
        Error::PlayerCount { game: GameKind::Rangeln, found: 6, min: 3, max: 5 },
        Error::DuplicatePlayer { player: s("Anna") },
        Error::UnknownPlayer { player: s("Zoe") },
        Error::MissingPlayer { player: s("Dora") },
        Error::EmptyName,
        Error::InvalidName { name: s("@Anna"), reason: "starts with '@', which marks a board file" },
        Error::SeatOutOfRange { player: s("Emil"), seat: 7, players: 5 },
        Error::DuplicateSeat { seat: 2, first: s("Anna"), second: s("Ben") },
        Error::RoundCount { players: 4, found: 3, expected: 4 },
        Error::EmptyPlace { place: 3 },
        Error::TieNotAllowed { players: s("Ben and Cleo"), place: 2 },
        Error::NoWinner { players: s("Anna and Ben") },
        Error::ColourMode { mode: "two-each", needed: 3, found: 4 },
        Error::OptionConflict {
            game: GameKind::LaufRauf,
            option: "edition",
            stated: s("published"),
            league: s("revised"),
        },
        Error::OptionMissing { game: GameKind::LaufRauf, what: "the edition played" },
        Error::OptionsForOtherGame { game: GameKind::Ghostbuster },
        Error::DuplicateHouseRule { rule: "barriers" },
        Error::HouseRuleNotForGame {
            game: GameKind::Ghostbuster,
            rule: "forced-capture",
            reason: spielstand_core::finishing::HouseRuleRefusal::NoCaptures,
        },
        Error::HareLettuce { player: s("Anna"), lettuces: 2 },
        Error::HareCarrots { player: s("Ben"), place: 2, carrots: 35, max: 20 },
        Error::HareFinisherTied { player: s("Cleo"), place: 3, others: s("Dora") },
        Error::HareNotFinished { player: s("Dora"), place: 2, ahead_of: s("Emil") },
        Error::HareRoundOrder { player: s("Emil"), round: 12, earlier: s("Anna"), earlier_round: 14 },
        Error::HareUnfinishedRanked { players: s("Ben and Cleo") },
        Error::HareRoundZero { player: s("Anna") },
        Error::InvalidPointsScheme { text: s("goals") },
        Error::EmptyPointsTable,
        Error::PointsTableRises { place: 3, before: 4, after: 6 },
        Error::SeasonReversed { from: date("2026-09-01"), to: date("2026-03-31") },
        Error::NoGames,
        Error::DuplicateGame { game: GameKind::HaseUndIgel },
        Error::DuplicateTieBreaker { breaker: "wins" },
        Error::GameNotInLeague { game: GameKind::LaufRauf },
        Error::DateOutOfRange {
            what: s("played_on"),
            date: date("2031-01-01"),
            earliest: spielstand_core::dates::EARLIEST,
            latest: date("2026-11-21"),
            why: " (a game is never played after tomorrow)",
        },
        Error::OutsideSeason { date: date("2025-12-31"), from: date("2026-01-01"), to: date("2026-12-31") },
    ]
}

/// The error and every error inside it.
fn with_inner(error: &Error) -> Vec<&Error> {
    let mut all = vec![error];
    while let Some(inner) = all.last().copied().and_then(Error::inner) {
        all.push(inner);
    }
    all
}

#[test]
fn every_rule_code_has_a_message_in_both_languages_and_both_have_the_same_messages() {
    for lang in Lang::ALL {
        for code in RuleCode::all() {
            assert!(catalogue(lang).has_message(code.slug()), "{}: no message {}", lang.code(), code.slug());
        }
    }
    let de: BTreeSet<Key> = variables(Lang::De.source()).into_keys().collect();
    let en: BTreeSet<Key> = variables(Lang::En.source()).into_keys().collect();
    assert_eq!(de, en, "German and English have the same messages and attributes");
}

#[test]
fn the_samples_cover_every_rule_code_once_per_variant() {
    let samples = samples();
    for code in RuleCode::all() {
        assert!(samples.iter().any(|e| e.rule_code() == code), "no sample for {}", code.slug());
    }
    // One sample per variant (the wrappers aside), named by its Debug form.
    let mut variants = BTreeSet::new();
    for error in samples.iter().filter(|e| e.inner().is_none()) {
        let debug = format!("{error:?}");
        let name = debug.split([' ', '{', '(']).next().unwrap_or_default().to_owned();
        assert!(variants.insert(name.clone()), "two samples of {name}");
    }
}

#[test]
fn every_message_uses_exactly_the_facts_of_its_error_in_both_languages() {
    let files = [(Lang::De, variables(Lang::De.source())), (Lang::En, variables(Lang::En.source()))];
    let mut used = BTreeSet::new();
    for sample in samples() {
        for error in with_inner(&sample) {
            let (id, attribute) = message_key(error);
            let key: Key = (id.to_owned(), attribute.map(str::to_owned));
            let mut facts: BTreeSet<String> = error.facts().into_iter().map(|(name, _)| name.to_owned()).collect();
            assert_eq!(facts.len(), error.facts().len(), "{error:?}: two facts of one name");
            if error.inner().is_some() {
                facts.insert("message".to_owned());
            }
            for (lang, variables) in &files {
                assert_eq!(variables.get(&key), Some(&facts), "{}: variables of {key:?}", lang.code());
            }
            used.insert(key);
        }
    }
    // The referee's words (`words-*`) are worded for facts inside errors, not for errors.
    let all: BTreeSet<Key> = files[0].1.keys().filter(|(id, _)| !id.starts_with("words-")).cloned().collect();
    assert_eq!(used, all, "every message and attribute is some error's");
}

#[test]
fn every_message_renders_with_its_facts_and_nothing_left_over() {
    for sample in samples() {
        for lang in Lang::ALL {
            let text = rule(&sample, lang);
            assert!(render(&sample, lang).is_some(), "{}: {sample:?} fell back to Display", lang.code());
            for error in with_inner(&sample) {
                for (name, fact) in error.facts() {
                    // The referee's facts are worded in the language, not shown as their
                    // English text (the test of the referee's words checks them).
                    if lang == Lang::De && matches!(name, "at" | "allowance" | "has" | "reason") {
                        continue;
                    }
                    let shown = fact.to_string();
                    assert!(text.contains(&shown), "{}: {text:?} lacks {name} = {shown:?}", lang.code());
                }
            }
            assert!(!text.contains(['{', '}', '$', '\u{2068}', '\u{2069}']), "{}: {text:?}", lang.code());
            assert_eq!(text.trim(), text, "{}: no blank at either end", lang.code());
        }
    }
}

#[test]
fn english_follows_the_display_text_except_for_game_names_and_plurals() {
    // Where the English catalogue says it better than `Display`: a game by its name rather
    // than its slug, "3 tables" for "3 table(s)".
    let differs = |error: &Error| {
        with_inner(error).iter().any(|e| {
            e.facts().iter().any(|(name, _)| *name == "game")
                || matches!(e, Error::PinTableMissing { .. } | Error::HareLettuce { .. })
        })
    };
    for error in samples().iter().filter(|&error| !differs(error)) {
        assert_eq!(rule(error, Lang::En), error.to_string());
    }
}

#[test]
fn german_spot_checks() {
    let s = |text: &str| text.to_owned();
    let de = |error: Error| rule(&error, Lang::De);
    assert_eq!(
        de(Error::PieceCount { player: s("Anna"), found: 1, expected: 8 }),
        "Anna hat einen Stein auf dem Brett, es müssen 8 sein"
    );
    assert_eq!(
        de(Error::AtMove {
            at: MoveAt::Placement { number: 7 },
            error: Box::new(Error::PlacementAdjacent { player: s("Anna"), cell: s("c4"), other: s("c5") }),
        }
        .in_round(2)),
        "Runde 2, Einsetzen 7: Anna darf keinen Stein auf c4 einsetzen: Das Feld liegt neben einem eigenen Stein auf c5"
    );
    assert_eq!(
        de(Error::RingOverfull { ring: Ring::Black, found: 7, capacity: 5 }),
        "Auf den schwarzen Feldern wurden 7 Steine gezählt, es gibt aber nur 5 dieser Felder"
    );
    assert_eq!(
        de(Error::RingOverfull { ring: Ring::Minus2, found: 17, capacity: 16 }),
        "Auf den Feldern des Rings -2 wurden 17 Steine gezählt, es gibt aber nur 16 dieser Felder"
    );
    assert_eq!(
        de(Error::HareLettuce { player: s("Anna"), lettuces: 1 }),
        "Anna ist mit noch einem Salat ins Ziel gekommen: Ein Hase muss vorher alle Salate fressen"
    );
    assert_eq!(
        de(Error::TablesImpossible { game: GameKind::MenschAergereDichNicht, players: 1, min: 2, max: 6 }),
        "Ein Spieler lässt sich bei „Mensch ärgere Dich nicht“ nicht auf Tische mit 2 bis 6 Plätzen verteilen"
    );
    assert_eq!(
        de(Error::PlacementsMissing { made: 5, expected: 24 }),
        "Erst 5 von 24 Steinen eingesetzt: Alle Steine werden vor dem ersten Zug eingesetzt"
    );
    assert_eq!(
        de(Error::ScoreOutOfBounds { player: s("Ben"), score: -1, pieces: 6, min: -12, max: 12 }),
        "Ben kommt auf -1 Punkt, mit 6 Steinen liegt das Ergebnis einer Runde aber zwischen -12 und 12"
    );
    // Numbers without grouping, in both languages.
    assert_eq!(
        de(Error::HareCarrots { player: s("Ben"), place: 2, carrots: 12345, max: 20 }),
        "Ben ist auf Platz 2 mit 12345 Karotten ins Ziel gekommen, erlaubt sind höchstens 20"
    );
    assert!(
        rule(&Error::HareCarrots { player: s("Ben"), place: 2, carrots: 12345, max: 20 }, Lang::En).contains("12345")
    );
}

/// The command line's catalogue: the same messages in both languages, each with the same
/// variables, every one rendering in both without an error.
#[test]
fn the_command_lines_messages_are_in_both_languages_with_the_same_variables() {
    let de = variables(&Lang::De.cli_sources().concat());
    let en = variables(&Lang::En.cli_sources().concat());
    assert_eq!(de.keys().collect::<Vec<_>>(), en.keys().collect::<Vec<_>>(), "the same messages");
    for (key, names) in &en {
        assert_eq!(&de[key], names, "{key:?}: the same variables in both languages");
    }
    for (key, names) in &en {
        // One and several: a variable may show in one plural form only.
        let rendered = |lang: Lang, count: i64| {
            let args: Vec<(&str, Arg)> = names
                .iter()
                .map(|n| (n.as_str(), if n == "count" { Arg::from(count) } else { Arg::from(format!("<{n}>")) }))
                .collect();
            message(lang, &key.0, &args)
        };
        for lang in Lang::ALL {
            let texts = [rendered(lang, 1), rendered(lang, 2)];
            assert!(texts.iter().all(|t| *t != key.0), "{}: {} renders", lang.code(), key.0);
            for name in names.iter().filter(|n| *n != "count") {
                assert!(
                    texts.iter().any(|t| t.contains(&format!("<{name}>"))),
                    "{}: {} shows ${name}: {texts:?}",
                    lang.code(),
                    key.0
                );
            }
        }
    }
    // Plurals by the catalogue, not by "(s)" in the code.
    let one = message(Lang::De, "outbox-waiting", &[("count", Arg::from(1))]);
    assert_eq!(one, "Hinweis: Ein früheres Ergebnis wartet noch im Postausgang: `spielstand sync` ausführen");
    assert!(
        message(Lang::De, "unknown-players", &[("count", Arg::from(2)), ("names", "A, B".into())])
            .starts_with("Die Namen")
    );
    assert_eq!(message(Lang::En, "no-such-message", &[]), "no-such-message");
}

#[test]
fn locales_name_their_language() {
    assert_eq!(Lang::of_locale("de_DE.UTF-8"), Some(Lang::De));
    assert_eq!(Lang::of_locale("de"), Some(Lang::De));
    assert_eq!(Lang::of_locale("en_GB"), Some(Lang::En));
    for neither in ["C", "C.UTF-8", "POSIX", "", "dea", "fr_FR"] {
        assert_eq!(Lang::of_locale(neither), None, "{neither:?}");
    }
}

#[test]
fn languages_have_codes_and_german_is_the_default() {
    assert_eq!(Lang::default(), Lang::De);
    assert_eq!(Lang::ALL.map(Lang::code), ["de", "en"]);
}

/// The referee's words: English from the catalogue is the facts' own English; German says
/// them without an English word.
#[test]
fn the_referees_words_read_the_same_in_english_and_wholly_in_german() {
    let s = |text: &str| text.to_owned();
    let shapes = vec![
        ShapeWords { paths: 1, steps: 6, each: true },
        ShapeWords { paths: 2, steps: 3, each: true },
        ShapeWords { paths: 3, steps: 4, each: false },
        ShapeWords { paths: 1, steps: 1, each: false },
    ];
    let allowance_words = AllowanceWords { player: s("Ben"), position: 2, players: 3, shapes: shapes.clone() };
    let places = [
        MoveAt::Placement { number: 7 },
        MoveAt::Turn { player: s("Cleo") },
        MoveAt::Path { player: s("Cleo"), path: 1, cells: s("c3-c4-c5") },
        MoveAt::Step { player: s("Cleo"), path: 1, cells: s("c3-c4-c5"), step: 2 },
    ];
    for at in &places {
        assert_eq!(move_at(at, Lang::En), at.to_string());
    }
    assert_eq!(allowance(&allowance_words, Lang::En), allowance_words.to_string());
    let turns = [
        TurnSoFar::Paths { paths: 0 },
        TurnSoFar::Paths { paths: 1 },
        TurnSoFar::StepsInAll { steps: 7 },
        TurnSoFar::PathsWithSteps { paths: 2, steps: 1 },
        TurnSoFar::PathsOfSteps { lengths: vec![3, 2] },
        TurnSoFar::PieceCanMove { so_far: Box::new(TurnSoFar::Paths { paths: 0 }), piece: s("c9") },
    ];
    for so_far in &turns {
        assert_eq!(turn_so_far(so_far, Lang::En), so_far.to_string());
    }
    for reason in [ShortReason::CanStepOn { piece: s("b9") }, ShortReason::CouldGoAll { piece: s("a2"), full: 3 }] {
        assert_eq!(short_reason(&reason, Lang::En), reason.to_string());
    }
    let why = vec![
        Blocked::Open { cell: s("a2") },
        Blocked::Black { cell: s("a1") },
        Blocked::Revisit { cell: s("a3") },
        Blocked::PushOff { line: s("b2-c2") },
        Blocked::Edge,
    ];
    let notes = [
        Note::ShortPath { player: s("Ben"), path: s("a3-a2"), steps: 1, full: 3, end: s("a2"), why: why.clone() },
        Note::TurnEnded {
            player: s("Cleo"),
            steps: 0,
            of: 6,
            why: NoneMovable::Stuck { player: s("Cleo"), pieces: vec![(s("b9"), why.clone())] },
        },
        Note::TurnEnded { player: s("Cleo"), steps: 2, of: 6, why: NoneMovable::AllMoved { player: s("Cleo") } },
    ];
    for n in &notes {
        assert_eq!(note(n, Lang::En), n.to_string());
    }
    for made in [vec![], vec![3], vec![3, 2]] {
        let left = AllowanceLeft { allowance: allowance_words.clone(), made, left: shapes.clone() };
        assert_eq!(allowance_left(&left, Lang::En), left.to_string());
    }
    // In German, no English word of these is left.
    let german: Vec<String> = places
        .iter()
        .map(|a| move_at(a, Lang::De))
        .chain([allowance(&allowance_words, Lang::De)])
        .chain(turns.iter().map(|t| turn_so_far(t, Lang::De)))
        .chain(notes.iter().map(|n| note(n, Lang::De)))
        .collect();
    for text in &german {
        assert!(!text.contains(['{', '}', '$']), "every variable filled: {text:?}");
        for english in [" path", " step", "turn", "allowance", "piece", "placement", " of ", " is ", "board"] {
            assert!(!text.contains(english), "{english:?} in {text:?}");
        }
    }
    assert_eq!(
        allowance(&allowance_words, Lang::De),
        "Ben darf als zweiter Spieler von 3: 1 Weg mit 6 Schritten, oder 2 Wege mit je 3 Schritten, oder 3 Wege mit zusammen 4 Schritten, oder 1 Weg mit zusammen 1 Schritt"
    );
}

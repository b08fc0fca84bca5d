use super::*;

fn names(n: usize) -> Vec<String> {
    ["Anna", "Ben", "Cleo", "Dora", "Emil"][..n].iter().map(|s| s.to_string()).collect()
}

/// A board where each seat's pieces stand on the given cells.
fn board_text(pieces: &[&[&str]]) -> String {
    let mut board = Board::default();
    for (i, cells) in pieces.iter().enumerate() {
        for c in *cells {
            board.set(c.parse().unwrap(), Some(i as u8 + 1));
        }
    }
    board.to_string()
}

fn scores(values: &[(&str, i32)]) -> RoundInput {
    RoundInput::Scores(values.iter().map(|(p, s)| (p.to_string(), *s)).collect())
}

#[test]
fn a_board_round_scores_each_players_cells() {
    let text = board_text(&[
        &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"], // +2 x 8
        &["c3", "c4", "c5", "c6", "c7", "d3", "d7", "e3"], // -2 x 8
        &["b2", "b3", "b4", "b5", "a1", "i9", "a2", "a3"], // +1 x 4, black x 2, -1 x 2
    ]);
    assert_eq!(score_round(&RoundInput::Board(text), &names(3)).unwrap(), vec![16, -16, 2]);
}

#[test]
fn piece_counts_are_checked_per_player_and_round() {
    let players = names(4);
    let good: &[&str] = &["b2", "b3", "b4", "b5", "b6", "b7"];
    let seven: &[&str] = &["h2", "h3", "h4", "h5", "h6", "h7", "h8"];
    let rounds = vec![
        scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0)]),
        RoundInput::Board(board_text(&[
            seven,
            good,
            &["c1", "d1", "e1", "f1", "g1", "h1"],
            &["c9", "d9", "e9", "f9", "g9", "h9"],
        ])),
        scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0)]),
        scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0)]),
    ];
    let err = score_game(&players, &RangelnResult { rounds, imported_totals: None }).unwrap_err();
    assert_eq!(err.to_string(), "round 2: Anna has 7 pieces on the board, expected 6");
    assert_eq!(err.code(), "piece-count");
    assert_eq!(err.round(), Some(2));
}

#[test]
fn a_board_with_a_seat_beyond_the_players_names_line_and_column() {
    let text = board_text(&[&["a2"], &["a3"], &["a4"], &["e9"]]);
    let err = score_round(&RoundInput::Board(text), &names(3)).unwrap_err();
    assert_eq!(err, Error::BoardSeat { line: 1, column: 9, symbol: 'D', seat: 4, players: 3 });
}

#[test]
fn ring_counts_must_add_up_and_fit_the_rings() {
    let counts = |c: [(u32, u32, u32, u32, u32); 3]| {
        RoundInput::Rings(
            names(3)
                .into_iter()
                .zip(c)
                .map(|(p, (plus2, minus2, plus1, minus1, black))| {
                    (p, RingCounts { plus2, minus2, plus1, minus1, black })
                })
                .collect(),
        )
    };
    let ok = counts([(2, 2, 2, 2, 0), (0, 0, 8, 0, 0), (1, 1, 1, 1, 4)]);
    assert_eq!(score_round(&ok, &names(3)).unwrap(), vec![0, 8, 0]);

    let short = counts([(2, 2, 2, 1, 0), (0, 0, 8, 0, 0), (1, 1, 1, 1, 4)]);
    assert_eq!(
        score_round(&short, &names(3)).unwrap_err(),
        Error::RingCountSum { player: "Anna".into(), found: 7, expected: 8 }
    );

    // 5 + 4 pieces on 8 cells of the +2 ring cannot be.
    let crowded = counts([(5, 0, 3, 0, 0), (4, 0, 4, 0, 0), (0, 0, 8, 0, 0)]);
    let err = score_round(&crowded, &names(3)).unwrap_err();
    assert_eq!(err, Error::RingOverfull { ring: Ring::Plus2, found: 9, capacity: 8 });
    assert_eq!(err.to_string(), "9 pieces counted on the +2 cells, but there are only 8 of them");

    let black = counts([(0, 0, 5, 0, 3), (0, 0, 5, 0, 3), (0, 0, 8, 0, 0)]);
    assert_eq!(score_round(&black, &names(3)).unwrap_err().code(), "ring-overfull");
}

#[test]
fn bare_scores_are_checked_against_the_piece_bounds() {
    // 3 players: 8 pieces, so -16..=16.
    assert!(score_round(&scores(&[("Anna", 16), ("Ben", -16), ("Cleo", 0)]), &names(3)).is_ok());
    assert_eq!(
        score_round(&scores(&[("Anna", 17), ("Ben", 0), ("Cleo", 0)]), &names(3)).unwrap_err(),
        Error::ScoreOutOfBounds { player: "Anna".into(), score: 17, pieces: 8, min: -16, max: 16 }
    );
    // 4 players: 6 pieces, so -12..=12.
    let err = score_round(&scores(&[("Anna", 0), ("Ben", -13), ("Cleo", 0), ("Dora", 0)]), &names(4)).unwrap_err();
    assert_eq!(err.code(), "score-out-of-bounds");
}

#[test]
fn every_seated_player_appears_once_per_round() {
    let err = score_round(&scores(&[("Anna", 1), ("Ben", 1)]), &names(3)).unwrap_err();
    assert_eq!(err, Error::MissingPlayer { player: "Cleo".into() });
    let err = score_round(&scores(&[("Anna", 1), ("Ben", 1), ("Cleo", 1), ("Zoe", 1)]), &names(3)).unwrap_err();
    assert_eq!(err, Error::UnknownPlayer { player: "Zoe".into() });
}

#[test]
fn a_game_has_as_many_rounds_as_players_and_3_to_5_players() {
    let round = scores(&[("Anna", 1), ("Ben", 1), ("Cleo", 1)]);
    let err =
        score_game(&names(3), &RangelnResult { rounds: vec![round.clone(); 2], imported_totals: None }).unwrap_err();
    assert_eq!(err, Error::RoundCount { players: 3, found: 2, expected: 3 });
    let two = names(2);
    assert_eq!(
        score_game(&two, &RangelnResult { rounds: vec![], imported_totals: None }).unwrap_err().code(),
        "player-count"
    );
    let six: Vec<String> = (1..=6).map(|i| format!("P{i}")).collect();
    assert_eq!(
        score_game(&six, &RangelnResult { rounds: vec![], imported_totals: None }).unwrap_err().code(),
        "player-count"
    );
}

#[test]
fn the_start_player_rotates_so_each_starts_once() {
    let round = scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0), ("Emil", 0)]);
    let score = score_game(&names(5), &RangelnResult { rounds: vec![round; 5], imported_totals: None }).unwrap();
    let starters: Vec<&str> = score.rounds.iter().map(|r| r.start_player.as_str()).collect();
    assert_eq!(starters, ["Anna", "Ben", "Cleo", "Dora", "Emil"]);
}

#[test]
fn largest_absolute_total_wins_minus_19_beats_plus_18() {
    // Totals: Anna -19, Ben +18, Cleo +3.
    let rounds = vec![
        scores(&[("Anna", -7), ("Ben", 6), ("Cleo", 1)]),
        scores(&[("Anna", -6), ("Ben", 6), ("Cleo", 1)]),
        scores(&[("Anna", -6), ("Ben", 6), ("Cleo", 1)]),
    ];
    let score = score_game(&names(3), &RangelnResult { rounds, imported_totals: None }).unwrap();
    let totals: Vec<(i32, u32)> = score.totals.iter().map(|t| (t.total, t.place)).collect();
    assert_eq!(totals, [(-19, 1), (18, 2), (3, 3)]);
}

#[test]
fn equal_absolute_totals_share_the_place_and_skip_the_next() {
    // Totals: Anna +19, Ben -19, Cleo +2, Dora -2 -> places 1, 1, 3, 3.
    let rounds = vec![
        scores(&[("Anna", 10), ("Ben", -10), ("Cleo", 2), ("Dora", -2)]),
        scores(&[("Anna", 9), ("Ben", -9), ("Cleo", 0), ("Dora", 0)]),
        scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0)]),
        scores(&[("Anna", 0), ("Ben", 0), ("Cleo", 0), ("Dora", 0)]),
    ];
    let score = score_game(&names(4), &RangelnResult { rounds, imported_totals: None }).unwrap();
    let places: Vec<u32> = score.totals.iter().map(|t| t.place).collect();
    assert_eq!(places, [1, 1, 3, 3]);
}

#[test]
fn the_three_inputs_agree_on_one_position() {
    let players = names(3);
    let text = board_text(&[
        &["d4", "c3", "b2", "a2", "e5", "g6", "h8", "f5"],
        &["c5", "e7", "g3", "b5", "a9", "i4", "d6", "e2"],
        &["a5", "i5", "e1", "e9", "a1", "f3", "f7", "g5"],
    ]);
    let board = Board::parse(&text).unwrap();
    let from_board = score_round(&RoundInput::Board(text), &players).unwrap();
    let rings = RoundInput::Rings(
        players.iter().enumerate().map(|(i, p)| (p.clone(), board.ring_counts(i as u8 + 1))).collect(),
    );
    let bare = RoundInput::Scores(players.iter().cloned().zip(from_board.iter().copied()).collect());
    assert_eq!(score_round(&rings, &players).unwrap(), from_board);
    assert_eq!(score_round(&bare, &players).unwrap(), from_board);
}

#[test]
fn round_inputs_serialise_as_tagged_objects() {
    let json = serde_json::to_value(scores(&[("Anna", 3)])).unwrap();
    assert_eq!(json, serde_json::json!({"scores": {"Anna": 3}}));
    let rings: RoundInput = serde_json::from_value(serde_json::json!({"rings": {"Anna": {"plus2": 8}}})).unwrap();
    assert_eq!(rings, RoundInput::Rings([("Anna".to_string(), RingCounts { plus2: 8, ..Default::default() })].into()));
}

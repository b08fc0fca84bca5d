//! Every rule of RULES.md's referee section, with a passing and a failing case, and a
//! property: a round of random legal moves scores the same as its final board.

use super::*;
use crate::rangeln::{RoundInput, play_round};

const NAMES: [&str; 5] = ["Anna", "Ben", "Cleo", "Dora", "Emil"];

fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn path(s: &str) -> Path {
    s.parse().unwrap()
}

/// A round of `n` players started by seat `start + 1`, its placements skipped: the
/// pieces stand where `pieces` says ((seat, "c3 d5 ...")), and it is the turn of the
/// player at `position` of the round's order. Tests put only the pieces that matter.
fn round_at(n: usize, start: usize, position: usize, pieces: &[(u8, &str)]) -> Referee {
    let mut round = Referee::new(&names(n), start).unwrap();
    for (id, (seat, cells)) in
        pieces.iter().flat_map(|(seat, cells)| cells.split_whitespace().map(move |c| (seat, c))).enumerate()
    {
        round.board.set(cell(cells), Some(*seat));
        round.ids[cell(cells).index()] = id as u8 + 1;
    }
    round.placed = round.placements();
    round.turn = position;
    round
}

fn at_cell(round: &Referee, s: &str) -> Option<u8> {
    round.board.get(cell(s))
}

#[test]
fn placements_go_round_robin_and_follow_the_placement_rule() {
    // Round 2 of a 3-player game: Ben starts, so placement 7 is Ben's.
    let mut round = Referee::new(&names(3), 1).unwrap();
    for (player, c) in [("Ben", "c3"), ("Cleo", "g7"), ("Anna", "b8"), ("Ben", "g2"), ("Cleo", "c7"), ("Anna", "h5")] {
        round.place(player, cell(c)).unwrap();
    }
    let before = round.board.clone();
    let err = round.place("Ben", cell("d4")).unwrap_err().in_round(2);
    assert_eq!(err.to_string(), "round 2, placement 7: Ben may not place on d4, next to his piece on c3");
    assert_eq!(err.code(), "placement-adjacent");
    let err = round.place("Ben", cell("e5")).unwrap_err();
    assert_eq!(err.to_string(), "placement 7: Ben may not place on e5: it is a black cell");
    assert_eq!(err.code(), "placement-on-black");
    assert_eq!(
        round.place("Ben", cell("g7")).unwrap_err().to_string(),
        "placement 7: Ben may not place on g7: Cleo's piece stands there"
    );
    let err = round.place("Cleo", cell("a5")).unwrap_err();
    assert_eq!(err.to_string(), "placement 7: it is Ben's turn, not Cleo's");
    assert_eq!(err.code(), "out-of-turn");
    assert_eq!(round.place("Zoe", cell("a5")).unwrap_err().code(), "unknown-player");
    assert_eq!(round.board, before, "a refused placement changes nothing");
    // Diagonally two cells away is fine, and so is touching another player's piece.
    round.place("Ben", cell("e5").neighbours().find(|c| *c == cell("d6")).unwrap()).unwrap();
    assert_eq!(round.expect(), Expect::Placement { player: "Cleo", number: 8 });
    // A path before every piece is placed is refused.
    assert_eq!(round.path("Ben", &path("c3-c4")).unwrap_err().code(), "placement-count");
}

#[test]
fn a_step_pushes_the_whole_line_of_mixed_colours() {
    // Anna moves first (one step with each of six pieces); Ben, Anna, Cleo stand in line.
    let mut round = round_at(3, 0, 0, &[(1, "b6 d6"), (2, "c6"), (3, "e6")]);
    round.path("Anna", &path("b6-c6")).unwrap();
    assert_eq!(["b6", "c6", "d6", "e6", "f6"].map(|c| at_cell(&round, c)), [None, Some(1), Some(2), Some(1), Some(3)]);
}

#[test]
fn a_push_off_the_edge_is_refused_and_the_mover_may_turn_instead() {
    let line = [(3, "c3"), (1, "c5 c8"), (2, "c6 c9"), (3, "c7")];
    let mut round = round_at(3, 0, 2, &line);
    let before = round.board.clone();
    let err = round.path("Cleo", &path("c3-c4-c5")).unwrap_err().in_round(1);
    assert_eq!(
        err.to_string(),
        "round 1, turn of Cleo, path 1 (c3-c4-c5), step 2: the line c5-c6-c7-c8-c9 would be pushed off the board"
    );
    assert_eq!(err.code(), "push-off-board");
    assert_eq!(round.board, before, "a refused path moves nothing");
    // Turning at c4 instead: six steps, the turn is complete and the round over.
    round.path("Cleo", &path("c3-c4-d4-d5-d6-d7-d8")).unwrap();
    assert!(round.is_done());
    assert_eq!(at_cell(&round, "d8"), Some(3));
}

#[test]
fn black_cells_take_pushed_pieces_but_never_a_mover() {
    // Anna pushes Ben onto the centre and Cleo off it.
    let mut round = round_at(3, 0, 0, &[(1, "c5 d4 f6"), (2, "d5"), (3, "e5")]);
    round.path("Anna", &path("c5-d5")).unwrap();
    assert_eq!(["d5", "e5", "f5"].map(|c| at_cell(&round, c)), [Some(1), Some(2), Some(3)]);
    // Her own step onto the centre is refused, empty or not.
    let err = round.path("Anna", &path("d4-e4-e5")).unwrap_err();
    assert_eq!(err.code(), "allowance", "the first player's paths are one step each");
    round.path("Anna", &path("f6-e6")).unwrap();
    let mut round = round_at(3, 0, 0, &[(1, "d4 e6"), (2, "e5")]);
    let err = round.path("Anna", &path("e6-e5")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn of Anna, path 1 (e6-e5), step 1: e5 is black: a piece may be pushed onto it but not move there itself"
    );
    assert_eq!(err.code(), "step-onto-black");
    round.board.set(cell("e5"), None);
    assert_eq!(round.path("Anna", &path("d4-d5")).map(|_| ()), Ok(()));
    // A piece pushed onto a black cell may start a path there and leave it.
    let mut round = round_at(3, 0, 1, &[(2, "e5 b2 h2")]);
    round.path("Ben", &path("e5-f5-f6-f7")).unwrap();
    assert_eq!(at_cell(&round, "f7"), Some(2));
}

#[test]
fn a_path_never_returns_to_a_cell_it_was_on() {
    let mut round = round_at(3, 0, 2, &[(3, "c3")]);
    let err = round.path("Cleo", &path("c3-c4-d4-d3-c3-b3-b4")).unwrap_err();
    assert_eq!(err.to_string(), "turn of Cleo, path 1 (c3-c4-d4-d3-c3-b3-b4), step 4: c3 was already on this path");
    assert_eq!(err.code(), "step-revisit");
    // Going round without coming back is fine.
    round.path("Cleo", &path("c3-c4-d4-d3-d2-c2-b2")).unwrap();
}

#[test]
fn steps_go_to_a_neighbour_in_a_row_or_column() {
    let mut round = round_at(3, 0, 0, &[(1, "c3")]);
    let err = round.path("Anna", &path("c3-d4")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn of Anna, path 1 (c3-d4), step 1: c3-d4 is not a step to the next cell in the same row or column"
    );
    assert_eq!(round.path("Anna", &path("c3-c5")).unwrap_err().code(), "step-not-orthogonal");
    assert_eq!(round.path("Anna", &path("c3")).unwrap_err().code(), "path-empty");
    let err = round.path("Anna", &path("d3-d4")).unwrap_err();
    assert_eq!(err.to_string(), "turn of Anna, path 1 (d3-d4): there is no piece of Anna on d3");
    assert_eq!(round.path("Ben", &path("c3-c4")).unwrap_err().to_string(), "turn of Ben: it is Anna's turn, not Ben's");
}

#[test]
fn each_piece_makes_one_path_even_after_being_pushed() {
    // Anna's first path pushes her own piece from c6 to d6; that piece has not moved by
    // itself yet and may; the piece that made the first path may not move again.
    let mut round = round_at(3, 0, 0, &[(1, "b6 c6 g2")]);
    round.path("Anna", &path("b6-c6")).unwrap();
    assert_eq!(at_cell(&round, "d6"), Some(1));
    round.path("Anna", &path("d6-d7")).unwrap();
    let err = round.path("Anna", &path("c6-c7")).unwrap_err();
    assert_eq!(err.to_string(), "turn of Anna, path 3 (c6-c7): the piece on c6 already moved this turn");
    assert_eq!(err.code(), "piece-moved-twice");
    round.path("Anna", &path("g2-g3")).unwrap();
}

/// A legal turn of the given path lengths: the mover's pieces stand on row 2 from
/// column b, and path i walks piece i straight up.
fn straight_turn(lengths: &[usize]) -> Vec<Path> {
    lengths
        .iter()
        .enumerate()
        .map(|(i, &len)| {
            let col = (b'b' + i as u8) as char;
            Path((0..=len).map(|step| cell(&format!("{col}{}", 2 + step))).collect())
        })
        .collect()
}

fn row_of_pieces(seat: u8) -> String {
    "b2 c2 d2 e2 f2 g2 h2".split(' ').take(if seat == 0 { 0 } else { 7 }).collect::<Vec<_>>().join(" ")
}

/// Players, position, the path lengths of a legal turn, of an illegal one, and what is
/// said about the illegal one.
type AllowanceCase = (usize, usize, &'static [usize], &'static [usize], &'static str);

#[test]
fn the_allowance_of_every_position_is_used_exactly() {
    let cases: &[AllowanceCase] = &[
        (
            3,
            0,
            &[1, 1, 1, 1, 1, 1],
            &[1, 2],
            "allowance as first player of 3 is 6 paths of 1 step each; this turn has 2 paths of 1, 2 steps",
        ),
        (
            3,
            1,
            &[3, 3],
            &[3, 2],
            "allowance as second player of 3 is 2 paths of 3 steps each, or 3 paths of 2 steps each; this turn has 2 paths of 3, 2 steps",
        ),
        (3, 1, &[2, 2, 2], &[2, 2, 3], "this turn has 3 paths of 2, 2, 3 steps"),
        (3, 2, &[6], &[7], "allowance as third player of 3 is 1 path of 6 steps; this turn has 1 path of 7 steps"),
        (4, 0, &[1, 1, 1, 1], &[2], "allowance as first player of 4 is 4 paths of 1 step each"),
        (
            4,
            1,
            &[2, 1, 1],
            &[2, 2],
            "allowance as second player of 4 is 3 paths with 4 steps in all; this turn has 2 paths",
        ),
        (4, 2, &[3, 1], &[4], "allowance as third player of 4 is 2 paths with 4 steps in all; this turn has 1 path"),
        (4, 3, &[4], &[1, 3], "allowance as fourth player of 4 is 1 path of 4 steps"),
        (5, 0, &[1, 1, 1, 1, 1], &[1, 1, 3], "allowance as first player of 5 is 5 paths of 1 step each"),
        (
            5,
            1,
            &[2, 1, 1, 1],
            &[1, 1, 1, 1, 1],
            "allowance as second player of 5 is 4 paths with 5 steps in all; this turn has 5 paths",
        ),
        (
            5,
            2,
            &[1, 1, 3],
            &[2, 2, 2],
            "allowance as third player of 5 is 3 paths with 5 steps in all; this turn has 6 steps in all",
        ),
        (
            5,
            3,
            &[4, 1],
            &[3, 3],
            "allowance as fourth player of 5 is 2 paths with 5 steps in all; this turn has 6 steps in all",
        ),
        (5, 4, &[5], &[6], "allowance as fifth player of 5 is 1 path of 5 steps"),
    ];
    for &(n, position, legal, illegal, said) in cases {
        let seat = position as u8 + 1;
        let player = NAMES[position];
        let mut round = round_at(n, 0, position, &[(seat, &row_of_pieces(seat))]);
        for p in straight_turn(legal) {
            round.path(player, &p).unwrap_or_else(|e| panic!("{n} players, position {position}: {e}"));
        }
        assert_eq!(round.turn, position + 1, "{n} players, position {position}: the turn is complete");

        let mut round = round_at(n, 0, position, &[(seat, &row_of_pieces(seat))]);
        let err = straight_turn(illegal)
            .iter()
            .try_for_each(|p| round.path(player, p))
            .and_then(|()| if round.turn == position { round.end_turn() } else { Ok(()) })
            .expect_err(&format!("{n} players, position {position}: {illegal:?} is refused"));
        assert_eq!(err.code(), "allowance");
        assert!(err.to_string().contains(said), "{n} players, position {position}: {err}");
    }
}

#[test]
fn a_turn_ends_early_only_when_stuck() {
    // Cleo (third of 3: one path of 6) steps from c9 to b9. From there a9 is black, c9
    // is where she came from and column b is full down to b1: the push would go off the
    // board. She is stuck after 1 step.
    let column = "b1 b2 b3 b4 b5 b6 b7 b8";
    let mut round = round_at(3, 0, 2, &[(3, "c9"), (1, column)]);
    round.path("Cleo", &path("c9-b9")).unwrap();
    assert!(!round.is_done());
    round.end_turn().unwrap();
    assert!(round.is_done());
    assert_eq!(round.notes(), ["Cleo's turn ended after 1 step of 6: no piece of Cleo could make another legal step"]);
    // With room at b1 she could go on: ending there is refused.
    let mut round = round_at(3, 0, 2, &[(3, "c9"), (1, "b2 b3 b4 b5 b6 b7 b8")]);
    round.path("Cleo", &path("c9-b9")).unwrap();
    let err = round.end_turn().unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn of Cleo: Cleo's allowance as third player of 3 is 1 path of 6 steps; this turn has 1 path of 1 steps, and the piece on b9 can still move"
    );
}

#[test]
fn a_written_round_is_refereed_from_placements_to_the_last_turn() {
    // Three players place round robin, then Anna, Ben and Cleo move; see the file's
    // placements for the position.
    // Placed round robin on rows 2, 4, 6 and 8, columns b, c, d, f, g, h (the moves text form).
    let mut text = String::new();
    for row in [2, 4, 6, 8] {
        for (i, col) in ["b", "c", "d", "f", "g", "h"].iter().enumerate() {
            text.push_str(&format!("{} {col}{row}\n", NAMES[i % 3]));
        }
    }
    text.push_str(
        "Anna: b2-b3 f2-f3 b4-a4 f4-e4 b6-a6 f6-f7\nBen: c2-c1-d1 g2-g1-f1 c4-c5-b5\nCleo: h8-i8-i7-i6-i5-i4-i3\n",
    );
    let moves: Moves = text.parse().unwrap();
    let played = play_round(&RoundInput::Moves(moves.clone()), &names(3), Some(0)).unwrap();
    let board = played.board.unwrap();
    assert_eq!(board.get(cell("i3")), Some(3));
    assert_eq!(board.get(cell("e4")), Some(1));
    let from_board = play_round(&RoundInput::Board(board.to_string()), &names(3), None).unwrap();
    assert_eq!(played.scores, from_board.scores);
    // The same round with Ben as start player places out of turn at once.
    let err = play_round(&RoundInput::Moves(moves.clone()), &names(3), Some(1)).unwrap_err();
    assert_eq!(err.to_string(), "placement 1: it is Ben's turn, not Anna's");
    // Without a start player (the scoring endpoint), the first placer starts.
    assert!(play_round(&RoundInput::Moves(moves.clone()), &names(3), None).is_ok());
    // A turn missing, or one too many.
    let mut short = moves.clone();
    short.turns.pop();
    assert_eq!(referee(&short, &names(3), 0).unwrap_err().to_string(), "2 of 3 turns made: Cleo has not moved");
    let mut long = moves.clone();
    long.turns[0].paths.push(path("b8-b9"));
    assert_eq!(referee(&long, &names(3), 0).unwrap_err().code(), "allowance");
    let mut missing = moves;
    missing.placements.pop();
    assert_eq!(referee(&missing, &names(3), 0).unwrap_err().code(), "placement-count");
}

/// A tiny deterministic generator: the property test draws seeds, not moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays a round of random legal moves through the referee, and writes it down.
fn random_round(n: usize, start: usize, seed: u64) -> (Moves, Referee) {
    let players = names(n);
    let mut rng = Rng(seed | 1);
    let mut round = Referee::new(&players, start).unwrap();
    let mut placements = Vec::new();
    while let Expect::Placement { player, .. } = round.expect() {
        let player = player.to_owned();
        let legal: Vec<Cell> = Cell::all().filter(|&c| round.clone().place(&player, c).is_ok()).collect();
        let c = legal[rng.below(legal.len())];
        round.place(&player, c).unwrap();
        placements.push((player, c));
    }
    let mut turns = Vec::new();
    while !round.is_done() {
        let player = players[round.mover()].clone();
        let position = round.turn;
        let shapes = round.shapes();
        let shape = shapes[rng.below(shapes.len())];
        let mut paths = Vec::new();
        while round.turn == position {
            let lengths = round.lengths.clone();
            let starts: Vec<Cell> = round.startable().filter(|&c| round.can_step(c, &[c])).collect();
            if !shape.may_start(&lengths) || starts.is_empty() {
                round.end_turn().unwrap();
                break;
            }
            let left = shape.total() - lengths.iter().sum::<usize>();
            let later = shape.paths - lengths.len() - 1;
            let target = match shape.steps {
                Steps::Each(each) => each,
                Steps::Total(_) if later == 0 => left,
                Steps::Total(_) => 1 + rng.below(left - later),
            };
            let mut cells = vec![starts[rng.below(starts.len())]];
            let mut sim = round.clone();
            while cells.len() <= target {
                let from = *cells.last().unwrap();
                let next: Vec<Cell> = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .into_iter()
                    .filter_map(|(dc, dr)| offset(from, dc, dr))
                    .filter(|&to| sim.step_check(from, to, &cells).is_ok())
                    .collect();
                let Some(&to) = next.get(rng.below(next.len().max(1))) else { break };
                let line = sim.step_check(from, to, &cells).unwrap();
                sim.step(from, to, &line);
                cells.push(to);
            }
            let p = Path(cells);
            round.path(&player, &p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let stuck_short = p.steps() < target;
            paths.push(p);
            if round.turn == position && stuck_short && matches!(shape.steps, Steps::Each(_)) {
                round.end_turn().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
        }
        turns.push(Turn { player, paths });
    }
    (Moves { placements, turns }, round)
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(64))]
    /// A round of random legal moves, written down and refereed again, ends on the same
    /// board, and scores as that board does.
    #[test]
    fn random_legal_rounds_score_as_their_final_board(n in 3usize..=5, start in 0usize..5, seed in proptest::prelude::any::<u64>()) {
        let start = start % n;
        let (moves, played) = random_round(n, start, seed);
        let refereed = referee(&moves, &names(n), start).unwrap();
        proptest::prop_assert_eq!(&refereed.board, played.board());
        proptest::prop_assert_eq!(refereed.notes.len(), played.notes().len());
        let by_moves = play_round(&RoundInput::Moves(moves.clone()), &names(n), Some(start)).unwrap();
        let by_board = play_round(&RoundInput::Board(refereed.board.to_string()), &names(n), None).unwrap();
        proptest::prop_assert_eq!(by_moves.scores, by_board.scores);
        // The written form survives JSON.
        let json = serde_json::to_string(&moves).unwrap();
        proptest::prop_assert_eq!(serde_json::from_str::<Moves>(&json).unwrap(), moves);
    }
}

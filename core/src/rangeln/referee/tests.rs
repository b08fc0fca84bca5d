//! Every rule of docs/rules.md's referee section, with a passing and a failing case, and a
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
    round.shapes = allowance(n, position);
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
    assert_eq!(err.to_string(), "round 2, placement 7: Ben may not place on d4, next to their own piece on c3");
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
            &[3, 4],
            "allowance as second player of 3 is 2 paths of 3 steps each, or 3 paths of 2 steps each; this turn has 2 paths of 3, 4 steps",
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
        (4, 3, &[4], &[5], "allowance as fourth player of 4 is 1 path of 4 steps"),
        (5, 0, &[1, 1, 1, 1, 1], &[1, 1, 3], "allowance as first player of 5 is 5 paths of 1 step each"),
        (
            5,
            1,
            &[2, 1, 1, 1],
            &[1, 1, 1, 3],
            "allowance as second player of 5 is 4 paths with 5 steps in all; this turn has 6 steps in all",
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
        assert_eq!(err.code(), "allowance", "{n} players, position {position}: {err}");
        assert!(err.to_string().contains(said), "{n} players, position {position}: {err}");
    }
}

/// Pieces of `seat` on every cell of `cells` (a space-separated list).
fn pieces(seat: u8, cells: &'static str) -> (u8, &'static str) {
    (seat, cells)
}

/// Cleo (third of 3: one path of 6) on c9, boxed in: row 9 to the right and column c
/// below are full to the edge, so she can only step to b9; column b below b9 is full
/// down to `b_column`'s end.
fn cleo_in_the_corner(b_column: &'static str) -> Referee {
    round_at(
        3,
        0,
        2,
        &[
            pieces(3, "c9"),
            pieces(1, "d9 e9 f9 g9 h9 i9"),
            pieces(2, "c8 c7 c6 c4 c3 c2 c1"),
            pieces(1, "c5"),
            pieces(1, b_column),
        ],
    )
}

#[test]
fn a_short_path_is_taken_only_when_no_piece_could_go_the_full_length() {
    // Ben, second of three, walks a3-a2 into the corner (a1 is black, row 2 is full to
    // the edge): the piece on d5 could still go 3 steps, so the short path is refused,
    // naming it, and nothing moves. (His piece on a3 is boxed in by full lines.)
    let boxed = [
        pieces(2, "a3 d5"),
        pieces(1, "b2 c2 d2 e2 f2 g2 h2 i2"),
        pieces(3, "a4 a5 a6 a7 a8 a9"),
        pieces(3, "b3 c3 d3 e3 f3 g3 h3 i3"),
    ];
    let mut round = round_at(3, 0, 1, &boxed);
    let before = round.board.clone();
    let err = round.path("Ben", &path("a3-a2")).unwrap_err().in_round(2);
    assert_eq!(err.code(), "short-path");
    assert_eq!(
        err.to_string(),
        "round 2, turn of Ben, path 1 (a3-a2): the path stops after 1 of 3 steps, but the piece on d5 could go all 3: a path goes its full length whenever a piece of the mover can"
    );
    assert_eq!(round.board, before, "a refused path moves nothing");
    // A path that stops while its piece could step on is refused too.
    let err = round.path("Ben", &path("d5-d6")).unwrap_err();
    assert_eq!(err.code(), "short-path");
    assert!(err.to_string().contains("the piece on d6 can still step on"), "{err}");
    // Going the full length is fine, and the turn goes on.
    round.path("Ben", &path("d5-d6-d7-d8")).unwrap();
    assert_eq!(round.expect(), Expect::Path { player: "Ben", path: 2, allowance: round.allowance_words() });
    assert_eq!(
        round.allowance_left().unwrap().to_string(),
        "Ben's allowance as second player of 3 is 2 paths of 3 steps each, or 3 paths of 2 steps each; made so far: 1 path (3 steps); left: 1 path of 3 steps"
    );
}

#[test]
fn a_short_path_at_a_dead_end_counts_and_the_turn_goes_on() {
    // Ben (second of three) has two pieces, each able to make exactly one step: a3 to
    // the dead end a2, and h1 to the dead end g1. Neither could go 2 or 3 steps, so both
    // short paths count, each as one path of the turn, and the turn ends when no piece
    // is left to move.
    let board = [
        pieces(2, "a3 h1"),
        pieces(1, "b2 c2 d2 e2 f2 g2 h2 i2"),
        pieces(3, "a4 a5 a6 a7 a8 a9"),
        pieces(3, "b3 c3 d3 e3 f3 g3 h3 i3"),
        pieces(1, "g4 g5 g6 g7 g8 g9 h4 h5 h6 h7 h8 h9"),
        pieces(3, "a1 b1 c1 d1 e1 f1"),
    ];
    let mut round = round_at(3, 0, 1, &board);
    round.path("Ben", &path("a3-a2")).unwrap();
    assert_eq!(round.turn, 1, "the turn goes on after a short path");
    assert_eq!(
        round.notes()[0].to_string(),
        "Ben's path a3-a2 stopped after 1 step of 3: the piece on a2 is stuck (a3 was already on this path, a1 is black, the line b2-c2-d2-e2-f2-g2-h2-i2 would be pushed off the board and the edge of the board), and no piece of Ben could have gone 3 steps"
    );
    round.path("Ben", &path("h1-g1")).unwrap();
    assert_eq!(round.turn, 2, "no piece of Ben is left to move: the turn is over");
    assert_eq!(round.notes().len(), 2);
    assert!(
        round.notes()[1]
            .to_string()
            .starts_with("Ben's path h1-g1 stopped after 1 step of 3: the piece on g1 is stuck")
    );
    // Written down and refereed again, the turn reads the same.
    assert_eq!(round.expect(), Expect::Path { player: "Cleo", path: 1, allowance: round.allowance_words() });
}

#[test]
fn a_turn_ends_early_only_when_no_piece_can_move() {
    // Boxed in on c9 with column b full to b1: c9-b9 is a dead end, and no piece of
    // Cleo could have gone 6 steps. The path counts, and with it her one path is made.
    let mut round = cleo_in_the_corner("b8 b7 b6 b5 b4 b3 b2 b1");
    round.path("Cleo", &path("c9-b9")).unwrap();
    assert!(round.is_done());
    assert_eq!(
        round.notes().iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "Cleo's path c9-b9 stopped after 1 step of 6: the piece on b9 is stuck (the line b8-b7-b6-b5-b4-b3-b2-b1 would be pushed off the board, c9 was already on this path, a9 is black and the edge of the board), and no piece of Cleo could have gone 6 steps"
        ]
    );
    // With room at b1 she could go on from b9: the short path is refused.
    let mut round = cleo_in_the_corner("b8 b7 b6 b5 b4 b3 b2");
    let err = round.path("Cleo", &path("c9-b9")).unwrap_err();
    assert_eq!(err.code(), "short-path");
    assert!(err.to_string().contains("the piece on b9 can still step on"), "{err}");
    // Ending the turn without a path is refused while a piece can move ...
    let err = round.end_turn().unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn of Cleo: Cleo's allowance as third player of 3 is 1 path of 6 steps; this turn has 0 paths, and the piece on c9 can still move"
    );
    // ... and taken, with a true note, when none can.
    let mut round = round_at(3, 0, 2, &[pieces(3, "b9"), pieces(1, "b8 b7 b6 b5 b4 b3 b2 b1 c9 d9 e9 f9 g9 h9 i9")]);
    round.end_turn().unwrap();
    assert!(round.is_done());
    assert_eq!(
        round.notes().iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "Cleo's turn ended after 0 steps of 6: no piece of Cleo that may still move has a legal step: the piece on b9 (the line b8-b7-b6-b5-b4-b3-b2-b1 would be pushed off the board, the line c9-d9-e9-f9-g9-h9-i9 would be pushed off the board, a9 is black and the edge of the board)"
        ]
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

/// The test's own search for a path of exactly `steps` steps from `from`: every route,
/// each step checked by the referee's step rule on a copy of the round.
fn full_walk(round: &Referee, from: Cell, steps: usize) -> Option<Path> {
    fn walk(round: &Referee, cells: &mut Vec<Cell>, steps: usize) -> bool {
        if cells.len() > steps {
            return true;
        }
        let from = *cells.last().unwrap();
        for (dc, dr) in DIRECTIONS {
            let Some(to) = offset(from, dc, dr) else { continue };
            let Ok(line) = step_check(&round.board, from, to, cells) else { continue };
            let mut next = round.clone();
            shift(&mut next.board, &mut next.ids, from, to, &line);
            cells.push(to);
            if walk(&next, cells, steps) {
                return true;
            }
            cells.pop();
        }
        false
    }
    let mut cells = vec![from];
    walk(round, &mut cells, steps).then_some(Path(cells))
}

/// A random walk from `from` of at most `steps` steps: it stops early only at a dead end.
fn random_walk(round: &Referee, from: Cell, steps: usize, rng: &mut Rng) -> Path {
    let (mut cells, mut sim) = (vec![from], round.clone());
    while cells.len() <= steps {
        let here = *cells.last().unwrap();
        let next: Vec<Cell> = DIRECTIONS
            .into_iter()
            .filter_map(|(dc, dr)| offset(here, dc, dr))
            .filter(|&to| step_check(&sim.board, here, to, &cells).is_ok())
            .collect();
        let Some(&to) = next.get(rng.below(next.len().max(1))) else { break };
        let line = step_check(&sim.board, here, to, &cells).unwrap();
        shift(&mut sim.board, &mut sim.ids, here, to, &line);
        cells.push(to);
    }
    Path(cells)
}

/// Plays a round of random legal moves through the referee, and writes it down. Random
/// walks that stop short are offered to the referee too, and what it says is held
/// against the test's own search (docs/rules.md "Stuck").
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
        let mut paths = Vec::new();
        while round.turn == position {
            let starts: Vec<Cell> = round.startable().filter(|&c| round.can_step(c, &[c])).collect();
            if starts.is_empty() {
                round.end_turn().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                break;
            }
            let needs: Vec<Need> = round.shapes.iter().filter_map(|s| s.need(&round.lengths)).collect();
            let target = match needs[rng.below(needs.len())] {
                Need::Full(full) => full,
                Need::UpTo(most) => 1 + rng.below(most),
            };
            let walked = random_walk(&round, starts[rng.below(starts.len())], target, &mut rng);
            let fits = needs.iter().any(|need| match *need {
                Need::Full(full) => walked.steps() == full,
                Need::UpTo(most) => walked.steps() <= most,
            });
            // Short of every shape: taken exactly when some shape's full length is out of
            // reach of every piece that may still move (the walk ended at a dead end).
            let short_ok = needs.iter().any(|need| match *need {
                Need::Full(full) if walked.steps() < full => {
                    round.startable().all(|c| full_walk(&round, c, full).is_none())
                }
                _ => false,
            });
            let mut attempt = round.clone();
            match attempt.path(&player, &walked) {
                Ok(()) => {
                    assert!(fits || short_ok, "seed {seed}: {walked} was taken although a piece could go on");
                    round = attempt;
                    paths.push(walked);
                }
                Err(e) => {
                    assert!(!fits && !short_ok, "seed {seed}: {walked} was refused: {e}");
                    assert_eq!(e.code(), "short-path", "seed {seed}: {e}");
                    // A path of the full length exists: the test's search finds one.
                    let full = needs
                        .iter()
                        .filter_map(|need| match *need {
                            Need::Full(full) if full > walked.steps() => Some(full),
                            _ => None,
                        })
                        .min()
                        .unwrap();
                    let path = round
                        .startable()
                        .find_map(|c| full_walk(&round, c, full))
                        .unwrap_or_else(|| panic!("seed {seed}: refused {walked}, but no piece can go {full}"));
                    round.path(&player, &path).unwrap_or_else(|e| panic!("seed {seed}: {path}: {e}"));
                    paths.push(path);
                }
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

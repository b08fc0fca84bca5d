//! Deciding one Rangeln round (goal: well under a millisecond each): bare scores checked
//! jointly (the slowest cases found by a scan: every 3-player round, and 5 players whose
//! rings are tight), and a round refereed move by move.

use criterion::{Criterion, criterion_group, criterion_main};
use spielstand_core::rangeln::{Moves, RoundInput, play_round, score_round};
use std::collections::BTreeMap;
use std::hint::black_box;

fn names(n: usize) -> Vec<String> {
    ["Anna", "Ben", "Cleo", "Dora", "Emil"][..n].iter().map(|s| s.to_string()).collect()
}

fn scores(players: &[String], values: &[i32]) -> RoundInput {
    RoundInput::Scores(players.iter().cloned().zip(values.iter().copied()).collect::<BTreeMap<_, _>>())
}

/// A round of three placed on rows 2 to 8 and moved (as in the referee's tests).
fn moves() -> Moves {
    let players = names(3);
    let mut text = String::new();
    for row in [2, 4, 6, 8] {
        for (i, col) in ["b", "c", "d", "f", "g", "h"].iter().enumerate() {
            text.push_str(&format!("{} {col}{row}\n", players[i % 3]));
        }
    }
    text.push_str(
        "Anna: b2-b3 f2-f3 b4-a4 f4-e4 b6-a6 f6-f7\nBen: c2-c1-d1 g2-g1-f1 c4-c5-b5\nCleo: h8-i8-i7-i6-i5-i4-i3\n",
    );
    text.parse().expect("a round in the moves text form")
}

fn bench(c: &mut Criterion) {
    let three = names(3);
    let five = names(5);
    c.bench_function("joint check: every 3-player round of bare scores (35,937 rounds)", |b| {
        b.iter(|| {
            let mut possible = 0u32;
            for a in -16..=16 {
                for b in -16..=16 {
                    for c in -16..=16 {
                        possible += u32::from(score_round(&scores(&three, &[a, b, c]), &three).is_ok());
                    }
                }
            }
            black_box(possible)
        })
    });
    for values in [[-6, -6, -6, -6, -6], [-7, -7, -7, -7, -6], [0, 0, 0, 0, 0], [12, -12, -12, 4, 4]] {
        c.bench_function(&format!("joint check: 5 players {values:?}"), |b| {
            let round = scores(&five, &values);
            b.iter(|| black_box(score_round(&round, &five).is_ok()))
        });
    }
    let round = RoundInput::Moves(moves());
    c.bench_function("referee: a 3-player round, 24 placements and 3 turns", |b| {
        b.iter(|| black_box(play_round(&round, &three, Some(0)).unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

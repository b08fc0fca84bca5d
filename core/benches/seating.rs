//! A night's draw and what it predicts (goals from the seating issue): a swiss draw for 60
//! players with 50 earlier nights of history (<= 50 ms), the predictions of a table (<= 1
//! ms), and the ratings' accuracy of a 100,000-result league after one appended result
//! (<= 2 x the table's cold time, measured here as `cold table`).

use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use rustc_hash::FxHashSet;
use spielstand_core::draw::{DrawMethod, DrawRequest, Entrant, draw, pair};
use spielstand_core::prediction::win_probabilities;
use spielstand_core::rating::model_beta;
use spielstand_core::{GameKind, LeagueRules, LeagueState, ResultEntry, Skill, StandingsQuery};
use std::hint::black_box;

mod common;
use common::SplitMix;

/// `players` split at random into tables of 4: the pairs that sat together.
fn night_pairs(rng: &mut SplitMix, players: &[i64], into: &mut FxHashSet<(i64, i64)>) {
    let mut order = players.to_vec();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for table in order.chunks(4) {
        for (x, &a) in table.iter().enumerate() {
            for &b in &table[x + 1..] {
                into.insert(pair(a, b));
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut rng = SplitMix(2026);
    let entrants: Vec<Entrant> = (0..60)
        .map(|i| Entrant {
            id: i,
            name: format!("Spieler {i:02}"),
            rating: rng.below(4000) as f64 / 100.0 - 10.0,
            standing: i as u32 + 1,
            night_points: rng.below(12) as f64,
            started: rng.below(3) == 0,
        })
        .collect();
    let ids: Vec<i64> = entrants.iter().map(|e| e.id).collect();
    // 50 earlier nights, every pair of them to avoid; two rounds tonight already.
    let mut recently = FxHashSet::default();
    for _ in 0..50 {
        night_pairs(&mut rng, &ids, &mut recently);
    }
    let mut tonight = FxHashSet::default();
    for _ in 0..2 {
        night_pairs(&mut rng, &ids, &mut tonight);
    }
    let mut group = c.benchmark_group("seating");
    group.sample_size(20);
    for method in [DrawMethod::Swiss, DrawMethod::Balanced, DrawMethod::Random] {
        let request = DrawRequest {
            game: GameKind::LaufRauf,
            method,
            size: None,
            seed: 7,
            entrants: &entrants,
            pins: &[(0, 1), (1, 2)],
            apart: &[(2, 3), (4, 5)],
            met_tonight: &tonight,
            met_recently: &recently,
        };
        group.bench_function(format!("{method:?} draw, 60 players, 50 nights of history"), |b| {
            b.iter(|| draw(black_box(&request)).unwrap())
        });
    }
    let table: Vec<Skill> = (0..6)
        .map(|i| Skill { rating: 20.0 + i as f64, rating_uncertainty: 3.0 + i as f64 / 2.0, rating_display: 0.0 })
        .collect();
    group.bench_function("predictions of a table of 6", |b| {
        b.iter(|| win_probabilities(black_box(&table), model_beta()))
    });
    group.finish();

    // The accuracy kept along the ratings: one appended result, against the cold table.
    let rules = LeagueRules::new(GameKind::ALL.to_vec());
    let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    let results: Vec<ResultEntry> = (0..100_000)
        .map(|id| {
            let game = GameKind::ALL[rng.below(5) as usize];
            let n = game.min_players() + rng.below((game.max_players() - game.min_players() + 1) as u64) as usize;
            let mut seated: Vec<i64> = Vec::with_capacity(n);
            while seated.len() < n {
                let p = rng.below(500) as i64;
                if !seated.contains(&p) {
                    seated.push(p);
                }
            }
            let placings = seated.iter().enumerate().map(|(i, &p)| (p, i as u32 + 1)).collect();
            ResultEntry { id, game, played_on: start + chrono::Days::new(rng.below(300)), placings, teams: Vec::new() }
        })
        .collect();
    let build = || {
        let mut state = LeagueState::new(rules.clone());
        for p in 0..500 {
            state.set_player_name(p, &format!("Spieler {p:03}"));
        }
        for r in &results {
            state.upsert(r);
        }
        state
    };
    let mut group = c.benchmark_group("accuracy");
    group.sample_size(10);
    group.bench_function("100k results: cold table (state built, then the table)", |b| {
        b.iter(|| build().table(StandingsQuery::default()))
    });
    let mut state = build();
    state.rating_accuracy(None);
    let last_day = results.iter().map(|r| r.played_on).max().unwrap();
    let mut next_id = results.len() as i64;
    group.bench_function("100k results: append one result, then the accuracy", |b| {
        b.iter_custom(|iters| {
            let mut timed = std::time::Duration::ZERO;
            for _ in 0..iters {
                let mut appended = results[next_id as usize % results.len()].clone();
                appended.id = next_id;
                appended.played_on = last_day;
                next_id += 1;
                let started = std::time::Instant::now();
                state.upsert(&appended);
                black_box(state.rating_accuracy(None));
                timed += started.elapsed();
                state.remove(appended.id);
                state.rating_accuracy(None);
            }
            timed
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

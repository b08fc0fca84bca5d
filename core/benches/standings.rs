//! Standings of a league with 100,000 results over 500 players (goal: <= 50 ms); the
//! Weng-Lin replay of those results (goal: <= 200 ms); both together; and the work the
//! API's incremental league state does after one change (an appended result, a result
//! moved to another day) and for a table as of a day.

use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use spielstand_core::{
    GameKind, LeagueResult, LeagueRules, LeagueState, Placing, Ratings, ResultEntry, StandingsQuery, rated_standings,
    standings,
};
use std::hint::black_box;

mod common;
use common::SplitMix;

fn league(results: usize, players: usize) -> Vec<LeagueResult> {
    let names: Vec<String> = (0..players).map(|i| format!("Spieler {i:03}")).collect();
    let mut rng = SplitMix(2026);
    let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    (0..results as i64)
        .map(|id| {
            let game = GameKind::ALL[rng.below(5) as usize];
            let n = game.min_players() + rng.below((game.max_players() - game.min_players() + 1) as u64) as usize;
            let mut seated: Vec<usize> = Vec::with_capacity(n);
            while seated.len() < n {
                let p = rng.below(players as u64) as usize;
                if !seated.contains(&p) {
                    seated.push(p);
                }
            }
            // Occasionally the last two share their place, as in a game stopped early.
            let tie_last = rng.below(4) == 0;
            let placings = seated
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    let place = if tie_last && i == n - 1 { n as u32 - 1 } else { i as u32 + 1 };
                    Placing::alone(names[p].clone(), place)
                })
                .collect();
            LeagueResult { id, game, played_on: start + chrono::Days::new(rng.below(300)), placings }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let results = league(100_000, 500);
    let rules = LeagueRules::new(GameKind::ALL.to_vec());
    let mut group = c.benchmark_group("standings");
    group.sample_size(20);
    group.bench_function("100k results, 500 players", |b| {
        b.iter(|| standings(black_box(&rules), black_box(&results), StandingsQuery::default()))
    });
    group.bench_function("100k results, 500 players, rangeln as of a date", |b| {
        let query = StandingsQuery { game: Some(GameKind::Rangeln), as_of: NaiveDate::from_ymd_opt(2026, 6, 30) };
        b.iter(|| standings(black_box(&rules), black_box(&results), query))
    });
    group.bench_function("ratings replay, 100k results", |b| b.iter(|| Ratings::replay(black_box(&results))));
    group.bench_function("100k results, 500 players, with ratings", |b| {
        b.iter(|| rated_standings(black_box(&rules), black_box(&results), StandingsQuery::default()))
    });
    group.finish();

    // The incremental state the API keeps per league: the work after one change.
    let ids: Vec<String> = (0..500).map(|i| format!("Spieler {i:03}")).collect();
    let entry = |r: &LeagueResult| ResultEntry {
        id: r.id,
        game: r.game,
        played_on: r.played_on,
        placings: r
            .placings
            .iter()
            .map(|p| (ids.iter().position(|n| *n == p.player).unwrap() as i64, p.place))
            .collect(),
        teams: Vec::new(),
    };
    let mut state = LeagueState::new(rules.clone());
    for (i, name) in ids.iter().enumerate() {
        state.set_player_name(i as i64, name);
    }
    for r in &results {
        state.upsert(&entry(r));
    }
    state.table(StandingsQuery::default());
    let mut group = c.benchmark_group("incremental");
    group.sample_size(20);
    let mut next_id = results.len() as i64;
    let last_day = results.iter().map(|r| r.played_on).max().unwrap();
    group.bench_function("100k results: append one result, then the table", |b| {
        // Each appended result is taken away again, untimed, so the league stays at 100k.
        b.iter_custom(|iters| {
            let mut timed = std::time::Duration::ZERO;
            for _ in 0..iters {
                let mut appended = entry(&results[next_id as usize % results.len()]);
                appended.id = next_id;
                appended.played_on = last_day;
                next_id += 1;
                let started = std::time::Instant::now();
                state.upsert(&appended);
                black_box(state.table(StandingsQuery::default()));
                timed += started.elapsed();
                state.remove(appended.id);
                state.table(StandingsQuery::default());
            }
            timed
        })
    });
    let mut rng = SplitMix(7);
    group.bench_function("100k results: move a result to a random day, then the table", |b| {
        b.iter(|| {
            let mut moved = entry(&results[rng.below(results.len() as u64) as usize]);
            moved.played_on = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(rng.below(300));
            state.upsert(&moved);
            state.table(StandingsQuery::default())
        })
    });
    group.bench_function("100k results: the table as of a day", |b| {
        b.iter(|| {
            let day = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(rng.below(300));
            state.table(StandingsQuery { game: None, as_of: Some(day) })
        })
    });
    group.finish();

    // A league a process does not hold: read back from its snapshot instead of replayed.
    let mut group = c.benchmark_group("snapshot");
    group.sample_size(20);
    let small_results = league(1_000, 40);
    let mut small = LeagueState::new(rules.clone());
    for (i, name) in ids.iter().enumerate().take(40) {
        small.set_player_name(i as i64, name);
    }
    for r in &small_results {
        small.upsert(&entry(r));
    }
    for (what, state) in [("1k results", &mut small), ("100k results", &mut state)] {
        let bytes = state.snapshot();
        eprintln!("{what}: a snapshot of {} bytes", bytes.len());
        group.bench_function(format!("{what}: written"), |b| b.iter(|| black_box(state.snapshot())));
        group.bench_function(format!("{what}: read back, then the table"), |b| {
            b.iter(|| LeagueState::from_snapshot(black_box(&bytes)).unwrap().table(StandingsQuery::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

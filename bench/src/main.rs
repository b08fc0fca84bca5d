//! `spielstand-bench`: the measuring half of `bench/run.sh`.

use anyhow::{Context, ensure};
use clap::{Parser, Subcommand};
use spielstand_bench::{Api, game};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Load generators for spielstand's benchmarks")]
struct Cli {
    /// The server to load.
    #[arg(long, env = "SPIELSTAND_SERVER", default_value = "http://127.0.0.1:8080", global = true)]
    server: String,
    /// A write token.
    #[arg(long, env = "SPIELSTAND_TOKEN", default_value = "", global = true)]
    token: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Fill a new league with N results over M players through the HTTP write path.
    Fill {
        #[arg(long, default_value_t = 100_000)]
        results: u64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 64)]
        clients: u64,
        #[arg(long, default_value = "Benchmark")]
        league: String,
    },
    /// Post results from C concurrent clients for S seconds; print results per second.
    Writes {
        #[arg(long)]
        league: i64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 64)]
        clients: u64,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    /// Time the first standings request after a write, `samples` times; print milliseconds.
    Cold {
        #[arg(long)]
        league: i64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 10)]
        samples: u64,
    },
}

/// Posts `total` results from `clients` threads; every post must be acknowledged.
fn post_many(
    api: &Api,
    league: i64,
    players: usize,
    clients: u64,
    total: u64,
    deadline: Option<Instant>,
) -> anyhow::Result<u64> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let path = format!("/leagues/{league}/results");
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= total || deadline.is_some_and(|d| Instant::now() >= d) {
                            return Ok(());
                        }
                        let (status, body) = api.post(&path, &game(league as u64, n, players))?;
                        ensure!(status == 201, "post {n}: {status} {body}");
                        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if deadline.is_none() && finished.is_multiple_of(10_000) {
                            eprintln!("  {finished} results");
                        }
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().expect("a worker thread")?;
        }
        Ok(())
    })?;
    Ok(done.into_inner())
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let api = Api::new(&cli.server, &cli.token);
    match cli.command {
        Command::Fill { results, players, clients, league } => {
            let league = api.seed(players, &league).context("seeding players and the league")?;
            let started = Instant::now();
            let posted = post_many(&api, league, players, clients, results, None)?;
            let secs = started.elapsed().as_secs_f64();
            eprintln!("filled league {league} with {posted} results in {secs:.1} s ({:.0}/s)", posted as f64 / secs);
            println!("{league}");
        }
        Command::Writes { league, players, clients, seconds } => {
            let started = Instant::now();
            let posted =
                post_many(&api, league, players, clients, u64::MAX, Some(started + Duration::from_secs(seconds)))?;
            let rate = posted as f64 / started.elapsed().as_secs_f64();
            eprintln!("{posted} results acknowledged by {clients} clients in {seconds} s");
            println!("{rate:.0}");
        }
        Command::Cold { league, players, samples } => {
            let mut millis = Vec::new();
            for n in 0..samples {
                let (status, body) =
                    api.post(&format!("/leagues/{league}/results"), &game(u64::MAX - 1, n, players))?;
                ensure!(status == 201, "{status} {body}");
                let started = Instant::now();
                let (status, _) = api.get(&format!("/leagues/{league}/standings"))?;
                ensure!(status == 200, "standings: {status}");
                millis.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            millis.sort_by(f64::total_cmp);
            eprintln!("cold standings, ms: {millis:.1?}");
            println!("{:.1}", millis[millis.len() / 2]);
        }
    }
    Ok(())
}

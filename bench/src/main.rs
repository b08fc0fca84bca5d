//! `spielstand-bench`: the measuring half of `bench/run.sh`.

use anyhow::{Context, ensure};
use clap::{Parser, Subcommand};
use spielstand_bench::followers::Followers;
use spielstand_bench::{Api, Rng, club, dated, game, game_among, season_day, season_end};
use spielstand_core::GameRecord;
use spielstand_wire::calls;
use spielstand_wire::{ResultPage, ResultsParams};
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
    /// Time the first read of a league view after a write, `samples` times; print the
    /// median in milliseconds.
    Cold {
        #[arg(long)]
        league: i64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 10)]
        samples: u64,
        /// The write before each request: a new result dated after every other
        /// (`append`), a new result on a random day of the season (`backdate`), or an
        /// existing result moved to another day of the season (`correct`).
        #[arg(long, value_enum, default_value_t = WriteKind::Append)]
        write: WriteKind,
        /// The view read, under `/leagues/{league}/`: `standings`, `head-to-head`,
        /// `players/7/stats`, ...
        #[arg(long, default_value = "standings")]
        view: String,
    },
    /// Post results at a steady rate for S seconds, a share of them backdated into the
    /// season and the rest dated after every other; with several servers, in turn.
    Trickle {
        #[arg(long)]
        league: i64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        /// Results per second.
        #[arg(long)]
        rate: f64,
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// Percent of the results backdated into the season.
        #[arg(long, default_value_t = 50)]
        backdated_percent: u64,
        /// More servers sharing the database, written to in turn with `--server`.
        #[arg(long, value_delimiter = ',')]
        also: Vec<String>,
    },
    /// Fill L new leagues with N results each over M shared players through the batch
    /// endpoint (one request per 1,000 results); print the first and last league id.
    FederationFill {
        #[arg(long, default_value_t = 1000)]
        leagues: u64,
        #[arg(long, default_value_t = 1000)]
        results: u64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 4)]
        clients: u64,
        /// Each league a club: 20 to 60 of the players, not all of them.
        #[arg(long)]
        clubs: bool,
    },
    /// Read the standings of leagues FIRST..=LAST for S seconds from R readers, picking
    /// leagues with a Zipf-like popularity (league k of n with weight 1/k^s) and servers in
    /// turn, while a writer posts RATE results per second (half backdated) to leagues
    /// picked uniformly; print "reads/s p50_ms p99_ms errors writes".
    Federation {
        #[arg(long)]
        first: i64,
        #[arg(long)]
        last: i64,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 32)]
        readers: u64,
        #[arg(long, default_value_t = 20.0)]
        rate: f64,
        #[arg(long, default_value_t = 30)]
        seconds: u64,
        /// The exponent s of the popularity.
        #[arg(long, default_value_t = 1.0)]
        zipf: f64,
        /// More servers sharing the database, read from and written to in turn.
        #[arg(long, value_delimiter = ',')]
        also: Vec<String>,
        /// Each league a club, as `federation-fill --clubs` made them.
        #[arg(long)]
        clubs: bool,
    },
    /// Follow a new club night from P phones on its live stream while C players check in
    /// one per interval; print "p50_ms p99_ms max_ms missed" of each change reaching each
    /// phone.
    Followers {
        #[arg(long, default_value_t = 200)]
        phones: usize,
        #[arg(long, default_value_t = 20)]
        changes: usize,
        #[arg(long, default_value_t = 1000)]
        interval_ms: u64,
    },
    /// Write a BG Stats export of N Mensch ärgere Dich nicht plays among M players (2 to 4
    /// at a table, every player ranked) to standard output, for the import benchmark.
    Bgstats {
        #[arg(long, default_value_t = 10_000)]
        plays: usize,
        #[arg(long, default_value_t = 40)]
        players: usize,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum WriteKind {
    Append,
    Backdate,
    Correct,
}

/// Writes the benchmarks make between reads: each `n` is a new game of stream `stream`.
struct Writer<'a> {
    api: &'a Api,
    league: i64,
    players: usize,
    rng: Rng,
}

impl Writer<'_> {
    fn write(&mut self, kind: WriteKind, stream: u64, n: u64) -> anyhow::Result<()> {
        let league = self.league;
        let (status, body) = match kind {
            WriteKind::Append => {
                let record = dated(game(stream, n, self.players), season_end());
                self.api.send(calls::record_result(league, &record, None))?
            }
            WriteKind::Backdate => {
                let day = season_day(&mut self.rng);
                self.api.send(calls::record_result(league, &dated(game(stream, n, self.players), day), None))?
            }
            WriteKind::Correct => {
                // A result from the first pages (the season's last days), moved to any day.
                let page = 1 + self.rng.below(100);
                let query = ResultsParams { page: Some(page as u32), per_page: Some(1), ..Default::default() };
                let (status, listed) = self.api.fetch(calls::list_results(league, &query))?;
                ensure!(status == 200, "listing results: {status}");
                let listed: ResultPage = serde_json::from_slice(&listed)?;
                let item = listed.items.into_iter().next().context("a result on that page")?;
                let (id, revision) = (item.id, item.revision);
                let day = season_day(&mut self.rng);
                let record = dated(item.record, day);
                let (status, body) = self.api.send(calls::correct_result(id, &format!("\"{revision}\""), &record))?;
                ensure!(status == 200, "correcting result {id}: {status} {body}");
                return Ok(());
            }
        };
        ensure!(status == 201, "{status} {body}");
        Ok(())
    }
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
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= total || deadline.is_some_and(|d| Instant::now() >= d) {
                            return Ok(());
                        }
                        let record = game(league as u64, n, players);
                        let (status, body) = api.send(calls::record_result(league, &record, None))?;
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
        Command::FederationFill { leagues, results, players, clients, clubs } => {
            federation_fill(&api, leagues, results, Members { pool: players, clubs }, clients)?;
        }
        Command::Federation { first, last, players, readers, rate, seconds, zipf, also, clubs } => {
            ensure!(first <= last, "--first must not be after --last");
            let servers: Vec<String> = std::iter::once(cli.server.clone()).chain(also).collect();
            let players = Members { pool: players, clubs };
            let load = Federation { first, last, players, readers, rate, seconds, zipf };
            load.run(&servers, &cli.token)?;
        }
        Command::Followers { phones, changes, interval_ms } => {
            let load = Followers { phones, changes, interval: Duration::from_millis(interval_ms) };
            let report = load.run(&cli.server, &api)?;
            eprintln!("{} frames timed, {} missed", report.latencies_ms.len(), report.missed);
            println!(
                "{:.1} {:.1} {:.1} {}",
                report.quantile(0.5),
                report.quantile(0.99),
                report.quantile(1.0),
                report.missed
            );
        }
        Command::Bgstats { plays, players } => {
            println!("{}", bgstats_export(plays, players));
        }
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
        Command::Cold { league, players, samples, write, view } => {
            let mut writer = Writer { api: &api, league, players, rng: Rng::new(7) };
            let path = format!("/leagues/{league}/{view}");
            // Each view writes its own games: a second run must not replay the first's keys.
            let stream = u64::MAX - 1 - write as u64 - 16 * view.bytes().map(u64::from).sum::<u64>();
            let mut millis = Vec::new();
            // The first read may load the league in full: that is not what is measured.
            let (status, _) = api.get(&path)?;
            ensure!(status == 200, "{view}: {status}");
            for n in 0..samples {
                writer.write(write, stream, n)?;
                let started = Instant::now();
                let (status, _) = api.get(&path)?;
                ensure!(status == 200, "{view}: {status}");
                millis.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            millis.sort_by(f64::total_cmp);
            eprintln!("cold {view}, ms: {millis:.1?}");
            println!("{:.1}", millis[millis.len() / 2]);
        }
        Command::Trickle { league, players, rate, seconds, backdated_percent, also } => {
            ensure!(rate > 0.0, "--rate must be positive");
            let apis: Vec<Api> =
                std::iter::once(api).chain(also.iter().map(|server| Api::new(server, &cli.token))).collect();
            let mut writers: Vec<Writer> =
                apis.iter().map(|api| Writer { api, league, players, rng: Rng::new(11) }).collect();
            let mut choose = Rng::new(13);
            let started = Instant::now();
            let (mut appended, mut backdated) = (0u64, 0u64);
            for n in 0.. {
                let due = started + Duration::from_secs_f64(n as f64 / rate);
                if due >= started + Duration::from_secs(seconds) {
                    break;
                }
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
                let kind = if choose.below(100) < backdated_percent { WriteKind::Backdate } else { WriteKind::Append };
                let writer = &mut writers[n as usize % apis.len()];
                writer.write(kind, u64::MAX - 10, n)?;
                match kind {
                    WriteKind::Backdate => backdated += 1,
                    _ => appended += 1,
                }
            }
            let secs = started.elapsed().as_secs_f64();
            eprintln!("posted {appended} appended and {backdated} backdated results in {secs:.1} s");
            println!("{}", appended + backdated);
        }
    }
    Ok(())
}

/// A BG Stats export as the app writes it: players, one game, and `plays` ranked plays
/// over a year and a half, each with a uuid of its own.
fn bgstats_export(plays: usize, players: usize) -> serde_json::Value {
    let mut rng = Rng::new(15);
    let start = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).expect("a date");
    let plays: Vec<serde_json::Value> = (0..plays)
        .map(|i| {
            let at_table = 2 + rng.below(3) as usize;
            let mut seated: Vec<usize> = Vec::with_capacity(at_table);
            while seated.len() < at_table {
                let p = rng.below(players as u64) as usize + 1;
                if !seated.contains(&p) {
                    seated.push(p);
                }
            }
            let day = start + chrono::Days::new(rng.below(540));
            serde_json::json!({
                "uuid": format!("00000000-0000-4000-8000-{i:012}"),
                "playDate": format!("{day} 20:00:00"),
                "gameRefId": 1,
                "locationRefId": 0,
                "ignored": false,
                "rounds": 0,
                "board": "",
                "playerScores": seated.iter().enumerate().map(|(k, p)| serde_json::json!({
                    "playerRefId": p, "score": "", "winner": k == 0, "rank": k + 1,
                    "seatOrder": k + 1, "startPlayer": k == 0, "newPlayer": false,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::json!({
        "games": [{"id": 1, "uuid": "00000000-0000-4000-8000-000000000001", "name": "Mensch ärgere Dich nicht",
                   "bggId": 0, "highestWins": false, "noPoints": true}],
        "players": (1..=players).map(|i| serde_json::json!({
            "id": i, "uuid": format!("00000000-0000-4000-9000-{i:012}"), "name": spielstand_bench::player_name(i - 1),
        })).collect::<Vec<_>>(),
        "locations": [],
        "plays": plays,
    })
}

/// Creates the players once, then `leagues` leagues of `results` results each, from
/// `clients` threads, each league filled by batches of up to 1,000.
/// Who plays in a federation's leagues: everyone of the pool in every league, or each
/// league a club of its own.
#[derive(Clone, Copy)]
struct Members {
    pool: usize,
    clubs: bool,
}

impl Members {
    fn game(self, league: i64, stream: u64, n: u64) -> GameRecord {
        let players = if self.clubs { club(league as u64, self.pool) } else { 0..self.pool };
        game_among(stream, n, players)
    }
}

fn federation_fill(api: &Api, leagues: u64, results: u64, players: Members, clients: u64) -> anyhow::Result<()> {
    use spielstand_wire::{BatchInput, BatchItem, LeagueInput, MAX_BATCH_ITEMS};
    let first = api.seed(players.pool, "Federation 0000").context("seeding players and the first league")?;
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let ids = std::sync::Mutex::new(vec![first]);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= leagues {
                            return Ok(());
                        }
                        let league = if n == 0 {
                            first
                        } else {
                            let rules = spielstand_core::LeagueRules::new(vec![
                                spielstand_core::GameKind::MenschAergereDichNicht,
                                spielstand_core::GameKind::LaufRauf,
                            ]);
                            let input = LeagueInput { name: format!("Federation {n:04}"), rules };
                            let (status, body) = api.send(calls::create_league(&input))?;
                            ensure!(status == 201, "creating league {n}: {status} {body}");
                            let id = body["id"].as_i64().context("a league id")?;
                            ids.lock().expect("not poisoned").push(id);
                            id
                        };
                        for chunk in (0..results).collect::<Vec<_>>().chunks(MAX_BATCH_ITEMS) {
                            let items = chunk
                                .iter()
                                .map(|&k| BatchItem {
                                    idempotency_key: format!("federation-{league}-{k}"),
                                    source: None,
                                    record: players.game(league, league as u64, k),
                                })
                                .collect();
                            let (status, body) =
                                api.send(calls::record_results_batch(league, &BatchInput { items }))?;
                            ensure!(status == 200, "batch for league {league}: {status} {body}");
                        }
                        if (n + 1).is_multiple_of(50) {
                            eprintln!("  {} leagues filled ({:.0} s)", n + 1, started.elapsed().as_secs_f64());
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
    let ids = ids.into_inner().expect("not poisoned");
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "filled {leagues} leagues with {results} results each in {secs:.0} s ({:.0} results/s)",
        (leagues * results) as f64 / secs
    );
    println!("{} {}", ids.iter().min().context("a league")?, ids.iter().max().context("a league")?);
    Ok(())
}

/// The federation's mixed load.
struct Federation {
    first: i64,
    last: i64,
    players: Members,
    readers: u64,
    rate: f64,
    seconds: u64,
    zipf: f64,
}

impl Federation {
    fn run(&self, servers: &[String], token: &str) -> anyhow::Result<()> {
        let apis: Vec<Api> = servers.iter().map(|s| Api::new(s, token)).collect();
        let n = (self.last - self.first + 1) as usize;
        // The cumulative popularity: league k (1-based) weighs 1/k^s.
        let mut cdf: Vec<f64> = (1..=n).map(|k| 1.0 / (k as f64).powf(self.zipf)).collect();
        for i in 1..n {
            cdf[i] += cdf[i - 1];
        }
        let total = cdf[n - 1];
        let deadline = Instant::now() + Duration::from_secs(self.seconds);
        let errors = AtomicU64::new(0);
        let (latencies, writes) = std::thread::scope(|scope| -> anyhow::Result<(Vec<f64>, u64)> {
            let readers: Vec<_> = (0..self.readers)
                .map(|r| {
                    let (apis, cdf, errors) = (&apis, &cdf, &errors);
                    scope.spawn(move || {
                        let mut rng = Rng::new(1000 + r);
                        let mut millis = Vec::new();
                        for i in 0.. {
                            if Instant::now() >= deadline {
                                break;
                            }
                            let x = rng.below(1 << 53) as f64 / (1u64 << 53) as f64 * total;
                            let k = cdf.partition_point(|&c| c < x).min(n - 1);
                            let api = &apis[(r as usize + i) % apis.len()];
                            let league = self.first + k as i64;
                            let started = Instant::now();
                            match api.fetch(calls::get_standings(league, &Default::default())) {
                                Ok((200, _)) => millis.push(started.elapsed().as_secs_f64() * 1000.0),
                                Ok((status, _)) => {
                                    eprintln!("standings of league {league}: {status}");
                                    errors.fetch_add(1, Ordering::Relaxed);
                                }
                                Err(e) => {
                                    eprintln!("standings of league {league}: {e}");
                                    errors.fetch_add(1, Ordering::Relaxed);
                                }
                            }
                        }
                        millis
                    })
                })
                .collect();
            let writer = scope.spawn(|| -> anyhow::Result<u64> {
                let mut rng = Rng::new(99);
                let started = Instant::now();
                let mut written = 0;
                for i in 0.. {
                    let due = started + Duration::from_secs_f64(i as f64 / self.rate);
                    if due >= deadline {
                        break;
                    }
                    std::thread::sleep(due.saturating_duration_since(Instant::now()));
                    let league = self.first + rng.below(n as u64) as i64;
                    // Half dated after every other result, half on a day of the season.
                    let record = self.players.game(league, u64::MAX - 20, i);
                    let record = if i % 2 == 0 { dated(record, season_end()) } else { record };
                    let api = &apis[i as usize % apis.len()];
                    let (status, body) = api.send(calls::record_result(league, &record, None))?;
                    if status == 201 {
                        written += 1;
                    } else {
                        eprintln!("writing to league {league}: {status} {body}");
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Ok(written)
            });
            let mut all = Vec::new();
            for reader in readers {
                all.extend(reader.join().expect("a reader thread"));
            }
            let writes = writer.join().expect("the writer thread")?;
            Ok((all, writes))
        })?;
        let mut latencies = latencies;
        latencies.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let i = ((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1));
            latencies.get(i).copied().unwrap_or(f64::NAN)
        };
        let (p50, p99) = (at(0.5), at(0.99));
        let rps = latencies.len() as f64 / self.seconds as f64;
        let errors = errors.into_inner();
        eprintln!(
            "{} reads ({rps:.0}/s), p50 {p50:.2} ms, p99 {p99:.2} ms, {errors} errors, {writes} writes",
            latencies.len()
        );
        println!("{rps:.0} {p50:.2} {p99:.2} {errors} {writes}");
        Ok(())
    }
}

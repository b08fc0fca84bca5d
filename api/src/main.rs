use anyhow::Context;
use clap::{Parser, Subcommand};
use spielstand_api::db::{self, Backend, DatabaseUrl};
use spielstand_api::http::throttle::ThrottleOptions;
use spielstand_api::store::tokens;
use spielstand_api::webhooks::delivery::{DeliveryConfig, Leases};
use spielstand_api::webhooks::egress::Egress;
use spielstand_api::{AppState, Options, app};
use spielstand_wire::TokenScope;
use std::time::Duration;

/// The spielstand league server.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    /// Database: a SQLite file path, sqlite://PATH, or postgres://USER@HOST/DB.
    #[arg(long, env = "SPIELSTAND_DATABASE_URL", default_value = "./spielstand.db", global = true)]
    database_url: String,

    /// Address to listen on [default: 127.0.0.1:8080; with --lan 0.0.0.0:8080].
    #[arg(long, env = "SPIELSTAND_BIND", global = true)]
    bind: Option<String>,

    /// Serve the club's network: listen on every address (unless --bind says otherwise),
    /// name this machine's address on the network in every link and QR code (unless
    /// --public-url says otherwise), and print the addresses and the organiser's sign-in
    /// QR code at start.
    #[arg(long, env = "SPIELSTAND_LAN", global = true)]
    lan: bool,

    #[command(flatten)]
    webhooks: WebhookOptions,

    /// Commit every write on its own instead of batching concurrent SQLite writes into one
    /// commit (group commit). Slower; for comparison in the write benchmark.
    #[arg(long, env = "SPIELSTAND_NO_GROUP_COMMIT", global = true)]
    no_group_commit: bool,

    /// Database connections this process keeps open [default: 8 on SQLite, twice the
    /// cores on PostgreSQL].
    #[arg(long, env = "SPIELSTAND_DB_CONNECTIONS", value_parser = clap::value_parser!(u32).range(1..=1000), global = true)]
    db_connections: Option<u32>,

    /// Memory for leagues' tables and the state they are kept up to date from, in MB.
    /// Past it the leagues used least recently are dropped (and read again in full when
    /// next asked for); 0 keeps only the league used last.
    #[arg(long, env = "SPIELSTAND_CACHE_MB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(0..=1_048_576), global = true)]
    cache_mb: u32,

    /// Failed authentications per minute from one address before it gets 429 (with
    /// `Retry-After`) for every write until its quota refills; 0: no limit.
    #[arg(long, env = "SPIELSTAND_AUTH_FAILURES_PER_MINUTE", default_value_t = 20, global = true)]
    auth_failures_per_minute: u32,

    /// Wrong club-night join codes per minute from one address before it gets 429 (with
    /// `Retry-After`) for every join until its quota refills; 0: no limit.
    #[arg(long, env = "SPIELSTAND_JOIN_FAILURES_PER_MINUTE", default_value_t = 5, global = true)]
    join_failures_per_minute: u32,

    /// Writes per minute from one address; 0 (the default): no limit.
    #[arg(long, env = "SPIELSTAND_WRITES_PER_MINUTE", default_value_t = 0, global = true)]
    writes_per_minute: u32,

    /// Reads per minute from one address (tables, pages and pictures included); 0 (the
    /// default): no limit.
    #[arg(long, env = "SPIELSTAND_READS_PER_MINUTE", default_value_t = 0, global = true)]
    reads_per_minute: u32,

    /// A reverse proxy in front of this server (repeat; the variable takes a
    /// comma-separated list): only its `Forwarded` / `X-Forwarded-For` name the client.
    #[arg(
        long = "trusted-proxy",
        value_name = "ADDR",
        env = "SPIELSTAND_TRUSTED_PROXIES",
        value_delimiter = ',',
        global = true
    )]
    trusted_proxies: Vec<std::net::IpAddr>,

    /// Where the server is reached from outside, e.g. https://liga.example.org: feeds'
    /// absolute links start with it. Without it they name the bind address, never the
    /// request's Host header.
    #[arg(long, env = "SPIELSTAND_PUBLIC_URL", value_name = "URL", global = true)]
    public_url: Option<spielstand_api::PublicUrl>,

    /// Speak HTTPS with this certificate chain (PEM, e.g. certbot's fullchain.pem); with
    /// --tls-key. Read again on SIGHUP, without dropping a connection.
    #[arg(long, env = "SPIELSTAND_TLS_CERT", value_name = "PEM", requires = "tls_key", global = true)]
    tls_cert: Option<std::path::PathBuf>,

    /// The private key of --tls-cert (PEM, e.g. certbot's privkey.pem).
    #[arg(long, env = "SPIELSTAND_TLS_KEY", value_name = "PEM", requires = "tls_cert", global = true)]
    tls_key: Option<std::path::PathBuf>,

    /// Connections one client address may hold open at once; one more is answered 503
    /// and closed at once (trusted proxies have no limit). 0: no limit.
    #[arg(long, env = "SPIELSTAND_CONNECTIONS_PER_ADDRESS", default_value_t = 256, global = true)]
    connections_per_address: usize,

    /// Live streams of club nights one client address may follow at once; one more is
    /// answered 429. 0: no limit.
    #[arg(long, env = "SPIELSTAND_STREAMS_PER_ADDRESS", default_value_t = spielstand_api::http::DEFAULT_STREAMS_PER_ADDRESS, global = true)]
    streams_per_address: usize,

    /// How long a request body may take to arrive whole, in milliseconds; a slower one
    /// is answered 408 and its connection freed.
    #[arg(long, env = "SPIELSTAND_BODY_TIMEOUT_MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..), global = true)]
    body_timeout_ms: u64,

    /// A streaming read replica of the PostgreSQL database (postgres://...): leagues are
    /// loaded and caught up from it, every write goes to the primary (--database-url).
    #[arg(long, env = "SPIELSTAND_READ_DATABASE_URL", value_name = "URL", global = true)]
    read_database_url: Option<String>,

    /// Past this lag of the replica's replay, in milliseconds, tables are read from the
    /// primary until the replica has caught up.
    #[arg(long, env = "SPIELSTAND_MAX_REPLICA_LAG_MS", default_value_t = 1000, global = true)]
    max_replica_lag_ms: u64,

    /// How the log is written to stderr: text (coloured on a terminal only) or json, one
    /// object per line.
    #[arg(long, env = "SPIELSTAND_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    log_format: LogFormat,

    /// On SIGTERM or Ctrl-C: how long to finish the requests in flight, in seconds, after
    /// no new connection is accepted. Then webhook deliveries still held are given back.
    #[arg(long, env = "SPIELSTAND_DRAIN_TIMEOUT_S", default_value_t = 30, global = true)]
    drain_timeout_s: u64,

    /// How often to look for postal games whose round's deadline has passed, in seconds:
    /// a round is resolved at most this long after its deadline.
    #[arg(long, env = "SPIELSTAND_POSTAL_CHECK_S", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600), global = true)]
    postal_check_s: u64,

    /// The mail server postal games' reports are sent through, as
    /// `smtp://host:587?tls=required` (STARTTLS), `smtps://user:password@host:465` (TLS) or
    /// `smtp://127.0.0.1:25` (no TLS: a server on this machine only). Without it, reports
    /// wait in the queue (the game master sees them there).
    #[arg(long, env = "SPIELSTAND_SMTP_URL", value_name = "URL", hide_env_values = true, global = true)]
    smtp_url: Option<String>,

    /// The sender of every report mail, e.g. `Spielleitung <post@club.example>`.
    #[arg(long, env = "SPIELSTAND_MAIL_FROM", value_name = "ADDRESS", global = true, requires = "smtp_url")]
    mail_from: Option<String>,

    /// How often to look for report mails to send, in seconds.
    #[arg(long, env = "SPIELSTAND_MAIL_CHECK_S", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600), global = true)]
    mail_check_s: u64,

    /// The wait before a failed mail is tried again, in seconds; doubled for each try after
    /// (eight tries in all).
    #[arg(long, env = "SPIELSTAND_MAIL_RETRY_S", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86400), global = true)]
    mail_retry_s: u64,

    /// A CA certificate (PEM) the mail server's certificate may be signed by, besides the
    /// public ones: for a club's own mail server.
    #[arg(long, env = "SPIELSTAND_SMTP_CA_FILE", value_name = "CA.pem", global = true, requires = "smtp_url")]
    smtp_ca_file: Option<std::path::PathBuf>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// How this process delivers webhook events. Every process sharing a database may run a
/// worker: they never send one delivery at once.
#[derive(Debug, clap::Args)]
struct WebhookOptions {
    /// Do not deliver webhook events from this process (they stay queued for another).
    #[arg(long, env = "SPIELSTAND_NO_WEBHOOK_DELIVERY", global = true)]
    no_webhook_delivery: bool,

    /// How often to look for due deliveries, in milliseconds.
    #[arg(long, env = "SPIELSTAND_WEBHOOK_POLL_MS", default_value_t = 1000, global = true)]
    webhook_poll_ms: u64,

    /// The wait after a failed delivery, in milliseconds; it doubles with each further
    /// failure, up to an hour.
    #[arg(long, env = "SPIELSTAND_WEBHOOK_RETRY_BASE_MS", default_value_t = 30_000, global = true)]
    webhook_retry_base_ms: u64,

    /// Attempts before a delivery is given up.
    #[arg(long, env = "SPIELSTAND_WEBHOOK_MAX_ATTEMPTS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    webhook_max_attempts: u32,

    /// Time limit of one delivery, in milliseconds.
    #[arg(long, env = "SPIELSTAND_WEBHOOK_TIMEOUT_MS", default_value_t = 10_000, global = true)]
    webhook_timeout_ms: u64,

    /// A host that webhooks may point to although it is not public, e.g. a receiver on
    /// this machine (repeat; the variable takes a comma-separated list)
    #[arg(
        long = "webhook-allow-host",
        value_name = "HOST",
        env = "SPIELSTAND_WEBHOOK_ALLOW_HOSTS",
        value_delimiter = ',',
        global = true
    )]
    webhook_allow_hosts: Vec<String>,
}

impl WebhookOptions {
    fn egress(&self) -> Egress {
        Egress::allowing(self.webhook_allow_hosts.iter().cloned())
    }

    fn config(&self) -> Option<DeliveryConfig> {
        (!self.no_webhook_delivery).then(|| DeliveryConfig {
            poll_interval: Duration::from_millis(self.webhook_poll_ms.max(1)),
            retry_base: Duration::from_millis(self.webhook_retry_base_ms),
            max_attempts: self.webhook_max_attempts,
            timeout: Duration::from_millis(self.webhook_timeout_ms.max(1)),
            egress: self.egress(),
            ..DeliveryConfig::default()
        })
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the API (the default).
    Serve,
    /// Write a consistent copy of the database to PATH while the server keeps running
    /// (SQLite: VACUUM INTO, then an integrity check; PostgreSQL: pg_dump). With --into, a
    /// dated copy into a folder, whose older copies are rotated.
    Backup {
        #[arg(value_name = "PATH", required_unless_present = "into", conflicts_with = "into")]
        path: Option<std::path::PathBuf>,
        /// Write a dated backup (spielstand-YYYY-MM-DD-HHMMSS.db) into this folder, check it,
        /// then remove the folder's older backups beyond --keep-daily and --keep-weekly
        /// (the package's timer runs this every day)
        #[arg(long, value_name = "FOLDER")]
        into: Option<std::path::PathBuf>,
        /// With --into: the newest backup of each of this many days is kept
        #[arg(long, default_value_t = 7, requires = "into")]
        keep_daily: usize,
        /// With --into: and the newest of each of this many weeks before them
        #[arg(long, default_value_t = 4, requires = "into")]
        keep_weekly: usize,
    },
    /// Put a SQLite backup back in place of the database, after an integrity check. Stop
    /// the server first: while any process has the database open it is refused. A backup of
    /// a newer spielstand's schema is refused too. The replaced database is kept beside it.
    Restore {
        #[arg(value_name = "PATH")]
        path: std::path::PathBuf,
    },
    /// Manage write tokens.
    #[command(subcommand)]
    Token(TokenCommand),
    /// Print the OpenAPI document as YAML.
    Openapi,
}

#[derive(Debug, Subcommand)]
enum TokenCommand {
    /// Create a write token; it is printed once, as the last line, and only its hash is stored.
    Create {
        #[arg(long)]
        name: String,
        /// admin: everything; record: add players, record results, start club nights, and
        /// correct or delete the results it recorded itself
        #[arg(long, default_value = "record", value_parser = ["admin", "record"])]
        scope: String,
        /// Limit the token to this league (its id): it acts in no other (players stay shared)
        #[arg(long, value_name = "ID")]
        league: Option<i64>,
        /// Create the database if there is none yet (otherwise a missing database is an error)
        #[arg(long)]
        create: bool,
        /// Also print a sign-in link for the organiser's phone, as a QR code: scanning it
        /// signs that phone in once with this token (a one-time code, valid 10 minutes).
        /// The link starts with --public-url (the address phones reach the server at).
        #[arg(long)]
        qr: bool,
    },
    /// List tokens (names and dates, never the tokens).
    List,
    /// Revoke a token by name.
    Revoke { name: String },
}

/// The server's message `id` in the language of its locale (`LANG`), filled in with `args`.
fn say(id: &str, args: &[(&str, spielstand_text::Arg)]) -> String {
    let lang = spielstand_text::Lang::of_environment().unwrap_or(spielstand_text::Lang::En);
    spielstand_text::message(lang, id, args)
}

/// A moment as the locale's language writes it.
fn moment(at: chrono::DateTime<chrono::Utc>) -> String {
    match spielstand_text::Lang::of_environment() {
        Some(spielstand_text::Lang::De) => at.with_timezone(&chrono::Local).format("%d.%m.%Y %H:%M").to_string(),
        _ => at.to_rfc3339(),
    }
}

/// The database of a command that manages an existing one (tokens): never created by
/// it, unless asked, so that a command run in the wrong folder says so instead of making
/// a new empty database with a token nobody's server knows.
fn existing(url: &DatabaseUrl, create: bool) -> anyhow::Result<()> {
    if !create && url.sqlite_path().is_some_and(|p| !p.exists()) {
        anyhow::bail!(say("server-no-database", &[("url", url.shown().into())]));
    }
    Ok(())
}

/// A database that cannot be set up, in the operator's language where the catalogue has it.
fn setup_failed(e: db::DbSetupError) -> anyhow::Error {
    match e {
        db::DbSetupError::Migrate(why) => anyhow::anyhow!(say("server-migration-failed", &[("why", why.into())])),
        e => e.into(),
    }
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let bind = cli.bind.clone().unwrap_or_else(|| if cli.lan { "0.0.0.0:8080" } else { "127.0.0.1:8080" }.to_owned());
    let scheme = if cli.tls_cert.is_some() { "https" } else { "http" };
    let log = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .with_writer(std::io::stderr);
    match cli.log_format {
        // Colour codes only for a person at a terminal: a file or journald gets plain text.
        LogFormat::Text => log.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())).init(),
        LogFormat::Json => log.json().with_current_span(false).init(),
    }
    match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => {
            print!("{}", spielstand_api::openapi_yaml());
            Ok(())
        }
        Command::Backup { path, into, keep_daily, keep_weekly } => {
            let url = DatabaseUrl::parse(&cli.database_url)?;
            existing(&url, false)?;
            eprintln!("{}", say("server-database", &[("url", url.shown().into())]));
            let (written, removed) = match (path, into) {
                (Some(path), _) => (db::backup::backup(&url, &path)?, Vec::new()),
                (None, Some(folder)) => {
                    let keep = db::backup::Keep { daily: keep_daily, weekly: keep_weekly };
                    let rotated = db::backup::backup_into(&url, &folder, chrono::Local::now().naive_local(), keep)?;
                    (rotated.written, rotated.removed)
                }
                (None, None) => unreachable!("clap requires PATH or --into"),
            };
            let (file, bytes) = (written.path.display().to_string(), written.bytes);
            eprintln!("{}", say("server-backed-up", &[("path", file.into()), ("bytes", bytes.into())]));
            for old in removed {
                eprintln!("{}", say("server-backup-removed", &[("path", old.display().to_string().into())]));
            }
            Ok(())
        }
        Command::Restore { path } => {
            let url = DatabaseUrl::parse(&cli.database_url)?;
            eprintln!("{}", say("server-database", &[("url", url.shown().into())]));
            let (from, into) = (path.display().to_string(), url.shown());
            match db::backup::restore(&url, &path)? {
                Some(kept) => eprintln!(
                    "{}",
                    say(
                        "server-restored-kept",
                        &[("path", from.into()), ("url", into.into()), ("kept", kept.display().to_string().into())]
                    )
                ),
                None => eprintln!("{}", say("server-restored", &[("path", from.into()), ("url", into.into())])),
            }
            Ok(())
        }
        Command::Token(command) => {
            let url = DatabaseUrl::parse(&cli.database_url)?;
            existing(&url, matches!(command, TokenCommand::Create { create: true, .. }))?;
            eprintln!("{}", say("server-database", &[("url", url.shown().into())]));
            let pool = db::open(&url, 1).map_err(setup_failed)?;
            let mut conn = pool.get().context("opening a database connection")?;
            match command {
                TokenCommand::Create { name, scope, league, qr, .. } => {
                    let scope: TokenScope = scope.parse().map_err(anyhow::Error::msg)?;
                    let token = tokens::create(&mut conn, &name, scope, league)?;
                    let created = match league {
                        Some(league) => say(
                            "server-token-created-league",
                            &[("name", name.clone().into()), ("scope", scope.slug().into()), ("league", league.into())],
                        ),
                        None => say(
                            "server-token-created",
                            &[("name", name.clone().into()), ("scope", scope.slug().into())],
                        ),
                    };
                    eprintln!("{created}");
                    if qr {
                        let code = spielstand_api::store::passes::sign_in_code(&mut conn, &name)?;
                        let base = match (&cli.public_url, cli.lan) {
                            (Some(url), _) => spielstand_api::PublicUrl::base(Some(url)).to_owned(),
                            (None, true) => lan_url(&bind, scheme).unwrap_or_else(|| format!("{scheme}://{bind}")),
                            (None, false) => {
                                eprintln!("{}", say("server-no-public-url", &[("bind", bind.clone().into())]));
                                format!("http://{bind}")
                            }
                        };
                        let link = format!("{base}/app/sign-in/{code}");
                        let minutes = spielstand_api::store::passes::SIGN_IN_MINUTES;
                        eprintln!("{}", say("server-lan-sign-in", &[("minutes", minutes.into())]));
                        eprintln!("{}\n{link}", spielstand_api::render::qr::terminal(&link));
                    }
                    println!("{token}");
                }
                TokenCommand::List => {
                    for t in tokens::list(&mut conn)? {
                        let state = t.revoked_at.map_or_else(
                            || say("server-token-active", &[]),
                            |at| say("server-token-revoked-at", &[("at", moment(at).into())]),
                        );
                        let league = t.league_id.map_or_else(
                            || say("server-token-every-league", &[]),
                            |l| say("server-token-league", &[("league", l.into())]),
                        );
                        let created = say("server-token-created-at", &[("at", moment(t.created_at).into())]);
                        println!("{}\t{}\t{league}\t{created}\t{state}", t.name, t.scope); // not text: a row of data
                    }
                }
                TokenCommand::Revoke { name } => {
                    tokens::revoke(&mut conn, &name)?;
                    eprintln!("{}", say("server-token-revoked", &[("name", name.clone().into())]));
                }
            }
            Ok(())
        }
        Command::Serve => {
            let options = Options {
                group_commit: !cli.no_group_commit,
                cache_bytes: (cli.cache_mb as usize) << 20,
                egress: cli.webhooks.egress(),
                body_deadline: Duration::from_millis(cli.body_timeout_ms),
                throttle: ThrottleOptions {
                    auth_failures_per_minute: cli.auth_failures_per_minute,
                    writes_per_minute: cli.writes_per_minute,
                    reads_per_minute: cli.reads_per_minute,
                    join_failures_per_minute: cli.join_failures_per_minute,
                },
                trusted_proxies: cli.trusted_proxies.clone(),
                streams_per_address: cli.streams_per_address,
                // Without a public URL, links name this machine's address on the club's
                // network (--lan), else the address the server listens on: it answers
                // there, whoever asks, and a client cannot choose it.
                public_url: cli
                    .public_url
                    .clone()
                    .or_else(|| if cli.lan { lan_url(&bind, scheme)?.parse().ok() } else { None })
                    .or_else(|| format!("{scheme}://{bind}").parse().ok()),
                tls: cli.tls_cert.is_some(),
                replica: None,
                watch_revisions: true,
                ..Options::default()
            };
            let drain = Duration::from_secs(cli.drain_timeout_s);
            let replica =
                cli.read_database_url.as_deref().map(|url| (url, Duration::from_millis(cli.max_replica_lag_ms)));
            let mail = match &cli.smtp_url {
                None => None,
                Some(url) => {
                    let from = cli.mail_from.as_deref().context("--smtp-url needs --mail-from, the reports' sender")?;
                    let from = from.parse().with_context(|| format!("--mail-from {from}: no mail address"))?;
                    let config = spielstand_api::mail::MailConfig {
                        smtp_url: url.clone(),
                        from,
                        every: Duration::from_secs(cli.mail_check_s),
                        retry: Duration::from_secs(cli.mail_retry_s),
                        ca_pem: match &cli.smtp_ca_file {
                            Some(path) => Some(
                                std::fs::read(path).with_context(|| format!("--smtp-ca-file {}", path.display()))?,
                            ),
                            None => None,
                        },
                    };
                    // A URL that names no mail server is said now, not at the first report.
                    let transport = config.transport().context("--smtp-url")?;
                    Some((config, transport))
                }
            };
            let background = Background {
                mail,
                delivery: cli.webhooks.config(),
                postal_check: Duration::from_secs(cli.postal_check_s),
                connections_per_address: cli.connections_per_address,
                lan: cli.lan,
                tls: cli.tls_cert.clone().zip(cli.tls_key.clone()),
            };
            serve(&cli.database_url, replica, &bind, options, cli.db_connections, background, drain)
        }
    }
}

/// What the server does besides answering requests.
struct Background {
    /// Postal games' report mails, with `--smtp-url`.
    mail: Option<(spielstand_api::mail::MailConfig, lettre::AsyncSmtpTransport<lettre::Tokio1Executor>)>,
    /// Webhook deliveries, unless `--no-webhook-delivery`.
    delivery: Option<DeliveryConfig>,
    /// How often postal games' deadlines are looked at.
    postal_check: Duration,
    /// Connections one client address may hold open (0: no limit).
    connections_per_address: usize,
    /// `--lan`: print where phones reach the server, and the organiser's sign-in QR code.
    lan: bool,
    /// `--tls-cert` and `--tls-key`: speak HTTPS with them.
    tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
}

#[actix_web::main]
async fn serve(
    database_url: &str,
    replica: Option<(&str, Duration)>,
    bind: &str,
    mut options: Options,
    db_connections: Option<u32>,
    background: Background,
    drain: Duration,
) -> anyhow::Result<()> {
    let Background { mail, delivery, postal_check, connections_per_address, lan, tls } = background;
    let certificates = match &tls {
        Some((cert, key)) => Some(spielstand_api::tls::Certificates::load(cert, key)?),
        None => None,
    };
    let url = DatabaseUrl::parse(database_url)?;
    let connections = db_connections.unwrap_or_else(|| match url.backend() {
        Backend::Sqlite => 8,
        // PostgreSQL runs a process per connection: more connections than about twice the
        // cores only make queries queue in the OS scheduler, unfairly (measured: 32
        // readers on 2 cores, p99 650 ms with 64 connections, 10 ms with 4).
        Backend::Postgres => 2 * std::thread::available_parallelism().map_or(2, |n| n.get() as u32).max(2),
    });
    if let Some((replica, max_lag)) = replica {
        let replica = DatabaseUrl::parse(replica).context("--read-database-url")?;
        if url.backend() != Backend::Postgres || replica.backend() != Backend::Postgres {
            anyhow::bail!(
                "--read-database-url: read replicas are for PostgreSQL (a streaming replica of --database-url)"
            );
        }
        tracing::info!(replica = %replica, max_lag_ms = max_lag.as_millis() as u64, "tables are read from the replica");
        options.replica = Some((db::open_replica(&replica, connections), max_lag));
    }
    let pool = match db::open(&url, connections) {
        Ok(pool) => pool,
        // Serve meanwhile: /api/v1/ready says 503 until the database answers and is migrated.
        Err(db::DbSetupError::Connect { source, .. }) => {
            tracing::warn!(database = %url, error = %source, "the database does not answer yet; migrating it once it does");
            db::open_when_reachable(&url, connections)
        }
        Err(e) => return Err(setup_failed(e)),
    };
    let leases = Leases::default();
    if let Some(config) = delivery {
        actix_web::rt::spawn(spielstand_api::webhooks::delivery::run(pool.clone(), config, leases.clone()));
    }
    actix_web::rt::spawn(spielstand_api::deadlines::run(pool.clone(), postal_check));
    if let Some((config, transport)) = mail {
        actix_web::rt::spawn(spielstand_api::mail::run(pool.clone(), config, transport));
    }
    let proxies = spielstand_api::http::forwarded::Proxies::new(&options.trusted_proxies);
    let public_url = options.public_url.as_ref().map(|u| spielstand_api::PublicUrl::base(Some(u)).to_owned());
    let state = AppState::with_options(pool.clone(), &url, options);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let connections_per_worker = connection_limit(workers);
    let server = actix_web::HttpServer::new(move || app(state.clone()))
        .workers(workers)
        // A client that opens a connection and sends nothing, or stops halfway through a
        // request head, is cut off after 5 s (408); an idle kept-alive one after 5 s.
        .client_request_timeout(std::time::Duration::from_secs(5))
        .keep_alive(std::time::Duration::from_secs(5))
        // A client still reading a large answer (an export) when its connection is to
        // close gets 5 s to finish, not actix's 1 s, after which it would see a reset.
        .client_disconnect_timeout(std::time::Duration::from_secs(5))
        .backlog(2048)
        // Below the open-files limit: at the limit a worker stops accepting (the kernel
        // queues the rest) instead of failing every accept with "too many open files".
        .max_connections(connections_per_worker)
        // Each address holds at most its share of them, so a few hundred slow clients on
        // one machine leave room for everyone else.
        .on_connect(spielstand_api::http::connections::on_connect(
            spielstand_api::http::connections::Shares::new(connections_per_address),
            proxies,
        ));
    let server = match &certificates {
        Some(certificates) => {
            actix_web::rt::spawn(spielstand_api::tls::reload_on_hangup(certificates.clone()));
            server.bind_rustls_0_23(bind, certificates.server_config())
        }
        None => server.bind(bind),
    }
    .with_context(|| format!("cannot listen on {bind}"))?
    // On Ctrl-C or SIGTERM: stop accepting, finish the requests in flight.
    .shutdown_timeout(drain.as_secs());
    let scheme = if certificates.is_some() { "https" } else { "http" };
    for addr in server.addrs() {
        tracing::info!(database = %url, "spielstand-api listening on {scheme}://{addr} (docs at {scheme}://{addr}/docs/)");
    }
    if lan {
        let port = server.addrs().first().map_or(8080, std::net::SocketAddr::port);
        club_network(&pool, public_url.as_deref(), port);
    }
    server.run().await?;
    // Deliveries this process leased but did not finish are due again at once for
    // another process, not when their leases run out.
    let held = leases.held();
    match actix_web::web::block(move || leases.release(&pool)).await.map_err(anyhow::Error::from).and_then(|r| Ok(r?)) {
        Ok(released) => tracing::info!(released, held, "shut down"),
        Err(e) => tracing::warn!(error = %e, "shut down; webhook leases could not be given back (they run out)"),
    }
    // A delivery still waiting on a slow receiver holds a blocking thread, and the runtime
    // would wait for it past the drain: its lease is given back, so leave now.
    std::process::exit(0)
}

/// This machine's address on the club's network, as a URL with the port of `bind`.
fn lan_url(bind: &str, scheme: &str) -> Option<String> {
    let port = bind.rsplit_once(':').and_then(|(_, port)| port.parse().ok()).unwrap_or(8080);
    let ip = spielstand_api::lan::phones_address(&spielstand_api::lan::addresses())?;
    Some(spielstand_api::lan::url(ip, port).replacen("http://", &format!("{scheme}://"), 1))
}

/// `--lan` at start: where phones reach the server, and the organiser's sign-in QR code
/// (a one-time code of the admin token "organiser", made if there is none).
fn club_network(pool: &db::Pool, public_url: Option<&str>, port: u16) {
    use spielstand_text::{Arg, Lang, message};
    let lang = Lang::of_environment().unwrap_or(Lang::En);
    let say = |id: &str, args: &[(&str, Arg)]| eprintln!("{}", message(lang, id, args));
    let addresses = spielstand_api::lan::addresses();
    say("server-lan-serving", &[]);
    for address in &addresses {
        say("server-lan-address", &[("url", spielstand_api::lan::url(address.ip, port).into())]);
    }
    let phones = public_url.unwrap_or("http://127.0.0.1:8080");
    if addresses.is_empty() {
        say("server-lan-none", &[("url", phones.into())]);
    } else {
        say("server-lan-phones", &[("url", phones.into())]);
    }
    let signed = pool.get().map_err(anyhow::Error::from).and_then(|mut conn| {
        const NAME: &str = "organiser";
        if !tokens::list(&mut conn)?.iter().any(|t| t.name == NAME && t.revoked_at.is_none()) {
            tokens::create(&mut conn, NAME, TokenScope::Admin, None)?;
            say("server-lan-organiser-created", &[("name", NAME.into())]);
        }
        Ok(spielstand_api::store::passes::sign_in_code(&mut conn, NAME)?)
    });
    match signed {
        Ok(code) => {
            let link = format!("{phones}/app/sign-in/{code}");
            say("server-lan-sign-in", &[("minutes", spielstand_api::store::passes::SIGN_IN_MINUTES.into())]);
            eprintln!("{}", spielstand_api::render::qr::terminal(&link));
            say("server-lan-sign-in-link", &[("url", link.into())]);
        }
        Err(e) => tracing::warn!(error = %e, "no sign-in code for the organiser"),
    }
}

/// Connections each of `workers` may hold: the soft open-files limit, raised to the hard
/// one first (a server needs a file per connection; 1,024 is a desktop's default), less
/// what the process needs besides (database files and connections, the log, the
/// webhook worker's sockets), shared among the workers.
fn connection_limit(workers: usize) -> usize {
    const RESERVED: u64 = 256;
    let limit = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => limit,
        Err(e) => {
            tracing::warn!(error = %e, "the open-files limit could not be read; assuming 1024");
            1024
        }
    };
    let per_worker = (limit.saturating_sub(RESERVED) / workers.max(1) as u64).clamp(16, 25_000);
    tracing::debug!(limit, per_worker, "connections per worker");
    per_worker as usize
}

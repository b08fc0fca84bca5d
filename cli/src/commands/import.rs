//! `spielstand import bgstats|bgg|spielstand`: plays logged elsewhere become results of a
//! league, sent in batches that the server stores together. Every play is checked here
//! first (so `--dry-run` says what would happen), and again by the server.

use super::Ctx;
use crate::args::OutputArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use crate::import::records;
use crate::import::source::{Parsed, Reason, SourcePlay};
use crate::import::titles::Titles;
use crate::import::{bgg, bgstats};
use crate::input::spec;
use crate::output::{Table, emit};
use crate::t;
use clap::{Args, Subcommand};
use serde_json::json;
use spielstand_core::finishing::GameOptions;
use spielstand_core::{GameRecord, same_name};
use spielstand_text::Arg;
use spielstand_wire::calls;
use spielstand_wire::{
    BatchInput, BatchItem, BatchStatus, EXPORT_FORMAT, EventInput, League, LeagueExport, LeagueInput, MAX_BATCH_ITEMS,
    ResultSource,
};
use std::collections::{BTreeMap, HashMap};
use std::io::IsTerminal;
use std::path::Path;

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// A BG Stats export: its .json file, or the zip that contains it.
    #[command(after_help = IMPORT_HELP)]
    Bgstats {
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        #[command(flatten)]
        args: ImportArgs,
    },
    /// BoardGameGeek plays as its XML API2 writes them (/xmlapi2/plays); one file per page.
    #[command(after_help = IMPORT_HELP)]
    Bgg {
        #[arg(value_name = "FILE", required = true)]
        files: Vec<std::path::PathBuf>,
        #[command(flatten)]
        args: ImportArgs,
    },
    /// A league exported with `spielstand export L`: recreated here with its rules, club
    /// nights, players and results.
    Spielstand {
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        /// The league to import into, made with the file's rules if it does not exist
        /// [default: the exported league's name]
        #[arg(long, value_name = "NAME")]
        league: Option<String>,
        /// Check everything and write nothing
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
}

const IMPORT_HELP: &str = "\
Games are matched by the names the apps use (German and English) and --game NAME=SLUG;
players by name (as the server compares names) and --player \"SOURCE NAME=PLAYER\".
Places come from the source's ranks, else from its winner flags (everyone else shares the
last place). Rangeln plays keep their totals (imported totals, no rounds); a Hase und Igel
finisher's score is its carrots left. Every play is checked by the game's rules; one that
breaks them is listed with its id and reason and not imported.
Exit codes: 0 everything imported or already there; 1 a play was refused; 2 bad input
(unknown players without --create-players: nothing is written).";

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The league to import into: its name or id
    #[arg(long, value_name = "L")]
    pub league: String,
    /// Map a game title (or bgg:ID) of the source to a game, e.g. "Hasenrennen=hase-und-igel" (repeat)
    #[arg(long = "game", value_name = "NAME=SLUG")]
    pub games: Vec<crate::import::titles::Mapping>,
    /// Map a player of the source to a player here, e.g. "Tom=Thomas Müller" (repeat)
    #[arg(long = "player", value_name = "SOURCE NAME=PLAYER", value_parser = player_mapping)]
    pub players: Vec<(String, String)>,
    /// Add the source's players who are not known here (otherwise they are listed and nothing is written)
    #[arg(long)]
    pub create_players: bool,
    /// A game option the source does not record, e.g. lauf-rauf.edition=revised (repeat) [default: the league's]
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// Check everything and write nothing
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// "SOURCE NAME=PLAYER"
fn player_mapping(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((from, to)) if !from.trim().is_empty() && !to.trim().is_empty() => {
            Ok((from.trim().to_owned(), to.trim().to_owned()))
        }
        _ => Err(t!("args-player-mapping", typed = format!("{s:?}"))),
    }
}

pub fn run(ctx: &Ctx, command: ImportCommand) -> Result<()> {
    match command {
        ImportCommand::Bgstats { file, args } => {
            let parsed =
                bgstats::parse(&read(&file)?).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
            foreign(&ctx.client, parsed, args)
        }
        ImportCommand::Bgg { files, args } => {
            let mut all = Parsed { plays: Vec::new(), skipped: Vec::new() };
            for file in &files {
                let text = String::from_utf8(read(file)?)
                    .map_err(|e| CliError::input_from(t!("import-not-utf8", file = file.display().to_string()), e))?;
                let page = bgg::parse(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
                all.plays.extend(page.plays);
                all.skipped.extend(page.skipped);
            }
            foreign(&ctx.client, all, args)
        }
        ImportCommand::Spielstand { file, league, dry_run, output } => own(&ctx.client, &file, league, dry_run, output),
    }
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| CliError::local(path.display(), e))
}

/// One result to send, with where it came from.
struct Pending {
    source: ResultSource,
    title: String,
    record: GameRecord,
}

/// What became of every play, for the summary.
#[derive(Default)]
struct Tally {
    imported: usize,
    already_there: usize,
    /// By reason, in the order of the English reasons (the JSON's keys).
    skipped: BTreeMap<Reason, usize>,
    /// (source id, title, reason)
    refused: Vec<(String, String, Reason)>,
}

fn foreign(client: &Client, parsed: Parsed, args: ImportArgs) -> Result<()> {
    let (league, _) = client.resolve_league(&args.league)?;
    let titles = Titles::new(args.games.clone());
    let mut flags = GameOptions::default();
    for text in &args.options {
        flags.set(text).map_err(|e| CliError::input(format!("--option {e}")))?; // not text: a flag, core's words
    }
    let mut tally = Tally::default();
    for skipped in &parsed.skipped {
        *tally.skipped.entry(skipped.reason.reason()).or_default() += 1;
    }
    // Which plays are of a game this league counts.
    let mut plays: Vec<(&SourcePlay, spielstand_core::GameKind)> = Vec::new();
    for play in &parsed.plays {
        match titles.game(&play.title, play.bgg_id) {
            None => {
                let reason = Reason::new("import-skip-another-game", &[("title", Arg::from(&play.title))]);
                *tally.skipped.entry(reason).or_default() += 1
            }
            Some(game) if !league.rules.games.contains(&game) => {
                let reason = Reason::new("import-skip-not-counted", &[("game", Arg::from(game.name()))]);
                *tally.skipped.entry(reason).or_default() += 1
            }
            Some(game) => plays.push((play, game)),
        }
    }
    // Players: mapped, known, or (with --create-players) added.
    let (known, _) = client.send(calls::list_players())?;
    let mut names: HashMap<String, String> = HashMap::new();
    let mut unknown: Vec<String> = Vec::new();
    for player in plays.iter().flat_map(|(p, _)| &p.players) {
        if names.contains_key(&player.name) {
            continue;
        }
        let wanted = args
            .players
            .iter()
            .find(|(from, _)| same_name(from, &player.name))
            .map_or(player.name.as_str(), |(_, to)| to.as_str());
        match known.iter().find(|k| same_name(&k.name, wanted)) {
            Some(k) => {
                names.insert(player.name.clone(), k.name.clone());
            }
            None => {
                if !unknown.iter().any(|u| same_name(u, wanted)) {
                    unknown.push(wanted.to_owned());
                }
                names.insert(player.name.clone(), wanted.to_owned());
            }
        }
    }
    // Each play as a result, checked as the server will check it.
    let mut pending = Vec::new();
    for (play, game) in plays {
        let seated: Vec<String> = play.players.iter().map(|p| names[&p.name].clone()).collect();
        let checked = records::record(play, game, &seated).and_then(|mut record| {
            flags.apply(&mut record.outcome).map_err(|e| Reason::rule(&e))?;
            league.rules.game_options.apply(&mut record.outcome).map_err(|e| Reason::rule(&e))?;
            league.rules.admits(record.game(), record.played_on).map_err(|e| Reason::rule(&e))?;
            record.evaluate().map_err(|e| Reason::rule(&e))?;
            Ok(record)
        });
        match checked {
            Ok(record) => pending.push(Pending {
                source: ResultSource { system: play.source.slug().to_owned(), id: play.source_id.clone() },
                title: play.title.clone(),
                record,
            }),
            Err(reason) => tally.refused.push((play.source_id.clone(), play.title.clone(), reason)),
        }
    }
    // Only the players of plays that are imported are new here: a refused or skipped
    // play leaves nobody behind.
    unknown.retain(|name| pending.iter().any(|p| p.record.players.iter().any(|s| same_name(&s.player, name))));
    if !unknown.is_empty() && !args.create_players {
        return Err(CliError::input(t!("import-unknown-players", count = unknown.len(), names = unknown.join(", "))));
    }
    if !args.dry_run {
        for name in &unknown {
            client.send(calls::create_player(name))?;
        }
        send(client, &league, pending, &mut tally)?;
    } else {
        tally.imported = pending.len();
    }
    // Names the file brings that are likely someone already here, or each other.
    let all: Vec<&str> = known.iter().map(|k| k.name.as_str()).chain(unknown.iter().map(String::as_str)).collect();
    let likely: Vec<(String, String)> = spielstand_core::similar::likely_duplicates(&all)
        .into_iter()
        .filter(|(a, b)| unknown.iter().any(|u| u == a || u == b))
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .collect();
    report(&league, &tally, args.dry_run, args.output, &unknown, &likely)
}

/// Sends the results in batches, a progress bar on a terminal.
fn send(client: &Client, league: &League, pending: Vec<Pending>, tally: &mut Tally) -> Result<()> {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(pending.len() as u64);
        bar.set_style(
            // The template's keys are indicatif's, filled in by the catalogue.
            indicatif::ProgressStyle::with_template(&t!(
                "import-progress",
                bar = "{bar:40}",
                done = "{pos}",
                total = "{len}",
                eta = "{eta}"
            ))
            .expect("the template is valid"),
        );
        bar
    });
    for chunk in pending.chunks(MAX_BATCH_ITEMS) {
        let items = chunk
            .iter()
            .map(|p| BatchItem {
                idempotency_key: key(league.id, &p.source),
                source: Some(p.source.clone()),
                record: p.record.clone(),
            })
            .collect();
        let (outcome, _) = client.send(calls::record_results_batch(league.id, &BatchInput { items }))?;
        for (item, sent) in outcome.items.iter().zip(chunk) {
            match item.status {
                BatchStatus::Created => tally.imported += 1,
                BatchStatus::Replayed => tally.already_there += 1,
                BatchStatus::Refused => {
                    let reason = item
                        .problem
                        .as_ref()
                        .map_or_else(|| Reason::new("import-refused-by-server", &[]), |p| Reason::as_is(&p.detail));
                    tally.refused.push((sent.source.id.clone(), sent.title.clone(), reason));
                }
            }
        }
        if let Some(bar) = &bar {
            bar.inc(chunk.len() as u64);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(())
}

/// The idempotency key of an imported play: the same for the same play and league on
/// every import, so a batch resent after a broken connection stores nothing twice.
fn key(league: i64, source: &ResultSource) -> String {
    let name = format!("{league}/{}/{}", source.system, source.id);
    format!("import-{}", uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, name.as_bytes()))
}

fn report(
    league: &League,
    tally: &Tally,
    dry_run: bool,
    output: OutputArgs,
    new_players: &[String],
    likely: &[(String, String)],
) -> Result<()> {
    let mut table = Table::with_headers(vec![t!("import-column-plays"), crate::lang::column("Count")]).numeric([1]);
    let imported = if dry_run { t!("import-row-would-be-imported") } else { t!("import-row-imported") };
    table.row(vec![imported, tally.imported.to_string()]);
    table.row(vec![t!("import-row-already-there"), tally.already_there.to_string()]);
    for (reason, n) in &tally.skipped {
        table.row(vec![t!("import-row-skipped", reason = &reason.shown), n.to_string()]);
    }
    let mut by_reason: BTreeMap<&Reason, usize> = BTreeMap::new();
    for (_, _, reason) in &tally.refused {
        *by_reason.entry(reason).or_default() += 1;
    }
    for (reason, n) in &by_reason {
        table.row(vec![t!("import-row-refused", reason = &reason.shown), n.to_string()]);
    }
    let (skipped, refused) = (tally.skipped.values().sum::<usize>(), tally.refused.len());
    let summary_id = if dry_run { "import-summary-dry-run" } else { "import-summary" };
    let mut summary = crate::lang::t(
        summary_id,
        &[
            ("league", league.name.as_str().into()),
            ("imported", tally.imported.into()),
            ("already_there", tally.already_there.into()),
            ("skipped", skipped.into()),
            ("refused", refused.into()),
        ],
    );
    if !new_players.is_empty() {
        let (count, names) = (new_players.len(), new_players.join(", "));
        let added = if dry_run {
            t!("import-players-would-be-added", count = count, names = names)
        } else {
            t!("import-players-added", count = count, names = names)
        };
        summary = format!("{summary}; {added}");
    }
    let mut lines = vec![summary];
    for (id, title, reason) in &tally.refused {
        lines.push(t!("import-refused-play", id = id, title = title, reason = &reason.shown));
    }
    for (a, b) in likely {
        lines.push(t!("import-likely-one-person", player = a, other = b));
    }
    // The JSON says the reasons in English whatever the language: its keys stay the same.
    let skipped_json: BTreeMap<&str, usize> =
        tally.skipped.iter().map(|(reason, n)| (reason.english.as_str(), *n)).collect();
    let json = json!({
        "league_id": league.id,
        "dry_run": dry_run,
        "imported": tally.imported,
        "already_there": tally.already_there,
        "new_players": new_players,
        "likely_duplicates": likely.iter().map(|(a, b)| json!({"player": a, "other": b})).collect::<Vec<_>>(),
        "skipped": skipped_json,
        "refused": tally.refused.iter().map(|(id, title, reason)| json!({"source_id": id, "title": title, "reason": reason.english})).collect::<Vec<_>>(),
    });
    emit(output.format, &json, &lines, &[table]);
    if tally.refused.is_empty() {
        Ok(())
    } else {
        Err(CliError::Refused(t!("import-plays-refused", count = tally.refused.len())))
    }
}

/// `import spielstand`: a league exported from a spielstand server.
fn own(client: &Client, file: &Path, name: Option<String>, dry_run: bool, output: OutputArgs) -> Result<()> {
    let document: LeagueExport = serde_json::from_slice(&read(file)?).map_err(|e| {
        CliError::input_from(t!("import-not-an-export", file = file.display().to_string(), error = e.to_string()), e)
    })?;
    if document.format != EXPORT_FORMAT {
        return Err(CliError::input(t!(
            "import-other-format",
            file = file.display().to_string(),
            format = format!("{:?}", document.format),
            expected = format!("{EXPORT_FORMAT:?}")
        )));
    }
    let name = name.unwrap_or_else(|| document.league.name.clone());
    let existing = client.all_leagues()?.into_iter().map(|(l, _)| l).find(|l| same_name(&l.name, &name));
    let mut tally = Tally::default();
    if dry_run {
        tally.imported = document.results.len();
        let league = existing.unwrap_or_else(|| League { name: name.clone(), ..document.league.clone() });
        return report(&league, &tally, true, output, &[], &[]);
    }
    let league = match existing {
        Some(league) => {
            if league.rules != document.league.rules {
                eprintln!("{}", t!("import-other-rules", league = &league.name));
            }
            league
        }
        None => client.send(calls::create_league(&LeagueInput { name, rules: document.league.rules.clone() }))?.0,
    };
    let (known, _) = client.send(calls::list_players())?;
    for player in &document.players {
        if !known.iter().any(|k| same_name(&k.name, &player.name)) {
            client.send(calls::create_player(&player.name))?;
        }
    }
    // Club nights: the same title and date are the same night.
    let (here, _) = client.send(calls::list_events(league.id))?;
    let mut nights: HashMap<i64, i64> = HashMap::new();
    for event in &document.events {
        let id = match here.iter().find(|e| e.date == event.date && e.title == event.title) {
            Some(found) => found.id,
            None => {
                let input =
                    EventInput { title: event.title.clone(), date: event.date, location: event.location.clone() };
                client.send(calls::create_event(league.id, &input))?.0.id
            }
        };
        nights.insert(event.id, id);
    }
    let pending = document
        .results
        .iter()
        .map(|r| {
            let mut record = r.record.clone();
            record.event_id = record.event_id.and_then(|id| nights.get(&id).copied());
            Pending {
                // A result imported there keeps its first source, so that importing that
                // file here too finds it.
                source: r.source.clone().unwrap_or_else(|| ResultSource {
                    system: "spielstand".into(),
                    id: format!("{}/{}", document.league.id, r.id),
                }),
                title: r.record.game().name().to_owned(),
                record,
            }
        })
        .collect();
    send(client, &league, pending, &mut tally)?;
    report(&league, &tally, false, output, &[], &[])
}

//! `spielstand league create|edit|list|show`, and finding a league by name or id.

use super::Ctx;
use crate::args::OutputArgs;
use crate::client::Client;
use crate::error::Result;
use crate::input::spec;
use crate::output::{Table, emit};
use crate::t;
use chrono::NaiveDate;
use clap::{Args, Subcommand};
use serde_json::Value;
use spielstand_core::Slug;
use spielstand_core::accuracy::RatingAccuracy;
use spielstand_core::finishing::GameOptions;
use spielstand_core::{GameKind, LeagueRules, PointsScheme, Season, TieBreaker};
use spielstand_wire::calls;
use spielstand_wire::{League, LeagueInput};
use std::str::FromStr;

#[derive(Debug, Subcommand)]
pub enum LeagueCommand {
    /// Create a league: the games it counts, its points scheme and season.
    Create(LeagueCreate),
    /// All leagues.
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Change a league's game options (how it plays a game all season) or its
    /// minimum games. Results already recorded keep the options they were played with.
    Edit(LeagueEdit),
    /// A league's rules.
    Show {
        /// The league: its name or id
        #[arg(value_name = "L")]
        league: String,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct LeagueCreate {
    pub name: String,
    /// Games counted, separated by commas, or all: rangeln, mensch-aergere-dich-nicht (or
    /// mensch), ghostbuster, lauf-rauf, hase-und-igel (or hase)
    #[arg(long, value_name = "SLUG,...")]
    pub games: Games,
    /// How places become points: players-beaten (one point per player placed below), or
    /// table:10,6,4,2,1 (points for place 1, 2, ...) [default: players-beaten]
    #[arg(long, value_name = "SCHEME")]
    pub points: Option<PointsScheme>,
    /// First day of the season (2026-09-01 or 1.9.2026) [default: open]
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub from: Option<NaiveDate>,
    /// Last day of the season (2027-03-31 or 31.3.2027) [default: open]
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub to: Option<NaiveDate>,
    /// Tie-breakers after points, in order, separated by commas [default: wins,average-place,head-to-head]
    #[arg(long, value_delimiter = ',', value_enum)]
    pub tie_breakers: Vec<TieBreaker>,
    /// Count Ghostbuster together with Mensch ärgere Dich nicht in per-game tables
    #[arg(long)]
    pub ghostbuster_with_mensch: bool,
    /// Games a player needs before being ranked; players with fewer are listed last, without a place
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub min_games: u32,
    /// How the league plays a game, so results need not say (repeat): lauf-rauf.edition=revised,
    /// lauf-rauf.cards=true, mensch-aergere-dich-nicht.house-rules=barriers+three-rolls,
    /// mensch-aergere-dich-nicht.colours=one-each, ghostbuster.house-rules=..., ghostbuster.colours=...
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// A fixed team for the team table (`standings --by team`), its players joined by '+'
    /// (repeat): --team "TSV 1=Anna+Ben"
    #[arg(long = "team", value_name = "NAME=PLAYERS")]
    pub teams: Vec<TeamArg>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `NAME=PLAYER+PLAYER`: a team of a team table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamArg(pub spielstand_core::TeamRoster);

impl FromStr for TeamArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, players) = s.split_once('=').ok_or_else(|| t!("args-team-syntax", typed = format!("{s:?}")))?;
        let players: Vec<String> = players.split('+').map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect();
        Ok(TeamArg(spielstand_core::TeamRoster { name: name.trim().to_owned(), players }))
    }
}

#[derive(Debug, Args)]
pub struct LeagueEdit {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Set a game option (repeat), as for `league create`
    #[arg(long = "option", value_name = "GAME.OPTION=VALUE", value_parser = spec::game_option)]
    pub options: Vec<String>,
    /// Clear every option of one game (its results then say how they were played)
    #[arg(long = "clear-options", value_name = "SLUG", value_enum)]
    pub clear: Vec<GameKind>,
    /// Games a player needs before being ranked
    #[arg(long, value_name = "N")]
    pub min_games: Option<u32>,
    /// Set a fixed team (repeat; a team of the same name is replaced), as for `league create`
    #[arg(long = "team", value_name = "NAME=PLAYERS")]
    pub teams: Vec<TeamArg>,
    /// Remove every fixed team (before any --team)
    #[arg(long)]
    pub clear_teams: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Games by slug, separated by commas, or `all`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Games(pub Vec<GameKind>);

impl FromStr for Games {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "all" {
            return Ok(Games(GameKind::ALL.to_vec()));
        }
        s.split(',')
            .map(|game| GameKind::parse_typed(game).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()
            .map(Games)
    }
}

pub fn run(ctx: &Ctx, command: LeagueCommand) -> Result<()> {
    let client = &ctx.client;
    match command {
        LeagueCommand::Create(args) => create(client, args)?,
        LeagueCommand::Edit(args) => edit(client, args)?,
        LeagueCommand::List { output } => {
            let leagues = client.all_leagues()?;
            let mut table =
                Table::new(&["ID", "Name", "Games", "Points", "Season"]).numeric([0]).when_empty(t!("league-none-yet"));
            for (league, _) in &leagues {
                table.row(vec![
                    league.id.to_string(),
                    league.name.clone(),
                    games(&league.rules),
                    league.rules.points.to_string(),
                    season(&league.rules.season),
                ]);
            }
            let json = Value::Array(leagues.into_iter().map(|(_, v)| v).collect());
            emit(output.format, &json, &[], &[table]);
        }
        LeagueCommand::Show { league, output } => {
            let (league, mut json) = client.resolve_league(&league)?;
            let (accuracy, reply) = client.send(calls::get_rating_accuracy(league.id, &Default::default()))?;
            json["rating_accuracy"] = reply.body;
            emit(
                output.format,
                &json,
                &[t!("league-shown", name = &league.name, id = league.id)],
                &[rules_table(&league), accuracy_table(&accuracy.accuracy)],
            );
        }
    }
    Ok(())
}

fn create(client: &Client, args: LeagueCreate) -> Result<()> {
    spielstand_core::check_name(&args.name)?;
    let mut rules = LeagueRules::new(args.games.0);
    rules.season = Season { from: args.from, to: args.to };
    if let Some(points) = args.points {
        rules.points = points;
    }
    if !args.tie_breakers.is_empty() {
        rules.tie_breakers = args.tie_breakers;
    }
    rules.ghostbuster_with_mensch = args.ghostbuster_with_mensch;
    rules.min_games = args.min_games;
    set_options(&mut rules.game_options, &args.options)?;
    rules.teams = args.teams.into_iter().map(|t| t.0).collect();
    // Core's checks first: a reversed season or a rising points table never leaves the machine.
    rules.validate()?;
    let (league, reply) = client.send(calls::create_league(&LeagueInput { name: args.name, rules }))?;
    // Kept as results are checked against it: the next result needs no read of it.
    crate::known::remember_league(&client.server, &league);
    let line = t!("league-created", name = &league.name, id = league.id);
    emit(args.output.format, &reply.body, &[line], &[rules_table(&league)]);
    Ok(())
}

/// Applies `--option` texts (already checked for their form by the argument parser).
fn set_options(options: &mut GameOptions, texts: &[String]) -> Result<()> {
    for text in texts {
        options.set(text).map_err(|e| crate::error::CliError::input(format!("--option {e}")))?; // not text: a flag
    }
    Ok(())
}

fn edit(client: &Client, args: LeagueEdit) -> Result<()> {
    if args.options.is_empty()
        && args.clear.is_empty()
        && args.min_games.is_none()
        && args.teams.is_empty()
        && !args.clear_teams
    {
        return Err(crate::error::CliError::input(t!("league-nothing-to-change")));
    }
    let (league, _) = client.resolve_league(&args.league)?;
    let mut rules = league.rules.clone();
    for game in &args.clear {
        match game {
            GameKind::LaufRauf => rules.game_options.lauf_rauf = None,
            GameKind::MenschAergereDichNicht => rules.game_options.mensch = None,
            GameKind::Ghostbuster => rules.game_options.ghostbuster = None,
            GameKind::Rangeln | GameKind::HaseUndIgel => {}
        }
    }
    set_options(&mut rules.game_options, &args.options)?;
    if let Some(min_games) = args.min_games {
        rules.min_games = min_games;
    }
    if args.clear_teams {
        rules.teams.clear();
    }
    for team in args.teams {
        match rules.teams.iter_mut().find(|t| spielstand_core::same_name(&t.name, &team.0.name)) {
            Some(existing) => *existing = team.0,
            None => rules.teams.push(team.0),
        }
    }
    rules.validate()?;
    let (league, reply) = client.send(calls::update_league(league.id, &LeagueInput { name: league.name, rules }))?;
    crate::known::remember_league(&client.server, &league);
    let line = t!("league-changed", name = &league.name, id = league.id);
    emit(args.output.format, &reply.body, &[line], &[rules_table(&league)]);
    Ok(())
}

/// The options as `--option` would set them, one per line.
fn options_text(options: &GameOptions) -> String {
    let mut lines = Vec::new();
    if let Some(o) = &options.lauf_rauf {
        lines.extend(o.edition.map(|e| format!("lauf-rauf.edition={}", e.slug()))); // not text: an option as typed
        lines.extend(o.cards.map(|c| format!("lauf-rauf.cards={c}"))); // not text: an option as typed
    }
    for (game, o) in [("mensch-aergere-dich-nicht", &options.mensch), ("ghostbuster", &options.ghostbuster)] {
        let Some(o) = o else { continue };
        if let Some(rules) = &o.house_rules {
            let rules: Vec<&str> = rules.iter().map(|r| r.slug()).collect();
            lines.push(format!("{game}.house-rules={}", rules.join("+")));
        }
        lines.extend(o.colours.map(|c| format!("{game}.colours={}", c.slug()))); // not text: an option as typed
    }
    if lines.is_empty() { t!("league-options-none") } else { lines.join("\n") }
}

/// How good the ratings are, beside the uniform guess.
fn accuracy_table(a: &RatingAccuracy) -> Table {
    let figure = |x: Option<f64>, percent: bool| match x {
        Some(x) if percent => crate::lang::decimal(format!("{:.1} %", x * 100.0)),
        Some(x) => crate::lang::decimal(format!("{x:.3}")),
        None => "-".to_owned(),
    };
    let mut table = Table::new(&["Measure", "Ratings", "Uniform guess"]).numeric([1, 2]).title(format!(
        "{}\n{}",
        t!("accuracy-title", games = a.games),
        t!("accuracy-explained")
    ));
    for (name, model, baseline, percent) in [
        (t!("accuracy-favourite-won"), a.model.favourite_won, a.baseline.favourite_won, true),
        (t!("accuracy-log-loss"), a.model.log_loss, a.baseline.log_loss, false),
        (t!("accuracy-brier"), a.model.brier, a.baseline.brier, false),
    ] {
        table.row(vec![name, figure(model, percent), figure(baseline, percent)]);
    }
    table
}

fn rules_table(league: &League) -> Table {
    let rules = &league.rules;
    let mut table = Table::new(&["Setting", "Value"]);
    let breakers: Vec<String> = rules.tie_breakers.iter().map(|t| crate::lang::word("tie-breaker", t.slug())).collect();
    // The points scheme, tie-breakers and options as their flags take them.
    for (setting, value) in [
        (t!("league-setting-name"), league.name.clone()),
        (t!("league-setting-id"), league.id.to_string()),
        (t!("league-setting-games"), games(rules)),
        (t!("league-setting-points"), rules.points.to_string()),
        (t!("league-setting-tie-breakers"), breakers.join(", ")),
        (t!("league-setting-season"), season(&rules.season)),
        (
            t!("league-setting-ghostbuster-with-mensch"),
            if rules.ghostbuster_with_mensch { t!("league-yes") } else { t!("league-no") },
        ),
        (t!("league-setting-min-games"), rules.min_games.to_string()),
        (t!("league-setting-game-options"), options_text(&rules.game_options)),
    ] {
        table.row(vec![setting, value]);
    }
    table
}

/// The league's games by their names, as people know them.
fn games(rules: &LeagueRules) -> String {
    rules.games.iter().map(|g| g.name()).collect::<Vec<_>>().join(", ")
}

fn season(season: &Season) -> String {
    let day = |d: Option<chrono::NaiveDate>| d.map_or_else(|| t!("league-season-open"), crate::lang::date);
    match (season.from, season.to) {
        (None, None) => t!("league-season-open"),
        (from, to) => t!("league-season", from = day(from), to = day(to)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_parse_by_slug_or_all() {
        assert_eq!("all".parse::<Games>().unwrap().0.len(), 5);
        assert!("rangeln,chess".parse::<Games>().is_err());
    }
}

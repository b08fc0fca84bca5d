//! `spielstand league create|edit|list|show`, and finding a league by name or id.

use super::Ctx;
use crate::args::{LeagueCommand, LeagueCreate, LeagueEdit};
use crate::client::Client;
use crate::error::Result;
use crate::output::{Table, emit};
use serde_json::Value;
use spielstand_core::Slug;
use spielstand_core::accuracy::RatingAccuracy;
use spielstand_core::finishing::GameOptions;
use spielstand_core::{GameKind, LeagueRules, Season};
use spielstand_wire::{League, LeagueInput};

pub fn run(ctx: &Ctx, command: LeagueCommand) -> Result<()> {
    let client = &ctx.client;
    match command {
        LeagueCommand::Create(args) => create(client, args)?,
        LeagueCommand::Edit(args) => edit(client, args)?,
        LeagueCommand::List { output } => {
            let leagues = client.all_leagues()?;
            let mut table = Table::new(&["ID", "Name", "Games", "Points", "Season"])
                .numeric([0])
                .when_empty("No leagues yet: create one with `spielstand league create NAME --games SLUG,...`.");
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
            let (accuracy, reply) = client.rating_accuracy(league.id)?;
            json["rating_accuracy"] = reply.body;
            emit(
                output.format,
                &json,
                &[format!("League {} (id {})", league.name, league.id)],
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
    let (league, reply) = client.create_league(&LeagueInput { name: args.name, rules })?;
    let line = format!("Created league {} (id {}).", league.name, league.id);
    emit(args.output.format, &reply.body, &[line], &[rules_table(&league)]);
    Ok(())
}

/// Applies `--option` texts (already checked for their form by the argument parser).
fn set_options(options: &mut GameOptions, texts: &[String]) -> Result<()> {
    for text in texts {
        options.set(text).map_err(|e| crate::error::CliError::input(format!("--option {e}")))?;
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
        return Err(crate::error::CliError::input(
            "nothing to change: give --option GAME.OPTION=VALUE, --clear-options SLUG, --min-games N, --team NAME=PLAYERS or --clear-teams",
        ));
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
    let (league, reply) = client.update_league(league.id, &LeagueInput { name: league.name, rules })?;
    let line = format!("Changed league {} (id {}).", league.name, league.id);
    emit(args.output.format, &reply.body, &[line], &[rules_table(&league)]);
    Ok(())
}

/// The options as `--option` would set them, one per line.
fn options_text(options: &GameOptions) -> String {
    let mut lines = Vec::new();
    if let Some(o) = &options.lauf_rauf {
        lines.extend(o.edition.map(|e| format!("lauf-rauf.edition={}", e.slug())));
        lines.extend(o.cards.map(|c| format!("lauf-rauf.cards={c}")));
    }
    for (game, o) in [("mensch-aergere-dich-nicht", &options.mensch), ("ghostbuster", &options.ghostbuster)] {
        let Some(o) = o else { continue };
        if let Some(rules) = &o.house_rules {
            let rules: Vec<&str> = rules.iter().map(|r| r.slug()).collect();
            lines.push(format!("{game}.house-rules={}", rules.join("+")));
        }
        lines.extend(o.colours.map(|c| format!("{game}.colours={}", c.slug())));
    }
    if lines.is_empty() { "none".to_owned() } else { lines.join("\n") }
}

/// How good the ratings are, beside the uniform guess.
fn accuracy_table(a: &RatingAccuracy) -> Table {
    let figure = |x: Option<f64>, percent: bool| match x {
        Some(x) if percent => format!("{:.1} %", x * 100.0),
        Some(x) => format!("{x:.3}"),
        None => "-".to_owned(),
    };
    let mut table = Table::new(&["Measure", "Ratings", "Uniform guess"])
        .numeric([1, 2])
        .title(format!("How good the ratings are ({} games)", a.games));
    for (name, model, baseline, percent) in [
        ("Favourite won", a.model.favourite_won, a.baseline.favourite_won, true),
        ("Log loss (lower is better)", a.model.log_loss, a.baseline.log_loss, false),
        ("Brier score (lower is better)", a.model.brier, a.baseline.brier, false),
    ] {
        table.row(vec![name.to_owned(), figure(model, percent), figure(baseline, percent)]);
    }
    table
}

fn rules_table(league: &League) -> Table {
    let rules = &league.rules;
    let mut table = Table::new(&["Setting", "Value"]);
    let breakers: Vec<&str> = rules.tie_breakers.iter().map(|t| t.slug()).collect();
    for (setting, value) in [
        ("name", league.name.clone()),
        ("id", league.id.to_string()),
        ("games", games(rules)),
        ("points", rules.points.to_string()),
        ("tie-breakers", breakers.join(", ")),
        ("season", season(&rules.season)),
        ("ghostbuster with mensch", if rules.ghostbuster_with_mensch { "yes" } else { "no" }.to_owned()),
        ("minimum games", rules.min_games.to_string()),
        ("game options", options_text(&rules.game_options)),
    ] {
        table.row(vec![setting.to_owned(), value]);
    }
    table
}

fn games(rules: &LeagueRules) -> String {
    rules.games.iter().map(|g| g.slug()).collect::<Vec<_>>().join(", ")
}

fn season(season: &Season) -> String {
    match (season.from, season.to) {
        (None, None) => "open".to_owned(),
        (from, to) => format!(
            "{} to {}",
            from.map_or("open".to_owned(), |d| d.to_string()),
            to.map_or("open".to_owned(), |d| d.to_string())
        ),
    }
}

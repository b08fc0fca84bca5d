//! `spielstand league create|edit|list|show`, and finding a league by name or id.

use super::Ctx;
use crate::args::{LeagueCommand, LeagueCreate, LeagueEdit};
use crate::client::Client;
use crate::error::Result;
use crate::output::{Table, emit};
use crate::t;
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
            let (accuracy, reply) = client.rating_accuracy(league.id, &Default::default())?;
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
    let (league, reply) = client.create_league(&LeagueInput { name: args.name, rules })?;
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
    let (league, reply) = client.update_league(league.id, &LeagueInput { name: league.name, rules })?;
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

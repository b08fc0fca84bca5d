//! `spielstand league create|list|show`, and finding a league by name or id.

use super::Ctx;
use crate::args::{LeagueCommand, LeagueCreate};
use crate::client::Client;
use crate::error::Result;
use crate::output::{Table, emit};
use serde_json::Value;
use spielstand_core::Slug;
use spielstand_core::{LeagueRules, Season};
use spielstand_wire::{League, LeagueInput};

pub fn run(ctx: &Ctx, command: LeagueCommand) -> Result<()> {
    let client = &ctx.client;
    match command {
        LeagueCommand::Create(args) => create(client, args)?,
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
            let (league, json) = client.resolve_league(&league)?;
            emit(
                output.format,
                &json,
                &[format!("League {} (id {})", league.name, league.id)],
                &[rules_table(&league)],
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
    // Core's checks first: a reversed season or a rising points table never leaves the machine.
    rules.validate()?;
    let (league, reply) = client.create_league(&LeagueInput { name: args.name, rules })?;
    let line = format!("Created league {} (id {}).", league.name, league.id);
    emit(args.output.format, &reply.body, &[line], &[rules_table(&league)]);
    Ok(())
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

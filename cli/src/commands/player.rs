//! `spielstand player add|list|duplicates|rename|merge|unmerge|show`.

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::Result;
use crate::lang::{date, decimal};
use crate::output::{Table, emit, number, sparkline, table_place};
use crate::t;
use clap::Subcommand;
use serde_json::json;
use spielstand_core::PlayerStats;
use spielstand_wire::calls;
use spielstand_wire::{Player, StandingsParams};

#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Add a player (any script; no ',' or '=', which separate players in results).
    Add {
        name: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// All players, by name.
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Rename a player; stored results and standings show the new name.
    Rename {
        old: String,
        new: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Merge a duplicate player into the one kept: every result, in every league, then
    /// counts for INTO, and the name FROM stands for INTO. Undo with `player unmerge FROM`.
    Merge {
        /// The player merged away (a duplicate)
        from: String,
        /// The player kept
        into: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Undo a merge: exactly the results the merge moved go back to NAME; results recorded
    /// since stay with the player kept.
    Unmerge {
        /// The player merged away
        name: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Pairs of players that are likely one person: names equal once accents are removed
    /// and umlauts spelled out ("Jörg", "Joerg"), one edit apart, or one the beginning of
    /// the other ("Ann", "Anna").
    Duplicates {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// A player, and where they stand in every league they played in; with --league,
    /// their statistics there (per game and overall, streaks, rating change).
    Show {
        name: String,
        /// Statistics in this league (its name or id)
        #[arg(long, short = 'l', value_name = "L")]
        league: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

pub fn run(ctx: &Ctx, command: PlayerCommand) -> Result<()> {
    let client = &ctx.client;
    match command {
        PlayerCommand::Add { name, output } => {
            spielstand_core::check_name(&name)?;
            // The server's lookalike check, before sending: when the list is at hand.
            let listed = client.send(calls::list_players()).ok().map(|(players, _)| players);
            if let Some(other) = listed.iter().flatten().find(|p| spielstand_core::look_alike(&p.name, &name)) {
                return Err(crate::error::CliError::input(t!(
                    "player-looks-alike",
                    name = format!("{name:?}"),
                    other = format!("{:?}", other.name),
                    id = other.id
                )));
            }
            let (player, reply) = client.send(calls::create_player(&name))?;
            // Kept with the new name, as results are checked against it.
            if let Some(players) = listed {
                let names = players.into_iter().map(|p| p.name).chain([player.name.clone()]).collect();
                crate::known::remember(&client.server, names);
            }
            let line = t!("player-added", name = &player.name, id = player.id);
            emit(output.format, &reply.body, &[line], &[one_player(&player)]);
        }
        PlayerCommand::List { output } => {
            let (players, reply) = client.send(calls::list_players())?;
            let mut table = Table::new(&["ID", "Name", "Added"]).numeric([0]).when_empty(t!("player-none-yet"));
            for p in &players {
                let mut name = p.name.clone();
                if let Some(kept) = p.merged_into.and_then(|id| players.iter().find(|k| k.id == id)) {
                    name = t!("player-merged-into", name = name, kept = &kept.name);
                }
                table.row(vec![p.id.to_string(), name, date(p.created_at.date_naive())]);
            }
            emit(output.format, &reply.body, &[], &[table]);
        }
        PlayerCommand::Duplicates { output } => {
            let (players, _) = client.send(calls::list_players())?;
            // A merged player is one person with the kept one already.
            let names: Vec<&str> =
                players.iter().filter(|p| p.merged_into.is_none()).map(|p| p.name.as_str()).collect();
            let pairs = spielstand_core::similar::likely_duplicates(&names);
            let mut table = Table::new(&["Player", "Likely the same as"]).when_empty(t!("player-no-duplicates"));
            for (a, b) in &pairs {
                table.row(vec![(*a).to_owned(), (*b).to_owned()]);
            }
            let json = json!(pairs.iter().map(|(a, b)| json!({"player": a, "other": b})).collect::<Vec<_>>());
            emit(output.format, &json, &[], &[table]);
        }
        PlayerCommand::Rename { old, new, output } => {
            spielstand_core::check_name(&new)?;
            let (player, _) = client.find_player(&old)?;
            let (renamed, reply) = client.send(calls::rename_player(player.id, &new))?;
            let line = t!("player-renamed", old = &player.name, new = &renamed.name, id = renamed.id);
            emit(output.format, &reply.body, &[line], &[one_player(&renamed)]);
        }
        PlayerCommand::Merge { from, into, output } => {
            let from = client.find_player_as_named(&from)?;
            let (into, _) = client.find_player(&into)?;
            let (merge, reply) = client.send(calls::merge_player(from.id, into.id))?;
            let lines = vec![t!(
                "player-merged",
                name = &merge.player.name,
                into = &merge.into.name,
                seats = merge.seats_moved,
                leagues = merge.leagues.len()
            )];
            emit(output.format, &reply.body, &lines, &[]);
        }
        PlayerCommand::Unmerge { name, output } => {
            let player = client.find_player_as_named(&name)?;
            let (merge, reply) = client.send(calls::unmerge_player(player.id))?;
            let lines = vec![t!(
                "player-unmerged",
                name = &merge.player.name,
                into = &merge.into.name,
                seats = merge.seats_moved,
                leagues = merge.leagues.len()
            )];
            emit(output.format, &reply.body, &lines, &[]);
        }
        PlayerCommand::Show { name, league: Some(league), output } => {
            let (player, _) = client.find_player(&name)?;
            let (league, _) = client.resolve_league(&league)?;
            let (stats, reply) = client.send(calls::get_player_stats(league.id, player.id))?;
            let mut lines = vec![t!("player-in-league", player = &stats.stats.player, league = &league.name)];
            let (ratings, _) =
                client.send(calls::get_player_league_ratings(league.id, player.id, &Default::default()))?;
            let values: Vec<f64> = ratings.points.iter().map(|p| p.skill.rating_display).collect();
            if let (Some(first), Some(last)) = (ratings.points.first(), ratings.points.last()) {
                lines.push(t!(
                    "player-rating-line",
                    sparkline = sparkline(&values),
                    rating = decimal(format!("{:.1}", last.skill.rating_display)),
                    from = date(first.date),
                    to = date(last.date)
                ));
            }
            emit(output.format, &reply.body, &lines, &[stats_table(&stats.stats)]);
        }
        PlayerCommand::Show { name, league: None, output } => {
            let (player, body) = client.find_player(&name)?;
            let mut rows = Vec::new();
            let mut table = Table::new(&["League", "Place", "Played", "Wins", "Points", "Rating"])
                .numeric([1, 2, 3, 4, 5])
                .title(t!("player-standings-title"))
                .when_empty(t!("player-no-results"));
            for (league, _) in client.all_leagues()? {
                let (standings, _) = client.send(calls::get_standings(league.id, &StandingsParams::default()))?;
                if let Some(rated) = standings.rows.into_iter().find(|r| r.row.player == player.name) {
                    let row = &rated.row;
                    table.row(vec![
                        league.name.clone(),
                        table_place(row.place),
                        row.played.to_string(),
                        row.wins.to_string(),
                        number(row.points),
                        decimal(format!("{:.1}", rated.skill.rating_display)),
                    ]);
                    rows.push(json!({ "league": { "id": league.id, "name": league.name }, "standing": rated }));
                }
            }
            let (ratings, ratings_json) = client.send(calls::player_ratings(player.id, &Default::default()))?;
            let mut history = Table::new(&["Game", "Played on", "Place", "Rating", "Estimate", "Uncertainty"])
                .numeric([2, 3, 4, 5])
                .title(t!("player-rating-history"))
                .when_empty(t!("player-no-rated-games"));
            for game in &ratings.games {
                for point in &game.history {
                    history.row(vec![
                        game.game.name().to_owned(),
                        crate::lang::date(point.played_on),
                        point.place.to_string(),
                        decimal(format!("{:.1}", point.skill.rating_display)),
                        decimal(format!("{:.2}", point.skill.rating)),
                        decimal(format!("{:.2}", point.skill.rating_uncertainty)),
                    ]);
                }
            }
            let json = json!({ "player": body, "standings": rows, "ratings": ratings_json.body["games"] });
            let lines = vec![t!(
                "player-shown",
                name = &player.name,
                id = player.id,
                added = date(player.created_at.date_naive())
            )];
            emit(output.format, &json, &lines, &[table, history]);
        }
    }
    Ok(())
}

/// A player's record, overall and per game, one row each.
fn stats_table(stats: &PlayerStats) -> Table {
    let mut table = Table::new(&[
        "Game",
        "Played",
        "Wins",
        "Win rate",
        "Avg place",
        "Best",
        "Worst",
        "Points",
        "Streak",
        "Longest",
        "Rating",
        "Last night",
    ])
    .numeric(1..=10)
    .when_empty(t!("player-no-games-in-league"));
    for g in stats.overall.iter().chain(&stats.games) {
        table.row(vec![
            g.game.map_or_else(|| t!("player-all-games"), |game| game.name().to_owned()),
            g.played.to_string(),
            g.wins.to_string(),
            format!("{:.0} %", 100.0 * g.win_rate),
            decimal(format!("{:.2}", g.average_place)),
            g.best_place.to_string(),
            g.worst_place.to_string(),
            number(g.points),
            g.current_streak.to_string(),
            g.longest_streak.to_string(),
            decimal(format!("{:.1}", g.skill.rating_display)),
            format!("{} ({})", date(g.last_night), decimal(format!("{:+.1}", g.rating_change))),
        ]);
    }
    table
}

fn one_player(player: &Player) -> Table {
    // For scripts: the API's field names, in every language.
    let mut table = Table::with_headers(vec!["id".to_owned(), "name".to_owned(), "created_at".to_owned()]).csv_only();
    table.row(vec![player.id.to_string(), player.name.clone(), player.created_at.to_rfc3339()]);
    table
}

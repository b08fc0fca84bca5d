//! `spielstand standings L [--game G] [--as-of DATE] [--by team]`.

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::Result;
use crate::input::spec;
use crate::lang::decimal;
use crate::output::{Table, emit, number, table_place};
use crate::t;
use chrono::NaiveDate;
use clap::Args;
use spielstand_core::GameKind;
use spielstand_wire::StandingsParams;
use spielstand_wire::calls;

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The league: its name or id
    #[arg(value_name = "L")]
    pub league: String,
    /// Only this game's results
    #[arg(long, value_name = "G", value_enum)]
    pub game: Option<GameKind>,
    /// The table as it stood at the end of this day
    #[arg(long, value_parser = spec::date, value_name = "DATE")]
    pub as_of: Option<NaiveDate>,
    /// What to rank: players, or the league's fixed teams (their members' points summed)
    #[arg(long, value_name = "WHAT", value_enum, default_value = "player")]
    pub by: By,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What a table ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    Player,
    Team,
}

pub fn run(ctx: &Ctx, args: StandingsArgs) -> Result<()> {
    let client = &ctx.client;
    let (league, _) = client.resolve_league(&args.league)?;
    let query = StandingsParams { game: args.game, as_of: args.as_of, after_event: None, locale: None };
    let mut title = t!("standings-title", league = &league.name);
    if let Some(game) = args.game {
        title.push_str(&t!("standings-game-only", game = game.name()));
    }
    if let Some(as_of) = args.as_of {
        title.push_str(&t!("standings-as-of", date = crate::lang::date(as_of)));
    }
    title.push(' ');
    title.push_str(&t!("standings-points", points = league.rules.points.to_string()));
    if args.by == By::Team {
        let (teams, reply) = client.send(calls::get_team_standings(league.id, &query))?;
        let mut table = Table::new(&["Place", "Team", "Players", "Played", "Wins", "Points"])
            .numeric([0, 3, 4, 5])
            .when_empty(t!("standings-no-teams"));
        for row in &teams.rows {
            table.row(vec![
                row.place.to_string(),
                row.team.clone(),
                row.players.join(", "),
                row.played.to_string(),
                row.wins.to_string(),
                number(row.points),
            ]);
        }
        title.push_str(&t!("standings-by-team"));
        emit(args.output.format, &reply.body, &[title], &[table]);
        return Ok(());
    }
    let (standings, reply) = client.send(calls::get_standings(league.id, &query))?;
    let head_to_head = standings.rows.iter().any(|r| r.row.head_to_head.is_some());
    let mut headers = vec!["Place", "Player", "Played", "Wins", "Points", "Avg place", "Rating"];
    if head_to_head {
        headers.push("Head-to-head");
    }
    let mut table = Table::new(&headers).numeric([0, 2, 3, 4, 5, 6, 7]).when_empty(t!("standings-none-yet"));
    for rated in &standings.rows {
        let row = &rated.row;
        let mut cells = vec![
            table_place(row.place),
            row.player.clone(),
            row.played.to_string(),
            row.wins.to_string(),
            number(row.points),
            decimal(format!("{:.2}", row.average_place)),
            // The conservative value (rating - 3 x uncertainty): a newcomer shows 0.
            decimal(format!("{:.1}", rated.skill.rating_display)),
        ];
        if head_to_head {
            cells.push(row.head_to_head.map_or(String::new(), number));
        }
        table.row(cells);
    }
    emit(args.output.format, &reply.body, &[title], &[table]);
    Ok(())
}

//! What the read handlers read, below them: a league's views at its current revision
//! (`tables`), the day a table query asks for, a club night's report and a player's
//! rating line. Handlers render these into JSON, CSV, pages and pictures; none of them
//! looks up a view through another handler.

use crate::db::{self, Pool};
use crate::error::{Error, Result};
use crate::read::cache::{CachedView, Served, View};
use crate::read::replica::Reads;
use crate::read::tables::{Newest, Tables};
use crate::store::seating::{self, Standing};
use crate::store::{events, leagues, results};
use chrono::NaiveDate;
use spielstand_core::rating::model_beta;
use spielstand_core::{GameKind, LeagueResult, Lines, night_table, night_winners, table_change};
use spielstand_wire::{EventReport, StandingsParams, StoredResult};
use std::sync::Arc;

/// Which of a league's two tables is read: its players or its fixed teams. Each has its own
/// routes (JSON, CSV, page), so that a typed client gets one response type from each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranked {
    Players,
    Teams,
}

/// The views of every league, read through the database's revisions.
#[derive(Clone, Copy)]
pub struct Views<'a> {
    pub pool: &'a Pool,
    pub tables: &'a Tables,
    /// Where tables are read from: the replica while it keeps up, else `pool`.
    pub reads: &'a Reads,
}

impl Views<'_> {
    /// `view` of league `league_id` for a reader: the newest finished, or (a reader that
    /// sent its last write) at the league's current revision ([`Newest`]).
    pub async fn get(&self, league_id: i64, view: View) -> Result<Arc<CachedView>> {
        self.tables.get(self.reads, self.pool, league_id, view, Newest::Finished).await
    }

    /// `view` of league `league_id` with every write acknowledged so far.
    async fn acknowledged(&self, league_id: i64, view: View) -> Result<Arc<CachedView>> {
        self.tables.get(self.reads, self.pool, league_id, view, Newest::Acknowledged).await
    }

    /// The body of `view` (its JSON; a feed's XML) for a reader, as [`Self::get`], whole
    /// or packed: for a handler that answers with that body only.
    pub async fn served(&self, league_id: i64, view: View) -> Result<Served> {
        self.tables.served(self.reads, self.pool, league_id, view, Newest::Finished).await
    }

    /// The table a query asks for: its game, on its day (`as_of`, `after_event`). JSON,
    /// CSV and the embedded page are all built from it, so they show the same table and
    /// a new result changes all of them at once.
    pub async fn table(&self, league_id: i64, query: &StandingsParams, ranked: Ranked) -> Result<Arc<CachedView>> {
        self.get(league_id, self.table_view(league_id, query, ranked).await?).await
    }

    /// The view a table query names: the players' table or the team table, of its game,
    /// on its day.
    pub async fn table_view(&self, league_id: i64, query: &StandingsParams, ranked: Ranked) -> Result<View> {
        let (game, as_of) = (query.game, self.table_day(league_id, query).await?);
        Ok(match ranked {
            Ranked::Players => View::Table { game, as_of },
            Ranked::Teams => View::TeamTable { game, as_of },
        })
    }

    /// The day a table query asks for: `as_of`, or the date of the night `after_event` of
    /// the same league; with both, the earlier day.
    async fn table_day(&self, league_id: i64, query: &StandingsParams) -> Result<Option<NaiveDate>> {
        let (as_of, Some(event_id)) = (query.as_of, query.after_event) else { return Ok(query.as_of) };
        let row = db::run(self.pool, move |conn| events::row(conn, event_id)).await?;
        if row.league_id != league_id {
            // An unknown league is a 404 whatever the night.
            db::run(self.pool, move |conn| leagues::row(conn, league_id)).await?;
            return Err(Error::EventMismatch(said!(
                "api-after-event-event-belongs-league",
                event_id = event_id,
                league_id = row.league_id,
                league_id2 = league_id
            )));
        }
        Ok(Some(as_of.map_or(row.held_on, |day| day.min(row.held_on))))
    }

    /// What a night of `event` looks like: its games, its own table and winners, and how
    /// it moved the league table (from two tables of the league's state: the day before,
    /// and after the night, never a reload of the league); with the league's name. Its
    /// tables include every acknowledged write, as its list of games (read now) does: a
    /// night's pages and its live stream show only what is finished and agrees.
    pub async fn night(&self, event_id: i64) -> Result<(EventReport, String)> {
        let (row, rules, games, attendees, rounds) = db::run(self.pool, move |conn| {
            conn.read(|conn| {
                let row = events::row(conn, event_id)?;
                let rules = leagues::row(conn, row.league_id)?.rules()?;
                let games = results::of_event(conn, event_id)?;
                Ok((row, rules, games, seating::attendees(conn, event_id)?, seating::rounds(conn, event_id)?))
            })
        })
        .await?;
        let (league_id, date) = (row.league_id, row.held_on);
        let after = self.acknowledged(league_id, View::Table { game: None, as_of: Some(date) }).await?;
        let day_before = date.pred_opt().unwrap_or(NaiveDate::MIN);
        let before = self.acknowledged(league_id, View::Table { game: None, as_of: Some(day_before) }).await?;
        let table = night_table(&rules, &as_league_results(&games));
        let report = EventReport {
            event: row.into_event(games.len() as i64),
            league_revision: after.revision,
            players: table.iter().map(|r| r.player.clone()).collect(),
            winners: night_winners(&table),
            table_change: table_change(&before.table()?.rows, &after.table()?.rows),
            table,
            results: games,
            attendees,
            rounds,
        };
        Ok((report, after.league_name.clone()))
    }

    /// What a draw of night `event_id` reads of the league: the league-wide table now (the
    /// ratings the embedded table shows, and its places) and the night's own points.
    /// Only what the draw needs: not the whole report (its table change reads two tables as
    /// of the night's dates, its rounds and attendees are read again by the draw's write).
    pub async fn draw_standing(&self, event_id: i64) -> Result<Standing> {
        let (league_id, rules, games) = db::run(self.pool, move |conn| {
            conn.read(|conn| {
                let row = events::row(conn, event_id)?;
                let rules = leagues::row(conn, row.league_id)?.rules()?;
                Ok((row.league_id, rules, results::of_event(conn, event_id)?))
            })
        })
        .await?;
        let table = self.acknowledged(league_id, View::Table { game: None, as_of: None }).await?;
        let rows = &table.table()?.rows;
        Ok(Standing {
            skill: rows.iter().map(|r| (r.row.player.clone(), r.skill)).collect(),
            place: rows.iter().filter_map(|r| Some((r.row.player.clone(), r.row.place?))).collect(),
            night_points: night_table(&rules, &as_league_results(&games))
                .into_iter()
                .map(|r| (r.player, r.points))
                .collect(),
            beta: model_beta(),
        })
    }

    /// The view holding one player's rating line in the league (`CachedView::player_line`).
    pub async fn player_line(&self, league_id: i64, player_id: i64, game: Option<GameKind>) -> Result<Arc<CachedView>> {
        self.get(league_id, View::Ratings { game, lines: Lines::Player(player_id) }).await
    }
}

/// A night's stored games as the league's rules count them.
fn as_league_results(games: &[StoredResult]) -> Vec<LeagueResult> {
    games
        .iter()
        .map(|r| LeagueResult {
            id: r.id,
            game: r.record.game(),
            played_on: r.record.played_on,
            placings: r.placings.clone(),
        })
        .collect()
}

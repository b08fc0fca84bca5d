//! The per-league change log (`league_changes`): one row for every revision of a league,
//! written in the transaction that bumps the revision. It tells a process holding a
//! league's tables at revision r exactly what to read again to reach the current one,
//! whichever process made the changes.

use crate::db::DbConn;
use crate::db::schema::league_changes;
use crate::error::Result;
use diesel::prelude::*;

/// What one revision of a league changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// A result was recorded, corrected or deleted.
    Result(i64),
    /// A player who has results in the league was renamed.
    Player(i64),
    /// The league's own name or rules.
    League,
}

/// The PostgreSQL channel every new revision is announced on, as `"{league} {revision}"`,
/// when its transaction commits: how other processes learn of it (`read::watch`).
pub const CHANNEL: &str = "spielstand_changes";

/// Logs what `revision` of `league_id` changed; call in the transaction that made it.
/// On PostgreSQL it is announced on [`CHANNEL`] too: at commit, and never if the
/// transaction (or the savepoint) rolls back.
pub fn log(conn: &mut DbConn, league_id: i64, revision: i64, subject: Subject) -> Result<()> {
    if let DbConn::Pg(_) = conn {
        use diesel::sql_types::Text;
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(format!("{league_id} {revision}"))
            .execute(conn)?;
    }
    let (result_id, player_id) = match subject {
        Subject::Result(id) => (Some(id), None),
        Subject::Player(id) => (None, Some(id)),
        Subject::League => (None, None),
    };
    diesel::insert_into(league_changes::table)
        .values((
            league_changes::league_id.eq(league_id),
            league_changes::revision.eq(revision),
            league_changes::result_id.eq(result_id),
            league_changes::player_id.eq(player_id),
        ))
        .execute(conn)?;
    Ok(())
}

/// What revisions `after + 1 ..= upto` changed, in order; `None` when the log does not
/// cover every one of them (revisions made before the log existed): then only a full
/// reload is exact.
pub fn between(conn: &mut DbConn, league_id: i64, after: i64, upto: i64) -> Result<Option<Vec<Subject>>> {
    let rows: Vec<(Option<i64>, Option<i64>)> = league_changes::table
        .filter(league_changes::league_id.eq(league_id))
        .filter(league_changes::revision.gt(after))
        .filter(league_changes::revision.le(upto))
        .order(league_changes::revision)
        .select((league_changes::result_id, league_changes::player_id))
        .load(conn)?;
    if rows.len() as i64 != upto - after {
        return Ok(None);
    }
    Ok(Some(
        rows.into_iter()
            .map(|row| match row {
                (Some(id), _) => Subject::Result(id),
                (None, Some(id)) => Subject::Player(id),
                (None, None) => Subject::League,
            })
            .collect(),
    ))
}

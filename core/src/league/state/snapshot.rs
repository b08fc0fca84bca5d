//! A [`LeagueState`] as bytes, so that a process which does not hold a league reads its
//! state back instead of replaying every result: what costs a replay (everyone's rating
//! after the last game and at each checkpoint, the accuracy sums) is kept as computed, to
//! the last bit; what is a cheap count (points, wins, places, head-to-head pairs, each
//! player's games) is counted again from the results on the way in.
//!
//! Never trusted: the bytes start with [`SNAPSHOT_FORMAT`], and anything that does not
//! decode, or decodes to a state that does not hold together (a seat naming a player the
//! snapshot lacks, checkpoints that do not match the results), is an error, upon which the
//! caller reads the league in full. Rating marks for the charts are not kept: the first
//! chart after a load replays once, as it does the first time in any process.

use super::{Held, LeagueState, Pair, Scoring, Timeline};
use crate::accuracy::AccuracySums;
use crate::catalogue::GameKind;
use crate::league::LeagueRules;
use chrono::NaiveDate;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use skillratings::weng_lin::WengLinRating;
use std::mem::size_of;

/// The layout of the bytes below. Change it with every change to what they hold or mean
/// (including how a table is computed from them); an older snapshot is then refused and
/// rebuilt from the results, never read as something it is not.
pub const SNAPSHOT_FORMAT: u32 = 1;

/// Why a snapshot was not taken back.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("a snapshot of format {found}, this build reads {SNAPSHOT_FORMAT}")]
    Format { found: u32 },
    #[error("a snapshot that does not decode: {0}")]
    Decode(String),
    #[error("a snapshot that does not hold together: {0}")]
    Inconsistent(&'static str),
}

#[derive(Serialize, Deserialize)]
struct Bytes {
    format: u32,
    /// The rules the timelines were counted under, as JSON: the rules travel with
    /// settings serde's compact formats cannot all express.
    rules: String,
    every: u32,
    /// (id, name) by player index.
    players: Vec<(i64, String)>,
    results: Vec<HeldBytes>,
    timelines: Vec<TimelineBytes>,
}

#[derive(Serialize, Deserialize)]
struct HeldBytes {
    id: i64,
    game: GameKind,
    /// Days since 1 January of year 1.
    day: i32,
    entries: Vec<(u32, u32)>,
    teams: Vec<u32>,
}

#[derive(Serialize, Deserialize)]
struct TimelineBytes {
    filter: Option<GameKind>,
    /// How many results the timeline counts: every one of them is rated.
    len: u32,
    /// Head-to-head counts by pair key (lower player index in the high half).
    pairs: Vec<(u64, Pair)>,
    ratings: Vec<(f64, f64)>,
    checkpoints: Vec<Vec<(f64, f64)>>,
    /// The accuracy sums after every result and at each checkpoint, once asked for.
    scoring: Option<(AccuracySums, Vec<AccuracySums>)>,
}

fn pair(r: &WengLinRating) -> (f64, f64) {
    (r.rating, r.uncertainty)
}

fn rating((rating, uncertainty): (f64, f64)) -> WengLinRating {
    WengLinRating { rating, uncertainty }
}

impl LeagueState {
    /// The state as bytes for [`LeagueState::from_snapshot`]; brings every table's
    /// ratings up to date first, so that what is kept is what a replay would give.
    pub fn snapshot(&mut self) -> Vec<u8> {
        let players = self.names.len();
        for timeline in &mut self.timelines {
            timeline.ensure_rated(&self.held, players, &self.config);
        }
        // Results in replay order (played_on, id): read back into slots in that order,
        // every timeline's sort on the way in finds them sorted already.
        let mut live: Vec<&Held> = self.held.iter().flatten().collect();
        live.sort_unstable_by_key(|h| (h.played_on, h.id));
        let results: Vec<HeldBytes> = live
            .into_iter()
            .map(|h| HeldBytes {
                id: h.id,
                game: h.game,
                day: chrono::Datelike::num_days_from_ce(&h.played_on),
                entries: h.entries.to_vec(),
                teams: h.teams.to_vec(),
            })
            .collect();
        let timelines = self
            .timelines
            .iter()
            .map(|t| TimelineBytes {
                filter: t.filter,
                len: t.order.len() as u32,
                pairs: t.pairs.iter().map(|(&k, &p)| (k, p)).collect(),
                ratings: t.ratings.iter().map(pair).collect(),
                checkpoints: t.checkpoints.iter().map(|c| c.iter().map(pair).collect()).collect(),
                scoring: t.scoring.as_ref().map(|s| (s.sums, s.checkpoints.clone())),
            })
            .collect();
        let bytes = Bytes {
            format: SNAPSHOT_FORMAT,
            rules: serde_json::to_string(&self.rules).unwrap_or_default(),
            every: self.every as u32,
            players: self.ids.iter().copied().zip(self.names.iter().cloned()).collect(),
            results,
            timelines,
        };
        // Encoding into memory fails only for types postcard cannot express, none here.
        postcard::to_stdvec(&bytes).unwrap_or_default()
    }

    /// The state [`LeagueState::snapshot`] wrote, or why it cannot be taken back.
    pub fn from_snapshot(bytes: &[u8]) -> Result<LeagueState, SnapshotError> {
        // The format comes first: read it alone, so a future layout is refused as such.
        let (format, _) = postcard::take_from_bytes::<u32>(bytes).map_err(|e| SnapshotError::Decode(e.to_string()))?;
        if format != SNAPSHOT_FORMAT {
            return Err(SnapshotError::Format { found: format });
        }
        let b: Bytes = postcard::from_bytes(bytes).map_err(|e| SnapshotError::Decode(e.to_string()))?;
        let rules: LeagueRules = serde_json::from_str(&b.rules).map_err(|e| SnapshotError::Decode(e.to_string()))?;
        let mut state = LeagueState::with_checkpoints_every(rules, b.every as usize);
        if state.every != b.every as usize {
            return Err(SnapshotError::Inconsistent("checkpoint spacing"));
        }
        for (id, name) in &b.players {
            if state.player_index.contains_key(id) {
                return Err(SnapshotError::Inconsistent("a player twice"));
            }
            let i = state.intern(*id);
            state.names[i as usize] = name.clone();
        }
        let players = state.names.len() as u32;
        for r in b.results {
            if r.entries.iter().any(|&(p, _)| p >= players) {
                return Err(SnapshotError::Inconsistent("a seat of a player the snapshot lacks"));
            }
            if !r.teams.is_empty() && r.teams.len() != r.entries.len() {
                return Err(SnapshotError::Inconsistent("teams for some seats only"));
            }
            let played_on =
                NaiveDate::from_num_days_from_ce_opt(r.day).ok_or(SnapshotError::Inconsistent("a day out of range"))?;
            if state.slot_of.insert(r.id, state.held.len() as u32).is_some() {
                return Err(SnapshotError::Inconsistent("a result twice"));
            }
            state.entry_bytes += r.entries.len() * size_of::<(u32, u32)>() + r.teams.len() * size_of::<u32>();
            state.held.push(Some(Held {
                id: r.id,
                game: r.game,
                played_on,
                entries: r.entries.into(),
                teams: r.teams.into(),
            }));
        }
        for t in b.timelines {
            let mut pairs = FxHashMap::with_capacity_and_hasher(t.pairs.len(), Default::default());
            for (key, pair) in t.pairs {
                let (lo, hi) = ((key >> 32) as u32, key as u32);
                let sane = lo < hi && hi < players && pair.first_ahead + pair.second_ahead <= pair.games;
                if !sane || pair.games == 0 || pairs.insert(key, pair).is_some() {
                    return Err(SnapshotError::Inconsistent("a head-to-head count"));
                }
            }
            let mut timeline =
                Timeline::build_with(t.filter, &state.rules, &state.held, players as usize, state.every, Some(pairs));
            let len = timeline.order.len();
            // One checkpoint before each block of `every` results rated; one more at the
            // very end when the last block was emptied by deletions.
            let (fewest, most) = (len.div_ceil(state.every), len / state.every + 1);
            let checkpoints = t.checkpoints.len();
            let fits = |ratings: &[(f64, f64)]| ratings.len() <= players as usize;
            if t.len as usize != len
                || !(fewest..=most).contains(&checkpoints)
                || !fits(&t.ratings)
                || !t.checkpoints.iter().all(|c| fits(c))
                || state.timelines.iter().any(|other| other.filter == t.filter)
            {
                return Err(SnapshotError::Inconsistent("a table's ratings do not match its results"));
            }
            timeline.ratings = t.ratings.into_iter().map(rating).collect();
            timeline.checkpoints = t.checkpoints.into_iter().map(|c| c.into_iter().map(rating).collect()).collect();
            timeline.rated = len;
            if let Some((sums, sum_checkpoints)) = t.scoring {
                if sum_checkpoints.len() != checkpoints.max(1) {
                    return Err(SnapshotError::Inconsistent("accuracy sums do not match the results"));
                }
                timeline.scoring =
                    Some(Scoring { sums, checkpoints: sum_checkpoints, skills: Vec::new(), places: Vec::new() });
            }
            state.timelines.push(timeline);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::{ResultEntry, StandingsQuery};

    fn league() -> LeagueState {
        let mut state = LeagueState::with_checkpoints_every(LeagueRules::new(GameKind::ALL.to_vec()), 2);
        for (id, name) in [(7, "Anna"), (8, "Ben"), (9, "Cleo")] {
            state.set_player_name(id, name);
        }
        for (id, day, placings) in
            [(1, 3, vec![(7, 1), (8, 2), (9, 3)]), (2, 1, vec![(9, 1), (7, 2)]), (3, 2, vec![(8, 1), (9, 2)])]
        {
            let played_on = NaiveDate::from_ymd_opt(2026, 3, day).unwrap();
            state.upsert(&ResultEntry { id, game: GameKind::LaufRauf, played_on, placings, teams: Vec::new() });
        }
        state.table(StandingsQuery::default());
        state
    }

    #[test]
    fn a_snapshot_reads_back_to_the_same_tables() {
        let mut state = league();
        let mut back = LeagueState::from_snapshot(&state.snapshot()).unwrap();
        assert_eq!(back.table(StandingsQuery::default()), state.table(StandingsQuery::default()));
        assert_eq!(back.heap_bytes() > 0, state.heap_bytes() > 0);
    }

    #[test]
    fn another_format_is_refused_as_such() {
        let mut bytes = league().snapshot();
        // The format is the first varint: 1 -> 2.
        assert_eq!(bytes[0], SNAPSHOT_FORMAT as u8);
        bytes[0] = SNAPSHOT_FORMAT as u8 + 1;
        assert!(
            matches!(LeagueState::from_snapshot(&bytes), Err(SnapshotError::Format { found }) if found == SNAPSHOT_FORMAT + 1)
        );
    }

    #[test]
    fn damaged_bytes_are_refused_never_a_panic() {
        let bytes = league().snapshot();
        for cut in 0..bytes.len() {
            assert!(LeagueState::from_snapshot(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in 1..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x5a;
            // Either refused or a state that holds together; never a panic.
            if let Ok(mut state) = LeagueState::from_snapshot(&flipped) {
                state.table(StandingsQuery::default());
            }
        }
    }
}

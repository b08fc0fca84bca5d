//! A foreign play as one of spielstand's results: places from the source's ranks or
//! winner flags, and what each game needs beyond places. Nothing is invented: a play
//! that lacks what a result needs is refused with the reason, never filled in.

use super::source::{Reason, SourcePlay};
use spielstand_core::finishing::{FinishingOrder, HareFinish, HaseUndIgelResult, LaufRaufResult, MenschResult};
use spielstand_core::rangeln::RangelnResult;
use spielstand_core::{GameKind, GameRecord, Outcome, SeatedPlayer};
use spielstand_text::Arg;
use std::collections::BTreeMap;

/// The play's places as groups of players (indices into `play.players`), best first:
/// by rank when the source ranks every player; else the winners first and everyone else
/// sharing the last place.
pub fn places(play: &SourcePlay) -> Result<Vec<Vec<usize>>, Reason> {
    let ranks: Option<Vec<u32>> = play.players.iter().map(|p| p.rank).collect();
    if let Some(ranks) = ranks {
        let mut distinct = ranks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        return Ok(distinct.into_iter().map(|rank| (0..ranks.len()).filter(|&i| ranks[i] == rank).collect()).collect());
    }
    let (winners, others): (Vec<usize>, Vec<usize>) = (0..play.players.len()).partition(|&i| play.players[i].winner);
    if winners.is_empty() {
        return Err(Reason::new("import-places-unknown", &[]));
    }
    Ok([winners, others].into_iter().filter(|g| !g.is_empty()).collect())
}

/// The result for `play` as `game`, with `names[i]` the spielstand name of the play's
/// i-th player. Seats follow the play's order. League options are not applied here.
pub fn record(play: &SourcePlay, game: GameKind, names: &[String]) -> Result<GameRecord, Reason> {
    let players: Vec<SeatedPlayer> =
        names.iter().enumerate().map(|(i, name)| SeatedPlayer { player: name.clone(), seat: i as u32 + 1 }).collect();
    let outcome = match game {
        GameKind::Rangeln => {
            Outcome::Rangeln(RangelnResult { rounds: Vec::new(), imported_totals: Some(totals(play, names)?) })
        }
        _ => {
            let groups = places(play)?;
            let order = FinishingOrder(groups.iter().map(|g| g.iter().map(|&i| names[i].clone()).collect()).collect());
            match game {
                GameKind::MenschAergereDichNicht => Outcome::MenschAergereDichNicht(MenschResult {
                    order,
                    teams: None,
                    house_rules: None,
                    colours: None,
                }),
                GameKind::Ghostbuster => {
                    Outcome::Ghostbuster(MenschResult { order, teams: None, house_rules: None, colours: None })
                }
                GameKind::LaufRauf => Outcome::LaufRauf(LaufRaufResult { order, edition: None, cards: None }),
                GameKind::HaseUndIgel => Outcome::HaseUndIgel(hares(play, names, &groups, order)?),
                GameKind::Rangeln => unreachable!("handled above"),
            }
        }
    };
    Ok(GameRecord { played_on: play.played_on, players, outcome, event_id: None })
}

/// A Rangeln game's totals: the source's score of every player, a whole number.
fn totals(play: &SourcePlay, names: &[String]) -> Result<BTreeMap<String, i32>, Reason> {
    play.players
        .iter()
        .zip(names)
        .map(|(p, name)| {
            let score = p
                .score
                .as_deref()
                .ok_or_else(|| Reason::new("import-rangeln-no-total", &[("name", Arg::from(name))]))?;
            let total = score.parse::<i32>().map_err(|_| {
                Reason::new(
                    "import-rangeln-not-whole",
                    &[("name", Arg::from(name)), ("score", Arg::from(format!("{score:?}")))],
                )
            })?;
            Ok((name.clone(), total))
        })
        .collect()
}

/// Hase und Igel: a hare alone in its place crossed the finish, and its score is the
/// carrots it had left (docs/rules.md: a finisher's carrots are part of the result); hares
/// sharing the last place did not finish.
fn hares(
    play: &SourcePlay,
    names: &[String],
    groups: &[Vec<usize>],
    order: FinishingOrder,
) -> Result<HaseUndIgelResult, Reason> {
    let mut finishers = Vec::new();
    for group in groups.iter().filter(|g| g.len() == 1) {
        let i = group[0];
        let name = &names[i];
        let score = play.players[i]
            .score
            .as_deref()
            .ok_or_else(|| Reason::new("import-hare-no-carrots", &[("name", Arg::from(name))]))?;
        let carrots = score.parse::<u32>().map_err(|_| {
            Reason::new(
                "import-hare-not-carrots",
                &[("name", Arg::from(name)), ("score", Arg::from(format!("{score:?}")))],
            )
        })?;
        finishers.push(HareFinish { player: name.clone(), carrots, lettuces: 0, round: None });
    }
    Ok(HaseUndIgelResult { order, finishers })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::source::{Source, SourcePlayer};

    fn play(players: &[(&str, Option<u32>, bool, Option<&str>)]) -> SourcePlay {
        SourcePlay {
            source: Source::BgStats,
            source_id: "p1".into(),
            title: "x".into(),
            bgg_id: None,
            played_on: chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
            location: None,
            players: players
                .iter()
                .enumerate()
                .map(|(i, (name, rank, winner, score))| SourcePlayer {
                    name: (*name).into(),
                    seat: Some(i as u32 + 1),
                    score: score.map(str::to_owned),
                    rank: *rank,
                    winner: *winner,
                    start_player: i == 0,
                    new_player: false,
                })
                .collect(),
            highest_wins: None,
            no_points: None,
        }
    }

    fn names(p: &SourcePlay) -> Vec<String> {
        p.players.iter().map(|p| p.name.clone()).collect()
    }

    #[test]
    fn places_come_from_ranks_else_from_winners() {
        let ranked = play(&[("A", Some(2), false, None), ("B", Some(1), true, None), ("C", Some(3), false, None)]);
        assert_eq!(places(&ranked).unwrap(), vec![vec![1], vec![0], vec![2]]);
        let winners = play(&[("A", None, false, None), ("B", None, true, None), ("C", None, false, None)]);
        assert_eq!(places(&winners).unwrap(), vec![vec![1], vec![0, 2]]);
        let nothing = play(&[("A", None, false, None), ("B", None, false, None)]);
        assert!(places(&nothing).unwrap_err().english.contains("places are unknown"));
    }

    #[test]
    fn a_mensch_play_checks_like_any_result() {
        let p = play(&[("Anna", Some(1), true, None), ("Ben", Some(2), false, None), ("Cleo", Some(3), false, None)]);
        let r = record(&p, GameKind::MenschAergereDichNicht, &names(&p)).unwrap();
        let places: Vec<(String, u32)> =
            r.evaluate().unwrap().placings.into_iter().map(|p| (p.player, p.place)).collect();
        assert_eq!(places, [("Anna".into(), 1), ("Ben".into(), 2), ("Cleo".into(), 3)]);
        let two_winners = play(&[("Anna", None, true, None), ("Ben", None, true, None), ("Cleo", None, false, None)]);
        let r = record(&two_winners, GameKind::MenschAergereDichNicht, &names(&two_winners)).unwrap();
        assert!(r.evaluate().is_err(), "a shared first place breaks the rules");
    }

    #[test]
    fn rangeln_takes_the_totals_and_places_by_absolute_total() {
        let p = play(&[
            ("Anna", Some(2), false, Some("12")),
            ("Ben", Some(1), true, Some("-14")),
            ("Cleo", None, false, Some("3")),
        ]);
        let r = record(&p, GameKind::Rangeln, &names(&p)).unwrap();
        let eval = r.evaluate().unwrap();
        assert_eq!(eval.placings[0].player, "Ben");
        assert!(eval.rangeln.unwrap().imported_totals);
        let blank =
            play(&[("Anna", None, true, None), ("Ben", None, false, Some("1")), ("Cleo", None, false, Some("2"))]);
        assert!(record(&blank, GameKind::Rangeln, &names(&blank)).unwrap_err().english.contains("no total for Anna"));
    }

    #[test]
    fn hase_und_igel_needs_the_carrots_of_each_finisher() {
        let p = play(&[
            ("Anna", Some(1), true, Some("4")),
            ("Ben", Some(2), false, Some("15")),
            ("Cleo", Some(3), false, None),
            ("Dora", Some(3), false, None),
        ]);
        let r = record(&p, GameKind::HaseUndIgel, &names(&p)).unwrap();
        assert!(r.evaluate().is_ok(), "{r:?}");
        let no_carrots =
            play(&[("Anna", Some(1), true, None), ("Ben", Some(2), false, Some("3")), ("Cleo", Some(2), false, None)]);
        assert!(
            record(&no_carrots, GameKind::HaseUndIgel, &names(&no_carrots))
                .unwrap_err()
                .english
                .contains("no carrots for Anna")
        );
    }
}

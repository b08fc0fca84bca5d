//! The end of a postal game: the final order, and the game as an ordinary Hase und Igel
//! result for its league.

use super::state::GameState;
use crate::finishing::{FinishingOrder, HareFinish, HaseUndIgelResult};
use serde::Serialize;

/// One hare in the final order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalPlace {
    pub name: String,
    /// Finishers by the place they finished in, then the others by race position.
    pub place: u32,
    pub finished: bool,
    pub carrots: u32,
    pub lettuces: u32,
    /// The round the hare finished in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

/// Every hare, best first: the finishers by place, then the rest by race position
/// (`docs/rules.md`: "unfinished hares are ranked by position").
pub fn final_order(state: &GameState) -> Vec<FinalPlace> {
    state
        .race_order()
        .into_iter()
        .enumerate()
        .map(|(rank, i)| {
            let hare = &state.hares[i];
            FinalPlace {
                name: hare.name.clone(),
                place: rank as u32 + 1,
                finished: hare.finished.is_some(),
                carrots: hare.carrots,
                lettuces: hare.lettuces,
                round: hare.finish_round,
            }
        })
        .collect()
}

/// The game as a Hase und Igel result: finishers in their places with carrots, lettuces
/// and round; the hares that did not finish share the last place, as a recorded result
/// has them. `None` when no hare finished: a result needs a winner.
pub fn league_result(state: &GameState) -> Option<HaseUndIgelResult> {
    let order = final_order(state);
    let (home, rest): (Vec<&FinalPlace>, Vec<&FinalPlace>) = order.iter().partition(|p| p.finished);
    if home.is_empty() {
        return None;
    }
    let mut places: Vec<Vec<String>> = home.iter().map(|p| vec![p.name.clone()]).collect();
    if !rest.is_empty() {
        places.push(rest.iter().map(|p| p.name.clone()).collect());
    }
    let finishers = home
        .iter()
        .map(|p| HareFinish { player: p.name.clone(), carrots: p.carrots, lettuces: p.lettuces, round: p.round })
        .collect();
    Some(HaseUndIgelResult { order: FinishingOrder(places), finishers })
}

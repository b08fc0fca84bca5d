//! The game master: one round resolved from a state and the round's orders (docs/rules.md "A round"), as
//! a pure function. Phase 1 carries out every order at once; phase 2 the hare events of
//! the hares that landed on a hare field, again as 2a, 2b, ... while "noch einmal ziehen"
//! lands hares on hare fields; phase 3 pays carrots.

use super::board::FieldKind;
use super::events::{HareEvent, event_code};
use super::orders::{Action, Move, Orders, StayKind};
use super::refusal::{RefusalCode, Why, check_action, check_plain, choose};
use super::report::{Happening, Line, Pay, Phase, Report, Resolution};
use super::state::{GameState, Pending, StateError};
use crate::finishing::{carrot_cost, max_carrots_at_finish};

/// Most event phases in one round (2, 2a, ...): each "noch einmal ziehen" move costs at
/// least one carrot, so a real game never comes near it; the bound keeps every input finite.
pub const MAX_EVENT_PHASES: u32 = 16;

/// A round that cannot be resolved at all. An order that breaks a rule is no error: it is
/// void, and the report says why (see [`resolve`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    #[error(transparent)]
    State(#[from] StateError),
    #[error("the game is over: no round follows round {last}")]
    GameOver { last: u32 },
    #[error("orders for {name}, who is not a hare of this game")]
    UnknownHare { name: String },
}

/// How a hare moves: decides its report line and whether a hare field starts an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum How {
    Order,
    Hop,
    Again,
    Event,
}

#[derive(Debug, Clone, Copy)]
struct Step {
    hare: usize,
    to: u32,
    cost: u32,
}

/// What a hare does in phase 1.
#[derive(Debug, Clone, Copy)]
enum Intent {
    Move(Step, How),
    Stay(StayKind),
    Forced(Pending),
    Idle,
}

/// Resolves one round: the state the next round starts from, and the report.
///
/// Orders are checked as [`super::validate`] checks them; an order that breaks a rule
/// where the hare stands when the round is resolved is void, reported with its refusal
/// code, and the hare does as without orders (docs/rules.md "NMR": it hops one field; a hare that must
/// stay stays). Orders naming a hare not in the game are an error: they are someone
/// else's orders.
pub fn resolve(state: &GameState, orders: &Orders) -> Result<Resolution, ResolveError> {
    state.check()?;
    if state.finished {
        return Err(ResolveError::GameOver { last: state.round.saturating_sub(1) });
    }
    if let Some(name) = orders.0.keys().find(|name| state.index_of(name).is_none()) {
        return Err(ResolveError::UnknownHare { name: name.clone() });
    }
    let mut round = Round::new(state);
    let landed = round.phase_one(orders);
    round.phase_two(landed);
    round.phase_three();
    Ok(round.finish())
}

struct Round<'a> {
    start: &'a GameState,
    now: GameState,
    phase: Phase,
    lines: Vec<(usize, Line)>,
    spent: Vec<u32>,
    payments: Vec<Vec<(i64, Pay)>>,
    ate: Vec<bool>,
    back: Vec<u32>,
    next_pending: Vec<Option<Pending>>,
    again: Vec<Option<Move>>,
}

impl<'a> Round<'a> {
    fn new(start: &'a GameState) -> Round<'a> {
        let n = start.hares.len();
        let mut now = start.clone();
        for hare in &mut now.hares {
            hare.pending = None;
        }
        Round {
            start,
            now,
            phase: Phase::Orders,
            lines: Vec::new(),
            spent: vec![0; n],
            payments: vec![Vec::new(); n],
            ate: vec![false; n],
            back: vec![0; n],
            next_pending: vec![None; n],
            again: vec![None; n],
        }
    }

    fn say(&mut self, i: usize, happening: Happening) {
        let line = Line { hare: self.now.hares[i].name.clone(), phase: self.phase, happening };
        self.lines.push((i, line));
    }

    fn void(&mut self, i: usize, (code, reason): Why) {
        self.say(i, Happening::OrderVoid { code, reason });
    }

    fn name(&self, i: usize) -> String {
        self.now.hares[i].name.clone()
    }

    /// One field forward (docs/rules.md "NMR", and "noch einmal ziehen" without a move): the next field a
    /// forward move may enter, hedgehog fields passed over and counted; `None` if the hare
    /// cannot pay for it or no field ahead may be entered.
    fn hop(&self, i: usize) -> Option<Step> {
        let hare = &self.now.hares[i];
        let board = &self.now.board;
        let to = (hare.field + 1..=board.goal()).find(|&f| match board.kind(f) {
            FieldKind::Hedgehog => false,
            FieldKind::Lettuce => hare.lettuces > 0,
            _ => true,
        })?;
        if to == board.goal() && hare.lettuces > 0 {
            return None;
        }
        let cost = carrot_cost(to - hare.field);
        (cost <= u64::from(hare.carrots)).then_some(Step { hare: i, to, cost: cost as u32 })
    }

    /// The step of a checked forward or back action.
    fn step(&self, i: usize, action: Action) -> Option<Step> {
        let field = self.now.hares[i].field;
        match action {
            Action::Forward(n) => Some(Step { hare: i, to: field.checked_add(n)?, cost: carrot_cost(n) as u32 }),
            Action::Back => Some(Step { hare: i, to: self.now.board.hedgehog_behind(field)?, cost: 0 }),
            Action::Stay(_) => None,
        }
    }

    fn hop_or_stay(&mut self, i: usize, how: How) -> Intent {
        match self.hop(i) {
            Some(step) => Intent::Move(step, how),
            None => {
                self.say(i, Happening::CannotHop);
                Intent::Idle
            }
        }
    }

    /// What hare `i` does in phase 1.
    fn intent(&mut self, i: usize, orders: &Orders) -> Intent {
        let hare = &self.start.hares[i];
        let order = orders.get(&hare.name);
        if let Some(pending @ (Pending::Wait | Pending::Eat)) = hare.pending {
            if let Some(order) = order {
                let chosen = choose(self.start, i, order).and_then(|(plain, _)| check_plain(self.start, i, &plain));
                if let Err(why) = chosen {
                    self.void(i, why);
                }
            }
            return Intent::Forced(pending);
        }
        let Some(order) = order else {
            self.say(i, Happening::NoOrders);
            return self.hop_or_stay(i, How::Hop);
        };
        let chosen = choose(self.start, i, order).and_then(|(plain, holds)| {
            check_plain(self.start, i, &plain)?;
            Ok((plain, holds))
        });
        match chosen {
            Err(why) => {
                self.void(i, why);
                self.hop_or_stay(i, How::Hop)
            }
            Ok((plain, holds)) => {
                if let Some(holds) = holds {
                    self.say(i, Happening::Condition { holds });
                }
                self.again[i] = plain.again;
                match plain.action {
                    Action::Stay(kind) => Intent::Stay(kind),
                    action => match self.step(i, action) {
                        Some(step) => Intent::Move(step, How::Order),
                        None => Intent::Idle,
                    },
                }
            }
        }
    }

    fn phase_one(&mut self, orders: &Orders) -> Vec<usize> {
        let n = self.start.hares.len();
        let mut intents = Vec::with_capacity(n);
        for i in 0..n {
            let hare = &self.start.hares[i];
            if hare.finished.is_some() {
                if orders.get(&hare.name).is_some() {
                    self.void(i, (RefusalCode::HareFinished, format!("{} has finished", hare.name)));
                }
                intents.push(Intent::Idle);
                continue;
            }
            let intent = self.intent(i, orders);
            intents.push(intent);
        }
        // docs/rules.md "Same field, same action": hares doing the same on one field achieve nothing.
        let doing = |intent: &Intent| match *intent {
            Intent::Stay(kind @ (StayKind::Eat | StayKind::Take | StayKind::Give)) => Some(kind),
            Intent::Forced(Pending::Eat) => Some(StayKind::Eat),
            _ => None,
        };
        let mut moves = Vec::new();
        for (i, intent) in intents.iter().enumerate() {
            let field = self.start.hares[i].field;
            let same: Vec<String> = match doing(intent) {
                Some(kind) => (0..n)
                    .filter(|&j| j != i && self.start.hares[j].field == field && doing(&intents[j]) == Some(kind))
                    .map(|j| self.name(j))
                    .collect(),
                None => Vec::new(),
            };
            if let (Some(kind), false) = (doing(intent), same.is_empty()) {
                if kind == StayKind::Eat && self.start.board.kind(field) == FieldKind::Lettuce {
                    self.next_pending[i] = Some(Pending::Leave);
                }
                self.say(i, Happening::SameAction { kind, with: same });
                continue;
            }
            match *intent {
                Intent::Move(step, how) => moves.push((step, how)),
                Intent::Idle => {}
                Intent::Stay(StayKind::Eat) => {
                    self.next_pending[i] = Some(Pending::Leave);
                    self.eat(i);
                }
                Intent::Stay(kind @ (StayKind::Take | StayKind::Give)) => {
                    self.say(i, Happening::Stayed { kind });
                    let amount = if kind == StayKind::Take { 10 } else { -10 };
                    self.payments[i].push((amount, Pay::CarrotField));
                }
                Intent::Stay(StayKind::Wait) | Intent::Forced(Pending::Wait | Pending::Leave) => {
                    self.say(i, Happening::Waited)
                }
                Intent::Forced(Pending::Eat) => {
                    self.say(i, Happening::Waited);
                    self.eat(i);
                }
            }
        }
        self.apply(moves)
    }

    fn eat(&mut self, i: usize) {
        let hare = &mut self.now.hares[i];
        if hare.lettuces == 0 {
            self.say(i, Happening::NoLettuceLeft);
            return;
        }
        hare.lettuces -= 1;
        let left = hare.lettuces;
        self.ate[i] = true;
        self.say(i, Happening::AteLettuce { left });
    }

    /// Carries out moves made at once. Hares moving onto one field (the goal aside) all
    /// stay where they were (docs/rules.md "Same field, same action"); hares entering the goal together finish in the order
    /// of their race positions before the moves, each checked against its own place.
    /// Returns the hares that landed on a hare field by a move that starts an event.
    fn apply(&mut self, moves: Vec<(Step, How)>) -> Vec<usize> {
        let goal = self.now.board.goal();
        let positions = self.now.positions();
        let mut stays = vec![false; moves.len()];
        for (a, (step, _)) in moves.iter().enumerate() {
            if step.to == goal {
                continue;
            }
            let with: Vec<String> = moves
                .iter()
                .enumerate()
                .filter(|&(b, (other, _))| b != a && other.to == step.to)
                .map(|(_, (other, _))| self.name(other.hare))
                .collect();
            if !with.is_empty() {
                stays[a] = true;
                self.say(step.hare, Happening::Collision { field: step.to, with });
            }
        }
        let mut arrivals: Vec<usize> = (0..moves.len()).filter(|&a| moves[a].0.to == goal).collect();
        arrivals.sort_by_key(|&a| positions[moves[a].0.hare]);
        let mut place = self.now.finishers() + 1;
        let mut finishing = Vec::new();
        for a in arrivals {
            let step = moves[a].0;
            let hare = &self.now.hares[step.hare];
            let left = hare.carrots.saturating_sub(step.cost);
            let refused = if hare.lettuces > 0 {
                Some(RefusalCode::FinishLettuce)
            } else if left > max_carrots_at_finish(place) {
                Some(RefusalCode::FinishCarrots)
            } else {
                None
            };
            match refused {
                Some(code) => {
                    stays[a] = true;
                    self.say(step.hare, Happening::FinishRefused { place, code });
                }
                None => {
                    finishing.push((a, place));
                    place += 1;
                }
            }
        }
        let mut landed = Vec::new();
        for (a, &(step, how)) in moves.iter().enumerate() {
            if stays[a] {
                continue;
            }
            let i = step.hare;
            let from = self.now.hares[i].field;
            let kind = self.now.board.kind(step.to);
            let happening = match how {
                How::Event => Happening::EventMoved { from, to: step.to, kind },
                How::Hop => Happening::Hopped { from, to: step.to, kind, cost: step.cost },
                How::Order | How::Again if step.to < from => Happening::MovedBack { from, to: step.to },
                How::Order | How::Again => Happening::Moved { from, to: step.to, kind, cost: step.cost },
            };
            self.say(i, happening);
            if step.to < from && how != How::Event {
                self.back[i] += from - step.to;
            }
            let hare = &mut self.now.hares[i];
            hare.field = step.to;
            hare.carrots = hare.carrots.saturating_sub(step.cost);
            self.spent[i] = self.spent[i].saturating_add(step.cost);
            if let Some(&(_, place)) = finishing.iter().find(|(b, _)| *b == a) {
                hare.finished = Some(place);
                hare.finish_round = Some(self.start.round);
                self.next_pending[i] = None;
                self.say(i, Happening::Finished { place });
            } else if kind == FieldKind::Hare && how != How::Event {
                landed.push(i);
            }
        }
        landed.sort_unstable();
        landed
    }

    fn phase_two(&mut self, mut landed: Vec<usize>) {
        let mut step = 0;
        while !landed.is_empty() && step < MAX_EVENT_PHASES {
            self.phase = Phase::Events(step);
            let positions = self.now.positions();
            let order = self.now.race_order();
            let mut moves = Vec::new();
            for &i in &landed {
                let position = positions[i];
                let code = event_code(self.start.round, position);
                let Some(event) = self.now.events.event(code, position) else {
                    self.say(i, Happening::EventNoEffect);
                    continue;
                };
                self.say(i, Happening::Event { code, position, event });
                let target = match event {
                    HareEvent::Wait => {
                        self.next_pending[i] = Some(Pending::Wait);
                        continue;
                    }
                    HareEvent::EatLettuce => {
                        self.next_pending[i] = Some(Pending::Eat);
                        continue;
                    }
                    HareEvent::GiveTen | HareEvent::TakeTen => {
                        self.payments[i].push((if event == HareEvent::TakeTen { 10 } else { -10 }, Pay::Event));
                        continue;
                    }
                    HareEvent::FreeMove => {
                        let carrots = std::mem::take(&mut self.spent[i]);
                        if carrots == 0 {
                            self.say(i, Happening::EventNoEffect);
                        } else {
                            let hare = &mut self.now.hares[i];
                            hare.carrots = hare.carrots.saturating_add(carrots);
                            self.say(i, Happening::Refunded { carrots });
                        }
                        continue;
                    }
                    HareEvent::MoveAgain => {
                        let intent = match self.again[i].take() {
                            Some(m) => match check_action(&self.now, i, m.into()) {
                                Ok(()) => match self.step(i, m.into()) {
                                    Some(step) => Intent::Move(step, How::Again),
                                    None => Intent::Idle,
                                },
                                Err(why) => {
                                    self.void(i, why);
                                    self.hop_or_stay(i, How::Hop)
                                }
                            },
                            None => self.hop_or_stay(i, How::Hop),
                        };
                        if let Intent::Move(step, how) = intent {
                            moves.push((step, how));
                        }
                        continue;
                    }
                    HareEvent::BackToCarrot => self.now.board.carrot_behind(self.now.hares[i].field),
                    HareEvent::ForwardToCarrot => self.now.board.carrot_ahead(self.now.hares[i].field),
                    HareEvent::PositionBack => order.get(position as usize).map(|&behind| self.behind(i, behind)),
                    HareEvent::PositionForward => {
                        order.get((position as usize).wrapping_sub(2)).map(|&ahead| self.ahead(i, ahead))
                    }
                };
                match target.filter(|&to| to != self.now.hares[i].field) {
                    Some(to) => moves.push((Step { hare: i, to, cost: 0 }, How::Event)),
                    None => self.say(i, Happening::EventNoEffect),
                }
            }
            landed = self.apply(moves);
            step += 1;
        }
    }

    /// Whether no unfinished hare stands on `field` at the start of this phase.
    fn free(&self, field: u32) -> bool {
        !self.now.hares.iter().any(|h| h.finished.is_none() && h.field == field)
    }

    /// "eine Position zurück": the nearest free field behind the hare `behind`, a lettuce
    /// field only for a hare with lettuce; the start if none.
    fn behind(&self, i: usize, behind: usize) -> u32 {
        let lettuces = self.now.hares[i].lettuces;
        (1..self.now.hares[behind].field)
            .rev()
            .find(|&f| self.free(f) && (lettuces > 0 || self.now.board.kind(f) != FieldKind::Lettuce))
            .unwrap_or(0)
    }

    /// "eine Position vor": the nearest free field ahead of the hare `ahead` that a forward
    /// move may enter; the goal if none (the finish then checks the hare).
    fn ahead(&self, i: usize, ahead: usize) -> u32 {
        let board = &self.now.board;
        let lettuces = self.now.hares[i].lettuces;
        let from = self.now.hares[ahead].field.saturating_add(1);
        (from..board.goal())
            .find(|&f| {
                self.free(f)
                    && match board.kind(f) {
                        FieldKind::Hedgehog => false,
                        FieldKind::Lettuce => lettuces > 0,
                        _ => true,
                    }
            })
            .unwrap_or(board.goal())
    }

    fn phase_three(&mut self) {
        self.phase = Phase::Carrots;
        let positions = self.now.positions();
        for (i, &position) in positions.iter().enumerate() {
            if self.now.hares[i].finished.is_some() {
                continue;
            }
            let mut payments = std::mem::take(&mut self.payments[i]);
            let field = self.now.board.field(self.now.hares[i].field);
            if field.is_some_and(|f| f.pays_position(position)) && self.now.alone(i) {
                payments.push((10 * i64::from(position), Pay::NumberField { position }));
            }
            if self.ate[i] {
                payments.push((10 * i64::from(position), Pay::Lettuce { position }));
            }
            if self.back[i] > 0 {
                payments.push((10 * i64::from(self.back[i]), Pay::Hedgehog { fields: self.back[i] }));
            }
            if payments.is_empty() {
                continue;
            }
            let mut carrots = i64::from(self.now.hares[i].carrots);
            for (amount, why) in payments {
                carrots += amount;
                self.say(i, Happening::Paid { carrots: amount, why });
            }
            let now = carrots.clamp(0, i64::from(u32::MAX)) as u32;
            self.now.hares[i].carrots = now;
            self.say(i, Happening::Carrots { now });
        }
    }

    /// The duty to leave a lettuce field lasts until the hare has left it ("Spätestens nach
    /// einmaligem Aussetzen muss das Feld wieder verlassen werden"), not one round: a hare
    /// that ends the round on that field again (bounced, refused at the finish, unable to
    /// hop, or put back by an event) has not left it, and would otherwise eat there twice.
    /// The GM keeps stays between rounds, so a return within the round is no new arrival.
    fn hold_lettuce_duties(&mut self) {
        for i in 0..self.now.hares.len() {
            let (before, after) = (&self.start.hares[i], &self.now.hares[i]);
            if before.pending == Some(Pending::Leave) && after.finished.is_none() && after.field == before.field {
                self.next_pending[i] = Some(Pending::Leave);
                self.say(i, Happening::StillMustLeave { field: after.field });
            }
        }
    }

    fn finish(mut self) -> Resolution {
        self.hold_lettuce_duties();
        for (hare, pending) in self.now.hares.iter_mut().zip(&self.next_pending) {
            hare.pending = if hare.finished.is_some() { None } else { *pending };
        }
        let all_home = self.now.hares.iter().all(|h| h.finished.is_some());
        let limit = self.start.round_limit.is_some_and(|limit| self.start.round >= limit);
        self.now.finished = all_home || limit;
        self.now.round = self.start.round.saturating_add(1);
        // Per phase, then per hare as the state lists them, each hare's lines in the order they happened.
        self.lines.sort_by_key(|(i, line)| (line.phase, *i));
        let board = if self.now.board.is_default() { "default".to_owned() } else { self.now.board.to_string() };
        Resolution {
            report: Report {
                round: self.start.round,
                board,
                lines: self.lines.into_iter().map(|(_, line)| line).collect(),
                game_over: self.now.finished,
            },
            state: self.now,
        }
    }
}

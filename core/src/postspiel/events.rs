//! Hare events (docs/rules.md "Hare events", tables 2 and 3): what happens to a hare that lands on a hare field.

use serde::{Deserialize, Serialize};

/// Positions table 3 has columns for: a game has at most six hares.
pub const POSITIONS: usize = 6;

/// One entry of table 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[derive(strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum HareEvent {
    /// "einmal aussetzen": the hare stays on the hare field next round.
    Wait,
    /// "10 Möhren abgeben": 10 carrots off in phase 3 (0 if it has fewer).
    GiveTen,
    /// "10 Möhren aufnehmen": 10 carrots on in phase 3 (an order names it; table 3 does not use it).
    TakeTen,
    /// "zurück zum nächsten Möhrenfeld": to the nearest carrot field behind, free.
    BackToCarrot,
    /// "vor zum nächsten Möhrenfeld": to the nearest carrot field ahead, free.
    ForwardToCarrot,
    /// "eine Position zurück": to the nearest free field behind the hare behind.
    PositionBack,
    /// "eine Position vor": to the nearest free field ahead of the hare in front.
    PositionForward,
    /// "einen Salat fressen": stays next round and eats a lettuce then.
    EatLettuce,
    /// "der letzte Zug kostet nichts": the carrots spent this round come back.
    FreeMove,
    /// "noch einmal ziehen": the order's `again` move, or one field forward.
    MoveAgain,
}

/// Table 2: the code of a hare event from the round and the race position at the start of
/// phase 2 (docs/rules.md "Hare events": 7, 13, 19, 25 -> 1; 2, 8, 14, ... -> 2; ...).
pub fn event_code(round: u32, position: u32) -> u32 {
    ((u64::from(round) + u64::from(position) + 5) % 6) as u32 + 1
}

/// Table 3 as data: `rows[code - 1][position - 1]`. Serialised as six rows of six event
/// slugs; a game may replace it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EventTable {
    pub rows: [[HareEvent; POSITIONS]; 6],
}

impl EventTable {
    /// Table 3 as `docs/rules.md` reads its lost column spans: a row of two entries is
    /// positions 1-3 | 4-6, a row of three 1-2 | 3-4 | 5-6.
    pub fn seed() -> EventTable {
        use HareEvent::*;
        EventTable {
            rows: [
                [Wait, Wait, GiveTen, GiveTen, Wait, Wait],
                [BackToCarrot, BackToCarrot, BackToCarrot, ForwardToCarrot, ForwardToCarrot, ForwardToCarrot],
                [PositionBack, PositionBack, PositionBack, PositionForward, PositionForward, PositionForward],
                [GiveTen, GiveTen, GiveTen, EatLettuce, EatLettuce, EatLettuce],
                [FreeMove; POSITIONS],
                [MoveAgain; POSITIONS],
            ],
        }
    }

    pub fn is_seed(&self) -> bool {
        *self == EventTable::seed()
    }

    /// The event for `code` (1-6) and race `position` (1-6); `None` outside the table.
    pub fn event(&self, code: u32, position: u32) -> Option<HareEvent> {
        let row = self.rows.get((code as usize).checked_sub(1)?)?;
        row.get((position as usize).checked_sub(1)?).copied()
    }
}

impl Default for EventTable {
    fn default() -> Self {
        EventTable::seed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_2_gives_the_codes_of_the_seed() {
        for (sum, code) in [(2, 2), (6, 6), (7, 1), (8, 2), (13, 1), (25, 1), (30, 6)] {
            assert_eq!(event_code(sum - 1, 1), code, "round + position = {sum}");
        }
        assert_eq!(event_code(u32::MAX, u32::MAX), ((2 * u64::from(u32::MAX) - 1) % 6 + 1) as u32);
    }

    #[test]
    fn table_3_reads_spans_as_rules_md_does() {
        let table = EventTable::seed();
        assert_eq!(table.event(1, 3), Some(HareEvent::GiveTen));
        assert_eq!(table.event(1, 5), Some(HareEvent::Wait));
        assert_eq!(table.event(3, 3), Some(HareEvent::PositionBack));
        assert_eq!(table.event(3, 4), Some(HareEvent::PositionForward));
        assert_eq!(table.event(4, 4), Some(HareEvent::EatLettuce));
        assert_eq!(table.event(0, 1), None);
        assert_eq!(table.event(1, 7), None);
        crate::slug::check_slugs::<HareEvent>().unwrap();
    }

    #[test]
    fn the_table_serialises_as_rows_of_slugs() {
        let json = serde_json::to_value(EventTable::seed()).unwrap();
        assert_eq!(json[5][0], "move-again");
        let back: EventTable = serde_json::from_value(json).unwrap();
        assert!(back.is_seed());
    }
}

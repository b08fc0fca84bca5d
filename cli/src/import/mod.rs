//! Reading foreign play logs: BG Stats exports (`bgstats`) and BoardGameGeek's XML API
//! pages (`bgg`) become one neutral form (`source`), and a source's game titles are
//! matched to the five games spielstand knows (`titles`). This layer only reads: it
//! knows no league, no server and no rules, so that a file can be checked before
//! anything is sent, and each format is tested on its own.

pub mod bgg;
pub mod bgstats;
pub mod records;
pub mod source;
pub mod titles;
pub mod to_bgstats;

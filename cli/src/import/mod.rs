//! Foreign play logs, in and out. BG Stats exports (`bgstats`) and BoardGameGeek's XML API
//! pages (`bgg`) become one neutral form (`source`); a source's game titles are matched to
//! the five games spielstand knows (`titles`); a play becomes a game record (`records`);
//! and a league's results are written in BG Stats' format (`to_bgstats`). Nothing here
//! knows a server or a league: the command (`commands/import.rs`) brings those, so that
//! each format and each mapping is tested on its own.

pub mod bgg;
pub mod bgstats;
pub mod records;
pub mod source;
pub mod titles;
pub mod to_bgstats;

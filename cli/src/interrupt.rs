//! Ctrl-C at the table. A game being entered is kept as a draft after every entry; an
//! interruption must say so, as the end of input does, instead of leaving the organiser to
//! wonder whether the game is lost.

use crate::t;
use std::sync::Mutex;

/// The command that continues the draft kept right now, if any (`spielstand referee
/// rangeln`): what an interruption reports.
static KEPT: Mutex<Option<&'static str>> = Mutex::new(None);

/// From here on, Ctrl-C ends the command with exit code 130 (as the shell's own
/// interruption does), first saying whether a draft is kept and how to go on.
pub fn install() {
    // Without a handler (another one is set, or signals are unavailable) Ctrl-C simply
    // ends the command: the draft is on disk either way.
    let _ = ctrlc::set_handler(|| {
        let kept = KEPT.lock().map(|k| *k).unwrap_or(None);
        match kept {
            Some(command) => {
                eprintln!("\n{}", t!("interrupted-kept", kept = t!("draft-kept", command = command)))
            }
            None => eprintln!("\n{}", t!("interrupted")),
        }
        std::process::exit(130);
    });
}

/// A draft is on disk, continued by `command` (`Some`), or none is any longer (`None`).
pub fn keep(command: Option<&'static str>) {
    if let Ok(mut kept) = KEPT.lock() {
        *kept = command;
    }
}

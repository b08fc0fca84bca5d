//! The conversation at the table: one reader of what is typed and one writer of what is
//! shown, held for a whole command, so that every question (the last confirmation too)
//! reads from the same place. End of input (Ctrl-D, a closed pipe) is an answer of its
//! own, never an error, so that a caller can keep what was entered.

use crate::error::{CliError, Result};
use crate::t;
use std::io::{BufRead, IsTerminal, Write};

/// Standard input and standard error are a terminal: a person can answer.
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// What was typed at a prompt of a game being entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Anything else: the caller reads it (a cell, a path, a round).
    Text(String),
    /// `undo`: take back the last entry.
    Undo,
    /// `board`: show the position again.
    Board,
    /// `help` (or `?`): what is expected now.
    Help,
    /// `quit`: stop here, keeping what was entered.
    Quit,
}

impl Reply {
    fn of(line: &str) -> Reply {
        match line.to_lowercase().as_str() {
            "undo" => Reply::Undo,
            "board" => Reply::Board,
            "help" | "?" => Reply::Help,
            "quit" | "exit" => Reply::Quit,
            _ => Reply::Text(line.to_owned()),
        }
    }
}

/// The terminal (or whatever stands in for it) of one command.
pub struct Console<R, W> {
    input: R,
    out: W,
}

impl Console<std::io::StdinLock<'static>, std::io::Stderr> {
    /// Standard input and standard error, standard input locked once for the whole command.
    pub fn stdio() -> Self {
        Console { input: std::io::stdin().lock(), out: std::io::stderr() }
    }
}

impl<R: BufRead, W: Write> Console<R, W> {
    #[cfg(test)]
    pub fn new(input: R, out: W) -> Self {
        Console { input, out }
    }

    /// Shows `text` as it is.
    pub fn show(&mut self, text: &str) -> Result<()> {
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).map_err(term)
    }

    /// Shows `text` as a line.
    pub fn say(&mut self, text: &str) -> Result<()> {
        self.show(&format!("{text}\n"))
    }

    /// Prints `prompt` and reads one line, trimmed; `None` at the end of input. Empty
    /// lines are asked again.
    pub fn line(&mut self, prompt: &str) -> Result<Option<String>> {
        loop {
            self.show(prompt)?;
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(term)? == 0 {
                // The next output starts on a line of its own.
                self.show("\n")?;
                return Ok(None);
            }
            let typed = text_of(&line);
            if typed.len() != line.len() && typed.trim().is_empty() {
                self.say(&t!("keys-ignored"))?;
            }
            let line = typed.trim();
            if !line.is_empty() {
                return Ok(Some(line.to_owned()));
            }
        }
    }

    /// [`Console::line`], with the control words read as such.
    pub fn ask(&mut self, prompt: &str) -> Result<Option<Reply>> {
        Ok(self.line(prompt)?.map(|line| Reply::of(&line)))
    }

    /// A yes/no question; Enter takes `default`; `None` at the end of input.
    pub fn confirm(&mut self, question: &str, default: bool) -> Result<Option<bool>> {
        let hint = if default { t!("answer-default-yes") } else { t!("answer-default-no") };
        loop {
            self.show(&format!("{question} {hint} "))?;
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(term)? == 0 {
                self.show("\n")?;
                return Ok(None);
            }
            match line.trim().to_lowercase().as_str() {
                "" => return Ok(Some(default)),
                "y" | "yes" | "j" | "ja" => return Ok(Some(true)),
                "n" | "no" | "nein" => return Ok(Some(false)),
                _ => self.say(&t!("answer-again"))?,
            }
        }
    }
}

/// What was typed, without the escape sequences a terminal sends for keys that are not
/// text (F1 is `ESC O P`, an arrow `ESC [ A`) and without other control characters.
fn text_of(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ parameters final, or ESC O final, or ESC and one character.
            match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('\u{40}'..='\u{7e}').contains(&c) {
                            break;
                        }
                    }
                }
                Some('O') => {
                    chars.next();
                }
                _ => {}
            }
        } else if !c.is_control() || c == '\t' {
            text.push(c);
        }
    }
    text
}

fn term(e: std::io::Error) -> CliError {
    CliError::input_from(t!("console-terminal", error = e.to_string()), e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_words_are_read_and_the_end_of_input_is_an_answer() {
        let mut out = Vec::new();
        let mut console = Console::new("\n  c3 \nUNDO\nboard\n?\nquit\n".as_bytes(), &mut out);
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Text("c3".into())));
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Undo));
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Board));
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Help));
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Quit));
        assert_eq!(console.ask("> ").unwrap(), None);
        assert_eq!(console.ask("> ").unwrap(), None, "and again");
    }

    #[test]
    fn keys_that_are_not_text_are_ignored() {
        assert_eq!(text_of("\u{1b}OQ\n"), "");
        assert_eq!(text_of("c3\u{1b}[A\n"), "c3");
        assert_eq!(text_of("\u{1b}[15~d4\n"), "d4");
        let mut out = Vec::new();
        let mut console = Console::new("\u{1b}OQ\nc3\n".as_bytes(), &mut out);
        assert_eq!(console.ask("> ").unwrap(), Some(Reply::Text("c3".into())));
        assert!(String::from_utf8(out).unwrap().contains("keys such as F1"));
    }

    #[test]
    fn confirmations_take_the_default_on_enter_and_none_at_the_end() {
        let mut out = Vec::new();
        let mut console = Console::new("\n\nmaybe\nja\nn\n".as_bytes(), &mut out);
        assert_eq!(console.confirm("Send?", true).unwrap(), Some(true));
        assert_eq!(console.confirm("Delete?", false).unwrap(), Some(false));
        assert_eq!(console.confirm("Delete?", false).unwrap(), Some(true));
        assert_eq!(console.confirm("Delete?", true).unwrap(), Some(false));
        assert_eq!(console.confirm("Delete?", true).unwrap(), None);
        assert!(String::from_utf8(out).unwrap().contains("Please answer y or n."));
    }
}

//! The text form of orders, for mail: one order per line, `NAME: ORDER`, in German or
//! English keywords (mixed, case-insensitive). Blank lines and lines starting with `#`
//! are skipped. The grammar is in the module documentation of [`super`].

use super::board::FieldKind;
use super::orders::{Action, Cmp, Comparison, Condition, Move, Order, Orders, Plain, StayKind, Test};
use super::report::Lang;
use std::fmt;
use std::str::FromStr;

/// A line of the text form that is no order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TextError {
    pub line: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    Number(u32),
    Op(Cmp),
    Comma,
}

fn lex(text: &str) -> Result<Vec<(Token, String)>, String> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == ',' || c == ';' {
            chars.next();
            tokens.push((Token::Comma, c.to_string()));
        } else if "<>=!".contains(c) {
            let mut op = String::new();
            while let Some(&c) = chars.peek().filter(|c| "<>=!".contains(**c)) {
                op.push(c);
                chars.next();
            }
            let cmp = match op.as_str() {
                ">=" => Cmp::AtLeast,
                ">" => Cmp::MoreThan,
                "<=" => Cmp::AtMost,
                "<" => Cmp::LessThan,
                "=" | "==" => Cmp::Equals,
                "!=" | "<>" => Cmp::Not,
                _ => return Err(format!("{op:?} is no comparison: write >=, >, <=, <, = or !=")),
            };
            tokens.push((Token::Op(cmp), op));
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek().filter(|c| !c.is_whitespace() && !",;<>=!".contains(**c)) {
                word.push(c);
                chars.next();
            }
            let token = if word.chars().all(|c| c.is_ascii_digit()) {
                Token::Number(word.parse().map_err(|_| format!("{word} is too large a number"))?)
            } else {
                Token::Word(word.to_lowercase())
            };
            tokens.push((token, word));
        }
    }
    Ok(tokens)
}

/// Keywords, each with its German and English spellings (and the spellings without umlauts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    If,
    Then,
    Else,
    Forward,
    Back,
    Stay,
    Again,
    After,
    Round,
    Of,
    Is,
    Not,
    Alone,
    Carrots,
    Lettuces,
    Field,
    Position,
}

const KEYS: &[(Key, &[&str])] = &[
    (Key::If, &["wenn", "if"]),
    (Key::Then, &["dann", "then"]),
    (Key::Else, &["sonst", "else"]),
    (Key::Forward, &["vor", "vorwärts", "vorwaerts", "forward"]),
    (Key::Back, &["zurück", "zurueck", "rückwärts", "rueckwaerts", "back"]),
    (Key::Stay, &["bleiben", "aussetzen", "stay"]),
    (Key::Again, &["nochmal", "again"]),
    (Key::After, &["nach", "after"]),
    (Key::Round, &["runde", "round"]),
    (Key::Of, &["von", "of"]),
    (Key::Is, &["ist", "is"]),
    (Key::Not, &["nicht", "not"]),
    (Key::Alone, &["allein", "alone"]),
    (Key::Carrots, &["möhren", "moehren", "karotten", "carrots"]),
    (Key::Lettuces, &["salate", "lettuces"]),
    (Key::Field, &["feld", "field"]),
    (Key::Position, &["platz", "position"]),
];

const STAYS: &[(StayKind, &[&str])] = &[
    (StayKind::Eat, &["fressen", "eat"]),
    (StayKind::Take, &["nehmen", "take"]),
    (StayKind::Give, &["abgeben", "give"]),
    (StayKind::Wait, &["warten", "wait"]),
];

const KINDS: &[(FieldKind, &[&str])] = &[
    (FieldKind::Start, &["start"]),
    (FieldKind::Goal, &["ziel", "goal"]),
    (FieldKind::Hare, &["hasenfeld", "hase", "hare"]),
    (FieldKind::Carrot, &["möhrenfeld", "moehrenfeld", "karotte", "möhre", "moehre", "carrot"]),
    (FieldKind::Lettuce, &["salatfeld", "salat", "lettuce"]),
    (FieldKind::Hedgehog, &["igelfeld", "igel", "hedgehog"]),
    (FieldKind::Number, &["zahlenfeld", "zahl", "number"]),
    (FieldKind::Flag, &["flaggenfeld", "flagge", "flag"]),
];

fn spelling<T: Copy + PartialEq>(table: &[(T, &[&'static str])], value: T, lang: Lang) -> &'static str {
    let words = table.iter().find(|(v, _)| *v == value).map_or(&[][..], |(_, w)| *w);
    let word = if lang == Lang::De { words.first() } else { words.last() };
    word.copied().unwrap_or("?")
}

fn lookup<T: Copy>(table: &[(T, &[&'static str])], word: &str) -> Option<T> {
    table.iter().find(|(_, words)| words.contains(&word)).map(|(v, _)| *v)
}

struct Parser {
    tokens: Vec<(Token, String)>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }

    fn key(&self) -> Option<Key> {
        match self.peek()? {
            Token::Word(w) => lookup(KEYS, w),
            _ => None,
        }
    }

    fn eat_key(&mut self, key: Key) -> bool {
        let found = self.key() == Some(key);
        if found {
            self.at += 1;
        }
        found
    }

    fn expect_key(&mut self, key: Key, what: &str) -> Result<(), String> {
        if self.eat_key(key) { Ok(()) } else { Err(format!("expected {what}, found {}", self.found())) }
    }

    fn found(&self) -> String {
        self.tokens.get(self.at).map_or_else(|| "the end of the line".to_owned(), |(_, raw)| format!("{raw:?}"))
    }

    fn number(&mut self) -> Result<u32, String> {
        match self.peek() {
            Some(Token::Number(n)) => {
                let n = *n;
                self.at += 1;
                Ok(n)
            }
            _ => Err(format!("expected a number, found {}", self.found())),
        }
    }

    fn action(&mut self) -> Result<Action, String> {
        match self.key() {
            Some(Key::Forward) => {
                self.at += 1;
                Ok(Action::Forward(self.number()?))
            }
            Some(Key::Back) => {
                self.at += 1;
                Ok(Action::Back)
            }
            Some(Key::Stay) => {
                self.at += 1;
                let kind = match self.peek() {
                    Some(Token::Word(w)) => lookup(STAYS, w),
                    _ => None,
                };
                let kind = kind.ok_or_else(|| {
                    format!("expected fressen/eat, nehmen/take, abgeben/give or warten/wait, found {}", self.found())
                })?;
                self.at += 1;
                Ok(Action::Stay(kind))
            }
            _ => Err(format!("expected vor/forward N, zurück/back or bleiben/stay, found {}", self.found())),
        }
    }

    fn plain(&mut self) -> Result<Plain, String> {
        let action = self.action()?;
        let mark = self.at;
        if self.peek() == Some(&Token::Comma) {
            self.at += 1;
        }
        if !self.eat_key(Key::Again) {
            self.at = mark;
            return Ok(Plain { action, again: None });
        }
        let again = match self.action()? {
            Action::Forward(n) => Move::Forward(n),
            Action::Back => Move::Back,
            Action::Stay(_) => return Err("nochmal/again is a move: vor/forward N or zurück/back".to_owned()),
        };
        Ok(Plain { action, again: Some(again) })
    }

    /// `of NAME`: the name runs to the next operator, `is`, `then` or the end.
    fn of(&mut self) -> Result<Option<String>, String> {
        if !self.eat_key(Key::Of) {
            return Ok(None);
        }
        let mut words = Vec::new();
        while let Some((token, raw)) = self.tokens.get(self.at) {
            let stop = matches!(token, Token::Op(_) | Token::Comma) || matches!(self.key(), Some(Key::Is | Key::Then));
            if stop {
                break;
            }
            words.push(raw.clone());
            self.at += 1;
        }
        if words.is_empty() {
            return Err(format!("expected a hare's name after von/of, found {}", self.found()));
        }
        Ok(Some(words.join(" ")))
    }

    fn condition(&mut self) -> Result<Condition, String> {
        let after = if self.eat_key(Key::After) {
            self.expect_key(Key::Round, "Runde/round")?;
            Some(self.number()?)
        } else {
            None
        };
        if self.eat_key(Key::Not) {
            self.expect_key(Key::Alone, "allein/alone after nicht/not")?;
            return Ok(Condition { hare: self.of()?, after, test: Test::Alone(false) });
        }
        if self.eat_key(Key::Alone) {
            return Ok(Condition { hare: self.of()?, after, test: Test::Alone(true) });
        }
        let subject = self.key();
        let make: fn(Comparison) -> Test = match subject {
            Some(Key::Carrots) => Test::Carrots,
            Some(Key::Lettuces) => Test::Lettuces,
            Some(Key::Field) => Test::Field,
            Some(Key::Position) => Test::Position,
            _ => {
                return Err(format!(
                    "expected Möhren/carrots, Salate/lettuces, Feld/field, Platz/position or allein/alone, found {}",
                    self.found()
                ));
            }
        };
        self.at += 1;
        let hare = self.of()?;
        if subject == Some(Key::Field) && self.eat_key(Key::Is) {
            let kind = match self.peek() {
                Some(Token::Word(w)) => lookup(KINDS, w),
                _ => None,
            };
            let kind = kind.ok_or_else(|| {
                format!("expected a field kind (Salat/lettuce, Igel/hedgehog, ...), found {}", self.found())
            })?;
            self.at += 1;
            return Ok(Condition { hare, after, test: Test::Kind(kind) });
        }
        let op = match self.peek() {
            Some(Token::Op(op)) => *op,
            _ => return Err(format!("expected a comparison (>=, >, <=, <, =, !=), found {}", self.found())),
        };
        self.at += 1;
        let value = self.number()?;
        Ok(Condition { hare, after, test: make(Comparison { op, value }) })
    }

    fn order(&mut self) -> Result<Order, String> {
        if !self.eat_key(Key::If) {
            return Ok(Order::Plain(self.plain()?));
        }
        let condition = self.condition()?;
        self.expect_key(Key::Then, "dann/then")?;
        let then = self.plain()?;
        self.expect_key(Key::Else, "sonst/else (a condition has both orders)")?;
        let otherwise = self.plain()?;
        Ok(Order::If { condition, then, otherwise })
    }
}

impl FromStr for Order {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser { tokens: lex(s)?, at: 0 };
        let order = parser.order()?;
        if parser.at < parser.tokens.len() {
            return Err(format!("unexpected {} after the order", parser.found()));
        }
        Ok(order)
    }
}

/// A keyword as `lang` writes it: German nouns with a capital (`Möhren`, `Runde`), as the
/// rule text writes them; the parser reads any case.
fn word(key: Key, lang: Lang) -> String {
    let noun = matches!(key, Key::Round | Key::Carrots | Key::Lettuces | Key::Field | Key::Position);
    written(spelling(KEYS, key, lang), noun && lang == Lang::De)
}

/// A field kind as `lang` writes it (`Salatfeld`, `lettuce`).
fn kind_word(kind: FieldKind, lang: Lang) -> String {
    written(spelling(KINDS, kind, lang), lang == Lang::De)
}

fn written(word: &str, capital: bool) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) if capital => first.to_uppercase().chain(chars).collect(),
        _ => word.to_owned(),
    }
}

fn write_plain(f: &mut String, plain: &Plain, lang: Lang) {
    let action = |f: &mut String, action: Action| match action {
        Action::Forward(n) => f.push_str(&format!("{} {n}", word(Key::Forward, lang))),
        Action::Back => f.push_str(&word(Key::Back, lang)),
        Action::Stay(kind) => f.push_str(&format!("{} {}", word(Key::Stay, lang), spelling(STAYS, kind, lang))),
    };
    action(f, plain.action);
    if let Some(again) = plain.again {
        f.push_str(&format!(", {} ", word(Key::Again, lang)));
        action(f, again.into());
    }
}

fn write_condition(f: &mut String, condition: &Condition, lang: Lang) {
    if let Some(after) = condition.after {
        f.push_str(&format!("{} {} {after} ", word(Key::After, lang), word(Key::Round, lang)));
    }
    let of = |f: &mut String| {
        if let Some(hare) = &condition.hare {
            f.push_str(&format!(" {} {hare}", word(Key::Of, lang)));
        }
    };
    let compare = |f: &mut String, key: Key, c: Comparison| {
        f.push_str(&word(key, lang));
        of(f);
        f.push_str(&format!(" {} {}", c.op.symbol(), c.value));
    };
    match condition.test {
        Test::Carrots(c) => compare(f, Key::Carrots, c),
        Test::Lettuces(c) => compare(f, Key::Lettuces, c),
        Test::Field(c) => compare(f, Key::Field, c),
        Test::Position(c) => compare(f, Key::Position, c),
        Test::Kind(kind) => {
            f.push_str(&word(Key::Field, lang));
            of(f);
            f.push_str(&format!(" {} {}", word(Key::Is, lang), kind_word(kind, lang)));
        }
        Test::Alone(alone) => {
            if !alone {
                f.push_str(&word(Key::Not, lang));
                f.push(' ');
            }
            f.push_str(&word(Key::Alone, lang));
            of(f);
        }
    }
}

impl Order {
    /// The order in the text form, German or English keywords.
    pub fn text(&self, lang: Lang) -> String {
        let mut f = String::new();
        match self {
            Order::Plain(plain) => write_plain(&mut f, plain, lang),
            Order::If { condition, then, otherwise } => {
                f.push_str(&word(Key::If, lang));
                f.push(' ');
                write_condition(&mut f, condition, lang);
                f.push_str(&format!(" {} ", word(Key::Then, lang)));
                write_plain(&mut f, then, lang);
                f.push_str(&format!(" {} ", word(Key::Else, lang)));
                write_plain(&mut f, otherwise, lang);
            }
        }
        f
    }
}

impl fmt::Display for Order {
    /// The English text form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl Orders {
    /// Reads the text form: `NAME: ORDER` per line.
    pub fn from_text(text: &str) -> Result<Orders, TextError> {
        let mut orders = Orders::default();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let err = |message: String| TextError { line: line_no, message };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, order) = line.split_once(':').ok_or_else(|| err("expected NAME: ORDER".to_owned()))?;
            let name = name.trim();
            if name.is_empty() {
                return Err(err("the line names no hare before ':'".to_owned()));
            }
            let order: Order = order.parse().map_err(err)?;
            if orders.0.insert(name.to_owned(), order).is_some() {
                return Err(err(format!("a second order for {name}")));
            }
        }
        Ok(orders)
    }

    /// The orders in the text form, one line each, names in order.
    pub fn text(&self, lang: Lang) -> String {
        self.0.iter().map(|(name, order)| format!("{name}: {}\n", order.text(lang))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(s: &str) -> Order {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn german_and_english_read_alike() {
        assert_eq!(order("vor 3"), order("forward 3"));
        assert_eq!(order("zurück"), order("BACK"));
        assert_eq!(order("bleiben fressen"), order("stay eat"));
        assert_eq!(order("vor 3, nochmal vor 2"), order("forward 3 again forward 2"));
        assert_eq!(
            order("wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen"),
            order("if carrots>=30 then forward 5 else stay take")
        );
        assert_eq!(
            order("wenn nach Runde 4 Feld von Ben ist Salat dann zurück sonst vor 1"),
            order("if after round 4 field of Ben is lettuce then back else forward 1")
        );
    }

    #[test]
    fn the_text_form_round_trips_in_both_languages() {
        for text in [
            "forward 3",
            "back",
            "stay give",
            "forward 3, again back",
            "if carrots >= 30 then forward 5 else stay take",
            "if not alone then forward 1 else stay eat",
            "if alone of Ben Hur then forward 1 else back",
            "if after round 2 position of Cleo <= 2 then forward 2, again forward 1 else back",
            "if field is hare then stay wait else forward 1",
        ] {
            let parsed = order(text);
            assert_eq!(parsed.to_string(), text);
            assert_eq!(order(&parsed.text(Lang::De)), parsed, "{}", parsed.text(Lang::De));
        }
    }

    #[test]
    fn german_writes_the_orders_as_the_rule_text_does() {
        assert_eq!(order("forward 2, again forward 2").text(Lang::De), "vor 2, nochmal vor 2");
        assert_eq!(
            order("if carrots >= 30 then forward 5 else stay take").text(Lang::De),
            "wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen"
        );
        assert_eq!(
            order("if after round 4 field of Ben is lettuce then back else forward 1").text(Lang::De),
            "wenn nach Runde 4 Feld von Ben ist Salatfeld dann zurück sonst vor 1"
        );
        assert_eq!(
            order("if not alone of ben then stay wait else back").text(Lang::En),
            "if not alone of ben then stay wait else back"
        );
    }

    #[test]
    fn mistakes_name_what_was_expected() {
        for (text, says) in [
            ("vor", "expected a number"),
            ("springen 3", "expected vor/forward"),
            ("bleiben schlafen", "expected fressen/eat"),
            ("wenn Möhren >= 30 dann vor 5", "sonst/else"),
            ("wenn Möhren => 30 dann vor 5 sonst zurück", "no comparison"),
            ("vor 3 4", "unexpected \"4\""),
            ("vor 3, nochmal bleiben fressen", "is a move"),
            ("vor 99999999999", "too large"),
        ] {
            let err = text.parse::<Order>().unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
        let err = Orders::from_text("Anna: vor 1\n\nAnna: zurück").unwrap_err();
        assert_eq!(err, TextError { line: 3, message: "a second order for Anna".into() });
        assert_eq!(Orders::from_text("vor 1").unwrap_err().line, 1);
        let orders = Orders::from_text("# Zug 3\nAnna: vor 1\nBen Hur : back\n").unwrap();
        assert_eq!(orders.text(Lang::En), "Anna: forward 1\nBen Hur: back\n");
    }
}

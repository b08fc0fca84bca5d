//! Printing data: tables for people, the API's JSON or CSV for scripts.

pub mod board;
pub mod result;

use comfy_table::{CellAlignment, ContentArrangement, presets};
use serde_json::Value;
use std::io::Write;

/// How a command prints its data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tables for people.
    #[default]
    Table,
    /// The server's JSON, as the API returns it.
    Json,
    /// The main table as CSV with a header row.
    Csv,
}

/// One table: a header row and data rows, numbers right-aligned.
#[derive(Debug, Clone, Default)]
pub struct Table {
    title: Option<String>,
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
    numeric: Vec<usize>,
    empty: Option<String>,
    csv_only: bool,
}

impl Table {
    /// Headers given by their English names, shown in the command's language.
    pub fn new(headers: &[&str]) -> Table {
        Table { headers: headers.iter().map(|h| crate::lang::column(h)).collect(), ..Table::default() }
    }

    /// Headers decided at run time (one column per Rangeln round, say).
    pub fn with_headers(headers: Vec<String>) -> Table {
        Table { headers, ..Table::default() }
    }

    /// A line printed above the table (table format only).
    pub fn title(mut self, title: impl Into<String>) -> Table {
        self.title = Some(title.into());
        self
    }

    /// Columns (0-based) to right-align.
    pub fn numeric(mut self, columns: impl IntoIterator<Item = usize>) -> Table {
        self.numeric.extend(columns);
        self
    }

    /// What to say instead of an empty table (table format only).
    pub fn when_empty(mut self, text: impl Into<String>) -> Table {
        self.empty = Some(text.into());
        self
    }

    /// Only for `--format csv`: in table format the lines before it say it all.
    pub fn csv_only(mut self) -> Table {
        self.csv_only = true;
        self
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.title {
            out.push_str(title);
            out.push('\n');
        }
        if self.rows.is_empty()
            && let Some(empty) = &self.empty
        {
            out.push_str(empty);
            out.push('\n');
            return out;
        }
        let mut table = comfy_table::Table::new();
        table
            .load_preset(presets::UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_header(&self.headers);
        for row in &self.rows {
            table.add_row(row);
        }
        // A terminal that reports no usable width (a pty of 0 columns) gets unwrapped rows.
        if table.width().is_some_and(|w| w < 20) {
            table.set_content_arrangement(ContentArrangement::Disabled);
        }
        for &i in &self.numeric {
            if let Some(column) = table.column_mut(i) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        out.push_str(&table.to_string());
        out.push('\n');
        out
    }

    fn csv(&self) -> String {
        // German spreadsheets read `;` between fields (their decimal point is a comma).
        let delimiter = match crate::lang::current() {
            spielstand_text::Lang::De => b';',
            spielstand_text::Lang::En => b',',
        };
        let mut writer = csv::WriterBuilder::new().delimiter(delimiter).from_writer(Vec::new());
        // Writing to memory cannot fail.
        writer.write_record(&self.headers).expect("csv to memory");
        for row in &self.rows {
            writer.write_record(row).expect("csv to memory");
        }
        String::from_utf8(writer.into_inner().expect("csv to memory")).expect("csv of strings is UTF-8")
    }
}

/// Prints data in `format`: `json` as given, `csv` the first table, `table` every table
/// (and the lines before them).
pub fn emit(format: Format, json: &Value, lines: &[String], tables: &[Table]) {
    let text = match format {
        Format::Json => format!("{}\n", serde_json::to_string_pretty(json).expect("JSON values serialise")),
        Format::Csv => tables.first().map(Table::csv).unwrap_or_default(),
        Format::Table => {
            let mut parts: Vec<String> = Vec::new();
            if !lines.is_empty() {
                parts.push(lines.iter().map(|l| format!("{l}\n")).collect());
            }
            parts.extend(tables.iter().filter(|t| !t.csv_only).map(Table::render));
            parts.join("\n")
        }
    };
    print(&text);
}

/// Writes to stdout; a closed pipe (`spielstand results L | head`) is not an error.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("{}", crate::t!("output-cannot-write", error = e.to_string()));
    }
}

/// Points as people write them: `4`, `3.5`, `6.67` (`3,5` in German).
pub fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    crate::lang::decimal(text.trim_end_matches('0').trim_end_matches('.').to_owned())
}

/// A table place; a player short of the league's minimum games has none.
pub fn table_place(place: Option<u32>) -> String {
    place.map_or("–".to_owned(), |p| p.to_string())
}

/// The finishing order in text form: `1. Anna, 2. Ben, 3. Cleo, 3. Dora`; partners
/// joined: `1. Ben+Dora, 2. Anna+Cleo`.
pub fn placings(placings: &[spielstand_core::Placing]) -> String {
    let mut shown: Vec<(u32, Option<u32>, String)> = Vec::new();
    for p in placings {
        match shown.iter_mut().find(|(place, team, _)| p.team.is_some() && *team == p.team && *place == p.place) {
            Some((_, _, names)) => {
                names.push('+');
                names.push_str(&p.player);
            }
            None => shown.push((p.place, p.team, p.player.clone())),
        }
    }
    shown.iter().map(|(place, _, names)| format!("{place}. {names}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let mut t = Table::new(&["player", "note"]);
        t.row(vec!["Anna, the first".into(), "said \"hi\"".into()]);
        assert_eq!(t.csv(), "player,note\n\"Anna, the first\",\"said \"\"hi\"\"\"\n");
    }

    #[test]
    fn tables_show_titles_and_empty_notes() {
        let t = Table::new(&["a"]).title("Players").when_empty("No players yet.");
        assert_eq!(t.render(), "Players\nNo players yet.\n");
        let mut t = Table::new(&["name", "n"]).numeric([1]);
        t.row(vec!["Anna".into(), "10".into()]);
        let text = t.render();
        assert!(text.contains("Anna") && text.contains("10"), "{text}");
    }

    #[test]
    fn numbers_drop_useless_decimals() {
        assert_eq!(number(4.0), "4");
        assert_eq!(number(3.5), "3.5");
        assert_eq!(number(20.0 / 3.0), "6.67");
        assert_eq!(number(0.0), "0");
    }
}

/// A line of block characters, one per value, as high as the value among the others:
/// a rating's course at a glance on a terminal.
pub fn sparkline(values: &[f64]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    values
        .iter()
        .map(|v| {
            let level = if high - low < 1e-9 { 3.0 } else { (v - low) / (high - low) * 7.0 };
            BARS[level.round().clamp(0.0, 7.0) as usize]
        })
        .collect()
}

#[cfg(test)]
mod sparkline_tests {
    use super::sparkline;

    #[test]
    fn bars_follow_the_values() {
        assert_eq!(sparkline(&[0.0, 3.5, 7.0]), "▁▅█");
        assert_eq!(sparkline(&[2.0, 2.0]), "▄▄");
        assert_eq!(sparkline(&[]), "");
    }
}

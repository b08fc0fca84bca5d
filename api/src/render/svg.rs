//! Pictures of a season as SVG: lines over dates, labelled at their ends, with an
//! optional band around one line. Nothing but the picture: no scripts, no fonts to
//! load, no links, so that it works offline, as an `<img>` and inline in a page. Screen
//! readers get a `<title>` and a `<desc>` that says in words what the lines show.

use super::{Lang, Theme, escape};
use chrono::NaiveDate;
use std::fmt::Write;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 52.0;
/// Room for the players' names at the lines' ends.
const RIGHT: f64 = 132.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 36.0;
/// Closest two end labels may be, vertically.
const LABEL_GAP: f64 = 14.0;
/// Longest name shown at a line's end, in characters.
const LABEL_CHARS: usize = 16;

/// Line colours, distinct in both themes and for the common colour-vision deficiencies
/// (Okabe-Ito order); a ninth line takes the first colour again.
const LIGHT: [&str; 8] = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7a6a00", "#444444"];
const DARK: [&str; 8] = ["#56b4e9", "#ff8c42", "#2fd1a0", "#e99ac8", "#f0c05a", "#9ad7f5", "#e0d050", "#cccccc"];

/// One line of a chart: a name and its values by day, oldest first.
pub struct Series<'a> {
    pub label: &'a str,
    pub points: Vec<(NaiveDate, f64)>,
    /// A range around each point (low, high), drawn as a band behind the line.
    pub band: Option<Vec<(f64, f64)>>,
}

pub struct Chart<'a> {
    pub title: String,
    /// A line under the title, also read out after it.
    pub note: Option<&'a str>,
    /// What the lines are, for the description, e.g. "rating" or "points".
    pub measure: &'a str,
    pub series: Vec<Series<'a>>,
    pub lang: Lang,
    pub theme: Theme,
    /// Decimals of the values in axis labels and the description.
    pub decimals: usize,
}

/// From data to picture coordinates.
struct Scale {
    first: NaiveDate,
    days: f64,
    low: f64,
    high: f64,
}

impl Scale {
    fn of(series: &[Series]) -> Option<Scale> {
        let days = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
        let (first, last) = (days.clone().min()?, days.max()?);
        // One day alone is drawn as the last of two: the axis never runs past the last
        // game (today at the latest).
        let first = if first == last { first - chrono::Days::new(1) } else { first };
        let mut values: Vec<f64> = series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).collect();
        for band in series.iter().filter_map(|s| s.band.as_ref()) {
            values.extend(band.iter().flat_map(|&(lo, hi)| [lo, hi]));
        }
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (low, high) = nice_range(low, high);
        Some(Scale { first, days: (last - first).num_days() as f64, low, high })
    }

    fn x(&self, day: NaiveDate) -> f64 {
        LEFT + (day - self.first).num_days() as f64 / self.days * (WIDTH - LEFT - RIGHT)
    }

    fn y(&self, value: f64) -> f64 {
        TOP + (self.high - value) / (self.high - self.low) * (HEIGHT - TOP - BOTTOM)
    }
}

/// A range with round ends around `low..=high`, never empty.
fn nice_range(low: f64, high: f64) -> (f64, f64) {
    let (low, high) = if high - low < 1e-9 { (low - 1.0, high + 1.0) } else { (low, high) };
    let step = tick_step(high - low);
    ((low / step).floor() * step, (high / step).ceil() * step)
}

/// A round step that cuts `span` into about four parts: 1, 2 or 5 times a power of ten.
fn tick_step(span: f64) -> f64 {
    let raw = span / 4.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * magnitude).find(|&s| s >= raw);
    step.unwrap_or(10.0 * magnitude)
}

/// Spreads end labels (by their wanted y, in order) at least [`LABEL_GAP`] apart.
fn spread(mut wanted: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    wanted.sort_by(|a, b| a.1.total_cmp(&b.1));
    for i in 1..wanted.len() {
        wanted[i].1 = wanted[i].1.max(wanted[i - 1].1 + LABEL_GAP);
    }
    // Pushed below the plot: move the whole stack up again.
    let bottom = HEIGHT - BOTTOM;
    if let Some(&(_, last)) = wanted.last().filter(|(_, y)| *y > bottom) {
        let by = last - bottom;
        for w in &mut wanted {
            w.1 -= by;
        }
    }
    wanted
}

fn short(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        return label.to_owned();
    }
    let mut cut: String = label.chars().take(LABEL_CHARS - 1).collect();
    cut.push('…');
    cut
}

fn style(theme: Theme) -> String {
    let (bg, fg, muted, grid) = match theme {
        Theme::Light => ("#ffffff", "#1c2024", "#5b6671", "#dde2e7"),
        Theme::Dark => ("#16191d", "#e8ebee", "#9aa5b0", "#2e353c"),
    };
    let colours = match theme {
        Theme::Light => LIGHT,
        Theme::Dark => DARK,
    };
    let mut css = format!(
        ".ss-bg{{fill:{bg}}}.ss-text{{fill:{fg};font:12px system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",\"DejaVu Sans\",sans-serif}}\
         .ss-title{{font-size:15px;font-weight:700}}.ss-muted{{fill:{muted}}}.ss-grid{{stroke:{grid};stroke-width:1}}\
         .ss-line{{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}}.ss-band{{opacity:0.18}}"
    );
    for (i, colour) in colours.iter().enumerate() {
        let _ = write!(css, ".ss-c{i}{{stroke:{colour};color:{colour}}}.ss-f{i}{{fill:{colour}}}");
    }
    css
}

/// The picture, complete with its XML declaration-free `<svg>` root.
pub fn line_chart(chart: &Chart) -> String {
    let l = chart.lang.labels();
    let title = escape(&chart.title);
    let mut svg = String::with_capacity(4096);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         role=\"img\" aria-labelledby=\"ss-title ss-desc\" class=\"ss-{theme}\" lang=\"{lang}\">\
         <title id=\"ss-title\">{title}</title><desc id=\"ss-desc\">{desc}</desc><style>{style}</style>\
         <rect class=\"ss-bg\" width=\"100%\" height=\"100%\"/>\
         <text class=\"ss-text ss-title\" x=\"{LEFT}\" y=\"20\">{title}</text>",
        theme = chart.theme.as_str(),
        lang = l.lang,
        desc = escape(&describe(chart)),
        style = style(chart.theme),
    );
    if let Some(note) = chart.note {
        let _ = write!(
            svg,
            "<text class=\"ss-text ss-muted ss-note\" x=\"{LEFT}\" y=\"36\" font-size=\"11\">{}</text>",
            escape(note)
        );
    }
    let Some(scale) = Scale::of(&chart.series) else {
        let _ = write!(
            svg,
            "<text class=\"ss-text ss-muted\" x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{empty}</text></svg>",
            x = WIDTH / 2.0,
            y = HEIGHT / 2.0,
            empty = l.empty
        );
        return svg;
    };
    // The value axis: round ticks with grid lines.
    let step = tick_step(scale.high - scale.low);
    let mut tick = scale.low;
    while tick <= scale.high + step / 1e6 {
        let y = scale.y(tick);
        let _ = write!(
            svg,
            "<line class=\"ss-grid\" x1=\"{LEFT}\" x2=\"{x2}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"ss-text ss-muted\" x=\"{lx}\" y=\"{ty:.1}\" text-anchor=\"end\">{label}</text>",
            x2 = WIDTH - RIGHT,
            lx = LEFT - 6.0,
            ty = y + 4.0,
            label = chart.lang.fixed(tick, if step >= 1.0 { 0 } else { 1 }),
        );
        tick += step;
    }
    // The date axis: the first and last day, and the middle one when there is room.
    let last = scale.first + chrono::Days::new(scale.days as u64);
    let mut days = vec![scale.first, last];
    if scale.days >= 14.0 {
        days.insert(1, scale.first + chrono::Days::new((scale.days / 2.0) as u64));
    }
    for (i, day) in days.iter().enumerate() {
        let anchor = match i {
            0 => "start",
            i if i == days.len() - 1 => "end",
            _ => "middle",
        };
        let _ = write!(
            svg,
            "<text class=\"ss-text ss-muted\" x=\"{x:.1}\" y=\"{y}\" text-anchor=\"{anchor}\">{date}</text>",
            x = scale.x(*day),
            y = HEIGHT - 12.0,
            date = chart.lang.date(*day),
        );
    }
    let mut ends = Vec::new();
    for (i, series) in chart.series.iter().enumerate() {
        let c = i % LIGHT.len();
        let Some(&(last_day, last_value)) = series.points.last() else { continue };
        if let Some(band) = &series.band {
            let upper = series.points.iter().zip(band).map(|(p, b)| format!("{:.1},{:.1}", scale.x(p.0), scale.y(b.1)));
            let lower =
                series.points.iter().zip(band).rev().map(|(p, b)| format!("{:.1},{:.1}", scale.x(p.0), scale.y(b.0)));
            let outline: Vec<String> = upper.chain(lower).collect();
            let _ = write!(svg, "<polygon class=\"ss-band ss-f{c}\" points=\"{}\"/>", outline.join(" "));
        }
        let points: Vec<String> =
            series.points.iter().map(|&(day, value)| format!("{:.1},{:.1}", scale.x(day), scale.y(value))).collect();
        let _ = write!(
            svg,
            "<polyline class=\"ss-line ss-c{c}\" data-player=\"{name}\" points=\"{points}\"/>\
             <circle class=\"ss-f{c}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\"/>",
            name = escape(series.label),
            points = points.join(" "),
            x = scale.x(last_day),
            y = scale.y(last_value),
        );
        ends.push((i, scale.y(last_value)));
    }
    for (i, y) in spread(ends) {
        let series = &chart.series[i];
        let &(last_day, _) = series.points.last().expect("only lines with points have ends");
        let _ = write!(
            svg,
            "<text class=\"ss-text ss-f{c}\" x=\"{x:.1}\" y=\"{y:.1}\" dominant-baseline=\"middle\"><tspan>{name}</tspan></text>",
            c = i % LIGHT.len(),
            x = scale.x(last_day) + 6.0,
            name = escape(&short(series.label)),
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The lines in words: each one's first and last value with their days.
fn describe(chart: &Chart) -> String {
    let lang = chart.lang;
    let lines: Vec<String> = chart
        .series
        .iter()
        .filter_map(|s| {
            let (&(from_day, from), &(to_day, to)) = (s.points.first()?, s.points.last()?);
            Some(format!(
                "{}: {} {} ({}) → {} ({})",
                s.label,
                chart.measure,
                lang.fixed(from, chart.decimals),
                lang.date(from_day),
                lang.fixed(to, chart.decimals),
                lang.date(to_day),
            ))
        })
        .collect();
    let title = match chart.note {
        Some(note) => format!("{}. {note}", chart.title),
        None => chart.title.clone(),
    };
    if lines.is_empty() { lang.labels().empty.to_owned() } else { format!("{title}. {}.", lines.join("; ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 10, d).unwrap()
    }

    #[test]
    fn round_ranges_and_ticks() {
        assert_eq!(nice_range(3.2, 17.9), (0.0, 20.0));
        assert_eq!(tick_step(20.0), 5.0);
        assert_eq!(nice_range(5.0, 5.0), (4.0, 6.0));
        assert_eq!(tick_step(0.4), 0.1);
    }

    #[test]
    fn labels_keep_apart_and_inside() {
        let spread = spread(vec![(0, 100.0), (1, 101.0), (2, 102.0)]);
        assert!(spread.windows(2).all(|w| w[1].1 - w[0].1 >= LABEL_GAP - 1e-9));
        let low = super::spread(vec![(0, HEIGHT - BOTTOM), (1, HEIGHT - BOTTOM)]);
        assert!(low.iter().all(|(_, y)| *y <= HEIGHT - BOTTOM));
    }

    #[test]
    fn a_chart_names_its_lines_and_escapes_them() {
        let chart = Chart {
            title: "Wertung".into(),
            note: None,
            measure: "Wertung",
            series: vec![
                Series { label: "<b>Anna</b>", points: vec![(day(1), 1.0), (day(8), 4.5)], band: None },
                Series { label: "Ben", points: vec![(day(2), 2.0)], band: Some(vec![(0.0, 4.0)]) },
            ],
            lang: Lang::De,
            theme: Theme::Dark,
            decimals: 1,
        };
        let svg = line_chart(&chart);
        assert!(svg.contains("data-player=\"&lt;b&gt;Anna&lt;/b&gt;\""), "{svg}");
        assert!(!svg.contains("<b>"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<polygon").count(), 1);
        assert!(svg.contains(
            "<desc id=\"ss-desc\">Wertung. &lt;b&gt;Anna&lt;/b&gt;: Wertung 1,0 (01.10.2026) → 4,5 (08.10.2026)"
        ));
        let empty = line_chart(&Chart { series: vec![], ..chart });
        assert!(empty.contains("Noch keine Ergebnisse.") && !empty.contains("<polyline"));
    }
}

//! The pictures drawn from a player's rating line (the picture itself and the player
//! page's inline chart), and their titles.

use super::Lang;
use super::Theme;
use super::svg::{Chart, Series, line_chart};
use spielstand_core::{GameKind, RatingLine};

/// A title that says which game, when it is one.
pub fn titled(title: &str, game: Option<GameKind>) -> String {
    game.map_or_else(|| title.to_owned(), |g| format!("{title} · {}", g.name()))
}

/// One player's skill drawn as its estimate inside its uncertainty band (estimate ± 3
/// uncertainties), as the player page shows it: the band's lower edge is the shown rating.
pub fn player_chart(line: &RatingLine, game: Option<GameKind>, lang: Lang, theme: Theme) -> String {
    let l = lang.labels();
    let series: Vec<Series> = Some(line)
        .filter(|line| !line.points.is_empty())
        .map(|line| Series {
            label: &line.player,
            points: line.points.iter().map(|p| (p.date, p.skill.rating)).collect(),
            band: Some(
                line.points
                    .iter()
                    .map(|p| {
                        let spread = 3.0 * p.skill.rating_uncertainty;
                        (p.skill.rating - spread, p.skill.rating + spread)
                    })
                    .collect(),
            ),
        })
        .into_iter()
        .collect();
    let title = titled(&l.player_chart.replace("{player}", &line.player), game);
    let chart = Chart { title, note: Some(l.band), measure: l.rating, series, lang, theme, decimals: 1 };
    line_chart(&chart)
}

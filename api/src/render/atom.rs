//! A league's recent results as an Atom feed (RFC 4287): one entry per result, updated
//! when the result is corrected.

use super::{Lang, escape, scope};
use chrono::{DateTime, SecondsFormat, Utc};
use sha2::{Digest, Sha256};
use spielstand_core::Slug;
use spielstand_wire::{League, StoredResult};
use std::fmt::Write;

pub struct Feed<'a> {
    /// This database's identity (see `store::feed::instance_id`): ids derive from it.
    pub instance: &'a str,
    /// Where the feed was fetched, absolute: the `self` link.
    pub self_url: &'a str,
    /// Scheme and host the feed was fetched at (`https://liga.example`): links are absolute.
    pub base: &'a str,
    pub league: &'a League,
    pub game: Option<spielstand_core::GameKind>,
    /// Latest first.
    pub results: &'a [StoredResult],
    /// The last change of any of the league's results, deletions included.
    pub updated: DateTime<Utc>,
    pub lang: Lang,
}

/// A permanent, globally unique id: a UUID (version 8) hashed from this database's
/// identity and `name`, so every process and every restart gives the same one.
pub(super) fn id(instance: &str, name: &str) -> String {
    let digest = Sha256::digest(format!("spielstand/{instance}/{name}").as_bytes());
    let bytes: [u8; 16] = digest[..16].try_into().expect("SHA-256 has 32 bytes");
    format!("urn:uuid:{}", uuid::Builder::from_custom_bytes(bytes).into_uuid())
}

pub(super) fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// "Anna", "Anna und Ben", "Anna, Ben und Cleo".
fn join(names: &[&str], and: &str) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

/// "Mensch ärgere Dich nicht, 20.11.2026: Sieg für Cleo"
fn entry_title(result: &StoredResult, lang: Lang) -> String {
    let winners: Vec<&str> = result.placings.iter().filter(|p| p.place == 1).map(|p| p.player.as_str()).collect();
    lang.labels()
        .won_by
        .replace("{game}", result.record.game().name())
        .replace("{date}", &lang.date(result.record.played_on))
        .replace("{players}", &join(&winners, lang.labels().and))
}

/// "1. Anna (-16) · 2. Cleo (14) · 3. Ben (9)": places, with the totals for Rangeln.
fn summary(result: &StoredResult) -> String {
    let mut places: Vec<(u32, Vec<String>)> = Vec::new();
    for p in &result.placings {
        let total = result.rangeln.as_ref().and_then(|r| r.totals.iter().find(|t| t.player == p.player));
        let shown = match total {
            Some(t) => format!("{} ({})", p.player, t.total),
            None => p.player.clone(),
        };
        match places.last_mut() {
            Some((place, names)) if *place == p.place => names.push(shown),
            _ => places.push((p.place, vec![shown])),
        }
    }
    places.iter().map(|(place, names)| format!("{place}. {}", names.join(", "))).collect::<Vec<_>>().join(" · ")
}

pub fn feed(f: &Feed) -> String {
    let l = f.lang.labels();
    let league = f.league;
    let mut title = format!("{}: {}", league.name, l.results);
    if f.game.is_some() {
        title.push_str(&format!(" ({})", scope(f.lang, f.game)));
    }
    let feed_id = match f.game {
        Some(game) => id(f.instance, &format!("leagues/{}/results/{}", league.id, game.slug())),
        None => id(f.instance, &format!("leagues/{}/results", league.id)),
    };
    let mut xml = String::with_capacity(2048 + f.results.len() * 800);
    let _ = write!(
        xml,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
         <id>{feed_id}</id>\n<title>{title}</title>\n<updated>{updated}</updated>\n\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{self_url}\"/>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{base}/embed/leagues/{league_id}/standings{lang_query}\"/>\n\
         <author><name>{author}</name></author>\n<generator version=\"{version}\">spielstand</generator>\n",
        lang = l.lang,
        title = escape(&title),
        updated = time(f.updated),
        self_url = escape(f.self_url),
        base = escape(f.base),
        league_id = league.id,
        lang_query = if f.lang == Lang::En { "?lang=en" } else { "" },
        author = escape(&league.name),
        version = env!("CARGO_PKG_VERSION"),
    );
    for result in f.results {
        let game = result.record.game();
        let _ = write!(
            xml,
            "<entry>\n<id>{id}</id>\n<title>{title}</title>\n<published>{published}</published>\n\
             <updated>{updated}</updated>\n\
             <link rel=\"alternate\" type=\"application/json\" href=\"{base}/api/v1/results/{result_id}\"/>\n\
             <category term=\"{slug}\" label=\"{game_name}\"/>\n<content type=\"text\">{summary}</content>\n</entry>\n",
            id = id(f.instance, &format!("results/{}", result.id)),
            title = escape(&entry_title(result, f.lang)),
            published = time(result.created_at),
            updated = time(result.updated_at),
            base = escape(f.base),
            result_id = result.id,
            slug = game.slug(),
            game_name = escape(game.name()),
            summary = escape(&summary(result)),
        );
    }
    xml.push_str("</feed>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_unique_uuids() {
        let a = id("0123", "results/1");
        assert_eq!(a, id("0123", "results/1"));
        assert_ne!(a, id("0123", "results/2"));
        assert_ne!(a, id("4567", "results/1"));
        let uuid = uuid::Uuid::parse_str(a.strip_prefix("urn:uuid:").unwrap()).unwrap();
        assert_eq!(uuid.get_version_num(), 8);
    }

    #[test]
    fn names_are_joined_as_people_say_them() {
        assert_eq!(join(&["Anna"], "und"), "Anna");
        assert_eq!(join(&["Anna", "Ben"], "und"), "Anna und Ben");
        assert_eq!(join(&["Anna", "Ben", "Cleo"], "and"), "Anna, Ben and Cleo");
    }
}

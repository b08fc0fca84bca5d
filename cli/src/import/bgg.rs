//! BoardGameGeek's logged plays: one page of XML API2 `plays` at a time (the API pages
//! by 100 plays; the caller fetches and hands over each page).
//!
//! What is taken and what is skipped:
//! - a play with `quantity="N"` stands for N games and becomes N plays, `<id>#1`..`<id>#N`;
//!   a missing or zero quantity means one game, with the plain play id;
//! - an item that is no board game is skipped: `objecttype` other than `thing`, or a
//!   `<subtypes>` list naming neither `boardgame` nor `boardgameexpansion` (a video game,
//!   an RPG item, an accessory). Pages without `<subtypes>` (older answers) count as board
//!   games, since the play log is BoardGameGeek's board game log;
//! - `incomplete="1"`, no players, and a player with neither name nor username are skipped;
//! - `startposition` is free text on BoardGameGeek: a number is a seat, anything else is
//!   no seat; the player at seat 1 is taken as the start player, the only hint BGG has.

use super::source::{
    BGG_ID, DATE, ParseError, Parsed, SkipReason, Skipped, Source, SourcePlay, SourcePlayer, WHOLE_NUMBER, non_empty,
    seat_order,
};
use crate::t;
use chrono::NaiveDate;
use roxmltree::{Document, Node};

/// Reads one page of `/xmlapi2/plays`.
pub fn parse(xml: &str) -> Result<Parsed, ParseError> {
    let doc = Document::parse(xml).map_err(|e| ParseError::Xml(e.to_string()))?;
    let root = doc.root_element();
    match root.tag_name().name() {
        "plays" => {}
        // The API answers a bad username or a throttled request with an error document.
        "error" | "errors" => return Err(ParseError::Remote(error_message(root))),
        other => return Err(ParseError::UnexpectedDocument { expected: "plays", found: other.to_owned() }),
    }
    let mut parsed = Parsed::default();
    for (i, play) in elements(root, "play").enumerate() {
        read_play(&doc, i, play, &mut parsed)?;
    }
    Ok(parsed)
}

fn read_play(doc: &Document, i: usize, play: Node, parsed: &mut Parsed) -> Result<(), ParseError> {
    let line = doc.text_pos_at(play.range().start).row;
    let id = play.attribute("id").map(str::trim).unwrap_or_default();
    let at = |field: &str| {
        if id.is_empty() {
            t!("bgg-at-index", index = i, line = line, field = field)
        } else {
            t!("bgg-at-play", id = id, line = line, field = field)
        }
    };
    if id.is_empty() {
        return Err(ParseError::Missing { at: at("id") });
    }
    let quantity = match play.attribute("quantity").map(str::trim) {
        None | Some("") => 1,
        Some(text) => text
            .parse::<u32>()
            .map_err(|_| ParseError::Invalid { at: at("quantity"), value: text.to_owned(), expected: WHOLE_NUMBER })?
            .max(1),
    };
    let source_ids: Vec<String> =
        if quantity == 1 { vec![id.to_owned()] } else { (1..=quantity).map(|k| format!("{id}#{k}")).collect() };

    let item = elements(play, "item").next().ok_or_else(|| ParseError::Missing { at: at("item") })?;
    let title = item.attribute("name").unwrap_or_default().trim().to_owned();
    let mut skip = |reason: SkipReason| {
        for source_id in &source_ids {
            parsed.skipped.push(Skipped { source_id: source_id.clone(), title: title.clone(), reason: reason.clone() });
        }
    };
    if let Some(kind) = not_a_board_game(item) {
        skip(SkipReason::NotAGame(kind));
        return Ok(());
    }
    if flag(play.attribute("incomplete")) {
        skip(SkipReason::Incomplete);
        return Ok(());
    }
    let mut players: Vec<SourcePlayer> = play
        .children()
        .filter(|n| n.has_tag_name("players"))
        .flat_map(|p| elements(p, "player"))
        .map(read_player)
        .collect();
    if players.is_empty() {
        skip(SkipReason::NoPlayers);
        return Ok(());
    }
    if players.iter().any(|p| p.name.is_empty()) {
        skip(SkipReason::UnnamedPlayer);
        return Ok(());
    }
    seat_order(&mut players);

    let bgg_id = match item.attribute("objectid").map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(text.parse::<u64>().map_err(|_| ParseError::Invalid {
            at: at("item.objectid"),
            value: text.to_owned(),
            expected: BGG_ID,
        })?),
    }
    .filter(|&id| id != 0);
    let date = play.attribute("date").unwrap_or_default();
    let played_on = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| ParseError::Invalid {
        at: at("date"),
        value: date.to_owned(),
        expected: DATE,
    })?;
    let location = play.attribute("location").and_then(non_empty);

    for source_id in source_ids {
        parsed.plays.push(SourcePlay {
            source: Source::Bgg,
            source_id,
            title: title.clone(),
            bgg_id,
            played_on,
            location: location.clone(),
            players: players.clone(),
            highest_wins: None,
            no_points: None,
        });
    }
    Ok(())
}

fn read_player(player: Node) -> SourcePlayer {
    let text = |name: &str| player.attribute(name).and_then(non_empty);
    let seat = text("startposition").and_then(|s| s.parse::<u32>().ok()).filter(|&s| s > 0);
    SourcePlayer {
        name: text("name").or_else(|| text("username")).unwrap_or_default(),
        seat,
        score: text("score"),
        rank: None,
        winner: flag(player.attribute("win")),
        start_player: seat == Some(1),
        new_player: flag(player.attribute("new")),
    }
}

/// What the item is instead of a board game, if it is none (see the module doc).
fn not_a_board_game(item: Node) -> Option<String> {
    let object_type = item.attribute("objecttype").map(str::trim).unwrap_or("thing");
    if object_type != "thing" {
        return Some(object_type.to_owned());
    }
    let subtypes: Vec<&str> = item
        .children()
        .filter(|n| n.has_tag_name("subtypes"))
        .flat_map(|s| elements(s, "subtype"))
        .filter_map(|s| s.attribute("value").map(str::trim))
        .collect();
    let is_game = subtypes.is_empty() || subtypes.iter().any(|s| matches!(*s, "boardgame" | "boardgameexpansion"));
    (!is_game).then(|| subtypes.join(", "))
}

fn elements<'a, 'input>(parent: Node<'a, 'input>, name: &'static str) -> impl Iterator<Item = Node<'a, 'input>> {
    parent.children().filter(move |n| n.has_tag_name(name))
}

/// BoardGameGeek writes flags as "1" and "0".
fn flag(value: Option<&str>) -> bool {
    matches!(value.map(str::trim), Some("1" | "true"))
}

fn error_message(root: Node) -> String {
    let text = root
        .descendants()
        .find(|n| n.has_tag_name("message"))
        .and_then(|m| m.text())
        .or_else(|| root.text())
        .unwrap_or_default();
    non_empty(text).unwrap_or_else(|| t!("bgg-no-message"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE1: &str = include_str!("../../tests/fixtures/import/bgg-page1.xml");
    const PAGE2: &str = include_str!("../../tests/fixtures/import/bgg-page2.xml");

    fn ids(parsed: &Parsed) -> Vec<&str> {
        parsed.plays.iter().map(|p| p.source_id.as_str()).collect()
    }

    fn skipped(parsed: &Parsed) -> Vec<(&str, &str, String)> {
        parsed.skipped.iter().map(|s| (s.source_id.as_str(), s.title.as_str(), s.reason.to_string())).collect()
    }

    fn names(play: &SourcePlay) -> Vec<&str> {
        play.players.iter().map(|p| p.name.as_str()).collect()
    }

    /// A page with one play around the given attributes and body.
    fn page(play_attributes: &str, body: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?>
<plays username="u" userid="1" total="1" page="1">
  <play id="5" {play_attributes}>
    <item name="Rangeln" objecttype="thing" objectid="7"><subtypes><subtype value="boardgame"/></subtypes></item>
    {body}
  </play>
</plays>"#
        )
    }

    const TWO_PLAYERS: &str = r#"<players>
      <player username="anna" userid="11" name="Anna" startposition="1" score="" new="0" rating="0" win="1"/>
      <player username="ben" userid="12" name="Ben" startposition="2" score="" new="0" rating="0" win="0"/>
    </players>"#;

    #[test]
    fn page_one_yields_its_games_with_quantity_spread_and_incomplete_skipped() {
        let parsed = parse(PAGE1).unwrap();
        assert_eq!(ids(&parsed), ["90412001", "90412002#1", "90412002#2", "90412003"]);
        assert_eq!(skipped(&parsed), [("90412004", "Rangeln", "incomplete".to_owned())]);
        assert!(parsed.plays.iter().all(|p| p.source == Source::Bgg && p.highest_wins.is_none()));
    }

    #[test]
    fn a_play_keeps_date_location_item_and_seated_players() {
        let parsed = parse(PAGE1).unwrap();
        let hase = &parsed.plays[0];
        assert_eq!(hase.title, "Hase und Igel");
        assert_eq!(hase.played_on, NaiveDate::from_ymd_opt(2024, 3, 8).unwrap());
        assert_eq!(hase.location.as_deref(), Some("Vereinsheim Linde"));
        assert_eq!(hase.bgg_id, Some(900001));
        // Listed Chiara (2), Anna (1), Jörg (4), Ben (3).
        assert_eq!(names(hase), ["Anna", "Chiara", "Ben", "Jörg"]);
        let first = &hase.players[0];
        assert_eq!((first.seat, first.start_player, first.rank), (Some(1), true, None));
        assert!(hase.players[1].winner && !first.winner);
        assert_eq!(hase.players[1].score.as_deref(), Some("10"));
        assert_eq!(first.score, None, "an empty score is none");
        assert!(hase.players[3].new_player);
    }

    #[test]
    fn quantity_two_is_two_identical_games() {
        let parsed = parse(PAGE1).unwrap();
        let (a, b) = (&parsed.plays[1], &parsed.plays[2]);
        assert_eq!(a.title, "Mensch ärgere Dich nicht");
        assert_eq!((a.players.clone(), a.played_on, &a.title), (b.players.clone(), b.played_on, &b.title));
        assert_eq!(a.location, None, "an empty location is none");
    }

    #[test]
    fn entities_are_decoded_and_an_empty_name_takes_the_username() {
        let parsed = parse(PAGE1).unwrap();
        let hare = &parsed.plays[3];
        assert_eq!(hare.title, "Hare & Tortoise");
        assert_eq!(names(hare), ["Anna", "ben_wuerfelt", "Chiara"]);
    }

    #[test]
    fn page_two_skips_what_is_no_game_or_has_no_players() {
        let parsed = parse(PAGE2).unwrap();
        assert_eq!(ids(&parsed), ["90412101", "90412104"]);
        assert_eq!(
            skipped(&parsed),
            [
                ("90412102", "Lauf Rauf!", "no players".to_owned()),
                ("90412103", "Mario Party", "not a board game (videogame)".to_owned()),
                ("90412105", "Dungeons & Dragons Player's Handbook", "not a board game (rpgitem)".to_owned()),
            ]
        );
    }

    #[test]
    fn an_unknown_game_comes_through_and_quantity_zero_or_missing_is_one() {
        let parsed = parse(PAGE2).unwrap();
        let carcassonne = &parsed.plays[0];
        assert_eq!((carcassonne.title.as_str(), carcassonne.bgg_id), ("Carcassonne", Some(822)));
        assert_eq!(carcassonne.source_id, "90412101", "no quantity attribute");
        let ghost = &parsed.plays[1];
        assert_eq!(ghost.source_id, "90412104", "quantity 0");
        // One startposition is not a number: nobody is sorted, and the listed order stays.
        assert_eq!(names(ghost), ["Jörg", "Chiara", "Dora"]);
        assert_eq!(ghost.players[1].seat, None);
    }

    #[test]
    fn skips_of_a_repeated_play_name_every_game() {
        let xml = page(r#"date="2024-01-01" quantity="3" incomplete="1""#, TWO_PLAYERS);
        let parsed = parse(&xml).unwrap();
        let ids: Vec<_> = parsed.skipped.iter().map(|s| s.source_id.as_str()).collect();
        assert_eq!(ids, ["5#1", "5#2", "5#3"]);
    }

    #[test]
    fn anonymous_players_skip_the_play() {
        let xml = page(
            r#"date="2024-01-01""#,
            r#"<players><player username="" userid="0" name="" win="1"/><player name="Ben"/></players>"#,
        );
        assert_eq!(parse(&xml).unwrap().skipped[0].reason, SkipReason::UnnamedPlayer);
    }

    #[test]
    fn an_objecttype_other_than_thing_is_no_game() {
        let xml = page(r#"date="2024-01-01""#, TWO_PLAYERS).replace(r#"objecttype="thing""#, r#"objecttype="family""#);
        assert_eq!(parse(&xml).unwrap().skipped[0].reason, SkipReason::NotAGame("family".into()));
    }

    #[test]
    fn an_item_without_subtypes_or_an_expansion_counts_as_a_game() {
        let bare = page(r#"date="2024-01-01""#, TWO_PLAYERS)
            .replace(r#"<subtypes><subtype value="boardgame"/></subtypes>"#, "");
        assert_eq!(parse(&bare).unwrap().plays.len(), 1);
        let expansion =
            page(r#"date="2024-01-01""#, TWO_PLAYERS).replace(r#"value="boardgame""#, r#"value="boardgameexpansion""#);
        assert_eq!(parse(&expansion).unwrap().plays.len(), 1);
    }

    #[test]
    fn a_bad_date_or_quantity_names_the_play_and_its_line() {
        let err = parse(&page(r#"date="2023-13-01""#, TWO_PLAYERS)).unwrap_err();
        assert_eq!(err.to_string(), r#"play 5 (line 3).date: "2023-13-01" is not a date (YYYY-MM-DD)"#);
        let err = parse(&page(r#"date="2024-01-01" quantity="two""#, TWO_PLAYERS)).unwrap_err();
        assert_eq!(err.to_string(), r#"play 5 (line 3).quantity: "two" is not a whole number"#);
    }

    #[test]
    fn error_answers_and_other_documents_are_refused() {
        let err = parse("<errors><error><message>Invalid object or user</message></error></errors>").unwrap_err();
        assert_eq!(err, ParseError::Remote("Invalid object or user".into()));
        let err = parse(r#"<items total="0"/>"#).unwrap_err();
        assert_eq!(err.to_string(), "expected <plays> at the top of the document, found <items>");
        assert!(matches!(parse("<plays><play></plays>"), Err(ParseError::Xml(_))));
    }

    #[test]
    fn an_empty_page_has_nothing() {
        let parsed = parse(r#"<plays username="u" userid="1" total="0" page="2"/>"#).unwrap();
        assert_eq!(parsed, Parsed::default());
    }
}

//! BG Stats exports: the app's JSON, alone or zipped (its backups are zip archives with
//! the JSON inside). Players, games and locations are lists that plays refer to by `id`.

use super::source::{
    DATE_TIME, ParseError, Parsed, SkipReason, Skipped, Source, SourcePlay, SourcePlayer, non_empty, seat_order,
};
use crate::t;
use chrono::NaiveDateTime;
use serde::{Deserialize, Deserializer};
use std::collections::HashMap;
use std::io::Read;

/// Reads a BG Stats export, JSON or a zip archive holding it.
pub fn parse(bytes: &[u8]) -> Result<Parsed, ParseError> {
    let json = if bytes.starts_with(ZIP_MAGIC) { unzip_json(bytes)? } else { bytes.to_vec() };
    let export = read_export(&json)?;
    resolve(export)
}

const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

/// An export is a few megabytes; a zip entry that inflates beyond this is no export.
const MAX_JSON_BYTES: u64 = 512 * 1024 * 1024;

fn unzip_json(bytes: &[u8]) -> Result<Vec<u8>, ParseError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| ParseError::Zip(e.to_string()))?;
    let candidates: Vec<String> = archive.file_names().filter(|name| is_json_entry(name)).map(str::to_owned).collect();
    let name = match candidates.as_slice() {
        [] => return Err(ParseError::ZipWithoutJson),
        [one] => one.clone(),
        _ => return Err(ParseError::ZipWithSeveralJson(candidates)),
    };
    let entry = archive.by_name(&name).map_err(|e| ParseError::Zip(format!("{name}: {e}")))?;
    let mut json = Vec::new();
    entry.take(MAX_JSON_BYTES + 1).read_to_end(&mut json).map_err(|e| ParseError::Zip(format!("{name}: {e}")))?;
    if json.len() as u64 > MAX_JSON_BYTES {
        return Err(ParseError::Zip(t!("bgstats-too-large", name = &name, mib = MAX_JSON_BYTES >> 20)));
    }
    Ok(json)
}

/// A `.json` file, not counting the `._name` resource forks that macOS's Finder adds
/// beside every file it zips (under `__MACOSX/`): they would make every export ambiguous.
fn is_json_entry(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    !name.ends_with('/')
        && !name.starts_with("__MACOSX/")
        && !base.starts_with("._")
        && base.to_ascii_lowercase().ends_with(".json")
}

fn read_export(json: &[u8]) -> Result<Export, ParseError> {
    // Exports written on Windows may start with a byte order mark, which JSON forbids.
    let json = json.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(json);
    let mut de = serde_json::Deserializer::from_slice(json);
    let export: Export = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let at = match e.path().to_string().as_str() {
            "." => t!("bgstats-export"),
            path => path.to_owned(),
        };
        ParseError::Json { at, message: e.into_inner().to_string() }
    })?;
    de.end().map_err(|e| ParseError::Json { at: t!("bgstats-export"), message: e.to_string() })?;
    Ok(export)
}

fn resolve(export: Export) -> Result<Parsed, ParseError> {
    let players: HashMap<i64, &Player> = export.players.iter().map(|p| (p.id, p)).collect();
    let games: HashMap<i64, &Game> = export.games.iter().map(|g| (g.id, g)).collect();
    let locations: HashMap<i64, &Location> = export.locations.iter().map(|l| (l.id, l)).collect();
    let mut parsed = Parsed::default();
    for (i, play) in export.plays.iter().enumerate() {
        let at = |field: &str| format!("plays[{i}].{field}"); // not text: a path in the file
        let game = *games.get(&play.game_ref_id).ok_or_else(|| ParseError::Dangling {
            at: at("gameRefId"),
            id: play.game_ref_id,
            list: "games[]",
        })?;
        let skip = |reason| Skipped { source_id: play.uuid.clone(), title: game.name.clone(), reason };
        if play.ignored.0 {
            parsed.skipped.push(skip(SkipReason::Ignored));
            continue;
        }
        let played_on = NaiveDateTime::parse_from_str(play.play_date.trim(), "%Y-%m-%d %H:%M:%S")
            .map_err(|_| ParseError::Invalid {
                at: at("playDate"),
                value: play.play_date.clone(),
                expected: DATE_TIME,
            })?
            .date();
        // BG Stats writes 0 for "no location".
        let location = match play.location_ref_id {
            None | Some(0) => None,
            Some(id) => {
                let location = locations.get(&id).ok_or_else(|| ParseError::Dangling {
                    at: at("locationRefId"),
                    id,
                    list: "locations[]",
                })?;
                non_empty(&location.name)
            }
        };
        let mut seated = Vec::with_capacity(play.player_scores.len());
        for (j, score) in play.player_scores.iter().enumerate() {
            let player = players.get(&score.player_ref_id).ok_or_else(|| ParseError::Dangling {
                at: at(&format!("playerScores[{j}].playerRefId")),
                id: score.player_ref_id,
                list: "players[]",
            })?;
            seated.push(SourcePlayer {
                name: player.name.trim().to_owned(),
                seat: positive(score.seat_order),
                score: score.score.as_deref().and_then(non_empty),
                rank: positive(score.rank),
                winner: score.winner.0,
                start_player: score.start_player.0,
                new_player: score.new_player.0,
            });
        }
        if seated.is_empty() {
            parsed.skipped.push(skip(SkipReason::NoPlayers));
            continue;
        }
        if seated.iter().any(|p| p.name.is_empty()) {
            parsed.skipped.push(skip(SkipReason::UnnamedPlayer));
            continue;
        }
        seat_order(&mut seated);
        parsed.plays.push(SourcePlay {
            source: Source::BgStats,
            source_id: play.uuid.clone(),
            title: game.name.clone(),
            bgg_id: game.bgg_id.filter(|&id| id != 0),
            played_on,
            location,
            players: seated,
            highest_wins: game.highest_wins.map(|f| f.0),
            no_points: game.no_points.map(|f| f.0),
        });
    }
    Ok(parsed)
}

/// BG Stats writes 0 for "not set" in ranks and seat orders.
fn positive(n: Option<i64>) -> Option<u32> {
    n.filter(|&n| n > 0).and_then(|n| u32::try_from(n).ok())
}

// The export's shape: only the fields read here. Real exports carry many more (durations,
// expansions, colours, statistics settings), and serde skips what is not named.

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Export {
    #[serde(default)]
    players: Vec<Player>,
    #[serde(default)]
    games: Vec<Game>,
    #[serde(default)]
    locations: Vec<Location>,
    #[serde(default)]
    plays: Vec<Play>,
}

#[derive(Deserialize)]
struct Player {
    id: i64,
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Game {
    id: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    bgg_id: Option<u64>,
    #[serde(default)]
    highest_wins: Option<Flag>,
    #[serde(default)]
    no_points: Option<Flag>,
}

#[derive(Deserialize)]
struct Location {
    id: i64,
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Play {
    uuid: String,
    play_date: String,
    game_ref_id: i64,
    #[serde(default)]
    location_ref_id: Option<i64>,
    #[serde(default)]
    ignored: Flag,
    #[serde(default)]
    player_scores: Vec<PlayerScore>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlayerScore {
    player_ref_id: i64,
    #[serde(default, deserialize_with = "score_text")]
    score: Option<String>,
    #[serde(default)]
    winner: Flag,
    #[serde(default)]
    rank: Option<i64>,
    #[serde(default)]
    seat_order: Option<i64>,
    #[serde(default)]
    start_player: Flag,
    #[serde(default)]
    new_player: Flag,
}

/// A boolean as BG Stats writes it: `true`/`false` from newer versions, `1`/`0` from
/// older ones and from exports that passed through spreadsheets; `null` is false.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Flag(bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Flag;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false, 1 or 0")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Flag, E> {
                Ok(Flag(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Flag, E> {
                match v {
                    0 => Ok(Flag(false)),
                    1 => Ok(Flag(true)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
                }
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Flag, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self)),
                }
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Flag, E> {
                Ok(Flag(false))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// Scores are text in BG Stats ("", "42", "12.5"); hand-edited files may hold numbers.
fn score_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Score {
        Text(String),
        Number(serde_json::Number),
    }
    Ok(Option::<Score>::deserialize(deserializer)?.map(|s| match s {
        Score::Text(t) => t,
        Score::Number(n) => n.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use std::io::Write;

    const FIXTURE: &str = include_str!("../../tests/fixtures/import/bgstats.json");

    fn fixture() -> Parsed {
        parse(FIXTURE.as_bytes()).expect("the fixture parses")
    }

    fn play<'a>(parsed: &'a Parsed, uuid: &str) -> &'a SourcePlay {
        parsed.plays.iter().find(|p| p.source_id == uuid).unwrap_or_else(|| panic!("no play {uuid}"))
    }

    fn names(play: &SourcePlay) -> Vec<&str> {
        play.players.iter().map(|p| p.name.as_str()).collect()
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    /// A minimal export around one play's JSON.
    fn export_with(play: &str) -> String {
        format!(
            r#"{{"players":[{{"id":1,"name":"Anna"}},{{"id":2,"name":"Ben"}}],
                "games":[{{"id":7,"name":"Rangeln","bggId":0}}],
                "locations":[{{"id":3,"name":"Vereinsheim"}}],
                "plays":[{play}]}}"#
        )
    }

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in entries {
            writer.start_file(*name, options).unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn the_fixture_yields_every_play_but_the_ignored_one() {
        let parsed = fixture();
        assert_eq!(parsed.plays.len(), 7);
        assert_eq!(
            parsed.skipped,
            [Skipped {
                source_id: "9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0006".into(),
                title: "Mensch ärgere Dich nicht".into(),
                reason: SkipReason::Ignored,
            }]
        );
        assert!(parsed.plays.iter().all(|p| p.source == Source::BgStats));
    }

    #[test]
    fn a_ranked_play_is_seated_and_keeps_scores_ranks_and_game_settings() {
        let parsed = fixture();
        let hase = play(&parsed, "9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0001");
        assert_eq!(hase.title, "Hase und Igel");
        assert_eq!(hase.bgg_id, None, "bggId 0 means none");
        assert_eq!(hase.played_on, date(2024, 3, 8));
        assert_eq!(hase.location.as_deref(), Some("Vereinsheim Linde"));
        assert_eq!(hase.highest_wins, Some(false));
        assert_eq!(hase.no_points, Some(true));
        // Listed Ben, Anna, Jörg, Chiara; seated Anna 1, Chiara 2, Ben 3, Jörg 4.
        assert_eq!(names(hase), ["Anna", "Chiara", "Ben", "Jörg"]);
        let ranks: Vec<_> = hase.players.iter().map(|p| p.rank).collect();
        assert_eq!(ranks, [Some(2), Some(1), Some(4), Some(3)]);
        let seats: Vec<_> = hase.players.iter().map(|p| p.seat).collect();
        assert_eq!(seats, [Some(1), Some(2), Some(3), Some(4)]);
        assert!(hase.players[1].winner && !hase.players[0].winner);
        assert!(hase.players[0].start_player);
        assert_eq!(hase.players[0].score, None, "an empty score is none");
    }

    #[test]
    fn booleans_may_be_one_and_zero() {
        let parsed = fixture();
        let lauf = play(&parsed, "9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0003");
        assert_eq!(lauf.title, "Lauf Rauf!");
        let winners: Vec<_> = lauf.players.iter().filter(|p| p.winner).map(|p| p.name.as_str()).collect();
        assert_eq!(winners, ["Dora"]);
        assert!(lauf.players.iter().any(|p| p.new_player && p.name == "Emil"));
        assert_eq!(lauf.highest_wins, Some(true), "highestWins written as 1");
        assert_eq!(lauf.no_points, Some(false), "noPoints written as 0");

        let inline = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,"ignored":0,
                "playerScores":[{"playerRefId":1,"winner":1,"startPlayer":0,"newPlayer":1},
                                {"playerRefId":2,"winner":0,"startPlayer":1,"newPlayer":null}]}"#,
        );
        let parsed = parse(inline.as_bytes()).unwrap();
        let p = &parsed.plays[0].players;
        assert!(p[0].winner && !p[0].start_player && p[0].new_player);
        assert!(!p[1].winner && p[1].start_player && !p[1].new_player);
    }

    #[test]
    fn a_boolean_of_two_is_an_error_naming_its_field() {
        let inline = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,
                "playerScores":[{"playerRefId":1,"winner":2}]}"#,
        );
        let err = parse(inline.as_bytes()).unwrap_err();
        let ParseError::Json { at, message } = &err else { panic!("{err:?}") };
        assert_eq!(at, "plays[0].playerScores[0].winner");
        assert!(message.contains("true, false, 1 or 0"), "{message}");
    }

    #[test]
    fn winner_flags_without_ranks_and_broken_places_come_through_as_written() {
        let parsed = fixture();
        // Two winners in Mensch ärgere Dich nicht: the rules allow one, but judging that
        // is the importer's business, not the parser's.
        let mensch = play(&parsed, "9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0005");
        assert_eq!(mensch.players.iter().filter(|p| p.winner).count(), 2);
        assert!(mensch.players.iter().all(|p| p.rank.is_none()));
        // No seat orders: the listed order stays.
        assert_eq!(names(mensch), ["Ben", "Anna", "Chiara"]);
        assert!(mensch.players.iter().all(|p| p.seat.is_none()));
        assert_eq!(mensch.location, None, "locationRefId 0 means none");
    }

    #[test]
    fn scores_are_trimmed_text_and_numbers_become_text() {
        let parsed = fixture();
        let carc = play(&parsed, "9a0c1e7e-2b6f-4a43-9d55-4f3c2f1d0007");
        assert_eq!(carc.title, "Carcassonne");
        assert_eq!(carc.bgg_id, Some(822));
        let scores: Vec<_> = carc.players.iter().map(|p| p.score.as_deref()).collect();
        assert_eq!(scores, [Some("87"), Some("102"), Some("64")]);

        let inline = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,
                "playerScores":[{"playerRefId":1,"score":12.5},{"playerRefId":2}]}"#,
        );
        let parsed = parse(inline.as_bytes()).unwrap();
        assert_eq!(parsed.plays[0].players[0].score.as_deref(), Some("12.5"));
        assert_eq!(parsed.plays[0].players[1].score, None, "a missing score is none");
    }

    #[test]
    fn a_zipped_export_reads_like_the_plain_one() {
        let zipped = zip_of(&[("BGStatsExport.json", FIXTURE.as_bytes()), ("readme.txt", b"hello")]);
        assert_eq!(parse(&zipped).unwrap(), fixture());
    }

    #[test]
    fn finder_resource_forks_do_not_count_as_a_second_export() {
        let zipped = zip_of(&[
            ("export/BGStatsExport.json", FIXTURE.as_bytes()),
            ("__MACOSX/export/._BGStatsExport.json", b"\x00\x05\x16\x07"),
        ]);
        assert_eq!(parse(&zipped).unwrap().plays.len(), 7);
    }

    #[test]
    fn a_zip_without_or_with_several_json_files_is_refused() {
        let none = zip_of(&[("notes.txt", b"nothing here")]);
        assert_eq!(parse(&none).unwrap_err(), ParseError::ZipWithoutJson);

        let two = zip_of(&[("a.json", b"{}"), ("b.JSON", b"{}")]);
        assert_eq!(parse(&two).unwrap_err(), ParseError::ZipWithSeveralJson(vec!["a.json".into(), "b.JSON".into()]));
        assert!(parse(&two).unwrap_err().to_string().contains("a.json, b.JSON"));

        let broken = b"PK\x03\x04 and then nothing a zip needs";
        assert!(matches!(parse(broken), Err(ParseError::Zip(_))));
    }

    #[test]
    fn a_bad_date_names_the_play_and_the_expected_form() {
        let inline = export_with(r#"{"uuid":"u1","playDate":"2023-13-01 10:00:00","gameRefId":7,"playerScores":[]}"#);
        let err = parse(inline.as_bytes()).unwrap_err();
        assert_eq!(err.to_string(), r#"plays[0].playDate: "2023-13-01 10:00:00" is not a date (YYYY-MM-DD HH:MM:SS)"#);
    }

    #[test]
    fn dangling_references_are_errors_naming_them() {
        let game = export_with(r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":99,"playerScores":[]}"#);
        assert_eq!(
            parse(game.as_bytes()).unwrap_err(),
            ParseError::Dangling { at: "plays[0].gameRefId".into(), id: 99, list: "games[]" }
        );
        let player = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,
                "playerScores":[{"playerRefId":1},{"playerRefId":42}]}"#,
        );
        assert_eq!(
            parse(player.as_bytes()).unwrap_err().to_string(),
            "plays[0].playerScores[1].playerRefId: 42 names no entry in players[]"
        );
        let location = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,"locationRefId":5,
                "playerScores":[{"playerRefId":1}]}"#,
        );
        assert!(matches!(parse(location.as_bytes()), Err(ParseError::Dangling { id: 5, list: "locations[]", .. })));
    }

    #[test]
    fn plays_without_players_or_with_a_nameless_one_are_skipped() {
        let inline = export_with(
            r#"{"uuid":"u1","playDate":"2024-01-02 20:00:00","gameRefId":7,"playerScores":[]},
               {"uuid":"u2","playDate":"2024-01-02 20:00:00","gameRefId":7}"#,
        );
        let parsed = parse(inline.as_bytes()).unwrap();
        assert!(parsed.plays.is_empty());
        assert_eq!(parsed.skipped.len(), 2);
        assert!(parsed.skipped.iter().all(|s| s.reason == SkipReason::NoPlayers && s.title == "Rangeln"));

        let nameless = r#"{"players":[{"id":1,"name":"  "}],"games":[{"id":7,"name":"Rangeln"}],
            "plays":[{"uuid":"u3","playDate":"2024-01-02 20:00:00","gameRefId":7,"playerScores":[{"playerRefId":1}]}]}"#;
        assert_eq!(parse(nameless.as_bytes()).unwrap().skipped[0].reason, SkipReason::UnnamedPlayer);
    }

    #[test]
    fn a_play_in_the_wrong_shape_or_not_json_at_all_is_an_error() {
        let no_uuid = export_with(r#"{"playDate":"2024-01-02 20:00:00","gameRefId":7}"#);
        let err = parse(no_uuid.as_bytes()).unwrap_err();
        assert!(
            matches!(&err, ParseError::Json { at, message } if at == "plays[0]" && message.contains("uuid")),
            "{err:?}"
        );
        let err = parse(b"<html>not an export</html>").unwrap_err();
        assert!(matches!(&err, ParseError::Json { at, .. } if at == "BG Stats export"), "{err:?}");
    }

    #[test]
    fn a_byte_order_mark_is_tolerated() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(FIXTURE.as_bytes());
        assert_eq!(parse(&bytes).unwrap(), fixture());
    }
}

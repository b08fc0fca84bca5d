//! Players end to end on the real App: unique names under Unicode case folding and
//! normal forms, lookalikes and invisible characters refused, old keys rekeyed at start.

use crate::common;
use actix_web::http::StatusCode;
use serde_json::json;
use spielstand_wire::Player;
use spielstand_wire::calls;

api_test!(players_are_unique_case_insensitively_and_unicode_round_trips_byte_exact, |api| {
    let names = ["Jürgen Groß", "Ωμέγα", "李小龙", "Zoë 🎲", "<script>alert(1)</script>"];
    api.add_players(&names).await;
    let listed = api.call(calls::list_players()).await;
    let listed: Vec<String> = listed.body::<Vec<Player>>().into_iter().map(|p| p.name).collect();
    for name in names {
        assert!(listed.iter().any(|l| l.as_bytes() == name.as_bytes()), "{name} not in {listed:?}");
    }
    // Full case folding: ß and SS are one name.
    api.call(calls::create_player("JÜRGEN GROSS")).await.problem(409, "conflict");
    api.call(calls::create_player("jürgen groß")).await.problem(409, "conflict");

    let r = api.call(calls::create_player("Anna")).await;
    let id = r.body::<Player>().id;
    assert_eq!(r.header("location"), Some(format!("/api/v1/players/{id}").as_str()));
    assert_eq!(api.answer(calls::get_player(id)).await.name, "Anna");
    let renamed = api.call(calls::rename_player(id, "Anna-Lena")).await;
    assert_eq!(renamed.body::<Player>().name, "Anna-Lena");
    api.call(calls::rename_player(id, "ωμέγα")).await.problem(409, "conflict");
    api.call(calls::rename_player(9999, "X")).await.problem(404, "not-found");
    api.call(calls::get_player(9999)).await.problem(404, "not-found");
    let detail = api.call(calls::create_player("A,B")).await.problem(422, "invalid-name");
    assert!(detail.contains("','"), "{detail}");
    api.call(calls::create_player("")).await.problem(422, "empty-name");
    api.get("/api/v1/players/abc").await.problem(400, "invalid-path");
    // A bad field deep inside a result's detail is named by its path: no `GameRecord`, sent
    // as it is.
    let league = api.add_league(json!({"name": "L", "rules": {"games": ["rangeln"]}})).await;
    let mut body = common::rangeln("2026-01-01", &["Anna", "Ωμέγα", "李小龙"], &[&[0, 0, 0][..]; 3]);
    body["detail"]["rounds"][2]["scores"]["李小龙"] = json!("viel");
    let d = api.post(&format!("/api/v1/leagues/{league}/results"), &body).await.problem(422, "invalid-body");
    assert!(d.starts_with("detail.rounds[2].scores.李小龙: invalid type: string \"viel\""), "{d}");
});

api_test!(lookalike_and_invisible_names_are_refused, |api| {
    api.add_players(&["Anna", "Jörg", "Paul"]).await;
    // Another script, the same look: 409 naming the player it looks like.
    for lookalike in ["\u{410}nna", "PauI"] {
        let detail = api.call(calls::create_player(lookalike)).await.problem(409, "conflict");
        assert!(detail.contains("looks the same as the existing player"), "{lookalike:?}: {detail}");
    }
    // Invisible characters: refused outright.
    for hidden in ["An\u{200d}na", "Anna\u{200b}", "\u{feff}Anna", "\u{202e}annA", "Anna\u{E0041}"] {
        api.call(calls::create_player(hidden)).await.problem(422, "invalid-name");
    }
    // "Jörg" decomposed is "Jörg": the same name, taken.
    api.call(calls::create_player("Jo\u{308}rg")).await.problem(409, "conflict");
    api.call(calls::create_player("GROSS")).await;
    api.call(calls::create_player("Groß")).await.problem(409, "conflict");
    // Renaming into a lookalike is refused too; renaming to one's own name in capitals is not.
    let players: Vec<Player> = api.call(calls::list_players()).await.body();
    let ben = players.iter().find(|p| p.name == "Paul").unwrap().id;
    let r = api.call(calls::rename_player(ben, "\u{410}nna")).await;
    r.problem(409, "conflict");
    let r = api.call(calls::rename_player(ben, "PAUL")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(api.call(calls::list_players()).await.body::<Vec<Player>>().len(), 4);
});

api_test!(names_stored_under_the_old_comparison_are_rekeyed_at_start, |api| {
    use diesel::RunQueryDsl;
    api.add_players(&["Groß"]).await;
    let pool = spielstand_api::db::open(&api.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    // As a server before NFKC and case folding stored it: lower case only.
    diesel::sql_query("UPDATE players SET name_key = 'groß'").execute(&mut **conn).unwrap();
    drop(conn);
    let _restarted = spielstand_api::AppState::new(pool.clone(), &api.url);
    let mut conn = pool.get().unwrap();
    #[derive(diesel::QueryableByName)]
    struct Key {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name_key: String,
    }
    let keys: Vec<Key> = diesel::sql_query("SELECT name_key FROM players").load(&mut **conn).unwrap();
    assert_eq!(keys.iter().map(|k| k.name_key.as_str()).collect::<Vec<_>>(), ["gross"]);
    api.call(calls::create_player("GROSS")).await.problem(409, "conflict");
});

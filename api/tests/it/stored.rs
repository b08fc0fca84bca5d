//! Values read from the database that this server does not know (a newer spielstand wrote
//! them, or someone edited the database by hand) are refused, loudly: 503 naming the value
//! and whose it is, in the caller's language, never read as the likeliest or the most
//! permissive value. One case per kind of value kept as text: a result's status and game,
//! a token's scope, a review's verdict, a pass's end, an audit entry's and a history
//! entry's action.

use crate::common::phones::{join, night};
use crate::common::{Response, input, mensch, sql};
use serde_json::json;
use spielstand_wire::calls;
use spielstand_wire::{NightPass, StoredResult};

/// A refusal of a stored value: 503, a problem naming `value`, and in German when asked.
fn refused(r: &Response, value: &str) {
    assert_eq!(r.status.as_u16(), 503, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("content-type"), Some("application/problem+json"));
    let detail = r.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains(&format!("\"{value}\"")), "names the value: {detail}");
}

api_test!(unknown_stored_values_are_refused_never_read_as_another, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let recorded: StoredResult = api.record(league, &mensch("2026-10-01", "Anna,Ben")).await.body();
    let id = recorded.id;

    // A result's status: never `confirmed` (it would count a result nobody confirmed).
    sql(&api.url, &format!("UPDATE results SET status = 'paused' WHERE id = {id}"));
    refused(&api.call(calls::get_result(id)).await, "paused");
    let german = api.send(api.request(calls::get_result(id)).insert_header(("accept-language", "de"))).await;
    refused(&german, "paused");
    let detail = german.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains("den Status \"paused\" des Ergebnisses"), "{detail}");
    sql(&api.url, &format!("UPDATE results SET status = 'confirmed' WHERE id = {id}"));

    // Its history's action.
    sql(&api.url, &format!("UPDATE result_history SET action = 'merged' WHERE result_id = {id}"));
    refused(&api.call(calls::result_history(id)).await, "merged");

    // Its game, as the ratings read it from the database.
    sql(&api.url, &format!("UPDATE results SET game = 'schach' WHERE id = {id}"));
    refused(&api.call(calls::player_ratings(1, &Default::default())).await, "schach");
    sql(&api.url, &format!("UPDATE results SET game = 'mensch-aergere-dich-nicht' WHERE id = {id}"));

    // A token's scope: neither the least nor the most it could mean.
    sql(&api.url, "UPDATE tokens SET scope = 'owner' WHERE name = 'test-club'");
    refused(&api.call(calls::create_player("Erik")).await, "owner");
    sql(&api.url, "UPDATE tokens SET scope = 'admin' WHERE name = 'test-club'");

    // An audit entry's action.
    sql(&api.url, "UPDATE audit_log SET action = 'teleported'");
    refused(&api.call(calls::list_audit(&Default::default())).await, "teleported");

    // A review's verdict, and a pass's end.
    let (_, round, code) = night(&api, league).await;
    let table: Vec<String> = round.tables[0].seats.iter().map(|s| s.player.clone()).collect();
    let enterer: NightPass = join(&api, &code.code, &table[0]).await.body();
    let record = input(mensch(&crate::common::phones::today(), &format!("{},{}", table[1], table[0])));
    let entered = api.call_as(&enterer.pass, calls::record_result(league, &record, None)).await;
    assert_eq!(entered.status.as_u16(), 201, "{}", String::from_utf8_lossy(&entered.body));
    let pending: StoredResult = entered.body();
    sql(
        &api.url,
        &format!(
            "INSERT INTO result_reviews (result_id, revision, verdict, reviewer, at) \
             VALUES ({}, {}, 'maybe', 'someone', CURRENT_TIMESTAMP)",
            pending.id, pending.revision
        ),
    );
    refused(&api.call(calls::get_result(pending.id)).await, "maybe");
    sql(&api.url, "UPDATE night_passes SET revoked_at = CURRENT_TIMESTAMP, ended_how = 'lost'");
    let r = api.call_as(&enterer.pass, calls::check_token()).await;
    refused(&r, "lost");
});

/// A refusal of stored JSON: 503, a problem naming whose it is.
fn refused_json(r: &Response, whose: &str) {
    assert_eq!(r.status.as_u16(), 503, "{}", String::from_utf8_lossy(&r.body));
    let detail = r.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains(whose), "names whose it is: {detail}");
}

api_test!(stored_json_with_an_unknown_field_or_value_is_refused, |api| {
    api.add_players(&["Anna", "Ben"]).await;
    let league = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let recorded: StoredResult = api.record(league, &mensch("2026-10-01", "Anna,Ben")).await.body();
    let id = recorded.id;
    // A league's rules with a field a newer version added: not read as if it were not there.
    sql(
        &api.url,
        &format!(
            "UPDATE leagues SET rules = '{{\"games\": [\"mensch-aergere-dich-nicht\"], \"jackpot\": true}}' WHERE id = {league}"
        ),
    );
    refused_json(&api.call(calls::get_league(league)).await, &format!("league {league}"));
    // A result's record that does not read.
    sql(&api.url, &format!("UPDATE results SET record = '{{\"game\": \"schach\"}}' WHERE id = {id}"));
    refused_json(&api.call(calls::get_result(id)).await, &format!("result {id}"));
});

api_test!(stored_rounds_audit_details_history_and_replayed_answers_that_do_not_read_are_refused, |api| {
    api.add_players(&["Anna", "Ben", "Cleo", "Dora"]).await;
    let league = api.add_league(json!({"name": "Liga", "rules": {"games": ["mensch-aergere-dich-nicht"]}})).await;
    let record = input(mensch("2026-10-01", "Anna,Ben"));
    let post = |key: &str| calls::record_result(league, &record, Some(key));
    let first = api.call(post("erste-antwort")).await;
    assert_eq!(first.status.as_u16(), 201, "{}", String::from_utf8_lossy(&first.body));
    let id = first.body::<StoredResult>().id;

    // The first answer kept for a key, which a replay sends again with its headers: a
    // replay that cannot say which result it answers for is refused, single or in a batch.
    sql(&api.url, "UPDATE idempotency_keys SET response = '{\"id\": \"eins\"}'");
    refused_json(&api.call(post("erste-antwort")).await, "erste-antwort");
    let batch =
        input(json!({"items": [{"idempotency_key": "erste-antwort", "record": mensch("2026-10-01", "Anna,Ben")}]}));
    refused_json(&api.call(calls::record_results_batch(league, &batch)).await, "erste-antwort");

    // A record in a result's history.
    sql(
        &api.url,
        &format!("UPDATE result_history SET record_after = '{{\"game\": \"schach\"}}' WHERE result_id = {id}"),
    );
    refused_json(&api.call(calls::result_history(id)).await, &format!("result {id}"));

    // An audit entry's detail.
    sql(&api.url, "UPDATE audit_log SET detail = '{nicht json'");
    refused_json(&api.call(calls::list_audit(&Default::default())).await, "audit entry");

    // A night's drawn round: its tables with a field a newer version added.
    let (event, _, _) = night(&api, league).await;
    sql(
        &api.url,
        &format!("UPDATE event_rounds SET tables = '[{{\"seats\": [], \"prize\": 1}}]' WHERE event_id = {event}"),
    );
    refused_json(&api.call(calls::list_rounds(event)).await, &format!("round 1 of night {event}"));
});

api_test!(a_postal_game_s_stored_state_or_round_that_does_not_read_is_refused, |api| {
    api.add_players(&["Anna", "Ben", "Cleo"]).await;
    let league = api.add_league(json!({"name": "Postliga", "rules": {"games": ["hase-und-igel"]}})).await;
    let deadline = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let postal = input(json!({"title": "Herbstpost", "players": ["Anna", "Ben", "Cleo"], "round_limit": 10,
                              "first_deadline": deadline, "round_days": 7}));
    let created = api.call(calls::create_postal_game(league, &postal)).await;
    assert_eq!(created.status.as_u16(), 201, "{}", String::from_utf8_lossy(&created.body));
    let game = created.json()["game"]["id"].as_i64().unwrap();
    let resolved = api.call(calls::resolve_postal_round(game, 1, &Default::default())).await;
    assert_eq!(resolved.status.as_u16(), 200, "{}", String::from_utf8_lossy(&resolved.body));
    let round = || calls::get_postal_round(game, 1, &Default::default());
    assert_eq!(api.call(round()).await.status.as_u16(), 200);

    // A round's report lines with a field a newer version added, then an order kept in a
    // form this server does not read: the round is refused, not shown in part.
    sql(
        &api.url,
        &format!("UPDATE postal_rounds SET lines = '[{{\"hare\": 0, \"colour\": \"rot\"}}]' WHERE game_id = {game}"),
    );
    refused_json(&api.call(round()).await, &format!("round 1 of postal game {game}"));
    let german = api.send(api.request(round()).insert_header(("accept-language", "de"))).await;
    refused_json(&german, &format!("die Runde 1 des Postspiels {game}"));
    sql(
        &api.url,
        &format!(
            "UPDATE postal_rounds SET lines = '[]', orders = '[{{\"hare\": \"Anna\", \"order\": \"fly 3\"}}]' WHERE game_id = {game}"
        ),
    );
    refused_json(&api.call(round()).await, &format!("round 1 of postal game {game}"));

    // The game's state.
    sql(
        &api.url,
        &format!("UPDATE postal_games SET state = '{{\"round\": 2, \"weather\": \"rain\"}}' WHERE id = {game}"),
    );
    refused_json(&api.call(calls::get_postal_game(game)).await, &format!("postal game {game}"));
});

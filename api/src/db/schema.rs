// Only column types that SQLite and PostgreSQL share (diesel MultiConnection).

diesel::table! {
    players (id) {
        id -> BigInt,
        name -> Text,
        name_key -> Text,
        created_at -> Timestamp,
        merged_into -> Nullable<BigInt>,
    }
}

diesel::table! {
    player_merges (id) {
        id -> BigInt,
        from_id -> BigInt,
        into_id -> BigInt,
        merged_at -> Timestamp,
        undone_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    player_merge_seats (merge_id, result_id, seat) {
        merge_id -> BigInt,
        result_id -> BigInt,
        seat -> Integer,
    }
}

diesel::table! {
    leagues (id) {
        id -> BigInt,
        name -> Text,
        name_key -> Text,
        rules -> Text,
        revision -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    results (id) {
        id -> BigInt,
        league_id -> BigInt,
        game -> Text,
        played_on -> Date,
        record -> Text,
        revision -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        event_id -> Nullable<BigInt>,
        source -> Nullable<Text>,
        source_id -> Nullable<Text>,
        status -> Text,
        confirmations_needed -> Integer,
        entered_by_pass -> Nullable<BigInt>,
    }
}

diesel::table! {
    events (id) {
        id -> BigInt,
        league_id -> BigInt,
        title -> Text,
        held_on -> Date,
        location -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        closed_at -> Nullable<Timestamp>,
        created_by -> Nullable<Text>,
    }
}

diesel::table! {
    league_snapshots (league_id, format) {
        league_id -> BigInt,
        format -> Text,
        revision -> BigInt,
        state -> Binary,
        made_at -> Timestamp,
    }
}

diesel::table! {
    league_changes (league_id, revision) {
        league_id -> BigInt,
        revision -> BigInt,
        result_id -> Nullable<BigInt>,
        player_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    result_players (result_id, seat) {
        result_id -> BigInt,
        seat -> Integer,
        player_id -> BigInt,
        place -> Integer,
        team -> Nullable<Integer>,
    }
}

diesel::table! {
    result_history (id) {
        id -> BigInt,
        result_id -> BigInt,
        revision -> BigInt,
        action -> Text,
        token_name -> Text,
        at -> Timestamp,
        record_before -> Nullable<Text>,
        record_after -> Nullable<Text>,
    }
}

diesel::table! {
    tokens (id) {
        id -> BigInt,
        name -> Text,
        hash -> Text,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        scope -> Text,
        league_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    idempotency_keys (idem_key) {
        idem_key -> Text,
        fingerprint -> Text,
        started_at -> Timestamp,
        status -> Nullable<Integer>,
        response -> Nullable<Text>,
    }
}

diesel::table! {
    instance (id) {
        id -> BigInt,
        uuid -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    webhooks (id) {
        id -> BigInt,
        league_id -> BigInt,
        url -> Text,
        secret -> Text,
        token_name -> Text,
        created_at -> Timestamp,
        paused_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        webhook_id -> BigInt,
        event_id -> Text,
        action -> Text,
        result_id -> BigInt,
        payload -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        lease -> Nullable<Text>,
        last_attempt_at -> Nullable<Timestamp>,
        last_status -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        delivered_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(results -> leagues (league_id));
diesel::joinable!(events -> leagues (league_id));
diesel::joinable!(league_changes -> leagues (league_id));
diesel::joinable!(league_snapshots -> leagues (league_id));
diesel::joinable!(result_players -> results (result_id));
diesel::joinable!(result_players -> players (player_id));
diesel::joinable!(result_history -> results (result_id));
diesel::table! {
    audit_log (id) {
        id -> BigInt,
        at -> Timestamp,
        token_name -> Nullable<Text>,
        action -> Text,
        league_id -> Nullable<BigInt>,
        subject_id -> Nullable<BigInt>,
        detail -> Text,
    }
}

diesel::table! {
    event_attendees (event_id, player_id) {
        event_id -> BigInt,
        player_id -> BigInt,
        checked_in_at -> Timestamp,
    }
}

diesel::table! {
    event_rounds (event_id, number) {
        event_id -> BigInt,
        number -> Integer,
        game -> Text,
        request -> Text,
        tables -> Text,
        drawn_at -> Timestamp,
    }
}

diesel::table! {
    join_codes (id) {
        id -> BigInt,
        event_id -> BigInt,
        code -> Text,
        check_in -> Integer,
        created_by -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    join_requests (id) {
        id -> BigInt,
        event_id -> BigInt,
        name -> Text,
        created_at -> Timestamp,
        settled_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    night_passes (id) {
        id -> BigInt,
        event_id -> BigInt,
        player_id -> BigInt,
        join_code_id -> BigInt,
        hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        waiting -> Integer,
        ended_how -> Nullable<Text>,
        readmitted_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    result_reviews (id) {
        id -> BigInt,
        result_id -> BigInt,
        revision -> BigInt,
        verdict -> Text,
        reviewer -> Text,
        player_id -> Nullable<BigInt>,
        reason -> Nullable<Text>,
        at -> Timestamp,
        pass_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    sign_in_codes (id) {
        id -> BigInt,
        hash -> Text,
        token_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    app_sessions (id) {
        id -> BigInt,
        hash -> Text,
        token_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        ended_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(night_passes -> events (event_id));
diesel::joinable!(night_passes -> players (player_id));
diesel::joinable!(join_codes -> events (event_id));
diesel::joinable!(join_requests -> events (event_id));
diesel::joinable!(app_sessions -> tokens (token_id));
diesel::joinable!(sign_in_codes -> tokens (token_id));
diesel::joinable!(event_attendees -> players (player_id));
diesel::joinable!(event_attendees -> events (event_id));
diesel::joinable!(event_rounds -> events (event_id));
diesel::joinable!(webhooks -> leagues (league_id));
diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));

diesel::table! {
    postal_games (id) {
        id -> BigInt,
        league_id -> BigInt,
        title -> Text,
        state -> Text,
        round_days -> Integer,
        deadline -> Nullable<Timestamp>,
        result_id -> Nullable<BigInt>,
        created_by -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        master_address -> Nullable<Text>,
    }
}

diesel::table! {
    postal_hares (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        player_id -> BigInt,
        code_hash -> Text,
        address -> Nullable<Text>,
    }
}

diesel::table! {
    postal_mails (id) {
        id -> BigInt,
        game_id -> BigInt,
        round -> Integer,
        hare -> Nullable<Text>,
        recipient -> Text,
        attempts -> Integer,
        next_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        error -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    postal_orders (game_id, round, seat) {
        game_id -> BigInt,
        round -> Integer,
        seat -> Integer,
        order_text -> Text,
        sent_by -> Text,
        sent_at -> Timestamp,
    }
}

diesel::table! {
    postal_rounds (game_id, round) {
        game_id -> BigInt,
        round -> Integer,
        orders -> Text,
        lines -> Text,
        state -> Text,
        resolved_by -> Text,
        resolved_at -> Timestamp,
    }
}

diesel::joinable!(postal_games -> leagues (league_id));
diesel::joinable!(postal_hares -> postal_games (game_id));
diesel::joinable!(postal_mails -> postal_games (game_id));
diesel::joinable!(postal_hares -> players (player_id));

diesel::allow_tables_to_appear_in_same_query!(
    players,
    player_merges,
    player_merge_seats,
    leagues,
    league_changes,
    league_snapshots,
    results,
    events,
    result_players,
    result_history,
    tokens,
    idempotency_keys,
    instance,
    webhooks,
    webhook_deliveries,
    audit_log,
    event_attendees,
    event_rounds,
    join_codes,
    join_requests,
    night_passes,
    result_reviews,
    sign_in_codes,
    app_sessions,
    postal_games,
    postal_hares,
    postal_orders,
    postal_rounds,
    postal_mails
);

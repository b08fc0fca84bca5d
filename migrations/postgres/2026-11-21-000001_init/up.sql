-- Timestamps are UTC. Ids are 64-bit on both backends.
CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    -- Lower-cased name: names are unique case-insensitively.
    name_key TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE leagues (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    -- spielstand_core::LeagueRules as JSON.
    rules TEXT NOT NULL,
    -- Bumped by every write that can change the league's standings; keys the standings cache.
    revision BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE results (
    id BIGSERIAL PRIMARY KEY,
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    game TEXT NOT NULL,
    played_on DATE NOT NULL,
    -- spielstand_core::GameRecord as entered, with its full game-specific detail.
    record TEXT NOT NULL,
    revision BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX results_league_played_on ON results (league_id, played_on);
-- Covers the standings scan (a league's live results, in id order) without reading the
-- wide rows that carry each record's JSON.
CREATE INDEX results_league_live ON results (league_id, deleted_at, id, game, played_on);

CREATE TABLE result_players (
    result_id BIGINT NOT NULL REFERENCES results (id),
    seat INTEGER NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    place INTEGER NOT NULL,
    PRIMARY KEY (result_id, seat)
);
CREATE INDEX result_players_player ON result_players (player_id);
-- Covers the join from a result to its seats, players and places.
CREATE INDEX result_players_cover ON result_players (result_id, seat, player_id, place);

CREATE TABLE result_history (
    id BIGSERIAL PRIMARY KEY,
    result_id BIGINT NOT NULL REFERENCES results (id),
    revision BIGINT NOT NULL,
    action TEXT NOT NULL,
    token_name TEXT NOT NULL,
    at TIMESTAMP NOT NULL,
    record_before TEXT,
    record_after TEXT
);
CREATE INDEX result_history_result ON result_history (result_id);

CREATE TABLE tokens (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    -- SHA-256 of the token, hex; the token itself is never stored.
    hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);

CREATE TABLE idempotency_keys (
    idem_key TEXT PRIMARY KEY NOT NULL,
    fingerprint TEXT NOT NULL,
    started_at TIMESTAMP NOT NULL,
    -- NULL while the first request is still being processed.
    status INTEGER,
    response TEXT
);

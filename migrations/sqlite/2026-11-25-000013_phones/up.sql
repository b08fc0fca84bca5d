-- Phones at the table (README "A club night with phones").

-- Join codes: an organiser's code for one night, shown on the projector; a member who
-- opens it picks their name and gets a night pass. Kept as typed (it is shown anyway).
CREATE TABLE join_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES events (id),
    code TEXT NOT NULL,
    -- 1: a member not checked in yet checks in by joining.
    check_in INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE UNIQUE INDEX join_codes_code ON join_codes (code);
CREATE INDEX join_codes_event ON join_codes (event_id);

-- Night passes: one member's credential for one night; only its hash is kept.
CREATE TABLE night_passes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES events (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    join_code_id BIGINT NOT NULL REFERENCES join_codes (id),
    hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE UNIQUE INDEX night_passes_hash ON night_passes (hash);
CREATE INDEX night_passes_event_player ON night_passes (event_id, player_id);

-- A result's status: `confirmed` counts (every result before this migration, every one a
-- token records); `pending` waits for its tablemates or the organiser; `rejected` waits
-- for the organiser. Neither of the last two counts anywhere.
ALTER TABLE results ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed';
-- How many tablemates must confirm it (the league's `confirmations` when it was entered,
-- at most the table's other players).
ALTER TABLE results ADD COLUMN confirmations_needed INTEGER NOT NULL DEFAULT 0;
-- The pass it was entered with, if any.
ALTER TABLE results ADD COLUMN entered_by_pass BIGINT REFERENCES night_passes (id);
DROP INDEX results_league_live;
CREATE INDEX results_league_counted ON results (league_id, deleted_at, status, id, game, played_on);

-- Confirmations and rejections, one per reviewer and revision of a result: a correction
-- starts a new revision, which earlier confirmations do not cover.
CREATE TABLE result_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    result_id BIGINT NOT NULL REFERENCES results (id),
    revision BIGINT NOT NULL,
    verdict TEXT NOT NULL,
    reviewer TEXT NOT NULL,
    player_id BIGINT REFERENCES players (id),
    reason TEXT,
    at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX result_reviews_once ON result_reviews (result_id, revision, reviewer);

-- The organiser on a phone: a one-time sign-in code (`token create --qr`) and the
-- session it opens; only hashes are kept. A revoked token ends its sessions.
CREATE TABLE sign_in_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    hash TEXT NOT NULL,
    token_id BIGINT NOT NULL REFERENCES tokens (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE UNIQUE INDEX sign_in_codes_hash ON sign_in_codes (hash);
CREATE TABLE app_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    hash TEXT NOT NULL,
    token_id BIGINT NOT NULL REFERENCES tokens (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
CREATE UNIQUE INDEX app_sessions_hash ON app_sessions (hash);

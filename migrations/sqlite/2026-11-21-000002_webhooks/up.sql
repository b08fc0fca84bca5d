-- This database's identity: Atom ids are derived from it, so that they stay the same
-- across restarts and processes and differ from every other server's. One row.
CREATE TABLE instance (
    id INTEGER PRIMARY KEY NOT NULL,
    -- 32 random hex digits.
    uuid TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO instance (id, uuid, created_at) VALUES (1, lower(hex(randomblob(16))), CURRENT_TIMESTAMP);

-- URLs told about every change of a league's results.
CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    url TEXT NOT NULL,
    -- The HMAC-SHA256 key, hex. Kept as it is, unlike tokens: every delivery is signed with it.
    secret TEXT NOT NULL,
    -- Name of the write token that registered it.
    token_name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX webhooks_league ON webhooks (league_id);

-- The delivery queue, written in the transaction of the change it reports: a delivery
-- exists exactly when the change was committed, and survives any restart.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    webhook_id BIGINT NOT NULL REFERENCES webhooks (id),
    -- Also in the payload and the X-Spielstand-Event-Id header: receivers dedupe on it.
    event_id TEXT NOT NULL,
    action TEXT NOT NULL,
    result_id BIGINT NOT NULL REFERENCES results (id),
    -- The exact bytes that are sent and signed.
    payload TEXT NOT NULL,
    -- pending, delivered or failed (no attempts left).
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    -- Set while a worker holds the row: it is the lease's holder until then.
    locked_until TIMESTAMP,
    lease TEXT,
    last_attempt_at TIMESTAMP,
    -- The HTTP status of the last attempt, if one came back.
    last_status INTEGER,
    last_error TEXT,
    created_at TIMESTAMP NOT NULL,
    delivered_at TIMESTAMP
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id);

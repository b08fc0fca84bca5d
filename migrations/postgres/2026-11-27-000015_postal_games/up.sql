-- Hase und Igel by post (docs/organisers.md "A postal game"): the game master's games,
-- their hares with each one's code, the orders sent for a round, and every resolved round.

-- A game: its state between rounds (the adjudicator's JSON: board, event table, hares,
-- the next round), the deadline of that round (none once the game is over), and the
-- league result it became.
CREATE TABLE postal_games (
    id BIGSERIAL PRIMARY KEY,
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    title TEXT NOT NULL,
    state TEXT NOT NULL,
    round_days INTEGER NOT NULL,
    deadline TIMESTAMP,
    result_id BIGINT REFERENCES results (id),
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX postal_games_league ON postal_games (league_id);
-- What the deadline sweep looks for: games whose round is due.
CREATE INDEX postal_games_deadline ON postal_games (deadline);

-- The hares, in the state's order (seat 1 first); a hare's own code sends its orders
-- (only its hash is kept, as of tokens).
CREATE TABLE postal_hares (
    game_id BIGINT NOT NULL REFERENCES postal_games (id),
    seat INTEGER NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    code_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX postal_hares_player ON postal_hares (game_id, player_id);
CREATE UNIQUE INDEX postal_hares_code ON postal_hares (code_hash);

-- A hare's order for one round, as last sent (a new one replaces it until the round is
-- resolved). Nobody but the game master's resolution reads another hare's.
CREATE TABLE postal_orders (
    game_id BIGINT NOT NULL REFERENCES postal_games (id),
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    order_text TEXT NOT NULL,
    sent_by TEXT NOT NULL,
    sent_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, round, seat)
);

-- A resolved round, once: the orders it was resolved with, the report's lines in both
-- languages, and the state after it.
CREATE TABLE postal_rounds (
    game_id BIGINT NOT NULL REFERENCES postal_games (id),
    round INTEGER NOT NULL,
    orders TEXT NOT NULL,
    lines TEXT NOT NULL,
    state TEXT NOT NULL,
    resolved_by TEXT NOT NULL,
    resolved_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, round)
);

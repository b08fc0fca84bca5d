-- Who checked in to a club night: the players its draws seat.
CREATE TABLE event_attendees (
    event_id BIGINT NOT NULL REFERENCES events (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    checked_in_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, player_id)
);

-- The rounds drawn for a night: the request as resolved (seed included, so the draw can
-- be explained and repeated) and the tables, players by id in seat order with their
-- predictions at the draw, both as JSON.
CREATE TABLE event_rounds (
    event_id BIGINT NOT NULL REFERENCES events (id),
    number INTEGER NOT NULL,
    game TEXT NOT NULL,
    request TEXT NOT NULL,
    tables TEXT NOT NULL,
    drawn_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, number)
);

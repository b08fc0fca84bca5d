-- Club nights: the games of one evening of a league, on one date.
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    title TEXT NOT NULL,
    -- Every result of the night is on this date.
    held_on DATE NOT NULL,
    location TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX events_league ON events (league_id, held_on, id);

-- The night a result was played at, if any (also kept in the record's JSON, as entered).
ALTER TABLE results ADD COLUMN event_id BIGINT REFERENCES events (id);
CREATE INDEX results_event ON results (event_id);

-- A league's state as of one revision, so that a process which does not hold the league
-- reads it back and catches up the changes logged after it, instead of replaying every
-- result. One per league and format: a build reads only its own format (and rebuilds it
-- from the results when there is none), so two versions of the server side by side each
-- keep theirs.
CREATE TABLE league_snapshots (
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    format TEXT NOT NULL,
    revision BIGINT NOT NULL,
    state BYTEA NOT NULL,
    made_at TIMESTAMP NOT NULL,
    PRIMARY KEY (league_id, format)
);

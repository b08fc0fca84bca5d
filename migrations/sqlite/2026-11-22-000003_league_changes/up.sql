-- Every change to what a league's tables show, one row per league revision, written in
-- the same transaction as the change. A process that holds a league's tables at
-- revision r reads only the rows after r and applies them, instead of reloading the
-- league. A row names the result recorded, corrected or deleted, or the player renamed,
-- or neither (the league's own name or rules changed).
CREATE TABLE league_changes (
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    revision BIGINT NOT NULL,
    result_id BIGINT REFERENCES results (id),
    player_id BIGINT REFERENCES players (id),
    PRIMARY KEY (league_id, revision)
);

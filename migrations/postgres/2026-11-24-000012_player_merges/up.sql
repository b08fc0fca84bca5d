-- One person, one player: a merged player points at the one kept; its name still resolves
-- to the kept player. NULL for everyone not merged.
ALTER TABLE players ADD COLUMN merged_into BIGINT REFERENCES players (id);

-- Every merge, and when it was undone (NULL: in force).
CREATE TABLE player_merges (
    id BIGSERIAL PRIMARY KEY,
    from_id BIGINT NOT NULL REFERENCES players (id),
    into_id BIGINT NOT NULL REFERENCES players (id),
    merged_at TIMESTAMP NOT NULL,
    undone_at TIMESTAMP
);

-- The seats a merge moved from the merged player to the kept one: exactly these go back
-- when it is undone, and results recorded in between stay with the kept player.
CREATE TABLE player_merge_seats (
    merge_id BIGINT NOT NULL REFERENCES player_merges (id),
    result_id BIGINT NOT NULL REFERENCES results (id),
    seat INTEGER NOT NULL,
    PRIMARY KEY (merge_id, result_id, seat)
);

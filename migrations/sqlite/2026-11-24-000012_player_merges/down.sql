DROP TABLE player_merge_seats;
DROP TABLE player_merges;
ALTER TABLE players DROP COLUMN merged_into;

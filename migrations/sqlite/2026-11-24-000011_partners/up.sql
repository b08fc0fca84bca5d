-- A partner game's team of each seat (from 1, in the order of the result's `teams`);
-- NULL when the player played alone. The tables and ratings read it with the places.
ALTER TABLE result_players ADD COLUMN team INTEGER;

ALTER TABLE result_players DROP COLUMN team;

DROP TABLE league_changes;

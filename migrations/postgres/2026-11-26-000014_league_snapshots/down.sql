DROP TABLE league_snapshots;

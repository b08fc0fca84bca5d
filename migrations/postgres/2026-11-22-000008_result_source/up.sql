-- Where an imported result came from: the app (`bgstats`, `bgg`, `spielstand`) and the
-- play's id there. A league holds one result per source id, deleted ones included, so
-- importing a file again adds nothing. NULL for results recorded here.
ALTER TABLE results ADD COLUMN source TEXT;
ALTER TABLE results ADD COLUMN source_id TEXT;
CREATE UNIQUE INDEX results_source ON results (league_id, source, source_id);

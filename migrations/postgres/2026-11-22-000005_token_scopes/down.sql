ALTER TABLE tokens DROP COLUMN league_id;
ALTER TABLE tokens DROP COLUMN scope;

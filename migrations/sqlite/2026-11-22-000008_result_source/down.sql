DROP INDEX results_source;
ALTER TABLE results DROP COLUMN source_id;
ALTER TABLE results DROP COLUMN source;

ALTER TABLE events DROP COLUMN created_by;
DROP TABLE join_requests;
ALTER TABLE night_passes DROP COLUMN readmitted_at;
ALTER TABLE night_passes DROP COLUMN ended_how;
ALTER TABLE night_passes DROP COLUMN waiting;

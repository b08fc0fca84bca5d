DROP INDEX results_event;
ALTER TABLE results DROP COLUMN event_id;
DROP TABLE events;

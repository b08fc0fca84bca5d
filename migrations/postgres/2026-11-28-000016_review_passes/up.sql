-- Which pass confirmed or rejected a result: a confirmation is a player's (one per player
-- and revision, whatever pass carries it), and the organiser sees which pass gave it.
ALTER TABLE result_reviews ADD COLUMN pass_id BIGINT REFERENCES night_passes (id);

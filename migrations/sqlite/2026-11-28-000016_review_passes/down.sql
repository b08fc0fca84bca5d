ALTER TABLE result_reviews DROP COLUMN pass_id;

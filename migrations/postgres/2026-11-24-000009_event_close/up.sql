-- A club night an admin has closed: results naming it are refused from then on. NULL
-- while the night is open.
ALTER TABLE events ADD COLUMN closed_at TIMESTAMP;

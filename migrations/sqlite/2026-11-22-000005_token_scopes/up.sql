-- What a write token may do: `admin` everything; `record` add players, record results and
-- start club nights, and correct or delete only the results it recorded itself. Tokens
-- from before scopes could do everything: they become admin.
ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'admin';
-- A token limited to one league (players stay shared); NULL: every league.
ALTER TABLE tokens ADD COLUMN league_id BIGINT REFERENCES leagues (id);

-- One member, one phone, recoverable (docs/organisers.md "A club night with phones").

-- A pass may wait for the organiser: a member who joins again on a new phone while their
-- pass lives on another one, or who is not checked in where the code does not check in,
-- asks for a pass (1 here) that acts once the organiser lets it.
ALTER TABLE night_passes ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0;
-- How a pass ended, with `revoked_at`: `revoked` (the organiser kept the member out: they
-- join again only once let back in), `moved` (to the member's new phone), `declined` (a
-- waiting pass the organiser said no to), `replaced` (a waiting pass asked for again).
ALTER TABLE night_passes ADD COLUMN ended_how TEXT;
-- When the organiser let a revoked member back in.
ALTER TABLE night_passes ADD COLUMN readmitted_at TIMESTAMP;
UPDATE night_passes SET ended_how = 'revoked' WHERE revoked_at IS NOT NULL;

-- Names typed on a night's join page that are nobody's: the organiser's page offers them,
-- to add and check in with one tap.
CREATE TABLE join_requests (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    settled_at TIMESTAMP
);
CREATE INDEX join_requests_event ON join_requests (event_id);

-- The token that started a night: a record token (the organiser's tablet) may close the
-- nights it started. Nights started before this migration: admin tokens only, as before.
ALTER TABLE events ADD COLUMN created_by TEXT;

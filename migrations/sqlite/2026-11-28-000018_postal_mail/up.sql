-- Round reports by mail (docs/organisers.md "A postal game"): each hare's address and the
-- game master's (none: no mail to them), and every mail a resolved round makes, written in
-- the round's transaction so that none is lost, sent by the server's mail task, retried,
-- its last failure kept for the game master to see.
ALTER TABLE postal_hares ADD COLUMN address TEXT;
ALTER TABLE postal_games ADD COLUMN master_address TEXT;
CREATE TABLE postal_mails (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES postal_games (id),
    round INTEGER NOT NULL,
    -- The hare's name in the game; none: the game master's copy.
    hare TEXT,
    recipient TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    -- When it is next tried; a task that takes it first moves this on (its claim).
    next_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    error TEXT,
    created_at TIMESTAMP NOT NULL
);
-- What the mail task looks for: mails not sent yet whose time has come.
CREATE INDEX postal_mails_due ON postal_mails (sent_at, next_at);
CREATE INDEX postal_mails_game ON postal_mails (game_id);

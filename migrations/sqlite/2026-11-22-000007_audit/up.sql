-- Every change made through the API or the server's command line, written in the
-- transaction that makes it: who (a token's name; NULL on the command line), what and
-- when. Results keep their full records in result_history besides.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    at TIMESTAMP NOT NULL,
    token_name TEXT,
    action TEXT NOT NULL,
    league_id BIGINT,
    subject_id BIGINT,
    -- JSON: what changed, by action.
    detail TEXT NOT NULL
);
CREATE INDEX audit_log_league ON audit_log (league_id, id);
CREATE INDEX audit_log_token ON audit_log (token_name, id);

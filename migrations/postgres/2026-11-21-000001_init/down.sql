DROP TABLE idempotency_keys;
DROP TABLE tokens;
DROP TABLE result_history;
DROP TABLE result_players;
DROP TABLE results;
DROP TABLE leagues;
DROP TABLE players;

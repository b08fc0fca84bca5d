DROP TABLE postal_mails;
ALTER TABLE postal_games DROP COLUMN master_address;
ALTER TABLE postal_hares DROP COLUMN address;

ALTER TABLE webhooks DROP COLUMN paused_at;

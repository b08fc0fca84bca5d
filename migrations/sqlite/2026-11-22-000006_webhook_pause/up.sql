-- When the token that registered a webhook was revoked: nothing is delivered to it until
-- an admin enables it again. NULL: it delivers.
ALTER TABLE webhooks ADD COLUMN paused_at TIMESTAMP;

-- Sign-in tokens expire after idle time too: the last request that used a token, kept to the
-- minute (the core writes it at most once a minute per token). Tokens issued before this
-- migration count as seen now, so nobody is signed out by the upgrade itself.
ALTER TABLE auth_tokens ADD COLUMN last_seen_at timestamptz;
UPDATE auth_tokens SET last_seen_at = now() WHERE last_seen_at IS NULL;
ALTER TABLE auth_tokens ALTER COLUMN last_seen_at SET NOT NULL;

-- Sign-in tokens, SMS codes and the counters behind the auth rate limits.

-- Only the SHA-256 of a token is stored: a copy of the table cannot sign anybody in.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

-- One row per code sent. A code is used once, expires, and dies after too many wrong tries.
CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  area_code text NOT NULL,
  phone text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX sms_codes_phone ON sms_codes (area_code, phone, created_at);
CREATE INDEX sms_codes_ip ON sms_codes (ip, created_at);

-- Failed sign-ins, keyed "phone:<area>-<phone>" or "ip:<address>", counted over a window.
CREATE TABLE auth_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX auth_failures_key ON auth_failures (key, at);

-- Devices a phone has signed in on (decision 063): the per-address sign-in limit does not refuse a
-- device's sign-ins for a phone that has signed in on it before. Keyed by the phone as the
-- failure counters are ("phone:<area>-<phone>") and by the SHA-256 of the app's device id (never
-- the id itself); each sign-in moves last_seen_at, and rows unused for 90 days no longer count and
-- are dropped now and then.
CREATE TABLE auth_trusted_devices (
  phone_key text NOT NULL,
  device_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (phone_key, device_hash)
);
CREATE INDEX auth_trusted_devices_seen ON auth_trusted_devices (last_seen_at);

-- Decision 077: the per-phone limits on SMS codes count the owner's requests (signed in, or from a
-- device trusted for the phone) apart from strangers', so that a stranger who used up a phone's
-- codes for the day does not lock its owner out of a password reset. Codes sent before count as
-- strangers'.
ALTER TABLE sms_codes ADD COLUMN owner boolean NOT NULL DEFAULT false;
DROP INDEX sms_codes_phone;
CREATE INDEX sms_codes_phone ON sms_codes (area_code, phone, owner, created_at);

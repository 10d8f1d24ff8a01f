-- Decision 076: a jackpot day's winners also depend on a public randomness beacon's value that
-- exists only after the day ends (the first beacon round after end_ms, named when the day's row
-- and seed are committed). The operator knows the day's seed all day; without the beacon it could
-- stake at the end of the day so that the ticket total made its own ticket win. Days committed
-- before this migration keep beacon_round NULL and are drawn as before.
ALTER TABLE jackpot_days
  ADD COLUMN beacon_source text,
  ADD COLUMN beacon_round bigint,
  -- The beacon round's BLS signature, kept by the draw (randomness = SHA-256 of it).
  ADD COLUMN beacon_signature text,
  ADD CONSTRAINT jackpot_days_beacon_named CHECK ((beacon_source IS NULL) = (beacon_round IS NULL));

-- The beacon round a day committed to never changes, like its seed (060's trigger).
CREATE FUNCTION jackpot_days_beacon_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.beacon_source IS DISTINCT FROM OLD.beacon_source OR NEW.beacon_round IS DISTINCT FROM OLD.beacon_round THEN
    RAISE EXCEPTION 'a jackpot day''s beacon round is immutable';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER jackpot_days_beacon_immutable BEFORE UPDATE ON jackpot_days
  FOR EACH ROW EXECUTE FUNCTION jackpot_days_beacon_immutable();

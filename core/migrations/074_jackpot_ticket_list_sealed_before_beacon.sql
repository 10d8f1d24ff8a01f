-- Decision 078: a jackpot day's ticket list is committed (sealed) before the beacon value its draw
-- takes exists. Once the day has ended and all its rounds are settled, the core stores the list,
-- its total, tickets_hash (SHA-256 of its canonical lines, docs/jackpot.md), the moment
-- (tickets_committed_ms) and the beacon round the draw will take: the first whose time is at least
-- the commit margin after that moment, never earlier than beacon_round. The draw then uses the
-- stored list and refuses when a recount of the settled rounds differs.
-- Rows that exist now were committed under decision 076 (or before it): seals_tickets false, drawn
-- as before. New rows get true.
ALTER TABLE jackpot_days
  ADD COLUMN seals_tickets boolean NOT NULL DEFAULT false,
  ADD COLUMN tickets_hash text,
  ADD COLUMN tickets_committed_ms bigint,
  ADD COLUMN tickets_beacon_round bigint,
  -- Where the sealed list's tickets start (the day's start, or JACKPOT_ON_SINCE when later, at
  -- the seal): the draw's recount reads the same window even if the jackpot is switched since.
  ADD COLUMN tickets_from_ms bigint,
  ADD CONSTRAINT jackpot_days_tickets_sealed CHECK (
    (tickets_hash IS NULL) = (tickets_committed_ms IS NULL)
    AND (tickets_hash IS NULL) = (tickets_beacon_round IS NULL)
    AND (tickets_hash IS NULL) = (tickets_from_ms IS NULL)
    AND (tickets_hash IS NULL OR (seals_tickets AND tickets IS NOT NULL AND tickets_total IS NOT NULL))
  );
ALTER TABLE jackpot_days ALTER COLUMN seals_tickets SET DEFAULT true;

-- Once sealed, the list, its total, its hash, the moment and the beacon round never change (nor
-- whether the day seals its list at all).
CREATE FUNCTION jackpot_days_tickets_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seals_tickets IS DISTINCT FROM OLD.seals_tickets THEN
    RAISE EXCEPTION 'whether a jackpot day seals its ticket list is immutable';
  END IF;
  IF OLD.tickets_hash IS NOT NULL AND (
       NEW.tickets_hash IS DISTINCT FROM OLD.tickets_hash
       OR NEW.tickets_committed_ms IS DISTINCT FROM OLD.tickets_committed_ms
       OR NEW.tickets_beacon_round IS DISTINCT FROM OLD.tickets_beacon_round
       OR NEW.tickets_from_ms IS DISTINCT FROM OLD.tickets_from_ms
       OR NEW.tickets IS DISTINCT FROM OLD.tickets
       OR NEW.tickets_total IS DISTINCT FROM OLD.tickets_total) THEN
    RAISE EXCEPTION 'a jackpot day''s sealed ticket list is immutable';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER jackpot_days_tickets_immutable BEFORE UPDATE ON jackpot_days
  FOR EACH ROW EXECUTE FUNCTION jackpot_days_tickets_immutable();

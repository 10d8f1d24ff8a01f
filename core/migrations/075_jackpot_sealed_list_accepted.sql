-- Decision 080: an operator may accept a refused day's sealed ticket list (decision 078) after
-- finding out why the books changed after the seal; its draw then takes the sealed list (published
-- and hashed before the beacon value existed) though a recount differs. The acceptance names when
-- and why; it is allowed only on a sealed day not drawn yet, and once given never changes. The
-- trigger of migration 074 still keeps the sealed list itself immutable.
ALTER TABLE jackpot_days
  ADD COLUMN sealed_list_accepted_ms bigint,
  ADD COLUMN sealed_list_accepted_reason text,
  ADD CONSTRAINT jackpot_days_sealed_list_accepted CHECK (
    (sealed_list_accepted_ms IS NULL) = (sealed_list_accepted_reason IS NULL)
    AND (sealed_list_accepted_reason IS NULL OR length(btrim(sealed_list_accepted_reason)) > 0)
    AND (sealed_list_accepted_ms IS NULL OR tickets_hash IS NOT NULL)
  );

CREATE FUNCTION jackpot_days_acceptance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sealed_list_accepted_ms IS DISTINCT FROM OLD.sealed_list_accepted_ms
     OR NEW.sealed_list_accepted_reason IS DISTINCT FROM OLD.sealed_list_accepted_reason THEN
    IF OLD.sealed_list_accepted_ms IS NOT NULL THEN
      RAISE EXCEPTION 'a jackpot day''s acceptance of its sealed list is immutable';
    END IF;
    IF OLD.drawn_ms IS NOT NULL THEN
      RAISE EXCEPTION 'a drawn jackpot day''s sealed list cannot be accepted';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER jackpot_days_acceptance_guard BEFORE UPDATE ON jackpot_days
  FOR EACH ROW EXECUTE FUNCTION jackpot_days_acceptance_guard();

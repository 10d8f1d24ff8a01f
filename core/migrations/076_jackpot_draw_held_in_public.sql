-- Decision 080, amended: when a sealed day's draw refuses (its settled rounds no longer match the
-- sealed list, decision 078), the day says so in public. draw_held_ms is the first pass that
-- refused it; the draw call's pendingDraw.heldTime and the yesterday page show it, so players see
-- a held draw rather than one still waiting for its beacon round. Set once, on a sealed day not
-- drawn, and never changed after.
ALTER TABLE jackpot_days
  ADD COLUMN draw_held_ms bigint,
  ADD CONSTRAINT jackpot_days_draw_held CHECK (draw_held_ms IS NULL OR tickets_hash IS NOT NULL);

CREATE FUNCTION jackpot_days_draw_held_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.draw_held_ms IS DISTINCT FROM OLD.draw_held_ms THEN
    IF OLD.draw_held_ms IS NOT NULL THEN
      RAISE EXCEPTION 'when a jackpot day''s draw was held is immutable';
    END IF;
    IF OLD.drawn_ms IS NOT NULL THEN
      RAISE EXCEPTION 'a drawn jackpot day''s draw cannot be held';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER jackpot_days_draw_held_guard BEFORE UPDATE ON jackpot_days
  FOR EACH ROW EXECUTE FUNCTION jackpot_days_draw_held_guard();

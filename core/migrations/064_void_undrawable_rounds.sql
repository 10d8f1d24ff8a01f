-- After a lost FAIRNESS_SEED_KEY (decision 058, `admin fairness retire-unreadable`): the chains no
-- key opens end early (retired_at; their unused seeds are never used, and the public page says so
-- instead of "all used"), and the rounds no key can draw are voided (voided_at): betting closes,
-- settlement never picks them, and every bet on them is refunded: status REFUNDED, its stake
-- credited back (ledger kind REFUND) and win_amount_cents = the stake, so that "stakes minus
-- winnings" (loss limits, the reality check, game_place_bet) counts a refunded bet as nothing.
ALTER TABLE game_chains ADD COLUMN retired_at timestamptz;
ALTER TABLE game_rounds ADD COLUMN voided_at timestamptz;
ALTER TABLE bets DROP CONSTRAINT bets_status_check;
ALTER TABLE bets ADD CONSTRAINT bets_status_check CHECK (status IN ('WAITING', 'WIN', 'LOSE', 'REFUNDED'));

-- Chains retired before this column (the command set next_index past the end): retired when the
-- audit says so, and their used count back to the rounds they gave.
UPDATE game_chains c SET retired_at = a.created_at,
  next_index = coalesce((SELECT max(g.chain_index) FROM game_rounds g WHERE g.chain_id = c.id), 0) + 1
FROM operator_audit a
WHERE a.action = 'fairness.chains.retire' AND c.id::text = ANY (string_to_array(a.target, ','));

-- A voided round takes no bet: game_place_bet locks the round (FOR SHARE) before it inserts, and
-- voiding updates it, so a bet and the void are ordered; a bet after it fails here (VOID1, which
-- the core answers as "Betting is closed for this round"). The round's times stay as published
-- (game_rounds_guard).
CREATE FUNCTION bets_refuse_voided_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM game_rounds WHERE id = NEW.round_id AND voided_at IS NOT NULL) THEN
    RAISE EXCEPTION 'game round % is voided', NEW.round_id USING ERRCODE = 'VOID1';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bets_refuse_voided_round BEFORE INSERT ON bets
  FOR EACH ROW EXECUTE FUNCTION bets_refuse_voided_round();

-- Voided is for good: such a round is never drawn nor un-voided, and a drawn round is never voided.
CREATE FUNCTION game_rounds_void_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.voided_at IS NOT NULL AND (NEW.voided_at IS DISTINCT FROM OLD.voided_at OR NEW.result IS NOT NULL) THEN
    RAISE EXCEPTION 'voided game round % cannot be drawn or restored', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.voided_at IS NOT NULL AND OLD.result IS NOT NULL THEN
    RAISE EXCEPTION 'drawn game round % cannot be voided', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER game_rounds_void_guard BEFORE UPDATE ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION game_rounds_void_guard();

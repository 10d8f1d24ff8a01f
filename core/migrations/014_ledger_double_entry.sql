-- The ledger becomes double-entry (decision 026, docs/wallet.md). Every ledger entry is one transfer
-- between a player's account and a system account (counter_account: HOUSE, DEPOSITS_CASH, ...;
-- the list is core/src/ledger/accounts.ts). Money between two system accounts (a held withdrawal
-- paid out, for one) moves in system_transfers. System balances are derived from these rows, never
-- stored: a bet writes no house row, so bets do not queue on one hot row. Per coin, the player
-- balances and the system balances sum to zero by construction; `admin ledger check` proves it,
-- and that each stored player balance is the sum of its entries.

ALTER TABLE ledger_entries ADD COLUMN counter_account text;
UPDATE ledger_entries SET counter_account = CASE WHEN kind IN ('BET', 'WIN') THEN 'HOUSE' ELSE 'ADJUSTMENTS' END;
ALTER TABLE ledger_entries ALTER COLUMN counter_account SET NOT NULL;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_counter CHECK (counter_account ~ '^[A-Z_]+$');

CREATE TABLE system_transfers (
  id bigserial PRIMARY KEY,
  coin text NOT NULL CHECK (coin IN ('CHIP', 'GOLD', 'POINT')),
  from_account text NOT NULL CHECK (from_account ~ '^[A-Z_]+$'),
  to_account text NOT NULL CHECK (to_account ~ '^[A-Z_]+$' AND to_account <> from_account),
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL,
  ref_id text,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX system_transfers_once ON system_transfers (kind, ref_id, coin) WHERE ref_id IS NOT NULL;

-- The betting function of migration 013, unchanged but for the stake's counter account.
CREATE OR REPLACE FUNCTION game_place_bet(
  p_user bigint, p_round bigint, p_coin text, p_level integer, p_bet_name text,
  p_base bigint, p_multiple integer, p_total bigint, p_key text, p_now bigint, p_lock boolean,
  OUT o_status text, OUT o_bet_id bigint, OUT o_created_at timestamptz, OUT o_balance bigint,
  OUT o_detail text, OUT o_level integer, OUT o_end_time bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  w record;
  e record;
BEGIN
  IF p_lock THEN
    PERFORM 1 FROM game_rounds WHERE id = p_round FOR SHARE;
  END IF;
  -- One read: the round, its room, the balance and an earlier bet with this key.
  SELECT g.coin, g.level, g.start_time, g.bet_end_time, g.end_time, g.result, l.enable_flag,
         l.chip_min_limit, l.chip_max_limit, l.bet_base_amount_str,
         coalesce(a.balance, 0) AS balance,
         (SELECT b.id FROM bets b WHERE b.user_id = p_user AND b.idempotency_key = p_key) AS earlier
    INTO r
    FROM game_rounds g
    JOIN game_levels l ON l.coin = g.coin AND l.level = g.level
    LEFT JOIN accounts a ON a.user_id = p_user AND a.coin = g.coin
    WHERE g.id = p_round;
  IF NOT FOUND THEN
    o_status := 'NO_ROUND'; RETURN;
  END IF;
  o_level := r.level;
  o_end_time := r.end_time;
  IF r.earlier IS NOT NULL THEN
    -- The same key again: the same bet is answered with the first one, another bet is refused.
    SELECT b.round_id, b.coin, b.level, b.bet_name, b.base_amount_cents, b.bet_multiples,
           b.total_amount_cents
      INTO e FROM bets b WHERE b.id = r.earlier;
    IF e.round_id = p_round AND e.coin = p_coin AND (p_level IS NULL OR e.level = p_level)
       AND e.bet_name = p_bet_name AND e.base_amount_cents = p_base
       AND e.bet_multiples = p_multiple AND e.total_amount_cents = p_total THEN
      o_status := 'REPEATED';
    ELSE
      o_status := 'KEY_REUSED';
    END IF;
    o_bet_id := r.earlier; RETURN;
  END IF;
  IF r.coin <> p_coin OR (p_level IS NOT NULL AND r.level <> p_level) THEN
    o_status := 'OTHER_ROOM'; RETURN;
  END IF;
  IF NOT r.enable_flag THEN
    o_status := 'ROOM_CLOSED'; RETURN;
  END IF;
  IF r.result IS NOT NULL OR p_now >= r.bet_end_time THEN
    o_status := 'CLOSED'; RETURN;
  END IF;
  IF p_now < r.start_time THEN
    o_status := 'NOT_OPEN'; RETURN;
  END IF;
  -- A plain expression (no subquery) keeps this on PL/pgSQL's fast path; setLevel validates the list.
  IF NOT (p_base::numeric / 100 = ANY (string_to_array(r.bet_base_amount_str, ',')::numeric[])) THEN
    o_status := 'BAD_BASE'; o_detail := r.bet_base_amount_str; RETURN;
  END IF;
  IF p_multiple < 1 OR p_total <> p_base * p_multiple THEN
    o_status := 'BAD_TOTAL'; RETURN;
  END IF;
  IF r.balance < r.chip_min_limit THEN
    o_status := 'BELOW_ROOM'; o_detail := r.chip_min_limit::text; RETURN;
  END IF;
  IF r.balance > r.chip_max_limit THEN
    o_status := 'ABOVE_ROOM'; o_detail := r.chip_max_limit::text; RETURN;
  END IF;

  -- One write: debit (never below zero), the bet, its ledger entry.
  WITH debit AS (
    UPDATE accounts a SET balance = a.balance - p_total
    WHERE a.user_id = p_user AND a.coin = p_coin AND a.balance >= p_total
    RETURNING a.balance),
  bet AS (
    INSERT INTO bets (user_id, round_id, coin, level, bet_name, base_amount_cents, bet_multiples,
                      total_amount_cents, idempotency_key)
    SELECT p_user, p_round, p_coin, r.level, p_bet_name, p_base, p_multiple, p_total, p_key FROM debit
    RETURNING id, created_at),
  entry AS (
    INSERT INTO ledger_entries (user_id, coin, amount, balance_after, kind, ref_id, memo, counter_account)
    SELECT p_user, p_coin, -p_total, debit.balance, 'BET', bet.id::text, 'round ' || p_round::text, 'HOUSE'
    FROM debit, bet)
  SELECT bet.id, bet.created_at, debit.balance INTO w FROM bet, debit;
  IF w.id IS NULL THEN
    o_status := 'INSUFFICIENT'; RETURN;
  END IF;
  o_status := 'OK'; o_bet_id := w.id; o_created_at := w.created_at; o_balance := w.balance;
END
$$;

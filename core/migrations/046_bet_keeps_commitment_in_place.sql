-- A bet keeps its round's commitment and beacon round in its own statement (decision 051):
-- game_place_bet (migration 041, otherwise unchanged) already reads the round, so it writes the
-- round's seed_hash and beacon_round into the bet and answers them (o_commitment,
-- o_beacon_round) for the receipt. The trigger bets_keep_commitment (migration 045) now runs only
-- for a bet inserted without them (any other way in), so a bet pays no second look-up of its
-- round. A new output column changes the function's type: it is dropped and created again.

DROP FUNCTION game_place_bet(bigint, bigint, text, integer, text, bigint, integer, bigint, text, bigint, boolean);

CREATE FUNCTION game_place_bet(
  p_user bigint, p_round bigint, p_coin text, p_level integer, p_bet_name text,
  p_base bigint, p_multiple integer, p_total bigint, p_key text, p_now bigint, p_lock boolean,
  OUT o_status text, OUT o_bet_id bigint, OUT o_created_at timestamptz, OUT o_balance bigint,
  OUT o_detail text, OUT o_level integer, OUT o_end_time bigint, OUT o_commitment text,
  OUT o_beacon_round bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  w record;
  e record;
  lim record;
  u record;
  tz text;
  t timestamp;
  d0 bigint;
  w0 bigint;
  m0 bigint;
  since bigint;
BEGIN
  IF p_lock THEN
    PERFORM 1 FROM game_rounds WHERE id = p_round FOR SHARE;
  END IF;
  -- One read: the round, its room, the balance and an earlier bet with this key.
  SELECT g.coin, g.level, g.start_time, g.bet_end_time, g.end_time, g.result, g.seed_hash,
         g.beacon_round, l.enable_flag,
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

  -- Player protection: one lookup when the player set nothing.
  SELECT * INTO lim FROM player_limits WHERE user_id = p_user;
  IF FOUND THEN
    IF lim.blocked_until IS NOT NULL AND lim.blocked_until > p_now THEN
      o_status := 'EXCLUDED'; o_detail := lim.blocked_kind || ',' || lim.blocked_until::text; RETURN;
    END IF;
    IF p_coin <> 'POINT' AND (lim.loss_day IS NOT NULL OR lim.loss_week IS NOT NULL
                              OR lim.loss_month IS NOT NULL) THEN
      IF p_lock THEN
        SELECT * INTO lim FROM player_limits WHERE user_id = p_user FOR UPDATE;
      END IF;
      SELECT s.time_zone INTO tz FROM limits_settings s;
      t := to_timestamp(p_now / 1000.0) AT TIME ZONE tz;
      d0 := (extract(epoch FROM date_trunc('day', t) AT TIME ZONE tz) * 1000)::bigint;
      w0 := (extract(epoch FROM date_trunc('week', t) AT TIME ZONE tz) * 1000)::bigint;
      m0 := (extract(epoch FROM date_trunc('month', t) AT TIME ZONE tz) * 1000)::bigint;
      since := least(w0, m0);
      IF lim.scan_from_time < since THEN
        lim.scan_from_bet := coalesce(
          (SELECT min(b.id) FROM bets b JOIN game_rounds g ON g.id = b.round_id
            WHERE b.user_id = p_user AND b.coin IN ('CHIP', 'GOLD') AND b.id >= lim.scan_from_bet
              AND g.start_time >= since), lim.scan_from_bet);
        UPDATE player_limits SET scan_from_time = since, scan_from_bet = lim.scan_from_bet
          WHERE user_id = p_user;
      END IF;
      SELECT coalesce(sum(b.total_amount_cents - b.win_amount_cents) FILTER (WHERE g.start_time >= d0), 0) AS d,
             coalesce(sum(b.total_amount_cents - b.win_amount_cents) FILTER (WHERE g.start_time >= w0), 0) AS w,
             coalesce(sum(b.total_amount_cents - b.win_amount_cents) FILTER (WHERE g.start_time >= m0), 0) AS m
        INTO u
        FROM bets b JOIN game_rounds g ON g.id = b.round_id
        WHERE b.user_id = p_user AND b.coin IN ('CHIP', 'GOLD') AND b.id >= lim.scan_from_bet
          AND g.start_time >= since;
      IF lim.loss_day IS NOT NULL AND u.d + p_total > lim.loss_day THEN
        o_status := 'LOSS_LIMIT';
        o_detail := 'DAY,' || lim.loss_day || ',' || greatest(lim.loss_day - u.d, 0) || ','
          || (extract(epoch FROM (date_trunc('day', t) + interval '1 day') AT TIME ZONE tz) * 1000)::bigint;
        RETURN;
      END IF;
      IF lim.loss_week IS NOT NULL AND u.w + p_total > lim.loss_week THEN
        o_status := 'LOSS_LIMIT';
        o_detail := 'WEEK,' || lim.loss_week || ',' || greatest(lim.loss_week - u.w, 0) || ','
          || (extract(epoch FROM (date_trunc('week', t) + interval '1 week') AT TIME ZONE tz) * 1000)::bigint;
        RETURN;
      END IF;
      IF lim.loss_month IS NOT NULL AND u.m + p_total > lim.loss_month THEN
        o_status := 'LOSS_LIMIT';
        o_detail := 'MONTH,' || lim.loss_month || ',' || greatest(lim.loss_month - u.m, 0) || ','
          || (extract(epoch FROM (date_trunc('month', t) + interval '1 month') AT TIME ZONE tz) * 1000)::bigint;
        RETURN;
      END IF;
    END IF;
  END IF;

  -- One write: debit (never below zero), the bet, its ledger entry.
  WITH debit AS (
    UPDATE accounts a SET balance = a.balance - p_total
    WHERE a.user_id = p_user AND a.coin = p_coin AND a.balance >= p_total
    RETURNING a.balance),
  bet AS (
    INSERT INTO bets (user_id, round_id, coin, level, bet_name, base_amount_cents, bet_multiples,
                      total_amount_cents, idempotency_key, commitment, beacon_round)
    SELECT p_user, p_round, p_coin, r.level, p_bet_name, p_base, p_multiple, p_total, p_key,
           r.seed_hash, r.beacon_round FROM debit
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
  o_commitment := r.seed_hash; o_beacon_round := r.beacon_round;
END
$$;

DROP TRIGGER bets_keep_commitment ON bets;
CREATE TRIGGER bets_keep_commitment BEFORE INSERT ON bets
  FOR EACH ROW WHEN (NEW.commitment IS NULL) EXECUTE FUNCTION bets_keep_commitment();

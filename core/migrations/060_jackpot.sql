-- The daily jackpot (core/src/jackpot, docs/jackpot.md): a share of every settled round's stakes
-- moves HOUSE -> JACKPOT (system_transfers, kind JACKPOT_FUND, ref = round id: once per round);
-- every jackpot day draws winners among that day's players, tickets weighted by stake, from a seed
-- committed (its SHA-256 published) before the day starts.

-- The one settings row (operator API and CLI edit it, audited).
CREATE TABLE jackpot_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  coin text NOT NULL DEFAULT 'CHIP' CHECK (coin IN ('CHIP', 'GOLD', 'POINT')),
  -- Share of every stake that goes to the pool, in basis points (100 = 1 %).
  share_bp integer NOT NULL DEFAULT 100 CHECK (share_bp BETWEEN 0 AND 2000),
  -- How many players win each day (at most the number of that day's players).
  winners integer NOT NULL DEFAULT 3 CHECK (winners BETWEEN 1 AND 100),
  -- Share of the pool paid out by one draw, in basis points (the rest rolls over).
  payout_bp integer NOT NULL DEFAULT 5000 CHECK (payout_bp BETWEEN 1 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO jackpot_settings (id) VALUES (1);

-- One row per jackpot day (day_no = floor(ms / day length)), created with its seed before it starts.
CREATE TABLE jackpot_days (
  day_no bigint PRIMARY KEY,
  coin text NOT NULL,
  start_ms bigint NOT NULL,
  end_ms bigint NOT NULL CHECK (end_ms > start_ms),
  seed text NOT NULL,
  seed_hash text NOT NULL,
  committed_ms bigint NOT NULL,
  -- Filled by the draw, exactly once.
  drawn_ms bigint,
  pool_cents bigint,
  paid_cents bigint,
  winners_wanted integer,
  tickets_total bigint,
  -- The published ticket list: [{no, userId, cents}] in user id order.
  tickets jsonb
);
CREATE INDEX jackpot_days_undrawn ON jackpot_days (end_ms) WHERE drawn_ms IS NULL;

-- A day's seed never changes once committed.
CREATE FUNCTION jackpot_days_seed_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seed <> OLD.seed OR NEW.seed_hash <> OLD.seed_hash OR NEW.start_ms <> OLD.start_ms
     OR NEW.end_ms <> OLD.end_ms THEN
    RAISE EXCEPTION 'a jackpot day''s seed and window are immutable';
  END IF;
  IF OLD.drawn_ms IS NOT NULL THEN
    RAISE EXCEPTION 'a jackpot day is drawn once';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER jackpot_days_seed_immutable BEFORE UPDATE ON jackpot_days
  FOR EACH ROW EXECUTE FUNCTION jackpot_days_seed_immutable();

CREATE TABLE jackpot_winners (
  day_no bigint NOT NULL REFERENCES jackpot_days (day_no),
  rank integer NOT NULL,
  user_id bigint NOT NULL,
  ticket_no integer NOT NULL,
  ticket bigint NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (day_no, rank),
  UNIQUE (day_no, user_id)
);

-- Rounds whose stakes fed the pool (once each; the transfer's unique key is the last line).
CREATE TABLE jackpot_funding (
  round_id bigint PRIMARY KEY,
  coin text NOT NULL,
  end_ms bigint NOT NULL,
  stake_cents bigint NOT NULL,
  amount_cents bigint NOT NULL
);
CREATE INDEX jackpot_funding_end ON jackpot_funding (end_ms);

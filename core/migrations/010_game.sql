-- The lottery game: rooms (levels) per coin, rounds with committed seeds, and bets.
-- Money is integer cents (bigint); times of rounds are milliseconds since the epoch (bigint).

CREATE TABLE game_levels (
  coin text NOT NULL CHECK (coin IN ('CHIP', 'GOLD', 'POINT')),
  level integer NOT NULL CHECK (level BETWEEN 1 AND 99),
  level_name text NOT NULL,
  -- The balance range (cents) a player must be in to bet in this room.
  chip_min_limit bigint NOT NULL DEFAULT 0 CHECK (chip_min_limit >= 0),
  chip_max_limit bigint NOT NULL CHECK (chip_max_limit >= chip_min_limit),
  enable_flag boolean NOT NULL DEFAULT true,
  -- Comma lists in units, e.g. '1,10,100,1000' and '1,5,10,20,50,100'.
  bet_base_amount_str text NOT NULL,
  bet_multiple_str text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coin, level)
);

INSERT INTO game_levels (coin, level, level_name, chip_min_limit, chip_max_limit, bet_base_amount_str, bet_multiple_str)
SELECT c.coin, l.level, l.level_name, l.min_cents, l.max_cents, l.bases, '1,5,10,20,50,100'
FROM (VALUES ('CHIP'), ('GOLD'), ('POINT')) AS c (coin)
CROSS JOIN (VALUES
  (1, 'Primary', 0::bigint, 1000000::bigint, '1,10,100'),
  (2, 'Intermediate', 10000::bigint, 10000000::bigint, '10,100,1000'),
  (3, 'Advanced', 100000::bigint, 1000000000::bigint, '100,1000,10000')
) AS l (level, level_name, min_cents, max_cents, bases);

-- Operator-editable game settings (the payout table), as JSON.
CREATE TABLE game_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per round of one room. id = yyyymmdd, coin digit, 2-digit level, 5-digit start second
-- of the UTC day: unique across rooms and increasing in time.
CREATE TABLE game_rounds (
  id bigint PRIMARY KEY,
  coin text NOT NULL,
  level integer NOT NULL,
  start_time bigint NOT NULL,
  bet_end_time bigint NOT NULL,
  end_time bigint NOT NULL,
  -- Secret until the round is settled; its SHA-256 is public from creation.
  seed text NOT NULL,
  seed_hash text NOT NULL,
  -- The payout table in force for this round, fixed when the round was created.
  payout jsonb NOT NULL,
  result smallint CHECK (result BETWEEN 0 AND 9),
  settled_at timestamptz,
  FOREIGN KEY (coin, level) REFERENCES game_levels (coin, level)
);
CREATE INDEX game_rounds_room ON game_rounds (coin, level, end_time DESC);
CREATE INDEX game_rounds_unsettled ON game_rounds (end_time) WHERE result IS NULL;

-- No foreign keys on user_id and round_id: bets are only written by game_place_bet (migration
-- 011), which checks the round, and the debit needs the player's account; each foreign-key check
-- would cost a locking lookup on the hot path.
CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  round_id bigint NOT NULL,
  coin text NOT NULL,
  level integer NOT NULL,
  bet_name text NOT NULL,
  base_amount_cents bigint NOT NULL CHECK (base_amount_cents > 0),
  bet_multiples integer NOT NULL CHECK (bet_multiples > 0),
  total_amount_cents bigint NOT NULL CHECK (total_amount_cents > 0),
  win_amount_cents bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'WIN', 'LOSE')),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX bets_round ON bets (round_id);
-- Few indexes on purpose: each one costs on every bet and on every settled bet.
CREATE INDEX bets_user ON bets (user_id, coin, id DESC);
CREATE UNIQUE INDEX bets_idempotency ON bets (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

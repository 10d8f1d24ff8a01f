-- The exchange desk (docs/wallet.md "Exchange", decision 033): the pairs an operator opens, at a
-- rate "from_units of from_coin give to_units of to_coin" (POINT -> CHIP 100:1: 100 points give 1
-- chip) and an optional fee in basis points of the result (1 % = 100). Edited through
-- /core/operator/exchange/pairs and `admin exchange-pair`, audited.
CREATE TABLE exchange_pairs (
  id serial PRIMARY KEY,
  from_coin text NOT NULL CHECK (from_coin IN ('CHIP', 'GOLD', 'POINT')),
  to_coin text NOT NULL CHECK (to_coin IN ('CHIP', 'GOLD', 'POINT')),
  from_units bigint NOT NULL CHECK (from_units BETWEEN 1 AND 1000000000),
  to_units bigint NOT NULL CHECK (to_units BETWEEN 1 AND 1000000000),
  fee_bp integer NOT NULL DEFAULT 0 CHECK (fee_bp BETWEEN 0 AND 5000),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_coin <> to_coin),
  UNIQUE (from_coin, to_coin)
);

INSERT INTO exchange_pairs (from_coin, to_coin, from_units, to_units) VALUES
  ('CHIP', 'GOLD', 1, 1),
  ('GOLD', 'CHIP', 1, 1),
  ('POINT', 'CHIP', 100, 1);

-- One row per exchange a player made; the idempotency key makes a retried request take effect once.
CREATE TABLE exchanges (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  pair_id integer NOT NULL REFERENCES exchange_pairs (id),
  from_coin text NOT NULL,
  to_coin text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  gross_cents bigint NOT NULL CHECK (gross_cents > 0),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  net_cents bigint NOT NULL CHECK (net_cents > 0),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX exchanges_user ON exchanges (user_id, id);

-- Points from turnover: point cents earned per stake cent of `coin`, in basis points
-- (1 point per 100 CHIP staked = 100 bp). One row; operators edit it.
CREATE TABLE point_rules (
  id integer PRIMARY KEY CHECK (id = 1),
  coin text NOT NULL DEFAULT 'CHIP' CHECK (coin IN ('CHIP', 'GOLD')),
  rate_bp integer NOT NULL DEFAULT 100 CHECK (rate_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO point_rules (id) VALUES (1);

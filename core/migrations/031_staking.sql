-- Staking (pledge; docs/wallet.md "Staking", decision 034). Plans: a term in days, a daily rate
-- in basis points of the principal (0.5 % a day = 50), a minimum and a maximum (cents).
CREATE TABLE staking_plans (
  id serial PRIMARY KEY,
  name text NOT NULL,
  coin text NOT NULL DEFAULT 'CHIP' CHECK (coin IN ('CHIP', 'GOLD')),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  daily_rate_bp integer NOT NULL CHECK (daily_rate_bp BETWEEN 0 AND 1000),
  min_cents bigint NOT NULL CHECK (min_cents > 0),
  max_cents bigint NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_cents >= min_cents)
);

INSERT INTO staking_plans (name, term_days, daily_rate_bp, min_cents, max_cents) VALUES
  ('7 days', 7, 30, 10000, 10000000),
  ('30 days', 30, 50, 50000, 50000000),
  ('90 days', 90, 80, 100000, 100000000);

-- A stake keeps the plan's terms of the day it was made. Day n (1..term_days) is due at
-- started_at + n days; the principal returns at matures_at = started_at + term_days days.
CREATE TABLE stakes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  plan_id integer NOT NULL REFERENCES staking_plans (id),
  coin text NOT NULL,
  principal_cents bigint NOT NULL CHECK (principal_cents > 0),
  daily_rate_bp integer NOT NULL,
  term_days integer NOT NULL,
  started_at timestamptz NOT NULL,
  matures_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'MATURED')),
  interest_cents bigint NOT NULL DEFAULT 0,
  days_paid integer NOT NULL DEFAULT 0,
  ended_at timestamptz,
  idempotency_key text,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX stakes_user ON stakes (user_id, id);
CREATE INDEX stakes_active ON stakes (matures_at) WHERE status = 'ACTIVE';

-- One row per stake and day: interest is paid exactly once per day, whichever process gets there.
CREATE TABLE stake_accruals (
  stake_id bigint NOT NULL REFERENCES stakes (id),
  day integer NOT NULL CHECK (day >= 1),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stake_id, day)
);

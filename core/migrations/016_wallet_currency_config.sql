-- The withdraw and charge config per currency (spec section 3), edited by operators
-- (/core/operator/wallet/config, `admin wallet-config`). Amounts in cents of CHIP, rates in basis
-- points (1 % = 100), times as "HH:MM-HH:MM" in time_zone, weekdays ISO (Monday 1).
CREATE TABLE wallet_currency_config (
  id serial PRIMARY KEY,
  currency text NOT NULL UNIQUE CHECK (currency IN ('CASH', 'USDT')),
  open_recharge boolean NOT NULL DEFAULT true,
  open_withdraw boolean NOT NULL DEFAULT true,
  charge_min_cents bigint NOT NULL CHECK (charge_min_cents > 0),
  charge_max_cents bigint NOT NULL,
  withdraw_min_cents bigint NOT NULL CHECK (withdraw_min_cents > 0),
  withdraw_max_cents bigint NOT NULL,
  withdraw_day_limit_cents bigint NOT NULL,
  withdraw_fee_bp integer NOT NULL CHECK (withdraw_fee_bp BETWEEN 0 AND 5000),
  auto_audit_cents bigint NOT NULL CHECK (auto_audit_cents >= 0),
  bet_multiple_bp integer NOT NULL DEFAULT 0 CHECK (bet_multiple_bp >= 0),
  week_days text NOT NULL DEFAULT '1,2,3,4,5,6,7',
  start_and_end_time text NOT NULL DEFAULT '00:00-23:59',
  recharge_presets_cents bigint[] NOT NULL,
  usdt_rate_cents bigint NOT NULL DEFAULT 100 CHECK (usdt_rate_cents > 0),
  usdt_confirmations integer NOT NULL DEFAULT 1 CHECK (usdt_confirmations BETWEEN 0 AND 100),
  time_zone text NOT NULL DEFAULT 'Asia/Kolkata',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (charge_max_cents >= charge_min_cents),
  CHECK (withdraw_max_cents >= withdraw_min_cents),
  CHECK (withdraw_day_limit_cents >= withdraw_min_cents)
);

INSERT INTO wallet_currency_config (currency, charge_min_cents, charge_max_cents, withdraw_min_cents,
  withdraw_max_cents, withdraw_day_limit_cents, withdraw_fee_bp, auto_audit_cents, bet_multiple_bp,
  recharge_presets_cents, usdt_rate_cents, usdt_confirmations)
VALUES
  ('CASH', 10000, 5000000, 11000, 5000000, 10000000, 200, 200000, 10000,
   ARRAY[10000, 30000, 50000, 100000, 200000, 500000]::bigint[], 100, 0),
  ('USDT', 10000, 10000000, 20000, 10000000, 20000000, 100, 200000, 10000,
   ARRAY[1000000, 2000000, 5000000]::bigint[], 9000, 12);

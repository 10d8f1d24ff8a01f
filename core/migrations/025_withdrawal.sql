-- Money out (issue 8): the banks a card may belong to, the players' bank cards and the
-- withdrawals. Amounts in cents of CHIP. A card's full number is kept only here and never
-- answered (only its last four digits leave the core).
CREATE TABLE banks (
  id serial PRIMARY KEY,
  bank_name text NOT NULL UNIQUE,
  ifsc_required boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

INSERT INTO banks (bank_name, sort) VALUES
  ('State Bank of India', 1),
  ('HDFC Bank', 2),
  ('ICICI Bank', 3),
  ('Axis Bank', 4),
  ('Kotak Mahindra Bank', 5),
  ('Punjab National Bank', 6),
  ('Bank of Baroda', 7),
  ('Canara Bank', 8),
  ('Union Bank of India', 9),
  ('Bank of India', 10),
  ('Indian Bank', 11),
  ('Central Bank of India', 12),
  ('Indian Overseas Bank', 13),
  ('UCO Bank', 14),
  ('Bank of Maharashtra', 15),
  ('Punjab & Sind Bank', 16),
  ('IndusInd Bank', 17),
  ('Yes Bank', 18),
  ('IDFC FIRST Bank', 19),
  ('Federal Bank', 20),
  ('South Indian Bank', 21),
  ('Karur Vysya Bank', 22),
  ('RBL Bank', 23),
  ('Bandhan Bank', 24),
  ('IDBI Bank', 25),
  ('AU Small Finance Bank', 26),
  ('Paytm Payments Bank', 27),
  ('Airtel Payments Bank', 28);

CREATE TABLE user_banks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  bank_id integer NOT NULL REFERENCES banks (id),
  holder_name text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,20}$'),
  ifsc text CHECK (ifsc IS NULL OR ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_banks_user ON user_banks (user_id, id);

-- status is what the player reads: WAITING (Pending Review), APPROVED (Completed), REJECT.
-- payout_state is the payout step (decision 030): NULL until approved, PAYING once an operator
-- (or the auto-audit) approved it and the payout adapter is (or will be) asked, PAID when the
-- adapter answered paid and the held money moved to WITHDRAWALS_PAID and FEES.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('CASH', 'USDT')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  net_cents bigint NOT NULL CHECK (net_cents > 0 AND net_cents + fee_cents = amount_cents),
  usdt_rate_cents bigint,
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'APPROVED', 'REJECT')),
  payout_state text CHECK (payout_state IN ('PAYING', 'PAID')),
  auto_approved boolean NOT NULL DEFAULT false,
  user_bank_id bigint REFERENCES user_banks (id),
  bank_name text,
  holder_name text,
  account_last4 text,
  account_number text,
  ifsc text,
  address text,
  network text CHECK (network IN ('TRC20', 'BEP20')),
  reject_reason text,
  reviewed_by text,
  reviewed_at timestamptz,
  payout_ref text,
  payout_attempts integer NOT NULL DEFAULT 0,
  local_day date NOT NULL,
  idempotency_key text,
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((currency = 'CASH') = (user_bank_id IS NOT NULL)),
  CHECK ((currency = 'USDT') = (address IS NOT NULL AND network IS NOT NULL))
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, currency, id DESC);
CREATE INDEX withdrawals_day ON withdrawals (user_id, currency, local_day);
CREATE INDEX withdrawals_status ON withdrawals (status, id);
CREATE INDEX withdrawals_paying ON withdrawals (id) WHERE payout_state = 'PAYING';
CREATE UNIQUE INDEX withdrawals_key ON withdrawals (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

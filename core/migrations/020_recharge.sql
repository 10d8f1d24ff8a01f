-- Recharge (money in), spec sections 3 and 7, docs/wallet.md "Recharge".

-- Where cash recharges go: each channel names the payment-provider adapter that serves it
-- (core/src/recharge/providers.ts). Operators add, edit, enable and disable them.
CREATE TABLE pay_channels (
  id serial PRIMARY KEY,
  -- The provider's own code of the channel (spec: payChannelName), what the recharge call names.
  pay_channel_name text NOT NULL UNIQUE CHECK (pay_channel_name ~ '^[A-Za-z0-9_.-]{1,40}$'),
  -- What players read (spec: showName).
  show_name text NOT NULL CHECK (length(show_name) BETWEEN 1 AND 60),
  provider text NOT NULL DEFAULT 'sandbox',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A cash recharge: PENDING until the provider's verified callback (SUCCESS, credited once) or its
-- cancellation (FAILED), or 30 minutes without either (EXPIRED).
CREATE TABLE recharge_orders (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  pay_channel_id integer NOT NULL REFERENCES pay_channels (id),
  -- The channel as it was when the order was made (a later rename does not rewrite history).
  pay_channel_name text NOT NULL,
  show_name text NOT NULL,
  provider text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'EXPIRED')),
  -- The provider's transaction reference, from its callback.
  provider_ref text,
  -- The secret part of the sandbox pay page's address (only that page's holder can pay or cancel).
  pay_token text NOT NULL,
  idempotency_key text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX recharge_orders_user ON recharge_orders (user_id, created_at DESC, id DESC);
CREATE INDEX recharge_orders_pending ON recharge_orders (created_at) WHERE status = 'PENDING';

-- Per-player USDT deposit addresses: child /0/<user id> of the network's account xpub.
CREATE TABLE usdt_deposit_addresses (
  user_id bigint NOT NULL REFERENCES users (id),
  network text NOT NULL CHECK (network IN ('TRC20', 'BEP20')),
  address text NOT NULL,
  -- Which account key derived it (its xpub's SHA-256, first 16 hex): a new key gives new addresses.
  key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, network, key_id),
  UNIQUE (network, address)
);

-- USDT transfers the chain watcher reported, one per transaction hash and network: PENDING below
-- the configured confirmations, SUCCESS once credited (credit_cents CHIP at rate_cents per USDT).
CREATE TABLE usdt_deposits (
  id serial PRIMARY KEY,
  network text NOT NULL CHECK (network IN ('TRC20', 'BEP20')),
  tx_hash text NOT NULL,
  address text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  -- USDT in millionths (the token's 6 decimals).
  usdt_micros bigint NOT NULL CHECK (usdt_micros > 0),
  confirmations integer NOT NULL CHECK (confirmations >= 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'EXPIRED')),
  rate_cents bigint,
  credit_cents bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (tx_hash)
);
CREATE INDEX usdt_deposits_user ON usdt_deposits (user_id, created_at DESC, id DESC);

-- What the recharge domain keeps for itself in development: the sandbox provider's signing secret
-- and the generated account xpubs (public keys only: the seed that made them is thrown away).
CREATE TABLE recharge_settings (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

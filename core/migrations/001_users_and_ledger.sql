-- Players, their three balances, and the ledger every balance change goes through.
-- Money is integer cents (bigint); the API shows units.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  area_code text NOT NULL,
  phone text NOT NULL,
  password_hash text NOT NULL,
  asset_password_hash text,
  nick_name text,
  head_url text,
  sex smallint NOT NULL DEFAULT 0,
  invitation text NOT NULL UNIQUE,
  parent_id bigint REFERENCES users (id),
  level integer NOT NULL DEFAULT 0,
  user_status text NOT NULL DEFAULT 'NORMAL',
  user_type text NOT NULL DEFAULT 'PLAYER',
  remark text,
  address text,
  wallet_erc text,
  wallet_trc text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (area_code, phone)
);

CREATE TABLE accounts (
  user_id bigint NOT NULL REFERENCES users (id),
  coin text NOT NULL CHECK (coin IN ('CHIP', 'GOLD', 'POINT')),
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (user_id, coin)
);

-- Immutable: rows are only ever inserted. For each (user, coin) the amounts sum to the balance.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  coin text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  kind text NOT NULL,
  ref_id text,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, coin, id);
-- One entry per (kind, reference, user, coin): a bet is staked once, a round pays once.
CREATE UNIQUE INDEX ledger_entries_once ON ledger_entries (kind, ref_id, user_id, coin) WHERE ref_id IS NOT NULL;

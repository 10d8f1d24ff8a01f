-- Bloggers (core/src/bloggers, docs/bloggers.md): players who applied and were approved by an
-- operator; fans follow them and copy their open bets (each copy is a normal bet of the fan's,
-- placed through the game's placeBet, linked here); bloggers earn a share of the service fee on
-- the bets copied from them, paid from HOUSE once per UTC day.

CREATE TABLE blogger_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  -- All-time CHIP stakes a player needs before applying, in cents.
  min_turnover_cents bigint NOT NULL DEFAULT 100000 CHECK (min_turnover_cents >= 0),
  -- Share of the service fee on copied bets paid to the blogger, in basis points.
  dividend_bp integer NOT NULL DEFAULT 5000 CHECK (dividend_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO blogger_settings (id) VALUES (1);

CREATE TABLE bloggers (
  user_id bigint PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('UNDER_REVIEW', 'APPROVED', 'REJECTED')),
  reason text,
  applied_at bigint NOT NULL,
  decided_at bigint,
  decided_by text
);
CREATE INDEX bloggers_status ON bloggers (status, applied_at);

CREATE TABLE blogger_follows (
  fan_id bigint NOT NULL,
  blogger_id bigint NOT NULL REFERENCES bloggers (user_id),
  created_at bigint NOT NULL,
  PRIMARY KEY (fan_id, blogger_id),
  CHECK (fan_id <> blogger_id)
);
CREATE INDEX blogger_follows_blogger ON blogger_follows (blogger_id, created_at DESC);

CREATE TABLE blogger_copies (
  bet_id bigint PRIMARY KEY,
  fan_id bigint NOT NULL,
  blogger_id bigint NOT NULL,
  source_bet_id bigint NOT NULL,
  stake_cents bigint NOT NULL,
  fee_cents bigint NOT NULL,
  day_no integer NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX blogger_copies_fan ON blogger_copies (fan_id, bet_id DESC);
CREATE INDEX blogger_copies_day ON blogger_copies (day_no, blogger_id);

CREATE TABLE blogger_dividend_days (
  day_no integer PRIMARY KEY,
  paid_at bigint NOT NULL
);
CREATE TABLE blogger_dividends (
  day_no integer NOT NULL REFERENCES blogger_dividend_days (day_no),
  blogger_id bigint NOT NULL,
  copied_cents bigint NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (day_no, blogger_id)
);
CREATE INDEX blogger_dividends_latest ON blogger_dividends (day_no DESC);

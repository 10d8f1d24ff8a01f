-- Player protection (issue 9, docs/player-protection.md): the limits a player set on themself,
-- their time-out or self-exclusion, the increases waiting for their cooling period, and the one
-- time zone that says when a day, a week and a month start. Money is integer cents of the
-- player's currency (CHIP; GOLD is 1:1 with it); times are milliseconds since the epoch of the
-- core's clock (deps.now), so tests move the clock instead of waiting.

-- One row per player who set anything; no row = no limit, no exclusion (the bet's one lookup).
CREATE TABLE player_limits (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  -- The limits in force, NULL = none. Deposits: money in; losses: stakes minus winnings.
  deposit_day bigint CHECK (deposit_day > 0),
  deposit_week bigint CHECK (deposit_week > 0),
  deposit_month bigint CHECK (deposit_month > 0),
  loss_day bigint CHECK (loss_day > 0),
  loss_week bigint CHECK (loss_week > 0),
  loss_month bigint CHECK (loss_month > 0),
  -- Reality check: minutes of play between two reminders.
  reminder_minutes integer NOT NULL DEFAULT 60 CHECK (reminder_minutes IN (15, 30, 60)),
  -- A time-out or a self-exclusion in force until blocked_until (it cannot be lifted early).
  blocked_kind text CHECK (blocked_kind IN ('TIMEOUT', 'EXCLUSION')),
  blocked_from bigint,
  blocked_until bigint,
  CHECK ((blocked_kind IS NULL) = (blocked_until IS NULL)),
  -- Where game_place_bet starts summing the player's bets (a lower bound of the bet ids of the
  -- current week and month), so a loss-limited player's bet does not read their whole history.
  scan_from_time bigint NOT NULL DEFAULT 0,
  scan_from_bet bigint NOT NULL DEFAULT 0,
  updated_at bigint NOT NULL
);

-- An increase or a removal asked for: it waits for effective_at, then the player's confirmation.
CREATE TABLE player_limit_requests (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS')),
  period text NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
  -- NULL: remove the limit.
  amount_cents bigint CHECK (amount_cents > 0),
  requested_at bigint NOT NULL,
  effective_at bigint NOT NULL,
  PRIMARY KEY (user_id, kind, period)
);

-- The time zone of "day", "week" (from Monday) and "month" (LIMITS_TIME_ZONE, written at start).
CREATE TABLE limits_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  time_zone text NOT NULL DEFAULT 'Asia/Kolkata'
);
INSERT INTO limits_settings (id) VALUES (true);

-- Marketing notices stop for a self-excluded player (core/src/messages lists them): the minimum
-- the messages domain needs to tell a marketing notice from a service message.
ALTER TABLE sys_messages ADD COLUMN marketing boolean NOT NULL DEFAULT false;

-- Team and rewards (docs/team.md, decisions 044-046): the referral tree is users.parent_id, set
-- once at registration from the inviter's code. Rebates accrue as rows, from source events
-- (settled bets, successful recharges, an invitee's first recharge) that a background job reads
-- through the game's and the recharge module's exported functions.

-- Nobody is their own parent, and the parent never changes after registration: a new player can
-- only hang under someone who already exists, so the tree has no cycle.
ALTER TABLE users ADD CONSTRAINT users_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id);
CREATE OR REPLACE FUNCTION users_parent_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    RAISE EXCEPTION 'the referral parent is fixed at registration' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_parent_fixed BEFORE UPDATE OF parent_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_parent_fixed();
-- Members of one level below a player: the team statistics walk this index three times.
CREATE INDEX IF NOT EXISTS users_parent ON users (parent_id, id) WHERE parent_id IS NOT NULL;

-- What the operator configures (seeded by the team module's seed, never overwritten).
CREATE TABLE team_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each player's own figures as the team job counted them (all time): the member lists show them.
CREATE TABLE team_member_stats (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  bet_cents bigint NOT NULL DEFAULT 0,
  recharge_cents bigint NOT NULL DEFAULT 0,
  recharge_count integer NOT NULL DEFAULT 0,
  first_recharge_cents bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per source event the job has handled ('ROUND' + round id, 'RECHARGE' + the recharge
-- module's id): whichever process inserts it first handles the event, the others skip it.
CREATE TABLE team_events_done (
  source text NOT NULL CHECK (source IN ('ROUND', 'RECHARGE')),
  source_id text NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, source_id)
);
-- How far each source has been read (its event time); each pass reads again from a little before.
CREATE TABLE team_cursors (
  source text PRIMARY KEY,
  at timestamptz NOT NULL
);

-- A claimable reward: once per (kind, source event, level), whichever process computes it.
CREATE TABLE team_rebates (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('BET', 'RECHARGE', 'REGISTER')),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  source_id text NOT NULL,
  source_user_id bigint NOT NULL REFERENCES users (id),
  base_cents bigint NOT NULL CHECK (base_cents >= 0),
  rate_bp integer NOT NULL CHECK (rate_bp >= 0),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CLAIMED')),
  day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  UNIQUE (kind, source_id, level),
  CHECK (user_id <> source_user_id)
);
CREATE INDEX team_rebates_user ON team_rebates (user_id, id DESC);
CREATE INDEX team_rebates_pending ON team_rebates (user_id) WHERE status = 'PENDING';
CREATE INDEX team_rebates_day ON team_rebates (user_id, day);

-- Recharge tasks: "recharge at least min today / this week: gift". A player claims each at most
-- once per period (period_key: the UTC day yyyy-mm-dd or the ISO week yyyy-Www).
CREATE TABLE team_tasks (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  period text NOT NULL CHECK (period IN ('DAY', 'WEEK')),
  min_recharge_cents bigint NOT NULL CHECK (min_recharge_cents > 0),
  gift_cents bigint NOT NULL CHECK (gift_cents > 0),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE team_task_claims (
  task_id integer NOT NULL REFERENCES team_tasks (id),
  user_id bigint NOT NULL REFERENCES users (id),
  period_key text NOT NULL,
  gift_cents bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, user_id, period_key)
);

-- The sources' narrow reads (game's settled rounds, the recharge module's successes) by time.
CREATE INDEX IF NOT EXISTS game_rounds_settled ON game_rounds (settled_at) WHERE settled_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS recharge_orders_success ON recharge_orders (updated_at) WHERE status = 'SUCCESS';
CREATE INDEX IF NOT EXISTS usdt_deposits_success ON usdt_deposits (updated_at) WHERE status = 'SUCCESS';

-- The team's figures as each ancestor sees them: per ancestor, level (1 to 3) and UTC day, the
-- settled CHIP stakes and successful recharges of their members at that level. Kept by the job in
-- the event's transaction, so the team page and the user info read a few rows, not the members.
CREATE TABLE team_ancestor_days (
  user_id bigint NOT NULL REFERENCES users (id),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  day date NOT NULL,
  bet_cents bigint NOT NULL DEFAULT 0,
  recharge_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day, level)
);

-- Events from now on earn rebates; the history before the team module does not.
INSERT INTO team_cursors (source, at) VALUES ('ROUND', now()), ('RECHARGE', now());

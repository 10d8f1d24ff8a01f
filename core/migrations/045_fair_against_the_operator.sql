-- Fair even against the operator (issue 10, decision 040): hash chains, a public beacon,
-- commitments kept on bets, a signed public log, and triggers that refuse to rewrite a round.

-- A room's seeds come from SHA-256 chains made in advance and used in reverse. Each room has two
-- lanes (rounds alternate between them by the parity of their slot), so that the next round's
-- commitment, which equals the previous round of its lane's seed, never reveals the seed of the
-- round still open. The chain's top seed is kept encrypted (AES-256-GCM); the terminal hash is
-- public from creation.
CREATE TABLE game_chains (
  id serial PRIMARY KEY,
  coin text NOT NULL,
  level integer NOT NULL,
  lane smallint NOT NULL CHECK (lane IN (0, 1)),
  length integer NOT NULL CHECK (length > 0),
  -- The index the next round of this chain takes (1 = the first round, whose seed hashes to the terminal).
  next_index integer NOT NULL DEFAULT 1,
  terminal_hash text NOT NULL CHECK (terminal_hash ~ '^[0-9a-f]{64}$'),
  top_seed_enc text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (coin, level) REFERENCES game_levels (coin, level)
);
CREATE INDEX game_chains_room ON game_chains (coin, level, lane, id DESC);

-- Scheme 1: rounds made before this migration (seed in plain text, no beacon). Scheme 2: the seed
-- comes from a chain, is kept encrypted in seed_enc until the draw reveals it into seed, and the
-- digit also takes the beacon round's randomness.
ALTER TABLE game_rounds
  ADD COLUMN scheme smallint NOT NULL DEFAULT 1,
  ADD COLUMN chain_id integer REFERENCES game_chains (id),
  ADD COLUMN chain_index integer,
  ADD COLUMN seed_enc text,
  ADD COLUMN beacon_round bigint,
  ADD COLUMN beacon_signature text,
  ALTER COLUMN seed DROP NOT NULL;
CREATE UNIQUE INDEX game_rounds_chain ON game_rounds (chain_id, chain_index) WHERE chain_id IS NOT NULL;

-- Defence in depth: a round's commitment, encrypted seed, chain place, beacon round and payout
-- table never change; the seed is written once (the reveal) and must hash to the commitment; a
-- drawn result never changes; settled rounds are never deleted.
CREATE FUNCTION game_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.result IS NOT NULL OR OLD.scheme = 2 THEN
      RAISE EXCEPTION 'game round % cannot be deleted', OLD.id USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
     OR NEW.seed_hash IS DISTINCT FROM OLD.seed_hash
     OR NEW.seed_enc IS DISTINCT FROM OLD.seed_enc
     OR NEW.scheme IS DISTINCT FROM OLD.scheme
     OR NEW.chain_id IS DISTINCT FROM OLD.chain_id
     OR NEW.chain_index IS DISTINCT FROM OLD.chain_index
     OR NEW.beacon_round IS DISTINCT FROM OLD.beacon_round
     OR NEW.payout IS DISTINCT FROM OLD.payout
     OR NEW.start_time IS DISTINCT FROM OLD.start_time
     OR NEW.bet_end_time IS DISTINCT FROM OLD.bet_end_time
     OR NEW.end_time IS DISTINCT FROM OLD.end_time
     OR (OLD.seed IS NOT NULL AND NEW.seed IS DISTINCT FROM OLD.seed)
     OR (OLD.result IS NOT NULL AND NEW.result IS DISTINCT FROM OLD.result)
     OR (OLD.beacon_signature IS NOT NULL AND NEW.beacon_signature IS DISTINCT FROM OLD.beacon_signature) THEN
    RAISE EXCEPTION 'game round % cannot be rewritten (seed, commitment, chain, beacon, payout, times, result)', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.seed IS NULL AND NEW.seed IS NOT NULL
     AND encode(sha256(decode(NEW.seed, 'hex')), 'hex') <> NEW.seed_hash THEN
    RAISE EXCEPTION 'the revealed seed of round % does not match its commitment', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER game_rounds_guard BEFORE UPDATE OR DELETE ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION game_rounds_guard();

-- Every bet keeps the commitment and the beacon round of its round, copied at insert (one index
-- lookup), so that a receipt shows them and a player can check the reveal against their own copy.
-- game_place_bet (migrations 011/013) is left as it is.
ALTER TABLE bets ADD COLUMN commitment text, ADD COLUMN beacon_round bigint;
CREATE FUNCTION bets_keep_commitment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.seed_hash, g.beacon_round INTO NEW.commitment, NEW.beacon_round
    FROM game_rounds g WHERE g.id = NEW.round_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER bets_keep_commitment BEFORE INSERT ON bets
  FOR EACH ROW EXECUTE FUNCTION bets_keep_commitment();
CREATE FUNCTION bets_commitment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.commitment IS DISTINCT FROM OLD.commitment OR NEW.beacon_round IS DISTINCT FROM OLD.beacon_round
     OR NEW.round_id IS DISTINCT FROM OLD.round_id THEN
    RAISE EXCEPTION 'the commitment kept on bet % cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER bets_commitment_guard BEFORE UPDATE OF commitment, beacon_round, round_id ON bets
  FOR EACH ROW EXECUTE FUNCTION bets_commitment_guard();

-- Beacon rounds fetched (drand) or made (sandbox), kept so that anyone can re-check them.
CREATE TABLE beacon_rounds (
  source text NOT NULL,
  round bigint NOT NULL,
  signature text NOT NULL,
  randomness text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, round)
);

-- The public, append-only log of commitments: each entry's body (canonical JSON) names the
-- previous entry's hash and is signed with the operator's Ed25519 key.
CREATE TABLE fairness_log (
  seq bigint PRIMARY KEY,
  body text NOT NULL,
  hash text NOT NULL,
  signature text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION fairness_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the fairness log is append-only' USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER fairness_log_append_only BEFORE UPDATE OR DELETE ON fairness_log
  FOR EACH ROW EXECUTE FUNCTION fairness_log_append_only();

-- What settlement refused (a seed that does not match its commitment, a broken chain, a bet whose
-- kept commitment differs): visible to operators, the round stays undrawn.
CREATE TABLE fairness_alarms (
  id bigserial PRIMARY KEY,
  round_id bigint NOT NULL,
  problem text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fairness_alarms_once ON fairness_alarms (round_id, problem);

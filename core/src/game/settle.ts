import { digitOf } from "#contract/fairness-proof";
import { beaconValue } from "../beacon/beacon";
import { creditMany } from "../ledger/ledger";
import type { Db, Sql } from "../platform/db";
import { leadsToTerminal } from "./chains";
import { type Fairness, fairnessOf } from "./fairness-keys";
import { deriveDigitSync, seedHashSync } from "./fairness-node";
import { DEFAULT_PAYOUT_TABLE, type PayoutTable, multipliersFor, netStakeBp } from "./payout";
import { secretSeedOf } from "./rounds";

interface Settlement {
  roundId: number;
  result: number;
  bets: number;
  paidBets: number;
  paidCents: number;
}

interface LockedRound {
  id: number;
  seed: string | null;
  seedEnc: string | null;
  seedHash: string;
  payout: PayoutTable;
  endTime: number;
  scheme: number;
  chainIndex: number | null;
  terminalHash: string | null;
}

/** Why a round must not be drawn (settlement refuses and raises an alarm), or null. */
async function fairnessProblem(tx: Sql, f: Fairness, round: LockedRound, seed: string) {
  if (seedHashSync(seed) !== round.seedHash) return { problem: "SEED_MISMATCH", detail: {} };
  if (round.scheme === 2) {
    if (round.chainIndex === null || round.terminalHash === null) return { problem: "NO_CHAIN", detail: {} };
    if (!(await leadsToTerminal(seed, round.chainIndex, round.terminalHash))) {
      return { problem: "CHAIN_BROKEN", detail: { chainIndex: round.chainIndex } };
    }
    const kept = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bets WHERE round_id = $1 AND commitment IS DISTINCT FROM $2",
      [round.id, round.seedHash],
    );
    if ((kept[0]?.n ?? 0) > 0) return { problem: "BET_COMMITMENT_MISMATCH", detail: { bets: kept[0].n } };
  }
  return null;
}

/**
 * Records an alarm once per round and problem, and writes it to the log at error that once: the
 * round is tried again on later passes (a key put back may let it be drawn), without a log line
 * a second.
 */
async function raiseAlarm(db: Sql, f: Fairness, roundId: number, problem: string, detail: object) {
  const added = await db.query(
    `INSERT INTO fairness_alarms (round_id, problem, detail) VALUES ($1, $2, $3)
     ON CONFLICT (round_id, problem) DO NOTHING RETURNING 1`,
    [roundId, problem, JSON.stringify(detail)],
  );
  if (added.length === 0) return;
  f.log?.error({ roundId, problem, detail }, "fairness alarm: round not drawn");
  if (!f.log) console.error(`fairness alarm: round ${roundId} not drawn: ${problem}`);
}

/**
 * Settles one ended round, exactly once: in one transaction it locks the round row (another
 * process holding it is skipped, not waited for), checks the seed against its commitment, its
 * chain and the commitments kept on its bets (any mismatch: no draw, an alarm), draws the digit
 * from the seed and (scheme 2) the beacon round's randomness, marks the round settled (which
 * reveals the seed), settles every bet with one UPDATE, and credits all winnings with the
 * ledger's creditMany (one statement: entries and balances).
 * Returns null when the round is already settled, not found, being settled elsewhere, waiting for
 * its beacon round, or refused. The ledger's unique (kind, ref_id, user, coin) index is the last
 * line against double payment.
 */
export async function settleRound(
  db: Db,
  roundId: number,
  nowMs: number,
  f: Fairness = fairnessOf(),
): Promise<Settlement | null> {
  // The beacon round is read (or fetched) before the transaction: no network wait under a lock.
  const head = await db.query<{ beacon_round: number | null; end_time: number }>(
    "SELECT beacon_round, end_time FROM game_rounds WHERE id = $1 AND result IS NULL AND voided_at IS NULL",
    [roundId],
  );
  if (!head[0] || head[0].end_time > nowMs) return null;
  const beaconRound = head[0].beacon_round === null ? null : Number(head[0].beacon_round);
  const beacon = beaconRound === null ? null : await beaconValue(db, f.beacon, beaconRound, nowMs);
  if (beaconRound !== null && !beacon) return null;

  let alarm: { problem: string; detail: object } | null = null;
  const settled = await db.tx(async (tx) => {
    const rows = await tx.query<LockedRound>(
      `SELECT g.id, g.seed, g.seed_enc AS "seedEnc", g.seed_hash AS "seedHash", g.payout,
         g.end_time AS "endTime", g.scheme, g.chain_index AS "chainIndex", c.terminal_hash AS "terminalHash"
       FROM game_rounds g LEFT JOIN game_chains c ON c.id = g.chain_id
       WHERE g.id = $1 AND g.result IS NULL AND g.voided_at IS NULL FOR UPDATE OF g SKIP LOCKED`,
      [roundId],
    );
    const round = rows[0];
    if (!round) return null;
    if (round.endTime > nowMs) return null;
    let seed: string;
    try {
      seed = secretSeedOf(f, round);
    } catch {
      alarm = { problem: "SEED_UNREADABLE", detail: {} };
      return null;
    }
    alarm = await fairnessProblem(tx, f, round, seed);
    if (alarm) return null;
    const table = { ...DEFAULT_PAYOUT_TABLE, ...round.payout };
    const result = beacon ? digitOf(seed, round.id, beacon.randomness) : deriveDigitSync(seed, round.id);
    await tx.query(
      "UPDATE game_rounds SET result = $2, settled_at = now(), seed = $3, beacon_signature = $4 WHERE id = $1",
      [round.id, result, seed, beacon?.signature ?? null],
    );

    const multipliers = multipliersFor(result, table);
    const settled = await tx.query<{ bets: number }>(
      `WITH m AS (SELECT * FROM unnest($2::text[], $3::bigint[]) AS m (name, bp)),
       s AS (
         UPDATE bets b SET
           status = CASE WHEN m.bp > 0 THEN 'WIN' ELSE 'LOSE' END,
           win_amount_cents = floor(b.total_amount_cents::numeric * $4 * m.bp / 100000000)::bigint,
           settled_at = now()
         FROM m WHERE b.round_id = $1 AND b.status = 'WAITING' AND b.bet_name = m.name
         RETURNING 1)
       SELECT count(*)::int AS bets FROM s`,
      [round.id, multipliers.map((m) => m.name), multipliers.map((m) => m.bp), netStakeBp(table)],
    );

    const bets = settled[0]?.bets ?? 0;
    if (bets === 0) return { roundId: round.id, result, bets: 0, paidBets: 0, paidCents: 0 };
    const paid = await creditMany(tx, {
      kind: "WIN",
      counter: "HOUSE",
      source: `SELECT user_id, coin, win_amount_cents AS amount, id::text AS ref_id,
                 'round ' || round_id::text AS memo, id AS ord
               FROM bets WHERE round_id = $1 AND status = 'WIN' AND win_amount_cents > 0`,
      params: [round.id],
    });
    return {
      roundId: round.id,
      result,
      bets,
      paidBets: paid.entries,
      paidCents: paid.cents,
    };
  });
  const raised = alarm as { problem: string; detail: object } | null;
  if (raised) await raiseAlarm(db, f, roundId, raised.problem, raised.detail);
  return settled;
}

/**
 * Settles every ended round not settled nor voided yet, oldest first (also those missed while
 * down); rounds settlement refused before (an alarm) come after the others, so that however many
 * are stuck, they never hold up the draw of the rest.
 */
export async function settleDue(
  db: Db,
  nowMs: number,
  limit = 100,
  f: Fairness = fairnessOf(),
): Promise<Settlement[]> {
  const due = await db.query<{ id: number }>(
    `SELECT g.id FROM game_rounds g WHERE g.result IS NULL AND g.voided_at IS NULL AND g.end_time <= $1
     ORDER BY EXISTS (SELECT 1 FROM fairness_alarms a WHERE a.round_id = g.id), g.end_time, g.id LIMIT $2`,
    [nowMs, limit],
  );
  const out: Settlement[] = [];
  for (const { id } of due) {
    const s = await settleRound(db, Number(id), nowMs, f);
    if (s) out.push(s);
  }
  return out;
}

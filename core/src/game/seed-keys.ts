import type { Sql } from "../platform/db";
import { chainContext } from "./chains";
import { type Fairness, openSeed } from "./fairness-keys";
import { CREATION_LOCK, appendLog } from "./fairness-log";
import { roundSeedContext } from "./rounds";
import { type VoidedRound, voidRound } from "./void-rounds";

/**
 * The seed key at start-up and after one is lost (decision 057; docs/operations.md, "Rotating
 * the seed key"). Every round's seed comes from its room lane's newest chain, whose top seed is
 * sealed with the key of the day it was made: a core whose keys do not open them could make no
 * round of those rooms, and would fail every game page and log an error every second. It refuses
 * to start instead.
 */
interface UnreadableChain {
  id: number;
  coin: string;
  level: number;
  lane: number;
}

/**
 * The newest chain of each room lane, if it still has seeds to give (not used up, not retired)
 * and no key opens its top seed.
 */
export async function unreadableChains(db: Sql, f: Fairness): Promise<UnreadableChain[]> {
  const rows = await db.query<
    UnreadableChain & {
      length: number;
      next_index: number;
      top_seed_enc: string;
      terminal_hash: string;
      retired: boolean;
    }
  >(
    `SELECT DISTINCT ON (coin, level, lane) id, coin, level, lane, length, next_index, top_seed_enc, terminal_hash,
       retired_at IS NOT NULL AS retired
     FROM game_chains ORDER BY coin, level, lane, id DESC`,
  );
  return rows
    .filter(
      (c) =>
        !c.retired && c.next_index <= c.length && !opens(f, c.top_seed_enc, chainContext(c.terminal_hash)),
    )
    .map(({ id, coin, level, lane }) => ({ id, coin, level, lane }));
}

function opens(f: Fairness, sealed: string, context: string): boolean {
  try {
    openSeed(f, sealed, context);
    return true;
  } catch {
    return false;
  }
}

/**
 * Rounds not drawn nor voided whose sealed seed no key opens, of those whose betting closes after
 * `openAfterMs` (all of them by default): no one can draw them.
 */
async function undrawableRounds(db: Sql, f: Fairness, openAfterMs = Number.MIN_SAFE_INTEGER) {
  const rows = await db.query<{ id: string; seed_enc: string; bet_end_time: string }>(
    `SELECT id::text AS id, seed_enc, bet_end_time::text AS bet_end_time FROM game_rounds
     WHERE result IS NULL AND voided_at IS NULL AND seed_enc IS NOT NULL AND bet_end_time > $1 ORDER BY id`,
    [openAfterMs],
  );
  return rows
    .filter((r) => !opens(f, r.seed_enc, roundSeedContext(Number(r.id))))
    .map((r) => ({ id: r.id, betEndTime: Number(r.bet_end_time) }));
}

/** Undrawable rounds that still take bets (betting closes after `nowMs`): a bet on one could never be settled. */
export const undrawableOpenRounds = (db: Sql, f: Fairness, nowMs: number) => undrawableRounds(db, f, nowMs);

/** The moment the last of `rounds` stops taking bets, for the operator (ISO, UTC). */
const lastBetEnd = (rounds: Array<{ betEndTime: number }>) =>
  new Date(Math.max(...rounds.map((r) => r.betEndTime))).toISOString();

/** What the operator reads when the core refuses to start for its seed key, or null: it may start. */
export function seedKeyProblem(
  chains: UnreadableChain[],
  openRounds: Array<{ id: string; betEndTime: number }>,
): string | null {
  if (chains.length) {
    const ids = chains
      .map((c) => c.id)
      .sort((a, b) => a - b)
      .join(", ");
    return (
      `FAIRNESS_SEED_KEY does not open the sealed top seed of ${chains.length} hash chain(s) of this database ` +
      `(chain ${ids}): the key was changed or mistyped, and no round of their rooms could be drawn. ` +
      "Set FAIRNESS_SEED_KEY back to the key they were sealed with; to rotate keys, put that key in " +
      "FAIRNESS_SEED_KEY_PREVIOUS beside the new FAIRNESS_SEED_KEY. Only if that key is lost for good: " +
      "node build/core/admin.js fairness retire-unreadable (docs/operations.md)."
    );
  }
  if (openRounds.length) {
    return (
      `${openRounds.length} round(s) sealed with a seed key no longer configured would still take bets ` +
      `(round ${openRounds.map((r) => r.id).join(", ")}), and no one could draw them: put the key they were ` +
      "sealed with in FAIRNESS_SEED_KEY_PREVIOUS; only if that key is lost for good: " +
      "node build/core/admin.js fairness retire-unreadable voids them and refunds their bets " +
      `(or start the core after ${lastBetEnd(openRounds)}, when their betting has closed).`
    );
  }
  return null;
}

/**
 * After a lost key (decision 058), in the caller's transaction: the lanes' unreadable chains end
 * now (retired_at; their unused seeds are never used, and each lane's next round starts a new
 * chain sealed with today's key, announced in the public log as usual), and every round no key
 * can draw is voided and its bets refunded (void-rounds.ts), so that the core may start at once
 * and no stake stays held for a draw that cannot happen. Both are written to the public log.
 */
export async function retireUnreadableChains(tx: Sql, f: Fairness, nowMs: number) {
  // Before reading: no core makes a chain or a round meanwhile (and the log keeps its order).
  await tx.query("SELECT pg_advisory_xact_lock($1)", [CREATION_LOCK]);
  const chains = await unreadableChains(tx, f);
  if (chains.length) {
    const ended = await tx.query<UnreadableChain & { used: number }>(
      `UPDATE game_chains SET retired_at = now() WHERE id = ANY($1::int[]) AND retired_at IS NULL
       RETURNING id, coin, level, lane, next_index - 1 AS used`,
      [chains.map((c) => c.id)],
    );
    for (const c of ended.sort((a, b) => a.id - b.id)) {
      await appendLog(
        tx,
        f,
        { kind: "retire", chainId: c.id, coin: c.coin, level: c.level, lane: c.lane, used: c.used },
        nowMs,
      );
    }
  }
  const voided: VoidedRound[] = [];
  for (const r of await undrawableRounds(tx, f)) {
    const done = await voidRound(tx, f, Number(r.id), "SEED_UNREADABLE", nowMs);
    if (done) voided.push(done);
  }
  return { chains, voided };
}

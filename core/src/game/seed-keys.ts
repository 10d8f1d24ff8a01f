import type { Sql } from "../platform/db";
import { chainContext } from "./chains";
import { type Fairness, openSeed } from "./fairness-keys";
import { roundSeedContext } from "./rounds";

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

/** The newest chain of each room lane, if it still has seeds to give and no key opens its top seed. */
export async function unreadableChains(db: Sql, f: Fairness): Promise<UnreadableChain[]> {
  const rows = await db.query<
    UnreadableChain & { length: number; next_index: number; top_seed_enc: string; terminal_hash: string }
  >(
    `SELECT DISTINCT ON (coin, level, lane) id, coin, level, lane, length, next_index, top_seed_enc, terminal_hash
     FROM game_chains ORDER BY coin, level, lane, id DESC`,
  );
  return rows
    .filter((c) => c.next_index <= c.length && !opens(f, c.top_seed_enc, chainContext(c.terminal_hash)))
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
 * Rounds not yet drawn that still take bets (betting closes after `nowMs`) and whose sealed seed
 * no key opens: a bet on one could never be settled.
 */
export async function undrawableOpenRounds(db: Sql, f: Fairness, nowMs: number) {
  const rows = await db.query<{ id: string; seed_enc: string; bet_end_time: string }>(
    `SELECT id::text AS id, seed_enc, bet_end_time::text AS bet_end_time FROM game_rounds
     WHERE result IS NULL AND seed_enc IS NOT NULL AND bet_end_time > $1 ORDER BY id`,
    [nowMs],
  );
  return rows
    .filter((r) => !opens(f, r.seed_enc, roundSeedContext(Number(r.id))))
    .map((r) => ({ id: r.id, betEndTime: Number(r.bet_end_time) }));
}

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
      `(round ${openRounds.map((r) => r.id).join(", ")}), and no one could draw them: start the core after ` +
      `${lastBetEnd(openRounds)}, or put the key they were sealed with in FAIRNESS_SEED_KEY_PREVIOUS.`
    );
  }
  return null;
}

/**
 * After a lost key: the lanes' unreadable chains end now (their unused seeds are never used), so
 * that each lane's next round starts a new chain sealed with today's key and announced in the
 * public log as usual. Answers the chains and their rounds not yet drawn, which no key can draw
 * (settlement refuses them with SEED_UNREADABLE alarms).
 */
export async function retireUnreadableChains(tx: Sql, f: Fairness) {
  const chains = await unreadableChains(tx, f);
  if (chains.length === 0) return { chains, undrawnRounds: [] as string[], startAfter: null };
  const ids = chains.map((c) => c.id);
  await tx.query("UPDATE game_chains SET next_index = length + 1 WHERE id = ANY($1::int[])", [ids]);
  const rounds = await tx.query<{ id: string; bet_end_time: string }>(
    `SELECT id::text AS id, bet_end_time::text AS bet_end_time FROM game_rounds
     WHERE chain_id = ANY($1::int[]) AND result IS NULL ORDER BY id`,
    [ids],
  );
  return {
    chains,
    undrawnRounds: rounds.map((r) => r.id),
    /** When the last of them stops taking bets: the core may start after it (seedKeyProblem). */
    startAfter: rounds.length
      ? lastBetEnd(rounds.map((r) => ({ betEndTime: Number(r.bet_end_time) })))
      : null,
  };
}

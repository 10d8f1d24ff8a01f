import type { PointInfo } from "#contract/assets";
import { type Coin, fromCents } from "#contract/money";
import { post } from "../ledger/ledger";
import { assertMay } from "../limits/limits";
import { writeAudit } from "../operator/audit";
import type { Db, Sql } from "../platform/db";
import { Refusal } from "../platform/http";

interface PointRules {
  coin: Coin;
  /** Point cents per staked cent of `coin`, in basis points: 1 point per 100 CHIP = 100. */
  rateBp: number;
}

export async function pointRules(db: Sql): Promise<PointRules> {
  const [row] = await db.query<{ coin: Coin; rate_bp: number }>(
    "SELECT coin, rate_bp FROM point_rules WHERE id = 1",
  );
  return { coin: row?.coin ?? "CHIP", rateBp: row?.rate_bp ?? 0 };
}

/**
 * Points from turnover (docs/wallet.md "Points"): what a player has staked in the rule's coin is
 * the sum of their BET ledger entries less their REFUND ones (a bet on a voided round, decision
 * 058) (the ledger, not the game's tables); earned points are that
 * times the rate, rounded down to the cent; what was claimed is the sum of POINT_CLAIM entries.
 */
async function standing(db: Sql, userId: number, rules: PointRules) {
  const [row] = await db.query<{ turnover: number | null; claimed: number | null }>(
    `SELECT (SELECT -sum(amount) FROM ledger_entries WHERE user_id = $1 AND coin = $2 AND kind IN ('BET', 'REFUND')) AS turnover,
            (SELECT sum(amount) FROM ledger_entries WHERE user_id = $1 AND coin = 'POINT' AND kind = 'POINT_CLAIM') AS claimed`,
    [userId, rules.coin],
  );
  const turnover = Number(row?.turnover ?? 0);
  const claimed = Number(row?.claimed ?? 0);
  const earned = Math.floor((turnover * rules.rateBp) / 10000);
  return { turnover, claimed, earned, claimable: Math.max(0, earned - claimed) };
}

export async function pointInfo(db: Sql, userId: number): Promise<PointInfo> {
  const rules = await pointRules(db);
  const s = await standing(db, userId, rules);
  return {
    coin: rules.coin,
    turnover: fromCents(s.turnover),
    pointsPer100: rules.rateBp / 100,
    earned: fromCents(s.earned),
    claimed: fromCents(s.claimed),
    claimable: fromCents(s.claimable),
  };
}

/**
 * Claims every point earned and not yet claimed into the POINT balance (POINT_CLAIM from
 * POINTS_ISSUED). A per-player transaction lock makes parallel claims wait for each other, so the
 * second sees the first one's entry and finds nothing left; the entry's reference (the running
 * total earned) is a second guard, unique in the ledger. Answers the points received (0: none).
 */
export async function claimPoints(
  db: Db,
  userId: number,
  nowMs: number,
): Promise<{ receivedCents: number; pointCents: number }> {
  return db.tx(async (tx) => {
    await assertMay(tx, { now: () => nowMs }, userId, "claim");
    await tx.query("SELECT pg_advisory_xact_lock(31, $1::int)", [userId]);
    const rules = await pointRules(tx);
    const s = await standing(tx, userId, rules);
    if (s.claimable <= 0) {
      const [row] = await tx.query<{ balance: number }>(
        "SELECT balance FROM accounts WHERE user_id = $1 AND coin = 'POINT'",
        [userId],
      );
      return { receivedCents: 0, pointCents: Number(row?.balance ?? 0) };
    }
    const pointCents = await post(tx, {
      userId,
      coin: "POINT",
      amount: s.claimable,
      kind: "POINT_CLAIM",
      counter: "POINTS_ISSUED",
      refId: `earned:${s.earned}:claimed:${s.claimed}`,
      memo: `turnover ${fromCents(s.turnover)} ${rules.coin}`,
    });
    return { receivedCents: s.claimable, pointCents };
  });
}

async function setPointRate(tx: Sql, raw: string): Promise<{ before: number; after: number }> {
  const text = raw.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100)
    throw new Refusal("pointsPer100: points per 100 staked, from 0 to 100 (e.g. 1)");
  const before = (await pointRules(tx)).rateBp;
  const after = Math.round(Number(text) * 100);
  await tx.query("UPDATE point_rules SET rate_bp = $1, updated_at = now() WHERE id = 1", [after]);
  return { before: before / 100, after: after / 100 };
}

/**
 * An operator's change of the points per 100 staked (the API's POST /exchange/points, the CLI's
 * `points rate`) and its audit entry, in one transaction.
 */
export async function setPointRateAudited(db: Db, operator: string, raw: string) {
  return db.tx(async (tx) => {
    const change = await setPointRate(tx, raw);
    await writeAudit(tx, { operator, action: "points.rate.set", target: "pointsPer100", detail: change });
    return change;
  });
}

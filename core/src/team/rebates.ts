import { Code } from "#contract/codes";
import { fromCents } from "#contract/money";
import type { Rebate, RebatePage, RebateReceiveResult } from "#contract/team";
import { maskPhone } from "../game/records";
import { balances, creditMany } from "../ledger/ledger";
import type { Db, Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import { pageOf, selectPage } from "../platform/paging";
import { beforeClaim } from "./guard";

interface RebateRow {
  id: number;
  kind: Rebate["kind"];
  level: number;
  phone: string;
  base_cents: number;
  rate_bp: number;
  amount_cents: number;
  status: Rebate["status"];
  created_at: Date | string;
  claimed_at: Date | string | null;
}

function rebateOf(r: RebateRow): Rebate {
  return {
    id: Number(r.id),
    kind: r.kind,
    level: r.level,
    fromPhone: maskPhone(r.phone),
    baseAmount: fromCents(Number(r.base_cents)),
    rate: r.rate_bp / 100,
    amount: fromCents(Number(r.amount_cents)),
    status: r.status,
    createTime: new Date(r.created_at).getTime(),
    claimTime: r.claimed_at ? new Date(r.claimed_at).getTime() : null,
  };
}

/** A player's rebates, newest first, with what is still to claim and what was claimed. */
export async function rebatePage(
  db: Sql,
  userId: number,
  q: { pageNo: number; pageSize: number; status?: Rebate["status"] },
): Promise<RebatePage> {
  const params: unknown[] = [userId];
  let where = "r.user_id = $1";
  if (q.status) where += ` AND r.status = $${params.push(q.status)}`;
  const [{ rows, total }, [sums]] = await Promise.all([
    selectPage<RebateRow>(db, {
      columns:
        "r.id, r.kind, r.level, u.phone, r.base_cents, r.rate_bp, r.amount_cents, r.status, r.created_at, r.claimed_at",
      from: "team_rebates r JOIN users u ON u.id = r.source_user_id",
      countFrom: "team_rebates r",
      where,
      params,
      orderBy: "r.id DESC",
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    }),
    db.query<{ pending: number | null; pending_count: number; claimed: number | null }>(
      `SELECT sum(amount_cents) FILTER (WHERE status = 'PENDING') AS pending,
              count(*) FILTER (WHERE status = 'PENDING')::int AS pending_count,
              sum(amount_cents) FILTER (WHERE status = 'CLAIMED') AS claimed
       FROM team_rebates WHERE user_id = $1`,
      [userId],
    ),
  ]);
  return {
    ...pageOf(rows.map(rebateOf), total, q),
    pendingAmount: fromCents(Number(sums.pending ?? 0)),
    pendingCount: sums.pending_count,
    claimedAmount: fromCents(Number(sums.claimed ?? 0)),
  };
}

/** At most this many rebates are claimed at once (a second claim takes the rest). */
const CLAIM_MAX = 1000;

/**
 * Claims one pending rebate (`id`) or all of them: each row turns CLAIMED in the same transaction
 * that credits it from the REBATES system account (kind REBATE, ref = the rebate's id, unique in
 * the ledger). The conditional update (status = 'PENDING') lets only one of many parallel claims
 * take a row; the others find nothing to claim.
 */
export async function claimRebates(
  db: Db,
  userId: number,
  id: number | undefined,
  nowMs: number,
): Promise<RebateReceiveResult> {
  const claimed = await db.tx(async (tx) => {
    await beforeClaim(tx, userId, nowMs);
    const rows = await tx.query<{ id: number; amount_cents: number }>(
      `UPDATE team_rebates SET status = 'CLAIMED', claimed_at = $3
       WHERE id IN (SELECT id FROM team_rebates WHERE user_id = $1 AND status = 'PENDING'
                    AND ($2::bigint IS NULL OR id = $2) ORDER BY id LIMIT ${CLAIM_MAX} FOR UPDATE)
         AND status = 'PENDING'
       RETURNING id, amount_cents`,
      [userId, id ?? null, new Date(nowMs).toISOString()],
    );
    if (rows.length === 0) return null;
    const ids = rows.map((r) => Number(r.id));
    await creditMany(tx, {
      kind: "REBATE",
      counter: "REBATES",
      source: `SELECT user_id, 'CHIP'::text AS coin, amount_cents AS amount, id::text AS ref_id,
                 lower(kind) || ' rebate, level ' || level AS memo, id AS ord
               FROM team_rebates WHERE id = ANY($1::bigint[])`,
      params: [ids],
    });
    return { count: rows.length, cents: rows.reduce((sum, r) => sum + Number(r.amount_cents), 0) };
  });
  if (!claimed) {
    if (id !== undefined) {
      const [row] = await db.query<{ status: string }>(
        "SELECT status FROM team_rebates WHERE id = $1 AND user_id = $2",
        [id, userId],
      );
      if (!row) throw new ApiError(Code.NOT_FOUND, "This rebate does not exist", { reason: "NOT_FOUND" });
      throw new ApiError(Code.CONFLICT, "This rebate was already claimed", { reason: "ALREADY_CLAIMED" });
    }
    throw new ApiError(Code.BAD_REQUEST, "There is nothing to claim", { reason: "NOTHING_TO_CLAIM" });
  }
  const money = await balances(db, userId);
  return { count: claimed.count, amount: fromCents(claimed.cents), chip: fromCents(money.CHIP) };
}

import type { AssetRecord } from "#contract/assets";
import type { Page } from "#contract/envelope";
import { type Coin, fromCents } from "#contract/money";
import type { Sql } from "../platform/db";
import { pageOf, selectPage } from "../platform/paging";

interface EntryRow {
  id: number;
  coin: Coin;
  kind: string;
  amount: number;
  balance_after: number;
  created_at: Date | string;
  ref_id: string | null;
  memo: string | null;
  total_count: number;
}

function refTypeOf(kind: string): AssetRecord["refType"] {
  if (kind === "BET" || kind === "WIN" || kind === "REFUND") return "BET";
  if (kind.startsWith("EXCHANGE")) return "EXCHANGE";
  if (kind.startsWith("STAKE")) return "PLEDGE";
  return null;
}

/**
 * The asset records (GET /app/user/account/findUserAccountRecordPage): every ledger entry of the
 * player, newest first, optionally of one coin and one kind, with the balance after it and what
 * it refers to. The ledger's (user_id, coin, id) index serves it.
 */
export async function assetRecordPage(
  db: Sql,
  userId: number,
  q: { pageNo: number; pageSize: number; coin?: Coin; kind?: string },
): Promise<Page<AssetRecord>> {
  const params: unknown[] = [userId];
  const where = ["user_id = $1"];
  if (q.coin) where.push(`coin = $${params.push(q.coin)}`);
  if (q.kind) where.push(`kind = $${params.push(q.kind)}`);
  const filter = where.join(" AND ");
  const { rows, total } = await selectPage<EntryRow>(db, {
    columns: "id, coin, kind, amount, balance_after, created_at, ref_id, memo",
    from: "ledger_entries",
    where: filter,
    params,
    orderBy: "id DESC",
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      coin: r.coin,
      kind: r.kind,
      amount: fromCents(Number(r.amount)),
      balanceAfter: fromCents(Number(r.balance_after)),
      createTime: new Date(r.created_at).getTime(),
      refId: r.ref_id,
      memo: r.memo,
      refType: refTypeOf(r.kind),
    })),
    total,
    q,
  );
}

import type { Page } from "#contract/envelope";
import type { Sql } from "./db";

/**
 * One page of rows and the number of all rows, in one statement (`count(*) OVER ()`). A page
 * past the end has no row to carry the count: only then is it asked apart (an empty page 1 means
 * none at all). `from` and `where` are SQL with `params` as $1..$n; `countFrom` is the FROM of
 * that count when `from` joins what the count does not need.
 */
export async function selectPage<Row>(
  db: Sql,
  q: {
    columns: string;
    from: string;
    countFrom?: string;
    where: string;
    params: unknown[];
    orderBy: string;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ rows: Row[]; total: number }> {
  const rows = await db.query<Row & { total_count: number }>(
    `SELECT ${q.columns}, count(*) OVER ()::int AS total_count FROM ${q.from} WHERE ${q.where}
     ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
    q.params,
  );
  if (rows[0]) return { rows, total: rows[0].total_count };
  if (q.pageNo === 1) return { rows, total: 0 };
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${q.countFrom ?? q.from} WHERE ${q.where}`,
    q.params,
  );
  return { rows, total: count.n };
}

/** The wire page of `content`, `total` rows in all, at `q`'s page number and size. */
export function pageOf<T>(content: T[], total: number, q: { pageNo: number; pageSize: number }): Page<T> {
  return { content, totalElements: total, pageNo: q.pageNo, pageSize: q.pageSize };
}

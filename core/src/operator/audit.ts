import { userInfo } from "node:os";
import type { Sql } from "../platform/db";

interface AuditEntry {
  /** The operator's name from OPERATORS, or cli:<os user> for the admin CLI. */
  operator: string;
  /** What was done, e.g. withdrawal.approve, config.set, deposit.confirm. */
  action: string;
  /** What it was done to, e.g. a withdrawal id. */
  target?: string;
  detail?: Record<string, unknown>;
}

/** Records one operator action; call it inside the transaction that does the action. */
export async function writeAudit(tx: Sql, entry: AuditEntry): Promise<void> {
  await tx.query("INSERT INTO operator_audit (operator, action, target, detail) VALUES ($1, $2, $3, $4)", [
    entry.operator,
    entry.action,
    entry.target ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

/**
 * A background job's pass run now on an operator's demand (the admin CLI or the operator API),
 * then recorded with what it did: one function for both ways in, so that they cannot drift apart.
 */
export async function runPassAudited<T extends object>(
  db: Sql,
  operator: string,
  action: string,
  pass: () => Promise<T>,
): Promise<T> {
  const done = await pass();
  await writeAudit(db, { operator, action, detail: { ...done } as Record<string, unknown> });
  return done;
}

interface AuditRow {
  id: number;
  operator: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** The latest actions first. */
export async function listAudit(db: Sql, limit = 50, beforeId?: number): Promise<AuditRow[]> {
  const rows = await db.query<{
    id: number;
    operator: string;
    action: string;
    target: string | null;
    detail: Record<string, unknown> | string;
    created_at: Date | string;
  }>(
    `SELECT id, operator, action, target, detail, created_at FROM operator_audit
     WHERE $2::bigint IS NULL OR id < $2 ORDER BY id DESC LIMIT $1`,
    [limit, beforeId ?? null],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    operator: r.operator,
    action: r.action,
    target: r.target,
    detail: typeof r.detail === "string" ? JSON.parse(r.detail) : r.detail,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The name the CLI's actions are audited under. */
export function cliOperator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return "cli:unknown";
  }
}

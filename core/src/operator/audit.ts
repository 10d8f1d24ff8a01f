import { userInfo } from "node:os";
import type { Db, Sql } from "../platform/db";

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

/** An operator's add (no id) or edit (of the thing with this id): the fields to change, as typed. */
export interface AddOrEdit {
  id: number | null;
  changes: Record<string, string>;
}

/**
 * An operator's add or edit of one thing (a staking plan, a team task) and its audit entry, in
 * one transaction: `save` answers the thing before (null when it added it) and after. Audited as
 * `<kind>.add` or `<kind>.edit` on the thing's id, with the changes asked for and the before.
 */
export function saveAudited<T extends { id: number }>(
  db: Db,
  operator: string,
  kind: string,
  edit: AddOrEdit,
  save: (tx: Sql, edit: AddOrEdit) => Promise<{ before: T | null; after: T }>,
): Promise<T> {
  return db.tx(async (tx) => {
    const { before, after } = await save(tx, edit);
    await writeAudit(tx, {
      operator,
      action: `${kind}.${before ? "edit" : "add"}`,
      target: String(after.id),
      detail: { changes: edit.changes, before },
    });
    return after;
  });
}

/**
 * An operator's change of a domain's settings and its audit entry, in one transaction: `save`
 * answers the settings before and after; audited as `action` with the changes asked for and the
 * before. Answers the settings after.
 */
export function saveSettingsAudited<T>(
  db: Db,
  operator: string,
  action: string,
  changes: Record<string, string>,
  save: (tx: Sql) => Promise<{ before: T; after: T }>,
): Promise<T> {
  return db.tx(async (tx) => {
    const { before, after } = await save(tx);
    await writeAudit(tx, { operator, action, detail: { changes, before } });
    return after;
  });
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

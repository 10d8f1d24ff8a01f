import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./db";

/** Any fixed number: it names the lock that keeps two starting cores from migrating at once. */
const MIGRATION_LOCK = 7_144_001;

/**
 * Applies core/migrations/NNN_name.sql in order, each once, each in its own transaction.
 * The same files serve PGlite and PostgreSQL.
 */
export async function migrate(db: Db, dir: string): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
  return db.tx(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files.filter((f) => !done.has(f))) {
      await runScript(tx, readFileSync(join(dir, file), "utf8"));
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Runs a script statement by statement (extended protocol takes one statement per call). */
async function runScript(tx: { query: Db["query"] }, sql: string) {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

/** Splits on semicolons outside quotes and $$-blocks; comments are dropped. */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (!quote && ch === "-" && sql[i + 1] === "-") {
      while (i < sql.length && sql[i] !== "\n") i++;
      current += "\n";
      continue;
    }
    if (!quote && ch === "$" && sql[i + 1] === "$") {
      quote = "$$";
      current += "$$";
      i++;
      continue;
    }
    if (quote === "$$" && ch === "$" && sql[i + 1] === "$") {
      quote = null;
      current += "$$";
      i++;
      continue;
    }
    if (!quote && (ch === "'" || ch === '"')) quote = ch;
    else if (quote === ch && quote !== "$$") quote = null;
    if (!quote && ch === ";") {
      if (current.trim()) out.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

import { mkdirSync } from "node:fs";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import pg from "pg";

/** Something that runs parameterised SQL: the database itself, or one transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Sql {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** int8 (bigint) columns hold cents and ids; both stay well inside 2^53. */
const INT8 = 20;
const parseInt8 = (value: string) => Number(value);

export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    parsers: { [INT8]: parseInt8, [pgliteTypes.NUMERIC]: (v: string) => Number(v) },
  });
  const run =
    (q: Pick<PGlite, "query">) =>
    async <T>(text: string, params?: unknown[]) =>
      (await q.query<T>(text, params as unknown[])).rows;
  return {
    kind: "pglite",
    query: run(db),
    // PGlite is one connection: a transaction holds it, so transactions never interleave.
    tx: (fn) => db.transaction((t) => fn({ query: run(t) })),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", () => {
    /* an idle client died; the pool replaces it */
  });
  const parsers = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 || oid === 1700 ? parseInt8 : pg.types.getTypeParser(oid, format as "text"),
  };
  const run =
    (q: pg.Pool | pg.PoolClient) =>
    async <T>(text: string, params?: unknown[]) =>
      (await q.query({ text, values: params, types: parsers })).rows as T[];
  return {
    kind: "postgres",
    query: run(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({ query: run(client) });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

import { mkdirSync } from "node:fs";
import { PGlite, parse, types as pgliteTypes, protocol } from "@electric-sql/pglite";
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

/** True for a unique-constraint violation (PostgreSQL code 23505, on PGlite too). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    parsers: { [INT8]: parseInt8, [pgliteTypes.NUMERIC]: (v: string) => Number(v) },
  });
  const statements: StatementShapes = new Map();
  const run =
    (inTransaction: boolean) =>
    async <T>(text: string, params: unknown[] = []) => {
      const query = async () => {
        const rows = await runStatement(db, statements, text, params);
        if (!inTransaction) await db.syncToFs();
        return rows as T[];
      };
      await db._checkReady(); // "PGlite is closed" after close(), as its query() says
      // PGlite is one connection: outside a transaction a statement waits for any transaction to end.
      return inTransaction
        ? db._runExclusiveQuery(query)
        : db._runExclusiveTransaction(() => db._runExclusiveQuery(query));
    };
  return {
    kind: "pglite",
    query: run(false),
    // PGlite is one connection: a transaction holds it, so transactions never interleave.
    tx: (fn) => db.transaction(() => fn({ query: run(true) })),
    close: () => db.close(),
  };
}

/**
 * The parameter types the server infers for each SQL text (from its "describe"), learnt once:
 * the statements are the code's own, a few hundred texts. Past MAX_SHAPES (texts built with
 * values in them) the oldest are forgotten, which only costs a describe again.
 */
type StatementShapes = Map<string, number[]>;
const MAX_SHAPES = 2_000;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * One statement in one call into PGlite. Its query() makes six for each statement (parse,
 * describe the statement, bind, describe the portal, execute, sync), a quarter of a small
 * read's time (decision 059); here the parameter types come from StatementShapes and the rest goes as one
 * message, the way a PostgreSQL driver pipelines it. Parameters are serialised as PGlite does (its
 * serialiser for the inferred type, else the value as text), results parsed by its own parser.
 * The caller holds PGlite's query lock.
 */
async function runStatement(db: PGlite, statements: StatementShapes, text: string, params: unknown[]) {
  let types = statements.get(text);
  if (!types) {
    const described = await db.execProtocolStream(
      concat([serialize.parse({ text }), serialize.describe({ type: "S" }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = described.find((m) => m.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    types = description?.dataTypeIDs ?? [];
    if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value as string);
    statements.set(text, types);
  }
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[types[i]];
    return serializer ? serializer(value) : String(value);
  });
  const messages = await db.execProtocolStream(
    concat([
      serialize.parse({ text, types }),
      serialize.bind({ values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return parse.parseResults(messages, db.parsers)[0]?.rows ?? [];
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

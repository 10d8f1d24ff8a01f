import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Db, openDb } from "../../../core/src/platform/db";
import { TEST_DATABASES, type TestDatabase, createPostgresDatabase } from "../../support/core";

/** A database of each kind the suite runs on, empty: PGlite in memory, or a throw-away PostgreSQL one. */
async function open(kind: TestDatabase): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === "pglite") {
    const db = await openDb({ dataDir: "memory://" });
    return { db, close: () => db.close() };
  }
  const pg = await createPostgresDatabase();
  return { db: pg.db, close: pg.drop };
}

describe.each(TEST_DATABASES)("statements on %s", (kind) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open(kind));
    await db.query(
      `CREATE TABLE t (id bigint PRIMARY KEY, name text, at timestamptz, tags text[], doc jsonb,
         ok boolean, amount numeric, day date)`,
    );
  });
  afterAll(() => close());

  it("passes every kind of parameter and reads every kind of column back", async () => {
    const at = new Date("2026-11-26T10:11:12.345Z");
    await db.query("INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", [
      1,
      "Ünïcode, 'quotes' and \\ backslash",
      at,
      ["a", "b c", 'd"e'],
      JSON.stringify({ n: 1, list: [1, 2] }),
      true,
      "12.50",
      "2026-11-26",
    ]);
    await db.query("INSERT INTO t (id, name) VALUES ($1, $2)", [2, null]);
    const rows = await db.query<Record<string, unknown>>(
      "SELECT * FROM t WHERE id = ANY($1::bigint[]) ORDER BY id",
      [[1, 2]],
    );
    expect(rows[0]).toMatchObject({
      id: 1,
      name: "Ünïcode, 'quotes' and \\ backslash",
      tags: ["a", "b c", 'd"e'],
      doc: { n: 1, list: [1, 2] },
      ok: true,
      amount: 12.5,
    });
    expect(new Date(rows[0].at as string).getTime()).toBe(at.getTime());
    expect(rows[1]).toMatchObject({ id: 2, name: null, tags: null });
    // The same text again, now with other values: the statement's learnt types still fit.
    const again = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM t WHERE id = ANY($1::bigint[])",
      [[2, 3]],
    );
    expect(again).toEqual([{ n: 1 }]);
  });

  it("reports a failed statement by its SQLSTATE and stays usable after it", async () => {
    await db.query("INSERT INTO t (id) VALUES ($1)", [10]);
    const duplicate = await db.query("INSERT INTO t (id) VALUES ($1)", [10]).catch((e) => e);
    expect(duplicate).toMatchObject({ code: "23505" });
    const syntax = await db.query("SELEC 1").catch((e) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    // A text that failed to parse is not remembered: the next good statement runs as usual.
    expect(await db.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("rolls a transaction back when a statement in it fails, and other statements wait for it", async () => {
    const failed = db
      .tx(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES ($1)", [20]);
        await tx.query("INSERT INTO t (id) VALUES ($1)", [20]);
      })
      .catch((e) => e);
    const outside = db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id = $1", [20]);
    expect(await failed).toMatchObject({ code: "23505" });
    expect(await outside).toEqual([{ n: 0 }]);
    await db.tx(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES ($1)", [21]);
    });
    expect(await db.query("SELECT id FROM t WHERE id = $1", [21])).toEqual([{ id: 21 }]);
  });
});

describe("PGlite statements", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("run as one call into the database each, once the text has been seen (PGlite's query makes six)", async () => {
    const db = await openDb({ dataDir: "memory://" });
    try {
      const calls = vi.spyOn(PGlite.prototype, "execProtocolStream");
      await db.query("SELECT $1::int + 1 AS n", [1]);
      const first = calls.mock.calls.length;
      expect(first).toBeLessThanOrEqual(2);
      expect(await db.query("SELECT $1::int + 1 AS n", [41])).toEqual([{ n: 42 }]);
      expect(calls.mock.calls.length - first).toBe(1);
    } finally {
      await db.close();
    }
    await expect(db.query("SELECT 1")).rejects.toThrow("PGlite is closed");
  });
});

import type { Db, Sql } from "../platform/db";

/** The arguments of one call of the database function game_place_bet (migrations 011 to 014). */
interface BetCall {
  userId: number;
  roundId: number;
  coin: string;
  level: number | null;
  betName: string;
  baseCents: number;
  multiple: number;
  totalCents: number;
  key: string | null;
  nowMs: number;
}

/** What game_place_bet answers for one bet. */
export interface PlaceRow {
  o_status: string;
  o_bet_id: number | null;
  o_created_at: Date | string | null;
  o_balance: number | null;
  o_detail: string | null;
  o_level: number | null;
  o_end_time: number | null;
  /** The round's commitment and beacon round, kept on an OK bet (the receipt's; migration 046). */
  o_commitment: string | null;
  o_beacon_round: number | null;
}

const ONE = "SELECT * FROM game_place_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

/**
 * Several bets in one statement: game_place_bet once per bet, in the order they arrived. Each
 * call sees the ones before it (a later command of the same transaction), so a balance, a loss
 * of the race for the last chip or a repeated key is decided exactly as one statement each would.
 */
const MANY = `SELECT f.* FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::integer[], $5::text[],
    $6::bigint[], $7::integer[], $8::bigint[], $9::text[], $10::bigint[])
    WITH ORDINALITY AS x(u, r, c, l, n, b, m, t, k, now, ord)
  CROSS JOIN LATERAL game_place_bet(x.u, x.r, x.c, x.l, x.n, x.b, x.m, x.t, x.k, x.now, false) AS f
  ORDER BY x.ord`;

/** The most bets one statement takes; more wait for the next. */
const MAX_BATCH = 200;

interface Waiting {
  call: BetCall;
  resolve: (row: PlaceRow) => void;
  reject: (error: unknown) => void;
}

const argsOf = (c: BetCall, lock: boolean) => [
  c.userId,
  c.roundId,
  c.coin,
  c.level,
  c.betName,
  c.baseCents,
  c.multiple,
  c.totalCents,
  c.key,
  c.nowMs,
  lock,
];

/**
 * PGlite is one connection that runs one statement at a time, and most of a bet's cost there is
 * the statement around it, not the work inside game_place_bet (decision 051). So on PGlite, bets
 * that arrive while a statement runs wait for it and then go together in one statement: one bet
 * alone goes at once, as before; under load a statement carries all the bets that queued. If the
 * shared statement fails (an error, not a refusal: those are answers), each bet runs alone, so one
 * bad bet fails only itself. PostgreSQL has a pool of connections and row locks, and places every
 * bet in its own statement (with p_lock, decision 007).
 */
class BetBatches {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  place(call: BetCall): Promise<PlaceRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.waiting.length > 0) await this.run(this.waiting.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async run(batch: Waiting[]) {
    if (batch.length > 1) {
      const rows = await this.many(batch.map((w) => w.call)).catch(() => null);
      if (rows && rows.length === batch.length) {
        batch.forEach((w, i) => w.resolve(rows[i]));
        return;
      }
    }
    for (const w of batch) {
      await this.db.query<PlaceRow>(ONE, argsOf(w.call, false)).then(
        (rows) => w.resolve(rows[0]),
        (error: unknown) => w.reject(error),
      );
    }
  }

  private many(calls: BetCall[]) {
    const column = <K extends keyof BetCall>(k: K) => calls.map((c) => c[k]);
    return this.db.query<PlaceRow>(MANY, [
      column("userId"),
      column("roundId"),
      column("coin"),
      column("level"),
      column("betName"),
      column("baseCents"),
      column("multiple"),
      column("totalCents"),
      column("key"),
      column("nowMs"),
    ]);
  }
}

const batchesOf = new WeakMap<Db, BetBatches>();

/** One call of game_place_bet: batched with the bets that arrive with it on PGlite, alone on PostgreSQL. */
export async function callPlaceBet(db: Db, call: BetCall): Promise<PlaceRow | undefined> {
  if (db.kind === "postgres") return (await db.query<PlaceRow>(ONE, argsOf(call, true)))[0];
  let batches = batchesOf.get(db);
  if (!batches) {
    batches = new BetBatches(db);
    batchesOf.set(db, batches);
  }
  return batches.place(call);
}

/**
 * One call of game_place_bet in a transaction of its own, with what the caller writes beside an
 * accepted bet (`beside`), so that neither exists without the other: a fan's copy of a blogger's
 * bet and its link. Never batched; a refused or repeated bet writes nothing beside it.
 */
export async function callPlaceBetWith(
  db: Db,
  call: BetCall,
  beside: (tx: Sql, row: PlaceRow) => Promise<void>,
): Promise<PlaceRow | undefined> {
  return db.tx(async (tx) => {
    const row = (await tx.query<PlaceRow>(ONE, argsOf(call, db.kind === "postgres")))[0];
    if (row?.o_status === "OK" && row.o_bet_id !== null) await beside(tx, row);
    return row;
  });
}

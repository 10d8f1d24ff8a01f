import { settledChipStakesOfRound, settledRoundsAfter } from "../game/settled-stakes";
import { operatorDayOf } from "../limits/operator-day";
import { runPassAudited } from "../operator/audit";
import type { Db, Sql } from "../platform/db";
import { successfulRechargesAfter } from "../recharge/successes";
import { type TeamSettings, getTeamSettings } from "./settings";

/** How far back each pass reads again before its cursor: a slow commit is still seen. */
const OVERLAP_MS = 10 * 60_000;
const BATCH = 200;
/** The operator's day of the event's time, the statements' $4. */
const DAY_OF_AT = operatorDayOf("$4::timestamptz");

interface Cursor {
  at: string;
  id: string;
}

interface TeamPass {
  /** Source events handled in this pass (rounds and recharges). */
  events: number;
  /** Rebate rows created, and their total in cents. */
  rebates: number;
  cents: number;
}

/** The ancestors (levels 1 to 3) of each source row $1..$3 (source_id, user_id, base). */
const ANCESTORS = `
  s AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS s (source_id, user_id, base)),
  a AS (
    SELECT s.*, p1.id AS l1, p1.parent_id AS l2, p2.parent_id AS l3
    FROM s JOIN users u ON u.id = s.user_id
    LEFT JOIN users p1 ON p1.id = u.parent_id
    LEFT JOIN users p2 ON p2.id = p1.parent_id),
  v AS (
    SELECT x.anc, x.lvl, a.source_id, a.user_id, a.base
    FROM a CROSS JOIN LATERAL (VALUES (1, a.l1), (2, a.l2), (3, a.l3)) AS x (lvl, anc)
    WHERE x.anc IS NOT NULL AND x.anc <> a.user_id)`;

/**
 * For the ancestors (users.parent_id; the parent is fixed at registration, so there is no cycle)
 * of each source row: adds the stakes or recharges to their team_ancestor_days, and writes one
 * rebate row per ancestor whose level has a rate, both on the operator's day of the event's time
 * `at` (decision 068). The unique (kind, source_id, level) makes a
 * second insert of the same event's rebates a no-op (the event itself is claimed once first).
 */
async function creditAncestors(
  tx: Sql,
  kind: "BET" | "RECHARGE",
  source: { ids: string[]; users: number[]; bases: number[]; at: string },
  ratesBp: number[],
): Promise<{ rows: number; cents: number }> {
  if (source.ids.length === 0) return { rows: 0, cents: 0 };
  const column = kind === "BET" ? "bet_cents" : "recharge_cents";
  await tx.query(
    `WITH ${ANCESTORS}
     INSERT INTO team_ancestor_days AS d (user_id, level, day, ${column})
     SELECT anc, lvl, ${DAY_OF_AT}, sum(base) FROM v GROUP BY anc, lvl ORDER BY anc, lvl
     ON CONFLICT (user_id, day, level) DO UPDATE SET ${column} = d.${column} + EXCLUDED.${column}`,
    [source.ids, source.users, source.bases, source.at],
  );
  if (ratesBp.every((r) => r === 0)) return { rows: 0, cents: 0 };
  const [row] = await tx.query<{ n: number; cents: number | null }>(
    `WITH ${ANCESTORS},
     r AS (SELECT v.*, ($4::int[])[v.lvl] AS rate FROM v),
     ins AS (
       INSERT INTO team_rebates (user_id, kind, level, source_id, source_user_id, base_cents, rate_bp, amount_cents, day)
       SELECT anc, $5, lvl, source_id, user_id, base, rate, base * rate / 10000, ${operatorDayOf("$6::timestamptz")} FROM r
       WHERE rate IS NOT NULL AND base * rate / 10000 > 0
       ON CONFLICT (kind, source_id, level) DO NOTHING
       RETURNING amount_cents)
     SELECT count(*)::int AS n, sum(amount_cents) AS cents FROM ins`,
    [source.ids, source.users, source.bases, ratesBp, kind, source.at],
  );
  return { rows: row.n, cents: Number(row.cents ?? 0) };
}

/** Adds a player's settled stakes or recharge to their own all-time figures. */
async function addToMember(
  tx: Sql,
  userId: number,
  add: { bet?: number; recharge?: number },
): Promise<{ recharge_count: number; first_recharge_cents: number | null }> {
  const bet = add.bet ?? 0;
  const recharge = add.recharge ?? 0;
  const count = recharge > 0 ? 1 : 0;
  const [stats] = await tx.query<{ recharge_count: number; first_recharge_cents: number | null }>(
    `INSERT INTO team_member_stats AS s (user_id, bet_cents, recharge_cents, recharge_count, first_recharge_cents)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 > 0 THEN $3::bigint END)
     ON CONFLICT (user_id) DO UPDATE SET bet_cents = s.bet_cents + $2, recharge_cents = s.recharge_cents + $3,
       recharge_count = s.recharge_count + $4,
       first_recharge_cents = COALESCE(s.first_recharge_cents, EXCLUDED.first_recharge_cents), updated_at = now()
     RETURNING recharge_count, first_recharge_cents`,
    [userId, bet, recharge, count],
  );
  return stats;
}

/** Marks an event handled; false when another pass (or process) already did. */
async function claimEvent(tx: Sql, source: "ROUND" | "RECHARGE", id: string): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO team_events_done (source, source_id) VALUES ($1, $2)
     ON CONFLICT (source, source_id) DO NOTHING RETURNING source_id`,
    [source, id],
  );
  return rows.length > 0;
}

async function roundEvent(tx: Sql, round: Cursor, settings: TeamSettings, pass: TeamPass) {
  if (!(await claimEvent(tx, "ROUND", round.id))) return;
  pass.events++;
  const stakes = await settledChipStakesOfRound(tx, round.id);
  if (stakes.length === 0) return;
  const perUser = new Map<number, number>();
  for (const s of stakes) perUser.set(s.userId, (perUser.get(s.userId) ?? 0) + s.stakeCents);
  for (const [userId, cents] of perUser) await addToMember(tx, userId, { bet: cents });
  const made = await creditAncestors(
    tx,
    "BET",
    {
      ids: stakes.map((s) => String(s.betId)),
      users: stakes.map((s) => s.userId),
      bases: stakes.map((s) => s.stakeCents),
      at: round.at,
    },
    settings.betRatesBp,
  );
  pass.rebates += made.rows;
  pass.cents += made.cents;
}

async function rechargeEvent(
  tx: Sql,
  r: { id: string; userId: number; cents: number; at: string },
  settings: TeamSettings,
  pass: TeamPass,
) {
  if (!(await claimEvent(tx, "RECHARGE", r.id))) return;
  pass.events++;
  const stats = await addToMember(tx, r.userId, { recharge: r.cents });
  const made = await creditAncestors(
    tx,
    "RECHARGE",
    { ids: [r.id], users: [r.userId], bases: [r.cents], at: r.at },
    settings.rechargeRatesBp,
  );
  pass.rebates += made.rows;
  pass.cents += made.cents;
  // The register rebate: once per invited player, when their first recharge reaches the minimum.
  if (
    stats.recharge_count === 1 &&
    r.cents >= settings.registerMinRechargeCents &&
    settings.registerRebateCents > 0
  ) {
    const rows = await tx.query<{ amount_cents: number }>(
      `INSERT INTO team_rebates (user_id, kind, level, source_id, source_user_id, base_cents, rate_bp, amount_cents, day)
       SELECT parent_id, 'REGISTER', 1, id::text, id, $2, 0, $3, ${DAY_OF_AT} FROM users
       WHERE id = $1 AND parent_id IS NOT NULL AND parent_id <> id
       ON CONFLICT (kind, source_id, level) DO NOTHING RETURNING amount_cents`,
      [r.userId, r.cents, settings.registerRebateCents, r.at],
    );
    pass.rebates += rows.length;
    pass.cents += rows.length > 0 ? settings.registerRebateCents : 0;
  }
}

async function readCursor(db: Sql, source: string, nowMs: number): Promise<Cursor> {
  const [row] = await db.query<{ at: string }>(
    `SELECT to_char((at - interval '${OVERLAP_MS} milliseconds') AT TIME ZONE 'UTC',
       'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM team_cursors WHERE source = $1`,
    [source],
  );
  // Migration 050 starts both cursors at its own time; without one, the last day.
  return { at: row?.at ?? new Date(nowMs - 86_400_000).toISOString(), id: "" };
}

async function saveCursor(db: Sql, source: string, at: string) {
  await db.query(
    `INSERT INTO team_cursors (source, at) VALUES ($1, $2::timestamptz)
     ON CONFLICT (source) DO UPDATE SET at = GREATEST(team_cursors.at, EXCLUDED.at)`,
    [source, at],
  );
}

interface PassOptions {
  /** Tests: called inside each event's transaction after its rebates (a throw rolls it back). */
  afterEvent?: (source: string, id: string) => void | Promise<void>;
}

/**
 * The team job's pass (decision 044): reads the settled rounds (game) and the successful
 * recharges (recharge module) since its cursors, less an overlap, and handles each event in one
 * transaction that first inserts (source, id) into team_events_done: the process that inserts it
 * adds the figures and the rebate rows, any other skips it, and a crash rolls the whole event back
 * for the next pass. Rebate rows are also unique per (kind, source event, level).
 */
export async function accrueTeam(db: Db, nowMs: number, options: PassOptions = {}): Promise<TeamPass> {
  const settings = await getTeamSettings(db);
  const pass: TeamPass = { events: 0, rebates: 0, cents: 0 };
  const sources = [
    {
      name: "ROUND",
      read: (after: Cursor) => settledRoundsAfter(db, after, BATCH),
      handle: (tx: Sql, e: Cursor & { userId?: number; cents?: number }) => roundEvent(tx, e, settings, pass),
    },
    {
      name: "RECHARGE",
      read: (after: Cursor) => successfulRechargesAfter(db, after, BATCH),
      handle: (tx: Sql, e: { id: string; userId: number; cents: number; at: string }) =>
        rechargeEvent(tx, e, settings, pass),
    },
  ] as const;
  for (const source of sources) {
    let after = await readCursor(db, source.name, nowMs);
    for (;;) {
      const batch = await source.read(after);
      // Events of the overlap handled before: skipped without a transaction each.
      const done = new Set(
        (
          await db.query<{ source_id: string }>(
            "SELECT source_id FROM team_events_done WHERE source = $1 AND source_id = ANY($2::text[])",
            [source.name, batch.map((e) => e.id)],
          )
        ).map((r) => r.source_id),
      );
      for (const event of batch) {
        if (done.has(event.id)) {
          after = { at: event.at, id: event.id };
          continue;
        }
        await db.tx(async (tx) => {
          await source.handle(tx, event as never);
          await options.afterEvent?.(source.name, event.id);
        });
        after = { at: event.at, id: event.id };
      }
      if (batch.length > 0) await saveCursor(db, source.name, after.at);
      if (batch.length < BATCH) break;
    }
  }
  return pass;
}

/** One pass now, on an operator's demand (admin CLI, operator API), audited as team.accrue. */
export function accrueTeamAudited(db: Db, operator: string, nowMs: number): Promise<TeamPass> {
  return runPassAudited(db, operator, "team.accrue", () => accrueTeam(db, nowMs));
}

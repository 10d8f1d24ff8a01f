/**
 * Team statistics benchmark (issue 11): one player with 10,000 members at three levels (100
 * direct, 1,000 at level 2, 8,900 at level 3), every member with all-time and daily figures, and
 * 20,000 rebate rows and a year of the job's per-level sums (team_ancestor_days) of the player. Times, on PGlite in memory, the team page's reads (median of
 * 20 after a warm-up): getUserTeamInfo's figures (target < 200 ms), one level's page of members,
 * and the user info's income fields. Prints the indexes the query plan uses (docs/team.md).
 * Run: npx tsx bench/team.ts   (writes bench/out/team.json too)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openDb } from "../core/src/platform/db";
import { migrate } from "../core/src/platform/migrate";
import { teamIncome, teamInfo, teamLevelPage } from "../core/src/team/stats";

const TARGET_MS = 200;
const db = await openDb({ dataDir: "memory://" });
await migrate(db, fileURLToPath(new URL("../core/migrations", import.meta.url)));
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);

const [top] = await db.query<{ id: number }>(
  "INSERT INTO users (area_code, phone, password_hash, invitation) VALUES ('91', '8000000000', 'x', 'BENCHTOP') RETURNING id",
);
async function level(parents: string, count: number, tag: string) {
  // `count` members spread evenly over the parents of `parents` (a SELECT of ids).
  await db.query(
    `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM (${parents}) x)
     INSERT INTO users (area_code, phone, password_hash, invitation, parent_id)
     SELECT '91', '${tag}' || lpad(g::text, 6, '0'), 'x', 'B${tag}' || lpad(g::text, 6, '0'), p.id
     FROM generate_series(0, ${count - 1}) g JOIN p ON p.k = g % p.n`,
  );
}
await level(`SELECT ${top.id} AS id`, 100, "71");
await level(`SELECT id FROM users WHERE parent_id = ${top.id}`, 1000, "72");
await level(`SELECT id FROM users WHERE phone LIKE '72%'`, 8900, "73");
await db.query(
  `INSERT INTO team_member_stats (user_id, bet_cents, recharge_cents, recharge_count, first_recharge_cents)
   SELECT id, (id % 97) * 1000, (id % 5) * 10000, id % 5, CASE WHEN id % 5 > 0 THEN 10000 END FROM users WHERE id <> $1`,
  [top.id],
);
// The job's per-ancestor sums: a year of days at each level.
await db.query(
  `INSERT INTO team_ancestor_days (user_id, level, day, bet_cents, recharge_cents)
   SELECT $1, l, $2::date - d, 100000 * l, 50000 * l FROM generate_series(1, 3) l, generate_series(0, 364) d`,
  [top.id, today],
);
await db.query(
  `INSERT INTO team_rebates (user_id, kind, level, source_id, source_user_id, base_cents, rate_bp, amount_cents, day)
   SELECT $1, 'BET', 1 + g % 3, 'bench' || g, (SELECT min(id) FROM users WHERE parent_id = $1), 10000, 100, 100, $2::date - (g % 30)
   FROM generate_series(1, 20000) g`,
  [top.id, today],
);
await db.query("ANALYZE");
const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE id <> $1", [
  top.id,
]);
const [user] = await db.query<{
  id: number;
  parent_id: number | null;
  phone: string;
  area_code: string;
  invitation: string;
}>("SELECT id, parent_id, phone, area_code, invitation FROM users WHERE id = $1", [top.id]);

async function median(fn: () => Promise<unknown>, runs = 20): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)] * 10) / 10;
}

const info = await teamInfo(db, user, now, "");
const figures = {
  members: n,
  teamNumber: info.teamNumber,
  levels: info.levels.map((l) => l.members),
  teamInfoMs: await median(() => teamInfo(db, user, now, "")),
  levelPageMs: await median(() => teamLevelPage(db, top.id, { level: 3, pageNo: 1, pageSize: 20 })),
  lastLevelPageMs: await median(() => teamLevelPage(db, top.id, { level: 3, pageNo: 445, pageSize: 20 })),
  incomeMs: await median(() => teamIncome(db, top.id, now)),
};

// The indexes the team figures' plan uses.
const plan = await db.query<{ "QUERY PLAN": string }>(
  `EXPLAIN WITH l1 AS (SELECT id, created_at, 1 AS lvl FROM users WHERE parent_id = $1),
     l2 AS (SELECT u.id, u.created_at, 2 AS lvl FROM users u JOIN l1 ON u.parent_id = l1.id),
     l3 AS (SELECT u.id, u.created_at, 3 AS lvl FROM users u JOIN l2 ON u.parent_id = l2.id),
     m AS (SELECT * FROM l1 UNION ALL SELECT * FROM l2 UNION ALL SELECT * FROM l3)
   SELECT m.lvl, count(*), count(*) FILTER (WHERE s.recharge_cents > 0),
     count(*) FILTER (WHERE m.created_at >= $2::date) FROM m
   LEFT JOIN team_member_stats s ON s.user_id = m.id GROUP BY m.lvl`,
  [top.id, today],
);
const planText = plan.map((r) => r["QUERY PLAN"]).join("\n");
const indexes = [...new Set([...planText.matchAll(/using (\w+)/gi)].map((m) => m[1]))];
console.log(planText);
console.log({ ...figures, indexes });
mkdirSync(fileURLToPath(new URL("./out", import.meta.url)), { recursive: true });
writeFileSync(
  fileURLToPath(new URL("./out/team.json", import.meta.url)),
  `${JSON.stringify({ ...figures, indexes, targetMs: TARGET_MS }, null, 2)}\n`,
);
await db.close();
const met = figures.teamInfoMs < TARGET_MS && figures.members === 10_000;
console.log(
  `${met ? "met" : "MISSED"}: team figures of 10,000 members in ${figures.teamInfoMs} ms (target < ${TARGET_MS} ms)`,
);
process.exit(met ? 0 : 1);

import { fromCents } from "#contract/money";
import type { TeamInfo, TeamMember } from "#contract/team";
import type { UserInfo } from "#contract/user";
import { maskPhone } from "../game/records";
import { operatorDays } from "../limits/operator-day";
import type { Sql } from "../platform/db";
import { pageOf, selectPage } from "../platform/paging";
import { getTeamSettings, percents } from "./settings";

const INCOME_DAYS = 7;

/**
 * The members of a player's team with their level (1 = invited by them), walked down the index
 * users_parent three times. The players' own figures come from team_member_stats, which the
 * team job keeps (docs/team.md).
 */
const MEMBERS = `
  l1 AS (SELECT id, created_at, 1 AS lvl FROM users WHERE parent_id = $1),
  l2 AS (SELECT u.id, u.created_at, 2 AS lvl FROM users u JOIN l1 ON u.parent_id = l1.id),
  l3 AS (SELECT u.id, u.created_at, 3 AS lvl FROM users u JOIN l2 ON u.parent_id = l2.id),
  m AS (SELECT * FROM l1 UNION ALL SELECT * FROM l2 UNION ALL SELECT * FROM l3)`;

/**
 * "https://example.com/pages/login/login?invitationCode=ABCD2345": the login page opens on its
 * register tab with the code filled in.
 */
export function inviteLinkOf(base: string, invitation: string): string {
  return `${base}/pages/login/login?invitationCode=${encodeURIComponent(invitation)}`;
}

interface MemberRow {
  id: number;
  phone: string;
  area_code: string;
  lvl: number;
  created_at: Date | string;
  recharge: number;
  bet: number;
}

const memberOf = (r: MemberRow): TeamMember => ({
  id: Number(r.id),
  phone: maskPhone(r.phone),
  areaCode: r.area_code,
  level: r.lvl,
  joinTime: new Date(r.created_at).getTime(),
  recharge: fromCents(Number(r.recharge)),
  betAmount: fromCents(Number(r.bet)),
});

/** One level of the team, newest members first. */
export async function teamLevelPage(
  db: Sql,
  userId: number,
  q: { level: number; pageNo: number; pageSize: number },
) {
  const from = `(WITH ${MEMBERS} SELECT * FROM m WHERE lvl = $2) t JOIN users u ON u.id = t.id
    LEFT JOIN team_member_stats s ON s.user_id = t.id`;
  const { rows, total } = await selectPage<MemberRow>(db, {
    columns: `t.id, u.phone, u.area_code, t.lvl, t.created_at,
      COALESCE(s.recharge_cents, 0) AS recharge, COALESCE(s.bet_cents, 0) AS bet`,
    from,
    countFrom: `(WITH ${MEMBERS} SELECT * FROM m WHERE lvl = $2) t`,
    where: "true",
    params: [userId, q.level],
    orderBy: "t.id DESC",
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  return pageOf(rows.map(memberOf), total, q);
}

interface LevelRow {
  lvl: number;
  members: number;
  recharge_users: number;
  new_today: number;
  new_yesterday: number;
}

interface SumRow {
  lvl: number;
  recharge: number | null;
  bet: number | null;
  recharge_today: number | null;
  recharge_yesterday: number | null;
  bet_today: number | null;
  bet_yesterday: number | null;
}

/**
 * Every figure of the team page: the members (counted down the tree), the sums (the job's
 * team_ancestor_days of this player, a few rows), the rebates, the latest direct members. Today
 * and yesterday are the operator's days (decision 068).
 */
export async function teamInfo(
  db: Sql,
  user: { id: number; parent_id: number | null; phone: string; area_code: string; invitation: string },
  nowMs: number,
  inviteLinkBase: string,
): Promise<TeamInfo> {
  const [today, yesterday] = await operatorDays(db, nowMs, 2);
  const [counts, sums, [rebates], direct, settings] = await Promise.all([
    db.query<LevelRow>(
      `WITH ${MEMBERS}
       SELECT m.lvl, count(*)::int AS members,
         count(*) FILTER (WHERE s.recharge_cents > 0)::int AS recharge_users,
         count(*) FILTER (WHERE m.created_at >= $2::timestamptz)::int AS new_today,
         count(*) FILTER (WHERE m.created_at >= $3::timestamptz AND m.created_at < $2::timestamptz)::int AS new_yesterday
       FROM m LEFT JOIN team_member_stats s ON s.user_id = m.id
       GROUP BY m.lvl`,
      [user.id, today.start, yesterday.start],
    ),
    db.query<SumRow>(
      `SELECT level AS lvl, sum(recharge_cents) AS recharge, sum(bet_cents) AS bet,
         sum(recharge_cents) FILTER (WHERE day = $2::date) AS recharge_today,
         sum(recharge_cents) FILTER (WHERE day = $3::date) AS recharge_yesterday,
         sum(bet_cents) FILTER (WHERE day = $2::date) AS bet_today,
         sum(bet_cents) FILTER (WHERE day = $3::date) AS bet_yesterday
       FROM team_ancestor_days WHERE user_id = $1 GROUP BY level`,
      [user.id, today.day, yesterday.day],
    ),
    db.query<{
      total: number | null;
      pending: number | null;
      today: number | null;
      yesterday: number | null;
    }>(
      `SELECT sum(amount_cents) AS total, sum(amount_cents) FILTER (WHERE status = 'PENDING') AS pending,
         sum(amount_cents) FILTER (WHERE day = $2::date) AS today,
         sum(amount_cents) FILTER (WHERE day = $3::date) AS yesterday
       FROM team_rebates WHERE user_id = $1`,
      [user.id, today.day, yesterday.day],
    ),
    teamLevelPage(db, user.id, { level: 1, pageNo: 1, pageSize: 10 }),
    getTeamSettings(db),
  ]);
  const byLevel = [1, 2, 3].map((lvl) => {
    const c = counts.find((l) => l.lvl === lvl);
    const m = sums.find((l) => Number(l.lvl) === lvl);
    return {
      lvl,
      members: c?.members ?? 0,
      recharge_users: c?.recharge_users ?? 0,
      new_today: c?.new_today ?? 0,
      new_yesterday: c?.new_yesterday ?? 0,
      recharge: m?.recharge ?? 0,
      bet: m?.bet ?? 0,
      recharge_today: m?.recharge_today ?? 0,
      recharge_yesterday: m?.recharge_yesterday ?? 0,
      bet_today: m?.bet_today ?? 0,
      bet_yesterday: m?.bet_yesterday ?? 0,
    };
  });
  const n = (v: number | null | undefined) => Number(v ?? 0);
  type Level = (typeof byLevel)[number];
  const sum = (f: (l: Level) => number | null) => byLevel.reduce((s, l) => s + n(f(l)), 0);
  const betRates = percents(settings.betRatesBp);
  const rechargeRates = percents(settings.rechargeRatesBp);
  return {
    areaCode: user.area_code,
    directNumber: byLevel[0].members,
    directRecharge: fromCents(n(byLevel[0].recharge)),
    directRechargeUserNumber: byLevel[0].recharge_users,
    directTotalBetAmount: fromCents(n(byLevel[0].bet)),
    directUserList: direct.content,
    id: user.id,
    parentId: user.parent_id,
    phone: user.phone,
    teamNumber: sum((l) => l.members),
    teamRecharge: fromCents(sum((l) => l.recharge)),
    teamRechargeUserNumber: sum((l) => l.recharge_users),
    teamTotalBetAmount: fromCents(sum((l) => l.bet)),
    betRebate: betRates[0] ?? 0,
    rechargeRebate: rechargeRates[0] ?? 0,
    registerRebate: fromCents(settings.registerRebateCents),
    invitation: user.invitation,
    inviteLinkUrl: inviteLinkOf(inviteLinkBase, user.invitation),
    registerMinRecharge: fromCents(settings.registerMinRechargeCents),
    levels: byLevel.map((l, i) => ({
      level: l.lvl,
      members: l.members,
      recharge: fromCents(n(l.recharge)),
      rechargeUsers: l.recharge_users,
      betAmount: fromCents(n(l.bet)),
      betRate: betRates[i] ?? 0,
      rechargeRate: rechargeRates[i] ?? 0,
    })),
    today: {
      newMembers: sum((l) => l.new_today),
      recharge: fromCents(sum((l) => l.recharge_today)),
      betAmount: fromCents(sum((l) => l.bet_today)),
      rebate: fromCents(n(rebates.today)),
    },
    yesterday: {
      newMembers: sum((l) => l.new_yesterday),
      recharge: fromCents(sum((l) => l.recharge_yesterday)),
      betAmount: fromCents(sum((l) => l.bet_yesterday)),
      rebate: fromCents(n(rebates.yesterday)),
    },
    totalRebate: fromCents(n(rebates.total)),
    pendingRebate: fromCents(n(rebates.pending)),
  };
}

type TeamIncome = Pick<
  UserInfo,
  "incomeList" | "yesterdayCommission" | "todayBetAmount" | "todayBetIncome" | "todayWin" | "totalBetAmount"
>;

/**
 * The user info's income fields (getUserInfo, user module), from the team's records (docs/team.md):
 * todayBetAmount and totalBetAmount are the team's settled stakes (levels 1 to 3) today and all
 * time; todayBetIncome the bet rebates earned today; todayWin every rebate earned today;
 * yesterdayCommission every rebate earned yesterday; incomeList the rebates earned on each of the
 * last 7 operator's days (decision 068) with incomeRate = that income ÷ the team's stakes of the day.
 */
export async function teamIncome(db: Sql, userId: number, nowMs: number): Promise<TeamIncome> {
  const days = (await operatorDays(db, nowMs, INCOME_DAYS)).map((d) => d.day);
  const [today, yesterday] = days;
  const first = days[INCOME_DAYS - 1];
  const [stakes, income] = await Promise.all([
    db.query<{ day: string | null; bet: number }>(
      `SELECT CASE WHEN day >= $2::date THEN to_char(day, 'YYYY-MM-DD') END AS day, sum(bet_cents) AS bet
       FROM team_ancestor_days WHERE user_id = $1 GROUP BY 1`,
      [userId, first],
    ),
    db.query<{ day: string; total: number; bet: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount_cents) AS total,
         COALESCE(sum(amount_cents) FILTER (WHERE kind = 'BET'), 0) AS bet
       FROM team_rebates WHERE user_id = $1 AND day >= $2::date GROUP BY day ORDER BY day DESC`,
      [userId, first],
    ),
  ]);
  const stakeOf = new Map(stakes.map((d) => [d.day, Number(d.bet)]));
  const totalStake = stakes.reduce((sum, d) => sum + Number(d.bet), 0);
  const todayIncome = income.find((d) => d.day === today);
  const yesterdayIncome = income.find((d) => d.day === yesterday);
  return {
    incomeList: income.map((d) => {
      const stake = stakeOf.get(d.day) ?? 0;
      return {
        incomeAmount: fromCents(Number(d.total)),
        incomeDate: d.day,
        incomeRate: stake > 0 ? Math.round((Number(d.total) / stake) * 1e4) / 1e4 : 0,
      };
    }),
    yesterdayCommission: fromCents(Number(yesterdayIncome?.total ?? 0)),
    todayBetAmount: fromCents(stakeOf.get(today) ?? 0),
    todayBetIncome: fromCents(Number(todayIncome?.bet ?? 0)),
    todayWin: fromCents(Number(todayIncome?.total ?? 0)),
    totalBetAmount: fromCents(totalStake),
  };
}

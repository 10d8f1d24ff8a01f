import type { Sql } from "../platform/db";

/**
 * The operator's calendar: LIMITS_TIME_ZONE, which the limits module writes into limits_settings
 * at start (decision 068). The limits' days and the team's (figures, rebates, recharge tasks) are
 * days of this zone, the zone of the times the player sees. SQL, so the database computes the day
 * exactly as migration 068 and game_place_bet do.
 */

/** SQL: the operator's time zone (an IANA name). */
export const OPERATOR_ZONE = "(SELECT time_zone FROM limits_settings)";

/** SQL: the operator's day (a date) on which the timestamptz expression `at` falls. */
export const operatorDayOf = (at: string) => `(${at} AT TIME ZONE ${OPERATOR_ZONE})::date`;

/**
 * SQL: the number of the operator's day on which `at` falls: days from 1970-01-01 to it, so the
 * number of a date is the one a UTC day of that date had (the jackpot's and the bloggers' days).
 */
export const operatorDayNoOf = (at: string) => `(${operatorDayOf(at)} - date '1970-01-01')`;

/** SQL: the moment (ms since the epoch, a bigint) the operator's day numbered `dayNo` starts. */
export const operatorDayNoStartMs = (dayNo: string) =>
  `(extract(epoch FROM (date '1970-01-01' + (${dayNo})::int)::timestamp AT TIME ZONE ${OPERATOR_ZONE}) * 1000)::bigint`;

/** An operator's day: "YYYY-MM-DD" and the moment it starts (ISO, UTC). */
interface OperatorDay {
  day: string;
  start: string;
}

/** The operator's day `nowMs` falls on and the `count - 1` days before it, newest first. */
export async function operatorDays(sql: Sql, nowMs: number, count: number): Promise<OperatorDay[]> {
  return sql.query<OperatorDay>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
       to_char(d::timestamp AT TIME ZONE ${OPERATOR_ZONE} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start
     FROM (SELECT ${operatorDayOf("to_timestamp($1 / 1000.0)")} - n AS d, n FROM generate_series(0, $2 - 1) AS n) t
     ORDER BY n`,
    [nowMs, count],
  );
}

/** The operator's day `nowMs` falls on, as the moments (ms) it starts and the next one starts. */
export async function operatorDayBounds(sql: Sql, nowMs: number): Promise<[number, number]> {
  const [row] = await sql.query<{ start: string; next: string }>(
    `SELECT extract(epoch FROM d::timestamp AT TIME ZONE ${OPERATOR_ZONE}) * 1000 AS start,
       extract(epoch FROM (d + 1)::timestamp AT TIME ZONE ${OPERATOR_ZONE}) * 1000 AS next
     FROM (SELECT ${operatorDayOf("to_timestamp($1 / 1000.0)")} AS d) t`,
    [nowMs],
  );
  return [Number(row.start), Number(row.next)];
}

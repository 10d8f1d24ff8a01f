import type { Reality } from "#contract/limits";
import { hashToken } from "../auth/tokens";
import type { Sql } from "../platform/db";
import { DEFAULT_REMINDER_MINUTES, lossSince } from "./limits";

/**
 * The reality check of one sign-in (`token`): due once the player's reminder minutes have passed
 * since the sign-in started or since `sinceMs` (the last "continue"), whichever is later. The game
 * page asks on every load, so this is one query (the sign-in's start and the reminder together);
 * the net result, a sum over the player's bets, is computed only when the reminder is due.
 */
export async function realityOf(
  sql: Sql,
  userId: number,
  token: string,
  sinceMs: number,
  now: number,
): Promise<Reality> {
  const [row] = await sql.query<{ started: Date | string | null; reminder: number | null }>(
    `SELECT t.created_at AS started, l.reminder_minutes AS reminder
     FROM auth_tokens t LEFT JOIN player_limits l ON l.user_id = t.user_id
     WHERE t.token_hash = $1 AND t.user_id = $2`,
    [hashToken(token), userId],
  );
  const startedAt = row?.started ? new Date(row.started).getTime() : now;
  const reminderMinutes = Number(row?.reminder ?? DEFAULT_REMINDER_MINUTES);
  const due = now - Math.max(startedAt, sinceMs) >= reminderMinutes * 60_000;
  const netLoss = due ? (await lossSince(sql, userId, startedAt)) / 100 : null;
  return { startedAt, reminderMinutes, due, netLoss, now };
}

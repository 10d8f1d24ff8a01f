import { z } from "zod";
import { DEV_FAIRNESS } from "../platform/config";
import type { Sql } from "../platform/db";
import { Refusal } from "../platform/http";
import { DEFAULT_PAYOUT_TABLE, type PayoutTable, validatePayoutTable } from "./payout";

/** Round timing: a round lasts roundSeconds; bets close betCloseSeconds before its end. */
export interface GameTiming {
  roundSeconds: number;
  betCloseSeconds: number;
}

const timingSchema = z
  .object({
    ROUND_SECONDS: z.coerce.number().int().min(2).max(86_400).default(60),
    BET_CLOSE_SECONDS: z.coerce.number().int().min(0).max(86_399).default(5),
  })
  .refine((e) => e.BET_CLOSE_SECONDS < e.ROUND_SECONDS, {
    message: "BET_CLOSE_SECONDS must be less than ROUND_SECONDS",
  });

/**
 * The timing from the core config when it carries roundSeconds/betCloseSeconds, else from the
 * environment (ROUND_SECONDS, BET_CLOSE_SECONDS), validated.
 */
export function gameTiming(config?: unknown, env: NodeJS.ProcessEnv = process.env): GameTiming {
  const c = (config ?? {}) as Partial<GameTiming>;
  if (typeof c.roundSeconds === "number" && typeof c.betCloseSeconds === "number") {
    const parsed = timingSchema.parse({
      ROUND_SECONDS: c.roundSeconds,
      BET_CLOSE_SECONDS: c.betCloseSeconds,
    });
    return { roundSeconds: parsed.ROUND_SECONDS, betCloseSeconds: parsed.BET_CLOSE_SECONDS };
  }
  const parsed = timingSchema.parse({
    ROUND_SECONDS: env.ROUND_SECONDS || undefined,
    BET_CLOSE_SECONDS: env.BET_CLOSE_SECONDS || undefined,
  });
  return { roundSeconds: parsed.ROUND_SECONDS, betCloseSeconds: parsed.BET_CLOSE_SECONDS };
}

const PAYOUT_KEY = "payout_table";

/** The payout table new rounds will use (operator-editable; defaults to design section 4). */
export async function getPayoutTable(db: Sql): Promise<PayoutTable> {
  const rows = await db.query<{ value: PayoutTable }>("SELECT value FROM game_settings WHERE key = $1", [
    PAYOUT_KEY,
  ]);
  return { ...DEFAULT_PAYOUT_TABLE, ...(rows[0]?.value ?? {}) };
}

/**
 * Changes the payout table (admin CLI). Rounds already created keep the table they were
 * created with, so open bets are paid as announced.
 */
export async function setPayoutTable(
  db: Sql,
  patch: Partial<PayoutTable>,
  rtpCeiling: number = DEV_FAIRNESS.rtpCeiling,
): Promise<PayoutTable> {
  const next = { ...(await getPayoutTable(db)), ...patch };
  const problem = validatePayoutTable(next, rtpCeiling);
  if (problem) throw new Refusal(problem);
  await db.query(
    `INSERT INTO game_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [PAYOUT_KEY, JSON.stringify(next)],
  );
  return next;
}

/** GAME_RTP_CEILING for the admin CLI (the core reads it through its config), default 0.98. */
export function rtpCeilingFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.GAME_RTP_CEILING);
  return env.GAME_RTP_CEILING && value > 0 && value < 1 ? value : DEV_FAIRNESS.rtpCeiling;
}

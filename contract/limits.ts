import { z } from "zod";
import { moneySchema } from "./money";

/**
 * Player protection (issue 9, docs/player-protection.md): deposit and loss limits, the reality
 * check, time-out and self-exclusion, and the activity statement. Amounts in units of the player's
 * currency (CHIP, two decimals); times in milliseconds since the epoch.
 */

export const LIMIT_KINDS = ["DEPOSIT", "LOSS"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ["DAY", "WEEK", "MONTH"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const REMINDER_MINUTES = [15, 30, 60] as const;
export const BLOCK_KINDS = ["TIMEOUT", "EXCLUSION"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
/** The lengths a player chooses from: a time-out's and a self-exclusion's. */
export const BLOCK_LENGTHS = {
  TIMEOUT: ["24h", "7d", "30d"],
  EXCLUSION: ["6m", "1y", "5y"],
} as const;
export type BlockLength = (typeof BLOCK_LENGTHS)[BlockKind][number];

const kind = z.enum(LIMIT_KINDS, { errorMap: () => ({ message: "kind must be DEPOSIT or LOSS" }) });
const period = z.enum(LIMIT_PERIODS, { errorMap: () => ({ message: "period must be DAY, WEEK or MONTH" }) });

/** An increase or removal waiting: effective from `effectiveAt`, then applied when confirmed. */
const pendingSchema = z.object({
  /** null: the limit is removed. */
  amount: z.number().nullable(),
  requestedAt: z.number(),
  effectiveAt: z.number(),
  /** The cooling period is over: the player may confirm it now. */
  confirmable: z.boolean(),
});

const limitSchema = z.object({
  kind,
  period,
  /** null: no limit. */
  amount: z.number().nullable(),
  /** What the period has used so far (deposits, or stakes minus winnings). */
  used: z.number(),
  /** When the period ends. */
  resetsAt: z.number(),
  pending: pendingSchema.nullable(),
});
export type PlayerLimit = z.infer<typeof limitSchema>;

const blockSchema = z.object({ kind: z.enum(BLOCK_KINDS), from: z.number(), until: z.number() });

// ---- GET /app/limits/status: everything the Responsible play page and the game page show
export const limitsStatusSchema = z.object({
  limits: z.array(limitSchema),
  reminderMinutes: z.number().int(),
  /** A time-out or self-exclusion in force, else null. */
  block: blockSchema.nullable(),
  timeZone: z.string(),
  coolingHours: z.number(),
  /** A gambling-help organisation (LIMITS_HELP_URL). */
  helpUrl: z.string(),
  /** This sign-in: when it started, and stakes minus winnings since (negative: the player won). */
  session: z.object({ startedAt: z.number(), netLoss: z.number() }),
  /** The sign-in before this one, or null. */
  previousSignIn: z.number().nullable(),
  now: z.number(),
});

// ---- GET /app/limits/reality: is the reality check due? (the game page asks on every load)
export const realityInputSchema = z.object({
  /** The player's last "continue" (ms since the epoch; 0 or left out: none). */
  since: z.coerce.number({ invalid_type_error: "since must be a time in ms" }).int().min(0).default(0),
});
export const realitySchema = z.object({
  /** When this sign-in started. */
  startedAt: z.number(),
  reminderMinutes: z.number().int(),
  /** The reminder's minutes have passed since the sign-in or since `since`, whichever is later. */
  due: z.boolean(),
  /** Stakes minus winnings since the sign-in, only when due (null otherwise: not computed). */
  netLoss: z.number().nullable(),
  now: z.number(),
});
export type Reality = z.infer<typeof realitySchema>;

// ---- POST /app/limits/set: a new limit (lower: at once; higher or removed: after cooling)
export const setLimitInputSchema = z.object({
  kind,
  period,
  /** Empty: remove the limit. */
  amount: z.union([z.literal(""), moneySchema()]),
});
export const setLimitResultSchema = z.object({
  /** APPLIED at once, or PENDING until the cooling period ends and the player confirms. */
  outcome: z.enum(["APPLIED", "PENDING", "UNCHANGED"]),
  effectiveAt: z.number(),
});
export type SetLimitResult = z.infer<typeof setLimitResultSchema>;

// ---- POST /app/limits/confirm, /app/limits/cancel: a pending change
export const limitRefInputSchema = z.object({ kind, period });

// ---- POST /app/limits/reminder
export const reminderInputSchema = z.object({
  minutes: z.coerce
    .number({ invalid_type_error: "Choose 15, 30 or 60 minutes" })
    .refine((m) => (REMINDER_MINUTES as readonly number[]).includes(m), "Choose 15, 30 or 60 minutes"),
});

// ---- POST /app/limits/block: a time-out or a self-exclusion (needs the password)
export const blockInputSchema = z
  .object({
    kind: z.enum(BLOCK_KINDS, { errorMap: () => ({ message: "kind must be TIMEOUT or EXCLUSION" }) }),
    length: z.string().trim(),
    password: z.string({ required_error: "Enter your password" }).min(1, "Enter your password").max(64),
  })
  .refine((b) => (BLOCK_LENGTHS[b.kind] as readonly string[]).includes(b.length), {
    message: "Choose one of the lengths offered",
    path: ["length"],
  });
export const blockResultSchema = blockSchema;

// ---- GET /app/limits/statement: totals of a period (days in the limits' time zone, inclusive)
/** A real calendar day written YYYY-MM-DD (not 2026-02-30, nor 2026-11-31). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
const day = z.string().refine(isCalendarDay, "Dates are real days written YYYY-MM-DD");
export const statementInputSchema = z
  .object({ from: day, to: day })
  .refine((s) => s.from <= s.to, { message: "The start must not be after the end", path: ["from"] });
export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  stakes: z.number(),
  winnings: z.number(),
  /** winnings - stakes (negative: the player lost). */
  net: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

/**
 * The `result` of a refusal by the limits (bets, recharges, claims): which limit, what is left
 * and when it resets; or the block and its end. Units and milliseconds.
 */
export const limitRefusalSchema = z.object({
  reason: z.enum(["LOSS_LIMIT", "DEPOSIT_LIMIT", "EXCLUDED"]),
  period: period.optional(),
  limit: z.number().optional(),
  left: z.number().optional(),
  resetsAt: z.number().optional(),
  block: z.enum(BLOCK_KINDS).optional(),
  until: z.number().optional(),
});
export type LimitRefusal = z.infer<typeof limitRefusalSchema>;

// ---- operator: GET /core/operator/limits/player?userId=
export const operatorPlayerInputSchema = z.object({ userId: z.coerce.number().int().positive() });

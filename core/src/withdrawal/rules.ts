import { Code } from "#contract/codes";
import { fromCents } from "#contract/money";
import type { Currency } from "#contract/wallet";
import type { Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import type { CurrencyRules } from "../wallet/currency-config";

/** The config's rules a withdrawal must pass (issue 8), with the player's numbers behind them. */

export const refuse = (
  reason: string,
  message: string,
  extra: Record<string, number> = {},
  code: number = Code.BAD_REQUEST,
) => new ApiError(code, message, { reason, ...extra });

/** "YYYY-MM-DD" of `nowMs` in `timeZone`: the day the single-day limit counts. */
export function localDay(nowMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(nowMs));
}

/** Applied today (not rejected), in cents. */
export async function withdrawnOn(db: Sql, userId: number, currency: Currency, day: string): Promise<number> {
  const [row] = await db.query<{ total: number | null }>(
    `SELECT sum(amount_cents) AS total FROM withdrawals
     WHERE user_id = $1 AND currency = $2 AND local_day = $3 AND status <> 'REJECT'`,
    [userId, currency, day],
  );
  return Number(row?.total ?? 0);
}

export interface Turnover {
  /** Every CHIP recharge since the player's last withdrawal, cents (0: none, no rule). */
  rechargedCents: number;
  requiredCents: number;
  doneCents: number;
  leftCents: number;
}

/**
 * The turnover rule: what the player recharged since their last withdrawal (every RECHARGE entry
 * after the last WITHDRAW one, or ever when there is none) must be bet betMultipleBp / 10000
 * times over, by CHIP bets (BET entries) placed in the same span, less those refunded (a voided
 * round, decision 058). Summing every recharge, not only the latest, keeps a small second
 * recharge from waiving the turnover of a large first one; a withdrawal (allowed only once the
 * rule was met) starts the count again. Read from the ledger only.
 */
export async function turnoverOf(db: Sql, userId: number, betMultipleBp: number): Promise<Turnover> {
  const [row] = await db.query<{ recharged: number | null; bets: number | null }>(
    `WITH w AS (
       SELECT coalesce(max(id), 0) AS after FROM ledger_entries
       WHERE user_id = $1 AND coin = 'CHIP' AND kind = 'WITHDRAW')
     SELECT
       (SELECT sum(r.amount) FROM ledger_entries r
        WHERE r.user_id = $1 AND r.coin = 'CHIP' AND r.kind = 'RECHARGE' AND r.amount > 0 AND r.id > w.after) AS recharged,
       (SELECT -sum(e.amount) FROM ledger_entries e
        WHERE e.user_id = $1 AND e.coin = 'CHIP' AND e.kind = 'BET' AND e.id > w.after
          AND NOT EXISTS (SELECT 1 FROM ledger_entries x
            WHERE x.kind = 'REFUND' AND x.ref_id = e.ref_id AND x.user_id = $1 AND x.coin = 'CHIP')) AS bets
     FROM w`,
    [userId],
  );
  const rechargedCents = Number(row?.recharged ?? 0);
  const requiredCents = Math.ceil((rechargedCents * betMultipleBp) / 10000);
  const doneCents = Number(row?.bets ?? 0);
  return { rechargedCents, requiredCents, doneCents, leftCents: Math.max(0, requiredCents - doneCents) };
}

/** The checks that need no lock: open, window, amount within min and max. */
export function assertOpenAndWithinLimits(rules: CurrencyRules, amountCents: number, open: boolean): void {
  if (!rules.openWithdraw) throw refuse("CLOSED", "Withdrawals are closed for now");
  if (!open) {
    throw refuse(
      "OUTSIDE_HOURS",
      `Withdrawals are open on the days and hours shown (${rules.timeZone}); please come back then`,
    );
  }
  if (amountCents < rules.withdrawMinCents) {
    throw refuse("BELOW_MIN", `The minimum withdrawal is ${fromCents(rules.withdrawMinCents)}`, {
      amount: fromCents(rules.withdrawMinCents),
    });
  }
  if (amountCents > rules.withdrawMaxCents) {
    throw refuse("ABOVE_MAX", `The maximum withdrawal is ${fromCents(rules.withdrawMaxCents)}`, {
      amount: fromCents(rules.withdrawMaxCents),
    });
  }
}

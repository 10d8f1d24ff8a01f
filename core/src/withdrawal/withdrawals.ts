import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { checkUsdtAddress, isUsdtAddress } from "#contract/addresses";
import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import { fromCents, toCents } from "#contract/money";
import { usdtMicrosOf, usdtOf } from "#contract/usdt-amounts";
import type { Currency, Network } from "#contract/wallet";
import {
  type WithdrawalRecord,
  type WithdrawalStatus,
  maskAccountNumber,
  withdrawalFeeCents,
} from "#contract/withdrawal";
import { InsufficientBalance, moveBetweenSystemAccounts, post } from "../ledger/ledger";
import { type Db, type Sql, isUniqueViolation } from "../platform/db";
import { ApiError, Refusal, idempotencyKeyOf } from "../platform/http";
import { pageOf } from "../platform/paging";
import { rememberWalletAddress } from "../user/payment-password";
import { currencyRules, withinWindow } from "../wallet/currency-config";
import { findOwnCard } from "./banks";
import { type PayoutResult, payoutAdapterOf } from "./payout";
import { assertOpenAndWithinLimits, localDay, refuse, turnoverOf, withdrawnOn } from "./rules";

/**
 * Withdrawals (issue 8, decision 030). Apply: the rules of the currency's config, then in one
 * transaction (under a per-player lock, so the single-day limit holds against parallel applies)
 * the row and the WITHDRAW ledger posting player -> WITHDRAWALS_HELD. Up to autoAuditAmount it is
 * approved at once; above, it waits for an operator. Approval claims the row (payout_state
 * PAYING) and asks the payout adapter; PAID moves HELD -> PAID (net) and HELD -> FEES (fee) and
 * the player reads APPROVED. Reject returns the held amount (WITHDRAW_RETURN).
 */

export const KEY_REUSED = "This idempotency key was already used for a different withdrawal";

interface WithdrawalRow {
  id: number;
  user_id: number;
  currency: Currency;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  usdt_rate_cents: number | null;
  status: WithdrawalStatus;
  payout_state: "PAYING" | "PAID" | null;
  auto_approved: boolean;
  user_bank_id: number | null;
  bank_name: string | null;
  holder_name: string | null;
  account_last4: string | null;
  account_number: string | null;
  ifsc: string | null;
  address: string | null;
  network: Network | null;
  reject_reason: string | null;
  reviewed_by: string | null;
  payout_ref: string | null;
  payout_attempts: number;
  request_hash: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function recordOf(r: WithdrawalRow): WithdrawalRecord {
  const net = Number(r.net_cents);
  const rate = r.usdt_rate_cents === null ? null : Number(r.usdt_rate_cents);
  return {
    id: Number(r.id),
    currency: r.currency,
    amount: fromCents(Number(r.amount_cents)),
    fee: fromCents(Number(r.fee_cents)),
    netAmount: fromCents(net),
    usdtAmount: r.currency === "USDT" && rate ? usdtOf(net, rate) : null,
    usdtRate: r.currency === "USDT" && rate ? fromCents(rate) : null,
    status: r.status,
    rejectReason: r.reject_reason,
    // Only a payout that was tried can fail; an operator rejects before any.
    payoutFailed: r.status === "REJECT" && Number(r.payout_attempts) > 0,
    bankName: r.bank_name,
    bankCardNo: r.account_last4 ? maskAccountNumber(r.account_last4) : null,
    address: r.address,
    network: r.network,
    createTime: new Date(r.created_at).getTime(),
    updateTime: new Date(r.updated_at).getTime(),
  };
}

export type ApplyInput =
  | { currency: "CASH"; amount: number; userBankId: number }
  | { currency: "USDT"; amount: number; address: string; network: Network };

function hashOf(input: ApplyInput): string {
  const key =
    input.currency === "CASH"
      ? ["CASH", toCents(input.amount), input.userBankId]
      : ["USDT", toCents(input.amount), usdtAddressOf(input.address, input.network), input.network];
  return createHash("sha256").update(JSON.stringify(key)).digest("hex");
}

async function findByKey(db: Sql, userId: number, key: string): Promise<WithdrawalRow | null> {
  const [row] = await db.query<WithdrawalRow>(
    "SELECT * FROM withdrawals WHERE user_id = $1 AND idempotency_key = $2",
    [userId, key],
  );
  return row ?? null;
}

async function findRow(db: Sql, id: number): Promise<WithdrawalRow | null> {
  const [row] = await db.query<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = $1", [id]);
  return row ?? null;
}

function repeatOf(first: WithdrawalRow, hash: string): WithdrawalRecord {
  if (first.request_hash !== hash) throw new ApiError(Code.CONFLICT, KEY_REUSED, KEY_REUSED_DETAIL);
  return recordOf(first);
}

/**
 * The address in its one form (a BEP20 address typed in one case is EIP-55 checksummed), as it is
 * stored, paid to and remembered; refused when it does not fit the network (checksum, or the
 * other network's address).
 */
function usdtAddressOf(address: string, network: Network): string {
  const checked = checkUsdtAddress(network, address);
  if (checked.ok) return checked.address;
  const otherName = network === "TRC20" ? "BEP20" : "TRC20";
  if (isUsdtAddress(otherName, address)) {
    throw refuse(
      "WRONG_NETWORK",
      `This is a ${otherName} address: choose ${otherName}, or enter a ${network} address`,
    );
  }
  throw refuse(
    "BAD_ADDRESS",
    network === "TRC20"
      ? "This is not a valid TRC20 address (T followed by 33 characters, checksum included)"
      : "This is not a valid BEP20 address (0x followed by 40 hex digits, checksum included)",
  );
}

/** The input as it is kept: a USDT address in its one form (refused when it does not fit). */
function canonicalOf(input: ApplyInput): ApplyInput {
  return input.currency === "USDT"
    ? { ...input, address: usdtAddressOf(input.address, input.network) }
    : input;
}

/**
 * The checks that need no transaction (config open, window, min/max, card or address), so that a
 * refused withdrawal costs no payment-password try. The password is checked by the caller between
 * this and `applyWithdrawal`.
 */
export async function precheckWithdrawal(db: Db, userId: number, input: ApplyInput, nowMs: number) {
  const rules = await currencyRules(db, input.currency);
  assertOpenAndWithinLimits(rules, toCents(input.amount), withinWindow(rules, nowMs));
  if (input.currency === "CASH") {
    const card = await findOwnCard(db, userId, input.userBankId);
    if (!card) throw refuse("NO_CARD", "Choose one of your bank cards", {}, Code.NOT_FOUND);
  } else {
    usdtAddressOf(input.address, input.network);
  }
}

/** The withdrawal an earlier request with this idempotency key made (409 if it asked for another), or null. */
export async function findRepeat(
  db: Sql,
  userId: number,
  input: ApplyInput,
  idempotencyKey?: string | null,
): Promise<WithdrawalRecord | null> {
  const key = idempotencyKeyOf(idempotencyKey);
  if (!key) return null;
  const first = await findByKey(db, userId, key);
  return first ? repeatOf(first, hashOf(input)) : null;
}

export interface Applied {
  record: WithdrawalRecord;
  repeated: boolean;
}

/**
 * Applies for a withdrawal (payment password already checked). A repeated idempotency key
 * answers the first withdrawal (409 if it asked for another). Auto-approved ones are paid before
 * this returns when the adapter answers at once; a crash leaves them PAYING for resumePayouts.
 */
export async function applyWithdrawal(
  db: Db,
  userId: number,
  given: ApplyInput,
  nowMs: number,
  idempotencyKey?: string | null,
  log?: Logger,
): Promise<Applied> {
  const input = canonicalOf(given);
  const key = idempotencyKeyOf(idempotencyKey);
  const hash = hashOf(input);
  if (key) {
    const first = await findByKey(db, userId, key);
    if (first) return { record: repeatOf(first, hash), repeated: true };
  }
  const amountCents = toCents(input.amount);
  let row: WithdrawalRow;
  let repeated = false;
  try {
    row = await db.tx(async (tx) => {
      // One apply at a time per player: the single-day limit and the key check hold.
      await tx.query("SELECT pg_advisory_xact_lock(8009, $1::int)", [userId % 2_000_000_000]);
      // The CHIP account's row too, before the turnover is read: a recharge or bet posted by a
      // transaction not yet committed (it holds this row) is counted here, or else comes after
      // this withdrawal's WITHDRAW entry. Read past, it would fall before that entry, uncounted.
      await tx.query("SELECT 1 FROM accounts WHERE user_id = $1 AND coin = 'CHIP' FOR UPDATE", [userId]);
      if (key) {
        const first = await findByKey(tx, userId, key);
        if (first) {
          repeated = true;
          return first;
        }
      }
      const rules = await currencyRules(tx, input.currency);
      assertOpenAndWithinLimits(rules, amountCents, withinWindow(rules, nowMs));
      const day = localDay(nowMs, rules.timeZone);
      const today = await withdrawnOn(tx, userId, input.currency, day);
      if (today + amountCents > rules.withdrawDayLimitCents) {
        const left = Math.max(0, rules.withdrawDayLimitCents - today);
        throw refuse(
          "DAY_LIMIT",
          `This is over the daily limit of ${fromCents(rules.withdrawDayLimitCents)}: ${fromCents(left)} left today`,
          { amount: fromCents(left) },
        );
      }
      if (rules.betMultipleBp > 0) {
        const turnover = await turnoverOf(tx, userId, rules.betMultipleBp);
        if (turnover.leftCents > 0) {
          throw refuse(
            "TURNOVER",
            `Bet ${fromCents(turnover.leftCents)} more before withdrawing (bets since your last withdrawal must reach ${fromCents(turnover.requiredCents)}, the turnover of your recharges since)`,
            { amount: fromCents(turnover.leftCents) },
          );
        }
      }
      const feeCents = withdrawalFeeCents(amountCents, rules.withdrawFeeBp);
      if (amountCents - feeCents <= 0) throw refuse("BELOW_MIN", "The amount does not cover the fee");
      const auto = amountCents <= rules.autoAuditCents;
      let card = null;
      if (input.currency === "CASH") {
        card = await findOwnCard(tx, userId, input.userBankId);
        if (!card) throw refuse("NO_CARD", "Choose one of your bank cards", {}, Code.NOT_FOUND);
      }
      const [inserted] = await tx.query<WithdrawalRow>(
        `INSERT INTO withdrawals (user_id, currency, amount_cents, fee_cents, net_cents, usdt_rate_cents,
           payout_state, auto_approved, reviewed_by, reviewed_at, user_bank_id, bank_name, holder_name,
           account_last4, account_number, ifsc, address, network, local_day, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8 THEN now() END, $10, $11, $12, $13, $14,
           $15, $16, $17, $18, $19, $20)
         RETURNING *`,
        [
          userId,
          input.currency,
          amountCents,
          feeCents,
          amountCents - feeCents,
          input.currency === "USDT" ? rules.usdtRateCents : null,
          auto ? "PAYING" : null,
          auto,
          auto ? "auto" : null,
          card?.id ?? null,
          card?.bankName ?? null,
          card?.holderName ?? null,
          card ? card.accountNumber.slice(-4) : null,
          card?.accountNumber ?? null,
          card?.ifsc ?? null,
          input.currency === "USDT" ? input.address : null,
          input.currency === "USDT" ? input.network : null,
          day,
          key,
          hash,
        ],
      );
      try {
        await post(tx, {
          userId,
          coin: "CHIP",
          amount: -amountCents,
          kind: "WITHDRAW",
          counter: "WITHDRAWALS_HELD",
          refId: String(inserted.id),
          memo: `${input.currency} withdrawal`,
        });
      } catch (error) {
        if (error instanceof InsufficientBalance) {
          throw refuse("INSUFFICIENT", "Insufficient balance", { amount: input.amount });
        }
        throw error;
      }
      if (input.currency === "USDT") await rememberWalletAddress(tx, userId, input.network, input.address);
      return inserted;
    });
  } catch (error) {
    // Two requests with one key raced (PostgreSQL): answer with the winner's withdrawal.
    if (key && isUniqueViolation(error)) {
      const first = await findByKey(db, userId, key);
      if (first) return { record: repeatOf(first, hash), repeated: true };
    }
    throw error;
  }
  if (repeated) return { record: repeatOf(row, hash), repeated: true };
  if (row.payout_state === "PAYING") {
    await runPayout(db, Number(row.id), log).catch((err) =>
      log?.error({ err, withdrawalId: row.id }, "payout failed; the resume job will retry"),
    );
    row = (await findRow(db, Number(row.id))) ?? row;
  }
  return { record: recordOf(row), repeated: false };
}

/** The player's withdrawals of one currency, newest first. */
export async function withdrawalPage(
  db: Sql,
  userId: number,
  currency: Currency,
  q: { pageNo: number; pageSize: number },
): Promise<Page<WithdrawalRecord>> {
  const rows = await db.query<WithdrawalRow>(
    "SELECT * FROM withdrawals WHERE user_id = $1 AND currency = $2 ORDER BY id DESC LIMIT $3 OFFSET $4",
    [userId, currency, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  const [count] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND currency = $2",
    [userId, currency],
  );
  return pageOf(rows.map(recordOf), count.n, q);
}

export class ReviewError extends Refusal {
  override name = "ReviewError";
  constructor(message: string, code: number = Code.CONFLICT) {
    super(message, code);
  }
}

/**
 * Approves a waiting withdrawal: claims it (only one of approve and reject can, as both need
 * status WAITING and no payout yet) and runs the payout. `audit` runs in the claiming
 * transaction.
 */
export async function approveWithdrawal(
  db: Db,
  id: number,
  operator: string,
  audit: (tx: Sql, row: WithdrawalRecord) => Promise<void>,
  log?: Logger,
): Promise<WithdrawalRecord> {
  await db.tx(async (tx) => {
    const rows = await tx.query<WithdrawalRow>(
      `UPDATE withdrawals SET payout_state = 'PAYING', reviewed_by = $2, reviewed_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'WAITING' AND payout_state IS NULL RETURNING *`,
      [id, operator],
    );
    if (!rows[0]) throw await notReviewable(tx, id);
    await audit(tx, recordOf(rows[0]));
  });
  await runPayout(db, id, log).catch((err) =>
    log?.error({ err, withdrawalId: id }, "payout failed; the resume job will retry"),
  );
  const row = await findRow(db, id);
  if (!row) throw new ReviewError("No such withdrawal", Code.NOT_FOUND);
  return recordOf(row);
}

async function notReviewable(tx: Sql, id: number): Promise<ReviewError> {
  const row = await findRow(tx, id);
  if (!row) return new ReviewError(`Withdrawal ${id} does not exist`, Code.NOT_FOUND);
  if (row.payout_state) return new ReviewError(`Withdrawal ${id} is already approved (${row.payout_state})`);
  return new ReviewError(`Withdrawal ${id} is already ${row.status}`);
}

/** Rejects a waiting withdrawal with a reason: the held amount returns to the player. */
export async function rejectWithdrawal(
  db: Db,
  id: number,
  operator: string,
  reason: string,
  audit: (tx: Sql, row: WithdrawalRecord) => Promise<void>,
): Promise<WithdrawalRecord> {
  const text = reason.trim();
  if (!text) throw new ReviewError("Give a reason for the player", Code.BAD_REQUEST);
  if (text.length > 200) throw new ReviewError("The reason is at most 200 characters", Code.BAD_REQUEST);
  return db.tx(async (tx) => {
    const rows = await tx.query<WithdrawalRow>(
      `UPDATE withdrawals SET status = 'REJECT', reject_reason = $2, reviewed_by = $3, reviewed_at = now(),
         updated_at = now()
       WHERE id = $1 AND status = 'WAITING' AND payout_state IS NULL RETURNING *`,
      [id, text, operator],
    );
    if (!rows[0]) throw await notReviewable(tx, id);
    await returnHeld(tx, rows[0]);
    const record = recordOf(rows[0]);
    await audit(tx, record);
    return record;
  });
}

async function returnHeld(tx: Sql, row: WithdrawalRow): Promise<void> {
  await post(tx, {
    userId: Number(row.user_id),
    coin: "CHIP",
    amount: Number(row.amount_cents),
    kind: "WITHDRAW_RETURN",
    counter: "WITHDRAWALS_HELD",
    refId: String(row.id),
    memo: "withdrawal rejected",
  });
}

/**
 * The payout step of one approved (PAYING) withdrawal; safe to run any number of times, in
 * parallel too: the adapter is idempotent by withdrawal id, and the completion is a conditional
 * update (PAYING -> PAID) in the transaction that moves the money, so it happens once.
 */
async function runPayout(db: Db, id: number, log?: Logger): Promise<void> {
  const rows = await db.query<WithdrawalRow>(
    `UPDATE withdrawals SET payout_attempts = payout_attempts + 1
     WHERE id = $1 AND payout_state = 'PAYING' RETURNING *`,
    [id],
  );
  const row = rows[0];
  if (!row) return;
  const adapter = payoutAdapterOf(db);
  const net = Number(row.net_cents);
  const result: PayoutResult = await adapter.pay({
    withdrawalId: Number(row.id),
    userId: Number(row.user_id),
    currency: row.currency,
    netCents: net,
    usdtMicros: row.usdt_rate_cents ? usdtMicrosOf(net, Number(row.usdt_rate_cents)) : null,
    bank:
      row.currency === "CASH"
        ? {
            bankName: row.bank_name ?? "",
            holderName: row.holder_name ?? "",
            accountNumber: row.account_number ?? "",
            ifsc: row.ifsc,
          }
        : null,
    address: row.address,
    network: row.network,
  });
  await db.tx(async (tx) => {
    if (result.status === "PAID") {
      const done = await tx.query<WithdrawalRow>(
        `UPDATE withdrawals SET payout_state = 'PAID', status = 'APPROVED', payout_ref = $2, updated_at = now()
         WHERE id = $1 AND payout_state = 'PAYING' RETURNING *`,
        [id, result.reference],
      );
      if (!done[0]) return;
      await moveBetweenSystemAccounts(tx, {
        coin: "CHIP",
        from: "WITHDRAWALS_HELD",
        to: "WITHDRAWALS_PAID",
        amount: net,
        kind: "PAYOUT",
        refId: String(id),
        memo: `${adapter.name} ${result.reference}`,
      });
      const fee = Number(row.fee_cents);
      if (fee > 0) {
        await moveBetweenSystemAccounts(tx, {
          coin: "CHIP",
          from: "WITHDRAWALS_HELD",
          to: "FEES",
          amount: fee,
          kind: "WITHDRAW_FEE",
          refId: String(id),
        });
      }
      log?.info({ withdrawalId: id, reference: result.reference, adapter: adapter.name }, "withdrawal paid");
    } else {
      const failed = await tx.query<WithdrawalRow>(
        `UPDATE withdrawals SET payout_state = NULL, status = 'REJECT', reject_reason = $2, updated_at = now()
         WHERE id = $1 AND payout_state = 'PAYING' RETURNING *`,
        [id, `Payout failed: ${result.reason}`.slice(0, 200)],
      );
      if (!failed[0]) return;
      await returnHeld(tx, failed[0]);
      log?.warn(
        { withdrawalId: id, reason: result.reason, adapter: adapter.name },
        "payout failed; returned",
      );
    }
  });
}

/**
 * Finishes every approved withdrawal whose payout did not complete (a crash, a timeout): run at
 * start and then periodically by the payout job. `olderThanMs` leaves alone payouts in flight.
 */
export async function resumePayouts(db: Db, olderThanMs: number, log?: Logger): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM withdrawals WHERE payout_state = 'PAYING'
       AND updated_at <= now() - ($1::int * interval '1 millisecond') ORDER BY id LIMIT 100`,
    [olderThanMs],
  );
  let done = 0;
  for (const { id } of rows) {
    try {
      await runPayout(db, Number(id), log);
      done++;
    } catch (err) {
      log?.error({ err, withdrawalId: id }, "payout retry failed");
    }
  }
  return done;
}

interface OperatorRow extends WithdrawalRecord {
  userId: number;
  payoutState: string | null;
  payoutAttempts: number;
  autoApproved: boolean;
  reviewedBy: string | null;
  payoutRef: string | null;
  holderName: string | null;
  ifsc: string | null;
}

/** For operators: withdrawals by status (all when null), oldest waiting first. */
export async function listForOperators(
  db: Sql,
  status: WithdrawalStatus | null,
  limit = 50,
): Promise<OperatorRow[]> {
  const rows = await db.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE $1::text IS NULL OR status = $1
     ORDER BY CASE WHEN status = 'WAITING' THEN id ELSE -id END LIMIT $2`,
    [status, limit],
  );
  return rows.map((r) => ({
    ...recordOf(r),
    userId: Number(r.user_id),
    payoutState: r.payout_state,
    payoutAttempts: Number(r.payout_attempts),
    autoApproved: r.auto_approved,
    reviewedBy: r.reviewed_by,
    payoutRef: r.payout_ref,
    holderName: r.holder_name,
    ifsc: r.ifsc,
  }));
}

import { randomBytes, timingSafeEqual } from "node:crypto";
import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import { fromCents, toCents } from "#contract/money";
import {
  type CashRechargeRecord,
  RECHARGE_ORDER_MINUTES,
  type RechargeInput,
  type RechargeResult,
  type RechargeStatus,
} from "#contract/recharge";
import { post } from "../ledger/ledger";
import { assertMay } from "../limits/limits";
import type { Deps } from "../platform/context";
import { type Sql, isUniqueViolation } from "../platform/db";
import { ApiError, idempotencyKeyOf } from "../platform/http";
import { pageOf, selectPage } from "../platform/paging";
import { currencyRules } from "../wallet/currency-config";
import { findChannel } from "./channels";
import {
  type PaymentProvider,
  type RawCallback,
  SANDBOX_PROVIDER,
  sandboxNotification,
  sandboxProvider,
} from "./providers";
import { rechargeSettings, sandboxSecret } from "./settings";

/** Cash recharges: orders, the provider's callback, cancellation and expiry (docs/wallet.md "Recharge"). */

const ORDER_TTL_MS = RECHARGE_ORDER_MINUTES * 60_000;

const registries = new WeakMap<Deps, Map<string, PaymentProvider>>();

/** The providers this core offers, by name: the sandbox unless PAYMENT_SANDBOX=0 (off in production). */
export function providersOf(deps: Deps): Map<string, PaymentProvider> {
  let map = registries.get(deps);
  if (!map) {
    map = new Map();
    if (rechargeSettings(deps).sandboxEnabled)
      map.set(
        SANDBOX_PROVIDER,
        sandboxProvider(() => sandboxSecret(deps)),
      );
    registries.set(deps, map);
  }
  return map;
}

/** Names of every provider a channel may name (offered here or not). */
export const KNOWN_PROVIDERS = [SANDBOX_PROVIDER] as const;

interface OrderRow {
  id: string;
  user_id: number;
  amount_cents: number;
  pay_channel_name: string;
  show_name: string;
  provider: string;
  status: RechargeStatus;
  provider_ref: string | null;
  pay_token: string;
  idempotency_key: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const KEY_REUSED = "This idempotency key was already used for a different recharge";

const iso = (d: Date | string) => new Date(d).toISOString();

function recordOf(row: OrderRow, payUrl: string | null = null): CashRechargeRecord {
  return {
    payUrl,
    id: row.id,
    currency: "CASH",
    amount: fromCents(row.amount_cents),
    payChannelName: row.pay_channel_name,
    showName: row.show_name,
    txHash: row.provider_ref,
    status: row.status,
    createDateTime: iso(row.created_at),
    updateDateTime: iso(row.updated_at),
  };
}

async function answerOf(deps: Deps, row: OrderRow): Promise<RechargeResult> {
  const provider = providersOf(deps).get(row.provider);
  if (!provider) throw new ApiError(Code.BAD_REQUEST, "This pay channel is not available");
  const { payUrl } = await provider.createPayment({
    id: row.id,
    amountCents: row.amount_cents,
    payChannelName: row.pay_channel_name,
    payToken: row.pay_token,
  });
  return {
    id: row.id,
    amount: fromCents(row.amount_cents),
    payChannelName: row.pay_channel_name,
    status: row.status,
    payUrl,
  };
}

/**
 * Makes a PENDING order and answers where to pay it. Refused, changing nothing: recharge closed
 * for CASH, an amount outside the config's limits, an unknown, disabled or unavailable channel.
 * A repeated idempotency key answers the first order (409 when it asked for something else).
 */
export async function createRecharge(
  deps: Deps,
  userId: number,
  input: RechargeInput,
  idempotencyKey?: string | null,
): Promise<RechargeResult> {
  const key = idempotencyKeyOf(idempotencyKey);
  const amountCents = toCents(input.amount);
  const findByKey = async () =>
    key
      ? (
          await deps.db.query<OrderRow>(
            "SELECT * FROM recharge_orders WHERE user_id = $1 AND idempotency_key = $2",
            [userId, key],
          )
        )[0]
      : undefined;
  const repeatOf = async (first: OrderRow) => {
    if (first.amount_cents !== amountCents || first.pay_channel_name !== input.payChannelName) {
      throw new ApiError(Code.CONFLICT, KEY_REUSED, KEY_REUSED_DETAIL);
    }
    return answerOf(deps, first);
  };
  const earlier = await findByKey();
  if (earlier) return repeatOf(earlier);

  const rules = await currencyRules(deps.db, "CASH");
  if (!rules.openRecharge) throw new ApiError(Code.BAD_REQUEST, "Cash recharge is closed at the moment");
  if (amountCents < rules.chargeMinCents || amountCents > rules.chargeMaxCents) {
    throw new ApiError(
      Code.BAD_REQUEST,
      `The amount must be from ${fromCents(rules.chargeMinCents).toFixed(2)} to ${fromCents(rules.chargeMaxCents).toFixed(2)}`,
      { reason: "LIMITS", min: fromCents(rules.chargeMinCents), max: fromCents(rules.chargeMaxCents) },
    );
  }
  const channel = await findChannel(deps.db, input.payChannelName);
  if (!channel || !channel.enabled || !providersOf(deps).has(channel.provider)) {
    throw new ApiError(Code.BAD_REQUEST, "This pay channel is not available");
  }
  const now = new Date(deps.now());
  const id = `R${now.toISOString().slice(0, 10).replaceAll("-", "")}${randomBytes(6).toString("hex").toUpperCase()}`;
  try {
    // Player protection: refused during a time-out or self-exclusion, or past a deposit limit,
    // checked in the order's own transaction (pending orders count against the limit). A paid
    // order's callback is never refused: the money has left the player (docs/player-protection.md).
    const [row] = await deps.db.tx(async (tx) => {
      await assertMay(tx, deps, userId, "recharge", amountCents);
      return tx.query<OrderRow>(
        `INSERT INTO recharge_orders (id, user_id, amount_cents, pay_channel_id, pay_channel_name, show_name,
         provider, pay_token, idempotency_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
        [
          id,
          userId,
          amountCents,
          channel.id,
          channel.payChannelName,
          channel.showName,
          channel.provider,
          randomBytes(16).toString("hex"),
          key,
          now,
        ],
      );
    });
    deps.log.info(
      { recharge: true, order: id, userId, amountCents, channel: channel.payChannelName },
      "recharge order made",
    );
    return answerOf(deps, row);
  } catch (error) {
    // The same key raced in from a parallel request: answer the order it made.
    if (isUniqueViolation(error) && key) {
      const first = await findByKey();
      if (first) return repeatOf(first);
    }
    throw error;
  }
}

export class CallbackRefused extends Error {
  override name = "CallbackRefused";
}

/**
 * A provider's callback, exactly as it arrived. Verified by the provider, then applied to its
 * order in one transaction with the order locked: PAID credits the amount once (the order turns
 * SUCCESS; a repeat finds it so and changes nothing; the ledger's unique refId is the backstop),
 * FAILED ends a PENDING order. Refused (CallbackRefused, logged as a warning): a bad signature, an
 * unknown order, another provider's order, an amount that is not the order's.
 */
export async function applyCallback(
  deps: Deps,
  providerName: string,
  callback: RawCallback,
  from: string,
): Promise<{ orderId: string; status: RechargeStatus; credited: boolean }> {
  const refuse = (reason: string, detail: Record<string, unknown> = {}) => {
    deps.log.warn(
      { recharge: true, provider: providerName, from, reason, ...detail },
      "recharge callback refused",
    );
    return new CallbackRefused(reason);
  };
  const provider = providersOf(deps).get(providerName);
  if (!provider) throw refuse("unknown provider");
  const verdict = await provider.verifyCallback(callback);
  if (!verdict.ok) throw refuse(verdict.reason);
  return deps.db.tx(async (tx) => {
    const [order] = await tx.query<OrderRow>("SELECT * FROM recharge_orders WHERE id = $1 FOR UPDATE", [
      verdict.orderId,
    ]);
    if (!order) throw refuse("unknown order", { order: verdict.orderId });
    if (order.provider !== providerName) throw refuse("order of another provider", { order: order.id });
    if (order.amount_cents !== verdict.amountCents) {
      throw refuse("amount differs from the order", {
        order: order.id,
        orderCents: order.amount_cents,
        callbackCents: verdict.amountCents,
      });
    }
    const now = new Date(deps.now());
    if (verdict.status === "PAID") {
      if (order.status === "SUCCESS") return { orderId: order.id, status: order.status, credited: false };
      // Money the provider received is credited even when the order had expired or failed meanwhile.
      await post(tx, {
        userId: order.user_id,
        coin: "CHIP",
        amount: order.amount_cents,
        kind: "RECHARGE",
        counter: "DEPOSITS_CASH",
        refId: order.id,
        memo: `${order.pay_channel_name} ${verdict.providerRef}`,
      });
      await tx.query(
        "UPDATE recharge_orders SET status = 'SUCCESS', provider_ref = $2, updated_at = $3 WHERE id = $1",
        [order.id, verdict.providerRef, now],
      );
      deps.log.info(
        { recharge: true, order: order.id, amountCents: order.amount_cents },
        "recharge credited",
      );
      return { orderId: order.id, status: "SUCCESS" as const, credited: true };
    }
    if (order.status === "PENDING") {
      await tx.query(
        "UPDATE recharge_orders SET status = 'FAILED', provider_ref = $2, updated_at = $3 WHERE id = $1",
        [order.id, verdict.providerRef, now],
      );
      return { orderId: order.id, status: "FAILED" as const, credited: false };
    }
    return { orderId: order.id, status: order.status, credited: false };
  });
}

/** Marks PENDING orders older than 30 minutes EXPIRED; answers how many. Safe with several cores. */
export async function expireOrders(db: Sql, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  const rows = await db.query<{ id: string }>(
    `UPDATE recharge_orders SET status = 'EXPIRED', updated_at = $2
     WHERE status = 'PENDING' AND created_at <= $1 RETURNING id`,
    [new Date(nowMs - ORDER_TTL_MS), now],
  );
  return rows.length;
}

/**
 * The player's cash recharges, newest first; a PENDING one says where to finish paying it. One past
 * its 30 minutes reads EXPIRED, without the link, as the expiry job will mark it within the minute
 * (the pay page already refuses it); money paid for it anyway is still credited (applyCallback).
 */
export async function cashRechargePage(
  deps: Deps,
  userId: number,
  q: { pageNo: number; pageSize: number },
): Promise<Page<CashRechargeRecord>> {
  const { db } = deps;
  const { rows, total } = await selectPage<OrderRow>(db, {
    columns: "*",
    from: "recharge_orders",
    where: "user_id = $1",
    params: [userId],
    orderBy: "created_at DESC, id DESC",
    ...q,
  });
  const content = await Promise.all(
    rows.map(async (row) => {
      const provider = providersOf(deps).get(row.provider);
      if (row.status !== "PENDING" || !provider) return recordOf(row);
      if (new Date(row.created_at).getTime() + ORDER_TTL_MS <= deps.now()) {
        return recordOf({ ...row, status: "EXPIRED" });
      }
      const { payUrl } = await provider.createPayment({
        id: row.id,
        amountCents: row.amount_cents,
        payChannelName: row.pay_channel_name,
        payToken: row.pay_token,
      });
      return recordOf(row, payUrl);
    }),
  );
  return pageOf(content, total, q);
}

/** What the sandbox pay page shows. */
interface SandboxOrderView {
  id: string;
  amount: number;
  showName: string;
  payChannelName: string;
  status: RechargeStatus;
  createDateTime: string;
  /** When it expires unpaid (ms since the epoch). */
  expiresAt: number;
}

async function sandboxOrder(db: Sql, id: string, token: string): Promise<OrderRow> {
  const [order] = await db.query<OrderRow>("SELECT * FROM recharge_orders WHERE id = $1 AND provider = $2", [
    id,
    SANDBOX_PROVIDER,
  ]);
  // The same answer for no order and a wrong token: the page's address is its only key.
  const given = Buffer.from(token);
  const expected = Buffer.from(order?.pay_token ?? "");
  if (!order || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError(Code.NOT_FOUND, "This payment does not exist");
  }
  return order;
}

export async function sandboxView(deps: Deps, id: string, token: string): Promise<SandboxOrderView> {
  if (!providersOf(deps).has(SANDBOX_PROVIDER))
    throw new ApiError(Code.NOT_FOUND, "This payment does not exist");
  const order = await sandboxOrder(deps.db, id, token);
  return {
    id: order.id,
    amount: fromCents(order.amount_cents),
    showName: order.show_name,
    payChannelName: order.pay_channel_name,
    status: order.status,
    createDateTime: iso(order.created_at),
    expiresAt: new Date(order.created_at).getTime() + ORDER_TTL_MS,
  };
}

/**
 * The sandbox pay page's Pay or Cancel: as a real provider, it signs a notification and POSTs it
 * to the core's callback address (`callbackUrl`), then answers the order as that left it.
 */
export async function sandboxDecide(
  deps: Deps,
  id: string,
  token: string,
  action: "pay" | "cancel",
  callbackUrl: string,
): Promise<SandboxOrderView> {
  const view = await sandboxView(deps, id, token);
  if (view.status !== "PENDING") throw new ApiError(Code.CONFLICT, "This payment is already closed", view);
  if (deps.now() >= view.expiresAt) throw new ApiError(Code.CONFLICT, "This payment has expired", view);
  const notification = sandboxNotification(await sandboxSecret(deps), {
    orderId: id,
    amount: view.amount.toFixed(2),
    status: action === "pay" ? "PAID" : "FAILED",
    timestamp: deps.now(),
  });
  const response = await fetch(callbackUrl, {
    method: "POST",
    headers: notification.headers,
    body: notification.body,
  });
  if (!response.ok) {
    deps.log.error({ recharge: true, order: id, status: response.status }, "sandbox callback not accepted");
    throw new ApiError(Code.SERVER_ERROR, "The payment could not be confirmed; try again");
  }
  return sandboxView(deps, id, token);
}

import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import type { Context } from "hono";
import { z } from "zod";
import { Header } from "#contract/headers";
import {
  getRechargeInputSchema,
  rechargeInputSchema,
  rechargePageInputSchema,
  usdtRechargePageInputSchema,
} from "#contract/recharge";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreEnv, CoreRouter } from "../platform/context";
import { clientIp, ok, parseInput, readInput, requireUser } from "../platform/http";
import { addChannel, editChannel, listChannels, playerChannels } from "./channels";
import { type DepositOutcome, depositAddress, reportDeposit, usdtRechargePage } from "./deposits";
import {
  CallbackRefused,
  KNOWN_PROVIDERS,
  applyCallback,
  cashRechargePage,
  createRecharge,
  providersOf,
  sandboxDecide,
  sandboxView,
} from "./orders";

/**
 * The core's own address, as the socket this request came in on says it: where the sandbox posts
 * its callback. Never the request's Host header, which a caller chooses (the signed callback would
 * go to any host it named). Without a socket (a request made in the process) its URL is all there is.
 */
function ownOrigin(c: Context<CoreEnv>): string {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return c.req.url;
  const host = isIPv6(socket.localAddress) ? `[${socket.localAddress}]` : socket.localAddress;
  return `http://${host}:${socket.localPort}`;
}

const sandboxInput = z.object({
  id: z.string().trim().min(1).max(40),
  t: z.string().trim().min(1).max(64),
});
const decideInput = sandboxInput.extend({
  action: z.enum(["pay", "cancel"], { errorMap: () => ({ message: "action must be pay or cancel" }) }),
});

/** The longest callback body believed (a provider's notification is a few hundred bytes). */
const MAX_CALLBACK_BYTES = 16 * 1024;

export function rechargeRoutes(app: CoreRouter) {
  app.post("/app/payChannel/list", async (c) => {
    requireUser(c);
    const deps = c.get("deps");
    return ok(c, await playerChannels(deps.db, (p) => providersOf(deps).has(p)));
  });

  app.post("/app/user/recharge/recharge", async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, rechargeInputSchema);
    return ok(c, await createRecharge(c.get("deps"), user.id, input, c.req.header(Header.idempotencyKey)));
  });

  app.post("/app/user/recharge/page", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, rechargePageInputSchema);
    return ok(c, await cashRechargePage(c.get("deps"), user.id, q));
  });

  app.on(["GET", "POST"], "/app/wallet/getRecharge", async (c) => {
    const user = requireUser(c);
    const { walletType } = await parseInput(c, getRechargeInputSchema);
    return ok(c, await depositAddress(c.get("deps"), user.id, walletType));
  });

  app.on(["GET", "POST"], "/app/wallet/getRechargeRecord", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, usdtRechargePageInputSchema);
    return ok(c, await usdtRechargePage(c.get("deps").db, user.id, q));
  });

  /**
   * A payment provider's callback (public: it proves itself by its signature). Answers plain
   * text, as providers expect: 200 "success" when applied (or already applied), 400 when refused.
   */
  app.post("/app/recharge/notify/:provider", async (c) => {
    const body = await c.req.text();
    if (body.length > MAX_CALLBACK_BYTES) return c.text("refused", 400);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    try {
      await applyCallback(c.get("deps"), c.req.param("provider"), { body, headers }, clientIp(c));
      return c.text("success", 200);
    } catch (error) {
      if (error instanceof CallbackRefused) return c.text("refused", 400);
      throw error;
    }
  });

  /** The sandbox provider's hosted pay page reads its order here (the app renders it, decision 027). */
  app.get("/app/recharge/sandbox/order", async (c) => {
    const { id, t } = await parseInput(c, sandboxInput);
    return ok(c, await sandboxView(c.get("deps"), id, t));
  });

  /** Pay or Cancel on the sandbox pay page: the sandbox signs its callback and POSTs it to the core. */
  app.post("/app/recharge/sandbox/decide", async (c) => {
    const { id, t, action } = await parseInput(c, decideInput);
    const callbackUrl = new URL("/core/app/recharge/notify/sandbox", ownOrigin(c)).toString();
    return ok(c, await sandboxDecide(c.get("deps"), id, t, action, callbackUrl));
  });
}

/** The audit entry of a reported deposit (operator API and CLI). */
export function depositAudit(operator: string, input: Record<string, string>, outcome: DepositOutcome) {
  return {
    operator,
    action: "recharge.deposit.report",
    target: outcome.deposit.txHash,
    detail: { ...input, status: outcome.deposit.status, credited: outcome.credited },
  };
}

export function rechargeOperatorRoutes(op: CoreRouter) {
  op.get("/recharge/channels", async (c) => ok(c, await listChannels(c.get("deps").db)));

  /** POST {payChannelName, showName, provider?, sort?, enabled?}: adds a channel, audited. */
  op.post("/recharge/channels", async (c) => {
    const operator = operatorOf(c);
    const input = await readInput(c);
    return ok(
      c,
      await c.get("deps").db.tx(async (tx) => {
        const channel = await addChannel(tx, input, KNOWN_PROVIDERS);
        await writeAudit(tx, {
          operator,
          action: "recharge.channel.add",
          target: channel.payChannelName,
          detail: input,
        });
        return channel;
      }),
    );
  });

  /** POST {payChannelName, showName?, provider?, sort?, enabled?}: edits, enables or disables, audited. */
  op.post("/recharge/channels/edit", async (c) => {
    const operator = operatorOf(c);
    const { payChannelName = "", ...changes } = await readInput(c);
    return ok(
      c,
      await c.get("deps").db.tx(async (tx) => {
        const { channel, before } = await editChannel(tx, payChannelName.trim(), changes, KNOWN_PROVIDERS);
        await writeAudit(tx, {
          operator,
          action: "recharge.channel.edit",
          target: channel.payChannelName,
          detail: { changes, before },
        });
        return channel;
      }),
    );
  });

  /**
   * The sandbox chain watcher: POST {network, address, tx, logIndex?, amount, confirmations}
   * reports a USDT transfer seen on chain; credited once per transfer (tx hash and log index, 0
   * when absent) after the configured confirmations. Audited.
   */
  op.post("/recharge/deposit", async (c) => {
    const operator = operatorOf(c);
    const input = await readInput(c);
    const deps = c.get("deps");
    const result = await reportDeposit(
      deps,
      {
        network: input.network ?? "",
        address: input.address ?? "",
        txHash: input.tx ?? input.txHash ?? "",
        amount: input.amount ?? "",
        confirmations: input.confirmations ?? "",
        logIndex: input.logIndex,
      },
      (tx, outcome) => writeAudit(tx, depositAudit(operator, input, outcome)),
    );
    return ok(c, result);
  });
}

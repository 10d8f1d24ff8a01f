/**
 * Recharge's upstream calls (contract/recharge.ts, core/src/recharge), on the one client: the
 * charge config, pay channels, the cash recharge, the deposit address, both record lists, and the
 * sandbox provider's pay page (decision 027).
 */
import { z } from "zod";
import {
  cashRechargePageSchema,
  depositAddressSchema,
  payChannelListSchema,
  rechargeResultSchema,
  rechargeStatusSchema,
  usdtRechargePageSchema,
} from "#contract/recharge";
import { type Currency, type Network, currencyConfigSchema } from "#contract/wallet";
import { forwardRaw, upstream } from "../client.server";

/** Records are read 10 at a time. */
export const RECORDS_PAGE_SIZE = 10;

export function getChargeConfig(request: Request, currency: Currency) {
  return upstream(request, "/app/chargeAndWithdrawConfig/getConfig", {
    params: { currency },
    schema: currencyConfigSchema,
  });
}

export function getPayChannels(request: Request) {
  return upstream(request, "/app/payChannel/list", { method: "POST", schema: payChannelListSchema });
}

/** Makes a cash recharge order; a retried submit with the same key makes it once. */
export function rechargeCash(
  request: Request,
  input: { amount: number; payChannelName: string },
  idempotencyKey: string,
) {
  return upstream(request, "/app/user/recharge/recharge", {
    method: "POST",
    params: { amount: String(input.amount), payChannelName: input.payChannelName },
    schema: rechargeResultSchema,
    idempotencyKey,
  });
}

export function getDepositAddress(request: Request, walletType: Network) {
  return upstream(request, "/app/wallet/getRecharge", {
    method: "POST",
    params: { walletType },
    schema: depositAddressSchema,
  });
}

export function getCashRecords(request: Request, pageNo: number) {
  return upstream(request, "/app/user/recharge/page", {
    method: "POST",
    params: { pageNo, pageSize: RECORDS_PAGE_SIZE },
    schema: cashRechargePageSchema,
  });
}

export function getUsdtRecords(request: Request, pageNo: number) {
  return upstream(request, "/app/wallet/getRechargeRecord", {
    method: "POST",
    params: { pageNo, pageSize: RECORDS_PAGE_SIZE },
    schema: usdtRechargePageSchema,
  });
}

const sandboxOrderSchema = z.object({
  id: z.string(),
  amount: z.number(),
  showName: z.string(),
  payChannelName: z.string(),
  status: rechargeStatusSchema,
  createDateTime: z.string(),
  expiresAt: z.number(),
});

/** The sandbox pay page's order (public: its token is the key). */
export function getSandboxOrder(request: Request, id: string, t: string) {
  return upstream(request, "/app/recharge/sandbox/order", { params: { id, t }, schema: sandboxOrderSchema });
}

/** Pay or Cancel on the sandbox pay page: the sandbox then calls the core back, signed. */
export function decideSandboxOrder(request: Request, id: string, t: string, action: "pay" | "cancel") {
  return upstream(request, "/app/recharge/sandbox/decide", {
    method: "POST",
    params: { id, t, action },
    schema: sandboxOrderSchema,
  });
}

/** Headers a provider's callback may carry through: its content type and its signature headers. */
const CALLBACK_HEADER =
  /^(content-type|x-[a-z0-9-]*signature[a-z0-9-]*|x-[a-z0-9-]*timestamp|x-[a-z0-9-]*nonce)$/;

/** A payment provider's callback, passed to the core's /app/recharge/notify/<provider> unchanged. */
export function forwardProviderCallback(request: Request, provider: string, body: string) {
  return forwardRaw(request, `/app/recharge/notify/${encodeURIComponent(provider)}`, {
    body,
    pass: (name) => CALLBACK_HEADER.test(name),
  });
}

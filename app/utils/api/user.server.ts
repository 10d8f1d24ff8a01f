import { z } from "zod";
import { Code } from "#contract/codes";
import type { Coin } from "#contract/money";
import { balanceSchema, userInfoSchema } from "#contract/user";
import { upstreamBaseUrl } from "../env.server";
import { upstream } from "./client.server";
import { UpstreamError } from "./errors.server";

/** The signed-in player's own calls (spec section 7, core/src/user), on the one client. */

export function getUserInfo(request: Request, coin: Coin = "CHIP") {
  return upstream(request, "/app/user/getUserInfo", { params: { coin }, schema: userInfoSchema });
}

export interface Balances {
  chip: number;
  gold: number;
  point: number;
}

/** Upstreams that answered they have no getBalance (then getUserInfo gives the balances). */
const withoutGetBalance = new Set<string>();

/**
 * The player's three balances: from getBalance (ours: one indexed read, decision 025), or from
 * getUserInfo on an upstream without it (the specification's call, which also sums bets and
 * ledger entries).
 */
export async function getBalances(request: Request): Promise<Balances> {
  const upstreamUrl = upstreamBaseUrl();
  if (!withoutGetBalance.has(upstreamUrl)) {
    try {
      return await upstream(request, "/app/user/getBalance", { schema: balanceSchema });
    } catch (error) {
      if (!isMissingCall(error)) throw error;
      withoutGetBalance.add(upstreamUrl);
    }
  }
  const { chip, gold, point } = await getUserInfo(request);
  return { chip, gold, point };
}

/** An upstream's answer to a call it does not have: code 404, or HTTP 404 without an envelope. */
function isMissingCall(error: unknown): boolean {
  return error instanceof UpstreamError && (error.code === Code.NOT_FOUND || error.status === 404);
}

export function balanceOf(balances: Balances, coin: Coin): number {
  return coin === "GOLD" ? balances.gold : coin === "POINT" ? balances.point : balances.chip;
}

export function modifyUserBaseInfo(
  request: Request,
  input: { nickName?: string; sex?: string; headUrl?: string },
) {
  return upstream(request, "/app/user/modifyUserBaseInfo", {
    method: "POST",
    params: input,
    schema: z.unknown(),
  });
}

export function resetAssetPwd(request: Request, input: { smsCode: string; assetPassword: string }) {
  return upstream(request, "/app/user/resetAssetPwd", { method: "POST", params: input, schema: z.unknown() });
}

import { z } from "zod";
import type { Coin } from "#contract/money";
import { userInfoSchema } from "#contract/user";
import { upstream } from "./client.server";

/** The signed-in player's own calls (spec section 7, core/src/user), on the one client. */

export function getUserInfo(request: Request, coin: Coin = "CHIP") {
  return upstream(request, "/app/user/getUserInfo", { params: { coin }, schema: userInfoSchema });
}

export interface Balances {
  chip: number;
  gold: number;
  point: number;
}

/** The three balances, from the one getUserInfo call (one path, one schema). */
export async function getBalances(request: Request): Promise<Balances> {
  const { chip, gold, point } = await getUserInfo(request);
  return { chip, gold, point };
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

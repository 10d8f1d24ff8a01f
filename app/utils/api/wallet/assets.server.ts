import type { z } from "zod";
import {
  assetRecordPageSchema,
  exchangeConfigSchema,
  exchangeResultSchema,
  pledgeConfigListSchema,
  pledgePageSchema,
  pledgeResultSchema,
  pointInfoSchema,
  receivePointResultSchema,
} from "#contract/assets";
import type { Coin } from "#contract/money";
import { postOnce, upstream } from "../client.server";

/** The player's exchange, points, staking and asset records (core/src/exchange, staking, assets). */

export function getExchangeConfig(request: Request) {
  return upstream(request, "/app/user/account/exchangeConfig", { schema: exchangeConfigSchema });
}

export function exchange(
  request: Request,
  input: { fromCoin: Coin; toCoin: Coin; amount: number; received?: number },
  idempotencyKey: string,
) {
  return postOnce(request, "/app/user/account/exchange", input, exchangeResultSchema, idempotencyKey);
}

export function getPointInfo(request: Request) {
  return upstream(request, "/app/user/account/pointInfo", { schema: pointInfoSchema });
}

export function receivePoint(request: Request) {
  return upstream(request, "/app/user/account/receivePoint", {
    method: "POST",
    schema: receivePointResultSchema,
  });
}

export function getPledgeConfigList(request: Request) {
  return upstream(request, "/app/user/pledge/configList", { schema: pledgeConfigListSchema });
}

export function pledge(
  request: Request,
  input: { configId: number; amount: number },
  idempotencyKey: string,
) {
  return postOnce(request, "/app/user/pledge/pledge", input, pledgeResultSchema, idempotencyKey);
}

export function getPledgePage(request: Request, q: { pageNo: number; pageSize?: number }) {
  return upstream(request, "/app/user/pledge/page", {
    params: { pageSize: 10, ...q },
    schema: pledgePageSchema,
  });
}

export function getAssetRecords(
  request: Request,
  q: { pageNo: number; pageSize?: number; coin?: Coin; kind?: string },
) {
  return upstream(request, "/app/user/account/findUserAccountRecordPage", {
    params: { pageSize: 20, ...q },
    schema: assetRecordPageSchema,
  });
}

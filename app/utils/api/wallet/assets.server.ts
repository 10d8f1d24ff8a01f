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
import { upstream, upstreamEnvelope } from "../client.server";

/** The player's exchange, points, staking and asset records (core/src/exchange, staking, assets). */

export function getExchangeConfig(request: Request) {
  return upstream(request, "/app/user/account/exchangeConfig", { schema: exchangeConfigSchema });
}

/** The exchange: answers the whole envelope, so that a refusal's reason can be put in the player's words. */
export function exchange(
  request: Request,
  input: { fromCoin: Coin; toCoin: Coin; amount: number },
  idempotencyKey: string,
) {
  return upstreamEnvelope(request, "/app/user/account/exchange", {
    method: "POST",
    params: input,
    schema: exchangeResultSchema,
    idempotencyKey,
  });
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
  return upstreamEnvelope(request, "/app/user/pledge/pledge", {
    method: "POST",
    params: input,
    schema: pledgeResultSchema,
    idempotencyKey,
  });
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

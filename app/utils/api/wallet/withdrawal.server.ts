/**
 * Money out: bank cards and withdrawals (contract/withdrawal.ts, core/src/withdrawal), on the one
 * client. Applies go through upstreamEnvelope so that a refusal's reason and amounts reach the
 * page, which words them in the player's language.
 */
import { z } from "zod";
import type { Currency } from "#contract/wallet";
import {
  bankPageSchema,
  userBankPageSchema,
  userBankSchema,
  withdrawalInfoSchema,
  withdrawalPageSchema,
  withdrawalRecordSchema,
} from "#contract/withdrawal";
import { upstream, upstreamEnvelope } from "../client.server";

/** Spec section 9: card lists are read 100 at a time. */
const CARD_PAGE_SIZE = 100;
export const RECORD_PAGE_SIZE = 20;

export function getWithdrawalInfo(request: Request, currency: Currency) {
  return upstream(request, "/app/wallet/withdrawalInfo", {
    params: { currency },
    schema: withdrawalInfoSchema,
  });
}

export function getBanks(request: Request) {
  return upstream(request, "/app/bank/page", {
    method: "POST",
    params: { pageNo: 1, pageSize: 100 },
    schema: bankPageSchema,
  });
}

export function getUserBanks(request: Request) {
  return upstream(request, "/app/userBank/page", {
    method: "POST",
    params: { pageNo: 1, pageSize: CARD_PAGE_SIZE },
    schema: userBankPageSchema,
  });
}

export function saveUserBank(
  request: Request,
  input: {
    id?: number;
    bankId: number;
    holderName: string;
    bankCardNo?: string;
    ifsc?: string;
    assetPassword: string;
  },
) {
  return upstreamEnvelope(request, "/app/userBank/saveOrUpdate", {
    method: "POST",
    params: input,
    schema: userBankSchema,
  });
}

export function applyCashWithdrawal(
  request: Request,
  input: { amount: number; userBankId: number; assetPassword: string },
  idempotencyKey: string,
) {
  return upstreamEnvelope(request, "/app/user/cashWithdrawal/apply", {
    method: "POST",
    params: input,
    schema: withdrawalRecordSchema,
    idempotencyKey,
  });
}

export function applyUsdtWithdrawal(
  request: Request,
  input: { amount: number; address: string; network: string; assetPassword: string },
  idempotencyKey: string,
) {
  return upstreamEnvelope(request, "/app/wallet/withdrawal", {
    method: "POST",
    params: input,
    schema: withdrawalRecordSchema,
    idempotencyKey,
  });
}

export function getWithdrawalRecords(request: Request, currency: Currency, pageNo: number) {
  return upstream(
    request,
    currency === "CASH" ? "/app/user/cashWithdrawal/page" : "/app/wallet/getWithdrawalRecord",
    {
      method: "POST",
      params: { pageNo, pageSize: RECORD_PAGE_SIZE },
      schema: withdrawalPageSchema,
    },
  );
}

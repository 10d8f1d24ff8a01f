/**
 * Money out: bank cards and withdrawals (contract/withdrawal.ts, core/src/withdrawal), on the one
 * client. Applies go through postOnce so that a refusal's reason and amounts reach the page,
 * which words them in the player's language.
 */
import { z } from "zod";
import type { Currency } from "#contract/wallet";
import {
  type Bank,
  bankPageSchema,
  userBankPageSchema,
  userBankSchema,
  withdrawalInfoSchema,
  withdrawalPageSchema,
  withdrawalRecordSchema,
} from "#contract/withdrawal";
import { postOnce, upstream, upstreamEnvelope } from "../client.server";

/** Spec section 9: card and bank lists are read 100 at a time. */
const CARD_PAGE_SIZE = 100;
export const RECORD_PAGE_SIZE = 20;

export function getWithdrawalInfo(request: Request, currency: Currency) {
  return upstream(request, "/app/wallet/withdrawalInfo", {
    params: { currency },
    schema: withdrawalInfoSchema,
  });
}

/** How many pages of banks a form reads at the most (1,000 banks). */
const MAX_BANK_PAGES = 10;

/**
 * Every bank the operator offers, for the card form: the spec reads them 100 at a time, so a list
 * of more (India has some 130 banks) reads its next pages too, at once.
 */
export async function getBanks(request: Request): Promise<Bank[]> {
  const pageOf = (pageNo: number) =>
    upstream(request, "/app/bank/page", {
      method: "POST",
      params: { pageNo, pageSize: CARD_PAGE_SIZE },
      schema: bankPageSchema,
    });
  const first = await pageOf(1);
  const pages = Math.min(MAX_BANK_PAGES, Math.ceil(first.totalElements / CARD_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => pageOf(i + 2)));
  return [first, ...rest].flatMap((page) => page.content);
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
  return postOnce(request, "/app/user/cashWithdrawal/apply", input, withdrawalRecordSchema, idempotencyKey);
}

export function applyUsdtWithdrawal(
  request: Request,
  input: { amount: number; address: string; network: string; assetPassword: string },
  idempotencyKey: string,
) {
  return postOnce(request, "/app/wallet/withdrawal", input, withdrawalRecordSchema, idempotencyKey);
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

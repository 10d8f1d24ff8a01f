import { asPageError } from "./api/errors.server";
import { RECORD_PAGE_SIZE, getWithdrawalRecords } from "./api/wallet/withdrawal.server";

/** The loader of both record pages: ?page=N (from 1). */
export async function withdrawalRecordsLoader(request: Request, currency: "CASH" | "USDT") {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const pageNo = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const page = await getWithdrawalRecords(request, currency, pageNo).catch(asPageError);
  return {
    currency,
    records: page.content,
    pageNo,
    pages: Math.max(1, Math.ceil(page.totalElements / RECORD_PAGE_SIZE)),
  };
}

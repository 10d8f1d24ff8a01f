import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { asPageError } from "~/utils/api/errors.server";
import { getRebatePage, receiveRebate } from "~/utils/api/team.server";
import { formatsFor } from "~/utils/format.server";
import { readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { resultOrRefusal } from "~/utils/limit-refusal.server";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { finish, refuseWithToast } from "~/utils/toast.server";

const SELF = PAGES.claimBonus;
const PAGE_SIZE = 20;
const STATUSES = ["PENDING", "CLAIMED"] as const;
type Status = (typeof STATUSES)[number];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = (STATUSES as readonly string[]).includes(asked ?? "") ? (asked as Status) : undefined;
  const pageNo = parsePage(url.searchParams.get("page"));
  const page = await getRebatePage(request, { pageNo, pageSize: PAGE_SIZE, status }).catch(asPageError);
  // The rebates' page (?page=, from 1) and how many there are: the pager's plain links reach
  // every rebate, as on the records pages; a claim that empties the last page lands on the new last.
  const pages = pageCount(page.totalElements, PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages);
  return json({ page, status: status ?? null, pageNo, pages });
}

/**
 * The list a claim goes back to: `?status=` and `?page=` of the form's `back` when they are ones
 * the page shows (anything else is dropped), so a claim on page 3 lands on page 3.
 */
function backOf(raw: string): string {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : "");
  const back = new URLSearchParams();
  const status = params.get("status");
  if ((STATUSES as readonly string[]).includes(status ?? "")) back.set("status", String(status));
  const page = parsePage(params.get("page"));
  if (page > 1) back.set("page", String(page));
  const s = back.toString();
  return s ? `?${s}` : "";
}

const REASONS: Record<string, string> = {
  NOTHING_TO_CLAIM: "claim.nothing",
  NOT_FOUND: "claim.unknown",
  ALREADY_CLAIMED: "claim.already",
};

/**
 * One intent, "claim": all pending rebates, or the one named by `rebateId`. Works without
 * JavaScript (POST, redirect with a toast) and with curl (JSON).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const form = await readForm(request);
  const t = await i18n.getFixedT(request, ["team", "common"]);
  const back = backOf(String(form.get("back") ?? ""));
  const id = String(form.get("rebateId") ?? "");
  if (form.get("intent") !== "claim" || (id !== "" && !/^\d{1,15}$/.test(id)))
    return refuseWithToast(request, SELF + back, t("claim.unknown"), 400);
  const claim = receiveRebate(request, id === "" ? undefined : Number(id));
  const outcome = await resultOrRefusal(request, claim, t, REASONS);
  if ("refusal" in outcome) return refuseWithToast(request, SELF + back, outcome.refusal, outcome.status);
  const fmt = await formatsFor(request);
  const message = t("claim.done", {
    count: outcome.result.count,
    amount: fmt.coinMoney(outcome.result.amount, "CHIP"),
  });
  return finish(request, SELF + back, { type: "success", message }, undefined, { result: outcome.result });
}

import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { renderSVG } from "uqr";
import { asPageError } from "~/utils/api/errors.server";
import { getRechargeTasks, getTeamInfo, getTeamLevel, receiveTaskGift } from "~/utils/api/team.server";
import { formatsFor } from "~/utils/format.server";
import { readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { resultOrRefusal } from "~/utils/limit-refusal.server";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { finish, refuseWithToast } from "~/utils/toast.server";

const SELF = PAGES.team;
const PAGE_SIZE = 10;

/** The invite link as the player shares it: absolute, on this site unless INVITE_LINK_BASE made it so. */
function absoluteLink(request: Request, link: string): string {
  return /^https?:\/\//.test(link) ? link : new URL(link, new URL(request.url).origin).toString();
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const level = Math.min(3, Math.max(1, Number(url.searchParams.get("level")) || 1));
  const pageNo = parsePage(url.searchParams.get("page"));
  const [info, members, tasks] = await Promise.all([
    getTeamInfo(request),
    getTeamLevel(request, { level, pageNo, pageSize: PAGE_SIZE }),
    getRechargeTasks(request),
  ]).catch(asPageError);
  const pages = pageCount(members.totalElements, PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages);
  const inviteLink = absoluteLink(request, info.inviteLinkUrl);
  return json({
    info,
    inviteLink,
    // Drawn here as SVG (uqr: paths only): it shows without JavaScript.
    qrSvg: renderSVG(inviteLink, { border: 2, ecc: "M" }),
    level,
    members,
    // The members' page (?page=, from 1) and how many pages of PAGE_SIZE the level has: the
    // pager's plain links reach every member, as on the records pages.
    page: pageNo,
    pages,
    tasks,
  });
}

const REASONS: Record<string, string> = {
  NOT_REACHED: "tasks.notReached",
  NOT_FOUND: "tasks.unknown",
  ALREADY_CLAIMED: "tasks.alreadyClaimed",
};

/** One intent, "gift": receives a recharge task's gift (works without JavaScript, and with curl). */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const form = await readForm(request);
  const t = await i18n.getFixedT(request, ["team", "common"]);
  const id = String(form.get("taskId") ?? "");
  if (form.get("intent") !== "gift" || !/^\d{1,9}$/.test(id))
    return refuseWithToast(request, SELF, t("tasks.unknown"), 400);
  const outcome = await resultOrRefusal(request, receiveTaskGift(request, Number(id)), t, REASONS);
  if ("refusal" in outcome) return refuseWithToast(request, SELF, outcome.refusal, outcome.status);
  const fmt = await formatsFor(request);
  return finish(
    request,
    SELF,
    { type: "success", message: t("tasks.received", { amount: fmt.coinMoney(outcome.result.gift, "CHIP") }) },
    undefined,
    { result: outcome.result },
  );
}

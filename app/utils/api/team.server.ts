import {
  rebatePageSchema,
  rebateReceiveResultSchema,
  receiveTaskGiftResultSchema,
  rechargeTaskListSchema,
  teamInfoSchema,
  teamLevelPageSchema,
} from "#contract/team";
import { upstream, upstreamEnvelope } from "./client.server";

/** The team page and the claim-bonus page (core/src/team, docs/team.md). */

export function getTeamInfo(request: Request) {
  return upstream(request, "/app/user/getUserTeamInfo", { schema: teamInfoSchema });
}

export function getTeamLevel(request: Request, q: { level: number; pageNo: number; pageSize: number }) {
  return upstream(request, "/app/user/getUserTeamInfoSingleLevel", {
    params: q,
    schema: teamLevelPageSchema,
  });
}

export function getRebatePage(
  request: Request,
  q: { pageNo: number; pageSize: number; status?: "PENDING" | "CLAIMED" },
) {
  return upstream(request, "/app/user/rebate/page", { params: q, schema: rebatePageSchema });
}

/** Claims one rebate (id) or all; the whole envelope, so that a refusal's reason can be worded. */
export function receiveRebate(request: Request, id?: number) {
  return upstreamEnvelope(request, "/app/user/rebate/receive", {
    method: "POST",
    params: id === undefined ? {} : { id },
    schema: rebateReceiveResultSchema,
  });
}

export function getRechargeTasks(request: Request) {
  return upstream(request, "/app/user/rechargeTask/list", { schema: rechargeTaskListSchema });
}

export function receiveTaskGift(request: Request, id: number) {
  return upstreamEnvelope(request, "/app/user/rechargeTask/receiveTaskGift", {
    method: "POST",
    params: { id },
    schema: receiveTaskGiftResultSchema,
  });
}

import { z } from "zod";
import { sysMessagePageSchema, sysMessageSchema } from "#contract/messages";
import { upstream } from "./client.server";

/** The player's notices (spec section 7, core/src/messages), on the one client. */

export function findUserMsgList(request: Request, pageNo: number, pageSize = 20) {
  return upstream(request, "/app/sysMessage/findUserMsgList", {
    params: { pageNo, pageSize },
    schema: sysMessagePageSchema,
  });
}

export function getMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/get", { params: { id }, schema: sysMessageSchema });
}

export function readMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/readMsg", {
    method: "POST",
    params: { id },
    schema: z.unknown(),
  });
}

import { z } from "zod";
import { sysMessagePageSchema, sysMessageSchema } from "#contract/messages";
import { i18n } from "../i18n.server";
import { upstream } from "./client.server";

/**
 * The player's notices (spec section 7, core/src/messages), on the one client, in the page's
 * language (the core answers an operator's translation of a notice when it has one).
 */

export async function findUserMsgList(request: Request, pageNo: number, pageSize = 20) {
  return upstream(request, "/app/sysMessage/findUserMsgList", {
    params: { pageNo, pageSize },
    schema: sysMessagePageSchema,
    language: await i18n.getLocale(request),
  });
}

export async function getMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/get", {
    params: { id },
    schema: sysMessageSchema,
    language: await i18n.getLocale(request),
  });
}

export function readMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/readMsg", {
    method: "POST",
    params: { id },
    schema: z.unknown(),
  });
}

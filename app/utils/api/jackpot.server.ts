import { jackpotDrawSchema, jackpotInfoSchema } from "#contract/jackpot";
import { upstream } from "./client.server";

/** The daily jackpot (core/src/jackpot, docs/jackpot.md), on the one client. */

export function getJackpotInfo(request: Request) {
  return upstream(request, "/app/jackpot/info", { schema: jackpotInfoSchema });
}

/** A drawn day (the latest without dayNo); a refusal (404) when none was drawn yet. */
export function getJackpotDraw(request: Request, dayNo?: number) {
  return upstream(request, "/app/jackpot/draw", {
    params: dayNo === undefined ? {} : { dayNo },
    schema: jackpotDrawSchema,
  });
}

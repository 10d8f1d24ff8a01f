/**
 * Player protection's upstream calls (contract/limits.ts, core/src/limits) on the one client:
 * the status (limits, block, reality check, previous sign-in), the reality check alone, limit changes, the reminder, a
 * time-out or self-exclusion, and the activity statement.
 */
import { z } from "zod";
import {
  type BlockKind,
  type LimitKind,
  type LimitPeriod,
  blockResultSchema,
  limitsStatusSchema,
  realitySchema,
  setLimitResultSchema,
  statementSchema,
} from "#contract/limits";
import { upstream, upstreamEnvelope } from "./client.server";

export function getLimitsStatus(request: Request) {
  return upstream(request, "/app/limits/status", { method: "GET", schema: limitsStatusSchema });
}

/** Whether the reality check is due (one query on the core; the game page asks on every load). */
export function getReality(request: Request, since: number) {
  return upstream(request, "/app/limits/reality", {
    method: "GET",
    params: { since },
    schema: realitySchema,
  });
}

/** amount "" removes the limit (after the cooling period). */
export function setLimit(request: Request, kind: LimitKind, period: LimitPeriod, amount: string) {
  return upstreamEnvelope(request, "/app/limits/set", {
    method: "POST",
    params: { kind, period, amount },
    schema: setLimitResultSchema,
  });
}

export function changePending(
  request: Request,
  what: "confirm" | "cancel",
  kind: LimitKind,
  period: LimitPeriod,
) {
  return upstreamEnvelope(request, `/app/limits/${what}`, {
    method: "POST",
    params: { kind, period },
    schema: z.null(),
  });
}

export function setReminder(request: Request, minutes: number) {
  return upstreamEnvelope(request, "/app/limits/reminder", {
    method: "POST",
    params: { minutes },
    schema: z.null(),
  });
}

export function startBlock(request: Request, kind: BlockKind, length: string, password: string) {
  return upstreamEnvelope(request, "/app/limits/block", {
    method: "POST",
    params: { kind, length, password },
    schema: blockResultSchema,
  });
}

export function getStatement(request: Request, from: string, to: string) {
  return upstream(request, "/app/limits/statement", {
    method: "GET",
    params: { from, to },
    schema: statementSchema,
  });
}

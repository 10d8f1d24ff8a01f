import { z } from "zod";
import { Code } from "#contract/codes";
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  blockInputSchema,
  limitRefInputSchema,
  operatorPlayerInputSchema,
  realityInputSchema,
  reminderInputSchema,
  setLimitInputSchema,
  statementInputSchema,
} from "#contract/limits";
import { toCents } from "#contract/money";
import { verifyPassword } from "../auth/passwords";
import { signInTimes } from "../auth/tokens";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreRouter, Deps } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import { findUserById } from "../user/users";
import {
  cancelLimit,
  column,
  confirmLimit,
  limitsView,
  lossSince,
  readLimits,
  setLimit,
  setReminder,
  startBlock,
} from "./limits";
import { realityOf } from "./reality";
import { statement } from "./statement";

async function status(deps: Deps, userId: number, token: string) {
  const now = deps.now();
  const view = await limitsView(deps.db, userId, now);
  const times = await signInTimes(deps.db, userId, token);
  const startedAt = times.startedAt ?? now;
  return {
    ...view,
    timeZone: deps.config.limits.timeZone,
    coolingHours: deps.config.limits.coolingMs / 3_600_000,
    helpUrl: deps.config.limits.helpUrl,
    session: { startedAt, netLoss: (await lossSince(deps.db, userId, startedAt)) / 100 },
    previousSignIn: times.previous,
    now,
  };
}

export function limitsRoutes(app: CoreRouter) {
  app.get("/app/limits/status", async (c) => {
    const user = requireUser(c);
    return ok(c, await status(c.get("deps"), user.id, user.token));
  });

  app.get("/app/limits/reality", async (c) => {
    const user = requireUser(c);
    const { since } = await parseInput(c, realityInputSchema);
    const deps = c.get("deps");
    return ok(c, await realityOf(deps.db, user.id, user.token, since, deps.now()));
  });

  app.post("/app/limits/set", async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, setLimitInputSchema);
    const cents = input.amount === "" ? null : toCents(input.amount);
    return ok(c, await setLimit(c.get("deps"), user.id, input.kind, input.period, cents));
  });

  app.post("/app/limits/confirm", async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, limitRefInputSchema);
    await confirmLimit(c.get("deps"), user.id, input.kind, input.period);
    return ok(c, null, "Limit changed");
  });

  app.post("/app/limits/cancel", async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, limitRefInputSchema);
    await cancelLimit(c.get("deps"), user.id, input.kind, input.period);
    return ok(c, null, "Change cancelled");
  });

  app.post("/app/limits/reminder", async (c) => {
    const user = requireUser(c);
    const { minutes } = await parseInput(c, reminderInputSchema);
    await setReminder(c.get("deps"), user.id, minutes);
    return ok(c, null);
  });

  app.post("/app/limits/block", async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    const input = await parseInput(c, blockInputSchema);
    const row = await findUserById(deps.db, user.id);
    if (!row || !(await verifyPassword(input.password, row.password_hash))) {
      throw new ApiError(Code.BAD_REQUEST, "The password is not correct", { field: "password" });
    }
    const block = await startBlock(deps, user.id, input.kind, input.length as never);
    deps.log.info({ limits: true, userId: user.id, block }, "player blocked themself");
    return ok(c, block);
  });

  app.get("/app/limits/statement", async (c) => {
    const user = requireUser(c);
    const { from, to } = await parseInput(c, statementInputSchema);
    return ok(c, await statement(c.get("deps").db, user.id, from, to));
  });
}

const tightenInput = z.object({
  userId: z.coerce.number().int().positive(),
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z.coerce.number().positive().max(1_000_000_000),
});

/**
 * The operator sees a player's limits and block; may only tighten a limit (lower or add one,
 * never raise or remove it) and can never lift or shorten a block. Every change is audited.
 */
export function limitsOperatorRoutes(op: CoreRouter) {
  op.get("/limits/player", async (c) => {
    const deps = c.get("deps");
    const { userId } = await parseInput(c, operatorPlayerInputSchema);
    return ok(c, await limitsView(deps.db, userId, deps.now()));
  });

  op.post("/limits/player", async (c) => {
    const deps = c.get("deps");
    const operator = operatorOf(c);
    const raw = await readInput(c);
    if ("blockedUntil" in raw || "block" in raw) {
      throw new ApiError(Code.FORBIDDEN, "An operator cannot lift, shorten or start a player's exclusion");
    }
    const parsed = tightenInput.safeParse(raw);
    if (!parsed.success) {
      throw new ApiError(Code.BAD_REQUEST, "userId, kind, period and a positive amount are required");
    }
    const { userId, kind, period, amount } = parsed.data;
    const cents = toCents(amount);
    const before = await readLimits(deps.db, userId);
    const col = column(kind, period);
    const current = before?.[col] ?? null;
    if (current !== null && cents >= current) {
      throw new ApiError(Code.FORBIDDEN, "An operator can lower a player's limit, never raise or remove it");
    }
    await deps.db.tx(async (tx) => {
      await tx.query(
        `INSERT INTO player_limits (user_id, ${col}, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET ${col} = least(coalesce(player_limits.${col}, $2), $2), updated_at = $3`,
        [userId, cents, deps.now()],
      );
      await writeAudit(tx, {
        operator,
        action: "limits.tighten",
        target: String(userId),
        detail: { kind, period, before: current, after: cents },
      });
    });
    return ok(c, await limitsView(deps.db, userId, deps.now()));
  });

  /**
   * Not in production: moves a player's limits clock back (pending changes and blocks start and
   * end `hours` earlier), so end-to-end tests see a cooling period end without waiting. Audited.
   */
  op.post("/limits/test/rewind", async (c) => {
    const deps = c.get("deps");
    if (deps.config.env === "production") throw new ApiError(Code.NOT_FOUND, "Not found");
    const { userId, hours } = z
      .object({
        userId: z.coerce.number().int().positive(),
        hours: z.coerce.number().positive().max(100_000),
      })
      .parse(await readInput(c));
    const ms = Math.round(hours * 3_600_000);
    await deps.db.tx(async (tx) => {
      await tx.query(
        "UPDATE player_limit_requests SET requested_at = requested_at - $2, effective_at = effective_at - $2 WHERE user_id = $1",
        [userId, ms],
      );
      await tx.query(
        "UPDATE player_limits SET blocked_from = blocked_from - $2, blocked_until = blocked_until - $2 WHERE user_id = $1 AND blocked_until IS NOT NULL",
        [userId, ms],
      );
      // The player's sign-ins too, so that a reality check falls due as after hours of play.
      await tx.query(
        `UPDATE auth_tokens SET created_at = created_at - make_interval(secs => $2::double precision / 1000)
         WHERE user_id = $1 AND revoked_at IS NULL`,
        [userId, ms],
      );
      await writeAudit(tx, {
        operator: operatorOf(c),
        action: "limits.test.rewind",
        target: String(userId),
        detail: { hours },
      });
    });
    return ok(c, null);
  });
}

import { Code } from "#contract/codes";
import { jackpotDrawInputSchema } from "#contract/jackpot";
import { fromCents } from "#contract/money";
import { beaconOf } from "../beacon/beacon";
import { operatorOf } from "../operator/auth";
import { passHandler } from "../operator/handlers";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import {
  acceptSealedListAudited,
  getJackpotSettings,
  jackpotDraw,
  jackpotEnabled,
  jackpotInfo,
  jackpotPassAudited,
  poolCents,
  saveJackpotSettingsAudited,
} from "./jackpot";

export function jackpotRoutes(app: CoreRouter) {
  app.get("/app/jackpot/info", async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    const beacon = beaconOf(deps.config.fairness?.beacon);
    return ok(
      c,
      await jackpotInfo(deps.db, user.id, deps.now(), deps.config.jackpotDaySeconds * 1000, beacon),
    );
  });

  /** Public: anyone can recompute a drawn day from it (docs/jackpot.md). */
  app.get("/app/jackpot/draw", async (c) => {
    const { dayNo } = await parseInput(c, jackpotDrawInputSchema);
    const user = c.get("user");
    const deps = c.get("deps");
    const draw = await jackpotDraw(
      deps.db,
      dayNo,
      user?.id ?? null,
      beaconOf(deps.config.fairness?.beacon),
      deps.config.jackpotDaySeconds * 1000,
    );
    if (!draw) throw new ApiError(Code.NOT_FOUND, "No jackpot has been drawn yet");
    return ok(c, draw);
  });

  /** Spec section 7: the prize pool amount (the jackpot pool now, in units; 0 while the jackpot is off). */
  app.get("/app/summary/prizePoolAmount", async (c) => {
    const { db } = c.get("deps");
    if (!(await jackpotEnabled(db))) return ok(c, 0);
    const settings = await getJackpotSettings(db);
    return ok(c, fromCents(await poolCents(db, settings.coin)));
  });
}

export function jackpotOperatorRoutes(op: CoreRouter) {
  op.get("/jackpot/settings", async (c) => {
    const { db } = c.get("deps");
    return ok(c, { ...(await getJackpotSettings(db)), enabled: await jackpotEnabled(db) });
  });

  /** POST {sharePercent?, payoutPercent?, winners?, enabled? (0/1: JACKPOT_APPLY)}, audited. */
  op.post("/jackpot/settings", async (c) => {
    const deps = c.get("deps");
    const saved = await saveJackpotSettingsAudited(deps.db, operatorOf(c), await readInput(c), deps.now());
    return ok(c, { ...saved, enabled: await jackpotEnabled(deps.db) });
  });

  /**
   * POST {dayNo, reason}: a refused day's sealed list accepted (decision 080), audited; the next
   * pass draws the day from it.
   */
  op.post("/jackpot/accept-sealed", async (c) => {
    const deps = c.get("deps");
    const { dayNo, reason } = await readInput(c);
    return ok(c, await acceptSealedListAudited(deps.db, operatorOf(c), { dayNo, reason }, deps.now()));
  });

  /** POST: one pass now (seeds, funding, due draws; the job does it every few seconds), audited. */
  op.post(
    "/jackpot/run",
    passHandler((deps, operator) =>
      jackpotPassAudited(
        deps.db,
        operator,
        deps.now(),
        deps.config.jackpotDaySeconds * 1000,
        beaconOf(deps.config.fairness?.beacon),
      ),
    ),
  );
}

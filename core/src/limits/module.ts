import type { CoreModule } from "../platform/module";
import { limitsOperatorRoutes, limitsRoutes } from "./routes";

/**
 * Player protection (issue 9, docs/player-protection.md): deposit and loss limits, reality
 * check, time-out and self-exclusion, activity statement. Other domains call assertMay().
 */
export const limitsModule: CoreModule = {
  name: "limits",
  routes: limitsRoutes,
  operatorRoutes: limitsOperatorRoutes,
  async seed(tx, deps) {
    // The time zone is configuration (LIMITS_TIME_ZONE); game_place_bet and the team's days
    // (operator-day.ts, decision 068) read it from here.
    await tx.query("UPDATE limits_settings SET time_zone = $1 WHERE id", [deps.config.limits.timeZone]);
  },
};

import { periodicJob } from "../platform/jobs";
import type { CoreModule } from "../platform/module";
import { BLOGGER_COMMANDS } from "./admin";
import { payDividendsDue } from "./bloggers";
import { bloggerOperatorRoutes, bloggerRoutes } from "./routes";

/** Pays the dividends of ended days every minute and at start (safe in several processes). */
const dividendJob = periodicJob(
  "blogger-dividends",
  { everyMs: () => 60_000, failed: "blogger dividends pass failed" },
  async (deps) => {
    const p = await payDividendsDue(deps.db, deps.now());
    if (p.paid > 0) deps.log.info({ ...p }, "blogger dividends paid");
  },
);

/** Bloggers: applications, follows, copied bets, fans, rankings and daily dividends. */
export const bloggersModule: CoreModule = {
  name: "bloggers",
  routes: bloggerRoutes,
  operatorRoutes: bloggerOperatorRoutes,
  jobs: [dividendJob],
  adminCommands: BLOGGER_COMMANDS,
};

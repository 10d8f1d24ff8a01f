import type { BackgroundJob } from "../platform/jobs";
import type { CoreModule } from "../platform/module";
import { BLOGGER_COMMANDS } from "./admin";
import { payDividendsDue } from "./bloggers";
import { bloggerOperatorRoutes, bloggerRoutes } from "./routes";

/** Pays the dividends of ended days every minute and at start (safe in several processes). */
const dividendJob: BackgroundJob = {
  name: "blogger-dividends",
  start(deps) {
    let running: Promise<void> | null = null;
    const pass = () => {
      if (running) return;
      running = payDividendsDue(deps.db, deps.now())
        .then((p) => {
          if (p.paid > 0) deps.log.info({ ...p }, "blogger dividends paid");
        })
        .catch((err) => deps.log.error({ err }, "blogger dividends pass failed"))
        .finally(() => {
          running = null;
        });
    };
    pass();
    const timer = setInterval(pass, 60_000);
    timer.unref?.();
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
};

/** Bloggers: applications, follows, copied bets, fans, rankings and daily dividends. */
export const bloggersModule: CoreModule = {
  name: "bloggers",
  routes: bloggerRoutes,
  operatorRoutes: bloggerOperatorRoutes,
  jobs: [dividendJob],
  adminCommands: BLOGGER_COMMANDS,
};

import { pageViewInputSchema } from "#contract/track";
import type { CoreRouter } from "../platform/context";
import { ok, parseInput } from "../platform/http";
import { insertPageViews, pageViewWriterOf } from "./page-views";

/**
 * Page views: public (visitors are counted too), scrambled or not, one row each; written in
 * batches by the page-view writer while the core's jobs run (page-views.ts), else at once.
 */
export function trackRoutes(app: CoreRouter) {
  app.post("/app/track/pageView", async (c) => {
    const input = await parseInput(c, pageViewInputSchema);
    const deps = c.get("deps");
    const view = { ...input, userId: c.get("user")?.id ?? null, receivedAt: deps.now() };
    const writer = pageViewWriterOf(deps);
    if (writer) writer.add(view);
    else await insertPageViews(deps.db, [view]);
    return ok(c);
  });
}

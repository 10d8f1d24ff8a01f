import { pageViewInputSchema } from "#contract/track";
import type { CoreRouter } from "../platform/context";
import { ok, parseInput } from "../platform/http";

/** Page views: public (visitors are counted too), scrambled or not, one row each. */
export function trackRoutes(app: CoreRouter) {
  app.post("/app/track/pageView", async (c) => {
    const { deviceId, path, time } = await parseInput(c, pageViewInputSchema);
    await c
      .get("deps")
      .db.query(
        "INSERT INTO page_views (device_id, user_id, path, viewed_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))",
        [deviceId, c.get("user")?.id ?? null, path, time],
      );
    return ok(c);
  });
}

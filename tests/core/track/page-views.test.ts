import { scramble, toQueryString, unscrambleResponse } from "#contract/codec";
import { call, describeOnEachDatabase } from "../../support/core";

describeOnEachDatabase("page-view tracking", (core, database) => {
  const views = () =>
    core.deps.db.query<{ device_id: string; path: string; viewed_at: Date }>(
      "SELECT device_id, path, viewed_at FROM page_views ORDER BY id",
    );

  it("stores a scrambled page view, as the BFF always sends it, and answers scrambled", async () => {
    const time = Date.UTC(2026, 10, 21, 12, 0, 0);
    const query = toQueryString({ deviceId: "dev-1", path: "/pages/game/game", time });
    const response = await fetch(`${core.url}/app/track/pageView`, {
      method: "POST",
      headers: { encrypt: "1", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ data: scramble(query) }).toString(),
    });
    const envelope = JSON.parse(unscrambleResponse(await response.text()));
    expect(envelope).toMatchObject({ code: 200, result: null });
    const rows = await views();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ device_id: "dev-1", path: "/pages/game/game" });
    expect(new Date(rows[0].viewed_at).getTime()).toBe(time);
  });

  it("refuses a page view without a device or with a bad path, storing nothing", async () => {
    const before = (await views()).length;
    const noDevice = await call(core, "/app/track/pageView", { params: { path: "/", time: 1 } });
    expect(noDevice).toMatchObject({ code: 400, message: "deviceId is required" });
    const badPath = await call(core, "/app/track/pageView", {
      params: { deviceId: "d", path: "javascript:alert(1)", time: 1 },
    });
    expect(badPath).toMatchObject({ code: 400, message: "path must start with /" });
    expect(await views()).toHaveLength(before);
  });
});

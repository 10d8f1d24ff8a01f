import { scramble, toQueryString, unscrambleResponse } from "#contract/codec";
import {
  TEST_DATABASES,
  type TestCore,
  call,
  describeOnEachDatabase,
  startTestCore,
} from "../../support/core";

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

describe.each(TEST_DATABASES)("page views written in batches while the core runs, on %s", (database) => {
  let core: TestCore;
  let inserts: string[];
  beforeAll(async () => {
    core = await startTestCore({ database, jobs: true });
    inserts = [];
    const query = core.deps.db.query.bind(core.deps.db);
    core.deps.db.query = ((text: string, params?: unknown[]) => {
      if (text.startsWith("INSERT INTO page_views")) inserts.push(text);
      return query(text, params);
    }) as typeof core.deps.db.query;
  });
  afterAll(async () => {
    await core?.close();
  });

  const view = (i: number) =>
    call(core, "/app/track/pageView", {
      params: { deviceId: `batch-${i}`, path: `/pages/p${i}`, time: Date.UTC(2026, 10, 23, 9, 0, i) },
    });
  const rows = () =>
    core.deps.db.query<{ device_id: string; path: string; viewed_at: Date }>(
      "SELECT device_id, path, viewed_at FROM page_views WHERE device_id LIKE 'batch-%' ORDER BY device_id",
    );

  it("answers at once, writes many views in one insert within a second or so", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => view(i)));
    for (const answer of answers) expect(answer).toMatchObject({ code: 200, result: null });
    await expect.poll(async () => (await rows()).length, { timeout: 5_000 }).toBe(40);
    // One insert per second, not one per view.
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThanOrEqual(5);
    const stored = await rows();
    expect(stored.find((r) => r.device_id === "batch-7")).toMatchObject({ path: "/pages/p7" });
    expect(new Date(stored.find((r) => r.device_id === "batch-7")!.viewed_at).getTime()).toBe(
      Date.UTC(2026, 10, 23, 9, 0, 7),
    );
  });

  it("loses none of the views answered when the core stops before they were written", async () => {
    const before = (await rows()).length;
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => view(100 + i)));
    for (const answer of answers) expect(answer).toMatchObject({ code: 200 });
    await core.stop();
    expect((await rows()).length).toBe(before + 25);
  });
});

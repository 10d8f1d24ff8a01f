import { DEMO_PLAYER } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";
import { getAsWritten } from "./raw-http";

/**
 * A notice is marked read only when the player opens it (decision 073): a browser's top-level
 * navigation, or the POST the page sends once it shows (or curl sends). A GET the player did not
 * make (a link prefetch, a speculative prerender, a cross-site <img>, the router's data fetch, a
 * crawler or curl) leaves it unread.
 */
describeBuilt("a notice is read when the player opens it, not on any GET", () => {
  const { app, jar, call } = useBuiltApp();
  const DETAIL = "/pages/notice/noticeDetail/noticeDetail";

  /** Each notice's id and read flag, from the list page's JSON. */
  const notices = async () => {
    const list = await call("/pages/notice/notice");
    const { content } = (list.body as { page: { content: Array<{ id: number; read: boolean }> } }).page;
    return new Map(content.map((m) => [m.id, m.read]));
  };
  // node:http, not fetch: fetch writes its own Sec-Fetch-Mode over the one given.
  const get = (path: string, headers: Record<string, string>) =>
    getAsWritten(app().base, path, { ...headers, cookie: jar.header() });

  const NAVIGATE = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-site": "none" };

  it("signs in; every notice is unread", async () => {
    expect((await call("/pages/login/login", { form: DEMO_PLAYER })).status).toBe(200);
    const read = await notices();
    expect(read.size).toBeGreaterThanOrEqual(3);
    expect([...read.values()].every((r) => r === false)).toBe(true);
  });

  it("a GET the player did not make shows the notice but leaves it unread", async () => {
    const [id] = [...(await notices()).keys()];
    const unmeant: Array<[string, Record<string, string>]> = [
      [
        "a cross-site <img>",
        { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image", "sec-fetch-site": "cross-site" },
      ],
      [
        "a link prefetch",
        { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "empty", "sec-purpose": "prefetch" },
      ],
      ["a speculative prerender", { ...NAVIGATE, "sec-purpose": "prefetch;prerender" }],
      ["an older browser's prefetch", { ...NAVIGATE, purpose: "prefetch" }],
      [
        "an <iframe>",
        { "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" },
      ],
      [
        "the router's data fetch",
        { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "sec-fetch-site": "same-origin" },
      ],
      ["curl or a crawler (no Sec-Fetch headers)", {}],
    ];
    for (const [what, headers] of unmeant) {
      const path =
        what === "the router's data fetch"
          ? `${DETAIL}?id=${id}&_data=routes%2Fpages.notice.noticeDetail.noticeDetail`
          : `${DETAIL}?id=${id}`;
      const res = await get(path, headers);
      expect(res.status, what).toBe(200);
      expect((await notices()).get(id), what).toBe(false);
    }
    // curl's JSON mode shows it as it is: unread.
    const json = await call(`${DETAIL}?id=${id}`);
    expect(json.body).toMatchObject({ message: { id, read: false } });
    expect((await notices()).get(id)).toBe(false);
  });

  it("the browser opening the page marks it read, that one only", async () => {
    const [id, ...others] = [...(await notices()).keys()];
    const res = await get(`${DETAIL}?id=${id}`, NAVIGATE);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h2");
    const read = await notices();
    expect(read.get(id)).toBe(true);
    expect(others.map((o) => read.get(o))).toEqual(others.map(() => false));
  });

  it("the page's POST (or curl's) marks it read; from another site it is refused", async () => {
    const [, id] = [...(await notices()).keys()];
    const crossSite = await fetch(`${app().base}${DETAIL}?id=${id}`, {
      method: "POST",
      headers: { cookie: jar.header(), origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    expect((await notices()).get(id)).toBe(false);
    const posted = await call(`${DETAIL}?id=${id}`, { form: {} });
    expect(posted).toMatchObject({ status: 200, body: { ok: true, read: true } });
    expect((await notices()).get(id)).toBe(true);
    // Without JSON: back to the notice.
    const html = await call(`${DETAIL}?id=${id}`, { form: {}, json: false });
    expect(html).toMatchObject({ status: 302, location: `${DETAIL}?id=${id}` });
  });

  it("a POST for a notice that is not the player's is a 404 and marks nothing", async () => {
    expect((await call(`${DETAIL}?id=999999`, { form: {} })).status).toBe(404);
    expect((await call(`${DETAIL}?id=x`, { form: {} })).status).toBe(404);
  });
});

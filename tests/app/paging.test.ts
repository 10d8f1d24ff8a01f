import { afterAll, beforeAll, expect, it } from "vitest";
import { describeBuilt, useBuiltApp } from "../support/built-app";
import { type TestCore, call, registerPlayer, startTestCore } from "../support/core";

/**
 * The lists longer than a page, through the built app (`npm run build` first) against a real
 * reference core: the team's members, the rebates, a blogger's fans, the follow records and the
 * stakes. Each
 * is walked from its first page by its plain "next" link, as a browser without JavaScript does:
 * every row is reached once, every next link moves on, and the last page has none.
 */

const MEMBERS = 102;
const REBATES = 131;
const FANS = 58;
const COPIES = 21;
const STAKES = 105;

describeBuilt("paged lists walked by their next link", () => {
  let core: TestCore;
  beforeAll(async () => {
    core = await startTestCore();
  });
  afterAll(async () => {
    await core?.close();
  });
  const { app, jar } = useBuiltApp({ env: () => ({ UPSTREAM_URL: core.url }) });
  let player: { userId: number; phone: string; password: string; token: string };
  let blogger: { userId: number };
  let memberIds: number[] = [];
  let fanPhones: string[] = [];
  let copiedBetIds: number[] = [];
  const stakeIds: number[] = [];

  async function get(path: string, accept: "html" | "json") {
    const res = await fetch(`${app().base}${path}`, {
      headers: { accept: accept === "json" ? "application/json" : "text/html", cookie: jar.header() },
      redirect: "manual",
    });
    jar.store(res);
    expect(res.status, `${path} (${accept})`).toBe(200);
    return res;
  }

  async function post(path: string, form: Record<string, string>, json = true) {
    const res = await fetch(`${app().base}${path}`, {
      method: "POST",
      headers: {
        ...(json ? { accept: "application/json" } : {}),
        cookie: jar.header(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    jar.store(res);
    return res;
  }

  /** The link a player follows for more rows: rel="next", or a "Show more" link. */
  function nextLink(html: string): string | null {
    for (const [, tag, text] of html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)) {
      if (/\brel="next"/.test(tag) || />?Show more$/.test(text)) {
        const href = tag.match(/\bhref="([^"]*)"/)?.[1];
        if (href) return href.replaceAll("&amp;", "&").replace(/#.*$/, "");
      }
    }
    return null;
  }

  /**
   * Walks a list from `start` by its next links (the HTML page) and reads each page's rows (the
   * same URL as JSON): every key, in the order shown, and the pages visited.
   */
  async function walk(start: string, keysOf: (data: Record<string, unknown>) => string[]) {
    const visited: string[] = [];
    const keys: string[] = [];
    let path: string | null = start;
    while (path) {
      expect(visited, `the next link of ${visited.at(-1)} leads back to a page already shown`).not.toContain(
        path,
      );
      expect(visited.length, "more pages than the rows can fill").toBeLessThan(30);
      visited.push(path);
      const rows = keysOf((await (await get(path, "json")).json()) as Record<string, unknown>);
      expect(rows.length, `${path} shows rows`).toBeGreaterThan(0);
      keys.push(...rows);
      path = nextLink(await (await get(path, "html")).text());
    }
    return { keys, visited };
  }

  /** Every one of `expected` is reached, once; pages are a bounded size. */
  function expectEveryRowOnce(walked: { keys: string[]; visited: string[] }, expected: string[]) {
    expect(new Set(walked.keys).size, "no row is shown twice").toBe(walked.keys.length);
    expect([...walked.keys].sort()).toEqual([...expected].sort());
    expect(walked.visited.length, "more than one page").toBeGreaterThan(1);
  }

  beforeAll(async () => {
    const db = core.deps.db;
    // Enough chips for more stakes than the core's page size limit (100) holds.
    player = await registerPlayer(core, { balances: { CHIP: STAKES * 20_000 } });
    const owner = await registerPlayer(core);
    blogger = owner;
    // The player's direct members, written directly (registering a hundred players takes long);
    // the last four digits of each phone are its own, so masked phones tell the fans apart.
    const members = await db.query<{ id: number; phone: string }>(
      `INSERT INTO users (area_code, phone, password_hash, invitation, parent_id)
       SELECT '91', '66' || lpad(g::text, 8, '0'), 'x', 'PG' || lpad(g::text, 8, '0'), $1
       FROM generate_series(1, ${MEMBERS}) g RETURNING id, phone`,
      [player.userId],
    );
    memberIds = members.map((m) => Number(m.id));
    await db.query(
      `INSERT INTO team_rebates (user_id, kind, level, source_id, source_user_id, base_cents, rate_bp, amount_cents, day)
       SELECT $1, 'BET', 1, 'paging' || g, $2, 10000, 100, 100 + g, current_date FROM generate_series(1, ${REBATES}) g`,
      [player.userId, memberIds[0]],
    );
    // A blogger with fans among the members, many of them following in the same millisecond.
    await db.query(
      "INSERT INTO bloggers (user_id, status, applied_at, decided_at) VALUES ($1, 'APPROVED', 0, 0)",
      [owner.userId],
    );
    const since = Date.now() - 3_600_000;
    const fans = members.slice(0, FANS);
    for (const [i, fan] of fans.entries())
      await db.query("INSERT INTO blogger_follows (fan_id, blogger_id, created_at) VALUES ($1, $2, $3)", [
        fan.id,
        owner.userId,
        since + (i % 4),
      ]);
    fanPhones = fans.map((f) => `${f.phone.slice(0, 2)}****${f.phone.slice(-4)}`);
    // The player copied the blogger's bets: a settled round, the player's bets in it, their links.
    const [round] = await db.query<{ id: number }>(
      `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout, result, settled_at)
       VALUES (8100000001, 'CHIP', 1, 0, 0, 0, 'seed', 'hash', '{}', 3, now()) RETURNING id`,
    );
    const bets = await db.query<{ id: number }>(
      `INSERT INTO bets (user_id, round_id, coin, level, bet_name, base_amount_cents, bet_multiples, total_amount_cents, status, settled_at)
       SELECT $1, $2, 'CHIP', 1, 'Red', 1000, 1, 1000, 'LOSE', now() FROM generate_series(1, ${COPIES}) RETURNING id`,
      [player.userId, round.id],
    );
    copiedBetIds = bets.map((b) => Number(b.id));
    for (const id of copiedBetIds)
      await db.query(
        `INSERT INTO blogger_copies (bet_id, fan_id, blogger_id, source_bet_id, stake_cents, fee_cents, day_no, created_at)
         VALUES ($1, $2, $3, $1, 1000, 20, 0, 0)`,
        [id, player.userId, owner.userId],
      );
    // The player's stakes, made through the core's own call (100.00 + i chips on the 7-day plan).
    for (let i = 0; i < STAKES; i++) {
      const made = await call<{ pledge: { id: number } }>(core, "/app/user/pledge/pledge", {
        token: player.token,
        params: { configId: 1, amount: 100 + i },
      });
      expect(made.code, made.message).toBe(200);
      stakeIds.push(made.result.pledge.id);
    }
    const login = await post("/pages/login/login", {
      areaCode: "91",
      phone: player.phone,
      password: player.password,
    });
    expect(login.status, await login.clone().text()).toBe(200);
  }, 120_000);

  it(`reaches all ${MEMBERS} direct members of the team page, 10 a page`, async () => {
    const walked = await walk("/pages/team/team?level=1", (d) =>
      (d.members as { content: { id: number }[] }).content.map((m) => String(m.id)),
    );
    expectEveryRowOnce(walked, memberIds.map(String));
    expect(walked.visited.length).toBe(Math.ceil(MEMBERS / 10));
    // The level travels with the page: level 2 has nobody, and no next link.
    const level2 = await (await get("/pages/team/team?level=2", "json")).json();
    expect(level2.members.content).toEqual([]);
    expect(nextLink(await (await get("/pages/team/team?level=2", "html")).text())).toBeNull();
  });

  it(`reaches all ${REBATES} rebates of the claim page, with and without the status filter`, async () => {
    const ids = (d: Record<string, unknown>) =>
      (d.page as { content: { id: number }[] }).content.map((r) => String(r.id));
    const all = await walk("/pages/team/claimBonus/claimBonus", ids);
    expect(all.keys).toHaveLength(REBATES);
    expectEveryRowOnce(all, all.keys);
    const pending = await walk("/pages/team/claimBonus/claimBonus?status=PENDING", ids);
    expectEveryRowOnce(pending, all.keys);
    expect(pending.visited.every((p) => p.includes("status=PENDING"))).toBe(true);
    // A rebate claimed on page 3 of the pending ones goes back to that page, not the first.
    const third = "/pages/team/claimBonus/claimBonus?status=PENDING&page=3";
    const html = await (await get(third, "html")).text();
    const back = html.match(/name="back" value="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(back).toBe("?status=PENDING&page=3");
    const [rebate] = ((await (await get(third, "json")).json()) as { page: { content: { id: number }[] } })
      .page.content;
    const claimed = await post(
      "/pages/team/claimBonus/claimBonus",
      { intent: "claim", rebateId: String(rebate.id), back: String(back) },
      false,
    );
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(third);
    // Only a status and a page the list knows go back.
    const odd = await post(
      "/pages/team/claimBonus/claimBonus",
      { intent: "claim", rebateId: "1", back: "?status=NONE&page=-2&to=//elsewhere" },
      false,
    );
    expect(odd.headers.get("location")).toBe("/pages/team/claimBonus/claimBonus");
  });

  it(`reaches all ${FANS} fans of a blogger, even those who followed in the same millisecond`, async () => {
    const walked = await walk(`/pages/bloggerDetails/fansList/fansList?id=${blogger.userId}`, (d) =>
      (d.fans as { content: { phone: string }[] }).content.map((f) => f.phone),
    );
    expectEveryRowOnce(walked, fanPhones);
    expect(walked.visited.every((p) => p.includes(`id=${blogger.userId}`))).toBe(true);
  });

  it(`reaches all ${COPIES} follow records`, async () => {
    const walked = await walk("/pages/followRecords/followRecords", (d) =>
      (d.rows as { bet: { id: number | string } }[]).map((r) => String(r.bet.id)),
    );
    expectEveryRowOnce(walked, copiedBetIds.map(String));
  });

  it(`reaches all ${STAKES} stakes of the pledge page, 10 a page, the stake form on each`, async () => {
    const walked = await walk("/pages/pledge/pledge", (d) =>
      (d.stakes as { content: { id: number }[] }).content.map((s) => String(s.id)),
    );
    expectEveryRowOnce(walked, stakeIds.map(String));
    expect(walked.visited.length).toBe(Math.ceil(STAKES / 10));
    // Newest first, as before: page 1 starts with the last stake, the last page ends with the first.
    expect(walked.keys[0]).toBe(String(stakeIds.at(-1)));
    expect(walked.keys.at(-1)).toBe(String(stakeIds[0]));
    // Every page keeps the plans and the stake form, and says where it is.
    const last = `/pages/pledge/pledge?page=${walked.visited.length}`;
    const html = await (await get(last, "html")).text();
    expect(html).toContain('name="configId"');
    expect(html).toContain(`Page ${walked.visited.length} of ${walked.visited.length}`);
    expect(html).toMatch(/<a\b[^>]*\brel="prev"/);
    const data = (await (await get(last, "json")).json()) as {
      plans: unknown[];
      pageNo: number;
      pages: number;
    };
    expect(data.plans.length).toBeGreaterThan(0);
    expect(data).toMatchObject({ pageNo: walked.visited.length, pages: walked.visited.length });
    // A stake made from the form on the last page, without JavaScript, goes to the first page,
    // which lists it first.
    const key = html.match(/<input[^>]*\bname="idempotencyKey"[^>]*>/)?.[0].match(/\bvalue="([^"]*)"/)?.[1];
    expect(key).toBeTruthy();
    const staked = await post(last, { idempotencyKey: String(key), configId: "1", amount: "250" }, false);
    expect(staked.status, await staked.clone().text()).toBe(302);
    expect(staked.headers.get("location")).toBe("/pages/pledge/pledge");
    const first = (await (await get("/pages/pledge/pledge", "json")).json()) as {
      stakes: { content: { amount: number }[]; totalElements: number };
      pages: number;
    };
    expect(first.stakes.content[0].amount).toBe(250);
    expect(first.stakes.totalElements).toBe(STAKES + 1);
    expect(first.pages).toBe(Math.ceil((STAKES + 1) / 10));
  });

  it("offers every bank of a list longer than the spec's page of 100 in the card form", async () => {
    await core.deps.db.query(
      "INSERT INTO banks (bank_name, sort) SELECT 'Paging Bank ' || lpad(g::text, 3, '0'), 1000 + g FROM generate_series(1, 190) g",
    );
    const [{ n }] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM banks WHERE enabled",
    );
    expect(n).toBeGreaterThan(200);
    const data = (await (await get("/pages/bankCard/bankCard", "json")).json()) as {
      banks: { bankName: string }[];
    };
    expect(data.banks).toHaveLength(n);
    expect(new Set(data.banks.map((b) => b.bankName)).size).toBe(n);
    // The last one is in the form without JavaScript.
    expect(await (await get("/pages/bankCard/bankCard", "html")).text()).toContain("Paging Bank 190");
  });

  it("sends a page past the last one to the last page, the rest of the query kept", async () => {
    const lists: Array<[path: string, pagesOf: (d: Record<string, unknown>) => number, param?: string]> = [
      ["/pages/team/team?level=1", (d) => d.pages as number],
      ["/pages/team/team?level=2", (d) => d.pages as number],
      ["/pages/team/claimBonus/claimBonus?status=PENDING", (d) => d.pages as number],
      [`/pages/bloggerDetails/fansList/fansList?id=${blogger.userId}`, (d) => d.pages as number],
      ["/pages/followRecords/followRecords", (d) => d.pages as number],
      ["/pages/pledge/pledge", (d) => d.pages as number],
      ["/pages/assetRecords/assetRecords?coin=CHIP", (d) => d.pages as number],
      ["/pages/betRecord/betRecord?tab=mine", (d) => d.pages as number],
      ["/pages/recharge/rechargeRecords/rechargeRecords", (d) => d.pages as number],
      ["/pages/withdrawal/withdrawalRecords/withdrawalRecords", (d) => d.pages as number],
      ["/pages/notice/notice", (d) => d.pages as number, "pageNo"],
      ["/pages/game/game?level=1&coin=CHIP&tab=myRecords", (d) => (d.tabData as { pages: number }).pages],
    ];
    const manyPages = [];
    for (const [path, pagesOf, param = "page"] of lists) {
      const pages = pagesOf((await (await get(path, "json")).json()) as Record<string, unknown>);
      if (pages > 1) manyPages.push(path);
      const past = new URL(path, "http://x");
      past.searchParams.set(param, "99");
      const expected = new URL(path, "http://x");
      if (pages > 1) expected.searchParams.set(param, String(pages));
      const to = `${expected.pathname}${expected.search}`;
      const res = await fetch(`${app().base}${past.pathname}${past.search}`, {
        headers: { cookie: jar.header() },
        redirect: "manual",
      });
      expect(res.status, `${past.pathname}${past.search}`).toBe(302);
      expect(res.headers.get("location"), `${past.pathname}${past.search}`).toBe(to);
      // The last page itself shows its rows and says where it is.
      const last = await (await get(to, "html")).text();
      if (pages > 1) expect(last, to).toContain(`Page ${pages} of ${pages}`);
      // As JSON, the redirect is said.
      const asJson = await get(`${past.pathname}${past.search}`, "json");
      expect(await asJson.json(), `${past.pathname}${past.search}`).toEqual({ redirect: to });
    }
    // The lists of more than a page were tried, not only empty ones.
    expect(manyPages.length).toBeGreaterThanOrEqual(7);
  });

  it("refuses an unknown intent on a blogger's page, in the player's language, and stays following", async () => {
    const page = `/pages/bloggerDetails/bloggerDetails?id=${blogger.userId}`;
    await core.deps.db.query(
      "INSERT INTO blogger_follows (fan_id, blogger_id, created_at) VALUES ($1, $2, $3)",
      [player.userId, blogger.userId, Date.now()],
    );
    const following = async () =>
      ((await (await get(page, "json")).json()) as { blogger: { following: boolean } }).blogger.following;
    expect(await following()).toBe(true);
    const forms: Record<string, string>[] = [{ intent: "bogus" }, {}, { intent: "Unfollow" }];
    for (const form of forms) {
      const res = await post(page, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(await res.json()).toEqual({ ok: false, message: "This action is not available here." });
      expect(await following()).toBe(true);
    }
    // Without JavaScript: back to the page with the error toast.
    const plain = await post(page, { intent: "bogus" }, false);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(page);
    expect(await following()).toBe(true);
    // In German.
    expect((await post("/resources/lang", { lang: "de-DE" })).status).toBe(200);
    const german = await post(page, { intent: "bogus" });
    expect(german.status).toBe(400);
    expect(((await german.json()) as { message: string }).message).toBe(
      "Diese Aktion ist hier nicht verfügbar.",
    );
    expect(await following()).toBe(true);
    expect((await post("/resources/lang", { lang: "en-US" })).status).toBe(200);
    // The real intents still act.
    expect((await post(page, { intent: "unfollow" })).status).toBe(200);
    expect(await following()).toBe(false);
    expect((await post(page, { intent: "follow" })).status).toBe(200);
    expect(await following()).toBe(true);
  });
});

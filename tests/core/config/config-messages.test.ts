import { parseCountryCodes } from "#contract/config";
import { sysMessagePageSchema, sysMessageSchema } from "#contract/messages";
import { runAdmin } from "../../../core/src/admin";
import { NOTICES } from "../../../core/src/messages/seed";
import { listAudit } from "../../../core/src/operator/audit";
import { call, describeOnEachDatabase, freshIp, registerPlayer } from "../../support/core";

describeOnEachDatabase("config and system messages", (core, database) => {
  const cfg = (key?: string) =>
    call<string>(core, "/app/config/getSysCfgValue", { method: "GET", params: { sysCfgKeyEnum: key } });

  it("serves the seeded configuration to anybody", async () => {
    const codes = await cfg("COUNTRY_CODE");
    expect(codes.code).toBe(200);
    expect(parseCountryCodes(codes.result)).toEqual(["91", "1", "44", "86", "81", "82", "33", "49"]);
    expect((await cfg("JACKPOT_APPLY")).result).toBe("0");
    expect((await cfg("CUSTOMER_SERVICE_URL")).result).toBe("");
    expect((await cfg("CURRENCY_SIGN")).result).toBe("₹");
    expect(await cfg("NO_SUCH_KEY")).toMatchObject({
      code: 404,
      message: "No configuration value named NO_SUCH_KEY",
    });
    expect(await cfg("bad key")).toMatchObject({ code: 400 });
    expect(await cfg()).toMatchObject({ code: 400, message: "sysCfgKeyEnum is required" });
  });

  it("lets the operator change values and add notices with the admin CLI", async () => {
    const out: string[] = [];
    await runAdmin(["config", "set", "CUSTOMER_SERVICE_URL", "https://t.me/help"], core.deps.db, (l) =>
      out.push(l),
    );
    expect((await cfg("CUSTOMER_SERVICE_URL")).result).toBe("https://t.me/help");
    // The jackpot is switched by its own command, which notes when it was turned on: a plain
    // `config set JACKPOT_APPLY 1` would let rounds played while it was off fund the pool.
    for (const key of ["JACKPOT_APPLY", "JACKPOT_ON_SINCE"]) {
      await expect(runAdmin(["config", "set", key, "1"], core.deps.db)).rejects.toThrow(
        `${key} is set with \`admin jackpot set enabled 0|1\``,
      );
    }
    expect((await cfg("JACKPOT_APPLY")).result).toBe("0");
    await runAdmin(
      ["notice", "add", "--title", "Maintenance", "--content", "Tonight 2-3 am"],
      core.deps.db,
      (l) => out.push(l),
    );
    await runAdmin(
      ["credit", "--phone", "9000000001", "--coin", "GOLD", "--amount", "2.5"],
      core.deps.db,
      (l) => out.push(l),
    );
    expect(out.at(-1)).toMatch(/credited 2.5 GOLD to \+91 9000000001; balance 502.5/);
    // Audited as the API's credit is: who, to whom, what.
    const [credit] = await listAudit(core.deps.db, 1);
    expect(credit).toMatchObject({
      action: "user.credit",
      target: "1",
      detail: { coin: "GOLD", amount: 2.5, memo: null },
    });
    expect(credit.operator).toMatch(/^cli:/);
    // So is every other change the CLI makes: settings, notices, rooms, the payout table.
    await runAdmin(
      ["level", "set", "--coin", "CHIP", "--level", "3", "--name", "Advanced"],
      core.deps.db,
      () => {},
    );
    await runAdmin(["payout", "set", "--fee", "0.02"], core.deps.db, () => {});
    const actions = (await listAudit(core.deps.db, 10)).map((a) => [a.action, a.target]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["config.set", "CUSTOMER_SERVICE_URL"],
        ["notice.add", expect.stringMatching(/^\d+$/)],
        ["game.level.set", "CHIP:3"],
        ["game.payout.set", null],
      ]),
    );
    await expect(
      runAdmin(["credit", "--phone", "9000000001", "--coin", "GEMS", "--amount", "1"], core.deps.db),
    ).rejects.toThrow("--coin must be CHIP, GOLD or POINT");
    for (const [amount, message] of [
      ["0x0A", "Enter an amount such as 10 or 10.50"],
      ["1e2", "Enter an amount such as 10 or 10.50"],
      ["0.999999999", "At most two decimals"],
      ["-5", "The amount must be more than 0"],
    ]) {
      await expect(
        runAdmin(["credit", "--phone", "9000000001", "--coin", "GOLD", `--amount=${amount}`], core.deps.db),
      ).rejects.toThrow(`--amount: ${message}`);
    }
    const player = await registerPlayer(core);
    const list = await call<{ content: { title: string }[] }>(core, "/app/sysMessage/findUserMsgList", {
      token: player.token,
    });
    expect(list.result.content[0].title).toBe("Maintenance");
  });

  it("pages the player's messages, shows one, and marks it read", async () => {
    const player = await registerPlayer(core);
    const other = await registerPlayer(core);
    await core.deps.db.query(
      "INSERT INTO sys_messages (user_id, title, content) VALUES ($1, 'Private', 'Only you')",
      [other.userId],
    );
    const page = await call(core, "/app/sysMessage/findUserMsgList", {
      params: { pageNo: 1, pageSize: 2 },
      token: player.token,
    });
    expect(page.code).toBe(200);
    const parsed = sysMessagePageSchema.parse(page.result);
    expect(parsed).toMatchObject({ pageNo: 1, pageSize: 2, totalElements: NOTICES.length + 1 });
    expect(parsed.content).toHaveLength(2);
    expect(parsed.content.every((m) => !m.read && m.title !== "Private")).toBe(true);
    const page2 = sysMessagePageSchema.parse(
      (
        await call(core, "/app/sysMessage/findUserMsgList", {
          params: { pageNo: 2, pageSize: 2 },
          token: player.token,
        })
      ).result,
    );
    expect(page2.content).toHaveLength(2);
    const id = parsed.content[0].id;
    const one = await call(core, "/app/sysMessage/get", { params: { id }, token: player.token });
    expect(sysMessageSchema.parse(one.result)).toMatchObject({ id, read: false });
    expect(new Date(sysMessageSchema.parse(one.result).createTime).getTime()).toBeGreaterThan(0);
    expect((await call(core, "/app/sysMessage/readMsg", { params: { id }, token: player.token })).code).toBe(
      200,
    );
    expect((await call(core, "/app/sysMessage/readMsg", { params: { id }, token: player.token })).code).toBe(
      200,
    );
    const after = await call<{ read: boolean }>(core, "/app/sysMessage/get", {
      params: { id },
      token: player.token,
    });
    expect(after.result.read).toBe(true);
    // Others' private messages do not exist for this player.
    const [priv] = await core.deps.db.query<{ id: number }>(
      "SELECT id FROM sys_messages WHERE title = 'Private'",
    );
    expect(
      await call(core, "/app/sysMessage/get", { params: { id: priv.id }, token: player.token }),
    ).toMatchObject({
      code: 404,
      message: "This message does not exist",
    });
    expect(
      await call(core, "/app/sysMessage/readMsg", { params: { id: "x" }, token: player.token }),
    ).toMatchObject({
      code: 400,
      message: "id must be a message number",
    });
    expect((await call(core, "/app/sysMessage/findUserMsgList", { ip: freshIp() })).code).toBe(401);
    expect(
      (
        await call(core, "/app/sysMessage/findUserMsgList", {
          params: { pageSize: 1000 },
          token: player.token,
        })
      ).code,
    ).toBe(400);
  });
  it("answers each notice in the player's language when it has that text, else its own", async () => {
    const player = await registerPlayer(core);
    const titles = async (lang?: string) => {
      const page = await call<{ content: { id: number; title: string; content: string }[] }>(
        core,
        "/app/sysMessage/findUserMsgList",
        { params: { pageSize: 100 }, token: player.token, headers: lang ? { "accept-language": lang } : {} },
      );
      return page.result.content;
    };
    const welcome = (list: { title: string }[]) =>
      list.find(
        (m) =>
          Object.values(NOTICES[0].texts).some((t) => t.title === m.title) || m.title === NOTICES[0].title,
      );
    expect(welcome(await titles("fr-FR"))?.title).toBe("Bienvenue sur Colour Lottery");
    expect(welcome(await titles("de"))?.title).toBe("Willkommen bei Colour Lottery");
    expect(welcome(await titles("ko-KR,ko;q=0.9,en;q=0.8"))?.title).toBe(
      "Colour Lottery에 오신 것을 환영합니다",
    );
    for (const lang of [undefined, "en-US", "pt-BR", "*"]) {
      expect(welcome(await titles(lang))?.title, String(lang)).toBe("Welcome to Colour Lottery");
    }
    // Every welcome notice is in all six languages.
    for (const lang of ["zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"] as const) {
      const list = await titles(lang);
      for (const notice of NOTICES) expect(list.map((m) => m.title)).toContain(notice.texts[lang].title);
    }

    // An operator's notice without a translation reads the same in every language, until one is added.
    const out: string[] = [];
    await runAdmin(
      ["notice", "add", "--title", "Maintenance", "--content", "Tonight 2-3 am"],
      core.deps.db,
      (l) => out.push(l),
    );
    const id = Number(/notice (\d+) added/.exec(out[0])?.[1]);
    const maintenance = async (lang: string) => {
      const one = await call<{ title: string; content: string }>(core, "/app/sysMessage/get", {
        params: { id },
        token: player.token,
        headers: { "accept-language": lang },
      });
      return one.result;
    };
    expect(await maintenance("de-DE")).toMatchObject({ title: "Maintenance", content: "Tonight 2-3 am" });
    await runAdmin(
      [
        "notice",
        "translate",
        "--id",
        String(id),
        "--lang",
        "de-DE",
        "--title",
        "Wartung",
        "--content",
        "Heute 2-3 Uhr",
      ],
      core.deps.db,
      (l) => out.push(l),
    );
    expect(out.at(-1)).toBe(`notice ${id} in de-DE saved`);
    expect(await maintenance("de-DE")).toMatchObject({ title: "Wartung", content: "Heute 2-3 Uhr" });
    expect(await maintenance("fr-FR")).toMatchObject({ title: "Maintenance" });
    for (const [argv, message] of [
      [["--id", String(id), "--lang", "pt-BR", "--title", "x", "--content", "y"], /--lang must be one of/],
      [["--id", "999999999", "--lang", "de-DE", "--title", "x", "--content", "y"], /No notice 999999999/],
      [
        ["--id", String(id), "--lang", "de-DE", "--title", " ", "--content", "y"],
        /needs --title and --content/,
      ],
    ] as const) {
      await expect(runAdmin(["notice", "translate", ...argv], core.deps.db)).rejects.toThrow(message);
    }
    expect(await maintenance("de-DE")).toMatchObject({ title: "Wartung" });
  });
});

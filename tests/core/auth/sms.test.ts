import { readFileSync } from "node:fs";
import { Code } from "#contract/codes";
import {
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
  smsDeliveriesSettled,
  withSmsCode,
} from "../../../core/src/auth/sms";
import { loadConfig } from "../../../core/src/platform/config";
import { createUser } from "../../../core/src/user/users";
import {
  type TestCore,
  call,
  describeOnEachDatabase,
  freshIp,
  freshPhone,
  registerPlayer,
  sendSmsCode,
  sendUserCode,
  signIn,
  startTestCore,
} from "../../support/core";

describeOnEachDatabase("SMS codes", (core, database) => {
  const send = (phone: string, ip = freshIp(), type = "REGISTER") => sendSmsCode(core, phone, { ip, type });
  const register = (phone: string, smsCode: string) =>
    call(core, "/app/auth/register", { params: { areaCode: "91", phone, password: "secret12", smsCode } });

  it("writes one parseable line per code to the core's log, with the asking request's id, and nothing else has the code", async () => {
    const phone = freshPhone();
    const res = await sendSmsCode(core, phone, { headers: { "x-request-id": `sms-${phone}` } });
    expect(res).toMatchObject({ code: 200, result: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const code = core.lastSmsCode(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    const lines = core.logLines().filter((l) => String(l.msg).includes(phone));
    expect(lines.map((l) => l.msg)).toEqual([`SMS code for +91 ${phone}: ${code}`]);
    expect(lines[0]).toMatchObject({ level: "info", reqId: `sms-${phone}` });
    const rows = await core.deps.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM sms_codes WHERE phone = $1",
      [phone],
    );
    expect(rows[0].code_hash).not.toContain(code);
  });

  it("sends at most one code per phone per minute", async () => {
    const phone = freshPhone();
    expect((await send(phone)).code).toBe(200);
    const again = await send(phone);
    expect(again.code).toBe(Code.RATE_LIMITED);
    expect(again.message).toMatch(/^Please wait \d+ s before asking for another code$/);
    core.advance(61_000);
    expect((await send(phone)).code).toBe(200);
  });

  it("takes a phone spelt with leading zeros, in its number or its area code, as the same phone", async () => {
    const player = await registerPlayer(core);
    core.advance(61_000);
    // Another spelling of a registered phone is texted the notice, not a code to register it again.
    const asked = (areaCode: string, phone: string) => sendSmsCode(core, phone, { areaCode });
    expect((await asked("091", `0${player.phone}`)).code).toBe(200);
    expect(core.lastSmsCode(`0${player.phone}`, "091")).toBeUndefined();
    expect(
      core
        .logLines()
        .filter((l) => String(l.msg).includes(player.phone))
        .at(-1)?.msg,
    ).toMatch(new RegExp(`^SMS to \\+91 ${player.phone}: Someone asked to register this number`));
    // And it shares the phone's one code a minute, however it is spelt.
    for (const [areaCode, phone] of [
      ["91", player.phone],
      ["+0091", `00${player.phone}`],
      ["91", `0${player.phone}`],
    ]) {
      expect((await asked(areaCode, phone)).code).toBe(Code.RATE_LIMITED);
    }
    const stranger = freshPhone();
    expect((await asked("0091", `0${stranger}`)).code).toBe(200);
    expect(core.lastSmsCode(stranger, "91")).toMatch(/^\d{6}$/);
    expect((await asked("91", stranger)).code).toBe(Code.RATE_LIMITED);
    // Registered under another spelling, it is kept in its one form and signs in however spelt.
    const again = await call(core, "/app/auth/register", {
      params: {
        areaCode: "91",
        phone: `0${stranger}`,
        password: "secret12",
        smsCode: core.lastSmsCode(stranger, "91"),
      },
    });
    expect(again.code).toBe(200);
    const users = await core.deps.db.query<{ area_code: string; phone: string }>(
      "SELECT area_code, phone FROM users WHERE ltrim(phone, '0') = $1",
      [stranger],
    );
    expect(users).toEqual([{ area_code: "91", phone: stranger }]);
    expect((await signIn(core, `000${stranger}`, "secret12", { areaCode: "+091" })).code).toBe(200);
  });

  it("sends a REGISTER code only under a calling code the operator offers (COUNTRY_CODE)", async () => {
    const player = await registerPlayer(core);
    core.advance(61_000);
    // "+9 19…" is the same phone as "+91 9…" for a gateway that is sent "+919…".
    const split = await sendSmsCode(core, `1${player.phone}`, { areaCode: "9" });
    expect(split).toMatchObject({ code: 400, message: "Choose a valid country code" });
    expect(core.lastSmsCode(`1${player.phone}`, "9")).toBeUndefined();
    const phone = freshPhone();
    expect(
      (
        await call(core, "/app/auth/register", {
          params: { areaCode: "7", phone, password: "secret12", smsCode: "123456" },
        })
      ).message,
    ).toBe("Choose a valid country code");
    // An offered one, with its zeros or its "+", is texted; and a reset is not limited by the list.
    expect((await send(phone, freshIp())).code).toBe(200);
    expect((await sendSmsCode(core, freshPhone(), { areaCode: "+044" })).code).toBe(200);
    expect((await sendSmsCode(core, freshPhone(), { areaCode: "7", type: "RESET_LOGIN_PWD" })).code).toBe(
      200,
    );
  });

  it("moves accounts registered under another spelling to the phone's one form (migration 067)", async () => {
    const [alone, taken] = [freshPhone(), freshPhone()];
    const db = core.deps.db;
    const spelt = { alone: `00${alone}`, taken: `0${taken}` };
    await createUser(db, { areaCode: "091", phone: spelt.alone, passwordHash: "x", parentId: null });
    await createUser(db, { areaCode: "91", phone: taken, passwordHash: "x", parentId: null });
    await createUser(db, { areaCode: "91", phone: spelt.taken, passwordHash: "x", parentId: null });
    await db.query(readFileSync("core/migrations/067_phones_in_one_form.sql", "utf8"));
    const rows = await db.query<{ area_code: string; phone: string }>(
      "SELECT area_code, phone FROM users WHERE ltrim(phone, '0') IN ($1, $2) ORDER BY phone",
      [alone, taken],
    );
    // The one with a canonical twin stays as it was, for the operator (decision 064).
    expect(rows).toEqual(
      [
        { area_code: "91", phone: alone },
        { area_code: "91", phone: taken },
        { area_code: "91", phone: spelt.taken },
      ].sort((a, b) => a.phone.localeCompare(b.phone)),
    );
  });

  it(`sends a phone at most ${SMS_MAX_PER_PHONE_PER_DAY} codes a day, whoever asks and for whatever`, async () => {
    const player = await registerPlayer(core);
    for (let i = 1; i < SMS_MAX_PER_PHONE_PER_DAY; i++) {
      core.advance(61_000);
      expect((await send(player.phone, freshIp(), i % 2 ? "RESET_LOGIN_PWD" : "REGISTER")).code).toBe(200);
    }
    core.advance(61_000);
    const over = await send(player.phone, freshIp(), "RESET_LOGIN_PWD");
    expect(over).toMatchObject({
      code: 429,
      message: "Too many codes were sent to this number today, try again later",
    });
    // A phone without an account is limited the same: the answer tells nobody which has one.
    const stranger = freshPhone();
    for (let i = 0; i < SMS_MAX_PER_PHONE_PER_DAY; i++) {
      expect((await send(stranger, freshIp(), "RESET_LOGIN_PWD")).code).toBe(200);
      core.advance(61_000);
    }
    expect((await send(stranger, freshIp(), "RESET_LOGIN_PWD")).code).toBe(429);
    core.advance(24 * 60 * 60 * 1000);
    expect((await send(player.phone, freshIp(), "RESET_LOGIN_PWD")).code).toBe(200);
  });

  it("does not let strangers who used up a phone's codes lock its owner out: a device it signed in on, or its account, still gets codes", async () => {
    const player = await registerPlayer(core);
    const device = `owner-device-${player.phone}`;
    expect((await signIn(core, player.phone, "secret12", { device })).code).toBe(200);
    // The registration's code was the first of the day; strangers ask for the other nine.
    for (let i = 1; i < SMS_MAX_PER_PHONE_PER_DAY; i++) {
      core.advance(61_000);
      expect((await send(player.phone, freshIp(), "RESET_LOGIN_PWD")).code).toBe(200);
    }
    core.advance(61_000);
    // Strangers, with no device id or another device's, are refused...
    expect((await send(player.phone, freshIp(), "RESET_LOGIN_PWD")).code).toBe(429);
    const otherDevice = await sendSmsCode(core, player.phone, {
      type: "RESET_LOGIN_PWD",
      headers: { "x-device-id": "someone-elses-device" },
    });
    expect(otherDevice.code).toBe(429);
    // ...the owner's device is not, even the moment after a stranger's code...
    const forgot = () =>
      sendSmsCode(core, player.phone, { type: "RESET_LOGIN_PWD", headers: { "x-device-id": device } });
    expect((await forgot()).code).toBe(200);
    const code = core.lastSmsCode(player.phone);
    // ...and the code it got resets the password.
    const reset = await call(core, "/app/auth/resetLoginPwd", {
      params: { areaCode: "91", phone: player.phone, password: "newpass12", smsCode: code },
    });
    expect(reset.code).toBe(200);
    // The owner's own requests have their own minute and their own daily cap.
    expect((await forgot()).code).toBe(429);
    // A signed-in player's codes are the owner's too.
    const signedIn = await signIn(core, player.phone, "newpass12");
    core.advance(61_000);
    const own = await sendUserCode(core, signedIn.result?.token, "RESET_ASSET_PWD");
    expect(own.code).toBe(200);
  });

  it(`sends at most ${SMS_MAX_PER_IP_PER_HOUR} codes per address per hour`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SMS_MAX_PER_IP_PER_HOUR; i++) expect((await send(freshPhone(), ip)).code).toBe(200);
    const over = await send(freshPhone(), ip);
    expect(over).toMatchObject({
      code: 429,
      message: "Too many codes requested from this network, try again later",
    });
    core.advance(60 * 60 * 1000 + 1000);
    expect((await send(freshPhone(), ip)).code).toBe(200);
  });

  it("counts the codes of an IPv6 /64 together", async () => {
    const net = `2001:db8:${process.pid.toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
    for (let i = 1; i <= SMS_MAX_PER_IP_PER_HOUR; i++) {
      expect((await send(freshPhone(), `${net}::${i.toString(16)}`)).code).toBe(200);
    }
    expect((await send(freshPhone(), `${net}:ffff:ffff:ffff:ffff`)).code).toBe(429);
    expect((await send(freshPhone(), `${net}1::1`)).code).toBe(200);
  });

  it("takes the per-address cap from SMS_MAX_PER_IP_PER_HOUR", async () => {
    expect(loadConfig({ SMS_MAX_PER_IP_PER_HOUR: "250" }).smsMaxPerIpPerHour).toBe(250);
    expect(() => loadConfig({ SMS_MAX_PER_IP_PER_HOUR: "0" })).toThrow(/SMS_MAX_PER_IP_PER_HOUR/);
    const before = core.deps.config.smsMaxPerIpPerHour;
    core.deps.config.smsMaxPerIpPerHour = 3;
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await send(freshPhone(), ip)).code).toBe(200);
      expect((await send(freshPhone(), ip)).code).toBe(429);
    } finally {
      core.deps.config.smsMaxPerIpPerHour = before;
    }
  });

  it("uses a code once", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = core.lastSmsCode(phone)!;
    expect((await register(phone, code)).code).toBe(200);
    // A second registration is refused for the phone; the code is gone too.
    const rows = await core.deps.db.query<{ used_at: Date | null }>(
      "SELECT used_at FROM sms_codes WHERE phone = $1",
      [phone],
    );
    expect(rows[0].used_at).not.toBeNull();
  });

  it("expires a code after 5 minutes", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = core.lastSmsCode(phone)!;
    core.advance(5 * 60 * 1000 + 1000);
    expect(await register(phone, code)).toMatchObject({
      code: 400,
      message: "The SMS code is wrong or has expired",
    });
  });

  it("kills a code after 5 wrong tries, and only the newest code counts", async () => {
    const phone = freshPhone();
    await send(phone);
    const first = core.lastSmsCode(phone)!;
    core.advance(61_000);
    await send(phone);
    const second = core.lastSmsCode(phone)!;
    if (first !== second) expect((await register(phone, first)).code).toBe(400);
    const wrong = second === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) expect((await register(phone, wrong)).code).toBe(400);
    expect(await register(phone, second)).toMatchObject({
      code: 400,
      message: "The SMS code is wrong or has expired",
    });
  });

  describe("the owner's code and strangers' (decision 079)", () => {
    const reset = (phone: string, smsCode: string | undefined, password = "newpass12") =>
      call(core, "/app/auth/resetLoginPwd", { params: { areaCode: "91", phone, password, smsCode } });
    /** A registered player and a device it signed in on: its "forgot password" codes are the owner's. */
    async function owner() {
      const player = await registerPlayer(core);
      const device = `owner-device-${player.phone}`;
      expect((await signIn(core, player.phone, "secret12", { device })).code).toBe(200);
      core.advance(61_000);
      const ask = async () => {
        const sent = await sendSmsCode(core, player.phone, {
          type: "RESET_LOGIN_PWD",
          headers: { "x-device-id": device },
        });
        expect(sent.code).toBe(200);
        return core.lastSmsCode(player.phone)!;
      };
      return { player, ask };
    }
    const stranger = async (phone: string) => {
      expect((await send(phone, freshIp(), "RESET_LOGIN_PWD")).code).toBe(200);
      return core.lastSmsCode(phone)!;
    };
    /** A code that is none of `codes`. */
    const other = (...codes: string[]) =>
      ["111111", "222222", "333333"].find((c) => !codes.includes(c)) as string;

    it("keeps the owner's code when a stranger asks after it, and the owner's older code counts for nothing", async () => {
      const { player, ask } = await owner();
      const older = await ask();
      core.advance(61_000);
      const mine = await ask();
      const theirs = await stranger(player.phone);
      core.advance(61_000);
      const theirsLater = await stranger(player.phone);
      if (older !== mine && older !== theirsLater) expect((await reset(player.phone, older)).code).toBe(400);
      if (theirs !== theirsLater && theirs !== mine)
        expect((await reset(player.phone, theirs)).code).toBe(400);
      expect(await reset(player.phone, mine)).toMatchObject({ code: 200 });
      expect((await signIn(core, player.phone, "newpass12")).code).toBe(200);
      // Used once, and the stranger's code is spent with it: no second reset.
      expect(await reset(player.phone, theirsLater, "another12")).toMatchObject({
        code: 400,
        message: "The SMS code is wrong or has expired",
      });
      expect((await reset(player.phone, mine, "another12")).code).toBe(400);
      expect((await signIn(core, player.phone, "another12")).code).toBe(400);
      const rows = await core.deps.db.query<{ used_at: Date | null }>(
        "SELECT used_at FROM sms_codes WHERE phone = $1 AND purpose = 'RESET_LOGIN_PWD'",
        [player.phone],
      );
      expect(rows.every((r) => r.used_at !== null)).toBe(true);
    });

    it("takes the strangers' newest code too, which spends the signed-in owner's code", async () => {
      const player = await registerPlayer(core);
      core.advance(61_000);
      // The account page's "change login password": the signed-in owner's code.
      const own = await sendUserCode(core, player.token, "RESET_LOGIN_PWD");
      expect(own.code).toBe(200);
      const mine = core.lastSmsCode(player.phone)!;
      const theirs = await stranger(player.phone);
      expect(await reset(player.phone, theirs)).toMatchObject({ code: 200 });
      expect((await reset(player.phone, mine, "another12")).code).toBe(400);
      expect((await signIn(core, player.phone, "newpass12")).code).toBe(200);
    });

    it("counts a wrong code against both live codes: five kill both, and a stranger's new code does not give the owner's more", async () => {
      const { player, ask } = await owner();
      let mine = await ask();
      let theirs = await stranger(player.phone);
      for (let i = 0; i < 5; i++) expect((await reset(player.phone, other(mine, theirs))).code).toBe(400);
      expect((await reset(player.phone, mine)).code).toBe(400);
      expect((await reset(player.phone, theirs)).code).toBe(400);

      core.advance(61_000);
      mine = await ask();
      theirs = await stranger(player.phone);
      for (let i = 0; i < 4; i++) expect((await reset(player.phone, other(mine, theirs))).code).toBe(400);
      // The stranger's new code has five tries of its own; the owner's has one left.
      core.advance(61_000);
      const theirsLater = await stranger(player.phone);
      expect((await reset(player.phone, other(mine, theirs, theirsLater))).code).toBe(400);
      expect((await reset(player.phone, mine)).code).toBe(400);
      expect((await reset(player.phone, theirsLater)).code).toBe(200);
    });

    it("compares no more than five wrong codes with a code, however many arrive at once", async () => {
      const { player, ask } = await owner();
      const mine = await ask();
      const theirs = await stranger(player.phone);
      const wrong = other(mine, theirs);
      const target = {
        areaCode: "91",
        phone: player.phone,
        purpose: "RESET_LOGIN_PWD" as const,
        code: wrong,
      };
      const tries = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          withSmsCode(core.deps.db, core.deps.now(), target, async () => "used"),
        ),
      );
      expect(tries.map((t) => (t.status === "rejected" ? (t.reason as Error).message : "resolved"))).toEqual(
        tries.map(() => "The SMS code is wrong or has expired"),
      );
      const rows = await core.deps.db.query<{ failed_attempts: number }>(
        "SELECT failed_attempts FROM sms_codes WHERE phone = $1 AND purpose = 'RESET_LOGIN_PWD'",
        [player.phone],
      );
      expect(rows.map((r) => r.failed_attempts)).toEqual([5, 5]);
      expect((await reset(player.phone, mine)).code).toBe(400);
    });

    it("expires each code 5 minutes after it was sent, whatever the other", async () => {
      const { player, ask } = await owner();
      const mine = await ask();
      core.advance(4 * 60_000);
      const theirs = await stranger(player.phone);
      core.advance(60_000 + 1000);
      if (mine !== theirs) expect((await reset(player.phone, mine)).code).toBe(400);
      core.advance(4 * 60_000);
      expect((await reset(player.phone, theirs)).code).toBe(400);
      // The owner's device still asks for a new one (its minute has long passed).
      expect((await reset(player.phone, await ask())).code).toBe(200);
    });
  });

  it("sends a signed-in player's code to the account's phone, for the asked purpose only", async () => {
    const player = await registerPlayer(core);
    core.advance(61_000);
    expect(await call(core, "/app/sms/sendUserCode", { params: { type: "RESET_ASSET_PWD" } })).toMatchObject({
      code: 401,
    });
    const bad = await call(core, "/app/sms/sendUserCode", { params: { type: "HACK" }, token: player.token });
    expect(bad).toMatchObject({
      code: 400,
      message: "The SMS type must be one of RESET_ASSET_PWD, RESET_LOGIN_PWD, WITHDRAW",
    });
    const ok = await sendUserCode(core, player.token, "RESET_ASSET_PWD");
    expect(ok.code).toBe(200);
    const code = core.lastSmsCode(player.phone)!;
    // A RESET_ASSET_PWD code does not reset the login password.
    const reset = await call(core, "/app/auth/resetLoginPwd", {
      params: { areaCode: "91", phone: player.phone, smsCode: code, password: "another1" },
    });
    expect(reset.code).toBe(400);
  });

  it("texts a registered phone a notice instead of a REGISTER code, and an unknown one nothing for a reset", async () => {
    const player = await registerPlayer(core);
    core.advance(61_000);
    const before = core.lastSmsCode(player.phone);
    const notice = await send(player.phone);
    expect(notice).toMatchObject({
      code: 200,
      message: "A code is on its way. If this number already has an account, we text that instead",
      result: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    expect(core.lastSmsCode(player.phone)).toBe(before);
    const lines = core.logLines().filter((l) => String(l.msg).includes(player.phone));
    expect(lines.at(-1)?.msg).toMatch(
      /^SMS to \+91 \d+: Someone asked to register this number .* already has an account/,
    );
    // The notice counts against the phone's limit like a code.
    expect((await send(player.phone)).code).toBe(Code.RATE_LIMITED);

    const stranger = freshPhone();
    const reset = await send(stranger, freshIp(), "RESET_LOGIN_PWD");
    expect(reset).toMatchObject({
      code: 200,
      message: "If this number has an account, a code is on its way",
    });
    expect(core.lastSmsCode(stranger)).toBeUndefined();
    expect(core.logLines().filter((l) => String(l.msg).includes(stranger))).toEqual([]);
    expect((await send(stranger, freshIp(), "RESET_LOGIN_PWD")).code).toBe(Code.RATE_LIMITED);
  });

  it("refuses a bad type", async () => {
    expect((await send(freshPhone(), freshIp(), "LOGIN")).code).toBe(400);
  });
});

describe("SMS answers do not wait for the provider", () => {
  it("answers before a slow provider has sent the text, the same for a code, a notice and nothing", async () => {
    const sent: string[] = [];
    const slow = {
      send: async (m: { phone: string }) => {
        await new Promise((r) => setTimeout(r, 1500));
        sent.push(m.phone);
      },
    };
    const core = await startTestCore({ sms: slow });
    try {
      const player = await registerPlayerWith(core);
      core.advance(61_000);
      for (const [phone, type] of [
        [player, "REGISTER"],
        [freshPhone(), "REGISTER"],
        [player, "RESET_LOGIN_PWD"],
        [freshPhone(), "RESET_LOGIN_PWD"],
      ] as const) {
        const started = performance.now();
        const res = await sendSmsCode(core, phone, { type });
        expect(res.code).toBe(200);
        expect(performance.now() - started).toBeLessThan(1000);
        core.advance(61_000);
      }
      await smsDeliveriesSettled();
      expect(sent.filter((p) => p === player)).toHaveLength(2);
    } finally {
      await core.close();
    }
  });
});

/** A player registered straight in the database (the slow provider would hold its code). */
async function registerPlayerWith(core: TestCore): Promise<string> {
  const phone = freshPhone();
  await createUser(core.deps.db, { areaCode: "91", phone, passwordHash: "x", parentId: null });
  return phone;
}

import { loginResultSchema } from "#contract/auth";
import { Code } from "#contract/codes";
import {
  LOGIN_FREE_FAILURES_PER_PHONE,
  LOGIN_MAX_DELAY_MS,
  LOGIN_WINDOW_MS,
  phoneDelayMs,
} from "../../../core/src/auth/limits";
import { DEMO_INVITATION } from "../../../core/src/user/seed";
import {
  call,
  describeOnEachDatabase,
  freshIp,
  freshPhone,
  registerPlayer,
  resetLoginPassword,
  sendSmsCode,
  signIn,
} from "../../support/core";

describeOnEachDatabase("auth", (core, database) => {
  const login = (phone: string, password: string, ip?: string, areaCode?: string) =>
    signIn(core, phone, password, { ip, areaCode });

  it("signs the demo player in with a token that works, and answers the contract", async () => {
    const res = await login("9000000001", "demo1234");
    expect(res.code).toBe(200);
    const result = loginResultSchema.parse(res.result);
    expect(result.token).toMatch(/^[0-9a-f]{64}$/);
    expect(result.expiresAt).toBeGreaterThan(Date.now() + core.deps.config.tokens.maxMs - 60_000);
    const info = await call<{ phone: string }>(core, "/app/user/getUserInfo", { token: result.token });
    expect(info.result.phone).toBe("9000000001");
    // The token is stored hashed only.
    const rows = await core.deps.db.query<{ token_hash: string }>("SELECT token_hash FROM auth_tokens");
    expect(rows.some((r) => r.token_hash === result.token)).toBe(false);
  });

  it("accepts the token in Authorization too (raw or Bearer) and an area code with +", async () => {
    const { result } = await login("9000000001", "demo1234", freshIp(), "+91");
    for (const value of [result.token, `Bearer ${result.token}`]) {
      const res = await call(core, "/app/user/getUserInfo", { headers: { authorization: value } });
      expect(res.code).toBe(200);
    }
  });

  it("refuses a wrong password or an unknown phone with the same message, and bad input clearly", async () => {
    const wrong = await login("9000000001", "nope-nope");
    const unknown = await login(freshPhone(), "demo1234");
    expect(wrong).toMatchObject({ code: 400, message: "Incorrect phone number or password" });
    expect(unknown).toMatchObject({ code: 400, message: "Incorrect phone number or password" });
    expect(await login("12", "x")).toMatchObject({
      code: 400,
      message: expect.stringMatching(/valid phone/),
    });
    const missing = await call(core, "/app/auth/login", { params: { areaCode: "91", phone: "9000000001" } });
    expect(missing).toMatchObject({ code: 400, message: "Enter your password" });
    expect(await login("9000000001", "demo1234", freshIp(), "abc")).toMatchObject({
      code: 400,
      message: "Choose a valid country code",
    });
  });

  it("never refuses the right password because a stranger guessed wrong: only the guesser waits", async () => {
    const { phone, password } = await registerPlayer(core);
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(phone, "wrong-pass", stranger)).code).toBe(400);
    // The stranger now waits before each try, even with the right password.
    expect(await login(phone, password, stranger)).toMatchObject({
      code: Code.RATE_LIMITED,
      message: "Too many attempts, try again in 1 s",
    });
    // The owner, from an address that has not failed on this phone, signs in at once.
    const owner = freshIp();
    expect((await login(phone, password, owner)).code).toBe(200);
    // An owner who mistypes once waits a short while (2 s after the 6th failure), never 15 minutes.
    expect((await login(phone, "typo-pass", owner)).code).toBe(400);
    expect(await login(phone, password, owner)).toMatchObject({
      code: Code.RATE_LIMITED,
      message: "Too many attempts, try again in 2 s",
    });
    core.advance(2000);
    expect((await login(phone, password, owner)).code).toBe(200);
  });

  it("slows a guesser down more after each failure, up to a minute; the failures age out", async () => {
    const { phone, password } = await registerPlayer(core);
    const guesser = freshIp();
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await login(phone, `wrong-${i}`, guesser)).code).toBe(400);
      const next = await login(phone, "wrong-again", guesser);
      if (next.code === 400) continue; // still within the free failures
      const seconds = Number(/try again in (\d+) s/.exec(next.message)?.[1]);
      waits.push(seconds);
      core.advance(seconds * 1000);
    }
    expect(phoneDelayMs(4)).toBe(0);
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(LOGIN_MAX_DELAY_MS / 1000);
    // The right password from the guesser's address: allowed once the wait is over.
    core.advance(LOGIN_MAX_DELAY_MS);
    expect((await login(phone, password, guesser)).code).toBe(200);
    // A failure after that counts again, but all of them are forgotten after 15 minutes.
    core.advance(LOGIN_WINDOW_MS + 1000);
    expect((await login(phone, "wrong", guesser)).code).toBe(400);
    expect((await login(phone, password, guesser)).code).toBe(200);
  });

  it("counts an unknown phone like a known one: the answers say nothing about accounts", async () => {
    const known = await registerPlayer(core);
    const unknown = freshPhone();
    const answers = async (phone: string) => {
      const ip = freshIp();
      const out = [];
      for (let i = 0; i < 7; i++) out.push(await login(phone, "wrong-pass", ip));
      return out.map((r) => `${r.code} ${r.message}`);
    };
    expect(await answers(unknown)).toEqual(await answers(known.phone));
  });

  it("locks an address after 20 failures whatever the phone", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(freshPhone(), "wrong-pass", ip)).code).toBe(400);
    expect((await login("9000000001", "demo1234", ip)).code).toBe(Code.RATE_LIMITED);
    expect((await login("9000000001", "demo1234", freshIp())).code).toBe(200);
  });

  it("locks an address after 20 failures also when the guesses are sent all at once", async () => {
    // The tries of an address are compared one after another: a burst is held like a sequence.
    const sprayer = freshIp();
    const sprayed = await Promise.all(
      Array.from({ length: 30 }, () => login(freshPhone(), "wrong-pass", sprayer)),
    );
    expect(sprayed.filter((r) => r.code === 400).length).toBe(20);
    expect(sprayed.filter((r) => r.code === Code.RATE_LIMITED).length).toBe(10);
    expect((await login("9000000001", "demo1234", sprayer)).code).toBe(Code.RATE_LIMITED);
    // A burst on one phone: 5 free failures, then the waits (which the real clock may let pass).
    const { phone, password } = await registerPlayer(core);
    const guesser = freshIp();
    const started = Date.now();
    const onPhone = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(phone, `wrong-${i}`, guesser)),
    );
    // At most the 5 free ones and one more for each wait (1 s, 2 s, 4 s...) the burst outlasted.
    let allowed = LOGIN_FREE_FAILURES_PER_PHONE;
    for (let left = Date.now() - started, wait = 1000; left >= wait; left -= wait, wait *= 2) allowed += 1;
    const compared = onPhone.filter((r) => r.code === 400).length;
    expect(compared).toBeGreaterThanOrEqual(LOGIN_FREE_FAILURES_PER_PHONE);
    expect(compared).toBeLessThanOrEqual(allowed);
    expect((await login(phone, password, freshIp())).code).toBe(200);
  });

  it("counts an IPv6 address by its /64, and an IPv4-mapped one as its IPv4", async () => {
    const net = `2001:db8:${process.pid.toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
    for (let i = 1; i <= 20; i++) {
      expect((await login(freshPhone(), "wrong-pass", `${net}::${i.toString(16)}`)).code).toBe(400);
    }
    // Another address of the same /64, however it is written, is the same network.
    expect((await login("9000000001", "demo1234", `${net}:0:0:0:abcd`)).code).toBe(Code.RATE_LIMITED);
    expect((await login("9000000001", "demo1234", `${net.toUpperCase()}:1::ff`)).code).toBe(
      Code.RATE_LIMITED,
    );
    expect((await login("9000000001", "demo1234", `${net}1::1`)).code).toBe(200);

    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(freshPhone(), "wrong-pass", ip)).code).toBe(400);
    expect((await login("9000000001", "demo1234", `::ffff:${ip}`)).code).toBe(Code.RATE_LIMITED);
  });

  it("registers with an SMS code and the inviter as parent, then signs in", async () => {
    const [demo] = await core.deps.db.query<{ id: number }>("SELECT id FROM users WHERE invitation = $1", [
      DEMO_INVITATION,
    ]);
    const player = await registerPlayer(core, { invitationCode: DEMO_INVITATION.toLowerCase() });
    const info = await call<{ parentId: number; phone: string; invitation: string }>(
      core,
      "/app/user/getUserInfo",
      {
        token: player.token,
      },
    );
    expect(info.result.parentId).toBe(demo.id);
    expect(info.result.invitation).toMatch(/^[A-Z2-9]{8}$/);
    expect((await login(player.phone, player.password)).code).toBe(200);
  });

  it("tells each sign-in when the one before it was (registration counts)", async () => {
    const player = await registerPlayer(core);
    const latestToken = async () => {
      const [{ at }] = await core.deps.db.query<{ at: Date }>(
        "SELECT max(created_at) AS at FROM auth_tokens WHERE user_id = $1",
        [player.userId],
      );
      return new Date(at).getTime();
    };
    const registeredAt = await latestToken();
    core.advance(60_000);
    const first = loginResultSchema.parse((await login(player.phone, player.password)).result);
    expect(first.previousSignIn).toBe(registeredAt);
    const firstAt = await latestToken();
    expect(firstAt).toBeGreaterThanOrEqual(registeredAt + 60_000);
    core.advance(60_000);
    const second = loginResultSchema.parse((await login(player.phone, player.password)).result);
    expect(second.previousSignIn).toBe(firstAt);
  });

  it("refuses registrations that are wrong in any way, and creates nothing", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await sendSmsCode(core, phone, { ip });
    const code = core.lastSmsCode(phone, "91")!;
    const base = { areaCode: "91", phone, password: "secret12", smsCode: code };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, invitationCode: "NOPE1234" }, "The invitation code does not exist"],
      [{ ...base, password: "123" }, "The password must be 6 to 32 characters"],
      [{ ...base, smsCode: "12" }, "The SMS verification code is 6 digits"],
      [{ ...base, smsCode: code === "000000" ? "000001" : "000000" }, "The SMS code is wrong or has expired"],
      [{ areaCode: "91", phone, password: "secret12" }, "Enter the SMS verification code"],
    ];
    for (const [params, message] of cases) {
      expect(await call(core, "/app/auth/register", { params, ip })).toMatchObject({ code: 400, message });
    }
    const rows = await core.deps.db.query("SELECT 1 FROM users WHERE phone = $1", [phone]);
    expect(rows).toHaveLength(0);
    // The code survived the failed attempts (fewer than 5 wrong ones) and still works once.
    expect((await call(core, "/app/auth/register", { params: base, ip })).code).toBe(200);
    // The code is used up: registering the number again is refused like any wrong code.
    const again = await call(core, "/app/auth/register", { params: base, ip });
    expect(again).toMatchObject({ code: 400, message: "The SMS code is wrong or has expired" });
  });

  it("resets the login password with an SMS code and signs out every device", async () => {
    const player = await registerPlayer(core);
    const other = await login(player.phone, player.password);
    const reset = await resetLoginPassword(core, player.phone, "newpass99");
    expect(reset.code, reset.message).toBe(200);
    for (const token of [player.token, other.result.token]) {
      expect((await call(core, "/app/user/getUserInfo", { token })).code).toBe(Code.UNAUTHENTICATED);
    }
    expect((await login(player.phone, player.password)).code).toBe(400);
    expect((await login(player.phone, "newpass99")).code).toBe(200);
  });

  it("answers register, reset and their codes the same way whether the phone has an account", async () => {
    const known = await registerPlayer(core);
    core.advance(61_000); // one code per phone per minute
    const unknown = freshPhone();
    const flow = async (phone: string, type: "REGISTER" | "RESET_LOGIN_PWD") => {
      const ip = freshIp();
      const sent = await sendSmsCode(core, phone, { type, ip });
      const again = await sendSmsCode(core, phone, { type, ip });
      const params = { areaCode: "91", phone, password: "guess1234", smsCode: "123456" };
      const path = type === "REGISTER" ? "/app/auth/register" : "/app/auth/resetLoginPwd";
      const guess = await call(core, path, { params, ip });
      return [sent, again, guess].map((r) => ({ code: r.code, message: r.message, result: r.result }));
    };
    for (const type of ["REGISTER", "RESET_LOGIN_PWD"] as const) {
      const a = await flow(known.phone, type);
      const b = await flow(unknown, type);
      expect(a, type).toEqual(b);
      expect(a[0].code, type).toBe(200);
      expect(a[1].code, type).toBe(Code.RATE_LIMITED);
      expect(a[2], type).toMatchObject({ code: 400, message: "The SMS code is wrong or has expired" });
      core.advance(61_000);
    }
    expect(await flow(freshPhone(), "RESET_LOGIN_PWD")).toEqual(await flow(known.phone, "RESET_LOGIN_PWD"));
  });

  it("revokes the token on logout, and expires tokens at their absolute lifetime with 50001", async () => {
    const { result } = await login("9000000001", "demo1234");
    const out = await call(core, "/app/auth/logout", { token: result.token });
    expect(out).toMatchObject({ code: 200, message: "Logged Out Successfully!" });
    expect(await call(core, "/app/user/getUserInfo", { token: result.token })).toMatchObject({
      code: 401,
      message: "Please log in first",
    });
    expect(await call(core, "/app/user/getUserInfo")).toMatchObject({
      code: 401,
      message: "Please log in first",
    });
    const second = await login("9000000001", "demo1234");
    core.advance(core.deps.config.tokens.maxMs + 1000);
    const expired = await call(core, "/app/user/getUserInfo", { token: second.result.token });
    expect(expired.code).toBe(Code.TOKEN_EXPIRED);
  });
});

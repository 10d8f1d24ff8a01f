import { loginResultSchema } from "../../contract/auth";
import { Code } from "../../contract/codes";
import { TOKEN_TTL_MS } from "../../core/src/auth/tokens";
import { DEMO_INVITATION } from "../../core/src/seed";
import {
  TEST_DATABASES,
  type TestCore,
  call,
  freshIp,
  freshPhone,
  registerPlayer,
  startTestCore,
} from "../support/core";

describe.each(TEST_DATABASES)("auth on %s", (database) => {
  let core: TestCore;
  beforeAll(async () => {
    core = await startTestCore({ database });
  });
  afterAll(async () => {
    await core?.close();
  });

  const login = (phone: string, password: string, ip = freshIp(), areaCode = "91") =>
    call<{ token: string; userId: number; expiresAt: number }>(core, "/app/auth/login", {
      params: { areaCode, phone, password },
      ip,
    });

  it("signs the demo player in with a token that works, and answers the contract", async () => {
    const res = await login("9000000001", "demo1234");
    expect(res.code).toBe(200);
    const result = loginResultSchema.parse(res.result);
    expect(result.token).toMatch(/^[0-9a-f]{64}$/);
    expect(result.expiresAt).toBeGreaterThan(Date.now() + TOKEN_TTL_MS - 60_000);
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

  it("locks a phone after 5 failures in 15 minutes, even for the right password, then lets it in again", async () => {
    const { phone, password } = await registerPlayer(core);
    for (let i = 0; i < 5; i++) expect((await login(phone, "wrong-pass")).code).toBe(400);
    const locked = await login(phone, password);
    expect(locked).toMatchObject({ code: Code.RATE_LIMITED, message: "Too many attempts, try again later" });
    core.advance(15 * 60 * 1000 + 1000);
    expect((await login(phone, password)).code).toBe(200);
  });

  it("locks an address after 20 failures whatever the phone", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(freshPhone(), "wrong-pass", ip)).code).toBe(400);
    expect((await login("9000000001", "demo1234", ip)).code).toBe(Code.RATE_LIMITED);
    expect((await login("9000000001", "demo1234", freshIp())).code).toBe(200);
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

  it("refuses registrations that are wrong in any way, and creates nothing", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await call(core, "/app/sms/sendSmsCodeNoAuth", {
      params: { areaCode: "91", phone, type: "REGISTER" },
      ip,
    });
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
    const again = await call(core, "/app/auth/register", { params: base, ip });
    expect(again).toMatchObject({ code: Code.CONFLICT, message: "This phone number is already registered" });
  });

  it("resets the login password with an SMS code and signs out every device", async () => {
    const player = await registerPlayer(core);
    const other = await login(player.phone, player.password);
    core.advance(61_000); // one code per phone per minute
    const sent = await call(core, "/app/sms/sendSmsCodeNoAuth", {
      params: { areaCode: "91", phone: player.phone, type: "RESET_LOGIN_PWD" },
      ip: freshIp(),
    });
    expect(sent.code).toBe(200);
    const reset = await call(core, "/app/auth/resetLoginPwd", {
      params: {
        areaCode: "91",
        phone: player.phone,
        smsCode: core.lastSmsCode(player.phone)!,
        password: "newpass99",
      },
    });
    expect(reset.code).toBe(200);
    for (const token of [player.token, other.result.token]) {
      expect((await call(core, "/app/user/getUserInfo", { token })).code).toBe(Code.UNAUTHENTICATED);
    }
    expect((await login(player.phone, player.password)).code).toBe(400);
    expect((await login(player.phone, "newpass99")).code).toBe(200);
  });

  it("refuses a reset code for a phone with no account", async () => {
    const res = await call(core, "/app/sms/sendSmsCodeNoAuth", {
      params: { areaCode: "91", phone: freshPhone(), type: "RESET_LOGIN_PWD" },
      ip: freshIp(),
    });
    expect(res).toMatchObject({ code: 404, message: "No account uses this phone number" });
  });

  it("revokes the token on logout, and expires tokens after 30 days with 50001", async () => {
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
    core.advance(TOKEN_TTL_MS + 1000);
    const expired = await call(core, "/app/user/getUserInfo", { token: second.result.token });
    expect(expired.code).toBe(Code.TOKEN_EXPIRED);
  });
});

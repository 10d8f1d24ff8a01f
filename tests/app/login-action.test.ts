import { describe, expect, it } from "vitest";
import { action } from "~/routes/pages.login.login/route";
import { envelope, fakeUpstreamForFile } from "./fake-upstream";
import { requestWithSession, sessionFromResponse, setCookies, toastOf } from "./helpers";

const fake = await fakeUpstreamForFile();

// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes.
type Answer = any;
const read = async (res: Response): Promise<Answer> => res.json();

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  action({
    request: new Request("http://app.test/pages/login/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body),
    }),
    params: {},
    context: {},
  });

/** A complete registration form; a test leaves out or changes what it means to refuse. */
const REGISTER = {
  intent: "register",
  areaCode: "91",
  phone: "9000000002",
  smsCode: "123456",
  password: "secret1",
  confirmPassword: "secret1",
  ageConfirmed: "on",
};

describe("login action", () => {
  it("rejects invalid input with 400 and field errors, without calling the upstream", async () => {
    fake.requests.length = 0;
    const res = await post({ intent: "login", areaCode: "91", phone: "12", password: "" });
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.result.error.phone).toEqual(["validation.phone"]);
    expect(body.result.error.password).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it("logs in: rotates the session, redirects, and never puts the token in the body", async () => {
    fake.setHandler((_s, res) =>
      envelope(res, 200, "ok", { token: "secret-token", userId: 1, expiresAt: 1 }),
    );
    const res = await post({
      intent: "login",
      areaCode: "91",
      phone: "9000000001",
      password: "demo1234",
      redirectTo: "/pages/team/team",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pages/team/team");
    expect((await sessionFromResponse(res)).get("token")).toBe("secret-token");
    expect(await res.text()).not.toContain("secret-token");
  });

  it("answers JSON in JSON mode, still without the token", async () => {
    fake.setHandler((_s, res) =>
      envelope(res, 200, "ok", { token: "secret-token", userId: 1, expiresAt: 1 }),
    );
    const res = await post(
      { intent: "login", areaCode: "91", phone: "9000000001", password: "demo1234" },
      { "x-json-mode": "1" },
    );
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: true, redirect: "/" });
    expect(text).not.toContain("secret-token");
  });

  it("shows the upstream's refusal as a form error", async () => {
    fake.setHandler((_s, res) => envelope(res, 400, "Wrong phone number or password", null));
    const res = await post({ intent: "login", areaCode: "91", phone: "9000000001", password: "nope12" });
    expect(res.status).toBe(400);
    expect((await read(res)).result.error[""]).toEqual(["Wrong phone number or password"]);
  });

  it("requires matching passwords and the age confirmation on register", async () => {
    const { ageConfirmed: _, ...unconfirmed } = REGISTER;
    const res = await post(unconfirmed);
    expect((await read(res)).result.error.ageConfirmed).toEqual(["validation.ageConfirm"]);
    const mismatch = await post({ ...REGISTER, confirmPassword: "secret2" });
    expect(mismatch.status).toBe(400);
    expect((await read(mismatch)).result.error.confirmPassword).toEqual(["validation.passwordsMismatch"]);
  });

  it("sends the core the device id the session keeps, from the first sign-in, and keeps it past logout", async () => {
    // The core trusts a device a phone signed in on (decision 063): the id it is told must be the
    // one the browser keeps, and sends again at the next sign-in.
    const cookieAfter = (res: Response) =>
      setCookies(res)
        .map((c) => c.split(";")[0])
        .join("; ");
    const deviceSent = () => fake.requests.at(-1)?.headers["x-device-id"];
    fake.setHandler((_s, res) =>
      envelope(res, 200, "ok", { token: "secret-token", userId: 1, expiresAt: 1 }),
    );
    const credentials = { intent: "login", areaCode: "91", phone: "9000000001", password: "demo1234" };
    // A cookie without a device id yet (a first request): a new one is sent, and kept.
    const first = await post(credentials);
    const deviceId = (await sessionFromResponse(first)).get("deviceId");
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceSent()).toBe(deviceId);
    // Logout keeps it...
    const out = await post({ intent: "logout" }, { cookie: cookieAfter(first) });
    expect(out.status).toBe(302);
    const loggedOut = await sessionFromResponse(out);
    expect(loggedOut.get("token")).toBeUndefined();
    expect(loggedOut.get("deviceId")).toBe(deviceId);
    // ...and the next sign-in sends it again and keeps it.
    const again = await post(credentials, { cookie: cookieAfter(out) });
    expect(again.status).toBe(302);
    expect(deviceSent()).toBe(deviceId);
    expect((await sessionFromResponse(again)).get("deviceId")).toBe(deviceId);
  });

  it("sends the device id on registration too, and keeps the one it sent", async () => {
    fake.setHandler((_s, res) =>
      envelope(res, 200, "ok", { token: "secret-token", userId: 2, expiresAt: 1 }),
    );
    const fresh = await post(REGISTER);
    expect(fresh.status).toBe(302);
    const deviceId = (await sessionFromResponse(fresh)).get("deviceId");
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests.at(-1)?.headers["x-device-id"]).toBe(deviceId);
    const known = await requestWithSession("http://app.test/", { deviceId: "dev-kept" });
    const again = await post(REGISTER, { cookie: known.headers.get("cookie") ?? "" });
    expect(fake.requests.at(-1)?.headers["x-device-id"]).toBe("dev-kept");
    expect((await sessionFromResponse(again)).get("deviceId")).toBe("dev-kept");
  });

  it("logs out with a toast", async () => {
    const res = await action({
      request: new Request("http://app.test/pages/login/login?intent=logout", { method: "POST" }),
      params: {},
      context: {},
    });
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.message).toBe("Logged Out Successfully!");
  });
});

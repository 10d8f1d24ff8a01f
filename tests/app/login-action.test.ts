import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/pages.login.login/route";
import { envelope, startFakeUpstream } from "./fake-upstream";
import { sessionFromResponse, toastOf } from "./helpers";

let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
beforeAll(async () => {
  fake = await startFakeUpstream();
  process.env.UPSTREAM_URL = fake.base;
});
afterAll(() => fake.close());

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
    const res = await post({
      intent: "register",
      areaCode: "91",
      phone: "9000000002",
      smsCode: "123456",
      password: "secret1",
      confirmPassword: "secret1",
    });
    expect((await read(res)).result.error.ageConfirmed).toEqual(["validation.ageConfirm"]);
    const mismatch = await post({
      intent: "register",
      areaCode: "91",
      phone: "9000000002",
      smsCode: "123456",
      password: "secret1",
      confirmPassword: "secret2",
      ageConfirmed: "on",
    });
    expect(mismatch.status).toBe(400);
    expect((await read(mismatch)).result.error.confirmPassword).toEqual(["validation.passwordsMismatch"]);
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

import { Code } from "#contract/codes";
import { DEFAULT_TOKEN_LIFETIME, TOKEN_TOUCH_MS, hashToken } from "../../../core/src/auth/tokens";
import { ConfigError, loadConfig } from "../../../core/src/platform/config";
import {
  type TestCore,
  call,
  describeOnEachDatabase,
  registerPlayer,
  startTestCore,
} from "../../support/core";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("token lifetime configuration", () => {
  it("defaults to 30 minutes idle and 7 days in all, and reads SESSION_IDLE_MINUTES / SESSION_MAX_DAYS", () => {
    expect(loadConfig({}).tokens).toEqual({ idleMs: 30 * MINUTE, maxMs: 7 * DAY });
    expect(DEFAULT_TOKEN_LIFETIME).toEqual({ idleMs: 30 * MINUTE, maxMs: 7 * DAY });
    expect(loadConfig({ SESSION_IDLE_MINUTES: "15", SESSION_MAX_DAYS: "2" }).tokens).toEqual({
      idleMs: 15 * MINUTE,
      maxMs: 2 * DAY,
    });
    for (const bad of [
      { SESSION_IDLE_MINUTES: "0" },
      { SESSION_IDLE_MINUTES: "ten" },
      { SESSION_MAX_DAYS: "0.5" },
    ]) {
      expect(() => loadConfig(bad)).toThrow(ConfigError);
    }
    expect(() => loadConfig({ SESSION_MAX_DAYS: "-1" })).toThrow(/SESSION_MAX_DAYS/);
  });
});

describeOnEachDatabase("token expiry", (core, database) => {
  const info = (token: string) => call(core, "/app/user/getUserInfo", { token });
  const lastSeen = async (token: string) => {
    const [row] = await core.deps.db.query<{ last_seen_at: Date }>(
      "SELECT last_seen_at FROM auth_tokens WHERE token_hash = $1",
      [hashToken(token)],
    );
    return new Date(row.last_seen_at).getTime();
  };

  it("dies after 30 minutes without a request, with 50001", async () => {
    const { token } = await registerPlayer(core);
    expect((await info(token)).code).toBe(200);
    core.advance(30 * MINUTE + 1000);
    expect(await info(token)).toMatchObject({
      code: Code.TOKEN_EXPIRED,
      message: "Your login has expired, please log in again",
    });
    // Dead for good: a later request does not revive it.
    expect((await info(token)).code).toBe(Code.TOKEN_EXPIRED);
  });

  it("slides: each request starts the idle time again", async () => {
    const { token } = await registerPlayer(core);
    for (let i = 0; i < 5; i++) {
      core.advance(29 * MINUTE);
      expect((await info(token)).code).toBe(200);
    }
    core.advance(30 * MINUTE + 1000);
    expect((await info(token)).code).toBe(Code.TOKEN_EXPIRED);
  });

  it("writes the last request time at most once a minute", async () => {
    const { token } = await registerPlayer(core);
    const first = await lastSeen(token);
    core.advance(TOKEN_TOUCH_MS / 2);
    await info(token);
    await info(token);
    expect(await lastSeen(token)).toBe(first);
    core.advance(TOKEN_TOUCH_MS / 2 + 1000);
    await info(token);
    // Real time passes too: the write is the request's time, a minute and a second (and a few ms) on.
    const touched = (await lastSeen(token)) - first;
    expect(touched).toBeGreaterThanOrEqual(TOKEN_TOUCH_MS + 1000);
    expect(touched).toBeLessThan(TOKEN_TOUCH_MS + 6000);
  });

  it("dies 7 days after the sign-in however busy the player is", async () => {
    const { token } = await registerPlayer(core);
    const step = 25 * MINUTE;
    let elapsed = 0;
    while (elapsed + step < 7 * DAY) {
      core.advance(step);
      elapsed += step;
      const res = await info(token);
      if (res.code !== 200) throw new Error(`refused after ${elapsed / DAY} days: ${res.code}`);
    }
    core.advance(7 * DAY - elapsed + 1000);
    expect((await info(token)).code).toBe(Code.TOKEN_EXPIRED);
  }, 120_000);
});

describe("token lifetime from the core's configuration", () => {
  let core: TestCore;
  beforeAll(async () => {
    core = await startTestCore({
      database: "pglite",
      config: { tokens: loadConfig({ SESSION_IDLE_MINUTES: "60", SESSION_MAX_DAYS: "1" }).tokens },
    });
  });
  afterAll(async () => {
    await core?.close();
  });

  it("applies SESSION_IDLE_MINUTES and SESSION_MAX_DAYS, and the login's expiresAt is the absolute end", async () => {
    const { token } = await registerPlayer(core);
    core.advance(59 * MINUTE);
    expect((await call(core, "/app/user/getUserInfo", { token })).code).toBe(200);
    core.advance(60 * MINUTE + 1000);
    expect((await call(core, "/app/user/getUserInfo", { token })).code).toBe(Code.TOKEN_EXPIRED);

    const second = await registerPlayer(core);
    const [row] = await core.deps.db.query<{ created_at: Date; expires_at: Date }>(
      "SELECT created_at, expires_at FROM auth_tokens WHERE token_hash = $1",
      [hashToken(second.token)],
    );
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(DAY);
    for (let at = 0; at + 55 * MINUTE < DAY; at += 55 * MINUTE) {
      core.advance(55 * MINUTE);
      expect((await call(core, "/app/user/getUserInfo", { token: second.token })).code).toBe(200);
    }
    core.advance(DAY - Math.floor(DAY / (55 * MINUTE)) * 55 * MINUTE);
    expect((await call(core, "/app/user/getUserInfo", { token: second.token })).code).toBe(
      Code.TOKEN_EXPIRED,
    );
  });
});

import { createHash, randomUUID } from "node:crypto";
import { Code } from "#contract/codes";
import { LOGIN_MAX_DELAY_MS, TRUSTED_DEVICE_MS } from "../../../core/src/auth/limits";
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

/**
 * A device on which a phone has signed in is trusted for that phone: the per-address limit (20
 * failures in 15 minutes) does not refuse its sign-ins there, so strangers behind the same address
 * (carrier-grade NAT) cannot lock the owner out (decision 063).
 */
describeOnEachDatabase("trusted devices", (core) => {
  const login = (phone: string, password: string, ip: string, device?: string) =>
    signIn(core, phone, password, { ip, device });

  /** An address with 20 failures on other phones: refused for everyone as far as the address goes. */
  const lockedAddress = async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(freshPhone(), "wrong-pass", ip)).code).toBe(400);
    return ip;
  };

  const LOCKED = { code: Code.RATE_LIMITED, message: "Too many attempts, try again later" };

  it("lets a device the phone signed in on sign in from a locked address; others stay refused", async () => {
    const { phone, password } = await registerPlayer(core);
    const device = randomUUID();
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);

    const shared = await lockedAddress();
    // The owner's device signs in at once, however many strangers failed on the address.
    expect((await login(phone, password, shared, device)).code).toBe(200);
    // Another device, no device id, or the trusted device on another phone: refused as before.
    expect(await login(phone, password, shared, randomUUID())).toMatchObject(LOCKED);
    expect(await login(phone, password, shared)).toMatchObject(LOCKED);
    expect(await login("9000000001", "demo1234", shared, device)).toMatchObject(LOCKED);
  });

  it("still refuses and counts a wrong password from a trusted device, and slows it down", async () => {
    const { phone, password } = await registerPlayer(core);
    const device = randomUUID();
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);
    const shared = await lockedAddress();
    for (let i = 0; i < 5; i++) {
      expect(await login(phone, `wrong-${i}`, shared, device)).toMatchObject({
        code: 400,
        message: "Incorrect phone number or password",
      });
    }
    // Counted: the phone's slow-down holds for the address that failed on it, device or not.
    expect(await login(phone, password, shared, device)).toMatchObject({
      code: Code.RATE_LIMITED,
      message: "Too many attempts, try again in 1 s",
    });
    const rows = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_failures WHERE key = $1",
      [`pair:91-${phone}|${shared}`],
    );
    expect(rows[0].n).toBe(5);
    core.advance(1000);
    expect((await login(phone, password, shared, device)).code).toBe(200);
  });

  it("does not slow a trusted device down for strangers' failures on its phone behind its address", async () => {
    const { phone, password } = await registerPlayer(core);
    const device = randomUUID();
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);
    // Someone behind the owner's (shared) address guesses the owner's password, eight times.
    const shared = freshIp();
    for (let i = 0; i < 8; i++) {
      expect((await login(phone, `guess-${i}`, shared)).code).toBe(400);
      core.advance(LOGIN_MAX_DELAY_MS);
    }
    // The last guess has just been made.
    expect((await login(phone, "guess-8", shared)).code).toBe(400);
    const SLOWED = {
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(/^Too many attempts, try again in \d+ s$/),
    };
    // The guesser (no device id, or one the phone never signed in on) is slowed down...
    expect(await login(phone, password, shared)).toMatchObject(SLOWED);
    expect(await login(phone, password, shared, randomUUID())).toMatchObject(SLOWED);
    // ...the owner's device on the same address signs in at once.
    expect((await login(phone, password, shared, device)).code).toBe(200);
    // Its own failures there still count for it: five wrong passwords and it waits too.
    for (let i = 0; i < 5; i++) expect((await login(phone, `typo-${i}`, shared, device)).code).toBe(400);
    expect(await login(phone, password, shared, device)).toMatchObject(SLOWED);
  });

  it("keeps only the SHA-256 of the device id; a failure alone trusts no device", async () => {
    const { phone, password } = await registerPlayer(core);
    const device = randomUUID();
    // Failures alone never make a device trusted.
    expect((await login(phone, "wrong-pass", freshIp(), device)).code).toBe(400);
    const shared = await lockedAddress();
    expect(await login(phone, password, shared, device)).toMatchObject(LOCKED);
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);
    const stored = await core.deps.db.query<{ device_hash: string }>(
      "SELECT device_hash FROM auth_trusted_devices WHERE phone_key = $1",
      [`phone:91-${phone}`],
    );
    expect(stored.map((r) => r.device_hash)).toEqual([createHash("sha256").update(device).digest("hex")]);
    expect((await login(phone, password, shared, device)).code).toBe(200);
  });

  it("trusts the device a phone registered on", async () => {
    const phone = freshPhone();
    const device = randomUUID();
    const ip = freshIp();
    const sent = await sendSmsCode(core, phone, { ip });
    expect(sent.code).toBe(200);
    const registered = await call(core, "/app/auth/register", {
      params: { areaCode: "91", phone, password: "secret12", smsCode: core.lastSmsCode(phone, "91") },
      ip,
      headers: { "x-device-id": device },
    });
    expect(registered.code).toBe(200);
    const shared = await lockedAddress();
    expect((await login(phone, "secret12", shared, device)).code).toBe(200);
  });

  it("forgets a phone's trusted devices when its password is reset", async () => {
    const player = await registerPlayer(core);
    const device = randomUUID();
    expect((await login(player.phone, player.password, freshIp(), device)).code).toBe(200);
    const shared = await lockedAddress();
    expect((await login(player.phone, player.password, shared, device)).code).toBe(200);
    const reset = await resetLoginPassword(core, player.phone, "newpass99");
    expect(reset.code, reset.message).toBe(200);
    // The address's failures still count (a minute is far within their 15); the device is not trusted.
    expect(await login(player.phone, "newpass99", shared, device)).toMatchObject(LOCKED);
  });

  it("trusts a device for 90 days after its last sign-in on the phone", async () => {
    const { phone, password } = await registerPlayer(core);
    const device = randomUUID();
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);
    core.advance(TRUSTED_DEVICE_MS - 60_000);
    // A sign-in within the 90 days starts them again.
    expect((await login(phone, password, freshIp(), device)).code).toBe(200);
    core.advance(TRUSTED_DEVICE_MS - 60_000);
    const shared = await lockedAddress();
    expect((await login(phone, password, shared, device)).code).toBe(200);
    core.advance(TRUSTED_DEVICE_MS + 60_000);
    const later = await lockedAddress();
    expect(await login(phone, password, later, device)).toMatchObject(LOCKED);
  });
});

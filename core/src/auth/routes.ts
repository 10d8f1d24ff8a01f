import {
  type LoginResult,
  loginInputSchema,
  registerInputSchema,
  resetLoginPwdInputSchema,
  sendSmsCodeNoAuthInputSchema,
  sendUserCodeInputSchema,
} from "#contract/auth";
import { Code } from "#contract/codes";
import { parseCountryCodes } from "#contract/config";
import { Header } from "#contract/headers";
import { getSysConfig } from "../config/sysconfig";
import type { CoreRouter } from "../platform/context";
import { type Sql, isUniqueViolation } from "../platform/db";
import { ApiError, clientNetwork, ok, parseInput, requireUser, tokenOf } from "../platform/http";
import { oneAtATime } from "../platform/one-at-a-time";
import { createUser, findUserById, findUserByPhone } from "../user/users";
import {
  assertLoginAllowed,
  clearPhoneFailures,
  forgiveLoginFailures,
  isTrustedForPhone,
  loginKeys,
  recordLoginFailure,
  trustDevice,
} from "./limits";
import { hashPassword, verifyPassword } from "./passwords";
import { type SmsDelivery, WRONG_SMS_CODE, assertLiveSmsCode, sendSmsCode, withSmsCode } from "./sms";
import { issueToken, revokeAllTokens, revokeToken, signInTimes } from "./tokens";

const PHONE_TAKEN = "This phone number is already registered";

/**
 * A new account (its REGISTER code) only under a calling code the operator offers: COUNTRY_CODE,
 * the login page's list (its "91" when unset, as the app's). Any 1 to 4 digits were taken, and a
 * number split elsewhere between code and number ("9" + "19000000001") is the same phone, texted
 * at the same "+919000000001": another account on it, and another per-phone SMS limit.
 */
async function assertOfferedAreaCode(db: Sql, areaCode: string) {
  const offered = parseCountryCodes((await getSysConfig(db, "COUNTRY_CODE")) ?? "").map((v) =>
    v.replace(/^0+/, ""),
  );
  if (!(offered.length ? offered : ["91"]).includes(areaCode))
    throw new ApiError(Code.BAD_REQUEST, "Choose a valid country code");
}

export function authRoutes(app: CoreRouter) {
  app.post("/app/auth/login", async (c) => {
    const { db, now, log, config } = c.get("deps");
    const input = await parseInput(c, loginInputSchema);
    const keys = loginKeys(input.areaCode, input.phone, clientNetwork(c), c.req.header(Header.deviceId));
    // The tries of one address and of one phone are compared one after another: guesses sent all
    // at once each read the failures the ones before them wrote, and are held to the limits.
    const user = await oneAtATime([keys.ip, keys.phone], async () => {
      await assertLoginAllowed(db, keys, now());
      const found = await findUserByPhone(db, input.areaCode, input.phone);
      // verifyPassword spends the same time without an account: the answer and its time match.
      const valid = await verifyPassword(input.password, found?.password_hash);
      if (!found || !valid) {
        await recordLoginFailure(db, keys, now());
        log.info({ reqId: c.get("requestId"), userId: found?.id }, "login failed");
        throw new ApiError(Code.BAD_REQUEST, "Incorrect phone number or password");
      }
      return found;
    });
    if (user.user_status !== "NORMAL") throw new ApiError(Code.FORBIDDEN, "This account is disabled");
    await forgiveLoginFailures(db, keys);
    await trustDevice(db, keys, now());
    const issued = await issueToken(db, user.id, now(), config.tokens);
    const { previous } = await signInTimes(db, user.id, issued.token);
    const result: LoginResult = { ...issued, previousSignIn: previous };
    return ok(c, result, "Login successful");
  });

  app.post("/app/auth/register", async (c) => {
    const { db, now, config } = c.get("deps");
    const input = await parseInput(c, registerInputSchema);
    await assertOfferedAreaCode(db, input.areaCode);
    // The code first: a registered phone never got one (sendSmsCodeNoAuth texts a notice), so it
    // gets the same "wrong code" as any guess. Only the phone's owner, with a live code, can meet
    // PHONE_TAKEN (someone registered the number between the code and this call).
    await assertLiveSmsCode(db, now(), { areaCode: input.areaCode, phone: input.phone, purpose: "REGISTER" });
    const passwordHash = await hashPassword(input.password);
    try {
      const result: LoginResult = await withSmsCode(
        db,
        now(),
        { areaCode: input.areaCode, phone: input.phone, purpose: "REGISTER", code: input.smsCode },
        async (tx) => {
          let parentId: number | null = null;
          if (input.invitationCode) {
            const [inviter] = await tx.query<{ id: number }>("SELECT id FROM users WHERE invitation = $1", [
              input.invitationCode,
            ]);
            if (!inviter) throw new ApiError(Code.BAD_REQUEST, "The invitation code does not exist");
            parentId = inviter.id;
          }
          if (await findUserByPhone(tx, input.areaCode, input.phone))
            throw new ApiError(Code.CONFLICT, PHONE_TAKEN);
          const user = await createUser(tx, { ...input, passwordHash, parentId });
          // A registration signs in: this device is trusted for the phone as after a login.
          const keys = loginKeys(
            input.areaCode,
            input.phone,
            clientNetwork(c),
            c.req.header(Header.deviceId),
          );
          await trustDevice(tx, keys, now());
          return issueToken(tx, user.id, now(), config.tokens);
        },
      );
      return ok(c, result, "Registration successful!");
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(Code.CONFLICT, PHONE_TAKEN);
      throw error;
    }
  });

  app.post("/app/auth/resetLoginPwd", async (c) => {
    const { db, now } = c.get("deps");
    const input = await parseInput(c, resetLoginPwdInputSchema);
    await assertLiveSmsCode(db, now(), { ...input, purpose: "RESET_LOGIN_PWD" });
    const passwordHash = await hashPassword(input.password);
    await withSmsCode(
      db,
      now(),
      { areaCode: input.areaCode, phone: input.phone, purpose: "RESET_LOGIN_PWD", code: input.smsCode },
      async (tx) => {
        const user = await findUserByPhone(tx, input.areaCode, input.phone);
        // A phone without an account was never texted a code: the same answer as a wrong code.
        if (!user) throw new ApiError(Code.BAD_REQUEST, WRONG_SMS_CODE);
        await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [user.id, passwordHash]);
        // A new password signs out every device, and forgets the failed sign-ins of the old one.
        await revokeAllTokens(tx, user.id, now());
        await clearPhoneFailures(tx, input.areaCode, input.phone);
      },
    );
    return ok(c, null, "Password changed, please log in again");
  });

  app.post("/app/auth/logout", async (c) => {
    const { db, now } = c.get("deps");
    const token = tokenOf(c);
    if (token) await revokeToken(db, token, now());
    return ok(c, null, "Logged Out Successfully!");
  });
}

/** The same answer whether the phone has an account or not (only the text differs by purpose). */
const SMS_SENT = {
  REGISTER: "A code is on its way. If this number already has an account, we text that instead",
  RESET_LOGIN_PWD: "If this number has an account, a code is on its way",
} as const;

export function smsRoutes(app: CoreRouter) {
  /**
   * Codes for signed-out players: registration and forgotten password. Who has an account decides
   * only what is texted (a code, a notice, nothing), never the answer, its time or the limits.
   */
  app.post("/app/sms/sendSmsCodeNoAuth", async (c) => {
    const deps = c.get("deps");
    const input = await parseInput(c, sendSmsCodeNoAuthInputSchema);
    if (input.type === "REGISTER") await assertOfferedAreaCode(deps.db, input.areaCode);
    const user = await findUserByPhone(deps.db, input.areaCode, input.phone);
    // Asked for every phone, with an account or not: the answer's time says nothing of either.
    const owner = await isTrustedForPhone(
      deps.db,
      input.areaCode,
      input.phone,
      c.req.header(Header.deviceId),
      deps.now(),
    );
    let delivery: SmsDelivery;
    if (input.type === "REGISTER") delivery = user ? "registered-notice" : "code";
    else delivery = user ? "code" : "none";
    const result = await sendSmsCode(deps, {
      areaCode: input.areaCode,
      phone: input.phone,
      purpose: input.type,
      ip: clientNetwork(c),
      owner,
      delivery,
      reqId: c.get("requestId"),
    });
    return ok(c, result, SMS_SENT[input.type]);
  });

  /** Codes for the signed-in player, sent to the phone of the account. */
  app.post("/app/sms/sendUserCode", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    const input = await parseInput(c, sendUserCodeInputSchema);
    const user = await findUserById(deps.db, id);
    if (!user) throw new ApiError(Code.UNAUTHENTICATED, "Please log in first");
    const result = await sendSmsCode(deps, {
      areaCode: user.area_code,
      phone: user.phone,
      purpose: input.type,
      ip: clientNetwork(c),
      owner: true,
      reqId: c.get("requestId"),
    });
    return ok(c, result, "The code has been sent");
  });
}

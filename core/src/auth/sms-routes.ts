import { sendSmsCodeNoAuthInputSchema, sendUserCodeInputSchema } from "../../../contract/auth";
import { Code } from "../../../contract/codes";
import type { CoreRouter } from "../platform/context";
import { ApiError, clientIp, ok, parseInput, requireUser } from "../platform/http";
import { findUserById, findUserByPhone } from "../user/users";
import { type SmsDelivery, sendSmsCode } from "./sms";

/** The same answer whether the phone has an account or not (only the text differs by purpose). */
export const SMS_SENT = {
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
    const user = await findUserByPhone(deps.db, input.areaCode, input.phone);
    let delivery: SmsDelivery;
    if (input.type === "REGISTER") delivery = user ? "registered-notice" : "code";
    else delivery = user ? "code" : "none";
    const result = await sendSmsCode(deps, {
      areaCode: input.areaCode,
      phone: input.phone,
      purpose: input.type,
      ip: clientIp(c),
      delivery,
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
      ip: clientIp(c),
    });
    return ok(c, result, "The code has been sent");
  });
}

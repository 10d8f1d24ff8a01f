import { sendSmsCodeNoAuthInputSchema, sendUserCodeInputSchema } from "../../../contract/auth";
import { Code } from "../../../contract/codes";
import type { CoreRouter } from "../context";
import { ApiError, clientIp, ok, parseInput, requireUser } from "../http";
import { sendSmsCode } from "../sms";
import { findUserById, findUserByPhone } from "../users";

export function smsRoutes(app: CoreRouter) {
  /** Codes for signed-out players: registration and forgotten password. */
  app.post("/app/sms/sendSmsCodeNoAuth", async (c) => {
    const deps = c.get("deps");
    const input = await parseInput(c, sendSmsCodeNoAuthInputSchema);
    const user = await findUserByPhone(deps.db, input.areaCode, input.phone);
    if (input.type === "REGISTER" && user) {
      throw new ApiError(Code.CONFLICT, "This phone number is already registered");
    }
    if (input.type === "RESET_LOGIN_PWD" && !user) {
      throw new ApiError(Code.NOT_FOUND, "No account uses this phone number");
    }
    const result = await sendSmsCode(deps, {
      areaCode: input.areaCode,
      phone: input.phone,
      purpose: input.type,
      ip: clientIp(c),
    });
    return ok(c, result, "The code has been sent");
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
